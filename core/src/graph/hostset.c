#include "contention/hostset.h"

#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

void cg_hostset_init(cg_hostset *s)
{
  memset(s, 0, sizeof *s);
  s->epoch = 1;
}

void cg_hostset_free(cg_hostset *s)
{
  free(s->items);
  free(s->stamp);
  cg_hostset_init(s);
}

void cg_hostset_clear(cg_hostset *s)
{
  s->count = 0;
  if (++s->epoch == 0) { /* wrapped: old stamps could alias the new epoch */
    if (s->stamp)
      memset(s->stamp, 0, s->capacity * sizeof *s->stamp);
    s->epoch = 1;
  }
}

/* The external definitions of the header's inline functions. */
extern inline int cg_hostset_add(cg_hostset *s, uint32_t h);
extern inline int cg_hostset_has(const cg_hostset *s, uint32_t h);

void cg_hostset_insert(cg_hostset *s, uint32_t h)
{
  if (h >= s->capacity)
    cg_grow((void **)&s->stamp, &s->capacity, (size_t)h + 1, sizeof *s->stamp);
  cg_grow((void **)&s->items, &s->items_cap, s->count + 1, sizeof *s->items);
  s->stamp[h] = s->epoch;
  s->items[s->count++] = h;
}
