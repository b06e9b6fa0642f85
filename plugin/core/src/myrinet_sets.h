/* Private to tech_myrinet.c: the state sets of one connected component of
 * a Myrinet contention graph and the penalties they give. */
#ifndef CONTENTION_MYRINET_SETS_H
#define CONTENTION_MYRINET_SETS_H

#include <stddef.h>
#include <stdint.h>

#include "contention/graph.h"

typedef struct myr_item {
  cg_comm comm;
  cg_host src, dst;
  double penalty; /* result */
} myr_item;

typedef struct myr_comp {
  myr_item *items;
  size_t n, cap;
  /* scratch of the neighbourhood approximation */
  size_t *by_dst, *ball, *next;
  uint32_t *mark, epoch;
  size_t by_dst_cap, ball_cap, next_cap, mark_cap;
} myr_comp;

void myr_comp_clear(myr_comp *c);
void myr_comp_add(myr_comp *c, cg_comm comm, cg_host src, cg_host dst);
/* Sets every item's penalty: exact when n <= exact_max (capped at 64);
 * else, for each source, exact over the at most exact_max comms nearest to
 * its comms in the conflict graph (breadth first, canonical order). */
void myr_comp_solve(myr_comp *c, size_t exact_max);
void myr_comp_free(myr_comp *c);

#endif
