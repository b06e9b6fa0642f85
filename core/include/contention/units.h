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

/* Parses `text` as a finite, non-negative quantity of the given kind: a
 * decimal number (no hex, "inf" or "nan") with an optional suffix. The
 * value is 0 or at least DBL_MIN (2.2e-308): a nonzero text that would
 * give a subnormal or zero double is refused, so 1 / value is finite.
 * Returns 0, or -1 with a message in err (empty, not a number, too long
 * (over 127 characters), overflowing, too small, negative, unknown suffix;
 * the message lists the accepted suffixes). */
int cg_parse_quantity(const char *text, cg_unit_kind kind, double *out, char *err, size_t errlen);

/* Parses `text` as a plain decimal number, sign allowed, no suffix, with
 * the same rules of range as cg_parse_quantity. Returns 0, or -1 with a
 * message in err. */
int cg_parse_number(const char *text, double *out, char *err, size_t errlen);

/* Accepted suffixes of a kind, as "B, kB, KiB, ..." */
const char *cg_unit_suffixes(cg_unit_kind kind);

#ifdef __cplusplus
}
#endif
#endif
