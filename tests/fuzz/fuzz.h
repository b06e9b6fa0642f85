/* Shared by the fuzz harnesses: each defines LLVMFuzzerTestOneInput, which
 * libFuzzer calls (CONTENTION_FUZZ=ON) or replay.c calls on files. A broken
 * invariant aborts, which both count as a finding. */
#ifndef CONTENTION_FUZZ_H
#define CONTENTION_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                      \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "%s:%d: invariant broken: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                                \
      fputc('\n', stderr);                                                         \
      abort();                                                                     \
    }                                                                              \
  } while (0)

/* An error message is one non-empty line starting with `prefix`. */
static inline void fuzz_check_message(const char *err, const char *prefix)
{
  FUZZ_CHECK(err[0] != '\0', "empty error message");
  FUZZ_CHECK(strchr(err, '\n') == NULL, "message on several lines: %s", err);
  FUZZ_CHECK(strncmp(err, prefix, strlen(prefix)) == 0, "message '%s' does not start with '%s'", err,
             prefix);
}

/* data[0..size) as a NUL-terminated string (the caller frees it). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
  char *s = malloc(size + 1);
  if (!s)
    abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

#endif
