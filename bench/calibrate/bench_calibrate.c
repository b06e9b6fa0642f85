/* Benchmark of contention-calibrate's solvers on measured-like input (not
 * a test: prints figures).
 *
 * 1. The reverse solver (technology mode) at 1k, 10k, 100k comms of 1 MB
 *    at 1 GB/s, all started at 0, on three workloads: `sparse` (random
 *    pairs over n/4 hosts), `pair` (every comm on one host pair) and
 *    `multi` (n/100 random host pairs over n/25 hosts, each comm on one of
 *    them: about 100 parallel comms per pair), and for hier-ethernet
 *    `racks` (sparse, hosts in 3 racks by host % 3). The measured
 *    times are the step solver's times x (1 + 1e-3 u), u uniform in [0, 1)
 *    from a fixed seed: as in real measurements, no two are equal, so
 *    every comm ends its own step. The column changed/step is the mean
 *    number of penalties each evaluation changed (of edges, where
 *    parallel comms are one edge): where it grows like n,
 *    the model itself changes O(n) penalties per step (the solver must
 *    read each one), and n steps cost n^2 whatever the algorithm. A size
 *    is skipped once the previous
 *    one took more than the budget / 10 (x10 ~ 10 for n log n, 100 for
 *    n^2). "inconsistent" marks a run the solver refused (the noise broke
 *    the later-step penalties): its time is still the work done.
 * 2. cg_fit_params (GigE, leave-one-scheme-out on) on the benchmark's
 *    default schemes predicted at beta 0.62, gamma_o 0.2, gamma_i 0.08.
 * Usage: bench_calibrate [budget seconds, default 30] [technology...]
 * (technologies: all by default) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/fit_params.h"
#include "contention/reverse_solver.h"
#include "contention/step_solver.h"

#include "../bench_counting.h"
#include "../bench_util.h"

#define ALPHA 1e-9
#define SIZE 1e6

enum { SPARSE, PAIR, MULTI, RACKS };
static const char *const workload_names[] = {"sparse", "pair", "multi", "racks"};

/* Every comm on a host pair drawn among `pairs` random pairs over `hosts`
 * hosts (pairs = n: each comm draws its own). */
static void draw_pairs(size_t n, size_t pairs, size_t hosts, cg_host *src, cg_host *dst)
{
  cg_host *ps = cg_xmalloc(pairs * sizeof *ps), *pd = cg_xmalloc(pairs * sizeof *pd);
  for (size_t k = 0; k < pairs; k++) {
    cg_host s = 0, d = 0;
    while (s == d)
      s = (cg_host)(rnd() % hosts), d = (cg_host)(rnd() % hosts);
    ps[k] = s, pd[k] = d;
  }
  for (size_t i = 0; i < n; i++) {
    size_t k = pairs == n ? i : rnd() % pairs;
    src[i] = ps[k], dst[i] = pd[k];
  }
  free(ps), free(pd);
}

static double reverse_run(const cg_tech *t, int workload, size_t n, int *inconsistent)
{
  cg_step_comm *c = cg_xcalloc(n, sizeof *c);
  cg_host *src = cg_xmalloc(n * sizeof *src), *dst = cg_xmalloc(n * sizeof *dst);
  double *T = cg_xmalloc(n * sizeof *T), *rho = cg_xmalloc(n * sizeof *rho);
  if (workload == PAIR)
    for (size_t i = 0; i < n; i++)
      src[i] = 0, dst[i] = 1;
  else if (workload == MULTI)
    draw_pairs(n, n / 100 > 2 ? n / 100 : 2, n / 25 > 4 ? n / 25 : 4, src, dst);
  else
    draw_pairs(n, n, n / 4 > 2 ? n / 4 : 2, src, dst);
  size_t hosts = 0; /* racks: host % 3, for the technologies that read them */
  for (size_t i = 0; i < n; i++)
    hosts = src[i] >= hosts ? src[i] + 1 : dst[i] >= hosts ? dst[i] + 1 : hosts;
  int32_t *rack = cg_xmalloc((hosts ? hosts : 1) * sizeof *rack);
  for (size_t h = 0; h < hosts; h++)
    rack[h] = (int32_t)(h % 3);
  size_t groups = workload == RACKS ? hosts : 0;
  for (size_t i = 0; i < n; i++)
    c[i] = (cg_step_comm){.src = src[i], .dst = dst[i], .size = SIZE};
  char err[512];
  double *params = cg_xmalloc((t->param_count ? t->param_count : 1) * sizeof *params);
  cg_tech_default_params(t, params);
  if (cg_solve_steps_grouped(c, n, ALPHA, t, params, rack, groups, T, NULL, err, sizeof err)) {
    fprintf(stderr, "bench_calibrate: %s\n", err);
    exit(1);
  }
  for (size_t i = 0; i < n; i++)
    T[i] *= 1 + 1e-3 * (rnd() / 4294967296.0);
  cg_tech counted = bench_counting(t, 0); /* changed edges: what the solver reads */
  double t0 = now();
  *inconsistent =
    cg_reverse_first_step_tech_grouped(T, src, dst, n, ALPHA, SIZE, &counted, params, rack, groups, rho, err,
                                       sizeof err) != 0;
  double dt = now() - t0;
  free(c), free(src), free(dst), free(T), free(rho), free(params), free(rack);
  return dt;
}

static const char *const schemes[] = {
  "0>1", "0>1 0>2", "0>1 0>2 0>3", "0>1 0>2 0>3 0>4", "1>0 2>0", "1>0 2>0 3>0", "1>0 2>0 3>0 4>0",
  "0>1 0>2 3>2", "0>1 0>2 0>3 4>3", "0>1 0>2 0>3 4>2 5>3 6>3", "0>1 1>0", "0>1 0>2 1>0",
  "0>1 0>2 0>3 1>2", "0>1 0>2 0>3 1>2 1>0", "0>1 0>2 0>3 1>2 1>0 2>4", "0>3 1>3 2>3 0>4 0>5",
  "0>1 2>1 2>3 4>3 4>5", "0>1 2>3 4>5 6>7", "0>1 2>3 4>5 6>7 8>9 10>11", "0>1 2>3 4>5 1>0 3>2",
};
#define NS (sizeof schemes / sizeof *schemes)

static void fit_run(void)
{
  static cg_step_comm c[NS][8];
  static double m[NS][8];
  cg_fit_scheme s[NS];
  double truth[4] = {0.62, 0.2, 0.08, 0}; /* recv 0: the paper's rules */
  for (size_t k = 0; k < NS; k++) {
    size_t n = 0;
    for (const char *p = schemes[k]; *p;) {
      int a, b, used;
      if (sscanf(p, "%d>%d%n", &a, &b, &used) != 2)
        break;
      c[k][n++] = (cg_step_comm){.src = (cg_host)a, .dst = (cg_host)b, .size = SIZE};
      p += used;
      while (*p == ' ')
        p++;
    }
    s[k] = (cg_fit_scheme){c[k], m[k], n, ALPHA, NULL, 0};
    cg_error e;
    cg_fit_predict(&s[k], &cg_tech_gige, truth, 0, m[k], &e);
  }
  cg_fit_options o = {.noise = 0.01, .leave_one_out = 1};
  cg_fit_result r;
  cg_error e;
  double t0 = now();
  cg_fit_params(s, NS, &cg_tech_gige, &o, &r, &e);
  printf("fit gige, %zu schemes, leave-one-out: %.3f s, %zu evaluations in the main fit, beta %.4f gamma_o %.4f "
         "gamma_i %.4f\n",
         NS, now() - t0, r.evaluations, r.value[0], r.value[1], r.value[2]);
}

int main(int argc, char **argv)
{
  double budget = 30;
  if (argc > 1 && bench_seconds(argv[1], 0, 0, 86400, &budget) != 0) {
    fprintf(stderr, "bench_calibrate: bad time budget '%s' (expected seconds, a plain number > 0 and at most 86400)\n",
            argv[1]);
    return 2;
  }
  for (int a = 2; a < argc; a++)
    if (!cg_tech_find(argv[a])) {
      char names[256];
      cg_tech_names(names, sizeof names);
      fprintf(stderr, "bench_calibrate: unknown technology '%s' (accepted: %s)\n", argv[a], names);
      return 2;
    }
  printf("%-14s %-8s %8s %10s %6s %13s\n", "technology", "workload", "comms", "calibrate", "x10", "changed/step");
  const cg_tech *const *all = cg_tech_all();
  for (size_t ti = 0; all[ti]; ti++) {
    int chosen = argc <= 2;
    for (int a = 2; a < argc; a++)
      chosen |= cg_tech_find(argv[a]) == all[ti];
    if (!chosen)
      continue;
    for (int w = SPARSE; w <= RACKS; w++) {
      if (w == RACKS && all[ti] != &cg_tech_hier_ethernet)
        continue; /* the only technology that reads racks */
      double prev = 0;
      for (size_t n = 1000; n <= 100000; n *= 10) {
        if (prev > budget / 10) {
          printf("%-14s %-8s %8zu %10s\n", all[ti]->name, workload_names[w], n, "skipped");
          continue;
        }
        int bad;
        double dt = reverse_run(all[ti], w, n, &bad);
        char x10[16] = "";
        if (prev > 0)
          snprintf(x10, sizeof x10, "%.1f", dt / prev);
        printf("%-14s %-8s %8zu %10.4f %6s %13.1f%s\n", all[ti]->name, workload_names[w], n, dt, x10,
               bench_evaluations ? (double)bench_changes / (double)bench_evaluations : 0.0, bad ? "  inconsistent" : "");
        fflush(stdout);
        prev = dt;
      }
    }
  }
  fit_run();
  return 0;
}
