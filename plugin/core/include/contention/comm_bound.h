/* How a penalty becomes a running comm's rate bound in a simulator.
 *
 * The penalty divides what one comm alone gets at the node's card: B, the
 * bandwidth of the node links it crosses (or a user-given effective
 * bandwidth). The simulator's own bound for the comm (b0: SimGrid's SMPI
 * model derives it from the route and the TCP window, in the same rate
 * units, its piecewise bandwidth factor applied on top) is never exceeded:
 * a penalty only ever slows a comm down relative to the base model. */
#ifndef CONTENTION_COMM_BOUND_H
#define CONTENTION_COMM_BOUND_H

#ifdef __cplusplus
extern "C" {
#endif

/* min(base_bound, bandwidth / penalty); base_bound <= 0 means "no bound of
 * the base model". bandwidth > 0 and penalty >= 1 (finite) are the caller's
 * contract (the graph checks penalties, the options check bandwidths). */
double cg_comm_bound(double base_bound, double bandwidth, double penalty);

/* B of a comm src -> dst whose two ends have node links: the smaller of the
 * source's outgoing and the destination's incoming node-link bandwidth
 * (each the minimum over that host's own links in that direction: what one
 * comm alone gets through both cards). */
double cg_node_bandwidth(double src_out, double dst_in);

#ifdef __cplusplus
}
#endif
#endif
