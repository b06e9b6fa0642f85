/* Event-driven form of seed 000 eq. 1-3: between two consecutive events the
 * penalties are constant, so each running comm's remaining bytes fall
 * linearly; the next event is the earliest end or arrival.
 *
 * Cost: each comm keeps its bytes left at the time its penalty last
 * changed, and its predicted end sits in a heap. An event touches only the
 * comms whose penalty changed (the graph's changed list, evaluated once per
 * instant in deferred mode) and the comms that end: O((changes + ends) log n)
 * instead of a scan of every running comm. Given penalties change for every
 * running comm at every step (one list entry per step lived: linear in the
 * input), and the optional step table is O(steps x running) by nature.
 *
 * With a technology whose parallel comms share one penalty (edge_penalties:
 * the graph holds them as one edge), k comms on one host pair would still
 * cost k heap moves per step. There the solver works per edge instead:
 * the comms of an edge progress at one rate. The edge keeps V_e, the
 * bytes left of its first comm (decreasing by the bytes one comm moves,
 * also after that comm ended); a comm arriving at t_join keeps the
 * constant key V_e(t_join) - size and ends when V_e falls to it. An edge
 * holds its comms in a heap of keys and has one entry in the end heap (its
 * highest key's time): an event costs O(changed edges x log n). V_e and
 * the keys are double-doubles (hi + lo): a comm's bytes left, V_e - key,
 * are then as precise as the per-comm path's whatever the edge's other
 * comms (a single double kept V_e to the rounding of its largest comm:
 * 1 B beside 1e16 B had key V_e - 1 == V_e and ended at its start); the
 * finish times agree with the per-comm path to a few 1e-16 relative.
 * Both paths subtract each interval's bytes, (t - since) / (alpha rho), as
 * a double-double too (bytes_sent), so ends that are equal in exact
 * arithmetic stay within the solver's merge window after any number of
 * steps. */
#include "contention/step_solver.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/limiter_share.h"
#include "end_heap.h"

/* Ends this close (relative to the time) are one event: equal ends reached
 * by different sums differ by a few ulps. A wider window (1e-12) held a
 * departure or an arrival picoseconds from another pair's end until that
 * end, and the comms sharing their hosts ran at stale rates meanwhile. */
#define SAME_TIME_REL (8 * DBL_EPSILON)
#define NO_INDEX ((size_t)-1)

enum { PENDING, ACTIVE, DONE };

/* A double-double: the value hi + lo, with |lo| <= ulp(hi) / 2. */
typedef struct dd {
  double hi, lo;
} dd;

typedef struct run {
  dd remaining;      /* bytes left at time `since` */
  double since;      /* when `remaining` was last brought up to date */
  double rho;        /* current penalty; NaN until the first is known */
  double pen;        /* with a limiter: the rules' (or given) penalty; rho
                        is then the limited one, 1 / the comm's share */
  cg_comm handle;    /* in the graph (technology mode) */
  size_t first_step; /* given mode: the step count before its arrival */
  size_t slot;       /* its place in solver.active */
  int state;
} run;

/* x + y, to about 2^-104 relative (two-sum, then renormalised). */
static dd dd_add(dd x, double y)
{
  double s = x.hi + y, b = s - x.hi;
  double e = (x.hi - (s - b)) + (y - b) + x.lo;
  double hi = s + e;
  return (dd){hi, e - (hi - s)};
}

/* x - y rounded to a double. */
static double dd_diff(dd x, dd y)
{
  double s = x.hi - y.hi, b = s - x.hi;
  double e = (x.hi - (s - b)) + (-y.hi - b);
  return s + (e + (x.lo - y.lo));
}

/* x - y, to about 2^-104 relative. */
static dd dd_sub(dd x, dd y) { return dd_add(dd_add(x, -y.hi), -y.lo); }

/* The bytes sent from `since` to t at penalty rho, (t - since) / (alpha rho),
 * as a double-double: the difference, the product and the quotient each
 * keep their rounding error. Rounded to doubles, equal sums of terms taken
 * in different orders (two comms with the same penalties in other steps)
 * drifted apart by an ulp of the largest term per step, and a small last
 * remainder at a high penalty turned that into hundreds of ulps of time. */
static dd bytes_sent(double t, double since, double alpha, double rho)
{
  double d = t - since, b = d - t;
  double de = (t - (d - b)) + (-since - b); /* t - since == d + de */
  double p = alpha * rho, pe = fma(alpha, rho, -p); /* alpha rho == p + pe */
  double q = d / p;
  double r = fma(-q, p, d); /* d - q p, exactly */
  double lo = (r + de - q * pe) / p;
  double hi = q + lo;
  return (dd){hi, lo - (hi - q)};
}

static int dd_greater(dd x, dd y) { return x.hi > y.hi || (x.hi == y.hi && x.lo > y.lo); }

static int dd_equal(dd x, dd y) { return x.hi == y.hi && x.lo == y.lo; }

/* Edge mode: one edge of the graph, its comms' common progress. */
typedef struct edge_run {
  dd V;         /* bytes left of its first comm at `since` (may go < 0) */
  double since;
  double rho;   /* NaN until the first is known */
  size_t *heap; /* its running comms, max-heap by key, then min index, */
  size_t one;   /* in `one` while cap is 0 (most edges: no allocation) */
  size_t n, cap;
} edge_run;

static size_t *edge_heap(edge_run *x) { return x->cap ? x->heap : &x->one; }

/* What one event needs; `err` gets the first failure. */
typedef struct solver {
  const cg_step_comm *comms;
  double alpha;
  const cg_tech *tech;
  cg_graph *g;
  run *r;
  end_heap ends;
  size_t *active, nactive; /* running comms, unordered */
  size_t *ending;          /* comms ending at the current event */
  size_t *sorted;          /* step table: the running comms by index */
  size_t *of_handle, handle_cap;
  size_t step;
  double limiter;          /* hosts' limiter capacity in units of 1 / alpha; 0: none */
  cg_host *lsrc, *ldst;    /* limiter buffers: the running inter-host comms */
  double *ldemand, *lrate;
  size_t *lcomm;
  /* edge mode (tech->edge_penalties): end heap items < n are edges,
   * self_base + i the self-comm i (self_base is 0 otherwise) */
  int edges;
  size_t n, self_base;
  dd *key;         /* per comm: V_e at its arrival - size */
  cg_edge *edge_of;
  edge_run *er;
  size_t er_cap;
  /* the failure with the lowest comm index, reported after a pass */
  size_t bad, bad_steps;
  double bad_value;
  int bad_short;
} solver;

void cg_step_table_free(cg_step_table *t)
{
  free(t->rows);
  memset(t, 0, sizeof *t);
}

static void add_row(cg_step_table *t, size_t step, double begin, double end, size_t comm,
                    double penalty, double remaining)
{
  cg_grow((void **)&t->rows, &t->capacity, t->count + 1, sizeof *t->rows);
  t->rows[t->count++] = (cg_step_row){step, begin, end, comm, penalty, remaining};
}

typedef struct arrival {
  double start;
  size_t comm;
} arrival;

static int by_start(const void *a, const void *b)
{
  const arrival *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->comm > y->comm) - (x->comm < y->comm); /* file order among equal starts */
}

static int by_index(const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return (x > y) - (x < y);
}

static int in_graph(const cg_step_comm *c) { return c->src != c->dst && c->size > 0; }

/* Brings comm i to penalty rho from time t on: its bytes left are updated
 * only now (lazily), and its predicted end moves in the heap. */
static void set_rate(solver *s, size_t i, double rho, double t)
{
  run *x = &s->r[i];
  if (x->rho == rho)
    return;
  if (!isnan(x->rho)) {
    x->remaining = dd_sub(x->remaining, bytes_sent(t, x->since, s->alpha, x->rho));
    x->since = t;
  }
  x->rho = rho;
  end_heap_set(&s->ends, s->self_base + i, x->since + (x->remaining.hi + x->remaining.lo) * s->alpha * rho);
}

/* ---- Edge mode ---- */

static int key_less(const solver *s, size_t a, size_t b)
{
  return dd_greater(s->key[a], s->key[b]) || (dd_equal(s->key[a], s->key[b]) && a < b); /* ends first */
}

static void edge_push(solver *s, edge_run *x, size_t i)
{
  if (x->n == 1 && x->cap == 0) { /* a second comm: to an allocated heap */
    cg_grow((void **)&x->heap, &x->cap, 4, sizeof *x->heap);
    x->heap[0] = x->one;
  } else if (x->cap) {
    cg_grow((void **)&x->heap, &x->cap, x->n + 1, sizeof *x->heap);
  }
  size_t *h = edge_heap(x), at = x->n++;
  while (at > 0 && key_less(s, i, h[(at - 1) / 2])) {
    h[at] = h[(at - 1) / 2];
    at = (at - 1) / 2;
  }
  h[at] = i;
}

static size_t edge_pop(solver *s, edge_run *x)
{
  size_t *h = edge_heap(x);
  size_t top = h[0], c = h[--x->n], at = 0;
  for (size_t k; (k = 2 * at + 1) < x->n; at = k) {
    if (k + 1 < x->n && key_less(s, h[k + 1], h[k]))
      k++;
    if (!key_less(s, h[k], c))
      break;
    h[at] = h[k];
  }
  if (x->n)
    h[at] = c;
  return top;
}

/* The edge's entry in the end heap: when V_e falls to its highest key. */
static void edge_reschedule(solver *s, cg_edge e)
{
  edge_run *x = &s->er[e];
  end_heap_set(&s->ends, e, x->since + dd_diff(x->V, s->key[edge_heap(x)[0]]) * s->alpha * x->rho);
}

/* Brings V_e down to time t (penalty unchanged). */
static void edge_advance(solver *s, edge_run *x, double t)
{
  if (isnan(x->rho))
    return;
  x->V = dd_sub(x->V, bytes_sent(t, x->since, s->alpha, x->rho));
  x->since = t;
}

/* Comm i, arrived at t, joins edge e. */
static void edge_join(solver *s, cg_edge e, size_t i, double t)
{
  if (e >= s->er_cap)
    cg_grow((void **)&s->er, &s->er_cap, (size_t)e + 1, sizeof *s->er);
  edge_run *x = &s->er[e];
  if (x->n == 0) { /* a new edge (or a handle the graph reused) */
    x->V = (dd){s->comms[i].size, 0.0};
    x->since = t;
    x->rho = NAN;
  }
  edge_advance(s, x, t);
  s->edge_of[i] = e;
  s->key[i] = dd_add(x->V, -s->comms[i].size); /* 0 for the first comm */
  edge_push(s, x, i);
  if (!isnan(x->rho))
    edge_reschedule(s, e);
}

static void edge_rate(solver *s, cg_edge e, double rho, double t)
{
  edge_run *x = &s->er[e];
  if (x->rho == rho)
    return;
  edge_advance(s, x, t);
  x->rho = rho;
  edge_reschedule(s, e);
}

/* Pops the end heap's top item; returns the comm that ends. */
static size_t pop_end(solver *s)
{
  size_t item = end_heap_pop(&s->ends);
  if (!s->edges)
    return item;
  if (item >= s->self_base)
    return item - s->self_base;
  edge_run *x = &s->er[item];
  size_t i = edge_pop(s, x);
  if (x->n)
    edge_reschedule(s, (cg_edge)item);
  return i;
}

/* The rules' (or given) penalty of comm i; with a limiter its rate waits
 * for limit_rates(). */
static void set_penalty(solver *s, size_t i, double p, double t)
{
  if (s->limiter > 0)
    s->r[i].pen = p;
  else
    set_rate(s, i, p, t);
}

/* A new step under limiters: every running inter-host comm's demand is
 * 1 / its penalty, shared max-min on the hosts' limiters. */
static void limit_rates(solver *s, double t)
{
  size_t m = 0;
  for (size_t k = 0; k < s->nactive; k++) {
    size_t i = s->active[k];
    if (!in_graph(&s->comms[i]))
      continue;
    s->lsrc[m] = s->comms[i].src, s->ldst[m] = s->comms[i].dst;
    s->ldemand[m] = 1.0 / s->r[i].pen;
    s->lcomm[m++] = i;
  }
  cg_limiter_share(s->lsrc, s->ldst, s->ldemand, m, s->limiter, s->lrate);
  for (size_t k = 0; k < m; k++)
    set_rate(s, s->lcomm[k], s->lrate[k] < s->ldemand[k] ? 1.0 / s->lrate[k] : s->r[s->lcomm[k]].pen, t);
}

static void note_bad(solver *s, size_t i, double value, size_t steps, int too_short)
{
  if (s->bad != NO_INDEX && s->bad < i)
    return;
  s->bad = i;
  s->bad_value = value;
  s->bad_steps = steps;
  s->bad_short = too_short;
}

static int report_bad(const solver *s, cg_error *err)
{
  if (s->bad == NO_INDEX)
    return 0;
  if (s->bad_short == 3)
    cg_error_set(err, s->bad, " ",
                 "lives in no step (a %s never enters the contention graph) but has %zu given penalties "
                 "(accepted: penalties=\"\")",
                 s->comms[s->bad].src == s->comms[s->bad].dst ? "self-comm" : "zero-byte comm",
                 s->comms[s->bad].penalty_count);
  else if (s->bad_short == 1)
    cg_error_set(err, s->bad, " ", "lives in at least %zu steps but has %zu given penalties", s->bad_steps,
                 s->comms[s->bad].penalty_count);
  else if (s->bad_short == 2)
    cg_error_set(err, s->bad, " ", "lives in %zu steps but has %zu given penalties (one per step it lives in)",
                 s->bad_steps, s->comms[s->bad].penalty_count);
  else if (s->tech)
    cg_error_set(err, s->bad, " ",
                 "has penalty %g in step %zu under technology '%s' (its rules must give finite "
                 "penalties >= 1)",
                 s->bad_value, s->step, s->tech->name);
  else
    cg_error_set(err, s->bad, " ", "has penalty %g in step %zu (given penalties must be finite and >= 1)",
                 s->bad_value, s->step);
  return -1;
}

static int valid_penalty(double p) { return p >= 1.0 && isfinite(p); }

/* Given mode, at a new step: every running inter-host comm moves to the
 * next value of its list. */
static void given_step(solver *s, double t)
{
  for (size_t k = 0; k < s->nactive; k++) {
    size_t i = s->active[k];
    const cg_step_comm *c = &s->comms[i];
    if (!in_graph(c))
      continue;
    size_t lived = s->step - s->r[i].first_step;
    if (lived > c->penalty_count) {
      note_bad(s, i, 0, lived, 1);
      continue;
    }
    double p = c->penalties[lived - 1];
    if (!valid_penalty(p))
      note_bad(s, i, p, lived, 0);
    else
      set_penalty(s, i, p, t);
  }
}

/* Technology mode, after the graph changed: one evaluation, then only the
 * comms whose penalty changed. */
static void tech_step(solver *s, double t)
{
  cg_graph_flush(s->g);
  size_t nch;
  if (s->edges) {
    const cg_edge *ce = cg_graph_changed_edges(s->g, &nch);
    for (size_t k = 0; k < nch; k++) {
      double p = cg_graph_edge_penalty(s->g, ce[k]);
      if (valid_penalty(p)) {
        edge_rate(s, ce[k], p, t);
        continue;
      }
      size_t m;
      const cg_comm *on = cg_graph_edge_comms(s->g, ce[k], &m);
      for (size_t y = 0; y < m; y++)
        note_bad(s, s->of_handle[on[y]], p, 0, 0);
    }
    return;
  }
  const cg_comm *ch = cg_graph_changed(s->g, &nch);
  for (size_t k = 0; k < nch; k++) {
    if (ch[k] >= s->handle_cap || s->of_handle[ch[k]] == NO_INDEX)
      continue; /* not one of ours any more */
    size_t i = s->of_handle[ch[k]];
    double p = cg_graph_penalty(s->g, ch[k]);
    if (!valid_penalty(p))
      note_bad(s, i, p, 0, 0);
    else
      set_penalty(s, i, p, t);
  }
}

static void active_add(solver *s, size_t i)
{
  s->r[i].slot = s->nactive;
  s->active[s->nactive++] = i;
}

static void active_remove(solver *s, size_t i)
{
  size_t last = s->active[--s->nactive];
  s->active[s->r[i].slot] = last;
  s->r[last].slot = s->r[i].slot;
}

static void map_handle(solver *s, cg_comm h, size_t i)
{
  if (h >= s->handle_cap) {
    size_t old = s->handle_cap;
    cg_grow((void **)&s->of_handle, &s->handle_cap, (size_t)h + 1, sizeof *s->of_handle);
    for (size_t k = old; k < s->handle_cap; k++)
      s->of_handle[k] = NO_INDEX;
  }
  s->of_handle[h] = i;
}

/* Rows of the step table for the interval [t, t_next): every running comm
 * in index order, with its bytes left at t_next (0 for those ending). */
static void table_rows(solver *s, cg_step_table *table, double t, double t_next)
{
  memcpy(s->sorted, s->active, s->nactive * sizeof *s->sorted);
  qsort(s->sorted, s->nactive, sizeof *s->sorted, by_index);
  for (size_t k = 0; k < s->nactive; k++) {
    size_t i = s->sorted[k];
    const run *x = &s->r[i];
    if (s->edges && in_graph(&s->comms[i])) {
      const edge_run *e = &s->er[s->edge_of[i]];
      double left =
        x->state == DONE ? 0.0 : dd_diff(dd_sub(e->V, bytes_sent(t_next, e->since, s->alpha, e->rho)), s->key[i]);
      add_row(table, s->step, t, t_next, i, e->rho, left);
      continue;
    }
    dd rem = dd_sub(x->remaining, bytes_sent(t_next, x->since, s->alpha, x->rho));
    double left = x->state == DONE ? 0.0 : rem.hi + rem.lo;
    add_row(table, s->step, t, t_next, i, x->rho, left);
  }
}

int cg_solve_steps(const cg_step_comm *comms, size_t n, double alpha, const cg_tech *tech,
                   const double *params, double *finish, cg_step_table *table, char *err,
                   size_t errlen)
{
  return cg_solve_steps_grouped(comms, n, alpha, tech, params, NULL, 0, finish, table, err, errlen);
}

int cg_solve_steps_grouped(const cg_step_comm *comms, size_t n, double alpha, const cg_tech *tech,
                           const double *params, const int32_t *host_group, size_t group_count,
                           double *finish, cg_step_table *table, char *err, size_t errlen)
{
  cg_error e;
  int rc = cg_solve_steps_e(comms, n, alpha, tech, params, host_group, group_count, finish, table, &e);
  if (rc)
    cg_error_text(&e, err, errlen);
  return rc;
}

int cg_solve_steps_e(const cg_step_comm *comms, size_t n, double alpha, const cg_tech *tech,
                     const double *params, const int32_t *host_group, size_t group_count, double *finish,
                     cg_step_table *table, cg_error *err)
{
  return cg_solve_steps_limited(comms, n, alpha, tech, params, host_group, group_count, 0, finish, table, err);
}

int cg_solve_steps_limited(const cg_step_comm *comms, size_t n, double alpha, const cg_tech *tech,
                           const double *params, const int32_t *host_group, size_t group_count, double limiter,
                           double *finish, cg_step_table *table, cg_error *err)
{
  size_t cap = n ? n : 1;
  solver s = {.comms = comms, .alpha = alpha, .tech = tech, .bad = NO_INDEX, .limiter = limiter};
  if (limiter > 0) {
    s.lsrc = cg_xmalloc(cap * sizeof *s.lsrc), s.ldst = cg_xmalloc(cap * sizeof *s.ldst);
    s.ldemand = cg_xmalloc(cap * sizeof *s.ldemand), s.lrate = cg_xmalloc(cap * sizeof *s.lrate);
    s.lcomm = cg_xmalloc(cap * sizeof *s.lcomm);
  }
  s.r = cg_xcalloc(cap, sizeof *s.r);
  s.active = cg_xmalloc(cap * sizeof *s.active);
  s.ending = cg_xmalloc(cap * sizeof *s.ending);
  s.sorted = table ? cg_xmalloc(cap * sizeof *s.sorted) : NULL;
  s.n = n;
  /* Per-edge progress needs one rate per edge; the limiters' max-min
   * share is computed per comm, so a limited solve keeps the per-comm
   * path (the graph still gives every comm its edge's penalty). */
  s.edges = tech && tech->edge_penalties && !(limiter > 0);
  if (s.edges) {
    s.self_base = n;
    s.key = cg_xmalloc(cap * sizeof *s.key);
    s.edge_of = cg_xmalloc(cap * sizeof *s.edge_of);
  }
  end_heap_init(&s.ends, s.edges ? 2 * n : n);
  if (tech) {
    s.g = cg_graph_create(tech, params);
    for (size_t h = 0; h < group_count; h++)
      cg_graph_set_host_group(s.g, (cg_host)h, host_group[h]);
    cg_graph_set_deferred(s.g, 1); /* one evaluation per instant */
  }
  arrival *order = cg_xmalloc(cap * sizeof *order);
  for (size_t i = 0; i < n; i++)
    order[i] = (arrival){comms[i].start, i};
  qsort(order, n, sizeof *order, by_start);

  int rc = -1;
  /* Given mode: a comm that never enters the graph lives in no step, so a
   * value in its list would be ignored silently. */
  for (size_t i = 0; i < n && !tech; i++)
    if (!in_graph(&comms[i]) && comms[i].penalty_count > 0)
      note_bad(&s, i, 0, 0, 3);
  if (report_bad(&s, err))
    goto out;
  size_t next = 0, done = 0;
  int departed = 0;
  double t = n ? order[0].start : 0.0;
  while (done < n) {
    /* The graph changes when an inter-host comm arrives or leaves; only
     * then does a new step start (and, in given mode, each comm moves to
     * its next penalty). Zero-byte comms finish on arrival. */
    int changed = departed;
    departed = 0;
    while (next < n && order[next].start <= t) {
      size_t i = order[next++].comm;
      run *x = &s.r[i];
      if (comms[i].size <= 0) {
        x->state = DONE;
        finish[i] = comms[i].start;
        done++;
        continue;
      }
      *x = (run){.remaining = {comms[i].size, 0.0}, .since = t, .rho = NAN, .state = ACTIVE};
      active_add(&s, i);
      if (in_graph(&comms[i])) {
        changed = 1;
        x->first_step = s.step;
        if (s.g) {
          x->handle = cg_graph_add(s.g, comms[i].src, comms[i].dst);
          map_handle(&s, x->handle, i);
          if (s.edges)
            edge_join(&s, cg_graph_comm_edge(s.g, x->handle), i, t);
        }
      } else {
        set_rate(&s, i, 1.0, t); /* a self-comm runs uncontended */
      }
    }
    if (done == n)
      break;
    int new_step = changed || s.step == 0;
    if (new_step) {
      s.step++;
      if (!s.g)
        given_step(&s, t);
    }
    if (s.g && changed)
      tech_step(&s, t);
    if (report_bad(&s, err))
      goto out;
    if (s.limiter > 0 && new_step)
      limit_rates(&s, t);

    /* The next event; comms ending there (within rounding) finish. */
    double t_next = s.ends.count ? s.ends.key[end_heap_top(&s.ends)] : INFINITY;
    if (next < n && order[next].start < t_next)
      t_next = order[next].start;
    double limit = t_next + fabs(t_next) * SAME_TIME_REL;
    size_t nend = 0;
    while (s.ends.count && s.ends.key[end_heap_top(&s.ends)] <= limit) {
      /* one event, but each comm finishes at its own end: the window
       * (relative to the time, not to the comm's duration) pulled a 1 ns
       * comm at 4 s 0.39 % early */
      double end = s.ends.key[end_heap_top(&s.ends)];
      size_t i = pop_end(&s);
      s.r[i].state = DONE;
      finish[i] = end;
      s.ending[nend++] = i;
      /* the event is at the latest of the ends it takes: at the earliest,
       * a comm ending later left its share to the others before its end
       * (its neighbour then ran faster than the link allows) */
      if (end > t_next)
        t_next = end;
    }
    if (table)
      table_rows(&s, table, t, t_next);
    /* Index order: the graph's handle reuse then depends on the input only. */
    qsort(s.ending, nend, sizeof *s.ending, by_index);
    for (size_t k = 0; k < nend; k++) {
      size_t i = s.ending[k];
      done++;
      active_remove(&s, i);
      if (in_graph(&comms[i])) {
        departed = 1;
        /* Given mode: values past the comm's last step were ignored silently. */
        if (!s.g && s.step - s.r[i].first_step < comms[i].penalty_count)
          note_bad(&s, i, 0, s.step - s.r[i].first_step, 2);
        if (s.g) {
          cg_graph_remove(s.g, s.r[i].handle);
          s.of_handle[s.r[i].handle] = NO_INDEX;
        }
      }
    }
    if (report_bad(&s, err))
      goto out;
    t = t_next;
  }
  rc = 0;
out:
  cg_graph_destroy(s.g);
  end_heap_free(&s.ends);
  for (size_t e = 0; e < s.er_cap; e++)
    free(s.er[e].heap);
  free(s.er);
  free(s.key);
  free(s.edge_of);
  free(s.r);
  free(s.active);
  free(s.ending);
  free(s.sorted);
  free(s.of_handle);
  free(order);
  free(s.lsrc), free(s.ldst), free(s.ldemand), free(s.lrate), free(s.lcomm);
  return rc;
}
