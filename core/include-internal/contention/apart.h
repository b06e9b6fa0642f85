/* Two numbers of one message printed so that they read apart: a value
 * checked against a bound must not be shown as the bound ("1e+06 s is
 * outside [0, 1e+06 s]" for 1000001 s). */
#ifndef CONTENTION_APART_H
#define CONTENTION_APART_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ref with %g into rtext; v with %g too, or, where that reads as ref, with
 * the fewest digits that give v back. Each buffer holds len bytes (32
 * suffice). */
void cg_format_apart(double v, double ref, char *vtext, char *rtext, size_t len);

#ifdef __cplusplus
}
#endif

#endif
