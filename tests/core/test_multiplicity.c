/* Parallel comms as one edge of multiplicity k (technologies with
 * edge_penalties: all five) against the per-comm
 * arithmetic, on random graphs where 80 % of the comms copy the host
 * pair of an earlier one:
 *
 * 1. Step solver: the per-edge path (one progress V_e per edge) against
 *    given mode fed each comm's penalties from the step table, i.e. the
 *    per-comm path (each comm's bytes left updated at each rate change).
 *    Finish times within 1e-13 relative (measured worst: 1.7e-15).
 * 2. Reverse solver: technology mode (bytes sent per edge, summed per
 *    penalty change) against the per-comm form with the later-step
 *    penalties given (summed per step), read from a graph left by each
 *    step's comm: rho1 within 2e-14 relative (measured worst: 1.1e-14,
 *    hier-ethernet, whose penalties change at most steps).
 * 1b. Step solver on one edge holding comms of sizes 1 B to 1e16 B: the
 *    per-edge path against the per-comm path (a limiter too large to bind),
 *    finish times within 1e-13 relative. V_e held as one double lost a
 *    1 B comm beside a 1e16 B one (key V_e - 1 rounds to V_e): it ended at
 *    its start, faster than the bandwidth allows.
 * 3. Graph: multiplicities sum to the comm count (and match the hosts'
 *    edge blocks, peers too), every comm's penalty is its edge's, and the changed list holds every comm of a changed edge
 *    and every comm added. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "contention/alloc.h"
#include "contention/reverse_solver.h"
#include "contention/step_solver.h"
#include "contention/technology.h"

#define ALPHA 1e-9

static const cg_tech *const edge_techs[] = {&cg_tech_infiniband, &cg_tech_gige, &cg_tech_infinihost, &cg_tech_myrinet,
                                            &cg_tech_hier_ethernet};

/* n comms over `hosts` hosts; about `par` of them copy the pair of an
 * earlier comm. `dyn`: varied sizes and starts, some self-comms. */
static cg_step_comm *draw(size_t n, uint32_t hosts, double par, int dyn)
{
  cg_step_comm *c = calloc(n, sizeof *c);
  for (size_t i = 0; i < n; i++) {
    cg_host s, d;
    if (i > 0 && check_rand() % 1000 < par * 1000) {
      size_t j = check_rand() % i;
      s = c[j].src, d = c[j].dst;
    } else {
      s = check_rand() % hosts, d = check_rand() % hosts;
      if (s == d && (!dyn || check_rand() % 4))
        d = (s + 1) % hosts;
    }
    double size = dyn ? 1e5 + check_rand() % 2000000 : 1e6;
    double start = dyn && check_rand() % 2 ? (check_rand() % 500) * 1e-6 : 0.0;
    c[i] = (cg_step_comm){s, d, size, start, NULL, 0};
  }
  return c;
}

static double step_solver_case(const cg_tech *t, size_t n, uint32_t hosts)
{
  cg_step_comm *c = draw(n, hosts, 0.8, 1);
  double *fe = calloc(n, sizeof *fe), *fc = calloc(n, sizeof *fc);
  cg_step_table tab = {0};
  char err[256];
  CHECK(cg_solve_steps(c, n, ALPHA, t, NULL, fe, &tab, err, sizeof err) == 0);
  /* each comm's penalty per step lived, in step order */
  double **lists = calloc(n, sizeof *lists);
  size_t *count = calloc(n, sizeof *count), *cap = calloc(n, sizeof *cap), *last = calloc(n, sizeof *last);
  for (size_t r = 0; r < tab.count; r++) {
    size_t i = tab.rows[r].comm;
    if (tab.rows[r].step == last[i])
      continue; /* an event that changed no step (a self-comm's arrival) */
    if (c[i].src == c[i].dst)
      continue; /* a self-comm lives in no step: its list is empty */
    last[i] = tab.rows[r].step;
    cg_grow((void **)&lists[i], &cap[i], count[i] + 1, sizeof **lists);
    lists[i][count[i]++] = tab.rows[r].penalty;
  }
  for (size_t i = 0; i < n; i++)
    c[i].penalties = lists[i], c[i].penalty_count = count[i];
  int rc = cg_solve_steps(c, n, ALPHA, NULL, NULL, fc, NULL, err, sizeof err);
  if (rc)
    fprintf(stderr, "%s\n", err);
  CHECK(rc == 0);
  double worst = 0;
  for (size_t i = 0; i < n; i++) {
    double rel = fabs(fe[i] - fc[i]) / fabs(fc[i]);
    worst = rel > worst ? rel : worst;
  }
  for (size_t i = 0; i < n; i++)
    free(lists[i]);
  free(lists), free(count), free(cap), free(last), free(fe), free(fc), free(c);
  cg_step_table_free(&tab);
  return worst;
}

/* Comms on few host pairs, sizes log-uniform from 1 B to 1e16 B, starts
 * spread over the small comms' times: per edge against per comm. */
static double wide_sizes_case(const cg_tech *t, size_t n)
{
  cg_step_comm *c = calloc(n, sizeof *c);
  for (size_t i = 0; i < n; i++) {
    cg_host s = check_rand() % 3, d = (s + 1 + check_rand() % 2) % 3;
    double size = pow(10.0, (double)(check_rand() % 1601) / 100.0);
    double start = check_rand() % 2 ? (check_rand() % 100) * 1e-9 : 0.0;
    c[i] = (cg_step_comm){s, d, size, start, NULL, 0};
  }
  double *fe = calloc(n, sizeof *fe), *fc = calloc(n, sizeof *fc);
  cg_error err;
  CHECK(cg_solve_steps_limited(c, n, ALPHA, t, NULL, NULL, 0, 0, fe, NULL, &err) == 0);
  CHECK(cg_solve_steps_limited(c, n, ALPHA, t, NULL, NULL, 0, 1e300, fc, NULL, &err) == 0);
  double worst = 0;
  for (size_t i = 0; i < n; i++) {
    double rel = fabs((fe[i] - c[i].start) - (fc[i] - c[i].start)) / (fc[i] - c[i].start);
    worst = rel > worst ? rel : worst;
  }
  free(fe), free(fc), free(c);
  return worst;
}

typedef struct timed {
  double t;
  size_t i;
} timed;

static int by_time(const void *a, const void *b)
{
  const timed *x = a, *y = b;
  return x->t < y->t ? -1 : x->t > y->t ? 1 : (x->i > y->i) - (x->i < y->i);
}

/* Reverse solver on noisy (all distinct) times: technology mode against
 * the given-penalty form; returns the number of rho1 that differ. */
static double reverse_case(const cg_tech *t, size_t n, uint32_t hosts)
{
  cg_step_comm *c = draw(n, hosts, 0.8, 0);
  cg_host *src = malloc(n * sizeof *src), *dst = malloc(n * sizeof *dst);
  double *T = malloc(n * sizeof *T), *re = malloc(n * sizeof *re), *rc = malloc(n * sizeof *rc);
  char err[256];
  CHECK(cg_solve_steps(c, n, ALPHA, t, NULL, T, NULL, err, sizeof err) == 0);
  /* Noise from a random permutation: equal predicted times (parallel
   * comms) end at least 1e-4 / n apart, far above the solver's 1e-9
   * "same time", so every comm ends its own step. */
  size_t *perm = malloc(n * sizeof *perm);
  for (size_t i = 0; i < n; i++)
    perm[i] = i;
  for (size_t i = n; i > 1; i--) {
    size_t j = check_rand() % i, x = perm[i - 1];
    perm[i - 1] = perm[j], perm[j] = x;
  }
  for (size_t i = 0; i < n; i++) {
    src[i] = c[i].src, dst[i] = c[i].dst;
    T[i] *= 1 + 1e-4 * (double)(perm[i] + 1) / (double)n;
  }
  free(perm);
  int rc_e = cg_reverse_first_step_tech(T, src, dst, n, ALPHA, 1e6, t, NULL, re, err, sizeof err);
  /* later[i]: the penalty of comm i in steps 2.. from a per-step graph */
  timed *order = malloc(n * sizeof *order);
  for (size_t i = 0; i < n; i++)
    order[i] = (timed){T[i], i};
  qsort(order, n, sizeof *order, by_time);
  double **later = calloc(n, sizeof *later);
  size_t *count = calloc(n, sizeof *count), *cap = calloc(n, sizeof *cap);
  cg_comm *h = malloc(n * sizeof *h);
  cg_graph *g = cg_graph_create(t, NULL);
  for (size_t i = 0; i < n; i++)
    h[i] = cg_graph_add(g, src[i], dst[i]);
  for (size_t k = 0; k + 1 < n; k++) { /* distinct times: one comm per step */
    cg_graph_remove(g, h[order[k].i]);
    for (size_t x = k + 1; x < n; x++) {
      size_t i = order[x].i;
      cg_grow((void **)&later[i], &cap[i], count[i] + 1, sizeof **later);
      later[i][count[i]++] = cg_graph_penalty(g, h[i]);
    }
  }
  int rc_c = cg_reverse_first_step(T, n, ALPHA, 1e6, (const double *const *)later, count, rc, err, sizeof err);
  if (rc_e || rc_c)
    fprintf(stderr, "reverse: %d %d %s\n", rc_e, rc_c, err);
  CHECK(rc_e == rc_c);
  double differ = 0;
  for (size_t i = 0; i < n && rc_e == 0; i++) {
    double rel = fabs(re[i] - rc[i]) / fabs(rc[i]);
    differ = rel > differ ? rel : differ;
  }
  cg_graph_destroy(g);
  for (size_t i = 0; i < n; i++)
    free(later[i]);
  free(later), free(count), free(cap), free(h), free(order);
  free(c), free(src), free(dst), free(T), free(re), free(rc);
  return differ;
}

/* Random adds and removes, deferred flushes: the edge view agrees with
 * the comms, and cg_graph_find_edge with the edge lists. */
static void graph_case(const cg_tech *t)
{
  enum { N = 300 };
  cg_graph *g = cg_graph_create(t, NULL);
  CHECK(cg_graph_has_edges(g));
  cg_graph_set_deferred(g, 1);
  cg_comm live[N];
  size_t nlive = 0;
  int bad_mult = 0, bad_pen = 0, bad_changed = 0, bad_find = 0;
  CHECK(cg_graph_find_edge(g, 0, 1) == CG_NO_EDGE); /* before any edge */
  for (int round = 0; round < 400; round++) {
    cg_comm added[8];
    size_t nadd = 0;
    for (int e = 0; e < 3; e++) {
      if (nlive && (nlive == N || check_rand() % 2)) {
        size_t k = check_rand() % nlive;
        cg_graph_remove(g, live[k]);
        live[k] = live[--nlive];
      } else {
        cg_host s = check_rand() % 5, d = check_rand() % 5;
        if (s == d)
          d = (s + 1) % 5;
        live[nlive++] = added[nadd++] = cg_graph_add(g, s, d);
      }
    }
    cg_graph_flush(g);
    size_t total = 0;
    for (cg_host s = 0; s < 5; s++) {
      size_t ne;
      const cg_edge *out = cg_graph_out_edges(g, s, &ne);
      for (size_t k = 0; k < ne; k++) {
        size_t m;
        const cg_comm *on = cg_graph_edge_comms(g, out[k], &m);
        total += m;
        bad_mult += m != cg_graph_edge_mult(g, out[k]) || m == 0 || cg_graph_out_edge_mults(g, s)[k] != m ||
                    cg_graph_out_edge_peers(g, s)[k] != cg_graph_edge_dst(g, out[k]);
        cg_host d = cg_graph_edge_dst(g, out[k]);
        bad_find += cg_graph_find_edge(g, s, d) != out[k];
        size_t ni;
        const cg_edge *in = cg_graph_in_edges(g, d, &ni);
        for (size_t y = 0; y < ni; y++)
          if (in[y] == out[k])
            bad_mult += cg_graph_in_edge_mults(g, d)[y] != m || cg_graph_in_edge_peers(g, d)[y] != s;
        for (size_t y = 0; y < m; y++)
          bad_pen += cg_graph_penalty(g, on[y]) != cg_graph_edge_penalty(g, out[k]) ||
                     cg_graph_comm_edge(g, on[y]) != out[k] || cg_graph_comm_src(g, on[y]) != s;
      }
    }
    bad_mult += total != cg_graph_comm_count(g);
    for (cg_host s = 0; s < 5; s++) /* pairs without comms: no edge */
      for (cg_host d = 0; d < 5; d++) {
        size_t ne;
        const cg_edge *out = cg_graph_out_edges(g, s, &ne);
        int has = 0;
        for (size_t k = 0; k < ne; k++)
          has |= cg_graph_edge_dst(g, out[k]) == d;
        bad_find += !has && cg_graph_find_edge(g, s, d) != CG_NO_EDGE;
      }
    /* the changed list: the comms of the changed edges, and those added */
    size_t nc, nce;
    const cg_comm *ch = cg_graph_changed(g, &nc);
    const cg_edge *ce = cg_graph_changed_edges(g, &nce);
    size_t want = 0;
    for (size_t k = 0; k < nce; k++)
      want += cg_graph_edge_mult(g, ce[k]);
    for (size_t k = 0; k < nc; k++) {
      int on_changed = 0;
      for (size_t y = 0; y < nce; y++)
        on_changed |= cg_graph_comm_edge(g, ch[k]) == ce[y];
      want += !on_changed; /* added on an unchanged edge */
    }
    bad_changed += nc != want;
    for (size_t a = 0; a < nadd; a++) {
      int still = 0, listed = 0;
      for (size_t k = 0; k < nlive; k++)
        still |= live[k] == added[a];
      for (size_t k = 0; k < nc; k++)
        listed |= ch[k] == added[a];
      bad_changed += still && !listed;
    }
  }
  CHECK(bad_mult == 0);
  CHECK(bad_pen == 0);
  CHECK(bad_changed == 0);
  CHECK(bad_find == 0);
  CHECK(cg_graph_error(g) == NULL);
  cg_graph_destroy(g);
}

int main(void)
{
  check_seed(57);
  for (size_t k = 0; k < sizeof edge_techs / sizeof *edge_techs; k++) {
    const cg_tech *t = edge_techs[k];
    CHECK(t->edge_penalties);
    double worst = 0;
    for (int trial = 0; trial < 6; trial++) {
      double w = step_solver_case(t, 300, trial % 2 ? 6 : 3);
      worst = w > worst ? w : worst;
    }
    fprintf(stderr, "%s: step solver, per edge vs per comm: worst %.2g relative\n", t->name, worst);
    CHECK(worst <= 1e-13);
    double rworst = 0;
    for (int trial = 0; trial < 4; trial++) {
      double w = reverse_case(t, 200, trial % 2 ? 6 : 3);
      rworst = w > rworst ? w : rworst;
    }
    fprintf(stderr, "%s: reverse solver, per edge vs given per step: worst %.2g relative\n", t->name, rworst);
    CHECK(rworst <= 2e-14);
    graph_case(t);
  }
  check_seed(58); /* the cases above keep their draws */
  for (size_t k = 0; k < sizeof edge_techs / sizeof *edge_techs; k++) {
    const cg_tech *t = edge_techs[k];
    double worst = 0;
    for (int trial = 0; trial < 20; trial++) {
      double w = wide_sizes_case(t, 2 + trial % 5);
      worst = w > worst ? w : worst;
    }
    fprintf(stderr, "%s: step solver, sizes 1 B to 1e16 B on one edge: worst %.2g relative\n", t->name, worst);
    CHECK(worst <= 1e-15);
  }
  CHECK_DONE();
}
