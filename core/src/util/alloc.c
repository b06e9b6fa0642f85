#include "contention/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size)
{
  fprintf(stderr, "contention: out of memory (allocating %zu bytes)\n", size);
  exit(EXIT_FAILURE);
}

void *cg_xmalloc(size_t size)
{
  void *p = malloc(size ? size : 1);
  if (!p)
    out_of_memory(size);
  return p;
}

void *cg_xcalloc(size_t count, size_t size)
{
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    out_of_memory(count * size);
  return p;
}

void *cg_xrealloc(void *p, size_t size)
{
  void *q = realloc(p, size ? size : 1);
  if (!q)
    out_of_memory(size);
  return q;
}

/* The capacity of a grown array: *cap doubled (from 8) until it holds need. */
static size_t grown(size_t cap, size_t need)
{
  size_t n = cap ? cap : 8;
  while (n < need)
    n *= 2;
  return n;
}

/* Zeroes elements [from, to) of array. */
static void zero_tail(void *array, size_t from, size_t to, size_t elem_size)
{
  memset((char *)array + from * elem_size, 0, (to - from) * elem_size);
}

void cg_grow_slow(void **array, size_t *cap, size_t need, size_t elem_size)
{
  if (need <= *cap)
    return;
  size_t n = grown(*cap, need);
  *array = cg_xrealloc(*array, n * elem_size);
  zero_tail(*array, *cap, n, elem_size);
  *cap = n;
}

enum { LINE = 64 };

void cg_grow_lines_slow(void **array, size_t *cap, size_t need, size_t elem_size)
{
  if (need <= *cap)
    return;
  size_t n = grown(*cap, need);
  size_t bytes = (n * elem_size + LINE - 1) / LINE * LINE; /* aligned_alloc wants a multiple */
  void *q = aligned_alloc(LINE, bytes);
  if (!q)
    out_of_memory(bytes);
  if (*cap)
    memcpy(q, *array, *cap * elem_size);
  zero_tail(q, *cap, n, elem_size);
  free(*array);
  *array = q;
  *cap = n;
}
