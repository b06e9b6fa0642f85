/* Private to the Myrinet technology: the approximation used when the exact
 * DP's frontier would exceed its bound.
 *
 * Belief propagation (myrinet_bp.h) runs on the whole component. Then each
 * source s is solved exactly on a region: s, then the sources met breadth
 * first through shared destinations (canonical order), added while the
 * region's DP frontier stays within region_width and the region has at most
 * region_sources sources; with every destination of those sources. What
 * lies outside enters as fields on the region's destinations, from the BP
 * messages of their outside sources: alpha = sum of a (matched outside),
 * beta = product of b (unmatched, outside neighbours matched). The penalty
 * of s is 1 / the smallest marginal of one of its comms. Exact on forests
 * and whenever a region holds the whole component.
 *
 * The regions are independent once BP has run: opt->threads threads
 * share them out (a pool kept with the approximation's scratch), and the
 * ratios are the same bits whatever the number of threads. */
#ifndef CONTENTION_MYRINET_APPROX_H
#define CONTENTION_MYRINET_APPROX_H

#include "myrinet_sets.h"

struct myr_approx;

/* Components with fewer sources keep their regions on the calling thread
 * (a region costs about 5 microseconds, waking a worker up to tens), and
 * so do dense ones (myr_bigraph_dense):
 * their regions stop after two or three sources and cost less than
 * another core's cache misses on the component (measured on the 64-rank
 * isort trace: 0.35 s of regions alone, 0.6 s shared by two threads),
 * and so do regions of one source (the short approximation: on the
 * 256-rank halo under SimGrid, 1.03 s of rules shared, 0.71 s on one
 * thread). */
#define MYR_APPROX_PARALLEL_MIN 16

/* Writes ratio[pair] = 1 / marginal of one comm of the pair, for every
 * pair (seen from its source's region). *ap is created on first use. */
void myr_approx_solve(struct myr_approx **ap, const myr_bigraph *g, const myr_options *opt, double *ratio);
/* Solves whose regions were shared out over more than one thread (tests). */
size_t myr_approx_parallel_solves(const struct myr_approx *a);
/* Threads of its pool: 1 until a solve would share its regions (tests). */
size_t myr_approx_pool_threads(const struct myr_approx *a);
void myr_approx_free(struct myr_approx *a);

#endif
