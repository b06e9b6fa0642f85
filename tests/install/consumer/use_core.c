/* A program of a user of the installed C API (contention/graph.h,
 * contention/step_solver.h): seed 000 Fig. 2 graph 3 (a -> b, c, d and
 * d -> b, c; 20 MiB each, alpha = 5.105e-10 s/B) under the InfiniBand
 * rules. Prints the library's version and the header's, the penalties and
 * the finish times, as "name,penalty,finish". */
#include <stdio.h>
#include <string.h>

#include <contention/graph.h>
#include <contention/step_solver.h>
#include <contention/technology.h>
#include <contention/version.h>

int main(void)
{
  const char *names[] = {"ab", "ac", "ad", "db", "dc"};
  const cg_host src[] = {0, 0, 0, 3, 3}, dst[] = {1, 2, 3, 1, 2};
  const size_t n = sizeof names / sizeof names[0];
  const cg_tech *ib = cg_tech_find("infiniband");
  if (ib == NULL) {
    fprintf(stderr, "use_core: no infiniband technology\n");
    return 1;
  }
  printf("library %s, header %s\n", cg_version(), CONTENTION_VERSION_STRING);

  cg_graph *g = cg_graph_create(ib, NULL);
  cg_comm c[5];
  for (size_t i = 0; i < n; i++)
    c[i] = cg_graph_add(g, src[i], dst[i]);

  cg_step_comm comms[5];
  memset(comms, 0, sizeof comms);
  for (size_t i = 0; i < n; i++) {
    comms[i].src = src[i];
    comms[i].dst = dst[i];
    comms[i].size = 20971520;
  }
  double finish[5];
  char err[256];
  if (cg_solve_steps(comms, n, 5.105e-10, ib, NULL, finish, NULL, err, sizeof err) != 0) {
    fprintf(stderr, "use_core: %s\n", err);
    cg_graph_destroy(g);
    return 1;
  }
  for (size_t i = 0; i < n; i++)
    printf("%s,%.6f,%.9f\n", names[i], cg_graph_penalty(g, c[i]), finish[i]);
  cg_graph_destroy(g);
  return 0;
}
