/* Links shared by several hosts under network/model:contention, and the
 * binding's fast path: this file reads them from SimGrid and registers them
 * in the rate plan's ledger (core: contention/rate_plan.h, which decides
 * their states), and hides or shows them as the plan says.
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
#include <contention/rate_plan.h>

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>

#include <cstdint>
#include <vector>

namespace contention_sg {

/* plan: the binding's rate plan, where links and plain comms are
 * registered (created without hiding when the platform is traced:
 * SimGrid's Paje tracer aborts on some bandwidth changes).
 * crosstraffic: network/crosstraffic (comms also load their reverse route
 * at 5 %). */
void shared_links_start(cg_rate_plan* plan, bool crosstraffic);
/* The links of a comm from src (index s) to dst (index d) as plan indices,
 * with its weight on each, for cg_rate_plan_add_comm: the shared links of
 * its max-min variable (read from the variable: variable_links.hpp), kept
 * per host pair (rows of 4 bytes per host, 16 MiB in all:
 * shared_links.cpp), then s's out and d's in node links at weight 1 and,
 * with cross-traffic, s's in and d's out node links at 0.05 (a link of
 * both directions once, at 1.05), as SMPI's variable holds them. New
 * links are registered in the plan. The arrays are valid until the next
 * call. */
size_t shared_links_comm_links(cg_host s, cg_host d, const simgrid::kernel::resource::Action& action,
                               const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst, const uint32_t** ids,
                               const double** weights);
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
 * route crosses at least one node link, or any link when h has no node
 * links (owned false: the ledger may hide any link of its route while the
 * comms it counts fit in it): loads every link of its route with
 * SimGrid's weights, at a demand of what it gets alone, min(base_bound,
 * min over its links of bandwidth / weight), which is returned.
 * *base_bound (SimGrid's bound at start, which counted a hidden link at
 * hidden_bandwidth()) is first capped at the smallest real bandwidth of
 * its route (`at_start`, that bandwidth as it was at the start when it
 * changed since, NaN: read now; 0 when a link was at 0 B/s, which gives no
 * bound): SMPI keeps a comm started inside a bandwidth dip at the dip's
 * rate; `kept` false (SimGrid's solver holds the comm at no bound of its
 * own, compat::own_bound_kept) sets it to none. Returns
 * 0, registering nothing, when its route crosses no node link of an owned
 * host, or is empty or crosses a WIFI link (SimGrid alone shares it). */
double shared_links_add_plain(uint32_t k, const simgrid::s4u::Host* h, double* base_bound, bool kept, bool owned,
                              double at_start);
/* What plain comm k gets alone now (a bandwidth changed), given to the
 * ledger as its demand and returned. */
double shared_links_plain_rerate(uint32_t k, double base_bound);
void shared_links_remove_plain(uint32_t k);
/* The plan's link changes of a flush, applied to SimGrid's links in order:
 * hidden, or given back to the solver (and to the variables that dropped
 * them: detached_links.hpp). */
void shared_links_apply(const cg_rate_link_change* changes, size_t n);
/* A shared link's bandwidth changed (platform event): its capacity follows
 * at the next update. Returns true for a link the ledger knows. */
bool shared_links_bandwidth_changed(const simgrid::s4u::Link& link);
void shared_links_end();

} // namespace contention_sg
#endif
