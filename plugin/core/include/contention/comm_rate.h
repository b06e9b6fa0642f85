/* How a penalty becomes a running comm's rate in a simulator.
 *
 * A comm alone gets, at its node's card, what the base model gives it: the
 * smaller of the base model's own bound b0 (SimGrid's SMPI model derives it
 * from the route and the TCP window) and B, the bandwidth of its node links
 * (or a user-given effective bandwidth). The penalty p divides that:
 *
 *     rate = f * min(b0, B) / p
 *
 * where f is the base model's bandwidth factor for the message size (SMPI's
 * piecewise smpi/bw-factor), so a contended comm keeps SMPI's calibration.
 * A simulator applies it in two parts: min(b0, B) as the comm's bound in
 * its sharing solver (the same for every comm of a homogeneous cluster, and
 * changed only when a link's bandwidth changes), and f / p as the comm's
 * rate factor, changed at every penalty change without re-solving the
 * sharing (docs: doc/simgrid-plugin.md, "Bound"). Links shared by several
 * hosts still share what the solver gives each comm. */
#ifndef CONTENTION_COMM_RATE_H
#define CONTENTION_COMM_RATE_H

#ifdef __cplusplus
extern "C" {
#endif

/* min(base_bound, bandwidth); base_bound <= 0 means "no bound of the base
 * model". bandwidth > 0 is the caller's contract. */
double cg_comm_alone(double base_bound, double bandwidth);

/* base_factor / penalty: the rate factor of a comm with that penalty
 * (penalty >= 1 and finite: the graph checks it). */
double cg_comm_rate_factor(double base_factor, double penalty);

/* B of a comm src -> dst whose two ends have node links: the smaller of the
 * source's outgoing and the destination's incoming node-link bandwidth
 * (each the minimum over that host's own links in that direction). */
double cg_node_bandwidth(double src_out, double dst_in);

#ifdef __cplusplus
}
#endif
#endif
