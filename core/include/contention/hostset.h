/* A set of host indices with O(1) insert and membership, iterated in
 * insertion order; reused across events without reallocation. */
#ifndef CONTENTION_HOSTSET_H
#define CONTENTION_HOSTSET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_hostset {
  uint32_t *items;  /* members, insertion order */
  size_t count;
  uint32_t *stamp;  /* stamp[h] == epoch  <=> h is a member */
  size_t capacity;  /* length of stamp */
  size_t items_cap;
  uint32_t epoch;
} cg_hostset;

void cg_hostset_init(cg_hostset *s);
void cg_hostset_free(cg_hostset *s);
void cg_hostset_clear(cg_hostset *s);
/* Returns 1 if h was inserted, 0 if it was already present. */
int cg_hostset_add(cg_hostset *s, uint32_t h);
int cg_hostset_has(const cg_hostset *s, uint32_t h);

#ifdef __cplusplus
}
#endif
#endif
