/* The rate plan (see rate_plan.h): per comm a record of one cache line (a
 * flush touches a few dozen comms among hundreds), the ledger, and the
 * lists a flush hands back. Ledger handles: inter-host comm c is 2c, plain
 * comm k is 2k + 1. */
#include "contention/rate_plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/comm_rate.h"

enum {
  ACTIVE = 1,   /* a running comm */
  QUEUED = 2,   /* re-rated at this flush, its pair not chosen yet */
  FREE = 4,     /* all its links free at its last check: the fast path */
  AFFECTED = 8, /* listed once among the comms of links that changed state */
  MOVED = 16,   /* its demand, so its rate f * d, changed at this flush */
};

typedef struct rate_rec {
  double base_bound;  /* b0; <= 0: none */
  double base_factor; /* f */
  double B;           /* until a bandwidth changes */
  double alone;       /* min(b0, B) */
  double demand;      /* d, capped; NaN before the first flush */
  double bound, factor; /* in force in the solver; NaN before the first flush */
  uint8_t flags;
} rate_rec;
_Static_assert(sizeof(rate_rec) <= 64, "a comm's re-rating reads one cache line");

struct cg_rate_plan {
  cg_ledger *ledger;
  int can_hide, ceilings;
  int all; /* a bandwidth changed: re-rate every comm */
  rate_rec *recs;
  size_t nrecs, recs_cap;
  uint8_t *hidden; /* by link */
  size_t nlinks, hidden_cap;
  double *held; /* by link: the capacity the solver holds while it is shown */
  size_t held_cap;
  uint32_t *fresh; /* links registered since the last flush */
  size_t nfresh, fresh_cap;
  cg_comm *queue, *affected; /* re-rated comms in order; comms of changed links */
  size_t nqueue, queue_cap, naffected, affected_cap;
  cg_rate_link_change *link_out;
  size_t nlink_out, link_out_cap;
  cg_rate_change *out;
  size_t nout, out_cap;
};

static uint32_t inter(cg_comm c) { return 2 * c; }
static uint32_t plain(uint32_t k) { return 2 * k + 1; }

cg_rate_plan *cg_rate_plan_create(int can_hide, int ceilings)
{
  cg_rate_plan *p = cg_xcalloc(1, sizeof *p);
  p->ledger = cg_ledger_create();
  p->can_hide = can_hide != 0;
  p->ceilings = ceilings != 0;
  return p;
}

void cg_rate_plan_destroy(cg_rate_plan *p)
{
  if (!p)
    return;
  cg_ledger_destroy(p->ledger);
  free(p->recs);
  free(p->hidden);
  free(p->held);
  free(p->fresh);
  free(p->queue);
  free(p->affected);
  free(p->link_out);
  free(p->out);
  free(p);
}

static void push_link(cg_rate_plan *p, int hidden)
{
  cg_grow((void **)&p->hidden, &p->hidden_cap, p->nlinks + 1, sizeof *p->hidden);
  cg_grow((void **)&p->held, &p->held_cap, p->nlinks + 1, sizeof *p->held);
  p->held[p->nlinks] = INFINITY;
  p->hidden[p->nlinks++] = (uint8_t)(hidden != 0);
}

uint32_t cg_rate_plan_add_link(cg_rate_plan *p, double capacity, int fatpipe)
{
  uint32_t id = cg_ledger_add_link(p->ledger, capacity, fatpipe);
  push_link(p, 0);
  cg_grow((void **)&p->fresh, &p->fresh_cap, p->nfresh + 1, sizeof *p->fresh);
  p->fresh[p->nfresh++] = id;
  return id;
}

uint32_t cg_rate_plan_add_node_link(cg_rate_plan *p, double capacity, int fatpipe, int one_way, int hidden)
{
  uint32_t id = cg_ledger_add_node_link(p->ledger, capacity, fatpipe, one_way);
  push_link(p, hidden);
  return id;
}

void cg_rate_plan_set_capacity(cg_rate_plan *p, uint32_t link, double capacity)
{
  cg_ledger_set_capacity(p->ledger, link, capacity);
}

void cg_rate_plan_set_held_capacity(cg_rate_plan *p, uint32_t link, double capacity)
{
  p->held[link] = capacity;
}

static double ceiling(const cg_rate_plan *p, double alone) { return p->ceilings ? alone : INFINITY; }

void cg_rate_plan_add_comm(cg_rate_plan *p, cg_comm c, double base_bound, double base_factor, double bandwidth,
                           const uint32_t *links, const double *weights, size_t n)
{
  if (c >= p->nrecs) {
    cg_grow_lines((void **)&p->recs, &p->recs_cap, (size_t)c + 1, sizeof *p->recs);
    memset(p->recs + p->nrecs, 0, ((size_t)c + 1 - p->nrecs) * sizeof *p->recs);
    p->nrecs = (size_t)c + 1;
  }
  rate_rec *r = &p->recs[c];
  r->base_bound = base_bound;
  r->base_factor = base_factor;
  r->B = bandwidth;
  r->alone = cg_comm_alone(base_bound, bandwidth);
  r->demand = r->bound = r->factor = NAN;
  r->flags = ACTIVE;
  cg_ledger_add_comm(p->ledger, inter(c), links, weights, n, ceiling(p, r->alone));
}

void cg_rate_plan_remove_comm(cg_rate_plan *p, cg_comm c)
{
  cg_ledger_remove_comm(p->ledger, inter(c));
  p->recs[c].flags = 0;
}

void cg_rate_plan_set_base_bound(cg_rate_plan *p, cg_comm c, double base_bound)
{
  p->recs[c].base_bound = base_bound;
  p->all = 1;
}

void cg_rate_plan_set_bandwidth(cg_rate_plan *p, cg_comm c, double bandwidth)
{
  p->recs[c].B = bandwidth;
  p->all = 1;
}

void cg_rate_plan_add_plain(cg_rate_plan *p, uint32_t k, const uint32_t *links, const double *weights, size_t n,
                            double alone)
{
  cg_ledger_add_plain_comm(p->ledger, plain(k), links, weights, n, ceiling(p, alone));
  cg_ledger_set_demand(p->ledger, plain(k), alone);
}

void cg_rate_plan_set_plain_alone(cg_rate_plan *p, uint32_t k, double alone)
{
  cg_ledger_set_demand(p->ledger, plain(k), alone); /* a larger demand raises the ceiling */
  if (p->ceilings)
    cg_ledger_set_ceiling(p->ledger, plain(k), alone);
}

void cg_rate_plan_remove_plain(cg_rate_plan *p, uint32_t k) { cg_ledger_remove_comm(p->ledger, plain(k)); }

/* Step 1 for one comm: its demand for `penalty`, told to the ledger with
 * what it gets alone if a bandwidth moved that; queued for step 3. */
static void rerate(cg_rate_plan *p, cg_comm c, double penalty, cg_rate_cap cap, void *ctx)
{
  rate_rec *r = &p->recs[c];
  double alone = cg_comm_alone(r->base_bound, r->B);
  if (alone != r->alone) {
    r->alone = alone;
    if (p->ceilings)
      cg_ledger_set_ceiling(p->ledger, inter(c), alone);
  }
  double demand = cg_comm_demand(r->base_bound, r->B, penalty);
  if (cap)
    demand = cap(ctx, c, demand);
  if (demand != r->demand) {
    r->demand = demand;
    r->flags |= MOVED;
    cg_ledger_set_demand(p->ledger, inter(c), demand);
  }
  if (!(r->flags & QUEUED)) {
    r->flags |= QUEUED;
    cg_grow((void **)&p->queue, &p->queue_cap, p->nqueue + 1, sizeof *p->queue);
    p->queue[p->nqueue++] = c;
  }
}

static int active(const cg_rate_plan *p, cg_comm c) { return c < p->nrecs && (p->recs[c].flags & ACTIVE); }

static void set_hidden(cg_rate_plan *p, uint32_t link, int hide)
{
  if (p->hidden[link] == hide)
    return;
  p->hidden[link] = (uint8_t)hide;
  cg_grow((void **)&p->link_out, &p->link_out_cap, p->nlink_out + 1, sizeof *p->link_out);
  p->link_out[p->nlink_out++] = (cg_rate_link_change){link, hide};
}

/* The inter-host comms crossing `link`, into p->affected once each. */
static void list_comms(cg_rate_plan *p, uint32_t link)
{
  size_t n;
  const uint32_t *comms = cg_ledger_link_comms(p->ledger, link, &n);
  for (size_t i = 0; i < n; i++) {
    if (comms[i] % 2 != 0) /* a plain comm: its bound does not depend on the links' states */
      continue;
    cg_comm c = comms[i] / 2;
    if (p->recs[c].flags & AFFECTED)
      continue;
    p->recs[c].flags |= AFFECTED;
    cg_grow((void **)&p->affected, &p->affected_cap, p->naffected + 1, sizeof *p->affected);
    p->affected[p->naffected++] = c;
  }
}

/* Step 2. */
static void update_links(cg_rate_plan *p)
{
  size_t n;
  const uint32_t *flipped = cg_ledger_update(p->ledger, &n);
  for (size_t i = 0; i < n; i++) {
    set_hidden(p, flipped[i], p->can_hide && !cg_ledger_at_risk(p->ledger, flipped[i]));
    list_comms(p, flipped[i]);
  }
  for (size_t i = 0; i < p->nfresh; i++) { /* new links start free */
    uint32_t id = p->fresh[i];
    if (p->can_hide && !cg_ledger_at_risk(p->ledger, id) && !p->hidden[id]) {
      set_hidden(p, id, 1);
      list_comms(p, id);
    }
  }
  p->nfresh = 0;
}

/* Whether a link shown to the solver holds comm c at or below `bound`:
 * crossed with weight >= 1, its held capacity at most `bound`. */
static int held_below(const cg_rate_plan *p, cg_comm c, double bound)
{
  size_t n;
  const double *w;
  const uint32_t *links = cg_ledger_comm_links(p->ledger, inter(c), &w, &n);
  for (size_t i = 0; i < n; i++)
    if (w[i] >= 1 && !p->hidden[links[i]] && p->held[links[i]] <= bound)
      return 1;
  return 0;
}

/* Step 3 for one comm: `recheck`, its links changed state. */
static void choose(cg_rate_plan *p, cg_comm c, int recheck)
{
  rate_rec *r = &p->recs[c];
  r->flags &= (uint8_t)~QUEUED;
  int first = isnan(r->factor);
  if (first || recheck) {
    int free_path = p->can_hide && cg_ledger_comm_free(p->ledger, inter(c));
    r->flags = free_path ? (uint8_t)(r->flags | FREE) : (uint8_t)(r->flags & ~FREE);
  }
  cg_solver_terms t = cg_comm_solver_terms((r->flags & FREE) != 0, r->base_factor, r->demand, r->alone);
  if (!(r->flags & FREE) && r->base_bound > t.bound && held_below(p, c, t.bound))
    t.bound = r->base_bound;
  int moved = (r->flags & MOVED) != 0; /* a bound held at b0 can hide it */
  r->flags &= (uint8_t)~MOVED;
  if (t.bound == r->bound && t.factor == r->factor && !moved)
    return;
  cg_grow((void **)&p->out, &p->out_cap, p->nout + 1, sizeof *p->out);
  p->out[p->nout++] = (cg_rate_change){c,
                                       (uint8_t)first,
                                       (uint8_t)(t.bound != r->bound),
                                       (uint8_t)(t.factor != r->factor),
                                       t.bound,
                                       t.factor,
                                       r->base_factor * r->demand};
  r->bound = t.bound;
  r->factor = t.factor;
}

cg_rate_plan_result cg_rate_plan_flush(cg_rate_plan *p, const cg_graph *g, const cg_comm *extra, size_t n_extra,
                                       cg_rate_cap cap, void *ctx)
{
  p->nlink_out = 0;
  p->nout = 0;
  p->nqueue = 0;
  p->naffected = 0;
  size_t n;
  const cg_comm *changed = cg_graph_changed(g, &n);
  for (size_t i = 0; i < n; i++)
    if (active(p, changed[i]))
      rerate(p, changed[i], cg_graph_penalty(g, changed[i]), cap, ctx);
  for (size_t i = 0; i < n_extra; i++)
    if (active(p, extra[i]))
      rerate(p, extra[i], cg_graph_penalty(g, extra[i]), cap, ctx);
  if (p->all) {
    p->all = 0;
    for (size_t c = 0; c < p->nrecs; c++)
      if (p->recs[c].flags & ACTIVE)
        rerate(p, (cg_comm)c, cg_graph_penalty(g, (cg_comm)c), cap, ctx);
  }
  update_links(p);
  for (size_t i = 0; i < p->naffected; i++) {
    cg_comm c = p->affected[i];
    p->recs[c].flags &= (uint8_t)~AFFECTED;
    if (p->recs[c].flags & ACTIVE)
      choose(p, c, 1);
  }
  for (size_t i = 0; i < p->nqueue; i++) {
    cg_comm c = p->queue[i];
    if ((p->recs[c].flags & (ACTIVE | QUEUED)) == (ACTIVE | QUEUED))
      choose(p, c, 0);
  }
  return (cg_rate_plan_result){p->link_out, p->nlink_out, p->out, p->nout};
}

double cg_rate_plan_demand(const cg_rate_plan *p, cg_comm c) { return p->recs[c].demand; }
double cg_rate_plan_bound(const cg_rate_plan *p, cg_comm c) { return p->recs[c].bound; }
double cg_rate_plan_factor(const cg_rate_plan *p, cg_comm c) { return p->recs[c].factor; }
int cg_rate_plan_free(const cg_rate_plan *p, cg_comm c) { return (p->recs[c].flags & FREE) != 0; }
int cg_rate_plan_link_hidden(const cg_rate_plan *p, uint32_t link) { return p->hidden[link]; }
const cg_ledger *cg_rate_plan_ledger(const cg_rate_plan *p) { return p->ledger; }
