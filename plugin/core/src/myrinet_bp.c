/* Belief propagation for maximal matchings (see myrinet_bp.h). */
#include <math.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_bp.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

enum { MAX_SWEEPS = 200 };
static const double TOLERANCE = 1e-12, DAMPING = 0.5;

/* Updates the messages leaving one host: its k pairs are idx(0..k), the
 * incoming messages ain/bin and the outgoing aout/bout are indexed by pair.
 * Leave-one-out sums and products by prefix and suffix (no division, so a
 * zero b does no harm). Returns the largest relative change. */
static double update_host(myr_bp *bp, const double *mult, const size_t *idx, size_t stride_idx, size_t first,
                          size_t k, const double *ain, const double *bin, double *aout, double *bout)
{
#define PAIR(j) (idx ? idx[first + (j)] : first + (j) * stride_idx)
  double *pre = bp->pre, *suf = bp->suf, *pp = bp->pprod, *sp = bp->sprod, delta = 0;
  pre[0] = 0;
  pp[0] = 1;
  for (size_t j = 0; j < k; j++) {
    pre[j + 1] = pre[j] + ain[PAIR(j)];
    pp[j + 1] = pp[j] * bin[PAIR(j)];
  }
  suf[k] = 0;
  sp[k] = 1;
  for (size_t j = k; j-- > 0;) {
    suf[j] = suf[j + 1] + ain[PAIR(j)];
    sp[j] = sp[j + 1] * bin[PAIR(j)];
  }
  for (size_t j = 0; j < k; j++) {
    size_t e = PAIR(j);
    double sa = pre[j] + suf[j + 1], pb = pp[j] * sp[j + 1], z = pb + sa;
    double na = DAMPING * aout[e] + (1 - DAMPING) * mult[e] / z;
    double nb = DAMPING * bout[e] + (1 - DAMPING) * sa / z;
    double da = fabs(na - aout[e]) / na, db = nb > 0 ? fabs(nb - bout[e]) / nb : fabs(nb - bout[e]);
    delta = fmax(delta, fmax(da, db));
    bp->na[e] = na;
    bp->nb[e] = nb;
  }
  return delta;
#undef PAIR
}

void myr_bp_run(myr_bp *bp, const myr_bigraph *g)
{
  size_t ne = g->ne, maxdeg = 1;
  GROW(bp, a_sd, ne);
  GROW(bp, b_sd, ne);
  GROW(bp, a_ds, ne);
  GROW(bp, b_ds, ne);
  GROW(bp, na, ne);
  GROW(bp, nb, ne);
  for (size_t s = 0; s < g->ns; s++)
    if (g->s_off[s + 1] - g->s_off[s] > maxdeg)
      maxdeg = g->s_off[s + 1] - g->s_off[s];
  for (size_t d = 0; d < g->nd; d++)
    if (g->d_off[d + 1] - g->d_off[d] > maxdeg)
      maxdeg = g->d_off[d + 1] - g->d_off[d];
  GROW(bp, pre, maxdeg + 1);
  GROW(bp, suf, maxdeg + 1);
  GROW(bp, pprod, maxdeg + 1);
  GROW(bp, sprod, maxdeg + 1);
  for (size_t e = 0; e < ne; e++)
    bp->a_sd[e] = bp->b_sd[e] = bp->a_ds[e] = bp->b_ds[e] = 1;
  bp->iterations = 0;
  for (size_t it = 0; it < MAX_SWEEPS; it++) {
    double delta = 0;
    /* sources: incoming from destinations, outgoing to them */
    for (size_t s = 0; s < g->ns; s++)
      delta = fmax(delta, update_host(bp, g->e_mult, NULL, 1, g->s_off[s], g->s_off[s + 1] - g->s_off[s],
                                      bp->a_ds, bp->b_ds, bp->a_sd, bp->b_sd));
    for (size_t e = 0; e < ne; e++) {
      bp->a_sd[e] = bp->na[e];
      bp->b_sd[e] = bp->nb[e];
    }
    for (size_t d = 0; d < g->nd; d++)
      delta = fmax(delta, update_host(bp, g->e_mult, g->d_pairs, 1, g->d_off[d], g->d_off[d + 1] - g->d_off[d],
                                      bp->a_sd, bp->b_sd, bp->a_ds, bp->b_ds));
    for (size_t e = 0; e < ne; e++) {
      bp->a_ds[e] = bp->na[e];
      bp->b_ds[e] = bp->nb[e];
    }
    bp->iterations = it + 1;
    if (delta < TOLERANCE)
      break;
  }
}

void myr_bp_free(myr_bp *bp)
{
  free(bp->a_sd);
  free(bp->b_sd);
  free(bp->a_ds);
  free(bp->b_ds);
  free(bp->na);
  free(bp->nb);
  free(bp->pre);
  free(bp->suf);
  free(bp->pprod);
  free(bp->sprod);
  *bp = (myr_bp){0};
}
