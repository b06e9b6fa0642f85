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
 * order: hier_order.c. */
#include <math.h>
#include <stdlib.h>

#include "contention/technology.h"
#include "hier_ethernet.h"

enum { P_NIC, P_BACKBONE };

static const cg_tech_param hier_params[] = {
  {"nic", "NIC bandwidth per direction in Mbps; one flow alone on it has penalty 1 (paper: 940)", 940, 1e-3, 1e9, 0},
  {"backbone", "rack backbone bandwidth per direction in Mbps (paper, optical: 9400)", 9400, 1e-3, 1e9, 0},
};

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
  uint32_t zero = hier_rank_values(st, st->nres, H);
  for (size_t i = 0; i < n; i++) {
    flow *f = &st->f[i];
    f->k = factor(r, f->with, f->nwith, 0);
    f->kbar = factor(r, f->contra, f->ncontra, 0);
    f->rk = factor_rank(r, f->with, f->nwith, 0, zero);
    f->rkb = factor_rank(r, f->contra, f->ncontra, 0, zero);
    f->rm = f->rk < f->rkb ? f->rk : f->rkb;
  }
  hier_sort_flows(st, n, H, zero + 1);
  st->hn = 0;
  size_t next = 0;
  while (next < n || st->hn) {
    flow *f;
    if (st->hn && (next == n || hier_before(&st->f[st->heap[0]], &st->f[st->ord[next]])))
      f = &st->f[hier_heap_pop(st)];
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
        hier_heap_push(st, (size_t)(f - st->f));
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
