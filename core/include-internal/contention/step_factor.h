/* A step function of the message size in SimGrid's piecewise factor syntax
 * ("T1:V1;T2:V2;...", as in smpi/bw-factor and smpi/lat-factor): sizes up to
 * the smallest threshold get 1; a size s above threshold Tk (and at most the
 * next) gets Vk. Only the first value of a chunk counts (smpi/os takes more).
 * Used to know SMPI's bandwidth factor of a comm, which the contention model
 * divides by the penalty. */
#ifndef CONTENTION_STEP_FACTOR_H
#define CONTENTION_STEP_FACTOR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_step_factor {
  double *threshold; /* increasing */
  double *value;
  size_t count;
} cg_step_factor;

/* Parses text into f (freed with cg_step_factor_free). Returns 0, or -1 with
 * a message naming the chunk in err (empty chunk, threshold not a
 * non-negative integer, value not a number). */
int cg_step_factor_parse(const char *text, cg_step_factor *f, char *err, size_t errlen);
void cg_step_factor_free(cg_step_factor *f);
/* The factor of a message of `size` bytes. */
double cg_step_factor_at(const cg_step_factor *f, double size);

#ifdef __cplusplus
}
#endif
#endif
