/* Event-driven form of seed 000 eq. 1-3: between two consecutive events the
 * penalties are constant, so each active comm's remaining bytes fall
 * linearly; the next event is the earliest completion or arrival. */
#include "contention/step_solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

#define SAME_TIME_REL 1e-12

enum { PENDING, ACTIVE, DONE };

typedef struct run {
  double remaining;
  cg_comm handle;
  size_t steps; /* graph steps lived so far (given mode index) */
  int state;
} run;

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

static const cg_step_comm *sort_base;
static int by_start(const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  double sx = sort_base[x].start, sy = sort_base[y].start;
  if (sx != sy)
    return sx < sy ? -1 : 1;
  return (x > y) - (x < y); /* stable: file order among equal starts */
}

static int in_graph(const cg_step_comm *c) { return c->src != c->dst && c->size > 0; }

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
  int rc = -1;
  run *r = cg_xcalloc(n, sizeof *r);
  size_t *order = cg_xcalloc(n, sizeof *order);
  double *rho = cg_xcalloc(n, sizeof *rho);
  cg_graph *g = tech ? cg_graph_create(tech, params) : NULL;
  for (size_t h = 0; g && h < group_count; h++)
    cg_graph_set_host_group(g, (cg_host)h, host_group[h]);
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  sort_base = comms;
  qsort(order, n, sizeof *order, by_start);

  size_t next = 0, done = 0, step = 0;
  int departed = 0;
  double t = n ? comms[order[0]].start : 0.0;
  while (done < n) {
    /* The graph changes when an inter-host comm arrives or leaves; only
     * then does a new step start (and, in given mode, each comm moves to
     * its next penalty). Zero-byte comms finish on arrival. */
    int changed = departed;
    departed = 0;
    while (next < n && comms[order[next]].start <= t) {
      size_t i = order[next++];
      r[i].remaining = comms[i].size;
      if (comms[i].size <= 0) {
        r[i].state = DONE;
        finish[i] = comms[i].start;
        done++;
        continue;
      }
      r[i].state = ACTIVE;
      if (in_graph(&comms[i])) {
        changed = 1;
        if (g)
          r[i].handle = cg_graph_add(g, comms[i].src, comms[i].dst);
      }
    }
    if (done == n)
      break;
    if (changed || step == 0) {
      step++;
      for (size_t i = 0; i < n; i++)
        if (r[i].state == ACTIVE && in_graph(&comms[i]))
          r[i].steps++;
    }

    /* Penalties of this interval, and the earliest completion. */
    double first_end = INFINITY;
    for (size_t i = 0; i < n; i++) {
      if (r[i].state != ACTIVE)
        continue;
      if (!in_graph(&comms[i])) {
        rho[i] = 1.0;
      } else if (g) {
        rho[i] = cg_graph_penalty(g, r[i].handle);
      } else if (r[i].steps > comms[i].penalty_count) {
        snprintf(err, errlen, "comm %zu lives in at least %zu steps but has %zu given penalties", i,
                 r[i].steps, comms[i].penalty_count);
        goto out;
      } else {
        rho[i] = comms[i].penalties[r[i].steps - 1];
      }
      if (!(rho[i] >= 1.0) || !isfinite(rho[i])) {
        snprintf(err, errlen, "comm %zu has penalty %g in step %zu (penalties must be finite and >= 1)",
                 i, rho[i], step);
        goto out;
      }
      double end = t + r[i].remaining * alpha * rho[i];
      if (end < first_end)
        first_end = end;
    }
    double t_next = first_end;
    if (next < n && comms[order[next]].start < t_next)
      t_next = comms[order[next]].start;

    /* Advance to t_next; comms ending there (within rounding) finish. */
    double limit = t_next + fabs(t_next) * SAME_TIME_REL;
    for (size_t i = 0; i < n; i++) {
      if (r[i].state != ACTIVE)
        continue;
      double end = t + r[i].remaining * alpha * rho[i];
      if (end <= limit)
        r[i].remaining = 0.0;
      else
        r[i].remaining -= (t_next - t) / (alpha * rho[i]);
      if (table)
        add_row(table, step, t, t_next, i, rho[i], r[i].remaining);
    }
    for (size_t i = 0; i < n; i++) {
      if (r[i].state != ACTIVE || r[i].remaining > 0.0)
        continue;
      r[i].state = DONE;
      finish[i] = t_next;
      done++;
      if (in_graph(&comms[i])) {
        departed = 1;
        if (g)
          cg_graph_remove(g, r[i].handle);
      }
    }
    t = t_next;
  }
  rc = 0;
out:
  cg_graph_destroy(g);
  free(r);
  free(order);
  free(rho);
  return rc;
}
