/* Closed form for complete-minus-a-partial-matching graphs (see
 * myrinet_closed.h for the derivation). */
#include <stdint.h>

#include "myrinet_closed.h"

static const uint64_t EXACT_LIMIT = (uint64_t)1 << 51;

/* b (b-1) ... (b-a+1), or 0 if it exceeds EXACT_LIMIT. */
static uint64_t falling(size_t b, size_t a)
{
  uint64_t r = 1;
  for (size_t i = 0; i < a; i++) {
    if (r > EXACT_LIMIT / (b - i))
      return 0;
    r *= b - i;
  }
  return r;
}

/* I(a, b, k) exactly; P(b, a) <= EXACT_LIMIT. The terms
 * t_i = C(k, i) P(b - i, a - i) follow t_{i+1} = t_i (k - i) / ((i+1) (b - i))
 * with an exact division. */
static int64_t inj_exact(size_t a, size_t b, size_t k)
{
  uint64_t t = falling(b, a);
  int64_t sum = 0;
  for (size_t i = 0; i <= k && i <= a; i++) {
    sum += i % 2 ? -(int64_t)t : (int64_t)t;
    if (i < k && i < a)
      t = t * (k - i) / ((i + 1) * (b - i));
  }
  return sum;
}

/* J(a, b, k) = I(a, b, k) / P(b, a) = sum_i (-1)^i C(k, i) (b - i)! / b!:
 * terms below 1/i!, so no overflow and little cancellation; the sum (at
 * least about 1/e) is complete to the last bit once a term falls below
 * 2^-60 of it (after about 20 terms). */
static double inj_norm(size_t a, size_t b, size_t k)
{
  double t = 1, sum = 0;
  for (size_t i = 0; i <= k && i <= a; i++) {
    sum += i % 2 ? -t : t;
    if (i < k && i < a)
      t *= (double)(k - i) / ((double)(i + 1) * (double)(b - i));
    if (t < 0x1p-60 * sum)
      break;
  }
  return sum;
}

/* Maximal matchings of the shape, exactly (p, q <= the exact limit). */
static int64_t sets_exact(size_t p, size_t q, size_t k)
{
  if (p < q)
    return inj_exact(p, q, k);
  if (p > q)
    return inj_exact(q, p, k);
  return inj_exact(p, p, k) + (k ? (int64_t)k * inj_exact(p - 1, p - 1, k - 1) : 0);
}

double myr_closed_ratio(size_t p, size_t q, size_t k, int src_misses, int dst_misses)
{
  size_t k2 = k - (size_t)(src_misses != 0) - (size_t)(dst_misses != 0);
  size_t lo = p < q ? p : q, hi = p < q ? q : p;
  if (falling(hi, lo) != 0)
    return (double)sets_exact(p, q, k) / (double)sets_exact(p - 1, q - 1, k2);
  if (p != q) /* N = P(hi, lo) J(lo, hi, k), the comm's sets P(hi-1, lo-1) J(lo-1, hi-1, k2) */
    return (double)hi * inj_norm(lo, hi, k) / inj_norm(lo - 1, hi - 1, k2);
  /* p = q = n, in units of (n-1)!: N = n J(n,n,k) + k J(n-1,n-1,k-1);
   * the comm's sets J(n-1,n-1,k2) + k2/(n-1) J(n-2,n-2,k2-1). */
  size_t n = p;
  double num = (double)n * inj_norm(n, n, k) + (k ? (double)k * inj_norm(n - 1, n - 1, k - 1) : 0);
  double den = inj_norm(n - 1, n - 1, k2) +
               (k2 ? (double)k2 / (double)(n - 1) * inj_norm(n - 2, n - 2, k2 - 1) : 0);
  return num / den;
}

int myr_closed_solve(const myr_bigraph *g, double *ratio)
{
  size_t ns = g->ns, nd = g->nd, k = 0;
  for (size_t e = 0; e < g->ne; e++)
    if (g->e_mult[e] != 1)
      return 0;
  for (size_t s = 0; s < ns; s++) {
    size_t deg = g->s_off[s + 1] - g->s_off[s];
    if (deg + 1 < nd)
      return 0;
    k += deg < nd;
  }
  for (size_t d = 0; d < nd; d++)
    if (g->d_off[d + 1] - g->d_off[d] + 1 < ns)
      return 0;
  /* Each host misses at most one pair: the missing pairs are a matching. */
  double r[2][2];
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      r[a][b] = (size_t)(a + b) <= k ? myr_closed_ratio(ns, nd, k, a, b) : 0;
  for (size_t s = 0; s < ns; s++) {
    int sm = g->s_off[s + 1] - g->s_off[s] < nd;
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++) {
      size_t d = g->e_dst[e];
      int dm = g->d_off[d + 1] - g->d_off[d] < ns;
      ratio[e] = r[sm][dm];
    }
  }
  return 1;
}

int myr_closed_near(const myr_bigraph *g)
{
  for (size_t e = 0; e < g->ne; e++)
    if (g->e_mult[e] != 1)
      return 0;
  size_t missing = g->ns * g->nd - g->ne;
  return missing <= g->ns + g->nd && 4 * missing <= g->ns * g->nd;
}

void myr_closed_local(const myr_bigraph *g, double *ratio)
{
  size_t last_p = 0, last_q = 0;
  double last = 0;
  for (size_t s = 0; s < g->ns; s++) {
    size_t q = g->s_off[s + 1] - g->s_off[s] + 1;
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++) {
      size_t d = g->e_dst[e], p = g->d_off[d + 1] - g->d_off[d] + 1;
      if (p != last_p || q != last_q) { /* neighbours mostly share degrees */
        last = myr_closed_ratio(p, q, p < q ? p : q, 1, 1);
        last_p = p;
        last_q = q;
      }
      ratio[e] = last;
    }
  }
}
