/* Open addressing with linear probing, kept at most half full. */
#include "strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

/* FNV-1a over the bytes, then a 64-bit finaliser so that the low bits used
 * as the slot index depend on every byte. */
static size_t hash_of(const char *s)
{
  uint64_t h = 1469598103934665603ull;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    h = (h ^ *p) * 1099511628211ull;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (size_t)h;
}

void strmap_init(strmap *m)
{
  memset(m, 0, sizeof *m);
}

/* Slot holding key, or the empty slot where it would go. */
static strmap_slot *find(const strmap *m, const char *key, size_t h)
{
  size_t mask = m->capacity - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    strmap_slot *s = &m->slots[i];
    if (!s->key || (s->hash == h && strcmp(s->key, key) == 0))
      return s;
  }
}

int strmap_get(const strmap *m, const char *key, size_t *value)
{
  if (m->count == 0)
    return 0;
  strmap_slot *s = find(m, key, hash_of(key));
  if (!s->key)
    return 0;
  *value = s->value;
  return 1;
}

static void grow(strmap *m)
{
  strmap old = *m;
  m->capacity = old.capacity ? 2 * old.capacity : 64;
  m->slots = cg_xcalloc(m->capacity, sizeof *m->slots);
  for (size_t i = 0; i < old.capacity; i++)
    if (old.slots[i].key)
      *find(m, old.slots[i].key, old.slots[i].hash) = old.slots[i];
  free(old.slots);
}

int strmap_put(strmap *m, const char *key, size_t value, size_t *existing)
{
  if (2 * (m->count + 1) > m->capacity)
    grow(m);
  size_t h = hash_of(key);
  strmap_slot *s = find(m, key, h);
  if (s->key) {
    if (existing)
      *existing = s->value;
    return 0;
  }
  *s = (strmap_slot){key, h, value};
  m->count++;
  return 1;
}

void strmap_free(strmap *m)
{
  free(m->slots);
  strmap_init(m);
}
