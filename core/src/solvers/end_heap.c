/* Indexed binary min-heap of end times (see end_heap.h). */
#include "end_heap.h"

#include <stdlib.h>

#include "contention/alloc.h"

void end_heap_init(end_heap *h, size_t n)
{
  h->item = cg_xmalloc((n ? n : 1) * sizeof *h->item);
  h->pos = cg_xmalloc((n ? n : 1) * sizeof *h->pos);
  h->key = cg_xmalloc((n ? n : 1) * sizeof *h->key);
  for (size_t i = 0; i < n; i++)
    h->pos[i] = END_HEAP_NONE;
  h->count = 0;
}

void end_heap_free(end_heap *h)
{
  free(h->item);
  free(h->pos);
  free(h->key);
  h->item = h->pos = NULL;
  h->key = NULL;
  h->count = 0;
}

static int less(const end_heap *h, size_t a, size_t b)
{
  return h->key[a] < h->key[b] || (h->key[a] == h->key[b] && a < b);
}

static void place(end_heap *h, size_t at, size_t c)
{
  h->item[at] = c;
  h->pos[c] = at;
}

static void sift_up(end_heap *h, size_t at)
{
  size_t c = h->item[at];
  while (at > 0 && less(h, c, h->item[(at - 1) / 2])) {
    place(h, at, h->item[(at - 1) / 2]);
    at = (at - 1) / 2;
  }
  place(h, at, c);
}

static void sift_down(end_heap *h, size_t at)
{
  size_t c = h->item[at];
  for (;;) {
    size_t k = 2 * at + 1;
    if (k >= h->count)
      break;
    if (k + 1 < h->count && less(h, h->item[k + 1], h->item[k]))
      k++;
    if (!less(h, h->item[k], c))
      break;
    place(h, at, h->item[k]);
    at = k;
  }
  place(h, at, c);
}

void end_heap_set(end_heap *h, size_t c, double t)
{
  if (h->pos[c] == END_HEAP_NONE) {
    h->key[c] = t;
    place(h, h->count++, c);
    sift_up(h, h->count - 1);
    return;
  }
  double old = h->key[c];
  h->key[c] = t;
  if (t < old)
    sift_up(h, h->pos[c]);
  else
    sift_down(h, h->pos[c]);
}

size_t end_heap_top(const end_heap *h) { return h->item[0]; }

size_t end_heap_pop(end_heap *h)
{
  size_t top = h->item[0];
  h->pos[top] = END_HEAP_NONE;
  if (--h->count > 0) {
    place(h, 0, h->item[h->count]);
    sift_down(h, 0);
  }
  return top;
}
