/* Myrinet Stop & Go rules (seed 001, sec. V.B; doc/design.md sec. 4.3).
 *
 * A comm in state "send" puts every comm sharing its source or its
 * destination in "wait"; a state set is a maximal set of comms in "send",
 * i.e. a maximal matching of the bipartite multigraph (sources, destinations).
 * With N sets and count(c) the sets where c sends, every comm of a source s
 * gets penalty N / min over the comms c' of s of count(c').
 *
 * Comms of different connected components (of the host graph, directions
 * ignored) never share a source or destination, so the product structure of
 * the sets leaves N / count unchanged per component: each component is solved
 * alone.
 *
 * Exact enumeration (Bron-Kerbosch with pivot on 64-bit masks) when a
 * component has at most `exact_max_comms` comms (<= 64). Beyond, the number
 * of sets grows exponentially, so each source is solved exactly on its
 * neighbourhood: the exact_max_comms comms nearest to its own in the
 * conflict graph (breadth first, layers in (src, dst) order), so the
 * result is a pure function of the graph. A source with more comms than
 * the bound gets its out-degree. The error against the exact answer is
 * measured by bench/technologies and recorded in doc/technologies.md. */
#include <stdint.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "contention/technology.h"
#include "myrinet_sets.h"

enum { P_EXACT_MAX };

static const cg_tech_param myrinet_params[] = {
  {"exact_max_comms", "largest component (in comms) solved exactly; beyond, each source is solved on its nearest exact_max_comms comms", 24, 1, 64},
};

typedef struct myr_state {
  cg_hostset seen;   /* hosts reached by the current component search */
  cg_hostset done;   /* hosts whose component was solved in this evaluate */
  cg_host *queue;
  size_t queue_cap;
  myr_comp comp;     /* the component being solved */
} myr_state;

static void myr_destroy(void *p)
{
  myr_state *st = p;
  cg_hostset_free(&st->seen);
  cg_hostset_free(&st->done);
  free(st->queue);
  myr_comp_free(&st->comp);
  free(st);
}

static myr_state *state_of(cg_graph *g)
{
  myr_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->seen);
    cg_hostset_init(&st->done);
    cg_graph_set_tech_state(g, st);
  }
  cg_grow((void **)&st->queue, &st->queue_cap, cg_graph_host_count(g) + 1, sizeof *st->queue);
  return st;
}

/* Breadth-first search of the component of h; leaves its hosts in
 * st->queue[0..return) and marks them in st->seen (cleared first). */
static size_t component_hosts(const cg_graph *g, myr_state *st, cg_host h)
{
  size_t head = 0, tail = 0;
  cg_hostset_clear(&st->seen);
  cg_hostset_add(&st->seen, h);
  st->queue[tail++] = h;
  while (head < tail) {
    cg_host x = st->queue[head++];
    size_t n;
    const cg_comm *c = cg_graph_out_comms(g, x, &n);
    for (size_t i = 0; i < n; i++) {
      cg_host y = cg_graph_comm_dst(g, c[i]);
      if (cg_hostset_add(&st->seen, y))
        st->queue[tail++] = y;
    }
    c = cg_graph_in_comms(g, x, &n);
    for (size_t i = 0; i < n; i++) {
      cg_host y = cg_graph_comm_src(g, c[i]);
      if (cg_hostset_add(&st->seen, y))
        st->queue[tail++] = y;
    }
  }
  return tail;
}

static void add_component_sources(const cg_graph *g, myr_state *st, cg_host h, cg_hostset *dirty)
{
  size_t n = component_hosts(g, st, h);
  for (size_t i = 0; i < n; i++)
    if (cg_graph_out_degree(g, st->queue[i]) > 0)
      cg_hostset_add(dirty, st->queue[i]);
}

static void myr_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)delta;
  myr_state *st = state_of(g);
  add_component_sources(g, st, s, dirty);
  /* After a removal d may sit in another component than s. */
  if (!cg_hostset_has(dirty, d) && !cg_hostset_has(&st->seen, d))
    add_component_sources(g, st, d, dirty);
}

static void myr_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  myr_state *st = state_of(g);
  const double *p = cg_graph_tech_params(g);
  cg_hostset_clear(&st->done);
  for (size_t k = 0; k < dirty->count; k++) {
    cg_host s = dirty->items[k];
    if (cg_graph_out_degree(g, s) == 0 || cg_hostset_has(&st->done, s))
      continue;
    size_t nh = component_hosts(g, st, s);
    myr_comp_clear(&st->comp);
    for (size_t i = 0; i < nh; i++) {
      cg_host x = st->queue[i];
      cg_hostset_add(&st->done, x);
      size_t n;
      const cg_comm *c = cg_graph_out_comms(g, x, &n);
      for (size_t j = 0; j < n; j++)
        myr_comp_add(&st->comp, c[j], x, cg_graph_comm_dst(g, c[j]));
    }
    myr_comp_solve(&st->comp, (size_t)p[P_EXACT_MAX]);
    for (size_t i = 0; i < st->comp.n; i++)
      cg_graph_set_penalty(g, st->comp.items[i].comm, st->comp.items[i].penalty);
  }
}

const cg_tech cg_tech_myrinet = {
  .name = "myrinet",
  .description = "Myrinet 2000 Stop & Go: penalty = state sets / sets where the source's slowest comm sends (Vienne et al. 2008)",
  .params = myrinet_params,
  .param_count = sizeof myrinet_params / sizeof myrinet_params[0],
  .edge_changed = myr_edge_changed,
  .evaluate = myr_evaluate,
  .destroy_state = myr_destroy,
};
