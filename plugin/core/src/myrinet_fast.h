/* Private to the Myrinet technology: the approximation of large components
 * (many comms, too wide for the exact DP), at a cost linear in the
 * component: a few damped belief-propagation sweeps (myrinet_bp.h), then
 * each source's marginals in closed form from the BP fields on its
 * destinations.
 *
 * Source s alone, with fields alpha_d (d matched outside: the sum of the a
 * messages of d's other sources) and beta_d (d unmatched with its other
 * sources matched: the product of their b messages) on each destination d
 * of s, and m_d comms on the pair (s, d): s sends one comm to d, or s is
 * idle and every destination of s is matched outside. So one comm of
 * (s, d) sends with probability
 *   P = 1 / (alpha_d + beta_d) / (sum over d' of m_d' / (alpha_d' + beta_d')
 *                                 + product over d' of alpha_d' / (alpha_d' + beta_d')),
 * and its ratio is 1 / P. That is the approximation's regional DP
 * (myrinet_approx.h) for a region of one source, which is what the regions
 * reduce to in dense components (every second source would widen the
 * frontier beyond the bound). */
#ifndef CONTENTION_MYRINET_FAST_H
#define CONTENTION_MYRINET_FAST_H

#include "myrinet_bp.h"

typedef struct myr_fast {
  myr_bp bp;
  double *sa, *pb; /* per destination: sum of a, product of the non-zero b */
  size_t *zeros;   /* per destination: number of zero b */
  size_t sa_cap, pb_cap, zeros_cap;
} myr_fast;

/* Writes ratio[pair] = 1 / marginal of one comm of the pair, after `sweeps`
 * BP sweeps damped by `damping`. */
void myr_fast_solve(myr_fast *f, const struct myr_bigraph *g, size_t sweeps, double damping, double *ratio);
void myr_fast_free(myr_fast *f);

#endif
