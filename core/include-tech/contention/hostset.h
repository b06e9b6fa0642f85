/* A set of host indices with O(1) insert and membership, iterated in
 * insertion order; reused across events without reallocation.
 *
 * The technology writer's API (core/include-tech, installed): the set of
 * hosts a technology's edge_changed() fills and evaluate() reads
 * (technology.h). */
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
/* Inserts h, known to be absent (growing the arrays as needed). */
void cg_hostset_insert(cg_hostset *s, uint32_t h);

/* Returns 1 if h was inserted, 0 if it was already present. Inline: the
 * component searches call it once per comm they visit. (These two inline
 * definitions are also emitted by hostset.c, so the library still
 * exports them.) */
inline int cg_hostset_add(cg_hostset *s, uint32_t h)
{
  if (h < s->capacity && s->stamp[h] == s->epoch)
    return 0;
  cg_hostset_insert(s, h);
  return 1;
}

inline int cg_hostset_has(const cg_hostset *s, uint32_t h)
{
  return h < s->capacity && s->stamp[h] == s->epoch;
}

#ifdef __cplusplus
}
#endif
#endif
