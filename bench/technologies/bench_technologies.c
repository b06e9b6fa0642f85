/* Benchmark of the technologies (not a test: prints figures).
 *
 * 1. For each technology and random graphs of 100, 1k and 10k comms (4
 *    comms per host on average, 3 racks): penalty evaluations per second
 *    by full recomputation (comms re-evaluated / s) and by events (one
 *    remove + one add of a random comm; events / s).
 * 2. Myrinet: cost of the exact enumeration against component size, and
 *    the error of the neighbourhood approximation against the exact answer
 *    on random connected graphs just under the default bound (20-24 comms),
 *    approximated with smaller neighbourhoods.
 * Graphs are built in deferred mode (one evaluation), then measured in
 * immediate mode.
 * Usage: bench_technologies [seconds per measurement, default 0.3] */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/graph.h"
#include "contention/technology.h"

#include "../bench_util.h"

static void random_pair(uint32_t hosts, cg_host *s, cg_host *d)
{
  do {
    *s = rnd() % hosts;
    *d = rnd() % hosts;
  } while (*s == *d);
}

static cg_graph *random_graph(const cg_tech *t, const double *p, size_t n, cg_comm *h)
{
  uint32_t hosts = (uint32_t)(n / 4 < 8 ? 8 : n / 4);
  cg_graph *g = cg_graph_create(t, p);
  for (uint32_t i = 0; i < hosts; i++)
    cg_graph_set_host_group(g, i, (int32_t)(i % 3));
  cg_graph_set_deferred(g, 1); /* one evaluation for the whole build */
  for (size_t i = 0; i < n; i++) {
    cg_host s, d;
    random_pair(hosts, &s, &d);
    h[i] = cg_graph_add(g, s, d);
  }
  cg_graph_set_deferred(g, 0);
  return g;
}

static void throughput(const cg_tech *t, size_t n, double budget)
{
  cg_comm *h = malloc(n * sizeof *h);
  uint32_t hosts = (uint32_t)(n / 4 < 8 ? 8 : n / 4);
  cg_graph *g = random_graph(t, NULL, n, h);
  size_t reps = 0;
  double t0 = now(), t1;
  do {
    cg_graph_recompute_all(g);
    reps++;
  } while ((t1 = now()) - t0 < budget);
  double full = (double)(reps * n) / (t1 - t0);
  size_t events = 0;
  t0 = now();
  do {
    size_t k = rnd() % n;
    cg_graph_remove(g, h[k]);
    cg_host s, d;
    random_pair(hosts, &s, &d);
    h[k] = cg_graph_add(g, s, d);
    events += 2;
  } while ((t1 = now()) - t0 < budget);
  printf("%-14s %6zu comms  full: %12.0f penalties/s   events: %10.0f events/s\n", t->name, n, full,
         (double)events / (t1 - t0));
  cg_graph_destroy(g);
  free(h);
}

/* A random connected graph of n comms on about n/2 hosts: a random tree
 * first, then random extra comms. */
static void connected_pairs(size_t n, cg_host *src, cg_host *dst)
{
  uint32_t hosts = (uint32_t)(n / 2 + 1);
  size_t k = 0;
  for (uint32_t v = 1; v < hosts && k < n; v++, k++) {
    uint32_t u = rnd() % v;
    if (rnd() % 2)
      src[k] = u, dst[k] = v;
    else
      src[k] = v, dst[k] = u;
  }
  for (; k < n; k++)
    random_pair(hosts, &src[k], &dst[k]);
}

static void myrinet_cost(double budget)
{
  printf("\nMyrinet exact enumeration: time per evaluation of one connected component\n");
  cg_host src[64], dst[64];
  for (size_t n = 8; n <= 48; n += 8) {
    double p[] = {64}, total = 0;
    size_t reps = 0;
    for (int trial = 0; trial < 5; trial++) {
      connected_pairs(n, src, dst);
      cg_graph *g = cg_graph_create(&cg_tech_myrinet, p);
      for (size_t i = 0; i < n; i++)
        cg_graph_add(g, src[i], dst[i]);
      double t0 = now(), t1;
      size_t r = 0;
      do {
        cg_graph_recompute_all(g);
        r++;
      } while ((t1 = now()) - t0 < budget / 5);
      total += (t1 - t0) / (double)r;
      reps++;
      cg_graph_destroy(g);
    }
    printf("  %2zu comms: %10.1f us per evaluation (mean of %zu random graphs)\n", n,
           1e6 * total / (double)reps, reps);
  }
}

static void myrinet_error(void)
{
  printf("\nMyrinet neighbourhood approximation against exact (random connected graphs,\n"
         "100 per size; relative error of penalties, mean / max over all comms)\n");
  cg_host src[64], dst[64];
  cg_comm h[64];
  size_t sizes[] = {20, 24}, bounds[] = {8, 12, 16, 20};
  for (size_t si = 0; si < 2; si++)
    for (size_t bi = 0; bi < 4; bi++) {
      size_t n = sizes[si];
      if (bounds[bi] >= n)
        continue;
      double sum = 0, worst = 0, tex = 0, tap = 0;
      size_t cnt = 0, exact_hits = 0;
      for (int trial = 0; trial < 100; trial++) {
        connected_pairs(n, src, dst);
        double pe[] = {64}, pa[] = {(double)bounds[bi]};
        cg_graph *ge = cg_graph_create(&cg_tech_myrinet, pe);
        cg_graph *ga = cg_graph_create(&cg_tech_myrinet, pa);
        double t0 = now();
        for (size_t i = 0; i < n; i++)
          h[i] = cg_graph_add(ge, src[i], dst[i]);
        cg_graph_recompute_all(ge);
        double t1 = now();
        for (size_t i = 0; i < n; i++)
          cg_graph_add(ga, src[i], dst[i]);
        cg_graph_recompute_all(ga);
        double t2 = now();
        tex += t1 - t0;
        tap += t2 - t1;
        for (size_t i = 0; i < n; i++) {
          double e = cg_graph_penalty(ge, h[i]), a = cg_graph_penalty(ga, h[i]);
          double r = fabs(a - e) / e;
          sum += r;
          worst = fmax(worst, r);
          exact_hits += r < 1e-12;
          cnt++;
        }
        cg_graph_destroy(ge);
        cg_graph_destroy(ga);
      }
      printf("  %2zu comms, neighbourhood %2zu: mean %5.1f %%, max %5.1f %%, exact on %5.1f %% of comms;"
             " time exact %.0f us, approx %.0f us\n",
             n, bounds[bi], 100 * sum / (double)cnt, 100 * worst, 100.0 * (double)exact_hits / (double)cnt,
             1e6 * tex / 100, 1e6 * tap / 100);
    }
}

int main(int argc, char **argv)
{
  double budget = argc > 1 ? atof(argv[1]) : 0.3;
  if (!(budget > 0)) {
    fprintf(stderr, "bench_technologies: bad time budget '%s' (expected seconds > 0)\n", argv[1]);
    return 2;
  }
  const cg_tech *const *all = cg_tech_all();
  size_t sizes[] = {100, 1000, 10000};
  printf("Penalty evaluation throughput (random graphs, 4 comms per host, 3 racks)\n");
  for (size_t i = 0; all[i]; i++)
    for (size_t k = 0; k < 3; k++)
      throughput(all[i], sizes[k], budget);
  myrinet_cost(budget);
  myrinet_error();
  return 0;
}
