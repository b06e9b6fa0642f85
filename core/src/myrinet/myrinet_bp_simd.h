/* Private to myrinet_bp.c, included once by it where these kernels are
 * used: the SIMD kernels of belief propagation (SSE2 two pairs at a time,
 * AVX2 four; plain C where neither exists). Not self-contained: it uses
 * myrinet_bp.c's TOLERANCE and max2, and <math.h> and myrinet_bp.h as
 * included there. Every kernel gives the same bits as its scalar order
 * (technologies.myrinet_bp_totals, technologies.myrinet_bp_simd). */
#ifndef CONTENTION_MYRINET_BP_SIMD_H
#define CONTENTION_MYRINET_BP_SIMD_H

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

#endif
