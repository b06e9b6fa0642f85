/* Hierarchical Ethernet (seed 002; doc/design.md sec. 4.4): racks of nodes with
 * one full-duplex NIC each and one full-duplex backbone per rack.
 *
 * Resources of a comm a -> b ("with-flow", eq. 1): NIC out of a, NIC in of
 * b and, between racks (both racks known and different), the backbone out
 * of a's rack and in of b's rack. "Contra-flow" resources (eq. 3): NIC in of
 * a, NIC out of b, backbone in of a's rack and out of b's rack. (With two
 * racks the two backbone sets coincide, as in the paper's single cable.)
 * Congestion factors k, k-bar (eq. 2, 4): max over those resources of
 * flows / capacity. Algorithm 1 then fixes bandwidths bottleneck first:
 *  - k >= k-bar: fair share of the bottleneck(s) among the flows not yet
 *    fixed, after the bandwidth of those already fixed (fairness, eq. 5);
 *  - else, on a contra-flow bottleneck saturated by fixed flows, the comm
 *    gets the largest bandwidth among them (asymmetric property, eq. 6:
 *    in = 2, out = 1 gives 470/470/470 of 940); an unsaturated contra-flow
 *    bottleneck is ignored and the comm re-queued.
 * No flow exceeds the NIC bandwidth, so the backbone (9.4 Gbps) does not
 * limit below nic/backbone = 10 flows, as measured.
 *
 * Penalty = nic / flow bandwidth: the scenario's effective bandwidth is
 * that of one flow alone on a NIC (940 Mbps measured). The model is global
 * (backbones couple every inter-rack flow), so each evaluation recomputes
 * all comms, and only changed penalties are reported. The bottleneck-first
 * order is found by counting sorts on ranks of the resources' values
 * (linear in comms and hosts): a heap of every flow was two thirds of the
 * cost (bench/replay). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/technology.h"

enum { P_NIC, P_BACKBONE };

static const cg_tech_param hier_params[] = {
  {"nic", "NIC bandwidth per direction in Mbps; one flow alone on it has penalty 1 (paper: 940)", 940, 1e-3, 1e9},
  {"backbone", "rack backbone bandwidth per direction in Mbps (paper, optical: 9400)", 9400, 1e-3, 1e9},
};

#define MAXR 4

typedef struct flow {
  cg_comm comm;
  cg_host src, dst;
  size_t with[MAXR], contra[MAXR];
  int nwith, ncontra;
  unsigned disabled; /* contra-flow resources switched off (line 19) */
  uint32_t rm, rk, rkb; /* ranks of max(k, kbar), k, kbar: 0 = largest */
  double k, kbar, bw;
} flow;

typedef struct res {
  double cap;    /* bandwidth, Mbps */
  size_t flows;  /* with-flow comms on it */
  size_t fixed;  /* of which already fixed */
  double used;   /* their total bandwidth */
  double maxbw;  /* their largest bandwidth */
  double value;  /* flows / cap, computed once per evaluation */
  uint32_t rank; /* rank of value among all resources' values */
} res;

typedef struct hier_state {
  flow *f;
  size_t fcap;
  res *r;
  size_t rcap;
  size_t *ord, *tmp, *count, *heap; /* processing order, its sort, requeued flows */
  size_t ord_cap, tmp_cap, count_cap, heap_cap, hn;
  size_t nres; /* resources of the last collect() */
  uint32_t *rank_nic, *rank_bb, *key; /* value ranks by flow count; sort keys */
  size_t rank_nic_cap, rank_bb_cap, key_cap;
} hier_state;

#define GROW(st, field, n) cg_grow((void **)&(st)->field, &(st)->field##_cap, (n), sizeof *(st)->field)

static void hier_destroy(void *p)
{
  hier_state *st = p;
  free(st->f);
  free(st->r);
  free(st->ord);
  free(st->tmp);
  free(st->count);
  free(st->heap);
  free(st->rank_nic);
  free(st->rank_bb);
  free(st->key);
  free(st);
}

static void hier_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)g, (void)d, (void)delta;
  cg_hostset_add(dirty, s); /* evaluate() recomputes every comm anyway */
}

/* fmax of two numbers that are never NaN, inlined (a libm call was 6 % of
 * the evaluation). */
static double dmax(double a, double b) { return a > b ? a : b; }

static int same(double a, double b) { return fabs(a - b) <= 1e-9 * dmax(fabs(a), fabs(b)); }

static double factor(const res *r, const size_t *ids, int n, unsigned off)
{
  double k = 0;
  for (int i = 0; i < n; i++)
    if (!(off >> i & 1u) && r[ids[i]].flows > 0 && r[ids[i]].value > k)
      k = r[ids[i]].value;
  return k;
}

/* Rank of factor() over the same resources: equal values, equal ranks, and
 * a larger value a smaller rank; `zero` is the rank of 0. */
static uint32_t factor_rank(const res *r, const size_t *ids, int n, unsigned off, uint32_t zero)
{
  uint32_t k = zero;
  for (int i = 0; i < n; i++)
    if (!(off >> i & 1u) && r[ids[i]].flows > 0 && r[ids[i]].rank < k)
      k = r[ids[i]].rank;
  return k;
}

/* Algorithm 1 takes the flows by decreasing (max(k, kbar), k, kbar); ties
 * by increasing (src, dst, handle), so the order never depends on
 * adjacency lists. Comparing the ranks of the values is comparing the
 * values. */
static int before(const flow *a, const flow *b)
{
  if (a->rm != b->rm)
    return a->rm < b->rm;
  if (a->rk != b->rk)
    return a->rk < b->rk;
  if (a->rkb != b->rkb)
    return a->rkb < b->rkb;
  if (a->src != b->src)
    return a->src < b->src;
  if (a->dst != b->dst)
    return a->dst < b->dst;
  return a->comm < b->comm;
}

/* Heap of the re-queued flows (rare): same order as the sorted ones. */
static void heap_push(hier_state *st, size_t x)
{
  GROW(st, heap, st->hn + 1);
  size_t i = st->hn++;
  while (i > 0 && before(&st->f[x], &st->f[st->heap[(i - 1) / 2]])) {
    st->heap[i] = st->heap[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  st->heap[i] = x;
}

static size_t heap_pop(hier_state *st)
{
  size_t top = st->heap[0], x = st->heap[--st->hn], i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= st->hn)
      break;
    if (c + 1 < st->hn && before(&st->f[st->heap[c + 1]], &st->f[st->heap[c]]))
      c++;
    if (!before(&st->f[st->heap[c]], &st->f[x]))
      break;
    st->heap[i] = st->heap[c];
    i = c;
  }
  if (st->hn)
    st->heap[i] = x;
  return top;
}

/* Builds the flows and resource counts of the whole graph. */
static size_t collect(cg_graph *g, hier_state *st, double nic, double backbone)
{
  size_t H = cg_graph_host_count(g), nsrc, n = 0;
  int32_t racks = 0;
  for (cg_host h = 0; h < H; h++)
    if (cg_graph_host_group(g, h) >= racks)
      racks = cg_graph_host_group(g, h) + 1;
  size_t R = 2 * H + 2 * (size_t)racks;
  st->nres = R;
  cg_grow((void **)&st->r, &st->rcap, R, sizeof *st->r);
  for (size_t i = 0; i < R; i++)
    st->r[i] = (res){.cap = i < 2 * H ? nic : backbone};
  cg_grow((void **)&st->f, &st->fcap, cg_graph_comm_count(g), sizeof *st->f);
  const cg_host *srcs = cg_graph_sources(g, &nsrc);
  for (size_t k = 0; k < nsrc; k++) {
    size_t m;
    const cg_comm *out = cg_graph_out_comms(g, srcs[k], &m);
    for (size_t j = 0; j < m; j++) {
      flow *f = &st->f[n++];
      cg_host a = srcs[k], b = cg_graph_comm_dst(g, out[j]);
      int32_t ra = cg_graph_host_group(g, a), rb = cg_graph_host_group(g, b);
      *f = (flow){.comm = out[j], .src = a, .dst = b, .nwith = 2, .ncontra = 2};
      f->with[0] = 2 * a;       /* NIC out of a */
      f->with[1] = 2 * b + 1;   /* NIC in of b */
      f->contra[0] = 2 * a + 1; /* NIC in of a */
      f->contra[1] = 2 * b;     /* NIC out of b */
      if (ra >= 0 && rb >= 0 && ra != rb) {
        size_t base = 2 * H;
        f->with[2] = base + 2 * (size_t)ra;       /* backbone out of a's rack */
        f->with[3] = base + 2 * (size_t)rb + 1;   /* backbone in of b's rack */
        f->contra[2] = base + 2 * (size_t)ra + 1; /* backbone in of a's rack */
        f->contra[3] = base + 2 * (size_t)rb;     /* backbone out of b's rack */
        f->nwith = f->ncontra = 4;
      }
      for (int i = 0; i < f->nwith; i++)
        st->r[f->with[i]].flows++;
    }
  }
  return n;
}

/* Ranks every resource's flows / cap among the distinct values, largest
 * first, without sorting doubles: a NIC's value grows with its flow count,
 * and so does a backbone's, so the two count-ordered lists are merged.
 * Returns the rank of the value 0 (after all others). */
static uint32_t rank_values(hier_state *st, size_t R, size_t H)
{
  size_t top = 0;
  for (size_t i = 0; i < R; i++)
    if (st->r[i].flows > top)
      top = st->r[i].flows;
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

#define SORT_BY(st, n, domain, field)            \
  do {                                           \
    for (size_t i_ = 0; i_ < (n); i_++)          \
      (st)->key[i_] = (uint32_t)(st)->f[i_].field; \
    counting_pass((st), (n), (domain));          \
  } while (0)

/* st->ord = the flows in Algorithm 1's order (see before()), n > 0:
 * stable counting sorts from the least significant field up (handles are
 * reused slots, below the peak number of live comms). */
static void sort_flows(hier_state *st, size_t n, size_t H, uint32_t ranks)
{
  GROW(st, ord, n);
  GROW(st, key, n);
  cg_comm top = 0;
  for (size_t i = 0; i < n; i++) {
    st->ord[i] = i;
    if (st->f[i].comm > top)
      top = st->f[i].comm;
  }
  SORT_BY(st, n, (size_t)top + 1, comm);
  SORT_BY(st, n, H, dst);
  SORT_BY(st, n, H, src);
  SORT_BY(st, n, ranks, rkb);
  SORT_BY(st, n, ranks, rk);
  SORT_BY(st, n, ranks, rm);
}

/* inverseBandwidth(i) of Algorithm 1: fair share of what the fixed flows
 * left on resource r, never above the NIC bandwidth. */
static double fair_inverse(const res *r, double nic)
{
  double avail = r->cap - r->used;
  size_t left = r->flows - r->fixed;
  if (avail <= r->cap * 1e-9) /* cannot happen bottleneck-first; stay finite */
    avail = r->cap / (double)r->flows;
  return dmax(1.0 / nic, (double)left / avail);
}

static void hier_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  (void)dirty;
  hier_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_graph_set_tech_state(g, st);
  }
  const double *p = cg_graph_tech_params(g);
  double nic = p[P_NIC];
  size_t n = collect(g, st, nic, p[P_BACKBONE]), H = cg_graph_host_count(g);
  if (n == 0)
    return;
  res *r = st->r;
  uint32_t zero = rank_values(st, st->nres, H);
  for (size_t i = 0; i < n; i++) {
    flow *f = &st->f[i];
    f->k = factor(r, f->with, f->nwith, 0);
    f->kbar = factor(r, f->contra, f->ncontra, 0);
    f->rk = factor_rank(r, f->with, f->nwith, 0, zero);
    f->rkb = factor_rank(r, f->contra, f->ncontra, 0, zero);
    f->rm = f->rk < f->rkb ? f->rk : f->rkb;
  }
  sort_flows(st, n, H, zero + 1);
  st->hn = 0;
  size_t next = 0;
  while (next < n || st->hn) {
    flow *f;
    if (st->hn && (next == n || before(&st->f[st->heap[0]], &st->f[st->ord[next]])))
      f = &st->f[heap_pop(st)];
    else
      f = &st->f[st->ord[next++]];
    double beta = 0;
    if (f->k >= f->kbar) {
      for (int i = 0; i < f->nwith; i++) {
        const res *x = &r[f->with[i]];
        if (same(x->value, f->k))
          beta = dmax(beta, fair_inverse(x, nic));
      }
    } else {
      unsigned was = f->disabled;
      for (int i = 0; i < f->ncontra; i++) {
        const res *x = &r[f->contra[i]];
        if ((f->disabled >> i & 1u) || x->flows == 0 || !same(x->value, f->kbar))
          continue;
        if (x->fixed > 0 && same(x->used, x->cap))
          beta = dmax(beta, 1.0 / x->maxbw);
        else
          f->disabled |= 1u << i;
      }
      if (beta == 0) {
        /* Re-queue with the unsaturated resources off; if none was found
         * (cannot happen, kbar is one of them) fall back to fairness so
         * the loop always ends. */
        int none = f->disabled == was;
        f->kbar = none ? 0 : factor(r, f->contra, f->ncontra, f->disabled);
        f->rkb = none ? zero : factor_rank(r, f->contra, f->ncontra, f->disabled, zero);
        f->rm = f->rk < f->rkb ? f->rk : f->rkb;
        heap_push(st, (size_t)(f - st->f));
        continue;
      }
    }
    f->bw = 1.0 / dmax(beta, 1.0 / nic);
    for (int i = 0; i < f->nwith; i++) {
      res *x = &r[f->with[i]];
      x->fixed++;
      x->used += f->bw;
      x->maxbw = dmax(x->maxbw, f->bw);
    }
    cg_graph_set_penalty(g, f->comm, nic / f->bw);
  }
}

const cg_tech cg_tech_hier_ethernet = {
  .name = "hier-ethernet",
  .description = "hierarchical Ethernet racks (TCP): NIC and backbone fairness, asymmetric full duplex, bottleneck first (Zhu et al.)",
  .params = hier_params,
  .param_count = sizeof hier_params / sizeof hier_params[0],
  .edge_changed = hier_edge_changed,
  .evaluate = hier_evaluate,
  .destroy_state = hier_destroy,
};
