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
 * *cap is updated (doubling). */
void cg_grow(void **array, size_t *cap, size_t need, size_t elem_size);

#ifdef __cplusplus
}
#endif
#endif
