/* Gigabit Ethernet penalty rules (seed 001, sec. V.A), read as documented in
 * doc/technologies.md (the printed formula is garbled):
 *
 * For a comm c = (s, d): Do = d+(s), Di = d-(d).
 *   Out side: among the comms of s, the "strongly slow" ones go to a
 *   destination of maximal in-degree; m_o of them (card C_o^m).
 *     p_o = 1                               if Do = 1
 *         = Do beta                         if m_o = Do (pure out-conflict)
 *         = Do beta (1 + gamma_o/(Do-m_o))  if c is strongly slow
 *         = Do beta (1 - gamma_o/m_o)       otherwise
 *   In side: the same with the comms entering d, "strongly slow" meaning a
 *   source of maximal out-degree, m_i of them, Di and gamma_i.
 *   penalty = max(p_o, p_i, 1).
 * Optional receive term (parameter recv, default 0: the paper's rules): a
 * source of out-degree >= 2 that also receives Di(s) comms multiplies p_o
 * by 1 + recv Di(s); the paper has no term for a node that sends and
 * receives at once (doc/validation.md fits recv on its Fig. 2).
 * This reading reproduces the paper's gamma derivation from comms a and f
 * of its Fig. 4 and its whole predicted column (tests/technologies).
 *
 * The penalties of c depend on the out-degrees of the sources into d and on
 * the in-degrees of the destinations of s, so an edge change (s, d) dirties
 * s, every source into d, every source into a destination of s (its
 * in-side maximum may change with d+(s)) and every source sending to a
 * destination whose in-degree changed (d); and d itself, whose receive term
 * changed.
 *
 * Parallel comms get one penalty: the graph holds them as one edge
 * (edge_penalties), and every loop below runs over edges, a comm count
 * being the edge's multiplicity.
 *
 * Cost: an event only records s and d (O(1)); the evaluation expands them
 * into the sources above once (so a deferred burst of events on one host
 * pair costs one pass, not one per event), and computes each destination's
 * in-side maximum once per evaluation. An evaluation is thus linear in the
 * comms of the dirty sources and of the destinations they reach: the
 * comms whose penalty can change. */
#include <stdlib.h>

#include "contention/alloc.h"
#include "contention/technology.h"

enum { P_BETA, P_GAMMA_O, P_GAMMA_I, P_RECV };

static const cg_tech_param gige_params[] = {
  {"beta", "penalty per concurrent comm of a pure out-conflict (paper: 1.5/2 = 2.25/3)", 0.75, 0.01, 10.0, 0},
  {"gamma_o", "out-conflict correction (paper: derived from comm a of its Fig. 4)", 0.115, 0.0, 0.99, 0},
  {"gamma_i", "in-conflict correction (paper: derived from comm f of its Fig. 4)", 0.036, 0.0, 0.99, 0},
  {"recv", "out-side slowdown per comm a multi-out source receives (paper: none, 0; Fig. 2 fit: 0.74)", 0.0, 0.0,
   10.0, 0},
};

typedef struct gige_in {
  size_t best, count; /* largest out-degree among the senders, comms from such a sender */
} gige_in;

typedef struct gige_state {
  cg_hostset movers;  /* sources whose out-degree changed */
  cg_hostset dests;   /* destinations whose senders must be re-evaluated */
  cg_hostset sources; /* scratch: the sources to evaluate */
  cg_hostset known;   /* destinations whose in-side maximum is computed */
  gige_in *in;        /* per destination, valid when in `known` */
  size_t cap;
} gige_state;

static void gige_destroy(void *p)
{
  gige_state *st = p;
  cg_hostset_free(&st->movers);
  cg_hostset_free(&st->dests);
  cg_hostset_free(&st->sources);
  cg_hostset_free(&st->known);
  free(st->in);
  free(st);
}

static gige_state *state_of(cg_graph *g)
{
  gige_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->movers);
    cg_hostset_init(&st->dests);
    cg_hostset_init(&st->sources);
    cg_hostset_init(&st->known);
    cg_graph_set_tech_state(g, st);
  }
  return st;
}

static void gige_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  (void)delta;
  gige_state *st = state_of(g);
  cg_hostset_add(dirty, s);
  cg_hostset_add(dirty, d);
  cg_hostset_add(&st->dests, d);
  cg_hostset_add(&st->movers, s);
}

/* One side of the rule: deg comms share the node; mine is this comm's
 * opposite-end degree, best the maximum over the node's comms and count how
 * many reach it. */
static double side_penalty(size_t deg, size_t mine, size_t best, size_t count, double beta,
                           double gamma)
{
  if (deg <= 1)
    return 1.0;
  double base = (double)deg * beta;
  if (count == deg)
    return base;
  if (mine == best)
    return base * (1.0 + gamma / (double)(deg - count));
  return base * (1.0 - gamma / (double)count);
}

/* In side of destination d: the largest out-degree among its senders and
 * how many of its comms come from such a sender; once per evaluation. */
static void in_side(const cg_graph *g, gige_state *st, cg_host d, size_t *best, size_t *count)
{
  if (cg_hostset_add(&st->known, d)) {
    size_t ne, b = 0, c = 0;
    cg_graph_in_edges(g, d, &ne);
    const cg_host *src = cg_graph_in_edge_peers(g, d);
    const uint32_t *mult = cg_graph_in_edge_mults(g, d);
    for (size_t j = 0; j < ne; j++) {
      size_t dj = cg_graph_out_degree(g, src[j]);
      if (dj > b) {
        b = dj;
        c = 0;
      }
      if (dj == b)
        c += mult[j];
    }
    st->in[d] = (gige_in){b, c};
  }
  *best = st->in[d].best;
  *count = st->in[d].count;
}

static void add_sources_into(const cg_graph *g, cg_host d, cg_hostset *sources)
{
  size_t n;
  cg_graph_in_edges(g, d, &n);
  const cg_host *src = cg_graph_in_edge_peers(g, d);
  for (size_t i = 0; i < n; i++)
    cg_hostset_add(sources, src[i]);
}

/* The dirty sources, and every source into a recorded destination or into
 * a destination of a source whose out-degree changed. */
static void expand(const cg_graph *g, gige_state *st, const cg_hostset *dirty)
{
  for (size_t k = 0; k < st->movers.count; k++) {
    size_t n;
    cg_graph_out_edges(g, st->movers.items[k], &n);
    const cg_host *dst = cg_graph_out_edge_peers(g, st->movers.items[k]);
    for (size_t i = 0; i < n; i++)
      cg_hostset_add(&st->dests, dst[i]);
  }
  cg_hostset_clear(&st->sources);
  for (size_t k = 0; k < dirty->count; k++)
    cg_hostset_add(&st->sources, dirty->items[k]);
  for (size_t k = 0; k < st->dests.count; k++)
    add_sources_into(g, st->dests.items[k], &st->sources);
  cg_hostset_clear(&st->movers);
  cg_hostset_clear(&st->dests);
}

static void gige_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  gige_state *st = state_of(g);
  const double *p = cg_graph_tech_params(g);
  cg_grow((void **)&st->in, &st->cap, cg_graph_host_count(g), sizeof *st->in);
  expand(g, st, dirty);
  cg_hostset_clear(&st->known);
  for (size_t k = 0; k < st->sources.count; k++) {
    cg_host s = st->sources.items[k];
    size_t Do = cg_graph_out_degree(g, s), ne;
    const cg_edge *out = cg_graph_out_edges(g, s, &ne);
    const cg_host *dst = cg_graph_out_edge_peers(g, s);
    const uint32_t *mult = cg_graph_out_edge_mults(g, s);
    size_t best_o = 0, count_o = 0;
    for (size_t i = 0; i < ne; i++) {
      size_t di = cg_graph_in_degree(g, dst[i]);
      if (di > best_o) {
        best_o = di;
        count_o = 0;
      }
      if (di == best_o)
        count_o += mult[i];
    }
    for (size_t i = 0; i < ne; i++) {
      cg_host d = dst[i];
      size_t Di = cg_graph_in_degree(g, d), best_i, count_i;
      in_side(g, st, d, &best_i, &count_i);
      double po = side_penalty(Do, Di, best_o, count_o, p[P_BETA], p[P_GAMMA_O]);
      if (Do >= 2)
        po *= 1.0 + p[P_RECV] * (double)cg_graph_in_degree(g, s);
      double pi = side_penalty(Di, Do, best_i, count_i, p[P_BETA], p[P_GAMMA_I]);
      double pen = po > pi ? po : pi;
      cg_graph_set_edge_penalty(g, out[i], pen > 1.0 ? pen : 1.0);
    }
  }
}

const cg_tech cg_tech_gige = {
  .name = "gige",
  .description = "Gigabit Ethernet (TCP, 802.3x pause): out/in-conflict penalties with beta, gamma_o, gamma_i (Vienne et al. 2008)",
  .params = gige_params,
  .param_count = sizeof gige_params / sizeof gige_params[0],
  .edge_changed = gige_edge_changed,
  .evaluate = gige_evaluate,
  .destroy_state = gige_destroy,
  .edge_penalties = 1, /* a comm's penalty depends on its (s, d) only */
};
