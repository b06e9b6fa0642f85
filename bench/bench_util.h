/* Helpers shared by the benchmarks: a small deterministic xorshift
 * generator (the same sequence on every run, so both paths of a benchmark
 * replay the same events) and a monotonic clock in seconds. */
#ifndef CONTENTION_BENCH_UTIL_H
#define CONTENTION_BENCH_UTIL_H

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Generator state; a benchmark may reseed it by assignment. */
static uint64_t rng = 12345;

static inline uint32_t rnd(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

static inline double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A time budget in seconds: a plain decimal number (digits, '.', an
 * exponent) wholly read, above lo (or equal to it when lo_inclusive) and at
 * most hi. atof took "1abc" as 1, "abc" as 0 and "nan" or "inf" as a
 * budget without bound. Returns 0 and *out, or -1. */
static inline int bench_seconds(const char *s, double lo, int lo_inclusive, double hi, double *out)
{
  if (!s[0] || s[strspn(s, "0123456789.eE+-")] != '\0')
    return -1;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (*end || errno || !(lo_inclusive ? v >= lo : v > lo) || !(v <= hi))
    return -1;
  *out = v;
  return 0;
}

/* A whole number in [lo, hi]: decimal digits only, wholly read (strtoul
 * took "1e3" as 1, "-1" as 2^64 - 1 and "x" as 0); leading zeros are the
 * same number, and one too large for 64 bits is refused by its value, not
 * by its length. Returns 0 and *out, or -1. */
static inline int bench_whole(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
  if (!s[0] || s[strspn(s, "0123456789")] != '\0')
    return -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

#endif
