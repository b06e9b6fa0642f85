/* Max-min sharing of per-host limiters: the step solver's model of a
 * host's link of both directions (SimGrid's <cluster limiter_link>, a
 * card's duplex limit, Degomme et al.'s Bs + Br = 1.5 B).
 *
 * Every inter-host comm i wants its demand d_i, the rate its penalty allows
 * (1 / rho_i in units of the bandwidth B), and crosses two limiters, its
 * source's and its destination's, each of the same capacity C (in units of
 * B). The comms share them max-min (progressive filling, equal weights, no
 * comm above its demand), as the SimGrid plugin's ledger and SimGrid's
 * solver share a limiter at risk among the demands
 * (doc/simgrid-plugin.md, "Rate"). With C >= the sum of the demands of
 * every host, each comm gets its demand. */
#ifndef CONTENTION_LIMITER_SHARE_H
#define CONTENTION_LIMITER_SHARE_H

#include <stddef.h>
#include "contention/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rates (units of B) of n comms src[i] -> dst[i] (src != dst) with demands
 * demand[i] > 0 under limiters of capacity > 0 on every host, into rate[i]
 * (<= demand[i]). Cost O(n log n). */
void cg_limiter_share(const cg_host *src, const cg_host *dst, const double *demand, size_t n, double capacity,
                      double *rate);

#ifdef __cplusplus
}
#endif
#endif
