/* SMPI's piecewise options as SimGrid 3.32 reads them: smpi/os, smpi/or,
 * smpi/ois ("S:offset:per-byte;...") and smpi/bw-factor, smpi/lat-factor
 * ("S:factor;..."); an entry may hold more values, SimGrid uses the first
 * two (smpi/os defaults to "0:0:0:0:0"). Needed where the plugin must know what SMPI will do with
 * a message: LoP subtracts the latency SMPI gives a small message, LogGPS
 * derives its overheads from smpi/os and smpi/or.
 *
 * SimGrid 3.32's rules (smpi_utils.cpp parse_factor, network_smpi.cpp,
 * smpi_host.cpp, read in its sources): entries are separated by ';', fields
 * by ':'; S is an int; entries are sorted by S. For a size k:
 *  - a factor is that of the entry with the largest S < k, 1 when k is not
 *    above the first S (SMPI looks factors up on k + 16, the envelope);
 *  - an overhead is offset + per-byte * k of the entry with the largest
 *    S < k, the first entry's when k is not above the first S. */
#ifndef CONTENTION_SMPI_PIECEWISE_H
#define CONTENTION_SMPI_PIECEWISE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CG_PIECEWISE_MAX = 64 };

typedef struct cg_piecewise {
  size_t n;                      /* entries, sorted by size */
  long size[CG_PIECEWISE_MAX];   /* S of each entry [B] */
  double a[CG_PIECEWISE_MAX];    /* factor, or offset [s] */
  double b[CG_PIECEWISE_MAX];    /* per-byte term [s/B]; 0 when absent */
} cg_piecewise;

/* Parses an option value. Values accept SimGrid time suffixes ("2us"), as
 * SimGrid does. Returns 0, or -1 with a message (empty value, an entry
 * without a value, a size that is not a whole number in [0, 2^31 - 1], a
 * value that is not a finite number >= 0, more than CG_PIECEWISE_MAX
 * entries). */
int cg_piecewise_parse(const char *text, cg_piecewise *out, char *err, size_t errlen);

/* SMPI's factor for a message of `wire_size` bytes (payload + 16). */
double cg_piecewise_factor(const cg_piecewise *p, double wire_size);
/* SMPI's overhead for a message of `size` bytes (payload). */
double cg_piecewise_overhead(const cg_piecewise *p, double size);

#ifdef __cplusplus
}
#endif
#endif
