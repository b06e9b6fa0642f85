/* A map from addresses (never NULL) to 32-bit values, in one flat table:
 * open addressing with linear probing, at most half full, removal by
 * shifting the following entries back (no tombstones). The binding keys
 * its hosts and its running comms' actions by address on every comm start
 * and end; a node-based hash map costs a division and an allocation per
 * insertion there, this one a multiply and no allocation once grown. */
#ifndef CONTENTION_PTR_INDEX_H
#define CONTENTION_PTR_INDEX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_ptr_slot {
  const void *key; /* NULL: empty */
  uint32_t value;
} cg_ptr_slot;

typedef struct cg_ptr_index {
  cg_ptr_slot *slots;
  size_t cap;   /* a power of two, or 0 before the first insertion */
  size_t count;
} cg_ptr_index;

void cg_ptr_index_init(cg_ptr_index *m);
void cg_ptr_index_free(cg_ptr_index *m);
/* Sets key's value (key must not be NULL); returns 1 if key was absent. */
int cg_ptr_index_put(cg_ptr_index *m, const void *key, uint32_t value);
/* Removes key; returns 1 and its value in *value (if not NULL) if it was
 * present, else 0. */
int cg_ptr_index_take(cg_ptr_index *m, const void *key, uint32_t *value);

/* Home slot of a key: Fibonacci hashing of the address without its low
 * bits (objects are at least 16-byte aligned). */
static inline size_t cg_ptr_index_home(const cg_ptr_index *m, const void *key)
{
  return (size_t)((((uint64_t)(uintptr_t)key >> 4) * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & (m->cap - 1);
}

/* Returns 1 and key's value in *value if present, else 0. */
static inline int cg_ptr_index_get(const cg_ptr_index *m, const void *key, uint32_t *value)
{
  if (m->count == 0)
    return 0;
  for (size_t i = cg_ptr_index_home(m, key);; i = (i + 1) & (m->cap - 1)) {
    if (m->slots[i].key == key) {
      *value = m->slots[i].value;
      return 1;
    }
    if (m->slots[i].key == NULL)
      return 0;
  }
}

#ifdef __cplusplus
}
#endif
#endif
