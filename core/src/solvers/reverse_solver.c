/* Reverse solver of seed 000 sec. 3.3 (see reverse_solver.h).
 *
 * Cost: the steps come from one sort of the measured times, O(n log n).
 * In technology mode the graph of the comms still running is not rebuilt
 * for each step: it is built once and the comms ending at each step leave
 * it (one deferred evaluation per step); a comm's bytes sent after the
 * first step are accumulated only when its penalty changes (the graph's
 * changed list). The cost is O(n log n) plus the technology's work on the
 * penalties that really change. */
#include "contention/reverse_solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/alloc.h"

#define SAME_TIME_REL 1e-9
#define NO_INDEX ((size_t)-1)

static int same_time(double a, double b) { return fabs(a - b) <= SAME_TIME_REL * fmax(fabs(a), fabs(b)); }

typedef struct timed {
  double t;
  size_t comm;
} timed;

static int by_time(const void *a, const void *b)
{
  const timed *x = a, *y = b;
  if (x->t != y->t)
    return x->t < y->t ? -1 : 1;
  return (x->comm > y->comm) - (x->comm < y->comm);
}

/* Steps (1-based) of every comm, and the sorted distinct times t[0..k)
 * (a cluster of times within SAME_TIME_REL of its first is one time, the
 * first); returns k. A time belongs to the cluster of the latest first
 * time it is close to: no earlier one can be (they are farther apart). */
static size_t steps_of(const double *measured, size_t n, size_t *step, double *t)
{
  timed *s = cg_xmalloc((n ? n : 1) * sizeof *s);
  for (size_t i = 0; i < n; i++)
    s[i] = (timed){measured[i], i};
  qsort(s, n, sizeof *s, by_time);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (k == 0 || !same_time(s[i].t, t[k - 1]))
      t[k++] = s[i].t;
    step[s[i].comm] = k;
  }
  free(s);
  return k;
}

void cg_reverse_step_counts(const double *measured, size_t n, size_t *steps)
{
  double *t = cg_xmalloc((n ? n : 1) * sizeof *t);
  steps_of(measured, n, steps, t);
  free(t);
}

size_t cg_reverse_step_count(const double *measured, size_t n, size_t i)
{
  size_t *steps = cg_xmalloc((n ? n : 1) * sizeof *steps);
  cg_reverse_step_counts(measured, n, steps);
  size_t s = steps[i];
  free(steps);
  return s;
}

static int check_inputs(const double *measured, size_t n, double alpha, double size, cg_error *err)
{
  if (n == 0) {
    cg_error_set(err, CG_ERROR_NO_COMM, "", "no comm to calibrate");
    return -1;
  }
  if (!(alpha > 0) || !isfinite(alpha) || !(size > 0) || !isfinite(size)) {
    cg_error_set(err, CG_ERROR_NO_COMM, "", "alpha and the message size must be finite and > 0");
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    if (!(measured[i] > 0) || !isfinite(measured[i])) {
      cg_error_set(err, i, ": ", "measured time %g must be finite and > 0", measured[i]);
      return -1;
    }
  return 0;
}

/* rho1 from the bytes each comm sent after the first step. */
static int first_step(const double *t, size_t n, double alpha, double size, const double *sent,
                      const char *source, double *rho1, cg_error *err)
{
  for (size_t i = 0; i < n; i++) {
    double first = size - sent[i];
    if (!(first > 0)) {
      cg_error_set(err, i, " ",
                   "would send more than %g bytes after the first step with %s: the measured "
                   "times are inconsistent with them",
                   size, source);
      return -1;
    }
    rho1[i] = t[0] / (alpha * first);
  }
  return 0;
}

int cg_reverse_first_step(const double *measured, size_t n, double alpha, double size,
                          const double *const *later, const size_t *later_count, double *rho1,
                          char *err, size_t errlen)
{
  cg_error e;
  int rc = cg_reverse_first_step_e(measured, n, alpha, size, later, later_count, rho1, &e);
  if (rc)
    cg_error_text(&e, err, errlen);
  return rc;
}

int cg_reverse_first_step_e(const double *measured, size_t n, double alpha, double size,
                            const double *const *later, const size_t *later_count, double *rho1,
                            cg_error *err)
{
  if (check_inputs(measured, n, alpha, size, err))
    return -1;
  size_t *step = cg_xmalloc(n * sizeof *step);
  double *t = cg_xmalloc(n * sizeof *t), *sent = cg_xcalloc(n, sizeof *sent);
  steps_of(measured, n, step, t);
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++)
    if (later_count[i] != step[i] - 1) {
      cg_error_set(err, i, " ", "lives in %zu steps: it needs %zu later penalties, got %zu", step[i],
                   step[i] - 1, later_count[i]);
      rc = -1;
    }
  /* Step j (>= 2) lasts t[j-1] - t[j-2]: one list entry per step lived. */
  for (size_t i = 0; i < n && rc == 0; i++)
    for (size_t j = 2; j <= step[i] && rc == 0; j++) {
      double p = later[i][j - 2];
      if (!(p >= 1.0) || !isfinite(p)) {
        cg_error_set(err, i, ": ", "given penalty %g of step %zu must be finite and >= 1", p, j);
        rc = -1;
      } else
        sent[i] += (t[j - 1] - t[j - 2]) / (alpha * p);
    }
  if (rc == 0)
    rc = first_step(t, n, alpha, size, sent, "its given later penalties", rho1, err);
  free(step);
  free(t);
  free(sent);
  return rc;
}

int cg_reverse_first_step_tech(const double *measured, const cg_host *src, const cg_host *dst,
                               size_t n, double alpha, double size, const cg_tech *tech,
                               const double *params, double *rho1, char *err, size_t errlen)
{
  return cg_reverse_first_step_tech_grouped(measured, src, dst, n, alpha, size, tech, params, NULL, 0, rho1,
                                            err, errlen);
}

int cg_reverse_first_step_tech_grouped(const double *measured, const cg_host *src, const cg_host *dst,
                                       size_t n, double alpha, double size, const cg_tech *tech,
                                       const double *params, const int32_t *host_group, size_t group_count,
                                       double *rho1, char *err, size_t errlen)
{
  cg_error e;
  int rc = cg_reverse_first_step_tech_e(measured, src, dst, n, alpha, size, tech, params, host_group,
                                        group_count, rho1, &e);
  if (rc)
    cg_error_text(&e, err, errlen);
  return rc;
}

/* The first-step offending comm and its step, as the solver reports it. */
typedef struct bad_comm {
  size_t comm, step;
  double value;
} bad_comm;

static void note_bad(bad_comm *b, size_t i, size_t step, double value)
{
  if (b->comm == NO_INDEX || i < b->comm)
    *b = (bad_comm){i, step, value};
}

/* The steps on a graph that holds parallel comms as one edge (a technology
 * with edge_penalties): the comms of an edge share its penalty, so they
 * also share the bytes sent since step 1, W[e], accumulated when the
 * edge's penalty changes with the same additions, in the same order, as a
 * comm's own `sent` (the result is bit-identical). A step costs the edges
 * that change, not their comms. */
static void edge_steps(cg_graph *g, const double *t, size_t k, const size_t *first, const size_t *by_step,
                       size_t n, double alpha, const cg_comm *h, const size_t *of_handle, double *sent,
                       bad_comm *bad)
{
  double *W = cg_xcalloc(n, sizeof *W), *since = cg_xmalloc(n * sizeof *since);
  double *rho = cg_xmalloc(n * sizeof *rho);
  for (size_t i = 0; i < n; i++) { /* the edges are < n: one per comm at most */
    cg_edge e = cg_graph_comm_edge(g, h[i]);
    rho[e] = cg_graph_edge_penalty(g, e);
    since[e] = t[0];
  }
  for (size_t j = 1; j <= k; j++) {
    for (size_t x = first[j]; x < first[j + 1]; x++) {
      size_t i = by_step[x];
      cg_edge e = cg_graph_comm_edge(g, h[i]);
      sent[i] = j >= 2 ? W[e] + (t[j - 1] - since[e]) / (alpha * rho[e]) : 0.0;
      cg_graph_remove(g, h[i]);
    }
    if (j == k)
      break;
    cg_graph_flush(g);
    size_t nch;
    const cg_edge *ch = cg_graph_changed_edges(g, &nch);
    for (size_t c = 0; c < nch; c++) {
      cg_edge e = ch[c];
      double p = cg_graph_edge_penalty(g, e);
      if (!(p >= 1.0) || !isfinite(p)) {
        size_t m;
        const cg_comm *on = cg_graph_edge_comms(g, e, &m);
        for (size_t y = 0; y < m; y++)
          note_bad(bad, of_handle[on[y]], j + 1, p);
        continue;
      }
      if (j >= 2)
        W[e] += (t[j - 1] - since[e]) / (alpha * rho[e]);
      since[e] = t[j - 1];
      rho[e] = p;
    }
    if (j == 1)
      for (size_t x = first[2]; x < n; x++) {
        size_t i = by_step[x];
        double p = rho[cg_graph_comm_edge(g, h[i])];
        if (!(p >= 1.0) || !isfinite(p))
          note_bad(bad, i, 2, p);
      }
    if (bad->comm != NO_INDEX)
      break;
  }
  free(W), free(since), free(rho);
}

int cg_reverse_first_step_tech_e(const double *measured, const cg_host *src, const cg_host *dst, size_t n,
                                 double alpha, double size, const cg_tech *tech, const double *params,
                                 const int32_t *host_group, size_t group_count, double *rho1, cg_error *err)
{
  if (check_inputs(measured, n, alpha, size, err))
    return -1;
  size_t *step = cg_xmalloc(n * sizeof *step);
  double *t = cg_xmalloc(n * sizeof *t);
  size_t k = steps_of(measured, n, step, t);
  /* Comms by step (counting sort), so each step's leavers are at hand. */
  size_t *first = cg_xcalloc(k + 2, sizeof *first), *by_step = cg_xmalloc(n * sizeof *by_step);
  for (size_t i = 0; i < n; i++)
    first[step[i] + 1]++;
  for (size_t j = 1; j <= k + 1; j++)
    first[j] += first[j - 1];
  for (size_t i = 0; i < n; i++)
    by_step[first[step[i]]++] = i;
  for (size_t j = k + 1; j > 0; j--)
    first[j] = first[j - 1];
  first[0] = 0; /* comms of step j: by_step[first[j] .. first[j+1]) */

  /* Per comm: bytes sent after step 1 up to `since`, at penalty rho. */
  double *sent = cg_xcalloc(n, sizeof *sent), *since = cg_xmalloc(n * sizeof *since);
  double *rho = cg_xmalloc(n * sizeof *rho);
  cg_comm *h = cg_xmalloc(n * sizeof *h);
  size_t *of_handle = NULL, handle_cap = 0;
  cg_graph *g = cg_graph_create(tech, params);
  for (size_t x = 0; x < group_count; x++)
    cg_graph_set_host_group(g, (cg_host)x, host_group[x]);
  cg_graph_set_deferred(g, 1);
  for (size_t i = 0; i < n; i++) {
    h[i] = cg_graph_add(g, src[i], dst[i]);
    if (h[i] >= handle_cap) {
      size_t old = handle_cap;
      cg_grow((void **)&of_handle, &handle_cap, (size_t)h[i] + 1, sizeof *of_handle);
      for (size_t x = old; x < handle_cap; x++)
        of_handle[x] = NO_INDEX;
    }
    of_handle[h[i]] = i;
  }
  cg_graph_flush(g);
  for (size_t i = 0; i < n; i++) {
    rho[i] = cg_graph_penalty(g, h[i]); /* step 1's: replaced if it changes */
    since[i] = t[0];
  }

  char source[128];
  snprintf(source, sizeof source, "the later-step penalties of technology '%s'", tech->name);
  size_t bad = NO_INDEX, bad_step = 0;
  double bad_value = 0;
  if (cg_graph_has_edges(g)) {
    bad_comm b = {NO_INDEX, 0, 0};
    edge_steps(g, t, k, first, by_step, n, alpha, h, of_handle, sent, &b);
    bad = b.comm, bad_step = b.step, bad_value = b.value;
    k = 0; /* done: skip the per-comm steps */
  }
  for (size_t j = 1; j <= k; j++) {
    /* The comms of step j end at t[j-1]: they stop sending and leave. */
    for (size_t x = first[j]; x < first[j + 1]; x++) {
      size_t i = by_step[x];
      if (j >= 2)
        sent[i] += (t[j - 1] - since[i]) / (alpha * rho[i]);
      cg_graph_remove(g, h[i]);
      of_handle[h[i]] = NO_INDEX;
    }
    if (j == k)
      break;
    cg_graph_flush(g); /* the graph of step j + 1 */
    size_t nch;
    const cg_comm *ch = cg_graph_changed(g, &nch);
    for (size_t c = 0; c < nch; c++) {
      if (of_handle[ch[c]] == NO_INDEX)
        continue;
      size_t i = of_handle[ch[c]];
      double p = cg_graph_penalty(g, ch[c]);
      if (!(p >= 1.0) || !isfinite(p)) {
        if (bad == NO_INDEX || i < bad)
          bad = i, bad_step = j + 1, bad_value = p;
        continue;
      }
      if (j >= 2)
        sent[i] += (t[j - 1] - since[i]) / (alpha * rho[i]);
      since[i] = t[j - 1];
      rho[i] = p;
    }
    /* A step-1 penalty a comm keeps into step 2 must be valid too. */
    if (j == 1)
      for (size_t x = first[2]; x < n; x++) {
        size_t i = by_step[x];
        if ((!(rho[i] >= 1.0) || !isfinite(rho[i])) && (bad == NO_INDEX || i < bad))
          bad = i, bad_step = 2, bad_value = rho[i];
      }
    if (bad != NO_INDEX)
      break;
  }
  int rc = 0;
  if (bad != NO_INDEX) {
    cg_error_set(err, bad, ": ", "penalty %g of step %zu under technology '%s' must be finite and >= 1",
                 bad_value, bad_step, tech->name);
    rc = -1;
  } else {
    rc = first_step(t, n, alpha, size, sent, source, rho1, err);
  }
  cg_graph_destroy(g);
  free(step), free(t), free(first), free(by_step);
  free(sent), free(since), free(rho), free(h), free(of_handle);
  return rc;
}
