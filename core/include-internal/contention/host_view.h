/* One host's share of the contention graph, as traces show it: how many
 * comms it sends and receives, and the largest penalty among them. Read-only;
 * used by the SimGrid binding's Paje trace variables. */
#ifndef CONTENTION_HOST_VIEW_H
#define CONTENTION_HOST_VIEW_H

#include <stddef.h>

#include "contention/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_host_view {
  size_t out;         /* active inter-host comms h sends (its out-degree) */
  size_t in;          /* active inter-host comms h receives (its in-degree) */
  double max_penalty; /* largest penalty of those comms; 0 when it has none */
} cg_host_view;

/* The view of host h now (a host never seen: all zero). In deferred mode the
 * penalties are those of the last cg_graph_flush(): a comm added since has no
 * penalty yet and is counted but not in max_penalty. */
cg_host_view cg_graph_host_view(const cg_graph *g, cg_host h);

#ifdef __cplusplus
}
#endif
#endif
