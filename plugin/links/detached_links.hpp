/* Comms' max-min variables without their hidden links
 * (--cfg=contention/detach-hidden-links, default yes).
 *
 * Why: at each instant with a change, SimGrid 3.32 re-solves every comm
 * joined to a changed one through shared constraints. A hidden link
 * (hidden_links.hpp) limits no comm, yet as a constraint it still joins the
 * comms crossing it: a cluster's backbone, or a host's node links, make all
 * running comms one set, solved whole at every distinct instant (halo3d on
 * 256 ranks: 55,694 instants, 60 % of the run in SimGrid's solver).
 *
 * At its first re-rating, a comm's variable is replaced by one holding only
 * its first link (a variable needs a constraint to be solved) and the links
 * not hidden; a set is then the comms leaving one host. Results do not
 * change: a hidden link's capacity is never reached, so its constraint
 * never decides a rate. A dropped link goes back into the variables when it
 * is given back to the solver (shared_links.hpp), turned off (SimGrid
 * fails the comms of a link's constraint) or set a latency (SimGrid shifts
 * the weights of the comms of its constraint). What a host pair's comm keeps
 * and drops is kept as the pair's plan until a link is hidden or given
 * back, for the pair's next comms. */
#ifndef CONTENTION_SG_DETACHED_LINKS_HPP
#define CONTENTION_SG_DETACHED_LINKS_HPP

#include <contention/graph.h>

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>

#include <cstdint>

namespace contention_sg {

/* enabled: the option, and links can be hidden at all. */
void detached_links_start(simgrid::kernel::resource::Model* model, bool enabled);
/* Comm c's first re-rating, the links' hidden states current: drops the
 * terms of its hidden links but the first. s and d are its hosts' indices
 * (the key of the pair's plan), src and dst the hosts. Returns whether its
 * variable was replaced (else it is left as SimGrid made it). */
bool detach_hidden_links(cg_comm c, simgrid::kernel::resource::Action& action, cg_host s, cg_host d,
                         const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst);
/* The link is given back to the solver: its term goes back into every
 * variable that dropped it. */
void reattach_link(const simgrid::s4u::Link* link);
/* The link's bandwidth changed (a profile, Link::set_bandwidth): it goes
 * back into the variables that dropped it and is never dropped again.
 * SimGrid 3.32 lets time pass over a profile event of a link that no
 * variable uses (it stops only for a "used" resource), so a comm that
 * dropped the link would run past the change unseen. */
void keep_link_attached(const simgrid::s4u::Link* link);
void detached_links_comm_end(cg_comm c);
/* Comm c leaves the model while its action goes on (suspended): its
 * dropped terms go back into its variable, which is then SimGrid's again,
 * and the comm is forgotten (its next first re-rating drops them anew). */
void detached_links_comm_restore(cg_comm c);
/* Logs the counts (verbose) and forgets everything. */
void detached_links_end();

} // namespace contention_sg
#endif
