/* Private to the Myrinet technology: belief propagation for the uniform
 * distribution over maximal matchings of a bipartite multigraph (the
 * approximation's view of what lies outside a region).
 *
 * Each host of a pair (s, d) tells the other, as two ratios to the weight
 * of "the other is matched elsewhere": a = weight of "matched to me" (the
 * pair's multiplicity m over the normaliser), b = weight of "unmatched"
 * (allowed only if I am matched elsewhere). For a host with incoming
 * (a_j, b_j) from its other pairs:
 *   a_out = m / (prod b_j + sum a_j),   b_out = sum a_j / (prod b_j + sum a_j).
 * Exact on forests; on graphs with cycles it is the Bethe approximation. */
#ifndef CONTENTION_MYRINET_BP_H
#define CONTENTION_MYRINET_BP_H

#include <stddef.h>

struct myr_bigraph;

typedef struct myr_bp {
  double *a_sd, *b_sd; /* per pair: source -> destination */
  double *a_ds, *b_ds; /* per pair: destination -> source */
  double *pre, *suf, *pprod, *sprod, *ga, *gb, *avg;
  size_t a_sd_cap, b_sd_cap, a_ds_cap, b_ds_cap, pre_cap, suf_cap, pprod_cap, sprod_cap, ga_cap, gb_cap, avg_cap;
  size_t iterations; /* sweeps of the last run */
  int converged;     /* whether it met the tolerance */
} myr_bp;

/* Sweeps from uniform messages, updating in place source 0, destination 0,
 * source 1, ... until no message moves by more than 1e-12 (relative) or
 * max_sweeps sweeps. Undamped (damping 1), on dense graphs (beyond about 12
 * hosts at 75 % of all pairs) BP has no stable fixed point and oscillates:
 * the messages are then the mean of the second half of the sweeps (100
 * sweeps, the approximation's setting: same errors as a mean over
 * 101..200). With damping < 1 each message moves that fraction of the way
 * to its new value, and the last sweep is kept. A pure function of g. */
void myr_bp_run(myr_bp *bp, const struct myr_bigraph *g, size_t max_sweeps, double damping);
void myr_bp_free(myr_bp *bp);

#endif
