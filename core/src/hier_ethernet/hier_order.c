/* Bottleneck-first order of hierarchical Ethernet's Algorithm 1 (see
 * hier_ethernet.h): counting sorts on ranks of the resources' values,
 * linear in flows; a heap of every flow, comparing a 6-field key, was two
 * thirds of an evaluation (bench/replay). */
#include <stdlib.h>
#include <string.h>

#include "hier_ethernet.h"

/* Algorithm 1 takes the flows by decreasing (max(k, kbar), k, kbar); ties
 * by increasing (src, dst), so the order never depends on adjacency lists
 * (parallel comms, equal in all of these, are one edge). Comparing the
 * ranks of the values is comparing the values. */
int hier_before(const flow *a, const flow *b)
{
  if (a->rm != b->rm)
    return a->rm < b->rm;
  if (a->rk != b->rk)
    return a->rk < b->rk;
  if (a->rkb != b->rkb)
    return a->rkb < b->rkb;
  if (a->src != b->src)
    return a->src < b->src;
  return a->dst < b->dst;
}

/* Heap of the re-queued flows (rare): same order as the sorted ones. */
void hier_heap_push(hier_state *st, size_t x)
{
  GROW(st, heap, st->hn + 1);
  size_t i = st->hn++;
  while (i > 0 && hier_before(&st->f[x], &st->f[st->heap[(i - 1) / 2]])) {
    st->heap[i] = st->heap[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  st->heap[i] = x;
}

size_t hier_heap_pop(hier_state *st)
{
  size_t top = st->heap[0], x = st->heap[--st->hn], i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= st->hn)
      break;
    if (c + 1 < st->hn && hier_before(&st->f[st->heap[c + 1]], &st->f[st->heap[c]]))
      c++;
    if (!hier_before(&st->f[st->heap[c]], &st->f[x]))
      break;
    st->heap[i] = st->heap[c];
    i = c;
  }
  if (st->hn)
    st->heap[i] = x;
  return top;
}

typedef struct valued {
  double value;
  size_t res;
} valued;

static int by_value_desc(const void *a, const void *b)
{
  double x = ((const valued *)a)->value, y = ((const valued *)b)->value;
  return (x < y) - (x > y);
}

/* Ranks by sorting the loaded resources' values: for edges of large
 * multiplicity, whose flow counts range far beyond the resources. */
static uint32_t rank_sorted(hier_state *st, size_t R)
{
  GROW(st, vals, R);
  size_t m = 0;
  for (size_t i = 0; i < R; i++)
    if (st->r[i].flows > 0) {
      st->r[i].value = st->r[i].flows / st->r[i].cap;
      st->vals[m++] = (valued){st->r[i].value, i};
    }
  qsort(st->vals, m, sizeof *st->vals, by_value_desc);
  uint32_t rank = 0;
  for (size_t j = 0; j < m; j++) {
    if (j > 0 && st->vals[j].value != st->vals[j - 1].value)
      rank++;
    st->r[st->vals[j].res].rank = rank;
  }
  return m ? rank + 1 : 0;
}

/* Ranks every resource's flows / cap among the distinct values, largest
 * first, without sorting doubles: a NIC's value grows with its flow count,
 * and so does a backbone's, so the two count-ordered lists are merged,
 * in O(R + largest count); when that count is large beside R, by sorting
 * the values instead. Returns the rank of the value 0 (after all others). */
uint32_t hier_rank_values(hier_state *st, size_t R, size_t H)
{
  size_t top = 0;
  for (size_t i = 0; i < R; i++)
    if (st->r[i].flows > top)
      top = st->r[i].flows;
  if (top > 4 * R + 64)
    return rank_sorted(st, R);
  GROW(st, rank_nic, top + 1);
  GROW(st, rank_bb, top + 1);
  memset(st->rank_nic, 0, (top + 1) * sizeof *st->rank_nic);
  memset(st->rank_bb, 0, (top + 1) * sizeof *st->rank_bb);
  for (size_t i = 0; i < R; i++) /* mark the counts present */
    (i < 2 * H ? st->rank_nic : st->rank_bb)[st->r[i].flows] = 1;
  double nic = st->r[0].cap, bb = R > 2 * H ? st->r[2 * H].cap : 1;
  uint32_t rank = 0;
  size_t a = top, b = top;
  for (;;) {
    while (a > 0 && !st->rank_nic[a])
      a--;
    while (b > 0 && !st->rank_bb[b])
      b--;
    if (a == 0 && b == 0)
      break;
    double va = a ? a / nic : 0, vb = b ? b / bb : 0; /* as factor() divides */
    if (va >= vb)
      st->rank_nic[a--] = rank + 1; /* stored + 1: 0 still means absent */
    if (vb >= va)
      st->rank_bb[b--] = rank + 1;
    rank++;
  }
  for (size_t i = 0; i < R; i++)
    if (st->r[i].flows > 0) {
      st->r[i].value = st->r[i].flows / st->r[i].cap;
      st->r[i].rank = (i < 2 * H ? st->rank_nic : st->rank_bb)[st->r[i].flows] - 1;
    }
  return rank;
}

/* Stable counting sort of st->ord[0..n) by key[flow], keys < domain. */
static void counting_pass(hier_state *st, size_t n, size_t domain)
{
  GROW(st, count, domain + 1);
  GROW(st, tmp, n);
  memset(st->count, 0, (domain + 1) * sizeof *st->count);
  for (size_t i = 0; i < n; i++)
    st->count[st->key[st->ord[i]] + 1]++;
  if (st->count[st->key[st->ord[0]] + 1] == n)
    return; /* one key: already in order */
  for (size_t k = 0; k < domain; k++)
    st->count[k + 1] += st->count[k];
  for (size_t i = 0; i < n; i++)
    st->tmp[st->count[st->key[st->ord[i]]]++] = st->ord[i];
  size_t *t = st->ord;
  st->ord = st->tmp;
  st->tmp = t;
  size_t c = st->ord_cap;
  st->ord_cap = st->tmp_cap;
  st->tmp_cap = c;
}

/* One stable counting pass by key = f(flow) over `domain` values. */
#define PASS(st, n, domain, expr)                \
  do {                                           \
    for (size_t i_ = 0; i_ < (n); i_++) {        \
      const flow *f_ = &(st)->f[i_];             \
      (st)->key[i_] = (uint32_t)(expr);          \
    }                                            \
    counting_pass((st), (n), (domain));          \
  } while (0)

/* st->ord = the flows in Algorithm 1's order (see before()), n > 0, the
 * flows being collected in increasing (src, dst): stable counting sorts on
 * the ranks (rm, rk, rkb), each linear in the flows and its range; the
 * three ranks in one pass, or two, when their product range stays within
 * a few times the flows (the resources' distinct values are few). */
void hier_sort_flows(hier_state *st, size_t n, uint32_t ranks)
{
  GROW(st, ord, n);
  GROW(st, key, n);
  for (size_t i = 0; i < n; i++)
    st->ord[i] = i;
  size_t r = ranks, lim = 2 * n + 256;
  if (r * r * r <= lim) {
    PASS(st, n, r * r * r, ((size_t)f_->rm * r + f_->rk) * r + f_->rkb);
  } else if (r * r <= lim) {
    PASS(st, n, r * r, (size_t)f_->rk * r + f_->rkb);
    PASS(st, n, r, f_->rm);
  } else {
    PASS(st, n, r, f_->rkb);
    PASS(st, n, r, f_->rk);
    PASS(st, n, r, f_->rm);
  }
}
