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
 * all comms, O(n log n), and only changed penalties are reported. */
#include <math.h>
#include <stdlib.h>

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
  double k, kbar, bw;
} flow;

typedef struct res {
  double cap;    /* bandwidth, Mbps */
  size_t flows;  /* with-flow comms on it */
  size_t fixed;  /* of which already fixed */
  double used;   /* their total bandwidth */
  double maxbw;  /* their largest bandwidth */
} res;

typedef struct hier_state {
  flow *f;
  size_t fcap;
  res *r;
  size_t rcap;
  size_t *heap;
  size_t hcap, hn;
} hier_state;

static void hier_destroy(void *p)
{
  hier_state *st = p;
  free(st->f);
  free(st->r);
  free(st->heap);
  free(st);
}

static void hier_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)g, (void)d, (void)delta;
  cg_hostset_add(dirty, s); /* evaluate() recomputes every comm anyway */
}

static int same(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b)); }

static double factor(const res *r, const size_t *ids, int n, unsigned off)
{
  double k = 0;
  for (int i = 0; i < n; i++)
    if (!(off >> i & 1u) && r[ids[i]].flows > 0 && r[ids[i]].flows / r[ids[i]].cap > k)
      k = r[ids[i]].flows / r[ids[i]].cap;
  return k;
}

/* Heap order: larger (max(k, kbar), k, kbar) first; ties by (src, dst,
 * handle), so the order never depends on adjacency lists. */
static int before(const flow *a, const flow *b)
{
  double ma = fmax(a->k, a->kbar), mb = fmax(b->k, b->kbar);
  if (ma != mb)
    return ma > mb;
  if (a->k != b->k)
    return a->k > b->k;
  if (a->kbar != b->kbar)
    return a->kbar > b->kbar;
  if (a->src != b->src)
    return a->src < b->src;
  if (a->dst != b->dst)
    return a->dst < b->dst;
  return a->comm < b->comm;
}

static void heap_push(hier_state *st, size_t x)
{
  cg_grow((void **)&st->heap, &st->hcap, st->hn + 1, sizeof *st->heap);
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

/* inverseBandwidth(i) of Algorithm 1: fair share of what the fixed flows
 * left on resource r, never above the NIC bandwidth. */
static double fair_inverse(const res *r, double nic)
{
  double avail = r->cap - r->used;
  size_t left = r->flows - r->fixed;
  if (avail <= r->cap * 1e-9) /* cannot happen bottleneck-first; stay finite */
    avail = r->cap / (double)r->flows;
  return fmax(1.0 / nic, (double)left / avail);
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
  size_t n = collect(g, st, nic, p[P_BACKBONE]);
  res *r = st->r;
  st->hn = 0;
  for (size_t i = 0; i < n; i++) {
    flow *f = &st->f[i];
    f->k = factor(r, f->with, f->nwith, 0);
    f->kbar = factor(r, f->contra, f->ncontra, 0);
    heap_push(st, i);
  }
  while (st->hn) {
    flow *f = &st->f[heap_pop(st)];
    double beta = 0;
    if (f->k >= f->kbar) {
      for (int i = 0; i < f->nwith; i++) {
        const res *x = &r[f->with[i]];
        if (same(x->flows / x->cap, f->k))
          beta = fmax(beta, fair_inverse(x, nic));
      }
    } else {
      unsigned was = f->disabled;
      for (int i = 0; i < f->ncontra; i++) {
        const res *x = &r[f->contra[i]];
        if ((f->disabled >> i & 1u) || x->flows == 0 || !same(x->flows / x->cap, f->kbar))
          continue;
        if (x->fixed > 0 && same(x->used, x->cap))
          beta = fmax(beta, 1.0 / x->maxbw);
        else
          f->disabled |= 1u << i;
      }
      if (beta == 0) {
        /* Re-queue with the unsaturated resources off; if none was found
         * (cannot happen, kbar is one of them) fall back to fairness so
         * the loop always ends. */
        f->kbar = f->disabled == was ? 0 : factor(r, f->contra, f->ncontra, f->disabled);
        heap_push(st, (size_t)(f - st->f));
        continue;
      }
    }
    f->bw = 1.0 / fmax(beta, 1.0 / nic);
    for (int i = 0; i < f->nwith; i++) {
      res *x = &r[f->with[i]];
      x->fixed++;
      x->used += f->bw;
      x->maxbw = fmax(x->maxbw, f->bw);
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
