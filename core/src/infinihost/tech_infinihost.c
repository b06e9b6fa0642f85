/* InfiniBand InfiniHost III penalty rules, read from the measured
 * penalties of Vienne et al. 2008, Fig. 2 (third column); the paper gives
 * no model for this card and Martinasso & Méhaut 2011's rules describe a
 * ConnectX. The measurements say the card shares better than fair (2 and
 * 3 comms out of one node: 1.725 and 2.61, 0.87 of a fair share each), a
 * node that sends to several destinations while it receives loses about a
 * fifth of its send rate per comm it receives (schemes 5, 6), and a lone
 * sender is not slowed by what its node receives (scheme 6, comm f: 1.01).
 *
 * For a comm c = (s, d): Do = d+(s), Ri = d-(s), Di = d-(d).
 *   p_o = share Do (1 + recv Ri)   if Do >= 2, else 1
 *   p_i = share Di                 if Di >= 2, else 1
 *   penalty = max(p_o, p_i, 1).
 * share = 0.87 and recv = 0.17 minimise the mean E_abs of schemes 2-6
 * under the step solver (doc/validation.md gives the in-sample and
 * leave-one-scheme-out errors).
 *
 * An edge change (s, d) changes d+(s) and d-(d): it dirties s, d (whose
 * comms' receive term changed) and every source into d (in side). The
 * sources into d are listed once per evaluation, not at each event: a
 * listing per event cost O(n^2) for n comms starting into one host in one
 * instant.
 * Parallel comms share one penalty: the graph holds them as one edge
 * (edge_penalties) and the loops run over edges. */
#include <stdlib.h>

#include "contention/alloc.h"
#include "contention/technology.h"

enum { P_SHARE, P_RECV };

static const cg_tech_param infinihost_params[] = {
  {"share", "penalty per comm sharing one side of the card, as a fraction of a fair share (Fig. 2: 0.87)", 0.87,
   0.01, 10.0, 0},
  {"recv", "out-side slowdown per comm a multi-out source receives (Fig. 2 fit: 0.17)", 0.17, 0.0, 10.0, 0},
};

typedef struct ih_state {
  cg_hostset dests;   /* destinations of changed edges since the last evaluation */
  cg_hostset sources; /* scratch: the dirty hosts plus the senders into dests */
} ih_state;

static void ih_destroy(void *p)
{
  ih_state *st = p;
  cg_hostset_free(&st->dests);
  cg_hostset_free(&st->sources);
  free(st);
}

static ih_state *state_of(cg_graph *g)
{
  ih_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->dests);
    cg_hostset_init(&st->sources);
    cg_graph_set_tech_state(g, st);
  }
  return st;
}

static void infinihost_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)delta;
  cg_hostset_add(dirty, s);
  cg_hostset_add(dirty, d);
  cg_hostset_add(&state_of(g)->dests, d);
}

/* Sets the penalties of the comms of source s from the current degrees. */
static void evaluate_source(cg_graph *g, const double *p, cg_host s)
{
  size_t Do = cg_graph_out_degree(g, s), ne;
  const cg_edge *out = cg_graph_out_edges(g, s, &ne);
  const cg_host *dst = cg_graph_out_edge_peers(g, s);
  double po = 1.0;
  if (Do >= 2)
    po = p[P_SHARE] * (double)Do * (1.0 + p[P_RECV] * (double)cg_graph_in_degree(g, s));
  for (size_t i = 0; i < ne; i++) {
    size_t Di = cg_graph_in_degree(g, dst[i]);
    double pi = Di >= 2 ? p[P_SHARE] * (double)Di : 1.0;
    double pen = po > pi ? po : pi;
    cg_graph_set_edge_penalty(g, out[i], pen > 1.0 ? pen : 1.0);
  }
}

static void infinihost_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  const double *p = cg_graph_tech_params(g);
  ih_state *st = state_of(g);
  if (st->dests.count == 0) { /* a full recomputation: dirty is every source */
    for (size_t k = 0; k < dirty->count; k++)
      evaluate_source(g, p, dirty->items[k]);
    return;
  }
  cg_hostset_clear(&st->sources);
  for (size_t k = 0; k < dirty->count; k++)
    if (cg_hostset_add(&st->sources, dirty->items[k]))
      evaluate_source(g, p, dirty->items[k]);
  for (size_t k = 0; k < st->dests.count; k++) {
    size_t n;
    cg_graph_in_edges(g, st->dests.items[k], &n);
    const cg_host *src = cg_graph_in_edge_peers(g, st->dests.items[k]);
    for (size_t i = 0; i < n; i++)
      if (cg_hostset_add(&st->sources, src[i]))
        evaluate_source(g, p, src[i]);
  }
  cg_hostset_clear(&st->dests);
}

const cg_tech cg_tech_infinihost = {
  .name = "infinihost",
  .description = "InfiniBand InfiniHost III: 0.87 of a fair share per side, slower sends while receiving "
                 "(read from Vienne et al. 2008, Fig. 2)",
  .params = infinihost_params,
  .param_count = sizeof infinihost_params / sizeof infinihost_params[0],
  .edge_changed = infinihost_edge_changed,
  .evaluate = infinihost_evaluate,
  .destroy_state = ih_destroy,
  .edge_penalties = 1, /* a comm's penalty depends on its (s, d) only */
};
