/* hier-ethernet's incremental evaluation (the sweep of hier_sweep.h, or
 * the components holding a host touched since the last evaluation when it
 * gives up) against full ones, on random add / remove sequences with and
 * without racks, in immediate and deferred mode:
 *
 * 1. After every event (or flush), every live penalty has the same bits
 *    as after cg_graph_recompute_all on the same graph, and as on a second
 *    graph given the same events and never recomputed in full (so sweeps
 *    follow sweeps, as in a simulation); the sweeps must have run, and
 *    without racks never given up on the sparse graphs. Each sequence
 *    also runs with the sweep's budget off, so that it never gives up and
 *    long chains of re-runs (backbones, re-queues) are checked too.
 * 2. With racks, the sequences include events that change the penalty of
 *    a comm sharing no host, even transitively, with the comm added or
 *    removed (coupled through a backbone only): counted and required, so
 *    a search that missed the rack links would fail 1. Without racks
 *    there must be none.
 * 3. Every penalty against a per-comm reference of Algorithm 1 written
 *    here from the paper's description (O(n^2), no ranks, no sorting,
 *    parallel comms fixed one by one): relative difference within REF_TOL,
 *    except in evaluations where a with-flow bottleneck was already
 *    saturated by fixed comms (the "stay finite" fallback, counted): there
 *    the per-comm fallback gives parallel comms different bandwidths by
 *    handle, and the graph gives all comms of an edge the first one's.
 * 4. A backbone-only coupling by hand: two comms between racks 0 and 1 on
 *    four distinct hosts, backbone 1880 Mbps; a third on two other hosts
 *    saturates the backbones and gives each 1880 / 3 Mbps (penalty 1.5). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"
#include "hier_ethernet.h"

/* Parallel comms are one edge in the graph, fixed at once (fixed += k,
 * used += k bw) where the reference fixes them one by one: measured worst
 * 5.4e-14 ("racks, dense": cap - used cancels on a nearly saturated
 * resource). */
#define REF_TOL 6e-14

/* ---- Per-comm reference of Algorithm 1 -------------------------------- */

/* Resources whose fixed comms exceed the capacity, over all references;
 * sums of up to a few hundred bandwidths: rounding well below 1e-12. */
#define CAP_TOL 1e-12
static size_t over_capacity;

typedef struct rres {
  double cap, used, maxbw, value;
  size_t flows, fixed;
} rres;

typedef struct rflow {
  cg_comm c;
  cg_host s, d;
  size_t w[4], x[4]; /* with-flow, contra-flow resources */
  int nw, nx, done;
  unsigned off;
  double k, kb;
} rflow;

static double dmax(double a, double b) { return a > b ? a : b; }
static int same(double a, double b) { return fabs(a - b) <= 1e-9 * dmax(fabs(a), fabs(b)); }

static double rfactor(const rres *r, const size_t *ids, int n, unsigned off)
{
  double k = 0;
  for (int i = 0; i < n; i++)
    if (!(off >> i & 1u) && r[ids[i]].flows > 0 && r[ids[i]].value > k)
      k = r[ids[i]].value;
  return k;
}

/* a before b: decreasing (max(k, kbar), k, kbar), then increasing (src,
 * dst, handle). */
static int rbefore(const rflow *a, const rflow *b)
{
  double ma = dmax(a->k, a->kb), mb = dmax(b->k, b->kb);
  if (ma != mb)
    return ma > mb;
  if (a->k != b->k)
    return a->k > b->k;
  if (a->kb != b->kb)
    return a->kb > b->kb;
  if (a->s != b->s)
    return a->s < b->s;
  if (a->d != b->d)
    return a->d < b->d;
  return a->c < b->c;
}

/* pen[i] = penalty of live[i] by Algorithm 1 over all n comms. Returns
 * how many times a with-flow bottleneck was already saturated by fixed
 * comms (the "stay finite" fallback). */
static size_t reference(const cg_graph *g, const cg_comm *live, size_t n, double nic, double backbone, double *pen)
{
  size_t H = cg_graph_host_count(g);
  int32_t racks = 0;
  for (cg_host h = 0; h < H; h++)
    if (cg_graph_host_group(g, h) >= racks)
      racks = cg_graph_host_group(g, h) + 1;
  size_t R = 2 * H + 2 * (size_t)racks;
  rres *r = calloc(R, sizeof *r);
  rflow *f = calloc(n, sizeof *f);
  size_t fallbacks = 0;
  for (size_t i = 0; i < R; i++)
    r[i].cap = i < 2 * H ? nic : backbone;
  for (size_t i = 0; i < n; i++) {
    cg_host a = cg_graph_comm_src(g, live[i]), b = cg_graph_comm_dst(g, live[i]);
    int32_t ra = cg_graph_host_group(g, a), rb = cg_graph_host_group(g, b);
    f[i] = (rflow){.c = live[i], .s = a, .d = b, .nw = 2, .nx = 2};
    f[i].w[0] = 2 * a, f[i].w[1] = 2 * b + 1, f[i].x[0] = 2 * a + 1, f[i].x[1] = 2 * b;
    if (ra >= 0 && rb >= 0 && ra != rb) {
      f[i].w[2] = 2 * H + 2 * (size_t)ra, f[i].w[3] = 2 * H + 2 * (size_t)rb + 1;
      f[i].x[2] = 2 * H + 2 * (size_t)ra + 1, f[i].x[3] = 2 * H + 2 * (size_t)rb;
      f[i].nw = f[i].nx = 4;
    }
    for (int j = 0; j < f[i].nw; j++)
      r[f[i].w[j]].flows++;
  }
  for (size_t i = 0; i < R; i++)
    r[i].value = r[i].flows / r[i].cap;
  for (size_t i = 0; i < n; i++) {
    f[i].k = rfactor(r, f[i].w, f[i].nw, 0);
    f[i].kb = rfactor(r, f[i].x, f[i].nx, 0);
  }
  for (size_t left = n; left > 0;) {
    rflow *p = NULL;
    for (size_t i = 0; i < n; i++)
      if (!f[i].done && (!p || rbefore(&f[i], p)))
        p = &f[i];
    double beta = 0;
    if (p->k < p->kb) {
      unsigned was = p->off;
      for (int j = 0; j < p->nx; j++) {
        const rres *x = &r[p->x[j]];
        if ((p->off >> j & 1u) || x->flows == 0 || !same(x->value, p->kb))
          continue;
        if (x->fixed > 0 && same(x->used, x->cap))
          beta = dmax(beta, 1.0 / x->maxbw);
        else
          p->off |= 1u << j;
      }
      if (beta == 0) { /* re-queue without the unsaturated resources */
        p->kb = p->off == was ? 0 : rfactor(r, p->x, p->nx, p->off);
        continue;
      }
    }
    for (int j = 0; j < p->nw; j++) { /* fair share on every with-flow resource */
      const rres *x = &r[p->w[j]];
      double avail = x->cap - x->used;
      if (avail <= x->cap * 1e-9) {
        avail = x->cap / (double)x->flows;
        fallbacks++;
      }
      beta = dmax(beta, dmax(1.0 / nic, (double)(x->flows - x->fixed) / avail));
    }
    double bw = 1.0 / dmax(beta, 1.0 / nic);
    for (int j = 0; j < p->nw; j++) {
      rres *x = &r[p->w[j]];
      x->fixed++;
      x->used += bw;
      x->maxbw = dmax(x->maxbw, bw);
    }
    pen[p - f] = nic / bw;
    p->done = 1;
    left--;
  }
  for (size_t i = 0; i < R; i++) /* no NIC or backbone direction over its capacity */
    if (r[i].used > r[i].cap * (1 + CAP_TOL))
      over_capacity++;
  free(r);
  free(f);
  return fallbacks;
}

/* ---- Random sequences ------------------------------------------------- */

typedef struct setup {
  uint32_t hosts, racks; /* racks 0: every host of unknown rack */
  double params[2];      /* nic, backbone */
  size_t target;         /* live comms hover around it */
  unsigned parallel;     /* per mille of adds that copy a live comm's pair */
} setup;

static void set_racks(cg_graph *g, const setup *u)
{
  for (cg_host h = 0; h < u->hosts; h++)
    cg_graph_set_host_group(g, h, u->racks == 0 || h % 11 == 5 ? -1 : (int32_t)(h % u->racks));
}

static int find(uint32_t *up, uint32_t x)
{
  while (up[x] != x)
    x = up[x] = up[up[x]];
  return (int)x;
}

typedef struct tally {
  size_t events, bit_diff, backbone_only; /* backbone_only: immediate mode only */
  size_t chain_diff, sweeps, gave_up; /* the graph never recomputed in full */
  size_t ref_checked, ref_skipped; /* penalties compared, evaluations skipped */
  double ref_worst;
} tally;

/* One event: an add (sometimes on a live comm's pair) or a remove, on g
 * and on g2 alike (same handles). */
static void event(cg_graph *g, cg_graph *g2, const setup *u, cg_comm *live, size_t *nlive, cg_host *s,
                  cg_host *d, cg_comm *added)
{
  *added = CG_NO_COMM;
  if (*nlive < u->target / 2 || (*nlive < 2 * u->target && check_rand() % 2)) {
    if (*nlive > 0 && check_rand() % 1000 < u->parallel) {
      cg_comm c = live[check_rand() % *nlive];
      *s = cg_graph_comm_src(g, c), *d = cg_graph_comm_dst(g, c);
    } else {
      do {
        *s = check_rand() % u->hosts, *d = check_rand() % u->hosts;
      } while (*s == *d);
    }
    *added = live[(*nlive)++] = cg_graph_add(g, *s, *d);
    CHECK(cg_graph_add(g2, *s, *d) == *added);
  } else {
    size_t k = check_rand() % *nlive;
    *s = cg_graph_comm_src(g, live[k]), *d = cg_graph_comm_dst(g, live[k]);
    cg_graph_remove(g, live[k]);
    cg_graph_remove(g2, live[k]);
    live[k] = live[--*nlive];
  }
}

/* Checks 1 and 3 on the live comms; returns the penalties before the
 * full recomputation in pen. */
static void compare_full(cg_graph *g, const cg_graph *g2, const setup *u, const cg_comm *live, size_t nlive,
                         double *pen, double *ref, tally *t)
{
  for (size_t i = 0; i < nlive; i++)
    pen[i] = cg_graph_penalty(g, live[i]);
  cg_graph_recompute_all(g);
  for (size_t i = 0; i < nlive; i++) {
    double full = cg_graph_penalty(g, live[i]), chain = cg_graph_penalty(g2, live[i]);
    t->bit_diff += memcmp(&full, &pen[i], sizeof full) != 0;
    t->chain_diff += memcmp(&full, &chain, sizeof full) != 0;
  }
  if (nlive <= 600) {
    if (reference(g, live, nlive, u->params[0], u->params[1], ref) > 0) {
      t->ref_skipped++;
      return;
    }
    for (size_t i = 0; i < nlive; i++) {
      double rel = fabs(pen[i] - ref[i]) / ref[i];
      t->ref_worst = rel > t->ref_worst ? rel : t->ref_worst;
    }
    t->ref_checked += nlive;
  }
}

static tally replay(const setup *u, size_t events, int deferred, int no_budget)
{
  tally t = {0};
  cg_graph *g = cg_graph_create(&cg_tech_hier_ethernet, u->params);
  cg_graph *g2 = cg_graph_create(&cg_tech_hier_ethernet, u->params);
  set_racks(g, u);
  set_racks(g2, u);
  cg_graph_add(g2, 0, 1); /* creates the state; removed below */
  ((hier_state *)cg_graph_tech_state(g2))->inc.no_budget = no_budget;
  cg_graph_remove(g2, 0);
  size_t cap = events + 1, nlive = 0;
  cg_comm *live = calloc(cap, sizeof *live);
  double *pen = calloc(cap, sizeof *pen), *ref = calloc(cap, sizeof *ref);
  uint32_t *up = calloc(u->hosts, sizeof *up);
  uint8_t *listed = calloc(4 * cap + 16, 1);
  if (deferred) {
    cg_graph_set_deferred(g, 1);
    cg_graph_set_deferred(g2, 1);
  }
  for (size_t ev = 0; ev < events;) {
    cg_host s, d;
    cg_comm added;
    if (deferred) {
      for (size_t k = 1 + check_rand() % 6; k > 0 && ev < events; k--, ev++)
        event(g, g2, u, live, &nlive, &s, &d, &added);
      cg_graph_flush(g);
      cg_graph_flush(g2);
      compare_full(g, g2, u, live, nlive, pen, ref, &t);
      t.events++;
      continue;
    }
    event(g, g2, u, live, &nlive, &s, &d, &added);
    ev++;
    t.events++;
    /* Check 2: changed comms outside the host-only component of s, d. */
    for (uint32_t h = 0; h < u->hosts; h++)
      up[h] = h;
    for (size_t i = 0; i < nlive; i++)
      up[find(up, cg_graph_comm_src(g, live[i]))] = (uint32_t)find(up, cg_graph_comm_dst(g, live[i]));
    size_t nch;
    const cg_comm *ch = cg_graph_changed(g, &nch);
    memset(listed, 0, 4 * cap + 16);
    for (size_t i = 0; i < nch; i++)
      listed[ch[i]] = 1;
    int rs = find(up, s), rd = find(up, d);
    for (size_t i = 0; i < nlive; i++) {
      int c = find(up, cg_graph_comm_src(g, live[i]));
      if (listed[live[i]] && live[i] != added && c != rs && c != rd) {
        t.backbone_only++;
        break;
      }
    }
    compare_full(g, g2, u, live, nlive, pen, ref, &t);
  }
  const hier_state *st = cg_graph_tech_state(g2);
  t.sweeps = st->inc.sweeps;
  t.gave_up = st->inc.gave_up;
  cg_graph_destroy(g2);
  free(live);
  free(pen);
  free(ref);
  free(up);
  free(listed);
  cg_graph_destroy(g);
  return t;
}

static void run(const char *name, const setup *u, size_t events)
{
  for (int mode = 0; mode < 4; mode++) {
    int deferred = mode & 1, no_budget = mode >> 1;
    tally t = replay(u, events, deferred, no_budget);
    printf("%-22s %-9s %-9s %5zu evaluations (%4zu with a backbone-only change, %3zu with the fallback), "
           "%6zu penalties vs the reference, worst rel. diff %.3g, %zu bit differences from a full one; "
           "never recomputed in full: %zu sweeps, %zu gave up, %zu bit differences\n",
           name, deferred ? "deferred" : "immediate", no_budget ? "unbounded" : "budget", t.events,
           t.backbone_only, t.ref_skipped, t.ref_checked, t.ref_worst, t.bit_diff, t.sweeps, t.gave_up,
           t.chain_diff);
    CHECK(t.bit_diff == 0);
    CHECK(t.chain_diff == 0);
    CHECK(t.gave_up < t.sweeps && (!no_budget || t.sweeps >= t.events));
    if (no_budget || (!deferred && u->racks == 0 && u->hosts >= 100))
      CHECK(t.gave_up == 0);
    CHECK(t.ref_checked > 0);
    CHECK(t.ref_worst <= REF_TOL);
    if (!deferred && u->racks == 0)
      CHECK(t.backbone_only == 0);
    if (!deferred && u->racks > 0 && u->hosts >= 30) /* enough hosts for separate components */
      CHECK(t.backbone_only > 0);
  }
}

static void backbone_by_hand(void)
{
  double p[] = {940, 1880};
  cg_graph *g = cg_graph_create(&cg_tech_hier_ethernet, p);
  for (cg_host h = 0; h < 6; h++)
    cg_graph_set_host_group(g, h, (int32_t)(h % 2));
  cg_comm a = cg_graph_add(g, 0, 1), b = cg_graph_add(g, 2, 3);
  CHECK(cg_graph_penalty(g, a) == 1.0);
  cg_comm c = cg_graph_add(g, 4, 5);
  size_t nch;
  cg_graph_changed(g, &nch);
  CHECK(nch == 3);
  CHECK_REL(cg_graph_penalty(g, a), 1.5, 1e-15);
  CHECK_REL(cg_graph_penalty(g, b), 1.5, 1e-15);
  CHECK_REL(cg_graph_penalty(g, c), 1.5, 1e-15);
  cg_graph_remove(g, c);
  CHECK(cg_graph_penalty(g, a) == 1.0);
  CHECK(cg_graph_penalty(g, b) == 1.0);
  cg_graph_destroy(g);
}

int main(void)
{
  check_seed(11);
  backbone_by_hand();
  /* Many hosts, few comms: small components, often joined by a backbone
   * only (1880 Mbps: saturated by 3 flows). */
  run("racks, sparse", &(setup){300, 4, {940, 1880}, 40, 200}, 1500);
  run("racks, dense", &(setup){30, 3, {940, 2820}, 60, 300}, 1000);
  run("racks, paper backbone", &(setup){60, 2, {940, 9400}, 80, 500}, 800);
  run("no racks, sparse", &(setup){200, 0, {940, 9400}, 40, 200}, 1500);
  run("no racks, dense", &(setup){20, 0, {940, 9400}, 50, 400}, 1000);
  /* Few hosts, hundreds of comms on a few pairs: flow counts far above
   * the resources, ranked by sorting the values. */
  run("racks, heavy pairs", &(setup){8, 2, {940, 1880}, 300, 950}, 400);
  run("no racks, heavy pairs", &(setup){8, 0, {940, 9400}, 300, 950}, 400);
  printf("%zu resources over their capacity\n", over_capacity);
  CHECK(over_capacity == 0);
  CHECK_DONE();
}
