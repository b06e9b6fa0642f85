/* The links behind the terms of a comm's max-min variable.
 *
 * SimGrid builds a comm's variable from its route and, with cross-traffic,
 * its reverse route: one term per link, whose constraint never changes.
 * Asking SimGrid for a host pair's routes costs about 3 500 instructions
 * each way (SimGrid 3.32, a cluster's StarZone), as much as the rest of a
 * comm's start in the binding; reading the variable costs a few hundred.
 * So the link of each constraint is learned from the routes of the first
 * comm whose variable holds it, and every later comm is read from its
 * variable alone. Used by detached_links (which terms to drop) and
 * shared_links (which shared links a comm loads, with what weight). */
#ifndef CONTENTION_SG_VARIABLE_LINKS_HPP
#define CONTENTION_SG_VARIABLE_LINKS_HPP

#include "sg_compat.hpp"

#include <simgrid/forward.h>

#include <vector>

namespace contention_sg {

/* crosstraffic: network/crosstraffic (SimGrid adds the reverse route to
 * each variable, at weight compat::CROSSTRAFFIC_WEIGHT). */
void variable_links_start(bool crosstraffic);
/* links[i]: the link of terms[i], for the terms of a comm from src to dst
 * (compat::variable_terms). False, with `links` unspecified, when a term's
 * constraint is new and the comm's routes do not match its terms (a
 * variable SimGrid built otherwise: not in the count of links, or a
 * weight that is not the route's). */
bool variable_links(const std::vector<compat::VariableTerm>& terms, const simgrid::s4u::Host* src,
                    const simgrid::s4u::Host* dst, std::vector<simgrid::s4u::Link*>& links);
/* Forgets every constraint (end of a simulation). */
void variable_links_end();

} // namespace contention_sg
#endif
