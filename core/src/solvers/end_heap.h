/* Private to the step solver: an indexed binary min-heap of predicted end
 * times, one entry per running comm, keyed by (time, comm index) so that
 * its layout, like the solver's result, depends only on the input. */
#ifndef CONTENTION_END_HEAP_H
#define CONTENTION_END_HEAP_H

#include <stddef.h>

typedef struct end_heap {
  size_t *item;  /* heap order: comm indices */
  size_t *pos;   /* pos[comm]: its place in item, or END_HEAP_NONE */
  double *key;   /* key[comm]: its end time */
  size_t count;
} end_heap;

#define END_HEAP_NONE ((size_t)-1)

/* A heap able to hold comms 0..n-1 (all absent). */
void end_heap_init(end_heap *h, size_t n);
void end_heap_free(end_heap *h);
/* Inserts comm c with end time t, or moves it to t if present. O(log n). */
void end_heap_set(end_heap *h, size_t c, double t);
/* The comm with the earliest end (smallest index among equal times);
 * the heap must not be empty. */
size_t end_heap_top(const end_heap *h);
/* Removes and returns the top comm. O(log n). */
size_t end_heap_pop(end_heap *h);

#endif
