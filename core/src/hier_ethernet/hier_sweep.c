/* Incremental Algorithm 1 (hier_sweep.h): flows, resource lists, the
 * sweep over the events a change reaches, and the recording of a full
 * run. The rules in evaluate() are those of solve() in
 * tech_hier_ethernet.c, read at a key instead of along a loop. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "hier_rules.h"
#include "hier_sweep.h"

#define GROWF(st, field, n) cg_grow((void **)&(st)->field, &(st)->field##_cap, (n), sizeof *(st)->field)


static int before(const hs_key *a, const hs_key *b)
{
  if (a->m != b->m)
    return a->m > b->m;
  if (a->k != b->k)
    return a->k > b->k;
  if (a->kb != b->kb)
    return a->kb > b->kb;
  if (a->s != b->s)
    return a->s < b->s;
  return a->d < b->d;
}

static int key_eq(const hs_key *a, const hs_key *b)
{
  return a->m == b->m && a->k == b->k && a->kb == b->kb && a->s == b->s && a->d == b->d;
}

static hs_key key_of(const hs_rec *r, unsigned ev)
{
  return (hs_key){hier_dmax(r->k, r->kb[ev]), r->k, r->kb[ev], r->s, r->d};
}

/* Resource rid; hs_edge() grows the arrays for every flow's resources. */
static inline hs_res *res_at(hs_state *st, uint32_t rid)
{
  return rid & HS_BB ? &st->bb[rid & ~HS_BB] : &st->nic[rid];
}

void hs_free(hs_state *st)
{
  for (size_t i = 0; i < st->nic_cap; i++) {
    free(st->nic[i].ent);
    free(st->nic[i].rd);
  }
  for (size_t i = 0; i < st->bb_cap; i++) {
    free(st->bb[i].ent);
    free(st->bb[i].rd);
  }
  free(st->nic);
  free(st->bb);
  free(st->pk);
  free(st->pv);
  free(st->rec);
  free(st->chg);
  free(st->firsts);
  free(st->settled);
  free(st->q);
}

/* ---- Resource lists ------------------------------------------------- */

/* Place of key in x's entries: the first entry not before it. */
static size_t entry_pos(const hs_res *x, const hs_key *key)
{
  size_t lo = 0, hi = x->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (before(&x->ent[mid].key, key))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static void entry_insert(hs_state *st, hs_res *x, const hs_entry *e)
{
  size_t i = entry_pos(x, &e->key);
  cg_grow((void **)&x->ent, &x->cap, x->n + 1, sizeof *x->ent);
  memmove(&x->ent[i + 1], &x->ent[i], (x->n - i) * sizeof *x->ent);
  x->ent[i] = *e;
  x->n++;
  st->work += x->n - i;
}

/* Place of flow e's entry of key `key` in x (keys of a comm gone and of
 * a new one on the same pair may be equal). */
static size_t entry_of(hs_state *st, const hs_res *x, const hs_key *key, cg_edge e)
{
  size_t i = entry_pos(x, key);
  while (x->ent[i].e != e)
    i++, st->work++;
  return i;
}

static void entry_remove(hs_state *st, hs_res *x, const hs_key *key, cg_edge e)
{
  size_t i = entry_of(st, x, key, e);
  memmove(&x->ent[i], &x->ent[i + 1], (x->n - i - 1) * sizeof *x->ent);
  x->n--;
  st->work += x->n - i + 1;
}

/* Removes flow r (edge e)'s entry from the lists of its with-flow
 * resources. */
static void drop_entry(hs_state *st, hs_rec *r, cg_edge e)
{
  for (uint32_t i = 0; i < r->nw; i++)
    entry_remove(st, res_at(st, r->rid[i]), &r->ent, e);
  r->has_ent = 0;
}

/* Marks the entry of a comm gone (O(log n), where removing it from a
 * backbone's list of n would move n entries), compacting the list once
 * half of it is dead. */
static void bury_entry(hs_state *st, hs_rec *r, cg_edge e)
{
  for (uint32_t i = 0; i < r->nw; i++) {
    hs_res *x = res_at(st, r->rid[i]);
    hs_entry *d = &x->ent[entry_of(st, x, &r->ent, e)];
    d->e = CG_NO_EDGE, d->mult = 0, d->bw = 0;
    if (2 * ++x->dead > x->n) {
      size_t k = 0;
      for (size_t j = 0; j < x->n; j++)
        if (x->ent[j].e != CG_NO_EDGE)
          x->ent[k++] = x->ent[j];
      x->n = k;
      x->dead = 0;
    }
  }
  r->has_ent = 0;
}

/* The fixed flows of x before key: count, bandwidth summed in key order,
 * largest bandwidth. */
typedef struct prefix {
  size_t fixed;
  double used, maxbw;
} prefix;

static prefix prefix_at(hs_state *st, const hs_res *x, const hs_key *key)
{
  prefix p = {0, 0, 0};
  size_t i = 0;
  for (; i < x->n && before(&x->ent[i].key, key); i++) {
    p.fixed += x->ent[i].mult;
    p.used += x->ent[i].mult * x->ent[i].bw;
    p.maxbw = hier_dmax(p.maxbw, x->ent[i].bw);
  }
  st->work += i + 1;
  return p;
}

/* ---- Flows ------------------------------------------------------------ */

static void reader_add(hs_state *st, cg_edge e, unsigned slot)
{
  hs_rec *r = &st->rec[e];
  hs_res *x = res_at(st, r->rid[slot]);
  r = &st->rec[e];
  cg_grow((void **)&x->rd, &x->rcap, x->nr + 1, sizeof *x->rd);
  r->rpos[slot] = (uint32_t)x->nr;
  x->rd[x->nr++] = e;
}

static void reader_remove(hs_state *st, cg_edge e, unsigned slot)
{
  hs_rec *r = &st->rec[e];
  uint32_t rid = r->rid[slot];
  hs_res *x = res_at(st, rid);
  cg_edge moved = x->rd[--x->nr];
  x->rd[r->rpos[slot]] = moved;
  hs_rec *m = &st->rec[moved];
  for (unsigned j = 0; j < 8; j++) /* a resource is at most once in a flow */
    if ((j < m->nw || (j >= 4 && j - 4 < m->nw)) && m->rid[j] == rid) {
      m->rpos[j] = r->rpos[slot];
      break;
    }
}

static int slot_used(const hs_rec *r, unsigned j) { return j < 4 ? j < r->nw : j - 4 < r->nw; }

/* ---- (src, dst) -> edge ------------------------------------------------ */

static uint64_t pair_key(cg_host a, cg_host b) { return (uint64_t)a << 32 | b; }

static size_t pair_home(const hs_state *st, uint64_t k)
{
  uint64_t x = k * UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(x ^ (x >> 29)) & (st->p_cap - 1);
}

/* The slot of key k, or the empty slot where it goes (empty: value
 * CG_NO_EDGE). */
static size_t pair_slot(const hs_state *st, uint64_t k)
{
  size_t i = pair_home(st, k);
  while (st->pv[i] != CG_NO_EDGE && st->pk[i] != k)
    i = (i + 1) & (st->p_cap - 1);
  return i;
}

static void pair_put(hs_state *st, uint64_t k, cg_edge e)
{
  if (2 * (st->p_used + 1) > st->p_cap) {
    uint64_t *ok = st->pk;
    cg_edge *ov = st->pv;
    size_t oc = st->p_cap;
    st->p_cap = oc ? 2 * oc : 64;
    st->pk = cg_xmalloc(st->p_cap * sizeof *st->pk);
    st->pv = cg_xmalloc(st->p_cap * sizeof *st->pv);
    for (size_t i = 0; i < st->p_cap; i++)
      st->pv[i] = CG_NO_EDGE;
    for (size_t i = 0; i < oc; i++)
      if (ov[i] != CG_NO_EDGE) {
        size_t j = pair_slot(st, ok[i]);
        st->pk[j] = ok[i], st->pv[j] = ov[i];
      }
    free(ok);
    free(ov);
  }
  size_t i = pair_slot(st, k);
  st->pk[i] = k, st->pv[i] = e;
  st->p_used++;
}

/* Removes key k (present), shifting back the entries that follow. */
static cg_edge pair_take(hs_state *st, uint64_t k)
{
  size_t mask = st->p_cap - 1, i = pair_slot(st, k);
  cg_edge e = st->pv[i];
  for (size_t j = (i + 1) & mask; st->pv[j] != CG_NO_EDGE; j = (j + 1) & mask) {
    size_t h = pair_home(st, st->pk[j]);
    if (((j - h) & mask) >= ((j - i) & mask)) { /* may move to i */
      st->pk[i] = st->pk[j], st->pv[i] = st->pv[j];
      i = j;
    }
  }
  st->pv[i] = CG_NO_EDGE;
  st->p_used--;
  return e;
}

static void mark_changed(hs_state *st, uint32_t rid)
{
  hs_res *x = res_at(st, rid);
  if (x->changed)
    return;
  x->changed = 1;
  GROWF(st, chg, st->nchg + 1);
  st->chg[st->nchg++] = rid;
}

/* A new flow a -> b on edge e, of no comm yet: its resources and reader
 * lists. */
static void birth(hs_state *st, cg_edge e, cg_host a, cg_host b, int32_t ra, int32_t rb)
{
  pair_put(st, pair_key(a, b), e);
  GROWF(st, nic, 2 * (size_t)(a > b ? a : b) + 2);
  if (ra >= 0 && rb >= 0)
    GROWF(st, bb, 2 * (size_t)(ra > rb ? ra : rb) + 2);
  GROWF(st, rec, (size_t)e + 1);
  hs_rec *r = &st->rec[e];
  *r = (hs_rec){.s = a, .d = b, .nw = 2, .live = 1};
  r->rid[0] = 2 * a, r->rid[1] = 2 * b + 1; /* NIC out of a, in of b */
  r->rid[4] = 2 * a + 1, r->rid[5] = 2 * b; /* NIC in of a, out of b */
  if (ra >= 0 && rb >= 0 && ra != rb) {
    uint32_t ka = 2 * (uint32_t)ra, kb = 2 * (uint32_t)rb;
    r->rid[2] = HS_BB | ka, r->rid[3] = HS_BB | (kb + 1); /* backbone out of a's rack, in of b's */
    r->rid[6] = HS_BB | (ka + 1), r->rid[7] = HS_BB | kb;
    r->nw = 4;
  }
  for (unsigned j = 0; j < 8; j++)
    if (slot_used(r, j))
      reader_add(st, e, j);
  st->live++;
}

void hs_edge(hs_state *st, const cg_graph *g, cg_host a, cg_host b, int32_t ra, int32_t rb, int delta)
{
  if (st->stale) /* hs_rebuild() reads the graph afresh */
    return;
  cg_edge e = cg_graph_find_edge(g, a, b);
  if (delta < 0 && e == CG_NO_EDGE) /* its last comm is gone */
    e = pair_take(st, pair_key(a, b));
  else if (delta > 0 && (e >= st->rec_cap || !st->rec[e].live))
    birth(st, e, a, b, ra, rb);
  hs_rec *r = &st->rec[e];
  r->mult = (uint32_t)((int64_t)r->mult + delta);
  for (uint32_t i = 0; i < r->nw; i++) {
    res_at(st, r->rid[i])->flows = (uint32_t)((int64_t)res_at(st, r->rid[i])->flows + delta);
    mark_changed(st, r->rid[i]);
  }
  if (r->mult > 0)
    return;
  /* The edge is gone: its readers are all readers of a changed resource,
   * so they are re-run from their first event. */
  if (r->has_ent)
    bury_entry(st, r, e);
  for (unsigned j = 0; j < 8; j++)
    if (slot_used(r, j))
      reader_remove(st, e, j);
  r->live = 0;
  r->pending = 0;
  st->live--;
}

void hs_rebuild(hs_state *st, const cg_graph *g)
{
  for (size_t i = 0; i < st->rec_cap; i++)
    st->rec[i].live = 0;
  for (size_t i = 0; i < st->p_cap; i++)
    st->pv[i] = CG_NO_EDGE;
  st->p_used = st->live = 0;
  for (size_t i = 0; i < st->nic_cap; i++)
    st->nic[i].flows = 0, st->nic[i].n = st->nic[i].dead = st->nic[i].nr = 0;
  for (size_t i = 0; i < st->bb_cap; i++)
    st->bb[i].flows = 0, st->bb[i].n = st->bb[i].dead = st->bb[i].nr = 0;
  size_t H = cg_graph_host_count(g);
  for (cg_host a = 0; a < H; a++) {
    size_t m;
    const cg_edge *out = cg_graph_out_edges(g, a, &m);
    const cg_host *peer = cg_graph_out_edge_peers(g, a);
    const uint32_t *mult = cg_graph_out_edge_mults(g, a);
    for (size_t i = 0; i < m; i++) {
      birth(st, out[i], a, peer[i], cg_graph_host_group(g, a), cg_graph_host_group(g, peer[i]));
      hs_rec *r = &st->rec[out[i]];
      r->mult = mult[i];
      for (uint32_t j = 0; j < r->nw; j++)
        res_at(st, r->rid[j])->flows += mult[i];
    }
  }
  st->stale = 0;
}

/* ---- The sweep -------------------------------------------------------- */

static void heap_push(hs_state *st, hs_item it)
{
  GROWF(st, q, st->qn + 1);
  size_t i = st->qn++;
  while (i > 0 && before(&it.key, &st->q[(i - 1) / 2].key)) {
    st->q[i] = st->q[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  st->q[i] = it;
  st->work++;
}

static hs_item heap_pop(hs_state *st)
{
  hs_item top = st->q[0], x = st->q[--st->qn];
  size_t i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= st->qn)
      break;
    if (c + 1 < st->qn && before(&st->q[c + 1].key, &st->q[c].key))
      c++;
    if (!before(&st->q[c].key, &x.key))
      break;
    st->q[i] = st->q[c];
    i = c;
  }
  if (st->qn)
    st->q[i] = x;
  return top;
}

static void pend(hs_state *st, cg_edge e, unsigned ev)
{
  hs_rec *r = &st->rec[e];
  r->pending = 1;
  r->pev = (uint8_t)ev;
  r->seq++;
  heap_push(st, (hs_item){key_of(r, ev), e, ev, r->seq});
}

/* An entry of x changed at key p: every flow reading x with an event
 * after p is re-run from the first such event, unless it already waits
 * at that event or an earlier one. (One waiting at a later event, put
 * there by a change at a later key, moves back: its earlier events read
 * x too.) */
static void dirty_after(hs_state *st, uint32_t rid, const hs_key *p, cg_edge self)
{
  hs_res *x = res_at(st, rid);
  st->work += x->nr;
  if (st->work > st->budget) /* the sweep gives up: no need to finish */
    return;
  for (size_t i = 0; i < x->nr; i++) {
    cg_edge e = x->rd[i];
    hs_rec *r = &st->rec[e];
    if (e == self)
      continue;
    for (unsigned ev = 0; ev < r->nev && !(r->pending && r->pev <= ev); ev++) {
      hs_key k = key_of(r, ev);
      if (before(p, &k)) {
        pend(st, e, ev);
        break;
      }
    }
  }
}

static double value(const hs_state *st, uint32_t rid, double nic, double backbone)
{
  const hs_res *x = rid & HS_BB ? &st->bb[rid & ~HS_BB] : &st->nic[rid];
  return x->flows / (rid & HS_BB ? backbone : nic);
}

/* max flows / cap over the resources of slots base .. base + nw - 1 not
 * in off (as factor() in tech_hier_ethernet.c). */
static double factor(const hs_state *st, const hs_rec *r, unsigned base, unsigned off, double nic, double backbone)
{
  double k = 0;
  for (unsigned i = 0; i < r->nw; i++) {
    uint32_t rid = r->rid[base + i];
    const hs_res *x = rid & HS_BB ? &st->bb[rid & ~HS_BB] : &st->nic[rid];
    if (!(off >> i & 1u) && x->flows > 0) {
      double v = value(st, rid, nic, backbone);
      if (v > k)
        k = v;
    }
  }
  return k;
}

/* Settles flow e at event ev: bandwidth bw. */
static void settle(hs_state *st, cg_edge e, unsigned ev, double bw)
{
  hs_rec *r = &st->rec[e];
  hs_key key = key_of(r, ev);
  r->nev = (uint8_t)(ev + 1);
  r->pending = 0;
  if (r->has_ent && key_eq(&r->ent, &key) && r->bw == bw && r->ent_mult == r->mult)
    return;
  hs_key p = key;
  if (r->has_ent) {
    if (before(&r->ent, &p))
      p = r->ent;
    drop_entry(st, r, e);
  }
  hs_entry ent = {key, r->mult, e, bw};
  for (uint32_t i = 0; i < r->nw; i++)
    entry_insert(st, res_at(st, r->rid[i]), &ent);
  r->ent = key;
  r->ent_mult = r->mult;
  r->has_ent = 1;
  r->bw = bw;
  for (uint32_t i = 0; i < r->nw; i++)
    dirty_after(st, r->rid[i], &p, e);
  GROWF(st, settled, st->nsettled + 1); /* set once the sweep is through */
  st->settled[st->nsettled++] = e;
}

/* Event ev of flow e, at its key: the rules of solve(). Returns 0 when
 * the event cannot be run within HS_EVENTS (never seen; the caller then
 * gives up). */
static int run_event(hs_state *st, cg_edge e, unsigned ev, double nic, double backbone)
{
  hs_rec *r = &st->rec[e];
  hs_key key = key_of(r, ev);
  double beta = 0;
  if (r->k < r->kb[ev]) {
    unsigned was = r->dis[ev], dis = was;
    for (uint32_t i = 0; i < r->nw; i++) {
      uint32_t rid = r->rid[4 + i];
      const hs_res *x = res_at(st, rid);
      if ((was >> i & 1u) || x->flows == 0 || !hier_same(value(st, rid, nic, backbone), r->kb[ev]))
        continue;
      prefix p = prefix_at(st, x, &key);
      if (p.fixed > 0 && hier_same(p.used, rid & HS_BB ? backbone : nic))
        beta = hier_dmax(beta, 1.0 / p.maxbw);
      else
        dis |= 1u << i;
    }
    if (beta == 0) { /* re-queued with the unsaturated resources off */
      if (ev + 1 >= HS_EVENTS)
        return 0;
      r->kb[ev + 1] = dis == was ? 0 : factor(st, r, 4, dis, nic, backbone);
      r->dis[ev + 1] = (uint8_t)dis;
      r->nev = (uint8_t)(ev + 2);
      hs_key next = key_of(r, ev + 1);
      if (r->has_ent && before(&r->ent, &next)) { /* its entry would be read too early */
        hs_key old = r->ent;
        drop_entry(st, r, e);
        for (uint32_t i = 0; i < r->nw; i++)
          dirty_after(st, r->rid[i], &old, e);
      }
      r->pev = (uint8_t)(ev + 1);
      heap_push(st, (hs_item){next, e, ev + 1, r->seq});
      return 1;
    }
  }
  for (uint32_t i = 0; i < r->nw; i++) { /* fairness on every with-flow resource */
    uint32_t rid = r->rid[i];
    const hs_res *x = res_at(st, rid);
    prefix p = prefix_at(st, x, &key);
    beta = hier_dmax(beta, hier_fair_inverse(rid & HS_BB ? backbone : nic, x->flows, p.fixed, p.used, nic));
  }
  settle(st, e, ev, 1.0 / hier_dmax(beta, 1.0 / nic));
  return 1;
}

static int verdict(hs_state *st, int ok)
{
  st->gave_up += !ok;
  st->window_fails += !ok;
  if (++st->window_runs == HS_WINDOW) {
    if (st->cold_len == 0)
      st->cold_len = HS_WINDOW;
    if (2 * st->window_fails >= HS_WINDOW) {
      st->cold = st->cold_len;
      st->cold_len = st->cold_len < 1024 ? 2 * st->cold_len : 1024;
    } else
      st->cold_len = HS_WINDOW;
    st->window_runs = st->window_fails = 0;
  }
  return ok;
}

int hs_sweep(hs_state *st, cg_graph *g, double nic, double backbone)
{
  st->sweeps++;
  st->work = 0;
  st->qn = 0;
  st->nfirst = 0;
  st->nsettled = 0;
  st->budget = st->no_budget ? SIZE_MAX : 64 + 2 * st->live;
  size_t reach = 0;
  for (size_t i = 0; i < st->nchg; i++)
    reach += res_at(st, st->chg[i])->nr;
  if (reach > st->budget)
    return verdict(st, 0);
  /* Every reader of a changed count: new k, kbar, re-run from its first
   * event. */
  for (size_t i = 0; i < st->nchg; i++) {
    hs_res *x = res_at(st, st->chg[i]);
    for (size_t j = 0; j < x->nr; j++) {
      cg_edge e = x->rd[j];
      hs_rec *r = &st->rec[e];
      if (r->pending)
        continue;
      r->k = factor(st, r, 0, 0, nic, backbone);
      r->kb[0] = factor(st, r, 4, 0, nic, backbone);
      r->dis[0] = 0;
      r->nev = 1;
      pend(st, e, 0);
      GROWF(st, firsts, st->nfirst + 1);
      st->firsts[st->nfirst++] = e;
    }
  }
  /* Their entries now before their first event would be read early. */
  for (size_t i = 0; i < st->nfirst && st->work <= st->budget; i++) {
    hs_rec *r = &st->rec[st->firsts[i]];
    hs_key first = key_of(r, 0);
    if (r->has_ent && before(&r->ent, &first)) {
      hs_key old = r->ent;
      drop_entry(st, r, st->firsts[i]);
      for (uint32_t j = 0; j < r->nw; j++)
        dirty_after(st, r->rid[j], &old, st->firsts[i]);
    }
  }
  /* Past the budget, dirty_after() stops marking: the sweep must give up
   * even if the heap is empty. */
  int ok = 1;
  while (ok && st->work <= st->budget && st->qn) {
    hs_item it = heap_pop(st);
    hs_rec *r = &st->rec[it.e];
    if (r->live && r->pending && r->seq == it.seq)
      ok = run_event(st, it.e, it.ev, nic, backbone);
  }
  if (!ok || st->work > st->budget) {
    st->qn = 0;
    return verdict(st, 0);
  }
  /* Through: the penalties (a sweep that gave up sets none, so the graph
   * lists only the edges whose final penalty changed). */
  for (size_t i = 0; i < st->nsettled; i++)
    if (st->rec[st->settled[i]].live)
      cg_graph_set_edge_penalty(g, st->settled[i], nic / st->rec[st->settled[i]].bw);
  return verdict(st, 1);
}

void hs_done(hs_state *st)
{
  for (size_t i = 0; i < st->nchg; i++)
    res_at(st, st->chg[i])->changed = 0;
  st->nchg = 0;
}

/* ---- Recording a full run ------------------------------------------- */

void hs_clear_entries(hs_state *st, uint32_t rid)
{
  hs_res *x = res_at(st, rid);
  x->n = x->dead = 0;
}


void hs_begin(hs_state *st, cg_edge e, double k)
{
  hs_rec *r = &st->rec[e];
  r->k = k;
  r->nev = 0;
  r->has_ent = 0;
  r->pending = 0;
}

void hs_event(hs_state *st, cg_edge e, double kb, unsigned dis)
{
  hs_rec *r = &st->rec[e];
  if (r->nev < HS_EVENTS) {
    r->kb[r->nev] = kb;
    r->dis[r->nev] = (uint8_t)dis;
  }
  r->nev++; /* past HS_EVENTS (never seen) a sweep reaching it gives up */
}

void hs_fix(hs_state *st, cg_edge e, double bw)
{
  hs_rec *r = &st->rec[e];
  hs_key key = key_of(r, r->nev - 1u);
  hs_entry ent = {key, r->mult, e, bw};
  for (uint32_t i = 0; i < r->nw; i++) {
    hs_res *x = res_at(st, r->rid[i]);
    cg_grow((void **)&x->ent, &x->cap, x->n + 1, sizeof *x->ent);
    x->ent[x->n++] = ent;
  }
  r->ent = key;
  r->ent_mult = r->mult;
  r->has_ent = 1;
  r->bw = bw;
}
