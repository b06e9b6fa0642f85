/* InfiniBand penalty rules (seed 000, sec. 4.2, eq. 4). The printed rules
 * are garbled; doc/model.md gives the reading and the arithmetic on the
 * paper's figures. In short:
 *
 * For a source s of out-degree D >= 2, every comm of s gets
 *   P(s) = D + (S(s) if some edge e' = (s, d') fails rule (a), else 0)
 *   S(s) = sum over edges (s, d') of sum over edges (s'', d'), s'' != s,
 *          of 1 / d+(s'')                                        (rule (c))
 *   rule (a) holds for (s, d') when no other source sends to d', or when
 *   d-(d') <= D and every other source into d' also has out-degree D.
 * For a source of out-degree 1 with edge (s, d): penalty 1 when it is alone
 * on d (rule (a)); otherwise rule (b) read as a max-min share of d's card.
 * M(d) = the comms into d whose source has out-degree > 1 (penalties P
 * above), n = the comms into d whose source has out-degree 1; those n comms
 * share equally what M(d) leaves, a comm of M(d) counting for
 * min(1/P, x):  sum over M(d) of min(1/P, x) + n x = 1,  penalty 1/x.
 * One comm in M(d) and n = 1 gives the paper's 1 + 1/(P - 1); M(d) empty
 * gives the fair share d-(d). The literal formula applied to each of
 * several single-out comms lets d receive more than one card's worth.
 * Every edge counts, parallel edges of a multi-out source included; since
 * x >= 1/d-(d), a single-out comm never gets less than the fair share.
 *
 * The level x bounds the comms of M(d) too: a comm of M(d) whose 1/P is
 * above x gets penalty 1/x on that edge (its other edges keep P(s)), so d
 * never receives more than its card. Rule (c) alone does not bound d:
 * k sources of out-degree D, one comm each into d, would give d
 * k D / (D^2 + k - 1) cards. With n = 0 the level exists only when the
 * shares 1/P sum above 1; otherwise every comm keeps P(s).
 *
 * Parallel comms get one penalty (P(s), or the level on their one
 * destination): the graph holds them as one edge (edge_penalties) and the
 * loops below run over edges, weighting an edge by its multiplicity.
 *
 * Incremental state: per destination, integer aggregates over its in-edges
 * of 1/d+(src) (fixed point), d+(src), d+(src)^2 and the count of sources
 * of out-degree 1. Integer sums make the multi-out penalties independent of
 * the order in which comms arrived; the level sorts the 1/P values before
 * summing them. So incremental and from-scratch results are bit-identical.
 * The 2^-36 resolution of 1/d is far below any printed digit (error <=
 * 1.5e-11 per term).
 *
 * A change of d+(s) moves every comm of s to the new degree. Doing that at
 * each event cost O(d+(s)) per event, O(n^2) for n comms starting from one
 * host in one instant; so an event only records s as stale with the
 * degree its comms are counted at, and evaluate() moves them once. */
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
} ib_dest;

/* A multi-out edge into a card: its comms' share 1/P and how many comms. */
typedef struct ib_share {
  double share, mult;
} ib_share;

typedef struct ib_state {
  ib_dest *dest;
  size_t cap;
  size_t *counted;    /* for a stale source: the d+ its comms are counted at */
  size_t counted_cap;
  cg_hostset stale;   /* sources whose d+ changed since the last evaluation */
  cg_hostset dests;   /* destinations whose senders must be re-evaluated */
  cg_hostset sources; /* scratch: the dirty sources plus those senders */
  cg_hostset levels;  /* scratch: destinations whose in-edges get new penalties */
  double *source_penalty; /* P(s) of a source of out-degree >= 2 */
  size_t source_cap;
  double *level;      /* per destination: its last level 1/x, 0 when it had none */
  size_t level_cap;
  ib_share *shares;   /* scratch: the multi-out edges into one destination */
  size_t shares_cap;
} ib_state;

static int64_t fp_inverse(size_t d) { return (FP_ONE + (int64_t)d / 2) / (int64_t)d; }

static void ib_destroy(void *p)
{
  ib_state *st = p;
  free(st->dest);
  free(st->counted);
  cg_hostset_free(&st->stale);
  cg_hostset_free(&st->dests);
  cg_hostset_free(&st->sources);
  cg_hostset_free(&st->levels);
  free(st->source_penalty);
  free(st->level);
  free(st->shares);
  free(st);
}

static ib_state *state_of(cg_graph *g)
{
  ib_state *st = cg_graph_tech_state(g);
  if (!st) {
    st = cg_xcalloc(1, sizeof *st);
    cg_hostset_init(&st->stale);
    cg_hostset_init(&st->dests);
    cg_hostset_init(&st->sources);
    cg_hostset_init(&st->levels);
    cg_graph_set_tech_state(g, st);
  }
  cg_grow((void **)&st->dest, &st->cap, cg_graph_host_count(g), sizeof *st->dest);
  cg_grow((void **)&st->counted, &st->counted_cap, cg_graph_host_count(g), sizeof *st->counted);
  cg_grow((void **)&st->source_penalty, &st->source_cap, cg_graph_host_count(g),
          sizeof *st->source_penalty);
  cg_grow((void **)&st->level, &st->level_cap, cg_graph_host_count(g), sizeof *st->level);
  return st;
}

/* Adds (sign = +1) or removes (-1) the contribution of m parallel
 * in-edges whose source has out-degree d. */
static void contribute(ib_dest *x, size_t d, int64_t sign)
{
  x->inv_sum += sign * fp_inverse(d);
  x->deg_sum += sign * (int64_t)d;
  x->deg_sq += sign * (int64_t)d * (int64_t)d;
  x->singles += sign * (d == 1);
}

static void ib_edge_changed(cg_graph *g, cg_host s, cg_host d, int delta, cg_hostset *dirty)
{
  ib_state *st = state_of(g);
  /* The comms of s are counted at their degree before the first event of
   * s since the last evaluation; the changed comm joins (or leaves) them
   * at that degree. Degree 0: nothing of s is counted yet. */
  if (cg_hostset_add(&st->stale, s))
    st->counted[s] = (size_t)((long)cg_graph_out_degree(g, s) - delta);
  if (st->counted[s] > 0)
    contribute(&st->dest[d], st->counted[s], delta > 0 ? +1 : -1);
  /* Every source into a destination of s, or into d, may see a change:
   * remember the destinations (those of s in settle_stale()); evaluate()
   * expands them into their senders once. */
  cg_hostset_add(dirty, s);
  cg_hostset_add(&st->dests, d);
}

/* Moves the comms of every stale source from the degree they are counted
 * at to the current one, and records the destinations of those sources.
 * The sums are integers, so moving an edge's m comms at once gives the
 * same values as moving them one by one, at each event. */
static void settle_stale(cg_graph *g, ib_state *st)
{
  for (size_t k = 0; k < st->stale.count; k++) {
    cg_host s = st->stale.items[k];
    size_t was = st->counted[s], now = cg_graph_out_degree(g, s), n;
    cg_graph_out_edges(g, s, &n);
    const cg_host *dst = cg_graph_out_edge_peers(g, s);
    const uint32_t *mult = cg_graph_out_edge_mults(g, s);
    for (size_t i = 0; i < n; i++) {
      ib_dest *x = &st->dest[dst[i]];
      int64_t m = (int64_t)mult[i];
      if (was != now) {
        if (was > 0)
          contribute(x, was, -m);
        contribute(x, now, m);
      }
      cg_hostset_add(&st->dests, dst[i]);
    }
  }
  cg_hostset_clear(&st->stale);
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
  size_t D = cg_graph_out_degree(g, s), ne;
  cg_graph_out_edges(g, s, &ne);
  const cg_host *dst = cg_graph_out_edge_peers(g, s);
  const uint32_t *mult = cg_graph_out_edge_mults(g, s);
  int64_t own = fp_inverse(D), sum = 0;
  int any_c = 0;
  for (size_t i = 0; i < ne; i++) { /* each of the edge's m comms adds the same term */
    cg_host dd = dst[i];
    size_t m = mult[i];
    const ib_dest *x = &st->dest[dd];
    sum += (int64_t)m * (x->inv_sum - (int64_t)m * own);
    if (!any_c && !rule_a(x, cg_graph_in_degree(g, dd), m, D))
      any_c = 1;
  }
  return (double)D + (any_c ? (double)sum / (double)FP_ONE : 0.0);
}

/* The order of the shares: by share, then by count, so that edges that
 * compare equal are interchangeable in the water-filling below. */
static int share_before(ib_share a, ib_share b)
{
  return a.share < b.share || (a.share == b.share && a.mult < b.mult);
}

/* Moves v[i] down the max-heap v[0..n). */
static void sift_down(ib_share *v, size_t i, size_t n)
{
  ib_share x = v[i];
  for (size_t c; (c = 2 * i + 1) < n; i = c) {
    if (c + 1 < n && share_before(v[c], v[c + 1]))
      c++;
    if (!share_before(x, v[c]))
      break;
    v[i] = v[c];
  }
  v[i] = x;
}

/* Ascending. Insertion sort for the few edges of a typical destination,
 * heapsort (no comparison callback, O(m log m)) for hot receivers. */
static void sort_shares(ib_share *v, size_t m)
{
  if (m > 16) {
    for (size_t i = m / 2; i-- > 0;)
      sift_down(v, i, m);
    for (size_t end = m - 1; end > 0; end--) {
      ib_share top = v[0];
      v[0] = v[end];
      v[end] = top;
      sift_down(v, 0, end);
    }
    return;
  }
  for (size_t i = 1; i < m; i++) {
    ib_share x = v[i];
    size_t j = i;
    for (; j > 0 && share_before(x, v[j - 1]); j--)
      v[j] = v[j - 1];
    v[j] = x;
  }
}

/* Whether the comms into d surely fit in its card without a level: no
 * out-degree-1 sender, and the shares 1/P, each at most 1/d+(src) (P >= D),
 * sum to at most 1 even with each fixed-point term's rounding (half a unit)
 * against them. An integer test: the same in any order of events. */
static int fits_without_level(const cg_graph *g, const ib_state *st, cg_host d)
{
  const ib_dest *x = &st->dest[d];
  return x->singles == 0 && 2 * x->inv_sum + (int64_t)cg_graph_in_degree(g, d) <= 2 * FP_ONE;
}

/* The level on destination d: the x with which every comm into d whose
 * source has out-degree 1 gets x and every other one min(1/P, x), filling
 * the card; returns 1/x, or 0 when the comms of M(d) fit without one (no
 * out-degree-1 sender and the shares 1/P sum to at most 1). The shares are
 * sorted so that the sum does not depend on the order of d's in-edges. */
static double card_level(const cg_graph *g, ib_state *st, cg_host d)
{
  size_t ne, m = 0;
  const cg_edge *in = cg_graph_in_edges(g, d, &ne);
  size_t n = (size_t)st->dest[d].singles;
  if (ne > st->shares_cap)
    cg_grow((void **)&st->shares, &st->shares_cap, ne, sizeof *st->shares);
  double sum = 0, comms = (double)n;
  for (size_t i = 0; i < ne; i++) { /* per edge: parallel comms share one P */
    cg_host s = cg_graph_edge_src(g, in[i]);
    if (cg_graph_out_degree(g, s) > 1) {
      double mult = (double)cg_graph_edge_mult(g, in[i]);
      st->shares[m++] = (ib_share){1.0 / st->source_penalty[s], mult};
      sum += mult * st->shares[m - 1].share;
      comms += mult;
    }
  }
  /* Clearly below one card in any summing order: no level (the sorted sum
   * below would find the same, this only skips the sort). */
  if (n == 0 && sum < 1.0 - 1e-9)
    return 0.0;
  sort_shares(st->shares, m);
  /* Water-filling: `left` of the card is shared by `k` comms; an edge
   * whose share is below the level left/k is taken whole (its comms all
   * are, as they have one share), the rest are capped at it. */
  double left = 1.0, k = comms;
  for (size_t i = 0; i < m && st->shares[i].share * k < left; i++) {
    left -= st->shares[i].mult * st->shares[i].share;
    k -= st->shares[i].mult;
  }
  return k > 0 ? k / left : 0.0;
}

/* Sets the penalty of every comm into d: P(s) for a multi-out source, held
 * at the card's level; the level for an out-degree-1 source. */
static void set_level(cg_graph *g, ib_state *st, cg_host d)
{
  size_t in_deg = cg_graph_in_degree(g, d), ne;
  const cg_edge *in = cg_graph_in_edges(g, d, &ne);
  double rho;
  if (in_deg == 1 || fits_without_level(g, st, d))
    rho = 0.0; /* rule (a) for a single; a multi-out comm alone keeps P */
  else if (st->dest[d].singles == (int64_t)in_deg)
    rho = (double)in_deg; /* incast of singles: the fair share */
  else
    rho = card_level(g, st, d);
  st->level[d] = rho;
  for (size_t i = 0; i < ne; i++) {
    cg_host s = cg_graph_edge_src(g, in[i]);
    double p;
    if (cg_graph_out_degree(g, s) > 1)
      p = rho > st->source_penalty[s] ? rho : st->source_penalty[s];
    else
      p = rho > 0 ? rho : 1.0;
    cg_graph_set_edge_penalty(g, in[i], p);
  }
}

/* Whether a comm of penalty P, now and before, into a card of level rho is
 * capped at it: its share 1/P above the level x = 1/rho by a margin far
 * above rounding, so the water-filling stops at or before it (it sorts
 * after every share taken whole, each below x) and reads only its count.
 * Then a change of P moves neither the level nor the comm's penalty rho. */
static int capped_at(double rho, double was, double now)
{
  const double margin = 1.0 - 1e-12;
  return rho > 0 && was <= rho * margin && now <= rho * margin;
}

/* Computes P(s) of a multi-out source s; when it changed, or s itself had
 * an event, its comms get it: directly into a card that needs no level
 * (now and at its last level), not at all into a card whose level capped
 * them before and after the change, else through the card's new level. An
 * out-degree-1 source only marks its destination. */
static void evaluate_source(cg_graph *g, ib_state *st, cg_host s, int had_event)
{
  size_t D = cg_graph_out_degree(g, s), n;
  if (D == 0)
    return;
  const cg_edge *out = cg_graph_out_edges(g, s, &n);
  const cg_host *dst = cg_graph_out_edge_peers(g, s);
  if (D == 1) {
    cg_hostset_add(&st->levels, dst[0]);
    return;
  }
  double was = st->source_penalty[s], p = multi_source_penalty(g, st, s);
  if (p == was && !had_event)
    return;
  st->source_penalty[s] = p;
  for (size_t j = 0; j < n; j++) {
    cg_host d = dst[j];
    /* (a destination in `dests` gets a level anyway: its in-edges changed) */
    if (cg_hostset_has(&st->dests, d))
      cg_hostset_add(&st->levels, d);
    else if (st->level[d] == 0 && fits_without_level(g, st, d))
      cg_graph_set_edge_penalty(g, out[j], p);
    else if (had_event || !capped_at(st->level[d], was, p))
      cg_hostset_add(&st->levels, d);
  }
}

static void ib_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  ib_state *st = state_of(g);
  settle_stale(g, st);
  cg_hostset_clear(&st->sources);
  cg_hostset_clear(&st->levels);
  /* The dirty sources, then every other sender into a destination that
   * edge_changed() recorded, each once. Without such destinations (a full
   * recomputation) the dirty set needs no copy. */
  int expand = st->dests.count > 0;
  for (size_t i = 0; i < dirty->count; i++) {
    if (expand)
      cg_hostset_add(&st->sources, dirty->items[i]);
    evaluate_source(g, st, dirty->items[i], 1);
  }
  for (size_t i = 0; i < st->dests.count; i++) {
    cg_host d = st->dests.items[i];
    cg_hostset_add(&st->levels, d); /* its in-edges changed */
    size_t m;
    cg_graph_in_edges(g, d, &m);
    const cg_host *src = cg_graph_in_edge_peers(g, d);
    for (size_t k = 0; k < m; k++) {
      cg_host o = src[k];
      if (cg_hostset_add(&st->sources, o))
        evaluate_source(g, st, o, 0);
    }
  }
  cg_hostset_clear(&st->dests);
  /* Every P(s) is current: the levels read them. */
  for (size_t i = 0; i < st->levels.count; i++)
    set_level(g, st, st->levels.items[i]);
}

const cg_tech cg_tech_infiniband = {
  .name = "infiniband",
  .description = "InfiniBand credit-based flow control: out-degree share plus receive-side back-pressure (Martinasso & Mehaut 2011)",
  .params = NULL,
  .param_count = 0,
  .edge_changed = ib_edge_changed,
  .evaluate = ib_evaluate,
  .destroy_state = ib_destroy,
  .edge_penalties = 1, /* P(s) per source, held at each destination's level */
};
