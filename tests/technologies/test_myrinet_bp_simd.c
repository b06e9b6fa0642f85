/* Belief propagation's AVX2 kernels (myrinet_bp.c) against the SSE2 ones
 * they stand in for, bit for bit, on random messages: the leave-one-out
 * from totals for 17 to 40 pairs (every remainder of 4, so the last 1 to 3
 * pairs' padded lanes), the running sums of the averaged sweeps, and the
 * distance that watches for a limit cycle. A whole run is compared in
 * technologies.myrinet_bp_totals; a kernel's rounding can hide there (the
 * distance only orders sweeps), not here. Without AVX2 (another processor
 * or compiler) there is nothing to compare and the test is skipped. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* This file's copy of the BP, under other names than the library's. */
#define myr_bp_run myr_bp_run_copy
#define myr_bp_free myr_bp_free_copy
#include "myrinet_bp.c"

#ifdef MYR_BP_HAVE_AVX2
/* A message in [lo, lo + span), the a of a pair or its b. */
static double draw(double lo, double span) { return lo + span * check_unit(); }

static int same(const double *x, const double *y, size_t n) { return memcmp(x, y, n * sizeof *x) == 0; }

int main(void)
{
  if (!__builtin_cpu_supports("avx2")) {
    printf("no AVX2 on this processor: skipped\n");
    return 77;
  }
  check_seed(17);
  enum { N = 64, K = 40 };
  double ain[N], bin[N], mult[K], ga[K], gb[K], a1[K], b1[K], a2[K], b2[K];
  size_t in[K];
  int totals_same = 1, declined = 0, ran = 0, moved_same = 1;
  for (int trial = 0; trial < 2000; trial++) {
    size_t k = 17 + (size_t)trial % (K - 16); /* 17 .. 40 pairs */
    for (size_t i = 0; i < N; i++) {
      ain[i] = draw(0.01, 1);
      bin[i] = draw(0.5, 0.5);
    }
    for (size_t j = 0; j < k; j++) {
      in[j] = check_rand() % N;
      mult[j] = 1 + (double)(check_unit() < 0.2);
      a1[j] = a2[j] = draw(0, 1);
      b1[j] = b2[j] = draw(0, 1);
      ga[j] = ain[in[j]];
      gb[j] = bin[in[j]];
    }
    double c1 = 0, c2 = 0, *probe1 = trial % 2 ? &c1 : NULL, *probe2 = trial % 2 ? &c2 : NULL;
    double ga2[K], gb2[K];
    int m1 = update_totals(mult, 0, k, ga, gb, a1, b1, probe1);
    int m2 = update_totals_avx2(mult, in, 0, k, ain, bin, ga2, gb2, a2, b2, probe2);
    declined += m1 < 0;
    ran += m1 >= 0;
    if (m1 >= 0)
      totals_same &= same(a1, a2, k) && same(b1, b2, k) && same(&c1, &c2, 1) && same(ga, ga2, k) && same(gb, gb2, k);
    moved_same &= m1 == m2;
  }
  printf("leave-one-out from totals: %d hosts, %d declined\n", ran, declined);
  CHECK(ran > 1900 && totals_same && moved_same);

  /* the running sums and the cycle's distance, 0 to 41 numbers */
  myr_bp sse = {0}, avx = {0};
  avx.avx2 = 1;
  int sums_same = 1, dist_same = 1;
  for (size_t ne = 0; ne <= 41; ne++) {
    GROW(&sse, a_sd, ne + 1);
    GROW(&sse, b_sd, ne + 1);
    double sum1[2 * 42], sum2[2 * 42], ref[42];
    for (size_t e = 0; e < ne; e++) {
      sse.a_sd[e] = draw(0, 3);
      sse.b_sd[e] = draw(0, 1);
      ref[e] = draw(0, 3);
      sum1[e] = sum2[e] = draw(0, 100);
      sum1[ne + e] = sum2[ne + e] = draw(0, 100);
    }
    avx.a_sd = sse.a_sd;
    avx.b_sd = sse.b_sd;
    accumulate(&sse, ne, sum1);
    accumulate(&avx, ne, sum2);
    sums_same &= same(sum1, sum2, 2 * ne);
    double d1 = distance(sse.a_sd, ref, ne, 7.25), d2 = distance_avx2(sse.a_sd, ref, ne, 7.25);
    dist_same &= same(&d1, &d2, 1);
  }
  CHECK(sums_same);
  CHECK(dist_same);
  myr_bp_free_copy(&sse);
  CHECK_DONE();
}
#else
int main(void)
{
  printf("no AVX2 kernels in this build: skipped\n");
  return 77;
}
#endif
