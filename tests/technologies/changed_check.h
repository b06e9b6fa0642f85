/* The changed list's completeness, shared by the technologies' random
 * event tests: a comm live before a burst of events and still live after
 * it whose penalty moved must be in cg_graph_changed(). Handles are slots
 * below `slots`; a handle reused by an add within the burst is a new comm
 * (changed_check_added), which the list holds anyway. */
#ifndef CONTENTION_TEST_CHANGED_CHECK_H
#define CONTENTION_TEST_CHANGED_CHECK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "contention/graph.h"

typedef struct changed_check {
  size_t slots;
  double *before;
  uint8_t *alive, *listed;
} changed_check;

static inline void changed_check_init(changed_check *c, size_t slots)
{
  c->slots = slots;
  c->before = calloc(slots, sizeof *c->before);
  c->alive = calloc(slots, 1);
  c->listed = calloc(slots, 1);
}

static inline void changed_check_free(changed_check *c)
{
  free(c->before);
  free(c->alive);
  free(c->listed);
}

/* Before a burst: the live comms and their penalties. */
static inline void changed_check_before(changed_check *c, const cg_graph *g, const cg_comm *live, size_t nlive)
{
  memset(c->alive, 0, c->slots);
  for (size_t i = 0; i < nlive; i++) {
    c->before[live[i]] = cg_graph_penalty(g, live[i]);
    c->alive[live[i]] = 1;
  }
}

static inline void changed_check_added(changed_check *c, cg_comm h) { c->alive[h] = 0; }

/* After the burst (flushed): the live comms whose penalty moved and that
 * the changed list misses. */
static inline int changed_check_missing(changed_check *c, cg_graph *g, const cg_comm *live, size_t nlive)
{
  size_t nch;
  const cg_comm *ch = cg_graph_changed(g, &nch);
  memset(c->listed, 0, c->slots);
  for (size_t i = 0; i < nch; i++)
    c->listed[ch[i]] = 1;
  int missing = 0;
  for (size_t i = 0; i < nlive; i++)
    if (c->alive[live[i]] && !c->listed[live[i]] && cg_graph_penalty(g, live[i]) != c->before[live[i]])
      missing++;
  return missing;
}

#endif
