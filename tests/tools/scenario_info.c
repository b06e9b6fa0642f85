/* Loads a scenario with the tools' loader only (no model) and prints
 * "hosts H comms C", or the loader's error and exit status 1: the loader's
 * own tests, at sizes where the solvers would dominate.
 *
 *   scenario_info [--max-comms N] [--max-hosts N] [--max-bytes N] SCENARIO.xml
 *   scenario_info --limits      prints the tools' limits
 *
 * --max-* lower the limits so that their errors are tested on small files
 * (1,000,001 comms take about 50 s under ASan). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static int usage(void)
{
  fprintf(stderr, "usage: scenario_info [--max-comms N] [--max-hosts N] [--max-bytes N] SCENARIO.xml | --limits\n");
  return 2;
}

/* A limit option's value: a whole number > 0. */
static int limit_value(const char *opt, const char *text, size_t *out)
{
  char *end;
  unsigned long long v = strtoull(text, &end, 10);
  if (end == text || *end || v == 0 || text[0] == '-') {
    fprintf(stderr, "scenario_info: %s '%s': expected a whole number > 0\n", opt, text);
    return -1;
  }
  *out = (size_t)v;
  return 0;
}

int main(int argc, char **argv)
{
  scenario_limits lim = {SCENARIO_MAX_COMMS, SCENARIO_MAX_HOSTS, SCENARIO_MAX_BYTES};
  const char *file = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--limits") == 0) {
      printf("max comms %zu max hosts %zu max bytes %zu\n", lim.max_comms, lim.max_hosts, lim.max_bytes);
      return 0;
    }
    int comms = strcmp(argv[i], "--max-comms") == 0, hosts = strcmp(argv[i], "--max-hosts") == 0,
        bytes = strcmp(argv[i], "--max-bytes") == 0;
    if ((comms || hosts || bytes) && i + 1 < argc) {
      if (limit_value(argv[i], argv[i + 1], comms ? &lim.max_comms : hosts ? &lim.max_hosts : &lim.max_bytes))
        return 2;
      i++;
    } else if (file || comms || hosts || bytes) {
      return usage();
    } else {
      file = argv[i];
    }
  }
  if (!file)
    return usage();
  scenario sc;
  char err[1024];
  if (scenario_load_limited(file, &lim, &sc, err, sizeof err) != 0) {
    fprintf(stderr, "scenario_info: %s\n", err);
    return 1;
  }
  printf("hosts %zu comms %zu\n", sc.host_count, sc.comm_count);
  scenario_free(&sc);
  return 0;
}
