/* Writes the SimGrid 3.32 platform XML described by the options. */
#ifndef PGEN_WRITER_H
#define PGEN_WRITER_H

#include <stdio.h>

#include "options.h"

/* Format of every quantity written (base units, explicit suffix: SimGrid
 * warns about unit-less values). */
#define PGEN_NUM "%.15g"

/* Layouts (host names prefix<first>, prefix<first+1>, ... across cabinets):
 * - single + fatpipe: a Full zone, one FATPIPE link per host, route a->b =
 *   link(a), link(b); SimGrid 3.32 ignores FATPIPE on <cluster> private
 *   links, hence the explicit routes.
 * - single + splitduplex or shared: one <cluster> with up/down links (or
 *   one SHARED link) per host, the optional per-host limiter link and the
 *   optional switch backbone (FATPIPE: a non-blocking switch).
 * - hierarchical: a Full zone holding one such <cluster> per cabinet, and per
 *   cabinet a SPLITDUPLEX uplink and an optional limiter link; the route
 *   from cabinet i to j is uplink(i) UP, limiter(i), limiter(j), uplink(j)
 *   DOWN. `command` is recorded in the header comment. Returns 0, or -1
 *   after a write error. */
int pgen_write(FILE *out, const pgen_options *o, const char *command);

#endif
