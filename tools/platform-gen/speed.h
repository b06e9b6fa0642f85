/* Parsing of host speeds with SimGrid's suffixes ("2.53Gf", "1e9flops"):
 * contention/units.h knows sizes, bandwidths and times but not speeds. */
#ifndef PGEN_SPEED_H
#define PGEN_SPEED_H

#include <stddef.h>

/* Parses a positive, finite speed in flop/s. Returns 0, or -1 with a message
 * listing the accepted suffixes in err. */
int pgen_parse_speed(const char *text, double *out, char *err, size_t errlen);

#endif
