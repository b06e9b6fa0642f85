/* Parsing of numbers with SimGrid's unit suffixes ("20MiB", "1.82GiBps",
 * "10ms"). Plain numbers are taken in the base unit (bytes, bytes per
 * second, seconds). */
#ifndef CONTENTION_UNITS_H
#define CONTENTION_UNITS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { CG_UNIT_SIZE, CG_UNIT_BANDWIDTH, CG_UNIT_TIME } cg_unit_kind;

/* Parses `text` as a finite, non-negative quantity of the given kind.
 * Returns 0, or -1 with a message in err (empty, not a number, NaN,
 * infinite, overflowing, negative, unknown suffix; the message lists the
 * accepted suffixes). */
int cg_parse_quantity(const char *text, cg_unit_kind kind, double *out, char *err, size_t errlen);

/* Accepted suffixes of a kind, as "B, kB, KiB, ..." */
const char *cg_unit_suffixes(cg_unit_kind kind);

#ifdef __cplusplus
}
#endif
#endif
