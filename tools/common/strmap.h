/* A hash map from strings to indices, so that the scenario loader finds a
 * host or comm name in constant expected time (a linear search made loading
 * n names O(n^2)). Keys are not copied: each must stay valid and unchanged
 * while the map lives. */
#ifndef CONTENTION_TOOLS_STRMAP_H
#define CONTENTION_TOOLS_STRMAP_H

#include <stddef.h>

typedef struct strmap_slot {
  const char *key; /* NULL: empty slot */
  size_t hash;
  size_t value;
} strmap_slot;

typedef struct strmap {
  strmap_slot *slots;
  size_t capacity; /* 0 or a power of two */
  size_t count;
} strmap;

/* An empty map (no allocation until the first insertion). */
void strmap_init(strmap *m);
/* Returns 1 and stores the value of `key` in *value, or returns 0. */
int strmap_get(const strmap *m, const char *key, size_t *value);
/* Inserts key -> value. If key is already present, leaves the map unchanged,
 * stores the existing value in *existing (if not NULL) and returns 0;
 * returns 1 after an insertion. */
int strmap_put(strmap *m, const char *key, size_t value, size_t *existing);
void strmap_free(strmap *m);

#endif
