#include "contention/ptr_index.h"

#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

void cg_ptr_index_init(cg_ptr_index *m) { memset(m, 0, sizeof *m); }

void cg_ptr_index_free(cg_ptr_index *m)
{
  free(m->slots);
  cg_ptr_index_init(m);
}

static void insert_new(cg_ptr_index *m, const void *key, uint32_t value)
{
  size_t i = cg_ptr_index_home(m, key);
  while (m->slots[i].key != NULL)
    i = (i + 1) & (m->cap - 1);
  m->slots[i] = (cg_ptr_slot){key, value};
  m->count++;
}

static void grow(cg_ptr_index *m)
{
  cg_ptr_slot *old = m->slots;
  size_t old_cap   = m->cap;
  m->cap           = old_cap ? 2 * old_cap : 64;
  m->slots         = cg_xcalloc(m->cap, sizeof *m->slots);
  m->count         = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].key != NULL)
      insert_new(m, old[i].key, old[i].value);
  free(old);
}

int cg_ptr_index_put(cg_ptr_index *m, const void *key, uint32_t value)
{
  if (2 * (m->count + 1) > m->cap) /* room for one more, whether or not key is new */
    grow(m);
  size_t i = cg_ptr_index_home(m, key);
  for (; m->slots[i].key != NULL; i = (i + 1) & (m->cap - 1))
    if (m->slots[i].key == key) {
      m->slots[i].value = value;
      return 0;
    }
  m->slots[i] = (cg_ptr_slot){key, value};
  m->count++;
  return 1;
}

int cg_ptr_index_take(cg_ptr_index *m, const void *key, uint32_t *value)
{
  if (m->count == 0)
    return 0;
  size_t mask = m->cap - 1, i = cg_ptr_index_home(m, key);
  while (m->slots[i].key != key) {
    if (m->slots[i].key == NULL)
      return 0;
    i = (i + 1) & mask;
  }
  if (value)
    *value = m->slots[i].value;
  /* Shift back each following entry of the run that may fill the hole:
   * one whose home is not cyclically in (hole, its slot]. */
  size_t hole = i;
  for (size_t j = (i + 1) & mask; m->slots[j].key != NULL; j = (j + 1) & mask) {
    size_t home = cg_ptr_index_home(m, m->slots[j].key);
    if (((j - home) & mask) >= ((j - hole) & mask)) {
      m->slots[hole] = m->slots[j];
      hole           = j;
    }
  }
  m->slots[hole] = (cg_ptr_slot){NULL, 0};
  m->count--;
  return 1;
}
