/* A technology wrapped to count what its evaluations change, shared by
 * the solver benchmarks: the changed list is complete when evaluate()
 * returns. With edges (parallel comms as one edge), `bench_count_comms`
 * chooses what a change counts: 1, every comm of a changed edge (the
 * model's changes); 0, the edge (what the solvers read). */
#ifndef CONTENTION_BENCH_COUNTING_H
#define CONTENTION_BENCH_COUNTING_H

#include <stddef.h>

#include "contention/technology.h"

static const cg_tech *bench_real_tech;
static size_t bench_evaluations, bench_changes;
static int bench_count_comms;

static inline void bench_counting_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  bench_real_tech->evaluate(g, dirty);
  size_t n;
  bench_evaluations++;
  if (!cg_graph_has_edges(g)) {
    cg_graph_changed(g, &n);
    bench_changes += n;
    return;
  }
  const cg_edge *e = cg_graph_changed_edges(g, &n);
  if (!bench_count_comms) {
    bench_changes += n;
    return;
  }
  for (size_t k = 0; k < n; k++)
    bench_changes += cg_graph_edge_mult(g, e[k]);
}

/* t with its evaluations counted (counters reset). */
static inline cg_tech bench_counting(const cg_tech *t, int count_comms)
{
  cg_tech w = *t;
  bench_real_tech = t, bench_count_comms = count_comms;
  bench_evaluations = bench_changes = 0;
  w.evaluate = bench_counting_evaluate;
  return w;
}

#endif
