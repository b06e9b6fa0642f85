/* Links shared by several hosts under network/model:contention, and the
 * binding's fast path (core: contention/link_ledger.h).
 *
 * A comm's rate is f * d with d = min(b0, B / p) its demand. Giving SimGrid
 * the bound d for every comm is exact but costs SimGrid's solver one pass
 * over a shared link's comms per distinct bound. A shared link whose comms'
 * demands fit in its capacity limits nobody: it is hidden from the solver
 * and its comms, when all their shared links are so, take the fast path
 * (solver bound min(b0, B), the same for every comm of a homogeneous
 * cluster, and rate factor f * d / min(b0, B)). A shared link whose comms
 * want more than it has is given back to the solver, and its comms are
 * bounded at d: max-min then shares it exactly as with per-comm bounds. */
#ifndef CONTENTION_SG_SHARED_LINKS_HPP
#define CONTENTION_SG_SHARED_LINKS_HPP

#include "node_links.hpp"

#include <contention/graph.h>

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>

#include <cstdint>
#include <vector>

namespace contention_sg {

/* can_hide: false when the platform is traced (SimGrid's Paje tracer
 * aborts on some bandwidth changes): every comm then takes the exact path.
 * crosstraffic: network/crosstraffic (comms also load their reverse route
 * at 5 %). */
void shared_links_start(bool can_hide, bool crosstraffic);
/* Comm c from src (index s) to dst (index d) started: records the shared
 * links of its max-min variable and its weight on each (read from the
 * variable: variable_links.hpp), which are kept per host pair (rows of 4
 * bytes per host, 16 MiB in all: shared_links.cpp). `alone`: what it gets
 * alone, above any demand it will have (the ledger's ceiling: a link its
 * comms cannot fill is left out of their re-ratings). */
void shared_links_add_comm(cg_comm c, cg_host s, cg_host d, const simgrid::kernel::resource::Action& action,
                           const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst, double alone);
void shared_links_remove_comm(cg_comm c);
/* The hosts' node links (node_links.hpp, by host index) go into the ledger
 * too, at their real bandwidth: a link in only one of a host's two
 * directions (an up or a down link) as a direction link, which the
 * penalties divide and which limits only when an intra-host comm crosses
 * it; a link in both (a limiter, a SHARED private link) as a link shared
 * max-min among the demands of the host's comms. Each inter-host comm
 * s -> d then also loads s's out links and d's in links, at weight 1.
 * Call once, when the platform exists. */
void shared_links_set_node_links(const std::vector<HostLinks>& links);
/* An intra-host comm (handle k, chosen by the caller) on host h, whose
 * route crosses at least one node link: loads every link of its route
 * with SimGrid's weights, at a demand of what it gets alone,
 * min(base_bound, min over its links of bandwidth / weight), which is
 * returned. Returns 0, registering nothing, when its route crosses no node
 * link (SimGrid alone shares it). */
double shared_links_add_plain(uint32_t k, const simgrid::s4u::Host* h, double base_bound);
/* What plain comm k gets alone now (a bandwidth changed), given to the
 * ledger as its demand and returned. */
double shared_links_plain_rerate(uint32_t k, double base_bound);
void shared_links_remove_plain(uint32_t k);
void shared_links_set_demand(cg_comm c, double demand);
/* What comm c gets alone changed (a bandwidth changed). */
void shared_links_set_alone(cg_comm c, double alone);
/* After the demands of an instant: hides the links that cannot limit any
 * comm, gives the others back to the solver. Lists in `affected` the
 * inter-host comms crossing a link that changed state (their path may
 * change), each once. */
void shared_links_update(std::vector<cg_comm>& affected);
/* True when every shared link of comm c is hidden: the fast path is exact. */
bool shared_links_comm_free(cg_comm c);
/* A shared link's bandwidth changed (platform event): its capacity follows
 * at the next update. Returns true for a link the ledger knows. */
bool shared_links_bandwidth_changed(const simgrid::s4u::Link& link);
void shared_links_end();

} // namespace contention_sg
#endif
