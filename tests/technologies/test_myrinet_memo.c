/* The Myrinet memo (core/src/myrinet_memo.h) never changes a penalty.
 *
 * A pool of components (random multigraphs on 4 to 24 hosts, a 4x4x4
 * torus halo that the exact methods decline, an all-to-all that the closed
 * form solves) is drawn 120 times and solved by one myr_comp, memo on;
 * every draw must give, bit for bit, the penalties and the method of a
 * fresh solve with the memo off. The memo must answer exactly the repeated
 * draws that the closed form does not solve. Then: the same graph with
 * every host id shifted (same canonical graph) is answered by the memo;
 * one more comm on a pair (another multiplicity) is not; other options
 * (another width, the dense DP off, BP without the cycle's return,
 * another large_pairs) empty it; and a memo capped at 4 KiB, emptied again and again, still gives
 * the fresh penalties. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "myr_shapes.h"

enum { MAXC = 512, POOL = 12, DRAWS = 120 };

/* A solve that owes nothing to any memo. */
static myr_method fresh(const shape *s, myr_options opt, double *pen)
{
  myr_comp c = {0};
  opt.memo = 0;
  myr_method m = shape_solve(&c, s, &opt, pen);
  myr_comp_free(&c);
  return m;
}

static double got[MAXC], want[MAXC];

/* Solves s with c and checks it against a fresh solve; returns the method. */
static myr_method same_as_fresh(myr_comp *c, const shape *s, const myr_options *opt)
{
  myr_method m = shape_solve(c, s, opt, got);
  myr_method mf = fresh(s, *opt, want);
  CHECK(m == mf);
  CHECK(memcmp(got, want, s->n * sizeof *got) == 0);
  return m;
}

int main(void)
{
  check_seed(20261123);
  static shape pool[POOL];
  for (int k = 0; k < POOL - 2; k++) {
    size_t n = 6 + check_rand() % 35;
    shape_connected(&pool[k], n, 4 + check_rand() % 21, check_rand);
  }
  shape_torus(&pool[POOL - 2], 4);
  shape_all_to_all(&pool[POOL - 1], 5);

  myr_options opt = myr_default_options(8);
  myr_comp c = {0};
  int seen[POOL] = {0}, approx = 0, closed = 0;
  uint64_t expected_hits = 0;
  for (int d = 0; d < DRAWS; d++) {
    int k = (int)(check_rand() % POOL);
    myr_method m = same_as_fresh(&c, &pool[k], &opt);
    if (m != MYR_CLOSED && seen[k])
      expected_hits++;
    seen[k] = 1;
    approx += m == MYR_APPROX;
    closed += m == MYR_CLOSED;
  }
  CHECK(c.memo.hits == expected_hits);
  CHECK(expected_hits >= 60);
  CHECK(approx > 0); /* the torus went through BP and regions */
  CHECK(closed > 0); /* the all-to-all through the closed form, never stored */
  printf("%d draws: %llu answered by the memo, %d by BP + regions, %d by the closed form\n", DRAWS,
         (unsigned long long)c.memo.hits, approx, closed);

  /* Host ids shifted by 100: the same canonical graph, answered. */
  shape moved = {0};
  shape_copy(&moved, &pool[POOL - 2]);
  for (size_t i = 0; i < moved.n; i++) {
    moved.src[i] += 100;
    moved.dst[i] += 100;
  }
  uint64_t hits = c.memo.hits;
  same_as_fresh(&c, &moved, &opt);
  CHECK(c.memo.hits == hits + 1);

  /* One more comm on an existing pair: another graph. */
  shape heavier = {0};
  shape_copy(&heavier, &pool[POOL - 2]);
  shape_add(&heavier, heavier.src[0], heavier.dst[0]);
  hits = c.memo.hits;
  same_as_fresh(&c, &heavier, &opt);
  CHECK(c.memo.hits == hits);

  /* Other options: the stored ratios are not theirs. */
  myr_options narrow = myr_default_options(6);
  uint64_t flushes = c.memo.flushes;
  hits = c.memo.hits;
  same_as_fresh(&c, &pool[POOL - 2], &narrow);
  CHECK(c.memo.hits == hits);
  CHECK(c.memo.flushes == flushes + 1);
  myr_options no_dense = narrow; /* the dense DP off is another option set too */
  no_dense.dense_exact = 0;
  same_as_fresh(&c, &pool[POOL - 2], &no_dense);
  CHECK(c.memo.hits == hits);
  CHECK(c.memo.flushes == flushes + 2);
  myr_options no_cycle = no_dense; /* and BP without the cycle's return */
  no_cycle.bp_cycle = 0;
  same_as_fresh(&c, &pool[POOL - 2], &no_cycle);
  CHECK(c.memo.hits == hits);
  CHECK(c.memo.flushes == flushes + 3);
  myr_options large = no_cycle; /* and another large_pairs: the torus's 384 pairs are "large" */
  large.large_pairs = 128;
  same_as_fresh(&c, &pool[POOL - 2], &large);
  CHECK(c.memo.hits == hits);
  CHECK(c.memo.flushes == flushes + 4);
  myr_comp_free(&c);

  /* A memo of 4 KiB: emptied whenever it fills, never wrong. */
  myr_comp small = {0};
  small.memo.max_bytes = 4096;
  for (int d = 0; d < DRAWS; d++)
    same_as_fresh(&small, &pool[check_rand() % POOL], &opt);
  CHECK(small.memo.flushes > 0);
  CHECK(small.memo.bytes <= 4096);
  printf("4 KiB memo: emptied %llu times, %llu answers\n", (unsigned long long)small.memo.flushes,
         (unsigned long long)small.memo.hits);
  myr_comp_free(&small);
  shape_free(&moved);
  shape_free(&heavier);
  for (int k = 0; k < POOL; k++)
    shape_free(&pool[k]);
  CHECK_DONE();
}
