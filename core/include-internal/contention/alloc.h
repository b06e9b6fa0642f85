/* Allocation helpers of the core: on exhaustion they print one line and
 * exit(EXIT_FAILURE), as a simulator cannot go on without its model state.
 * Hence core functions never return "out of memory". */
#ifndef CONTENTION_ALLOC_H
#define CONTENTION_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void *cg_xmalloc(size_t size);
void *cg_xcalloc(size_t count, size_t size);
void *cg_xrealloc(void *p, size_t size);
/* Grows *array (of elem_size) so that it holds at least `need` elements;
 * *cap is updated (doubling), the new elements are zero. */
void cg_grow_slow(void **array, size_t *cap, size_t need, size_t elem_size);
/* cg_grow_slow when the array is too small: inline, since the solvers call
 * it on every solve and it almost never grows. */
static inline void cg_grow(void **array, size_t *cap, size_t need, size_t elem_size)
{
  if (need > *cap)
    cg_grow_slow(array, cap, need, elem_size);
}

/* cg_grow for an array of records read one at a time at random (a comm's
 * record at each of its re-ratings): the array starts on a 64-byte cache
 * line, so a record of 64 bytes, or of a size dividing 64, never spans two
 * lines. Free it with free(). */
void cg_grow_lines_slow(void **array, size_t *cap, size_t need, size_t elem_size);
static inline void cg_grow_lines(void **array, size_t *cap, size_t need, size_t elem_size)
{
  if (need > *cap)
    cg_grow_lines_slow(array, cap, need, elem_size);
}

#ifdef __cplusplus
}
#endif
#endif
