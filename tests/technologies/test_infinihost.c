/* InfiniHost III rules (core/src/infinihost/tech_infinihost.c) on Vienne et al. 2008
 * Fig. 2's graphs (the topology of data/seed001-fig2/): the penalties by
 * hand from the rule with share 0.87, recv 0.17; the step solver's times
 * on schemes 2-6 are checked through contention-predict
 * (tests/technologies/CMakeLists.txt). */
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

/* Schemes 2, 3: pure out-conflicts of 2 and 3, 0.87 of a fair share. */
static void out_conflicts(void)
{
  cg_graph *g = cg_graph_create(&cg_tech_infinihost, NULL);
  cg_comm a = cg_graph_add(g, 0, 1);
  CHECK_REL(cg_graph_penalty(g, a), 1, 0);
  cg_comm b = cg_graph_add(g, 0, 2);
  CHECK_REL(cg_graph_penalty(g, a), 1.74, 1e-15);
  CHECK_REL(cg_graph_penalty(g, b), 1.74, 1e-15);
  cg_graph_add(g, 0, 3);
  CHECK_REL(cg_graph_penalty(g, a), 2.61, 1e-15);
  /* Scheme 4: d = 1 -> 2 shares node 2's input with b: 2 x 0.87. */
  cg_comm d = cg_graph_add(g, 1, 2);
  CHECK_REL(cg_graph_penalty(g, d), 1.74, 1e-15);
  CHECK_REL(cg_graph_penalty(g, b), 2.61, 1e-15);
  /* Scheme 5: e = 1 -> 0. Node 0 receives one comm: its three sends get
   * 2.61 x 1.17; node 1 sends two and receives a: 1.74 x 1.17. */
  cg_comm e = cg_graph_add(g, 1, 0);
  CHECK_REL(cg_graph_penalty(g, a), 2.61 * 1.17, 1e-15);
  CHECK_REL(cg_graph_penalty(g, d), 1.74 * 1.17, 1e-15);
  CHECK_REL(cg_graph_penalty(g, e), 1.74 * 1.17, 1e-15);
  /* Scheme 6: f = 2 -> 4, a lone sender on a node receiving two: 1. */
  cg_comm f = cg_graph_add(g, 2, 4);
  CHECK_REL(cg_graph_penalty(g, f), 1, 0);
  /* e leaves: node 0's sends lose the receive term, node 1 sends one. */
  cg_graph_remove(g, e);
  CHECK_REL(cg_graph_penalty(g, a), 2.61, 1e-15);
  CHECK_REL(cg_graph_penalty(g, d), 1.74, 1e-15);
  cg_graph_destroy(g);
}

/* Parameters: share 0.5 makes 2 comms free (penalty floor 1); recv 0
 * drops the receive term. */
static void params(void)
{
  double p[] = {0.5, 0.0};
  cg_graph *g = cg_graph_create(&cg_tech_infinihost, p);
  cg_comm a = cg_graph_add(g, 0, 1);
  cg_graph_add(g, 0, 2);
  cg_graph_add(g, 3, 0);
  CHECK_REL(cg_graph_penalty(g, a), 1, 0);
  cg_graph_add(g, 0, 5);
  CHECK_REL(cg_graph_penalty(g, a), 1.5, 1e-15);
  cg_graph_destroy(g);
  char err[256];
  double q[2];
  cg_tech_default_params(&cg_tech_infinihost, q);
  CHECK(cg_tech_set_param(&cg_tech_infinihost, q, "recv", "-1", err, sizeof err) == -1);
  CHECK(cg_tech_find("infinihost") == &cg_tech_infinihost);
}

int main(void)
{
  out_conflicts();
  params();
  CHECK_DONE();
}
