/* Belief propagation for maximal matchings (see myrinet_bp.h). */
#include <math.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_bp.h"
#include "myrinet_sets.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

static const double TOLERANCE = 1e-12;

/* Recomputes, in place, the messages leaving one host from the current
 * incoming ones: its k pairs are pair(j) = idx ? idx[first + j] : first + j.
 * Leave-one-out sums and products by prefix and suffix (no division, so a
 * zero b does no harm). With damping < 1 a message moves that fraction of
 * the way to its new value. Returns whether a message moved by more than
 * the tolerance (relative); with change non-NULL, also raises *change to
 * the largest relative move (the chaos probe). */
static int update_host(myr_bp *bp, const double *mult, const size_t *idx, size_t first, size_t k,
                       const double *ain, const double *bin, double *aout, double *bout, double damping,
                       double *change)
{
  double *pre = bp->pre, *suf = bp->suf, *pp = bp->pprod, *sp = bp->sprod;
  int moved = 0;
  /* the incoming messages: contiguous for a source, gathered for a
   * destination */
  const double *ga = ain + first, *gb = bin + first;
  if (idx) {
    for (size_t j = 0; j < k; j++) {
      bp->ga[j] = ain[idx[first + j]];
      bp->gb[j] = bin[idx[first + j]];
    }
    ga = bp->ga;
    gb = bp->gb;
  }
  /* prefix (pre, pp: over j' < j) and suffix (suf, sp: over j' > j) sums
   * and products in one loop: four independent chains overlap */
  double ps = 0, pq = 1, s = 0, p = 1;
  for (size_t j = 0, r = k - 1; j < k; j++, r--) {
    pre[j] = ps;
    pp[j] = pq;
    ps += ga[j];
    pq *= gb[j];
    suf[r] = s;
    sp[r] = p;
    s += ga[r];
    p *= gb[r];
  }
  for (size_t j = 0; j < k; j++) {
    size_t e = idx ? idx[first + j] : first + j;
    double sa = pre[j] + suf[j], inv = 1 / (pp[j] * sp[j] + sa);
    double na = mult[e] * inv, nb = sa * inv;
    if (damping != 1) {
      na = damping * na + (1 - damping) * aout[e];
      nb = damping * nb + (1 - damping) * bout[e];
    }
    if (!moved)
      moved = fabs(na - aout[e]) > TOLERANCE * na || (nb > 0 ? fabs(nb - bout[e]) > TOLERANCE * nb : fabs(bout[e]) > TOLERANCE);
    if (change) {
      double ca = fabs(na - aout[e]) / na, cb = nb > 0 ? fabs(nb - bout[e]) / nb : fabs(bout[e]);
      *change = fmax(*change, fmax(ca, cb));
    }
    aout[e] = na;
    bout[e] = nb;
  }
  return moved;
}

/* One sequential sweep, source i then destination i: simultaneous updates
 * fall into a two-sided oscillation on dense graphs, this converges on
 * sparse ones. Returns whether a message moved; see update_host for
 * change. */
static int sweep(myr_bp *bp, const myr_bigraph *g, double damping, double *change)
{
  size_t nv = g->ns > g->nd ? g->ns : g->nd;
  int moved = 0;
  for (size_t v = 0; v < nv; v++) {
    if (v < g->ns)
      moved |= update_host(bp, g->e_mult, NULL, g->s_off[v], g->s_off[v + 1] - g->s_off[v], bp->a_ds, bp->b_ds,
                           bp->a_sd, bp->b_sd, damping, change);
    if (v < g->nd)
      moved |= update_host(bp, g->e_mult, g->d_pairs, g->d_off[v], g->d_off[v + 1] - g->d_off[v], bp->a_sd,
                           bp->b_sd, bp->a_ds, bp->b_ds, damping, change);
  }
  return moved;
}

/* Adds the current messages to the running sums sum[4 e .. 4 e + 3]. */
static void accumulate(myr_bp *bp, size_t ne, double *sum)
{
  for (size_t e = 0; e < ne; e++) {
    sum[4 * e] += bp->a_sd[e];
    sum[4 * e + 1] += bp->b_sd[e];
    sum[4 * e + 2] += bp->a_ds[e];
    sum[4 * e + 3] += bp->b_ds[e];
  }
}

/* Replaces the messages by the mean of n sweeps summed in sum. */
static void set_mean(myr_bp *bp, size_t ne, const double *sum, size_t n)
{
  for (size_t e = 0; e < ne; e++) {
    bp->a_sd[e] = sum[4 * e] / (double)n;
    bp->b_sd[e] = sum[4 * e + 1] / (double)n;
    bp->a_ds[e] = sum[4 * e + 2] / (double)n;
    bp->b_ds[e] = sum[4 * e + 3] / (double)n;
  }
}

static void prepare(myr_bp *bp, const myr_bigraph *g)
{
  size_t ne = g->ne, maxdeg = 1;
  GROW(bp, a_sd, ne);
  GROW(bp, b_sd, ne);
  GROW(bp, a_ds, ne);
  GROW(bp, b_ds, ne);
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
  GROW(bp, ga, maxdeg + 1);
  GROW(bp, gb, maxdeg + 1);
  for (size_t e = 0; e < ne; e++)
    bp->a_sd[e] = bp->b_sd[e] = bp->a_ds[e] = bp->b_ds[e] = 1;
  GROW(bp, avg, 8 * ne);
  for (size_t e = 0; e < 8 * ne; e++)
    bp->avg[e] = 0;
  bp->iterations = 0;
  bp->converged = 0;
  bp->chaotic = 0;
  bp->probe_change = 0;
}

void myr_bp_run(myr_bp *bp, const myr_bigraph *g, size_t max_sweeps, double damping, size_t chaos_probe)
{
  prepare(bp, g);
  size_t ne = g->ne, nlate = 0;
  /* two running sums: the second half (late) and, for the chaos probe,
   * sweeps MYR_BP_BURN_IN + 1 .. chaos_probe (early) */
  double *late = bp->avg, *early = bp->avg + 4 * ne;
  int average = damping == 1 && max_sweeps >= 2;
  int probing = average && chaos_probe > MYR_BP_BURN_IN && chaos_probe < max_sweeps;
  for (size_t it = 0; it < max_sweeps; it++) {
    int probe = probing && it + 1 == chaos_probe;
    double change = 0;
    int moved = sweep(bp, g, damping, probe ? &change : NULL);
    bp->iterations = it + 1;
    if (!moved) {
      bp->converged = 1;
      return;
    }
    if (probing && it >= MYR_BP_BURN_IN && it < chaos_probe)
      accumulate(bp, ne, early);
    if (average && it >= max_sweeps / 2) { /* not settled: average the second half */
      accumulate(bp, ne, late);
      nlate++;
    }
    if (probe) {
      bp->probe_change = change;
      if (change > MYR_BP_CHAOS) { /* no fixed point ahead: the mean is as good now */
        bp->chaotic = 1;
        set_mean(bp, ne, early, chaos_probe - MYR_BP_BURN_IN);
        return;
      }
    }
  }
  if (nlate > 0)
    set_mean(bp, ne, late, nlate);
}

void myr_bp_free(myr_bp *bp)
{
  free(bp->a_sd);
  free(bp->b_sd);
  free(bp->a_ds);
  free(bp->b_ds);
  free(bp->pre);
  free(bp->suf);
  free(bp->pprod);
  free(bp->sprod);
  free(bp->ga);
  free(bp->gb);
  free(bp->avg);
  *bp = (myr_bp){0};
}
