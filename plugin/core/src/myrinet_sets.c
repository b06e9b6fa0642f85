/* State sets of one Myrinet component: exact enumeration of the maximal
 * send sets (maximal matchings), or, above the bound, exact enumeration on
 * a bounded neighbourhood of each source. See tech_myrinet.c. */
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_sets.h"

void myr_comp_clear(myr_comp *c) { c->n = 0; }

void myr_comp_add(myr_comp *c, cg_comm comm, cg_host src, cg_host dst)
{
  cg_grow((void **)&c->items, &c->cap, c->n + 1, sizeof *c->items);
  c->items[c->n++] = (myr_item){.comm = comm, .src = src, .dst = dst, .penalty = 1};
}

void myr_comp_free(myr_comp *c)
{
  free(c->items);
  free(c->by_dst);
  free(c->ball);
  free(c->next);
  free(c->mark);
  *c = (myr_comp){0};
}

/* Canonical order (src, dst, then handle): parallel comms are
 * interchangeable, so results do not depend on adjacency-list order. */
static int cmp_item(const void *a, const void *b)
{
  const myr_item *x = a, *y = b;
  if (x->src != y->src)
    return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst)
    return x->dst < y->dst ? -1 : 1;
  return x->comm < y->comm ? -1 : x->comm > y->comm;
}

/* ---- exact: Bron-Kerbosch on the complement of the conflict graph ---- */

typedef struct bk_ctx {
  uint64_t free_of[64]; /* comms that can send together with comm i */
  double counts[64];
  double sets;
} bk_ctx;

static int lowest_bit(uint64_t m) { return __builtin_ctzll(m); }

static void bk(bk_ctx *k, uint64_t R, uint64_t P, uint64_t X)
{
  if (!P && !X) {
    k->sets += 1;
    for (uint64_t m = R; m; m &= m - 1)
      k->counts[lowest_bit(m)] += 1;
    return;
  }
  /* Pivot: the vertex of P u X compatible with most of P. */
  uint64_t best_nb = 0;
  int best = -1;
  for (uint64_t m = P | X; m; m &= m - 1) {
    int u = lowest_bit(m);
    int c = __builtin_popcountll(P & k->free_of[u]);
    if (c > best) {
      best = c;
      best_nb = k->free_of[u];
    }
  }
  for (uint64_t cand = P & ~best_nb; cand; cand &= cand - 1) {
    int v = lowest_bit(cand);
    uint64_t bit = (uint64_t)1 << v;
    bk(k, R | bit, P & k->free_of[v], X & k->free_of[v]);
    P &= ~bit;
    X |= bit;
  }
}

/* Exact counts over the comms idx[0..n) of c (n <= 64): returns the number
 * of maximal send sets and writes each comm's count to counts[k]. */
static double solve_exact(const myr_comp *c, const size_t *idx, size_t n, double *counts)
{
  bk_ctx k;
  uint64_t all = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
  for (size_t i = 0; i < n; i++) {
    const myr_item *x = &c->items[idx[i]];
    uint64_t m = 0;
    for (size_t j = 0; j < n; j++) {
      const myr_item *y = &c->items[idx[j]];
      if (j != i && y->src != x->src && y->dst != x->dst)
        m |= (uint64_t)1 << j;
    }
    k.free_of[i] = m & all;
    k.counts[i] = 0;
  }
  k.sets = 0;
  bk(&k, 0, all, 0);
  for (size_t i = 0; i < n; i++)
    counts[i] = k.counts[i];
  return k.sets;
}

/* ---- approximation: exact on a bounded neighbourhood of each source ---- */

/* qsort has no context argument in C11; the core is single-threaded. */
static const myr_item *sort_items;
static int cmp_dst_index(const void *a, const void *b)
{
  size_t i = *(const size_t *)a, j = *(const size_t *)b;
  const myr_item *x = &sort_items[i], *y = &sort_items[j];
  if (x->dst != y->dst)
    return x->dst < y->dst ? -1 : 1;
  return i < j ? -1 : i > j;
}

static int cmp_size(const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

static size_t lower_src(const myr_comp *c, cg_host h)
{
  size_t lo = 0, hi = c->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (c->items[mid].src < h)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static size_t lower_dst(const myr_comp *c, cg_host h)
{
  size_t lo = 0, hi = c->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (c->items[c->by_dst[mid]].dst < h)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static void visit(myr_comp *c, size_t j, size_t *nn)
{
  if (c->mark[j] != c->epoch) {
    c->mark[j] = c->epoch;
    c->next[(*nn)++] = j;
  }
}

/* Penalty of the comms [lo, hi) of one source: exact over the comms
 * nearest to them in the conflict graph (breadth first; each layer in
 * canonical order, cut when `cap` comms are reached). */
static double local_penalty(myr_comp *c, size_t lo, size_t hi, size_t cap)
{
  size_t nb = 0, head = 0;
  c->epoch++;
  for (size_t i = lo; i < hi; i++) {
    c->ball[nb++] = i;
    c->mark[i] = c->epoch;
  }
  while (head < nb && nb < cap) {
    size_t layer_end = nb, nn = 0;
    for (; head < layer_end; head++) {
      const myr_item *x = &c->items[c->ball[head]];
      for (size_t j = lower_src(c, x->src); j < c->n && c->items[j].src == x->src; j++)
        visit(c, j, &nn);
      for (size_t j = lower_dst(c, x->dst); j < c->n && c->items[c->by_dst[j]].dst == x->dst; j++)
        visit(c, c->by_dst[j], &nn);
    }
    qsort(c->next, nn, sizeof *c->next, cmp_size); /* index order = canonical */
    for (size_t j = 0; j < nn && nb < cap; j++)
      c->ball[nb++] = c->next[j];
  }
  double counts[64];
  double sets = solve_exact(c, c->ball, nb, counts);
  double least = counts[0];
  for (size_t i = 1; i < hi - lo; i++)
    if (counts[i] < least)
      least = counts[i];
  return sets / least;
}

static void solve_local(myr_comp *c, size_t cap)
{
  size_t n = c->n;
  cg_grow((void **)&c->by_dst, &c->by_dst_cap, n, sizeof *c->by_dst);
  cg_grow((void **)&c->mark, &c->mark_cap, n, sizeof *c->mark);
  cg_grow((void **)&c->ball, &c->ball_cap, n, sizeof *c->ball);
  cg_grow((void **)&c->next, &c->next_cap, n, sizeof *c->next);
  for (size_t i = 0; i < n; i++) {
    c->by_dst[i] = i;
    c->mark[i] = 0;
  }
  c->epoch = 0;
  sort_items = c->items;
  qsort(c->by_dst, n, sizeof *c->by_dst, cmp_dst_index);
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && c->items[j].src == c->items[i].src)
      j++;
    /* A source with more comms than the bound gets its out-degree: exact
     * for a star, a lower bound otherwise (a set holds at most one of its
     * comms). */
    double pen = j - i > cap ? (double)(j - i) : local_penalty(c, i, j, cap);
    for (; i < j; i++)
      c->items[i].penalty = pen;
  }
}

void myr_comp_solve(myr_comp *c, size_t exact_max)
{
  if (c->n == 0)
    return;
  if (exact_max > 64)
    exact_max = 64;
  qsort(c->items, c->n, sizeof *c->items, cmp_item);
  if (c->n > exact_max) {
    solve_local(c, exact_max);
    return;
  }
  cg_grow((void **)&c->ball, &c->ball_cap, c->n, sizeof *c->ball);
  double counts[64];
  for (size_t i = 0; i < c->n; i++)
    c->ball[i] = i;
  double sets = solve_exact(c, c->ball, c->n, counts);
  /* Every comm of a source goes at the pace of its slowest one. */
  for (size_t i = 0; i < c->n;) {
    size_t j = i;
    double least = counts[i];
    for (; j < c->n && c->items[j].src == c->items[i].src; j++)
      if (counts[j] < least)
        least = counts[j];
    for (; i < j; i++)
      c->items[i].penalty = sets / least;
  }
}
