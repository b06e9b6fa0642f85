/* Minimal assertion helpers for the plain-C tests: each failed check prints
 * file:line and the values, and the test exits non-zero at the end. */
#ifndef CONTENTION_TEST_CHECK_H
#define CONTENTION_TEST_CHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check_failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

/* |got - want| <= rel * |want| (or <= rel when want == 0). */
#define CHECK_REL(got, want, rel)                                                           \
  do {                                                                                      \
    double g_ = (got), w_ = (want);                                                         \
    double tol_ = (rel) * (w_ != 0 ? fabs(w_) : 1.0);                                       \
    if (!(fabs(g_ - w_) <= tol_)) {                                                         \
      fprintf(stderr, "%s:%d: %s = %.10g, want %.10g (rel tol %g)\n", __FILE__, __LINE__, \
              #got, g_, w_, (double)(rel));                                                 \
      check_failures++;                                                                     \
    }                                                                                       \
  } while (0)

/* |got - want| <= abs_tol. */
#define CHECK_ABS(got, want, abs_tol)                                                       \
  do {                                                                                      \
    double g_ = (got), w_ = (want);                                                         \
    if (!(fabs(g_ - w_) <= (abs_tol))) {                                                    \
      fprintf(stderr, "%s:%d: %s = %.10g, want %.10g (abs tol %g)\n", __FILE__, __LINE__, \
              #got, g_, w_, (double)(abs_tol));                                             \
      check_failures++;                                                                     \
    }                                                                                       \
  } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                                       \
  do {                                                                                        \
    const char *h_ = (hay), *n_ = (needle);                                                   \
    if (!h_ || !strstr(h_, n_)) {                                                             \
      fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__, h_ ? h_ : "(null)", n_); \
      check_failures++;                                                                       \
    }                                                                                         \
  } while (0)

/* The tests' random draws: xorshift64 from a fixed seed (check_seed, first
 * thing in main), so that every run draws the same graphs. */
static uint64_t check_rng = 1;
static inline void check_seed(uint64_t seed) { check_rng = seed; }
static inline uint64_t check_next(void)
{
  check_rng ^= check_rng << 13;
  check_rng ^= check_rng >> 7;
  check_rng ^= check_rng << 17;
  return check_rng;
}
/* 32 random bits (of the top 53 of the state). */
static inline uint32_t check_rand(void) { return (uint32_t)(check_next() >> 11); }
/* Uniform in [0, 1). */
static inline double check_unit(void) { return (double)(check_next() >> 11) / 9007199254740992.0; }

#define CHECK_DONE()                                                              \
  do {                                                                            \
    if (check_failures)                                                           \
      fprintf(stderr, "%d check(s) failed\n", check_failures);                    \
    return check_failures ? 1 : 0;                                                \
  } while (0)

#endif
