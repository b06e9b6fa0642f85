/* Belief propagation for maximal matchings (see myrinet_bp.h). */
#include <math.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_bp.h"
#include "myrinet_sets.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

static const double TOLERANCE = 1e-12;

/* The larger of two numbers that are not NaN (inline, where fmax may be a
 * library call). */
static inline double max2(double x, double y) { return x > y ? x : y; }

/* The first half of the leave-one-out by prefix and suffix: pre[j], pp[j]
 * = the sum of a and the product of b over the pairs before j, where pair
 * j's a is ain[j], b likewise, or with `gather` ain[in[j]], gathered into
 * ga[j] as it is read (b into gb). Inline, and `gather` a constant at
 * each call, so that it leaves no test in the loop. */
static inline void prefix_pass(int gather, const size_t *in, const double *ain, const double *bin, double *ga,
                               double *gb, double *pre, double *pp, size_t k)
{
  double ps = 0, pq = 1;
  for (size_t j = 0; j < k; j++) {
    size_t i = gather ? in[j] : j;
    double a = ain[i], b = bin[i];
    if (gather) {
      ga[j] = a;
      gb[j] = b;
    }
    pre[j] = ps;
    pp[j] = pq;
    ps += a;
    pq *= b;
  }
}

/* The second half of the leave-one-out by prefix and suffix: from the
 * last pair down, the suffix sums and products as each message is made,
 * from the prefix ones pre, pp (see update_exact). */
static inline int suffix_pass(const double *pre, const double *pp, const double *mult, size_t first, size_t k,
                              const double *ga, const double *gb, double *aout, double *bout, double damping,
                              double *change)
{
  int moved = 0;
  double s = 0, p = 1; /* over the pairs after r */
  for (size_t r = k; r-- > 0;) {
    size_t e = first + r;
    double sa = pre[r] + s, inv = 1 / (pp[r] * p + sa);
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
    s += ga[r];
    p *= gb[r];
  }
  return moved;
}

/* Leave-one-out by prefix and suffix (no division, so a zero b does no
 * harm): the messages leaving one host from the gathered incoming ga, gb,
 * with pre and pp (k entries each) as scratch. The prefix sums and
 * products first, then suffix_pass. See update_host for the rest. */
static inline int update_exact(double *pre, double *pp, const double *mult, size_t first, size_t k, const double *ga,
                               const double *gb, double *aout, double *bout, double damping, double *change)
{
  prefix_pass(0, NULL, ga, gb, NULL, NULL, pre, pp, k);
  return suffix_pass(pre, pp, mult, first, k, ga, gb, aout, bout, damping, change);
}

#include "myrinet_bp_simd.h"

/* A host of at most MYR_BP_TOTALS_MIN pairs, undamped and outside the
 * chaos probe (most hosts of most sweeps): update_exact on the stack.
 * update_any calls it directly (update_host's entry and exit cost more
 * than the update of a host of a few pairs). */
static int update_few(const double *mult, const size_t *in, size_t first, size_t k, const double *ain,
                      const double *bin, double *aout, double *bout)
{
  double ga[MYR_BP_TOTALS_MIN], gb[MYR_BP_TOTALS_MIN], pre[MYR_BP_TOTALS_MIN], pp[MYR_BP_TOTALS_MIN];
  prefix_pass(1, in + first, ain, bin, ga, gb, pre, pp, k);
  return suffix_pass(pre, pp, mult, first, k, ga, gb, aout, bout, 1, NULL);
}

/* A host that update_few does not take. Recomputes, in place, the
 * messages leaving one host, stored at aout[first .. first + k), bout
 * likewise, with multiplicities mult[first ..]: its incoming ones are
 * ain[in[first + j]], bin likewise. With damping < 1 a message moves that
 * fraction of the way to its new value. Returns whether a message moved
 * by more than the tolerance (relative); with change non-NULL, also
 * raises *change to the largest relative move (the chaos probe). */
static int update_host(myr_bp *bp, const double *mult, const size_t *in, size_t first, size_t k, const double *ain,
                       const double *bin, double *aout, double *bout, double damping, double *change)
{
  double *ga = bp->ga, *gb = bp->gb;
  int totals = k > MYR_BP_TOTALS_MIN && damping == 1 && !bp->exact_only;
#ifdef MYR_BP_HAVE_AVX2
  if (totals && bp->avx2) { /* gathers too */
    int moved = update_totals_avx2(mult, in, first, k, ain, bin, ga, gb, aout, bout, change);
    if (moved >= 0)
      return moved;
    return update_exact(bp->pre, bp->pprod, mult, first, k, ga, gb, aout, bout, damping, change);
  }
#endif
  for (size_t j = 0; j < k; j++) {
    ga[j] = ain[in[first + j]];
    gb[j] = bin[in[first + j]];
  }
  if (totals) {
    int moved = update_totals(mult, first, k, ga, gb, aout, bout, change);
    if (moved >= 0)
      return moved;
  }
  return update_exact(bp->pre, bp->pprod, mult, first, k, ga, gb, aout, bout, damping, change);
}

/* One host's update: a host of at most MYR_BP_TOTALS_MIN pairs, undamped
 * and outside the probe, by update_few, called from here (always inline,
 * so in the sweep's loop) rather than through update_host; any other by
 * update_host. */
__attribute__((always_inline)) static inline int update_any(myr_bp *bp, const double *mult, const size_t *in,
                                                             size_t first, size_t k, const double *ain,
                                                             const double *bin, double *aout, double *bout,
                                                             double damping, double *change)
{
  if (k <= MYR_BP_TOTALS_MIN && damping == 1 && change == NULL)
    return update_few(mult, in, first, k, ain, bin, aout, bout);
  return update_host(bp, mult, in, first, k, ain, bin, aout, bout, damping, change);
}

/* One sequential sweep, source i then destination i: simultaneous updates
 * fall into a two-sided oscillation on dense graphs, this converges on
 * sparse ones. Each side's outgoing messages are stored in its own order
 * (a_sd by pair, a_ds by destination slot), so a host reads its incoming
 * ones through an index and writes its outgoing ones in a row. Returns
 * whether a message moved; see update_host for change. */
static int sweep(myr_bp *bp, const myr_bigraph *g, double damping, double *change)
{
  size_t nv = g->ns > g->nd ? g->ns : g->nd;
  int moved = 0;
  for (size_t v = 0; v < nv; v++) {
    if (v < g->ns)
      moved |= update_any(bp, g->e_mult, bp->slot, g->s_off[v], g->s_off[v + 1] - g->s_off[v], bp->a_ds, bp->b_ds,
                          bp->a_sd, bp->b_sd, damping, change);
    if (v < g->nd)
      moved |= update_any(bp, bp->d_mult, g->d_pairs, g->d_off[v], g->d_off[v + 1] - g->d_off[v], bp->a_sd,
                          bp->b_sd, bp->a_ds, bp->b_ds, damping, change);
  }
  return moved;
}

/* Adds the current source-to-destination messages to the running sums:
 * sum[0 .. ne) for a_sd, then b_sd (the regions read only these; the
 * destination-to-source ones are not averaged). One addition per number,
 * so the width of the vectors does not change a bit. */
static void accumulate(myr_bp *bp, size_t ne, double *sum)
{
  const double *msg[2] = {bp->a_sd, bp->b_sd};
  for (size_t i = 0; i < 2; i++) {
    double *restrict out = sum + i * ne;
    const double *restrict in = msg[i];
#ifdef MYR_BP_HAVE_AVX2
    if (bp->avx2) {
      add_avx2(out, in, ne);
      continue;
    }
#endif
    size_t e = 0;
    for (; e + 2 <= ne; e += 2)
      V2_STORE(out + e, V2_ADD(V2_LOAD(out + e), V2_LOAD(in + e)));
    for (; e < ne; e++)
      out[e] += in[e];
  }
}

/* Replaces the source-to-destination messages by the mean of n sweeps
 * summed in sum. */
static void set_mean(myr_bp *bp, size_t ne, const double *sum, size_t n)
{
  for (size_t e = 0; e < ne; e++) {
    bp->a_sd[e] = sum[e] / (double)n;
    bp->b_sd[e] = sum[ne + e] / (double)n;
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
  GROW(bp, pprod, maxdeg + 1);
  GROW(bp, ga, maxdeg + 1);
  GROW(bp, gb, maxdeg + 1);
  GROW(bp, slot, ne);
  GROW(bp, d_mult, ne);
  for (size_t t = 0; t < ne; t++) {
    bp->slot[g->d_pairs[t]] = t;
    bp->d_mult[t] = g->e_mult[g->d_pairs[t]];
  }
  for (size_t e = 0; e < ne; e++)
    bp->a_sd[e] = bp->b_sd[e] = bp->a_ds[e] = bp->b_ds[e] = 1;
  GROW(bp, avg, 4 * ne);
  for (size_t e = 0; e < 4 * ne; e++)
    bp->avg[e] = 0;
#ifdef MYR_BP_HAVE_AVX2
  bp->avx2 = !bp->no_avx2 && __builtin_cpu_supports("avx2");
#endif
  bp->iterations = 0;
  bp->converged = 0;
  bp->chaotic = 0;
  bp->period = 0;
  bp->probe_change = 0;
}

/* The distance of the source-to-destination messages from the cycle's
 * reference, with AVX2 where it runs (the same bits either way). */
static double ref_distance(const myr_bp *bp, size_t ne, double refsum)
{
#ifdef MYR_BP_HAVE_AVX2
  if (bp->avx2)
    return distance_avx2(bp->a_sd, bp->ref, ne, refsum);
#endif
  return distance(bp->a_sd, bp->ref, ne, refsum);
}

void myr_bp_run(myr_bp *bp, const myr_bigraph *g, size_t max_sweeps, double damping, size_t chaos_probe, int cycle)
{
  prepare(bp, g);
  size_t ne = g->ne, nlate = 0;
  /* two running sums: the second half (late) and, for the chaos probe,
   * sweeps MYR_BP_BURN_IN + 1 .. chaos_probe (early) */
  double *late = bp->avg, *early = bp->avg + 2 * ne;
  int average = damping == 1 && max_sweeps >= 2;
  int probing = average && chaos_probe > MYR_BP_BURN_IN && chaos_probe < max_sweeps;
  /* the cycle's return: distances of the last two sweeps from the
   * reference (the messages after sweep MYR_BP_BURN_IN), and the largest
   * before them */
  int watching = probing && cycle;
  double refsum = 0, largest = 0, d1 = INFINITY, d2 = INFINITY;
  if (watching)
    GROW(bp, ref, ne);
  for (size_t it = 0; it < max_sweeps; it++) {
    int probe = probing && it + 1 == chaos_probe;
    double change = 0;
    int moved = sweep(bp, g, damping, probe ? &change : NULL);
    bp->iterations = it + 1;
    if (!moved) {
      bp->converged = 1;
      return;
    }
    if (watching && it + 1 == MYR_BP_BURN_IN) {
      refsum = 0;
      for (size_t e = 0; e < ne; e++)
        refsum += bp->ref[e] = bp->a_sd[e];
    } else if (watching && it + 1 > MYR_BP_BURN_IN && it < chaos_probe) {
      double d = ref_distance(bp, ne, refsum);
      /* d1, the distance after sweep `it`, is a local minimum close to 0:
       * the messages came back, sweeps MYR_BP_BURN_IN + 1 .. it are one
       * period, and `early` holds exactly them */
      size_t period = it - MYR_BP_BURN_IN;
      if (period >= MYR_BP_MIN_PERIOD && d1 < d2 && d1 <= d && d1 < MYR_BP_RETURN * largest &&
          largest > MYR_BP_AMPLITUDE) {
        bp->chaotic = 1;
        bp->period = period;
        set_mean(bp, ne, early, period);
        return;
      }
      largest = max2(largest, d);
      d2 = d1;
      d1 = d;
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
  free(bp->pprod);
  free(bp->ga);
  free(bp->gb);
  free(bp->slot);
  free(bp->d_mult);
  free(bp->avg);
  free(bp->ref);
  *bp = (myr_bp){0};
}
