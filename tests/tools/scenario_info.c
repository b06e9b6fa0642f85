/* Loads a scenario with the tools' loader only (no model) and prints
 * "hosts H comms C", or the loader's error and exit status 1: the loader's
 * own tests, at sizes where the solvers would dominate. */
#include <stdio.h>

#include "scenario.h"

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: scenario_info SCENARIO.xml\n");
    return 2;
  }
  scenario sc;
  char err[1024];
  if (scenario_load(argv[1], &sc, err, sizeof err) != 0) {
    fprintf(stderr, "scenario_info: %s\n", err);
    return 1;
  }
  printf("hosts %zu comms %zu\n", sc.host_count, sc.comm_count);
  scenario_free(&sc);
  return 0;
}
