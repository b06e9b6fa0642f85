/* InfiniBand: a change of P(s) that leaves the comm of s capped at its
 * card's level costs no re-solve of that level. A hub receives one comm
 * from each of K sources of out-degree 2 (their other comm goes to a host
 * of their own, h_i) and one from a single-out source: every share 1/P is
 * above the level, so all K + 1 comms into the hub get penalty K + 1. Then
 * a short comm into each h_i starts and ends: P(s_i) changes twice, its
 * comm into the hub stays capped, and only s_i's comm to h_i changes.
 * Only s_i's comms may change, which the changed lists assert; the
 * penalties are checked against a full recomputation. That such an event
 * costs no re-solve of the hub's level (K in-edges read and sorted, 57 s
 * for these 2K events when it did) is shown by bench_graph's capped-hub
 * shape, its incremental path against a full recomputation. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

enum { K = 20000 };

int main(void)
{
  cg_graph *g = cg_graph_create(&cg_tech_infiniband, NULL);
  const cg_host hub = 0, single = 1;
  cg_comm *to_hub = calloc(K, sizeof *to_hub), *to_own = calloc(K, sizeof *to_own);
  cg_graph_set_deferred(g, 1); /* one evaluation for the K comms into the hub */
  cg_comm lone = cg_graph_add(g, single, hub);
  for (cg_host i = 0; i < K; i++) {
    to_hub[i] = cg_graph_add(g, 2 + i, hub);
    to_own[i] = cg_graph_add(g, 2 + i, 2 + K + i);
  }
  cg_graph_flush(g);
  cg_graph_set_deferred(g, 0);
  CHECK(cg_graph_penalty(g, lone) == K + 1);
  CHECK(cg_graph_penalty(g, to_hub[0]) == K + 1);
  /* P(s_i) = 2 + (K - 1) / 2 + 1: the hub's other senders (rule (c)) */
  double p = cg_graph_penalty(g, to_own[0]);
  CHECK_REL(p, 2 + (K + 1) / 2.0, 1e-9);
  for (cg_host i = 0; i < K; i++) {
    cg_comm b = cg_graph_add(g, 2 + 2 * K + i, 2 + K + i);
    size_t n;
    cg_graph_changed(g, &n);
    CHECK(n == 2); /* the new comm and s_i's comm to h_i */
    CHECK(cg_graph_penalty(g, to_own[i]) > p);
    CHECK(cg_graph_penalty(g, to_hub[i]) == K + 1);
    cg_graph_remove(g, b);
    cg_graph_changed(g, &n);
    CHECK(n == 1);
    CHECK(cg_graph_penalty(g, to_own[i]) == p);
  }
  cg_graph_recompute_all(g);
  size_t n;
  cg_graph_changed(g, &n);
  CHECK(n == 0);
  CHECK(cg_graph_penalty(g, lone) == K + 1);
  free(to_hub);
  free(to_own);
  cg_graph_destroy(g);
  CHECK_DONE();
}
