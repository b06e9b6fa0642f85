/* Myrinet Stop & Go rules (seed 001, sec. V.B).
 *
 * A comm in state "send" puts every comm sharing its source or its
 * destination in "wait"; a state set is a maximal set of comms in "send",
 * i.e. a maximal matching of the bipartite multigraph sources x
 * destinations (a host's sending and receiving roles are two vertices).
 * With N sets and count(c) the sets where c sends, every comm of a source s
 * gets penalty N / min over the comms c' of s of count(c').
 *
 * Comms of different connected components of that bipartite graph never
 * share a source or destination, so N / count is computed per component
 * (myrinet_sets.h: closed form, exact DP, or approximation).
 *
 * Parallel comms (same source and destination) always get one penalty, so
 * the graph keeps them as one edge of multiplicity k (edge_penalties): a
 * component is gathered and its penalties written edge by edge, each edge
 * one item of the component with its multiplicity (myr_comp_add_edge), and
 * k comms on one pair cost one item, not k.
 *
 * Incremental: an added or removed comm s -> d dirties the component(s) of
 * the source vertex s and of the destination vertex d (after a removal they
 * may be two). Only the two vertices are recorded per event; the
 * components are searched once per evaluation, so a burst of events costs
 * one search and one solve per component. */
#include <stdint.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "contention/technology.h"
#include "myrinet_sets.h"

enum { P_EXACT_WIDTH, P_THREADS, P_BP_SWEEPS, P_LARGE_PAIRS };

static const cg_tech_param myrinet_params[] = {
  {"exact_max_width",
   "widest frontier (hosts whose state is tracked at once) solved exactly, 3^w states; dense "
   "components up to frontier 12 while 16 x 3^(w-2) reached states suffice; beyond, regions of "
   "half this width with belief propagation outside",
   8, 0, MYR_DP_MAX_WIDTH, 1},
  {"threads",
   "threads that share the regions of a component beyond the exact methods (1: the simulation's "
   "own; 0: one per CPU this process may run on, at most 8); the penalties are the same bits for "
   "every value. A second thread, once started, makes every malloc and free of the process take "
   "glibc's locks, which cost SimGrid more than the shared regions save on the benchmarks' runs",
   1, 0, 64, 1},
  {"bp_sweeps",
   "beyond the exact methods: 0, belief propagation to its fixed point (or the mean of its cycle) "
   "and an exact region of sources around each source; n, n sweeps and each source alone, several "
   "times cheaper and further from the exact count (5, with exact_max_width 2: the fast setting "
   "for large runs)",
   0, 0, 100, 1},
  {"large_pairs",
   "sparse components (fewer than a quarter of their source x destination pairs) of more host pairs "
   "than this that the exact DP cannot count within frontier 4 get the fast setting: exact methods "
   "to frontier 2, BP cut at 5 sweeps, each source alone; 0: none",
   MYR_LARGE_PAIRS_DEFAULT, 0, 1e9, 1},
};

typedef struct myr_state {
  cg_hostset pend_src, pend_dst; /* vertices touched since the last evaluation */
  cg_hostset done_src, done_dst; /* vertices solved in this evaluation */
  cg_host *queue;                /* component search: source vertices ... */
  cg_host *dqueue;               /* ... and destination vertices */
  size_t queue_cap, dqueue_cap;
  myr_comp comp;
} myr_state;

static void myr_destroy(void *p)
{
  myr_state *st = p;
  cg_hostset_free(&st->pend_src);
  cg_hostset_free(&st->pend_dst);
  cg_hostset_free(&st->done_src);
  cg_hostset_free(&st->done_dst);
  free(st->queue);
  free(st->dqueue);
  myr_comp_free(&st->comp);
  free(st);
}

static myr_state *state_of(cg_graph *g)
{
  myr_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->pend_src);
    cg_hostset_init(&st->pend_dst);
    cg_hostset_init(&st->done_src);
    cg_hostset_init(&st->done_dst);
    cg_graph_set_tech_state(g, st);
  }
  return st;
}

static void myr_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)delta;
  (void)dirty; /* s is dirty already; the rest is found in evaluate */
  myr_state *st = state_of(g);
  cg_hostset_add(&st->pend_src, s);
  cg_hostset_add(&st->pend_dst, d);
}

/* Gathers the component of source vertex s (or, if s is UINT32_MAX, of
 * destination vertex d) into st->comp, marking its vertices done; solves
 * it and writes the penalties. */
static void solve_component(cg_graph *g, myr_state *st, cg_host s, cg_host d, const myr_options *opt)
{
  size_t hosts = cg_graph_host_count(g) + 1, ns = 0, nd = 0, hs = 0, hd = 0;
  cg_grow((void **)&st->queue, &st->queue_cap, hosts, sizeof *st->queue);
  cg_grow((void **)&st->dqueue, &st->dqueue_cap, hosts, sizeof *st->dqueue);
  myr_comp_clear(&st->comp);
  if (s != UINT32_MAX) {
    cg_hostset_add(&st->done_src, s);
    st->queue[ns++] = s;
  } else {
    cg_hostset_add(&st->done_dst, d);
    st->dqueue[nd++] = d;
  }
  while (hs < ns || hd < nd) {
    for (; hs < ns; hs++) {
      size_t n;
      const cg_edge *e = cg_graph_out_edges(g, st->queue[hs], &n);
      const cg_host *dst = cg_graph_out_edge_peers(g, st->queue[hs]);
      const uint32_t *mult = cg_graph_out_edge_mults(g, st->queue[hs]);
      for (size_t i = 0; i < n; i++) {
        myr_comp_add_edge(&st->comp, e[i], st->queue[hs], dst[i], mult[i]);
        if (cg_hostset_add(&st->done_dst, dst[i]))
          st->dqueue[nd++] = dst[i];
      }
    }
    for (; hd < nd; hd++) {
      size_t n;
      cg_graph_in_edges(g, st->dqueue[hd], &n);
      const cg_host *src = cg_graph_in_edge_peers(g, st->dqueue[hd]);
      for (size_t i = 0; i < n; i++)
        if (cg_hostset_add(&st->done_src, src[i]))
          st->queue[ns++] = src[i];
    }
  }
  myr_comp_solve(&st->comp, opt);
  for (size_t i = 0; i < st->comp.n; i++)
    cg_graph_set_edge_penalty(g, st->comp.items[i].comm, st->comp.items[i].penalty);
}

static void myr_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  myr_state *st = state_of(g);
  const double *p = cg_graph_tech_params(g);
  myr_options opt = myr_default_options((size_t)p[P_EXACT_WIDTH]);
  opt.threads = (size_t)p[P_THREADS]; /* 0 resolved by the approximation, at its first shared solve */
  opt.large_pairs = (size_t)p[P_LARGE_PAIRS];
  if (p[P_BP_SWEEPS] >= 1)
    myr_options_short_bp(&opt, (size_t)p[P_BP_SWEEPS]);
  cg_hostset_clear(&st->done_src);
  cg_hostset_clear(&st->done_dst);
  for (size_t k = 0; k < dirty->count; k++) {
    cg_host s = dirty->items[k];
    if (cg_graph_out_degree(g, s) > 0 && !cg_hostset_has(&st->done_src, s))
      solve_component(g, st, s, 0, &opt);
  }
  for (size_t k = 0; k < st->pend_src.count; k++) {
    cg_host s = st->pend_src.items[k];
    if (cg_graph_out_degree(g, s) > 0 && !cg_hostset_has(&st->done_src, s))
      solve_component(g, st, s, 0, &opt);
  }
  for (size_t k = 0; k < st->pend_dst.count; k++) {
    cg_host d = st->pend_dst.items[k];
    if (cg_graph_in_degree(g, d) > 0 && !cg_hostset_has(&st->done_dst, d))
      solve_component(g, st, UINT32_MAX, d, &opt);
  }
  cg_hostset_clear(&st->pend_src);
  cg_hostset_clear(&st->pend_dst);
}

const cg_tech cg_tech_myrinet = {
  .name = "myrinet",
  .description = "Myrinet 2000 Stop & Go: penalty = state sets / sets where the source's slowest comm sends (Vienne et al. 2008)",
  .params = myrinet_params,
  .param_count = sizeof myrinet_params / sizeof myrinet_params[0],
  .edge_changed = myr_edge_changed,
  .evaluate = myr_evaluate,
  .destroy_state = myr_destroy,
  .edge_penalties = 1,
};
