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
 *  - k >= k-bar: fair share of its with-flow resources among the flows
 *    not yet fixed, after the bandwidth of those already fixed (fairness,
 *    eq. 5);
 *  - else, on a contra-flow bottleneck saturated by fixed flows, the comm
 *    gets the largest bandwidth among them (asymmetric property, eq. 6:
 *    in = 2, out = 1 gives 470/470/470 of 940), within the same fair
 *    shares; an unsaturated contra-flow bottleneck is ignored and the
 *    comm re-queued.
 * The fair share on every with-flow resource (the paper's lines 9-10 take
 * the bottleneck ones, line 17 none) keeps every NIC and backbone
 * direction within its capacity (doc/technologies.md).
 * No flow exceeds the NIC bandwidth, so the backbone (9.4 Gbps) does not
 * limit below nic/backbone = 10 flows, as measured.
 *
 * Penalty = nic / flow bandwidth: the scenario's effective bandwidth is
 * that of one flow alone on a NIC (940 Mbps measured).
 *
 * Incremental, first: the sweep of hier_sweep.h re-runs only the events
 * whose inputs changed. When it gives up: a flow's bandwidth depends only
 * on the flows sharing a with- or contra-flow resource with it,
 * transitively. Those of a -> b use
 * all four NIC directions of a and b and, between racks, both directions
 * of both racks' backbones; so a connected component of the graph whose
 * vertices are the hosts and racks, joined by the comms (and an inter-rack
 * comm's hosts to their racks), is computed alone. Algorithm 1's order
 * restricted to a component is the global order restricted (the keys
 * compare values, ties by src, dst), so evaluating only the components
 * holding a host touched since the last evaluation gives the bits of a
 * full evaluation. Each costs O(c log c) for its c edges and hosts, never
 * the graph's size. The bottleneck-first order: hier_order.c.
 *
 * Parallel comms are one edge (edge_penalties): they have the same key and
 * resources, so Algorithm 1 takes them one after the other and gives each
 * the same bandwidth (the fair share (cap - used) / left is unchanged by
 * fixing one of them, and the contra-flow rule reads resources they do not
 * use); the edge is fixed once, its multiplicity added to `fixed` and
 * mult x bw to `used`. The one exception is hier_fair_inverse()'s fallback on an
 * already saturated resource, where comms fixed one by one would get
 * bandwidths that depend on their handles: the edge's comms all get the
 * first one's. */
#include <stdlib.h>

#include "contention/technology.h"
#include "hier_ethernet.h"
#include "hier_rules.h"

enum { P_NIC, P_BACKBONE };

static const cg_tech_param hier_params[] = {
  {"nic", "NIC bandwidth per direction in Mbps; one flow alone on it has penalty 1 (paper: 940)", 940, 1e-3, 1e9, 0},
  {"backbone", "rack backbone bandwidth per direction in Mbps (paper, optical: 9400)", 9400, 1e-3, 1e9, 0},
};

static void hier_destroy(void *p)
{
  hier_state *st = p;
  cg_hostset_free(&st->done);
  cg_hostset_free(&st->done_racks);
  cg_hostset_free(&st->pend_racks);
  free(st->comp);
  free(st->comp_racks);
  free(st->loc);
  free(st->mark);
  free(st->rack_loc);
  free(st->xdeg);
  free(st->xpos);
  for (size_t i = 0; i < st->racks_cap; i++)
    free(st->racks[i].hosts);
  free(st->racks);
  free(st->f);
  free(st->r);
  free(st->ord);
  free(st->tmp);
  free(st->count);
  free(st->heap);
  free(st->rank_nic);
  free(st->rank_bb);
  free(st->key);
  free(st->vals);
  free(st->peers);
  hs_free(&st->inc);
  cg_hostset_free(&st->touched);
  free(st);
}

static hier_state *state_of(cg_graph *g)
{
  hier_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->done);
    cg_hostset_init(&st->done_racks);
    cg_hostset_init(&st->pend_racks);
    cg_hostset_init(&st->touched);
    cg_graph_set_tech_state(g, st);
  }
  return st;
}

static int inter_rack(int32_t ra, int32_t rb) { return ra >= 0 && rb >= 0 && ra != rb; }

/* One more (delta = +1) or one fewer inter-rack comm at h, of rack r:
 * h enters its rack's list with its first, leaves it with its last. */
static void count_inter_rack(hier_state *st, cg_host h, int32_t r, int delta)
{
  GROW(st, xdeg, (size_t)h + 1);
  GROW(st, xpos, (size_t)h + 1);
  GROW(st, racks, (size_t)r + 1);
  hier_rack *k = &st->racks[r];
  if (delta > 0) {
    if (st->xdeg[h]++ == 0) {
      cg_grow((void **)&k->hosts, &k->cap, k->n + 1, sizeof *k->hosts);
      st->xpos[h] = (uint32_t)k->n;
      k->hosts[k->n++] = h;
    }
  } else if (--st->xdeg[h] == 0) {
    cg_host last = k->hosts[--k->n];
    k->hosts[st->xpos[h]] = last;
    st->xpos[last] = st->xpos[h];
  }
}

/* Records s and d as touched (both may lose or gain coupling: after a
 * removal they may be in two components) and, for an inter-rack comm,
 * their racks; keeps the racks' lists. */
static void hier_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  hier_state *st = state_of(g);
  cg_hostset_add(dirty, s);
  cg_hostset_add(dirty, d);
  cg_hostset_add(&st->touched, s);
  cg_hostset_add(&st->touched, d);
  int32_t rs = cg_graph_host_group(g, s), rd = cg_graph_host_group(g, d);
  hs_edge(&st->inc, g, s, d, rs, rd, delta);
  if (inter_rack(rs, rd)) {
    count_inter_rack(st, s, rs, delta);
    count_inter_rack(st, d, rd, delta);
    /* A removal may leave s and d alone while their racks still couple
     * other comms, whose backbone load changed. */
    cg_hostset_add(&st->pend_racks, (uint32_t)rs);
    cg_hostset_add(&st->pend_racks, (uint32_t)rd);
  }
}

static int host_cmp(const void *a, const void *b)
{
  cg_host x = *(const cg_host *)a, y = *(const cg_host *)b;
  return (x > y) - (x < y);
}

/* Gathers the component of host h into st->comp (sorted by id, st->loc[h]
 * its index) and st->comp_racks (st->rack_loc their index), marking them
 * done. Returns the host count. */
static size_t component(const cg_graph *g, hier_state *st, cg_host h)
{
  size_t n = 0, nr = 0, H = cg_graph_host_count(g);
  GROW(st, comp, 1);
  cg_hostset_add(&st->done, h);
  st->comp[n++] = h;
  for (size_t q = 0; q < n; q++) {
    cg_host x = st->comp[q];
    size_t no, ni;
    cg_graph_out_edges(g, x, &no);
    cg_graph_in_edges(g, x, &ni);
    const cg_host *out = cg_graph_out_edge_peers(g, x), *in = cg_graph_in_edge_peers(g, x);
    GROW(st, comp, n + no + ni);
    for (size_t i = 0; i < no; i++)
      if (cg_hostset_add(&st->done, out[i]))
        st->comp[n++] = out[i];
    for (size_t i = 0; i < ni; i++)
      if (cg_hostset_add(&st->done, in[i]))
        st->comp[n++] = in[i];
    int32_t r = cg_graph_host_group(g, x);
    if (x < st->xdeg_cap && st->xdeg[x] > 0 && cg_hostset_add(&st->done_racks, (uint32_t)r)) {
      const hier_rack *k = &st->racks[r];
      GROW(st, comp_racks, nr + 1);
      st->comp_racks[nr++] = r;
      GROW(st, comp, n + k->n);
      for (size_t i = 0; i < k->n; i++)
        if (cg_hostset_add(&st->done, k->hosts[i]))
          st->comp[n++] = k->hosts[i];
    }
  }
  GROW(st, loc, H);
  if (8 * n >= H) { /* a large component: its hosts by a scan of all */
    GROW(st, mark, H);
    st->comp_no++;
    for (size_t i = 0; i < n; i++)
      st->mark[st->comp[i]] = st->comp_no;
    n = 0;
    for (cg_host x = 0; x < H; x++)
      if (st->mark[x] == st->comp_no)
        st->comp[n++] = x;
  } else
    qsort(st->comp, n, sizeof *st->comp, host_cmp);
  for (size_t i = 0; i < n; i++)
    st->loc[st->comp[i]] = (uint32_t)i;
  for (size_t i = 0; i < nr; i++) {
    GROW(st, rack_loc, (size_t)st->comp_racks[i] + 1);
    st->rack_loc[st->comp_racks[i]] = (uint32_t)i;
  }
  st->ncomp_racks = nr;
  return n;
}

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

static int u64_cmp(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static void sort_u64(uint64_t *v, size_t n)
{
  if (n > 16) {
    qsort(v, n, sizeof *v, u64_cmp);
    return;
  }
  for (size_t i = 1; i < n; i++) {
    uint64_t x = v[i];
    size_t j = i;
    for (; j > 0 && v[j - 1] > x; j--)
      v[j] = v[j - 1];
    v[j] = x;
  }
}

/* Builds the flows and resource counts of the component of st->comp
 * (hc hosts): NIC out / in of its host i are resources 2 i, 2 i + 1, the
 * backbone out / in of its rack j, 2 hc + 2 j and 2 hc + 2 j + 1. The
 * flows come in increasing (src, dst), as hier_sort_flows() wants. */
static size_t collect(const cg_graph *g, hier_state *st, size_t hc, double nic, double backbone)
{
  size_t R = 2 * hc + 2 * st->ncomp_racks, n = 0;
  st->nres = R;
  GROW(st, r, R);
  for (size_t i = 0; i < R; i++)
    st->r[i] = (res){.cap = i < 2 * hc ? nic : backbone};
  for (size_t k = 0; k < hc; k++) {
    size_t m;
    cg_host a = st->comp[k];
    const cg_edge *out = cg_graph_out_edges(g, a, &m);
    const cg_host *peer = cg_graph_out_edge_peers(g, a);
    const uint32_t *mult = cg_graph_out_edge_mults(g, a);
    GROW(st, f, n + m);
    GROW(st, peers, m);
    for (size_t j = 0; j < m; j++) /* by destination: flows in (src, dst) order */
      st->peers[j] = (uint64_t)st->loc[peer[j]] << 32 | j;
    sort_u64(st->peers, m);
    int32_t ra = cg_graph_host_group(g, a);
    for (size_t i = 0; i < m; i++) {
      size_t j = (uint32_t)st->peers[i];
      flow *f = &st->f[n++];
      cg_host b = peer[j], la = (cg_host)k, lb = (cg_host)(st->peers[i] >> 32);
      int32_t rb = cg_graph_host_group(g, b);
      *f = (flow){.edge = out[j], .mult = mult[j], .src = la, .dst = lb, .nwith = 2, .ncontra = 2};
      f->with[0] = 2 * (size_t)la;       /* NIC out of a */
      f->with[1] = 2 * (size_t)lb + 1;   /* NIC in of b */
      f->contra[0] = 2 * (size_t)la + 1; /* NIC in of a */
      f->contra[1] = 2 * (size_t)lb;     /* NIC out of b */
      if (inter_rack(ra, rb)) {
        size_t base = 2 * hc, ka = st->rack_loc[ra], kb = st->rack_loc[rb];
        f->with[2] = base + 2 * ka;       /* backbone out of a's rack */
        f->with[3] = base + 2 * kb + 1;   /* backbone in of b's rack */
        f->contra[2] = base + 2 * ka + 1; /* backbone in of a's rack */
        f->contra[3] = base + 2 * kb;     /* backbone out of b's rack */
        f->nwith = f->ncontra = 4;
      }
      for (int i = 0; i < f->nwith; i++)
        st->r[f->with[i]].flows += f->mult;
    }
  }
  return n;
}

/* Algorithm 1 on the component of st->comp (hc hosts). */
static void solve(cg_graph *g, hier_state *st, size_t hc, double nic, double backbone)
{
  size_t n = collect(g, st, hc, nic, backbone);
  if (n == 0)
    return;
  res *r = st->r;
  int rec = st->record; /* the run records a fresh state for the sweep */
  for (size_t i = 0; rec && i < hc; i++) {
    hs_clear_entries(&st->inc, 2 * st->comp[i]);
    hs_clear_entries(&st->inc, 2 * st->comp[i] + 1);
  }
  for (size_t i = 0; rec && i < st->ncomp_racks; i++) {
    hs_clear_entries(&st->inc, HS_BB | (2 * (uint32_t)st->comp_racks[i]));
    hs_clear_entries(&st->inc, HS_BB | (2 * (uint32_t)st->comp_racks[i] + 1));
  }
  uint32_t zero = hier_rank_values(st, st->nres, hc);
  for (size_t i = 0; i < n; i++) {
    flow *f = &st->f[i];
    f->k = factor(r, f->with, f->nwith, 0);
    if (rec)
      hs_begin(&st->inc, f->edge, f->k);
    f->kbar = factor(r, f->contra, f->ncontra, 0);
    f->rk = factor_rank(r, f->with, f->nwith, 0, zero);
    f->rkb = factor_rank(r, f->contra, f->ncontra, 0, zero);
    f->rm = f->rk < f->rkb ? f->rk : f->rkb;
  }
  hier_sort_flows(st, n, zero + 1);
  st->hn = 0;
  size_t next = 0;
  while (next < n || st->hn) {
    flow *f;
    if (st->hn && (next == n || hier_before(&st->f[st->heap[0]], &st->f[st->ord[next]])))
      f = &st->f[hier_heap_pop(st)];
    else
      f = &st->f[st->ord[next++]];
    if (rec)
      hs_event(&st->inc, f->edge, f->kbar, f->disabled);
    double beta = 0;
    if (f->k < f->kbar) {
      unsigned was = f->disabled;
      for (int i = 0; i < f->ncontra; i++) {
        const res *x = &r[f->contra[i]];
        if ((f->disabled >> i & 1u) || x->flows == 0 || !hier_same(x->value, f->kbar))
          continue;
        if (x->fixed > 0 && hier_same(x->used, x->cap))
          beta = hier_dmax(beta, 1.0 / x->maxbw);
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
    /* Fairness (line 10) on every with-flow resource, not only the
     * bottleneck ones, in both branches: the flow never takes more than
     * its fair share of what a resource has left, so no NIC or backbone
     * direction carries more than its capacity (hier_rules.h). */
    for (int i = 0; i < f->nwith; i++) {
      const res *x = &r[f->with[i]];
      beta = hier_dmax(beta, hier_fair_inverse(x->cap, x->flows, x->fixed, x->used, nic));
    }
    /* The edge's comms one after the other would each get this bandwidth:
     * the fair share (cap - used) / left is the same after fixing one, and
     * the contra-flow resources are not theirs. */
    f->bw = 1.0 / hier_dmax(beta, 1.0 / nic);
    for (int i = 0; i < f->nwith; i++) {
      res *x = &r[f->with[i]];
      x->fixed += f->mult;
      x->used += f->mult * f->bw;
      x->maxbw = hier_dmax(x->maxbw, f->bw);
    }
    if (rec)
      hs_fix(&st->inc, f->edge, f->bw);
    cg_graph_set_edge_penalty(g, f->edge, nic / f->bw);
  }
}

/* Solves each component holding one of the hosts (edge_changed adds both
 * ends of every comm added or removed; cg_graph_recompute_all every
 * source) or a rack an inter-rack comm joined or left. */
static void solve_components(cg_graph *g, hier_state *st, const cg_host *hosts, size_t n)
{
  const double *p = cg_graph_tech_params(g);
  cg_hostset_clear(&st->done);
  cg_hostset_clear(&st->done_racks);
  for (size_t k = 0; k < n; k++) {
    cg_host h = hosts[k];
    if (cg_hostset_has(&st->done, h) || cg_graph_out_degree(g, h) + cg_graph_in_degree(g, h) == 0)
      continue;
    solve(g, st, component(g, st, h), p[P_NIC], p[P_BACKBONE]);
  }
  for (size_t k = 0; k < st->pend_racks.count; k++) {
    const hier_rack *r = &st->racks[st->pend_racks.items[k]];
    if (r->n > 0 && !cg_hostset_has(&st->done, r->hosts[0]))
      solve(g, st, component(g, st, r->hosts[0]), p[P_NIC], p[P_BACKBONE]);
  }
  cg_hostset_clear(&st->pend_racks);
}

/* After comms were added or removed, the sweep; else, or when it gives
 * up, the components. While the sweep keeps giving up (hs_sweep turns
 * it "cold"), the components are solved without recording its state,
 * which a solve of every component records afresh afterwards. */
static void hier_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  hier_state *st = state_of(g);
  hs_state *inc = &st->inc;
  const double *p = cg_graph_tech_params(g);
  int swept = inc->cold == 0 && !inc->stale && st->touched.count == dirty->count &&
              hs_sweep(inc, g, p[P_NIC], p[P_BACKBONE]);
  hs_done(inc);
  cg_hostset_clear(&st->touched);
  if (swept) {
    cg_hostset_clear(&st->pend_racks);
    return;
  }
  st->record = inc->cold == 0;
  if (inc->cold > 0) {
    inc->cold--;
    inc->stale = 1;
    solve_components(g, st, dirty->items, dirty->count);
  } else if (inc->stale) {
    hs_rebuild(inc, g);
    size_t n;
    const cg_host *sources = cg_graph_sources(g, &n);
    solve_components(g, st, sources, n);
    inc->stale = 0;
  } else
    solve_components(g, st, dirty->items, dirty->count);
}

const cg_tech cg_tech_hier_ethernet = {
  .name = "hier-ethernet",
  .description = "hierarchical Ethernet racks (TCP): NIC and backbone fairness, asymmetric full duplex, bottleneck first (Zhu et al.)",
  .params = hier_params,
  .param_count = sizeof hier_params / sizeof hier_params[0],
  .edge_changed = hier_edge_changed,
  .evaluate = hier_evaluate,
  .destroy_state = hier_destroy,
  .edge_penalties = 1, /* parallel comms share key, resources and bandwidth */
};
