/* Belief propagation's leave-one-out from totals (update_totals in
 * myrinet_bp.c, hosts of more than MYR_BP_TOTALS_MIN pairs): the same
 * messages as the prefix-and-suffix path within rounding on dense graphs,
 * the prefix-and-suffix path itself where the totals would lose digits (a
 * zero or underflowing product of b, one a larger than all the others
 * together), and the same bits with AVX2 (where the processor has it) as
 * with SSE2, and with SSE2 as in plain C (this file compiles the BP a
 * second time with MYR_BP_GENERIC). Small hosts' shortcut (update_few)
 * gives update_exact's bits. Tolerances are set just above what was
 * measured with this file. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* The plain-C copy, under other names. */
#define MYR_BP_GENERIC 1
#define myr_bp_run myr_bp_run_generic
#define myr_bp_free myr_bp_free_generic
#include "myrinet_bp.c"
#undef myr_bp_run
#undef myr_bp_free
void myr_bp_run(myr_bp *bp, const myr_bigraph *g, size_t max_sweeps, double damping, size_t chaos_probe, int cycle);
void myr_bp_free(myr_bp *bp);

/* A bipartite graph from pairs (src, dst, multiplicity) sorted by (src,
 * dst); fields malloc'ed, freed by free_graph. */
static void make_graph(myr_bigraph *g, size_t ns, size_t nd, size_t ne, const uint32_t *src, const uint32_t *dst,
                       const double *mult)
{
  *g = (myr_bigraph){.ns = ns, .nd = nd, .ne = ne};
  g->e_src = malloc(ne * sizeof *g->e_src);
  g->e_dst = malloc(ne * sizeof *g->e_dst);
  g->e_mult = malloc(ne * sizeof *g->e_mult);
  g->s_off = calloc(ns + 1, sizeof *g->s_off);
  g->d_off = calloc(nd + 1, sizeof *g->d_off);
  g->d_pairs = malloc(ne * sizeof *g->d_pairs);
  for (size_t e = 0; e < ne; e++) {
    g->e_src[e] = src[e];
    g->e_dst[e] = dst[e];
    g->e_mult[e] = mult[e];
    g->s_off[src[e] + 1]++;
    g->d_off[dst[e] + 1]++;
  }
  for (size_t i = 0; i < ns; i++)
    g->s_off[i + 1] += g->s_off[i];
  for (size_t j = 0; j < nd; j++)
    g->d_off[j + 1] += g->d_off[j];
  size_t *fill = calloc(nd, sizeof *fill);
  for (size_t e = 0; e < ne; e++) /* by destination, then source */
    g->d_pairs[g->d_off[dst[e]] + fill[dst[e]]++] = e;
  free(fill);
}

static void free_graph(myr_bigraph *g)
{
  free(g->e_src);
  free(g->e_dst);
  free(g->e_mult);
  free(g->s_off);
  free(g->d_off);
  free(g->d_pairs);
}

/* All pairs i -> j (i != j) of `hosts` hosts, each kept with probability
 * percent / 100, multiplicity 1. */
static void dense(myr_bigraph *g, uint32_t hosts, unsigned percent)
{
  size_t cap = (size_t)hosts * hosts, ne = 0;
  uint32_t *src = malloc(cap * sizeof *src), *dst = malloc(cap * sizeof *dst);
  double *mult = malloc(cap * sizeof *mult);
  for (uint32_t i = 0; i < hosts; i++)
    for (uint32_t j = 0; j < hosts; j++)
      if (i != j && check_rand() % 100 < percent) {
        src[ne] = i;
        dst[ne] = j;
        mult[ne++] = 1;
      }
  make_graph(g, hosts, hosts, ne, src, dst, mult);
  free(src);
  free(dst);
  free(mult);
}

/* Largest relative difference between the four message arrays of two runs. */
static double max_rel(const myr_bp *x, const myr_bp *y, size_t ne)
{
  const double *a[4] = {x->a_sd, x->b_sd, x->a_ds, x->b_ds}, *b[4] = {y->a_sd, y->b_sd, y->a_ds, y->b_ds};
  double m = 0;
  for (int k = 0; k < 4; k++)
    for (size_t e = 0; e < ne; e++)
      m = fmax(m, fabs(a[k][e] - b[k][e]) / fabs(b[k][e]));
  return m;
}

static int same_bits(const myr_bp *x, const myr_bp *y, size_t ne)
{
  return memcmp(x->a_sd, y->a_sd, ne * sizeof(double)) == 0 && memcmp(x->b_sd, y->b_sd, ne * sizeof(double)) == 0 &&
         memcmp(x->a_ds, y->a_ds, ne * sizeof(double)) == 0 && memcmp(x->b_ds, y->b_ds, ne * sizeof(double)) == 0;
}

int main(void)
{
  check_seed(91);
  myr_bp fast = {0}, slow = {0}, plain = {0}, sse = {0};
  slow.exact_only = 1;
  sse.no_avx2 = 1;
  myr_bigraph g;
  /* Dense graphs, the integer sort's shape: every host above the
   * threshold, BP on its limit cycle (stops at the cycle's return or at
   * the probe) or, at 33 %, settling slowly. */
  unsigned percent[] = {95, 75, 50, 33};
  uint32_t hosts[] = {64, 64, 64, 40};
  for (int t = 0; t < 4; t++) {
    dense(&g, hosts[t], percent[t]);
    myr_bp_run(&fast, &g, 100, 1, 60, 1);
    myr_bp_run(&slow, &g, 100, 1, 60, 1);
    myr_bp_run_generic(&plain, &g, 100, 1, 60, 1);
    myr_bp_run(&sse, &g, 100, 1, 60, 1);
    double d = max_rel(&fast, &slow, g.ne);
    printf("%u hosts at %u %%: %zu pairs, %zu sweeps (chaotic %d), totals vs prefix/suffix %.3g%s\n", hosts[t],
           percent[t], g.ne, fast.iterations, fast.chaotic, d, fast.avx2 ? " (AVX2 against SSE2: same bits)" : "");
    CHECK(fast.iterations == slow.iterations && fast.chaotic == slow.chaotic);
    CHECK(d < 2e-15); /* measured at most 1.83e-15 (a_ds, b_ds: the last sweep, not a mean) */
    CHECK(d > 0);     /* the totals did run: rounding differs */
    CHECK(!sse.avx2 && same_bits(&fast, &sse, g.ne) && fast.iterations == sse.iterations);
    CHECK(same_bits(&sse, &plain, g.ne) && sse.iterations == plain.iterations);
    free_graph(&g);
  }
  /* A destination fed by 24 sources of one pair each: their b are 0, so
   * the product of b is 0 and the totals would divide 0 by 0; the
   * prefix-and-suffix path runs, bit for bit (after AVX2's gather, where
   * it runs). */
  {
    uint32_t src[24], dst[24];
    double mult[24];
    for (uint32_t i = 0; i < 24; i++) {
      src[i] = i;
      dst[i] = 0;
      mult[i] = 1;
    }
    make_graph(&g, 24, 1, 24, src, dst, mult);
    myr_bp_run(&fast, &g, 100, 1, 60, 1);
    myr_bp_run(&slow, &g, 100, 1, 60, 1);
    CHECK(fast.converged && same_bits(&fast, &slow, g.ne));
    for (size_t e = 0; e < g.ne; e++)
      CHECK(isfinite(fast.a_ds[e]) && isfinite(fast.b_ds[e]));
    free_graph(&g);
  }
  /* Two sources, each with 20 destinations; one pair of source 0 carries
   * 1e9 comms, so its a dwarfs the other 19 together: S - a would keep
   * only the digits of a, and the prefix-and-suffix path runs for that
   * host. Checked against it within the dense graphs' rounding. */
  {
    uint32_t src[40], dst[40];
    double mult[40];
    for (uint32_t i = 0; i < 40; i++) {
      src[i] = i / 20;
      dst[i] = i % 20;
      mult[i] = i == 3 ? 1e9 : 1;
    }
    make_graph(&g, 2, 20, 40, src, dst, mult);
    myr_bp_run(&fast, &g, 100, 1, 60, 1);
    myr_bp_run(&slow, &g, 100, 1, 60, 1);
    myr_bp_run(&sse, &g, 100, 1, 60, 1);
    double d = max_rel(&fast, &slow, g.ne);
    printf("lopsided: totals vs prefix/suffix %.3g\n", d);
    CHECK(d < 2e-15); /* measured 2.6e-16; 6.6e-9 without the test of the largest a */
    CHECK(same_bits(&fast, &sse, g.ne));
    free_graph(&g);
  }
  /* Hosts of at most MYR_BP_TOTALS_MIN pairs, undamped, outside the
   * probe take update_few: the messages of update_exact, bit for bit, and
   * the same answer to "moved", for 1 to 16 pairs, random messages (with
   * zeros, multiplicities of 1 and 2), half of the hosts already settled. */
  {
    myr_bp w = {0};
    GROW(&w, pre, MYR_BP_TOTALS_MIN + 1);
    GROW(&w, pprod, MYR_BP_TOTALS_MIN + 1);
    double ain[64], bin[64], mult[MYR_BP_TOTALS_MIN], a1[MYR_BP_TOTALS_MIN], b1[MYR_BP_TOTALS_MIN],
        a2[MYR_BP_TOTALS_MIN], b2[MYR_BP_TOTALS_MIN], ga[MYR_BP_TOTALS_MIN], gb[MYR_BP_TOTALS_MIN];
    size_t in[MYR_BP_TOTALS_MIN];
    int same = 1, moved_both = 0, still_both = 0;
    for (int trial = 0; trial < 4000 && same; trial++) {
      size_t k = 1 + (size_t)trial % MYR_BP_TOTALS_MIN;
      for (size_t i = 0; i < 64; i++) {
        ain[i] = check_unit() < 0.1 ? 0 : 3 * check_unit();
        bin[i] = check_unit() < 0.1 ? 0 : check_unit();
      }
      for (size_t j = 0; j < k; j++) {
        in[j] = (size_t)(check_unit() * 64) % 64;
        mult[j] = 1 + (double)(check_unit() < 0.2);
        ga[j] = ain[in[j]];
        gb[j] = bin[in[j]];
        a1[j] = b1[j] = 0.5;
      }
      if (trial % 2) /* settled: the outgoing messages are already the new ones */
        update_exact(w.pre, w.pprod, mult, 0, k, ga, gb, a1, b1, 1, NULL);
      for (size_t j = 0; j < k; j++) {
        a2[j] = a1[j];
        b2[j] = b1[j];
      }
      int m1 = update_exact(w.pre, w.pprod, mult, 0, k, ga, gb, a1, b1, 1, NULL);
      int m2 = update_few(mult, in, 0, k, ain, bin, a2, b2);
      same = m1 == m2 && memcmp(a1, a2, k * sizeof(double)) == 0 && memcmp(b1, b2, k * sizeof(double)) == 0;
      moved_both += m1 && m2;
      still_both += !m1 && !m2;
    }
    CHECK(same);
    CHECK(moved_both > 1000 && still_both > 1000); /* both answers tested */
    myr_bp_free(&w);
  }
  myr_bp_free(&fast);
  myr_bp_free(&slow);
  myr_bp_free(&sse);
  myr_bp_free_generic(&plain);
  return check_failures != 0;
}
