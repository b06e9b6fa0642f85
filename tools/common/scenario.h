/* Scenario files (doc/scenario.md, doc/scenario.dtd): a set of comms with
 * hosts, sizes, start times and optional given penalties and measured
 * times. Parsed with libxml2 and validated against the embedded DTD; every
 * error names the file, the line and the attribute. */
#ifndef CONTENTION_TOOLS_SCENARIO_H
#define CONTENTION_TOOLS_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "contention/graph.h"

typedef struct scenario_comm {
  char *id;
  cg_host src, dst;        /* indices into scenario.hosts */
  double size, start;
  double *penalties;       /* "penalties": one per step, or NULL */
  size_t penalty_count;
  double *later;           /* "later-penalties": steps 2.., or NULL */
  size_t later_count;
  int has_later;
  double measured;         /* "measured" time in seconds, or -1 */
  int line;
} scenario_comm;

typedef struct scenario {
  char *file;
  double bandwidth;        /* bytes per second, > 0 */
  char **hosts;            /* host names by index, in order of appearance */
  int32_t *racks;          /* rack index of each host, -1 if undeclared */
  size_t host_count;
  scenario_comm *comms;
  size_t comm_count;
  int all_given;           /* every comm has "penalties" */
  int all_measured;        /* every comm has "measured" */
} scenario;

/* Loads and validates `path`. Returns 0, or -1 with a one-line message
 * "path:line: ..." in err. */
int scenario_load(const char *path, scenario *sc, char *err, size_t errlen);
void scenario_free(scenario *sc);

#endif
