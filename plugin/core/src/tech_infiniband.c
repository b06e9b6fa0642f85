/* InfiniBand penalty rules (seed 000, sec. 4.2, eq. 4), read as in
 * doc/design.md sec. 4.2:
 *
 * For a source s of out-degree D >= 2, every comm of s gets
 *   P(s) = D + (S(s) if some edge e' = (s, d') fails rule (a), else 0)
 *   S(s) = sum over edges (s, d') of sum over edges (s'', d'), s'' != s,
 *          of 1 / d+(s'')                                        (rule (c))
 *   rule (a) holds for (s, d') when no other source sends to d', or when
 *   d-(d') <= D and every other source into d' also has out-degree D.
 * For a source of out-degree 1 with edge (s, d): penalty 1 under rule (a);
 * otherwise, if some other source into d has out-degree > 1,
 *   1 + 1 / (max P(s'') - 1)                                       (rule (b))
 * over those sources, else the fair share 1 + S(s) (= d-(d) for an incast).
 *
 * Incremental state: per destination, integer aggregates over its in-edges
 * of 1/d+(src) (fixed point), d+(src), d+(src)^2 and the count of sources
 * of out-degree 1. Integer sums make every penalty independent of the order
 * in which comms arrived, so incremental and from-scratch results are
 * bit-identical. The 2^-36 resolution of 1/d is far below any printed digit
 * (error <= 1.5e-11 per term). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "contention/alloc.h"
#include "contention/technology.h"

#define FP_SHIFT 36
#define FP_ONE ((int64_t)1 << FP_SHIFT)

typedef struct ib_dest {
  int64_t inv_sum;   /* sum of fp(1 / d+(src)) over in-edges */
  int64_t deg_sum;   /* sum of d+(src) */
  int64_t deg_sq;    /* sum of d+(src)^2 */
  int64_t singles;   /* in-edges whose source has out-degree 1 */
  uint32_t mult;     /* scratch: edges from the source being evaluated */
} ib_dest;

typedef struct ib_state {
  ib_dest *dest;
  size_t cap;
  cg_hostset visited; /* scratch: destinations already scanned */
  cg_hostset singles; /* scratch: out-degree-1 sources to evaluate last */
  cg_hostset dests;   /* destinations whose senders must be re-evaluated */
  cg_hostset sources; /* scratch: the dirty sources plus those senders */
} ib_state;

static int64_t fp_inverse(size_t d) { return (FP_ONE + (int64_t)d / 2) / (int64_t)d; }

static void ib_destroy(void *p)
{
  ib_state *st = p;
  free(st->dest);
  cg_hostset_free(&st->visited);
  cg_hostset_free(&st->singles);
  cg_hostset_free(&st->dests);
  cg_hostset_free(&st->sources);
  free(st);
}

static ib_state *state_of(cg_graph *g)
{
  ib_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->visited);
    cg_hostset_init(&st->singles);
    cg_hostset_init(&st->dests);
    cg_hostset_init(&st->sources);
    cg_graph_set_tech_state(g, st);
  }
  cg_grow((void **)&st->dest, &st->cap, cg_graph_host_count(g), sizeof *st->dest);
  return st;
}

/* Adds (sign = +1) or removes (-1) the contribution of one in-edge whose
 * source has out-degree d. */
static void contribute(ib_dest *x, size_t d, int sign)
{
  x->inv_sum += sign * fp_inverse(d);
  x->deg_sum += sign * (int64_t)d;
  x->deg_sq += sign * (int64_t)d * (int64_t)d;
  x->singles += sign * (d == 1);
}

static void add_sources_into(const cg_graph *g, cg_host d, cg_hostset *dirty)
{
  size_t n;
  const cg_comm *in = cg_graph_in_comms(g, d, &n);
  for (size_t i = 0; i < n; i++)
    cg_hostset_add(dirty, cg_graph_comm_src(g, in[i]));
}

static void ib_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  ib_state *st = state_of(g);
  size_t now = cg_graph_out_degree(g, s);
  size_t before = (size_t)((long)now - delta);
  size_t n;
  const cg_comm *out = cg_graph_out_comms(g, s, &n);

  /* Bring every edge of s (and the changed edge) from degree `before` to
   * `now`: first make the changed edge look as if it had been there. */
  if (before == 0) { /* first edge of s: nothing to move */
    contribute(&st->dest[d], now, +1);
    n = 0;
  } else {
    contribute(&st->dest[d], before, delta > 0 ? +1 : -1);
  }
  for (size_t i = 0; i < n; i++) {
    ib_dest *x = &st->dest[cg_graph_comm_dst(g, out[i])];
    contribute(x, before, -1);
    contribute(x, now, +1);
  }

  /* Every source into a destination of s, or into d, may see a change:
   * remember the destinations; evaluate() expands them into their senders
   * once (in deferred mode, once for all the events of a flush). */
  cg_hostset_add(dirty, s);
  cg_hostset_add(&st->dests, d);
  out = cg_graph_out_comms(g, s, &n);
  for (size_t i = 0; i < n; i++)
    cg_hostset_add(&st->dests, cg_graph_comm_dst(g, out[i]));
}

/* Rule (a) for an edge (s, d') with m = mult(s, d'), D = d+(s). */
static int rule_a(const ib_dest *x, size_t in_deg, size_t m, size_t D)
{
  if (m == in_deg)
    return 1; /* no other source sends to d' */
  int64_t k = (int64_t)in_deg, dd = (int64_t)D;
  return in_deg <= D && x->deg_sum == k * dd && x->deg_sq == k * dd * dd;
}

/* Penalty shared by all comms of a source of out-degree >= 2. */
static double multi_source_penalty(const cg_graph *g, ib_state *st, cg_host s)
{
  size_t D, i;
  const cg_comm *out = cg_graph_out_comms(g, s, &D);
  for (i = 0; i < D; i++)
    st->dest[cg_graph_comm_dst(g, out[i])].mult = 0;
  for (i = 0; i < D; i++)
    st->dest[cg_graph_comm_dst(g, out[i])].mult++;

  int64_t own = fp_inverse(D), sum = 0;
  int any_c = 0;
  for (i = 0; i < D; i++) {
    cg_host dd = cg_graph_comm_dst(g, out[i]);
    const ib_dest *x = &st->dest[dd];
    sum += x->inv_sum - (int64_t)x->mult * own;
    if (!any_c && !rule_a(x, cg_graph_in_degree(g, dd), x->mult, D))
      any_c = 1;
  }
  return (double)D + (any_c ? (double)sum / (double)FP_ONE : 0.0);
}

static double single_source_penalty(const cg_graph *g, ib_state *st, cg_host s)
{
  size_t n, in_deg;
  const cg_comm *out = cg_graph_out_comms(g, s, &n);
  cg_host d = cg_graph_comm_dst(g, out[0]);
  const cg_comm *in = cg_graph_in_comms(g, d, &in_deg);
  const ib_dest *x = &st->dest[d];
  if (in_deg == 1)
    return 1.0; /* rule (a): alone on its destination */
  if (x->singles == (int64_t)in_deg) /* rule (c): pure incast of singles */
    return 1.0 + (double)(x->inv_sum - FP_ONE) / (double)FP_ONE;
  double worst = 1.0; /* rule (b) */
  for (size_t i = 0; i < in_deg; i++) {
    cg_host o = cg_graph_comm_src(g, in[i]);
    if (cg_graph_out_degree(g, o) > 1) {
      double p = cg_graph_penalty(g, in[i]);
      if (p > worst)
        worst = p;
    }
  }
  return 1.0 + 1.0 / (worst - 1.0);
}

static void set_all_out(cg_graph *g, cg_host s, double p, int *changed)
{
  size_t n;
  const cg_comm *out = cg_graph_out_comms(g, s, &n);
  for (size_t i = 0; i < n; i++) {
    double old = cg_graph_penalty(g, out[i]);
    if (!(old == p))
      *changed = 1;
    cg_graph_set_penalty(g, out[i], p);
  }
}

static void ib_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  ib_state *st = state_of(g);
  cg_hostset_clear(&st->singles);
  cg_hostset_clear(&st->sources);
  for (size_t i = 0; i < dirty->count; i++)
    cg_hostset_add(&st->sources, dirty->items[i]);
  for (size_t i = 0; i < st->dests.count; i++)
    add_sources_into(g, st->dests.items[i], &st->sources);
  cg_hostset_clear(&st->dests);
  cg_hostset_clear(&st->visited);
  /* Multi-out sources first: rule (b) reads their penalties. */
  for (size_t i = 0; i < st->sources.count; i++) {
    cg_host s = st->sources.items[i];
    size_t D = cg_graph_out_degree(g, s);
    if (D == 1)
      cg_hostset_add(&st->singles, s);
    if (D < 2)
      continue;
    int changed = 0;
    set_all_out(g, s, multi_source_penalty(g, st, s), &changed);
    if (!changed)
      continue;
    /* Out-degree-1 sources sharing a destination with s depend on P(s);
     * scan each destination that has such sources once. */
    size_t n;
    const cg_comm *out = cg_graph_out_comms(g, s, &n);
    for (size_t j = 0; j < n; j++) {
      cg_host d = cg_graph_comm_dst(g, out[j]);
      if (st->dest[d].singles == 0 || !cg_hostset_add(&st->visited, d))
        continue;
      size_t m;
      const cg_comm *in = cg_graph_in_comms(g, d, &m);
      for (size_t k = 0; k < m; k++) {
        cg_host o = cg_graph_comm_src(g, in[k]);
        if (cg_graph_out_degree(g, o) == 1)
          cg_hostset_add(&st->singles, o);
      }
    }
  }
  for (size_t i = 0; i < st->singles.count; i++) {
    cg_host s = st->singles.items[i];
    int changed = 0;
    set_all_out(g, s, single_source_penalty(g, st, s), &changed);
  }
}

const cg_tech cg_tech_infiniband = {
  .name = "infiniband",
  .description = "InfiniBand credit-based flow control: out-degree share plus receive-side back-pressure (Martinasso & Mehaut 2011)",
  .params = NULL,
  .param_count = 0,
  .edge_changed = ib_edge_changed,
  .evaluate = ib_evaluate,
  .destroy_state = ib_destroy,
};
