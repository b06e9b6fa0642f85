/* Helpers shared by the benchmarks: a small deterministic xorshift
 * generator (the same sequence on every run, so both paths of a benchmark
 * replay the same events) and a monotonic clock in seconds. */
#ifndef CONTENTION_BENCH_UTIL_H
#define CONTENTION_BENCH_UTIL_H

#include <stdint.h>
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

#endif
