/* Calls of the graph API that break its preconditions, one per run, for
 * tests that expect the one-line stop (graph.h) instead of memory
 * corruption (before: out-of-bounds reads, a crash under hier-ethernet).
 *
 *   graph_misuse remove-twice | remove-unknown | group-after-comm | group-same
 *                | penalty-removed | penalty-unknown
 *
 * group-same sets a host's group again to its value: allowed, prints the
 * penalty of its comm. */
#include <stdio.h>
#include <string.h>

#include "contention/graph.h"
#include "contention/technology.h"

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: graph_misuse remove-twice|remove-unknown|group-after-comm|group-same|penalty-removed|penalty-unknown\n");
    return 2;
  }
  cg_graph *g = cg_graph_create(cg_tech_find("hier-ethernet"), NULL);
  cg_graph_set_host_group(g, 0, 1);
  cg_graph_set_host_group(g, 1, 1);
  cg_graph_set_host_group(g, 2, 2);
  cg_comm a = cg_graph_add(g, 0, 1);
  cg_graph_add(g, 0, 2);
  const char *m = argv[1];
  if (!strcmp(m, "remove-twice")) {
    cg_graph_remove(g, a);
    cg_graph_remove(g, a);
  } else if (!strcmp(m, "remove-unknown")) {
    cg_graph_remove(g, 77);
  } else if (!strcmp(m, "penalty-removed")) {
    cg_graph_remove(g, a);
    printf("penalty %.17g\n", cg_graph_penalty(g, a));
  } else if (!strcmp(m, "penalty-unknown")) {
    printf("penalty %.17g\n", cg_graph_penalty(g, 77));
  } else if (!strcmp(m, "group-after-comm")) {
    cg_graph_set_host_group(g, 1, 2);
  } else if (!strcmp(m, "group-same")) {
    cg_graph_set_host_group(g, 1, 1);
    cg_graph_recompute_all(g);
    printf("penalty %.17g\n", cg_graph_penalty(g, a));
  } else {
    fprintf(stderr, "graph_misuse: unknown case '%s'\n", m);
    return 2;
  }
  cg_graph_destroy(g);
  return 0;
}
