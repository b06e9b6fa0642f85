/* The Myrinet memo (core/src/myrinet/myrinet_memo.h) never changes a penalty.
 *
 * A pool of components (random multigraphs on 4 to 24 hosts, a 4x4x4
 * torus halo that the exact methods decline, an all-to-all that the closed
 * form solves) is drawn 120 times, each time with its host ids as they are
 * or shifted by 100, and solved by one myr_comp, memo on; every draw must
 * give, bit for bit, the penalties and the method of a fresh solve with
 * the memo off. The recall (by host ids) must answer exactly the draws
 * whose comms were kept before (solved by a closed form, or answered by
 * the canonical table), and the canonical table exactly the other repeated
 * components that the closed form does not solve. Then: the same
 * graph with host ids shifted once more (same canonical graph) is answered
 * by the canonical table, drawn again by the recall, and drawn with its
 * comms in reverse order (another sequence) by the canonical table again,
 * and so is the torus, too large for the recall, drawn twice; a comm
 * alone is never kept by host ids, two comms of one source are;
 * one more comm on a pair (another multiplicity) is answered by neither;
 * other options (another width, the dense DP off, BP without the cycle's
 * return, another large_pairs) empty both, and the recall answers again
 * once the component is solved with them; and a memo capped at 4 KiB,
 * emptied again and again, still gives the fresh penalties. Last, the
 * recall's comparison itself: under a stored component's key, the same
 * comms in another order, comms that differ by a destination, by the
 * multiplicities of the same pairs or by a source, and one comm fewer are
 * not recalled. */
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

/* dst = src with every host id + by. */
static void shape_shift(shape *dst, const shape *src, cg_host by)
{
  shape_copy(dst, src);
  for (size_t i = 0; i < dst->n; i++) {
    dst->src[i] += by;
    dst->dst[i] += by;
  }
}

/* Whether myr_memo_recall answers `n` comms (src[i], dst[i]) under `key`;
 * if so, with each comm's penalty as in c's last solve. */
static int recalled(myr_comp *c, const cg_host *src, const cg_host *dst, size_t n, uint64_t key,
                    const myr_options *opt)
{
  myr_item items[8];
  for (size_t i = 0; i < n; i++)
    items[i] = (myr_item){.comm = (cg_comm)i, .src = src[i], .dst = dst[i], .penalty = 0};
  int method = -1;
  if (!myr_memo_recall(&c->memo, items, n, key, opt, &method))
    return 0;
  CHECK(method == (int)c->method);
  for (size_t i = 0; i < n; i++)
    CHECK(items[i].penalty == c->items[i].penalty);
  return 1;
}

/* Stores the comms 1->5 (twice), 1->6, 2->5, 3->7 and looks other comms up
 * under their key: only the same sequence is recalled. */
static void check_recall_compares(const myr_options *opt)
{
  enum { N = 5 };
  const cg_host src[N] = {1, 1, 1, 2, 3}, dst[N] = {5, 5, 6, 5, 7};
  myr_comp c = {0};
  for (int twice = 0; twice < 2; twice++) { /* kept once answered by the canonical table */
    myr_comp_clear(&c);
    for (size_t i = 0; i < N; i++)
      myr_comp_add(&c, (cg_comm)i, src[i], dst[i]);
    myr_comp_solve(&c, opt);
  }
  CHECK(c.memo.hits == 1 || c.method == MYR_CLOSED);
  uint64_t key = myr_memo_key(c.items, N);
  CHECK(recalled(&c, src, dst, N, key, opt));
  const cg_host rs[N] = {3, 1, 2, 1, 1}, rd[N] = {7, 5, 5, 6, 5}; /* the same, reordered */
  CHECK(!recalled(&c, rs, rd, N, key, opt));
  const cg_host od[N] = {5, 5, 6, 5, 6}; /* 3->6 instead of 3->7 */
  CHECK(!recalled(&c, src, od, N, key, opt));
  const cg_host md[N] = {5, 6, 6, 5, 7}; /* 1->5 once, 1->6 twice */
  CHECK(!recalled(&c, src, md, N, key, opt));
  const cg_host os[N] = {1, 1, 1, 2, 4}; /* 4->7 instead of 3->7: 4 is no source */
  CHECK(!recalled(&c, os, dst, N, key, opt));
  CHECK(!recalled(&c, src, dst, N - 1, key, opt)); /* one comm fewer */
  CHECK(c.memo.recalls == 1);
  myr_comp_free(&c);
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

  static shape shifted[POOL];
  for (int k = 0; k < POOL; k++)
    shape_shift(&shifted[k], &pool[k], 100);

  myr_options opt = myr_default_options(8);
  myr_comp c = {0};
  /* graph[k]: k's graph is in the canonical table; kept[k][moved]: its
   * comms are kept by host ids (solved by a closed form, or answered by the
   * canonical table, and at most MYR_RECALL_MAX_COMMS of them) */
  int graph[POOL] = {0}, kept[POOL][2] = {{0}}, approx = 0, closed = 0;
  uint64_t expected_hits = 0, expected_recalls = 0;
  for (int d = 0; d < DRAWS; d++) {
    int k = (int)(check_rand() % POOL), moved = (int)(check_rand() % 2);
    myr_method m = same_as_fresh(&c, moved ? &shifted[k] : &pool[k], &opt);
    int hit = 0;
    if (kept[k][moved])
      expected_recalls++;
    else if (m != MYR_CLOSED && graph[k])
      expected_hits++, hit = 1;
    graph[k] |= m != MYR_CLOSED;
    kept[k][moved] |= (hit || m == MYR_CLOSED) && pool[k].n <= MYR_RECALL_MAX_COMMS;
    approx += m == MYR_APPROX;
    closed += m == MYR_CLOSED;
  }
  CHECK(c.memo.recalls == expected_recalls);
  CHECK(c.memo.hits == expected_hits);
  CHECK(expected_recalls >= 60);
  CHECK(expected_hits >= 20);
  CHECK(approx > 0); /* the torus went through BP and regions */
  CHECK(closed > 0); /* the all-to-all through the closed form, never stored */
  printf("%d draws: %llu recalled, %llu answered by the canonical table, %d by BP + regions, %d by the closed "
         "form\n",
         DRAWS, (unsigned long long)c.memo.recalls, (unsigned long long)c.memo.hits, approx, closed);

  /* Host ids shifted by 1000: the same canonical graph, answered by the
   * canonical table; again: recalled; comms reversed: canonical again.
   * The torus, of more than MYR_RECALL_MAX_COMMS comms, is never
   * recalled. */
  int small = 0;
  while (fresh(&pool[small], opt, want) == MYR_CLOSED)
    small++;
  CHECK(pool[small].n <= MYR_RECALL_MAX_COMMS);
  CHECK(pool[POOL - 2].n > MYR_RECALL_MAX_COMMS);
  shape moved = {0}, reversed = {0}, torus = {0};
  shape_shift(&moved, &pool[small], 1000);
  uint64_t hits = c.memo.hits, recalls = c.memo.recalls;
  same_as_fresh(&c, &moved, &opt);
  CHECK(c.memo.hits == hits + 1);
  CHECK(c.memo.recalls == recalls);
  same_as_fresh(&c, &moved, &opt);
  CHECK(c.memo.hits == hits + 1);
  CHECK(c.memo.recalls == recalls + 1);
  shape_copy(&reversed, &moved);
  for (size_t i = 0; i < moved.n; i++) {
    reversed.src[i] = moved.src[moved.n - 1 - i];
    reversed.dst[i] = moved.dst[moved.n - 1 - i];
  }
  same_as_fresh(&c, &reversed, &opt);
  CHECK(c.memo.hits == hits + 2);
  CHECK(c.memo.recalls == recalls + 1);
  shape_shift(&torus, &pool[POOL - 2], 1000);
  same_as_fresh(&c, &torus, &opt);
  same_as_fresh(&c, &torus, &opt);
  CHECK(c.memo.hits == hits + 4);
  CHECK(c.memo.recalls == recalls + 1);

  /* A comm alone is never stored by host ids (its closed form costs less
   * than an entry); two comms from one source, solved by the closed form
   * too, are, from their first solve. */
  shape alone = {0}, two = {0};
  shape_add(&alone, 2000, 2001);
  shape_add(&two, 2000, 2001);
  shape_add(&two, 2000, 2002);
  size_t rcount = c.memo.rcount;
  recalls       = c.memo.recalls;
  CHECK(same_as_fresh(&c, &alone, &opt) == MYR_CLOSED);
  CHECK(same_as_fresh(&c, &alone, &opt) == MYR_CLOSED);
  CHECK(got[0] == 1.0);
  CHECK(c.memo.rcount == rcount && c.memo.recalls == recalls);
  CHECK(same_as_fresh(&c, &two, &opt) == MYR_CLOSED);
  CHECK(c.memo.rcount == rcount + 1);
  CHECK(same_as_fresh(&c, &two, &opt) == MYR_CLOSED);
  CHECK(c.memo.recalls == recalls + 1);
  shape_free(&alone);
  shape_free(&two);

  /* One more comm on an existing pair: another graph. */
  shape heavier = {0};
  shape_copy(&heavier, &pool[POOL - 2]);
  shape_add(&heavier, heavier.src[0], heavier.dst[0]);
  hits = c.memo.hits;
  recalls = c.memo.recalls;
  same_as_fresh(&c, &heavier, &opt);
  CHECK(c.memo.hits == hits);
  CHECK(c.memo.recalls == recalls);

  /* Other options (another width, then the dense DP off, BP without the
   * cycle's return, another large_pairs: the torus's 384 pairs are
   * "large"): the stored results are not theirs. Each empties both tables,
   * the recall holding `wide` as solved with the options before. */
  shape wide = {0}; /* beyond the exact bounds of both widths: their results differ */
  shape_connected(&wide, 120, 24, check_rand);
  static double w8[MAXC], w6[MAXC];
  CHECK(fresh(&wide, opt, w8) == MYR_APPROX);
  CHECK(fresh(&wide, myr_default_options(6), w6) == MYR_APPROX);
  CHECK(memcmp(w8, w6, wide.n * sizeof *w8) != 0);
  same_as_fresh(&c, &wide, &opt);
  same_as_fresh(&c, &wide, &opt); /* answered by the canonical table: kept */
  myr_options other[4];
  other[0] = myr_default_options(6);
  other[1] = other[0];
  other[1].dense_exact = 0;
  other[2] = other[1];
  other[2].bp_cycle = 0;
  other[3] = other[2];
  other[3].large_pairs = 128;
  for (int k = 0; k < 4; k++) {
    uint64_t flushes = c.memo.flushes, rflushes = c.memo.rflushes;
    hits = c.memo.hits;
    recalls = c.memo.recalls;
    same_as_fresh(&c, &pool[POOL - 2], &other[k]);
    CHECK(c.memo.flushes == flushes + 1);
    CHECK(c.memo.rflushes == rflushes + 1);
    same_as_fresh(&c, &wide, &other[k]);
    same_as_fresh(&c, &wide, &other[k]);
    same_as_fresh(&c, &wide, &other[k]);
    CHECK(c.memo.hits == hits + 1);
    CHECK(c.memo.recalls == recalls + 1);
  }
  myr_comp_free(&c);

  /* A memo of 4 KiB: emptied whenever it fills, never wrong. */
  myr_comp tiny = {0};
  tiny.memo.max_bytes = 4096;
  for (int d = 0; d < DRAWS; d++)
    same_as_fresh(&tiny, &pool[check_rand() % POOL], &opt);
  CHECK(tiny.memo.flushes > 0);
  CHECK(tiny.memo.rflushes > 0);
  CHECK(tiny.memo.bytes <= 4096);
  CHECK(tiny.memo.rbytes <= 4096);
  printf("4 KiB memo: emptied %llu + %llu times, %llu answers, %llu recalls\n",
         (unsigned long long)tiny.memo.flushes, (unsigned long long)tiny.memo.rflushes,
         (unsigned long long)tiny.memo.hits, (unsigned long long)tiny.memo.recalls);
  myr_comp_free(&tiny);

  check_recall_compares(&opt);
  shape_free(&moved);
  shape_free(&reversed);
  shape_free(&torus);
  shape_free(&wide);
  shape_free(&heavier);
  for (int k = 0; k < POOL; k++) {
    shape_free(&pool[k]);
    shape_free(&shifted[k]);
  }
  CHECK_DONE();
}
