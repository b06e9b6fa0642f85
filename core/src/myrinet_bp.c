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

/* Two pairs at a time with SSE2 (x86-64), in plain C elsewhere (or with
 * MYR_BP_GENERIC defined: technologies.myrinet_bp_totals compares the
 * two); each lane does the scalar operations in the same order, so the
 * results are the same bits either way. */
#if defined(__SSE2__) && !defined(MYR_BP_GENERIC)
#include <emmintrin.h>
typedef __m128d v2d;
#define V2_LOAD(p) _mm_loadu_pd(p)
#define V2_STORE(p, v) _mm_storeu_pd((p), (v))
#define V2_SET1(x) _mm_set1_pd(x)
#define V2_ADD(a, b) _mm_add_pd((a), (b))
#define V2_SUB(a, b) _mm_sub_pd((a), (b))
#define V2_MUL(a, b) _mm_mul_pd((a), (b))
#define V2_DIV(a, b) _mm_div_pd((a), (b))
#define V2_MAX(a, b) _mm_max_pd((a), (b))
#define V2_ABS(a) _mm_andnot_pd(_mm_set1_pd(-0.0), (a))
static inline double v2_lane(v2d v, int i)
{
  double x[2];
  _mm_storeu_pd(x, v);
  return x[i];
}
#else
typedef struct {
  double x[2];
} v2d;
static inline v2d v2_make(double a, double b) { return (v2d){{a, b}}; }
#define V2_LOAD(p) v2_make((p)[0], (p)[1])
#define V2_STORE(p, v) ((p)[0] = (v).x[0], (p)[1] = (v).x[1])
#define V2_SET1(y) v2_make((y), (y))
#define V2_OP(a, b, op) v2_make((a).x[0] op (b).x[0], (a).x[1] op (b).x[1])
#define V2_ADD(a, b) V2_OP(a, b, +)
#define V2_SUB(a, b) V2_OP(a, b, -)
#define V2_MUL(a, b) V2_OP(a, b, *)
#define V2_DIV(a, b) V2_OP(a, b, /)
#define V2_MAX(a, b) v2_make((a).x[0] > (b).x[0] ? (a).x[0] : (b).x[0], (a).x[1] > (b).x[1] ? (a).x[1] : (b).x[1])
#define V2_ABS(a) v2_make(fabs((a).x[0]), fabs((a).x[1]))
static inline double v2_lane(v2d v, int i) { return v.x[i]; }
#endif

/* New messages of two pairs (lanes) from their incoming a, b and
 * multiplicity m, into na, nb; raises *excess with how far a move exceeds
 * the tolerance (positive: it moved) and, probing, *chg with the relative
 * moves from the old oa, ob. */
static inline void totals_pair(v2d S, v2d P, v2d a, v2d b, v2d m, v2d oa, v2d ob, double *na, double *nb,
                               v2d *excess, v2d *chg, int probe)
{
  v2d sa = V2_SUB(S, a), r = V2_DIV(b, V2_ADD(P, V2_MUL(sa, b)));
  v2d xa = V2_MUL(m, r), xb = V2_MUL(sa, r), tol = V2_SET1(TOLERANCE);
  v2d da = V2_ABS(V2_SUB(xa, oa)), db = V2_ABS(V2_SUB(xb, ob));
  *excess = V2_MAX(*excess, V2_MAX(V2_SUB(da, V2_MUL(tol, xa)), V2_SUB(db, V2_MUL(tol, xb))));
  if (probe)
    *chg = V2_MAX(*chg, V2_MAX(V2_DIV(da, xa), V2_DIV(db, xb)));
  V2_STORE(na, xa);
  V2_STORE(nb, xb);
}

/* New messages of pairs from .. k-1 from the totals S and P, two at a
 * time (the last one alone in both lanes), rewritten in place in na, nb
 * (each pair is read before written). Returns whether one moved by more
 * than the tolerance and, probing (change non-NULL), raises *change. */
static int totals_pairs(double S, double P, const double *m, const double *ga, const double *gb, double *na,
                        double *nb, size_t from, size_t k, double *change)
{
  v2d vS = V2_SET1(S), vP = V2_SET1(P), excess = V2_SET1(-1), chg = V2_SET1(0);
  int probe = change != NULL;
  size_t j = from;
  for (; j + 2 <= k; j += 2)
    totals_pair(vS, vP, V2_LOAD(ga + j), V2_LOAD(gb + j), V2_LOAD(m + j), V2_LOAD(na + j), V2_LOAD(nb + j), na + j,
                nb + j, &excess, &chg, probe);
  if (j < k) { /* the last pair, in both lanes */
    double xa[2], xb[2];
    totals_pair(vS, vP, V2_SET1(ga[j]), V2_SET1(gb[j]), V2_SET1(m[j]), V2_SET1(na[j]), V2_SET1(nb[j]), xa, xb,
                &excess, &chg, probe);
    na[j] = xa[0];
    nb[j] = xb[0];
  }
  if (probe)
    *change = max2(*change, max2(v2_lane(chg, 0), v2_lane(chg, 1)));
  return v2_lane(excess, 0) > 0 || v2_lane(excess, 1) > 0;
}

/* Leave-one-out from the host's totals, for a host of degree above
 * MYR_BP_TOTALS_MIN when the product P of its b is at least
 * MYR_BP_TOTALS_PMIN (every b is at most 1, so then none is 0 and no
 * partial product underflows) and no a exceeds half the sum S (so S - a
 * loses at most a few ulps):
 *   a_out = m b / (P + (S - a) b),   b_out = (S - a) b / (P + (S - a) b),
 * one division per pair, two pairs at a time, and no chain as long as the
 * degree. Returns -1 when the conditions fail (then nothing was
 * written). ga, gb: the gathered incoming messages; the outgoing ones are
 * read and rewritten in place at aout[first ..], bout[first ..]. */
static int update_totals(const double *mult, size_t first, size_t k, const double *ga, const double *gb, double *aout,
                         double *bout, double *change)
{
  /* four partial sums and products (lanes of two vectors), the largest a */
  v2d s0 = V2_SET1(0), s1 = V2_SET1(0), p0 = V2_SET1(1), p1 = V2_SET1(1), mx = V2_SET1(0);
  size_t j = 0;
  for (; j + 4 <= k; j += 4) {
    v2d a0 = V2_LOAD(ga + j), a1 = V2_LOAD(ga + j + 2);
    s0 = V2_ADD(s0, a0);
    s1 = V2_ADD(s1, a1);
    mx = V2_MAX(mx, V2_MAX(a0, a1));
    p0 = V2_MUL(p0, V2_LOAD(gb + j));
    p1 = V2_MUL(p1, V2_LOAD(gb + j + 2));
  }
  double st = 0, pt = 1, amax = max2(v2_lane(mx, 0), v2_lane(mx, 1));
  for (; j < k; j++) {
    st += ga[j];
    pt *= gb[j];
    amax = ga[j] > amax ? ga[j] : amax;
  }
  double S = ((v2_lane(s0, 0) + v2_lane(s1, 0)) + (v2_lane(s0, 1) + v2_lane(s1, 1))) + st;
  double P = ((v2_lane(p0, 0) * v2_lane(p1, 0)) * (v2_lane(p0, 1) * v2_lane(p1, 1))) * pt;
  if (!(P >= MYR_BP_TOTALS_PMIN) || !(2 * amax <= S))
    return -1;
  return totals_pairs(S, P, mult + first, ga, gb, aout + first, bout + first, 0, k, change);
}

/* The same with AVX2 (four pairs at a time) where the processor has it:
 * lane i of the sums and products is lane i % 2 of the SSE2 path's
 * (i < 2 ? first : second) vector and they are combined in the same order,
 * each pair gets the same scalar operations, and the maxima do not depend
 * on the order (no NaN: every a and b is positive here), so the results are
 * the same bits as update_totals'. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(MYR_BP_GENERIC)
#define MYR_BP_HAVE_AVX2 1
#include <immintrin.h>

/* totals_pair's operations on four pairs (lanes) at once: excess and,
 * probing, chg raised as there, the new messages in xa, xb. */
__attribute__((target("avx2"), always_inline)) static inline void totals4(__m256d S, __m256d P, __m256d a, __m256d b,
                                                                          __m256d m, __m256d oa, __m256d ob,
                                                                          __m256d *xa, __m256d *xb, __m256d *excess,
                                                                          __m256d *chg, int probe)
{
  __m256d sign = _mm256_set1_pd(-0.0), tol = _mm256_set1_pd(TOLERANCE);
  __m256d sa = _mm256_sub_pd(S, a), r = _mm256_div_pd(b, _mm256_add_pd(P, _mm256_mul_pd(sa, b)));
  *xa = _mm256_mul_pd(m, r);
  *xb = _mm256_mul_pd(sa, r);
  __m256d da = _mm256_andnot_pd(sign, _mm256_sub_pd(*xa, oa)), db = _mm256_andnot_pd(sign, _mm256_sub_pd(*xb, ob));
  *excess = _mm256_max_pd(*excess, _mm256_max_pd(_mm256_sub_pd(da, _mm256_mul_pd(tol, *xa)),
                                                 _mm256_sub_pd(db, _mm256_mul_pd(tol, *xb))));
  if (probe)
    *chg = _mm256_max_pd(*chg, _mm256_max_pd(_mm256_div_pd(da, *xa), _mm256_div_pd(db, *xb)));
}

__attribute__((target("avx2"))) static int update_totals_avx2(const double *mult, const size_t *in, size_t first,
                                                              size_t k, const double *ain, const double *bin,
                                                              double *ga, double *gb, double *aout, double *bout,
                                                              double *change)
{
  /* gathers the incoming messages into ga, gb while summing them (so they
   * are there for the prefix-and-suffix path when this declines), with
   * scalar loads: AVX2's gather instruction made the integer sort's
   * replay about 15 % slower on the AMD EPYC measured (same bits) */
  __m256d s = _mm256_setzero_pd(), p = _mm256_set1_pd(1), mx = _mm256_setzero_pd();
  const size_t *idx = in + first;
  size_t j = 0;
  for (; j + 4 <= k; j += 4) {
    size_t i0 = idx[j], i1 = idx[j + 1], i2 = idx[j + 2], i3 = idx[j + 3];
    __m256d a = _mm256_set_pd(ain[i3], ain[i2], ain[i1], ain[i0]);
    __m256d b = _mm256_set_pd(bin[i3], bin[i2], bin[i1], bin[i0]);
    _mm256_storeu_pd(ga + j, a);
    _mm256_storeu_pd(gb + j, b);
    s = _mm256_add_pd(s, a);
    mx = _mm256_max_pd(mx, a);
    p = _mm256_mul_pd(p, b);
  }
  double sl[4], pl[4], ml[4];
  _mm256_storeu_pd(sl, s);
  _mm256_storeu_pd(pl, p);
  _mm256_storeu_pd(ml, mx);
  double st = 0, pt = 1, amax = max2(max2(ml[0], ml[2]), max2(ml[1], ml[3]));
  for (; j < k; j++) {
    ga[j] = ain[idx[j]];
    gb[j] = bin[idx[j]];
    st += ga[j];
    pt *= gb[j];
    amax = ga[j] > amax ? ga[j] : amax;
  }
  double S = ((sl[0] + sl[2]) + (sl[1] + sl[3])) + st;
  double P = ((pl[0] * pl[2]) * (pl[1] * pl[3])) * pt;
  if (!(P >= MYR_BP_TOTALS_PMIN) || !(2 * amax <= S))
    return -1;
  const double *m = mult + first;
  double *na = aout + first, *nb = bout + first; /* in place: each pair is read before written */
  __m256d vS = _mm256_set1_pd(S), vP = _mm256_set1_pd(P), excess = _mm256_set1_pd(-1), chg = _mm256_setzero_pd();
  for (j = 0; j + 4 <= k; j += 4) {
    __m256d xa, xb;
    totals4(vS, vP, _mm256_loadu_pd(ga + j), _mm256_loadu_pd(gb + j), _mm256_loadu_pd(m + j),
            _mm256_loadu_pd(na + j), _mm256_loadu_pd(nb + j), &xa, &xb, &excess, &chg, change != NULL);
    _mm256_storeu_pd(na + j, xa);
    _mm256_storeu_pd(nb + j, xb);
  }
  if (j < k) { /* the last 1 to 3 pairs, the last one repeated in the spare lanes */
    size_t i1 = j + 1 < k ? j + 1 : k - 1, i2 = j + 2 < k ? j + 2 : k - 1;
#define LANES(x) _mm256_set_pd((x)[k - 1], (x)[i2], (x)[i1], (x)[j])
    __m256d va, vb;
    totals4(vS, vP, LANES(ga), LANES(gb), LANES(m), LANES(na), LANES(nb), &va, &vb, &excess, &chg, change != NULL);
#undef LANES
    double xa[4], xb[4];
    _mm256_storeu_pd(xa, va);
    _mm256_storeu_pd(xb, vb);
    for (size_t l = 0; j + l < k; l++) {
      na[j + l] = xa[l];
      nb[j + l] = xb[l];
    }
  }
  double el[4], cl[4];
  _mm256_storeu_pd(el, excess);
  _mm256_storeu_pd(cl, chg);
  if (change)
    *change = max2(*change, max2(max2(cl[0], cl[1]), max2(cl[2], cl[3])));
  return el[0] > 0 || el[1] > 0 || el[2] > 0 || el[3] > 0;
}
#endif

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

#ifdef MYR_BP_HAVE_AVX2
/* out[0 .. n) += in[0 .. n), four at a time. */
__attribute__((target("avx2"))) static void add_avx2(double *restrict out, const double *restrict in, size_t n)
{
  size_t e = 0;
  for (; e + 4 <= n; e += 4)
    _mm256_storeu_pd(out + e, _mm256_add_pd(_mm256_loadu_pd(out + e), _mm256_loadu_pd(in + e)));
  for (; e < n; e++)
    out[e] += in[e];
}
#endif

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

/* Relative L1 distance sum |a - ref| / refsum of the source-to-destination
 * messages from the reference, four partial sums in a fixed order. */
static double distance(const double *a, const double *ref, size_t ne, double refsum)
{
  v2d s0 = V2_SET1(0), s1 = V2_SET1(0);
  size_t e = 0;
  for (; e + 4 <= ne; e += 4) {
    s0 = V2_ADD(s0, V2_ABS(V2_SUB(V2_LOAD(a + e), V2_LOAD(ref + e))));
    s1 = V2_ADD(s1, V2_ABS(V2_SUB(V2_LOAD(a + e + 2), V2_LOAD(ref + e + 2))));
  }
  double rest = 0;
  for (; e < ne; e++)
    rest += fabs(a[e] - ref[e]);
  return (((v2_lane(s0, 0) + v2_lane(s1, 0)) + (v2_lane(s0, 1) + v2_lane(s1, 1))) + rest) / refsum;
}

#ifdef MYR_BP_HAVE_AVX2
/* distance's four partial sums in the lanes of one vector: lane i sums
 * the pairs e with e % 4 == i, as distance's s0 (i = 0, 1) and s1 (i = 2,
 * 3) do, and they are combined in the same order, so the result is the
 * same bits. */
__attribute__((target("avx2"))) static double distance_avx2(const double *a, const double *ref, size_t ne,
                                                            double refsum)
{
  __m256d s = _mm256_setzero_pd(), sign = _mm256_set1_pd(-0.0);
  size_t e = 0;
  for (; e + 4 <= ne; e += 4)
    s = _mm256_add_pd(s, _mm256_andnot_pd(sign, _mm256_sub_pd(_mm256_loadu_pd(a + e), _mm256_loadu_pd(ref + e))));
  double l[4], rest = 0;
  _mm256_storeu_pd(l, s);
  for (; e < ne; e++)
    rest += fabs(a[e] - ref[e]);
  return (((l[0] + l[2]) + (l[1] + l[3])) + rest) / refsum;
}
#endif

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
