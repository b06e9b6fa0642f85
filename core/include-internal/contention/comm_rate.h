/* How a penalty becomes a running comm's rate in a simulator.
 *
 * A comm alone gets, at its node's card, what the base model gives it: the
 * smaller of the base model's own bound b0 (SimGrid's SMPI model derives it
 * from the route and the TCP window) and B, the bandwidth of its node links
 * (or a user-given effective bandwidth). Its penalty p limits it to its
 * demand
 *
 *     d = min(b0, B / p)
 *
 * and it runs at f * d, f being the base model's bandwidth factor for the
 * message size (SMPI's piecewise smpi/bw-factor), unless a capacity the
 * penalties do not divide gives it less: a link shared with other hosts, a
 * host's link of both directions (limiter, SHARED private link), a one-way
 * node link an intra-host comm crosses, each shared max-min among the
 * demands (contention/link_ledger.h). A simulator can apply this as the
 * bound d, or, when no shared link can limit the comm, as the bound
 * min(b0, B) (the same for every comm of a homogeneous cluster) with the
 * rate factor f * d / min(b0, B) (doc/simgrid-plugin.md, "Rate"). */
#ifndef CONTENTION_COMM_RATE_H
#define CONTENTION_COMM_RATE_H

#ifdef __cplusplus
extern "C" {
#endif

/* min(base_bound, bandwidth); base_bound <= 0 means "no bound of the base
 * model". bandwidth > 0 is the caller's contract. */
double cg_comm_alone(double base_bound, double bandwidth);

/* min(base_bound, bandwidth / penalty): the comm's demand (penalty >= 1
 * and finite: the graph checks it). */
double cg_comm_demand(double base_bound, double bandwidth, double penalty);

/* base_factor * demand / alone: the rate factor that makes a comm bounded
 * at `alone` run at base_factor * demand (demand <= alone). */
double cg_comm_rate_factor(double base_factor, double demand, double alone);

/* What a simulator's max-min solver is given so that the comm runs at
 * base_factor * demand: when `free` (no shared link of the comm can limit
 * it), the bound `alone` (the same for every comm of a homogeneous
 * cluster) and the rate factor cg_comm_rate_factor(); otherwise the bound
 * `demand` and base_factor, the shared links then sharing max-min. */
typedef struct cg_solver_terms {
  double bound, factor;
} cg_solver_terms;
cg_solver_terms cg_comm_solver_terms(int free, double base_factor, double demand, double alone);

/* B of a comm src -> dst whose two ends have node links: the smaller of the
 * source's outgoing and the destination's incoming node-link bandwidth
 * (each the minimum over that host's own links in that direction). */
double cg_node_bandwidth(double src_out, double dst_in);

#ifdef __cplusplus
}
#endif
#endif
