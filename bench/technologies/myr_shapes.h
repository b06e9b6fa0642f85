/* Myrinet components to solve, shared by bench_technologies and the
 * Myrinet tests (tests/technologies): a list of comms src -> dst, the
 * shapes both draw, and one solve through the solver's private API
 * (core/src/myrinet/myrinet_sets.h). The random shapes take the caller's 32-bit
 * generator, so each program keeps its own seeded sequence. */
#ifndef CONTENTION_MYR_SHAPES_H
#define CONTENTION_MYR_SHAPES_H

#include <stdint.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "myrinet_sets.h"

typedef struct shape {
  size_t n, cap;
  cg_host *src, *dst;
} shape;

static inline void shape_add(shape *s, cg_host a, cg_host b)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->src = cg_xrealloc(s->src, s->cap * sizeof *s->src);
    s->dst = cg_xrealloc(s->dst, s->cap * sizeof *s->dst);
  }
  s->src[s->n] = a;
  s->dst[s->n] = b;
  s->n++;
}

/* dst becomes a copy of src (its own arrays). */
static inline void shape_copy(shape *dst, const shape *src)
{
  dst->n = 0;
  for (size_t i = 0; i < src->n; i++)
    shape_add(dst, src->src[i], src->dst[i]);
}

static inline void shape_free(shape *s)
{
  free(s->src);
  free(s->dst);
  *s = (shape){0};
}

/* Every host sends to every other. */
static inline void shape_all_to_all(shape *s, cg_host hosts)
{
  s->n = 0;
  for (cg_host i = 0; i < hosts; i++)
    for (cg_host j = 0; j < hosts; j++)
      if (i != j)
        shape_add(s, i, j);
}

/* The halo exchange on a k x k x k torus: every host sends to its six
 * neighbours (+x, -x, +y, -y, +z, -z, in that order). */
static inline void shape_torus(shape *s, uint32_t k)
{
  s->n = 0;
  for (uint32_t x = 0; x < k; x++)
    for (uint32_t y = 0; y < k; y++)
      for (uint32_t z = 0; z < k; z++) {
        uint32_t h = (x * k + y) * k + z;
        shape_add(s, h, (((x + 1) % k) * k + y) * k + z);
        shape_add(s, h, (((x + k - 1) % k) * k + y) * k + z);
        shape_add(s, h, (x * k + (y + 1) % k) * k + z);
        shape_add(s, h, (x * k + (y + k - 1) % k) * k + z);
        shape_add(s, h, (x * k + y) * k + (z + 1) % k);
        shape_add(s, h, (x * k + y) * k + (z + k - 1) % k);
      }
}

/* n comms on `hosts` hosts, connected: a random tree first (each edge in a
 * random direction), then random extra comms between distinct hosts
 * (parallel comms possible). */
static inline void shape_connected(shape *s, size_t n, uint32_t hosts, uint32_t (*draw)(void))
{
  s->n = 0;
  for (uint32_t v = 1; v < hosts && s->n < n; v++) {
    uint32_t u = draw() % v;
    if (draw() % 2)
      shape_add(s, u, v);
    else
      shape_add(s, v, u);
  }
  while (s->n < n) {
    cg_host a, b;
    do {
      a = draw() % hosts;
      b = draw() % hosts;
    } while (a == b);
    shape_add(s, a, b);
  }
}

/* Keeps each comm with probability percent / 100 (one draw per comm, in
 * order). */
static inline void shape_thin(shape *s, uint32_t percent, uint32_t (*draw)(void))
{
  size_t k = 0;
  for (size_t i = 0; i < s->n; i++)
    if (draw() % 100 < percent) {
      s->src[k] = s->src[i];
      s->dst[k] = s->dst[i];
      k++;
    }
  s->n = k;
}

/* Penalties of s's comms (pen[i] for comm i) solved by c; returns the method. */
static inline myr_method shape_solve(myr_comp *c, const shape *s, const myr_options *opt, double *pen)
{
  myr_comp_clear(c);
  for (size_t i = 0; i < s->n; i++)
    myr_comp_add(c, (cg_comm)i, s->src[i], s->dst[i]);
  myr_comp_solve(c, opt);
  for (size_t i = 0; i < c->n; i++)
    pen[c->items[i].comm] = c->items[i].penalty;
  return c->method;
}

#endif
