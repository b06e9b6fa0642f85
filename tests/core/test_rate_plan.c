/* The rate plan (contention/rate_plan.h) without a simulator: a graph
 * whose test technology gives every comm the number of comms leaving its
 * source as its penalty, comms of B = 1 GB/s and base factor 0.5, and the
 * (bound, factor) pairs one flush hands back. Values are exact products
 * and quotients of the inputs: compared with a relative 1e-15. */
#include "check.h"

#include "contention/graph.h"
#include "contention/rate_plan.h"
#include "contention/technology.h"

#define B 1e9
#define F 0.5
#define TOL 1e-15

static void out_degree_edge(cg_graph *g, cg_host src, cg_host dst, int delta, cg_hostset *dirty)
{
  (void)g;
  (void)dst;
  (void)delta;
  cg_hostset_add(dirty, src);
}

static void out_degree_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  for (size_t i = 0; i < dirty->count; i++) {
    size_t n;
    const cg_comm *out = cg_graph_out_comms(g, dirty->items[i], &n);
    for (size_t k = 0; k < n; k++)
      cg_graph_set_penalty(g, out[k], (double)n);
  }
}

static const cg_tech out_degree = {"out-degree", "p = comms leaving the source", NULL, 0, out_degree_edge,
                                   out_degree_evaluate, NULL, 0};

static cg_graph *graph(void)
{
  cg_graph *g = cg_graph_create(&out_degree, NULL);
  cg_graph_set_deferred(g, 1);
  return g;
}

/* A comm src -> dst of base bound b0 across `n` links of weight 1. */
static cg_comm start(cg_graph *g, cg_rate_plan *p, cg_host src, cg_host dst, double b0, const uint32_t *links,
                     size_t n)
{
  static const double ones[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  cg_comm c = cg_graph_add(g, src, dst);
  cg_rate_plan_add_comm(p, c, b0, F, B, links, ones, n);
  return c;
}

static void end(cg_graph *g, cg_rate_plan *p, cg_comm c)
{
  cg_rate_plan_remove_comm(p, c);
  cg_graph_remove(g, c);
}

static cg_rate_plan_result flush(cg_graph *g, cg_rate_plan *p)
{
  cg_graph_flush(g);
  return cg_rate_plan_flush(p, g, NULL, 0, NULL, NULL);
}

static const cg_rate_change *find(cg_rate_plan_result r, cg_comm c)
{
  for (size_t i = 0; i < r.ncomms; i++)
    if (r.comms[i].comm == c)
      return &r.comms[i];
  return NULL;
}

/* A comm alone runs at its bound min(b0, B), factor f; a second comm from
 * its source makes its penalty 2: demand B / 2, same bound, factor f / 2,
 * a re-timing only. */
static void check_free_path(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  cg_comm a = start(g, p, 0, 1, 0, NULL, 0);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.ncomms == 1 && r.nlinks == 0);
  CHECK(r.comms[0].comm == a && r.comms[0].first && r.comms[0].bound_changed && r.comms[0].factor_changed);
  CHECK(r.comms[0].bound == B && r.comms[0].factor == F && r.comms[0].rate == F * B);
  CHECK(cg_rate_plan_free(p, a));

  cg_comm b = start(g, p, 0, 2, 0, NULL, 0);
  r = flush(g, p);
  CHECK(r.ncomms == 2);
  const cg_rate_change *ca = find(r, a), *cb = find(r, b);
  CHECK(ca != NULL && cb != NULL);
  if (ca && cb) {
    CHECK(!ca->first && !ca->bound_changed && ca->factor_changed);
    CHECK(ca->bound == B);
    CHECK_REL(ca->factor, F / 2, TOL);
    CHECK_REL(ca->rate, F * B / 2, TOL);
    CHECK(cb->first && cb->bound == B);
    CHECK_REL(cb->factor, F / 2, TOL);
  }
  CHECK_REL(cg_rate_plan_demand(p, a), B / 2, TOL);

  /* b ends: a's penalty is 1 again, back to factor f. */
  end(g, p, b);
  r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].comm == a && !r.comms[0].bound_changed && r.comms[0].factor == F);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A base bound below B / p caps the demand: the penalty then changes
 * nothing and the comm is not listed. */
static void check_base_bound(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  cg_comm a = start(g, p, 0, 1, 3e8, NULL, 0);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].bound == 3e8 && r.comms[0].factor == F);
  cg_comm b = start(g, p, 0, 2, 0, NULL, 0); /* a: p = 2, B / 2 = 5e8 > b0 */
  r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].comm == b);
  CHECK(cg_rate_plan_demand(p, a) == 3e8);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A backbone of 1.5 GB/s: two comms of penalty 2 (demand 5e8 each) fit,
 * so it is hidden at its first flush and they take the fast path. A third
 * comm from another host (demand 1e9) fills it: it is given back to the
 * solver and its three comms are bounded at their demands with factor f,
 * for the solver to share it max-min. When the third ends it is hidden
 * again and the two go back to the fast path. */
static void check_shared_limiter(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  uint32_t bb = cg_rate_plan_add_link(p, 1.5e9, 0);
  CHECK(bb == 0 && !cg_rate_plan_link_hidden(p, bb));
  cg_comm a = start(g, p, 0, 1, 0, &bb, 1);
  cg_comm b = start(g, p, 0, 2, 0, &bb, 1);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].link == bb && r.links[0].hidden == 1);
  CHECK(r.ncomms == 2);
  for (size_t i = 0; i < r.ncomms; i++) {
    CHECK(r.comms[i].bound == B);
    CHECK_REL(r.comms[i].factor, F / 2, TOL);
  }
  CHECK(cg_rate_plan_link_hidden(p, bb));

  cg_comm c = start(g, p, 3, 4, 0, &bb, 1);
  r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].link == bb && r.links[0].hidden == 0);
  CHECK(r.ncomms == 3);
  /* The comms of the link that changed state come first (a and b, in the
   * ledger's order), then the newly started c. */
  CHECK(r.ncomms == 3 && r.comms[2].comm == c);
  const cg_rate_change *ca = find(r, a), *cb = find(r, b), *cc = find(r, c);
  CHECK(ca && cb && cc);
  if (ca && cb && cc) {
    CHECK_REL(ca->bound, B / 2, TOL);
    CHECK(ca->factor == F && ca->bound_changed && ca->factor_changed);
    CHECK_REL(cb->bound, B / 2, TOL);
    CHECK(cb->factor == F);
    CHECK(cc->first && cc->bound == B && cc->factor == F);
  }
  CHECK(!cg_rate_plan_free(p, a) && !cg_rate_plan_free(p, c));

  end(g, p, c);
  r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].hidden == 1 && r.ncomms == 2);
  for (size_t i = 0; i < r.ncomms; i++) {
    CHECK(r.comms[i].bound == B);
    CHECK_REL(r.comms[i].factor, F / 2, TOL);
  }
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A plan that may not hide links bounds every comm at its demand. */
static void check_no_hiding(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(0, 1);
  uint32_t bb = cg_rate_plan_add_link(p, 1e12, 0);
  start(g, p, 0, 1, 0, &bb, 1);
  start(g, p, 0, 2, 0, &bb, 1);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.nlinks == 0 && r.ncomms == 2);
  for (size_t i = 0; i < r.ncomms; i++) {
    CHECK_REL(r.comms[i].bound, B / 2, TOL);
    CHECK(r.comms[i].factor == F);
  }
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A bandwidth change re-rates every comm, not only those whose penalty
 * changed (here only a new comm e's): those whose B is now 2 GB/s get the
 * bound 2e9, in handle order after e; the one held by its base bound
 * (4e8) keeps its pair and is not listed. */
static void check_bandwidth_change(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  cg_comm a = start(g, p, 0, 1, 0, NULL, 0);
  cg_comm b = start(g, p, 2, 3, 4e8, NULL, 0);
  cg_comm c = start(g, p, 4, 5, 0, NULL, 0);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.ncomms == 3);
  cg_comm d = start(g, p, 6, 7, 0, NULL, 0);
  r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].comm == d);
  cg_rate_plan_set_bandwidth(p, a, 2e9);
  cg_rate_plan_set_bandwidth(p, b, 2e9);
  cg_rate_plan_set_bandwidth(p, c, 2e9);
  cg_rate_plan_set_bandwidth(p, d, 2e9);
  cg_comm e = start(g, p, 8, 9, 0, NULL, 0);
  r = flush(g, p);
  CHECK(r.ncomms == 4 && find(r, b) == NULL);
  CHECK(r.ncomms == 4 && r.comms[0].comm == e && r.comms[1].comm == a && r.comms[2].comm == c &&
        r.comms[3].comm == d);
  CHECK(r.ncomms == 4 && r.comms[0].first && r.comms[0].bound == B);
  for (size_t i = 1; i < r.ncomms; i++) {
    CHECK(r.comms[i].bound == 2e9 && r.comms[i].factor == F);
    CHECK(r.comms[i].bound_changed && !r.comms[i].factor_changed && !r.comms[i].first);
  }
  /* A new comm elsewhere: only it is listed. */
  cg_comm f = start(g, p, 10, 11, 0, NULL, 0);
  r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].comm == f && r.nlinks == 0);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A comm whose bound would reach the held capacity of a link the solver
 * sees (crossed with weight >= 1) gets its base bound b0 instead: a
 * FATPIPE link (ledger capacity 0: always shown) holding B = 1 GB/s and a
 * comm of penalty 1, b0 1.2 GB/s: bound b0. A second comm from its source
 * makes both demands B / 2, below the held capacity: bound B / 2. A link
 * crossed at weight 0.05 only (a reverse route) does not hold the comm. */
static void check_held_capacity(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  uint32_t fp = cg_rate_plan_add_link(p, 0, 1);
  cg_rate_plan_set_held_capacity(p, fp, B);
  cg_comm a = start(g, p, 0, 1, 1.2e9, &fp, 1);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].bound == 1.2e9 && r.comms[0].factor == F && r.comms[0].rate == F * B);
  cg_comm b = start(g, p, 0, 2, 1.2e9, &fp, 1);
  r = flush(g, p);
  CHECK(r.ncomms == 2);
  for (size_t i = 0; i < r.ncomms; i++)
    CHECK_REL(r.comms[i].bound, B / 2, TOL);
  end(g, p, b);
  r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].comm == a && r.comms[0].bound == 1.2e9);
  static const double reverse = 0.05;
  cg_comm c = cg_graph_add(g, 3, 4);
  cg_rate_plan_add_comm(p, c, 1.2e9, F, B, &fp, &reverse, 1);
  r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].comm == c && r.comms[0].bound == B);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A comm held by a shown link keeps its bound b0 when its demand moves
 * (its penalty changes), yet its rate f * d moved: the plan reports it,
 * with neither the bound nor the factor changed, so the binding writes its
 * trace row with the new rate. A FATPIPE link held at B / 4: a alone wants
 * B, then B / 2 beside b, both at or above B / 4. */
static void check_held_rate_moves(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  uint32_t fp = cg_rate_plan_add_link(p, 0, 1);
  cg_rate_plan_set_held_capacity(p, fp, B / 4);
  cg_comm a = start(g, p, 0, 1, 1.2e9, &fp, 1);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.ncomms == 1 && r.comms[0].bound == 1.2e9 && r.comms[0].rate == F * B);
  start(g, p, 0, 2, 1.2e9, &fp, 1);
  r = flush(g, p);
  CHECK(r.ncomms == 2);
  const cg_rate_change *ca = find(r, a);
  CHECK(ca && ca->bound == 1.2e9 && !ca->bound_changed && !ca->factor_changed && !ca->first);
  CHECK(ca && ca->rate == F * B / 2);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A hidden link holds nothing: comm a crosses a backbone L1 of 1.5 GB/s,
 * which a second comm c fills (shown), and a link L2 of 1 GB/s that only a
 * crosses, which it cannot overfill (hidden). a's demand B reaches L2's
 * held capacity, but the solver does not see L2: a stays bound at B. */
static void check_held_hidden(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  uint32_t l1 = cg_rate_plan_add_link(p, 1.5e9, 0), l2 = cg_rate_plan_add_link(p, 1e9, 0);
  cg_rate_plan_set_held_capacity(p, l1, 1.5e9);
  cg_rate_plan_set_held_capacity(p, l2, 1e9);
  uint32_t both[2] = {l1, l2};
  cg_comm a = start(g, p, 0, 1, 1.2e9, both, 2);
  start(g, p, 2, 3, 1.2e9, &l1, 1);
  cg_rate_plan_result r = flush(g, p);
  CHECK(!cg_rate_plan_link_hidden(p, l1) && cg_rate_plan_link_hidden(p, l2));
  const cg_rate_change *ca = find(r, a);
  CHECK(ca && ca->bound == B && ca->factor == F);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* The cap (LoP) sees the contention demand B / p and lowers it: a small
 * comm capped at 1 MB/s runs, on the fast path, at factor f * 1e6 / B.
 * Listed again as an extra comm with a new cap, only its factor moves. */
static double cap_value = 1e6;
static double cap_seen = 0;
static double cap(void *ctx, cg_comm c, double demand)
{
  (void)c;
  *(int *)ctx += 1;
  cap_seen = demand;
  return demand < cap_value ? demand : cap_value;
}

static void check_cap(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  cg_comm a = start(g, p, 0, 1, 0, NULL, 0);
  start(g, p, 0, 2, 0, NULL, 0);
  int calls = 0;
  cg_graph_flush(g);
  cg_rate_plan_result r = cg_rate_plan_flush(p, g, NULL, 0, cap, &calls);
  CHECK(calls == 2 && cap_seen == B / 2);
  const cg_rate_change *ca = find(r, a);
  CHECK(ca != NULL);
  if (ca) {
    CHECK(ca->bound == B);
    CHECK_REL(ca->factor, F * 1e6 / B, TOL);
    CHECK(ca->rate == F * 1e6);
  }
  /* Each flush below has one graph change elsewhere (a comm from another
   * host, its own penalty 1) and lists a as an extra comm. */
  cap_value = 2e6;
  cg_comm c = start(g, p, 5, 6, 0, NULL, 0);
  cg_graph_flush(g);
  r = cg_rate_plan_flush(p, g, &a, 1, cap, &calls);
  CHECK(calls == 4 && r.ncomms == 2 && r.comms[0].comm == c && r.comms[1].comm == a);
  CHECK(r.ncomms == 2 && !r.comms[1].bound_changed && r.comms[1].factor_changed);
  if (r.ncomms == 2)
    CHECK_REL(r.comms[1].factor, F * 2e6 / B, TOL);
  /* The same cap again: re-rated, unchanged, not listed. */
  cg_comm d = start(g, p, 7, 8, 0, NULL, 0);
  cg_graph_flush(g);
  r = cg_rate_plan_flush(p, g, &a, 1, cap, &calls);
  CHECK(calls == 6 && r.ncomms == 1 && r.comms[0].comm == d);
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

/* A plain comm (no penalty) loads a one-way node link of 1.2 GB/s that
 * the penalties alone divide: two comms of demand 5e8 and a plain comm of
 * 5e8 fill it, and the two go to the exact path (bound 5e8, factor f)
 * until the plain comm ends (fast path: bound 1e9, factor f / 2). */
static void check_plain(void)
{
  cg_graph *g = graph();
  cg_rate_plan *p = cg_rate_plan_create(1, 1);
  uint32_t up = cg_rate_plan_add_node_link(p, 1.2e9, 0, 1, 1);
  CHECK(cg_rate_plan_link_hidden(p, up));
  cg_comm a = start(g, p, 0, 1, 0, &up, 1);
  cg_comm b = start(g, p, 0, 2, 0, &up, 1);
  cg_rate_plan_result r = flush(g, p);
  CHECK(r.nlinks == 0 && r.ncomms == 2 && cg_rate_plan_free(p, a) && cg_rate_plan_free(p, b));
  double w = 1;
  cg_rate_plan_add_plain(p, 0, &up, &w, 1, 5e8);
  r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].link == up && r.links[0].hidden == 0);
  CHECK(r.ncomms == 2);
  for (size_t i = 0; i < r.ncomms; i++) {
    CHECK_REL(r.comms[i].bound, B / 2, TOL);
    CHECK(r.comms[i].factor == F);
  }
  CHECK(!cg_rate_plan_free(p, a));
  /* Its alone falls to 1e8: the link fits again. */
  cg_rate_plan_set_plain_alone(p, 0, 1e8);
  r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].hidden == 1 && r.ncomms == 2 && cg_rate_plan_free(p, a));
  cg_rate_plan_set_plain_alone(p, 0, 5e8);
  r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].hidden == 0 && r.ncomms == 2);
  cg_rate_plan_remove_plain(p, 0);
  r = flush(g, p);
  CHECK(r.nlinks == 1 && r.links[0].hidden == 1 && r.ncomms == 2);
  for (size_t i = 0; i < r.ncomms; i++) {
    CHECK(r.comms[i].bound == B);
    CHECK_REL(r.comms[i].factor, F / 2, TOL);
  }
  cg_rate_plan_destroy(p);
  cg_graph_destroy(g);
}

int main(void)
{
  check_free_path();
  check_base_bound();
  check_shared_limiter();
  check_no_hiding();
  check_bandwidth_change();
  check_held_capacity();
  check_held_hidden();
  check_held_rate_moves();
  check_cap();
  check_plain();
  if (check_failures)
    fprintf(stderr, "%d check(s) failed\n", check_failures);
  return check_failures ? 1 : 0;
}
