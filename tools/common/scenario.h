/* Scenario files (doc/scenario.md, doc/scenario.dtd): a set of comms with
 * hosts, sizes, start times and optional given penalties and measured
 * times. Read as a stream with libxml2's SAX2 parser and checked element by
 * element against scenario_schema.h; every error names the file, the line
 * and the attribute. A <!DOCTYPE> is refused (its internal subset could
 * declare entities or attribute defaults), so no entity is ever expanded.
 * Time and memory are linear in the file size (names are hashed). */
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
  int has_penalties;       /* the attribute is there (it may hold no value) */
  double *later;           /* "later-penalties": steps 2.., or NULL */
  size_t later_count;
  int has_later;
  double measured;         /* "measured" time in seconds (> 0), or -1 */
  int line;
} scenario_comm;

typedef struct scenario {
  char *file;              /* as messages show it: control characters escaped */
  double bandwidth;        /* bytes per second, >= DBL_MIN: 1 / bandwidth and
                              every start + size / bandwidth are finite */
  char **hosts;            /* host names by index, in name order (byte order, as
                              the plugin numbers a platform's hosts) */
  int32_t *racks;          /* rack index of each host, -1 if undeclared */
  size_t host_count;
  scenario_comm *comms;
  size_t comm_count;
  int all_given;           /* every comm has "penalties" */
  int all_measured;        /* every comm has "measured" */
} scenario;

/* Limits of one scenario, past which loading stops with an error: the
 * solvers' work and the --steps table grow faster than the comm count. */
enum { SCENARIO_MAX_COMMS = 1000000, SCENARIO_MAX_HOSTS = 2000000 };
/* Bytes of one scenario file: an endless stream (a pipe of comments or
 * blanks, which libxml2 parses in constant memory) stops with an error
 * instead of reading forever; 2^31 - 1 also keeps line numbers exact. */
#define SCENARIO_MAX_BYTES ((size_t)2147483647)

/* Limits other than these, for the tests of the limits' errors at small
 * sizes (the tools always use SCENARIO_MAX_*). */
typedef struct scenario_limits {
  size_t max_comms, max_hosts, max_bytes;
} scenario_limits;

/* Loads and validates `path` ("-": standard input, named "standard input"
 * in messages). Returns 0, or -1 with a one-line message in err:
 * "path:line: ..." for a bad content, "path: cannot open: <strerror>" or
 * "path: cannot read: <strerror>" when the file cannot be read. On error
 * *sc is left zeroed (scenario_free on it is harmless). */
int scenario_load(const char *path, scenario *sc, char *err, size_t errlen);
/* The same with the given limits (NULL: SCENARIO_MAX_*). */
int scenario_load_limited(const char *path, const scenario_limits *limits, scenario *sc, char *err,
                          size_t errlen);
/* The same on `len` bytes in memory; `name` stands for the file name. */
int scenario_parse(const char *name, const char *data, size_t len, scenario *sc, char *err,
                   size_t errlen);
void scenario_free(scenario *sc);

#endif
