/* Exact counts of dense Myrinet components by idle sets of one side (see
 * myrinet_idle.h). */
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "myrinet_idle.h"
#include "myrinet_sets.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

/* Forward layers kept at once (doubles): bounds the scratch at 32 MB. */
enum { MAX_CELLS = 1 << 22 };

/* One side seen as P: its hosts' pairs by the other side Q. */
typedef struct side {
  size_t np, nq;
  const size_t *q_off;   /* slots of Q host j: q_off[j] .. q_off[j+1] */
  const size_t *q_pairs; /* slot -> pair (NULL: the slot is the pair) */
  const uint32_t *p_of;  /* pair -> its P host */
} side;

static size_t pair_of(const side *s, size_t t) { return s->q_pairs ? s->q_pairs[t] : t; }

static void neighbour_masks(myr_idle *w, const side *s, const myr_bigraph *g)
{
  (void)g;
  GROW(w, nbmask, s->nq + 1);
  for (size_t j = 0; j < s->nq; j++) {
    uint32_t m = 0;
    for (size_t t = s->q_off[j]; t < s->q_off[j + 1]; t++)
      m |= 1u << s->p_of[pair_of(s, t)];
    w->nbmask[j] = m;
  }
}

static int popcount(uint32_t x)
{
  int n = 0;
  for (; x; x &= x - 1)
    n++;
  return n;
}

/* Q hosts with no neighbour in x. */
static size_t idle_room(const myr_idle *w, const side *s, uint32_t x)
{
  size_t n = 0;
  for (size_t j = 0; j < s->nq; j++)
    n += (w->nbmask[j] & x) == 0;
  return n;
}

/* Depth-first search of the possible idle sets (no superset of a set
 * without room for the idle Q hosts has room), appending them to w->xs in
 * a fixed order. Returns the states used so far (each visited set counts
 * one, each possible set its DP states), or a value > max_states once over
 * budget. */
static size_t search(myr_idle *w, const side *s, uint32_t x, size_t first, size_t *nx, size_t states,
                     size_t max_states)
{
  size_t k = (size_t)popcount(x);
  states++; /* the visit itself: O(|Q|) */
  if (idle_room(w, s, x) + s->np < s->nq + k)
    return states;
  if (s->np - k <= s->nq) { /* else too many matched P hosts: a superset may do */
    GROW(w, xs, *nx + 1);
    w->xs[(*nx)++] = x;
    states += (size_t)1 << (s->np - k);
  }
  for (size_t p = first; p < s->np && states <= max_states; p++)
    states = search(w, s, x | 1u << p, p + 1, nx, states, max_states);
  return states;
}

/* Possible idle sets of side s into w->xs; returns the states, or a value
 * > max_states. */
static size_t idle_sets(myr_idle *w, const side *s, const myr_bigraph *g, size_t *nx, size_t max_states)
{
  *nx = 0;
  if (s->np > MYR_IDLE_MAX_SIDE)
    return max_states + 1;
  neighbour_masks(w, s, g);
  return search(w, s, 0, 0, nx, 0, max_states);
}

/* States of k bits listed by popcount: w->bypc[w->pcoff[c] .. w->pcoff[c+1])
 * hold the states with c bits, in increasing order. */
static void list_by_popcount(myr_idle *w, size_t k)
{
  size_t states = (size_t)1 << k;
  GROW(w, bypc, states);
  GROW(w, pcoff, k + 2);
  memset(w->pcoff, 0, (k + 2) * sizeof *w->pcoff);
  for (size_t t = 0; t < states; t++)
    w->pcoff[popcount((uint32_t)t) + 1]++;
  for (size_t c = 0; c <= k; c++)
    w->pcoff[c + 1] += w->pcoff[c];
  for (size_t t = 0; t < states; t++)
    w->bypc[w->pcoff[popcount((uint32_t)t)]++] = (uint32_t)t;
  for (size_t c = k + 1; c > 0; c--)
    w->pcoff[c] = w->pcoff[c - 1];
  w->pcoff[0] = 0;
}

/* Adds the counts of idle set x: N_x to *n, per-comm counts to w->cnt.
 * After j Q hosts, a state reachable and completable has between lo[j]
 * and hi[j] bits: the non-idle Q hosts so far are matched, the rest can
 * still match every P host, and leaves room for the non-idle Q hosts to
 * come. Only those states are visited (on a square all-to-all, 2^k states
 * in all instead of 2^k per Q host); others read as 0. */
static void count_one(myr_idle *w, const side *s, const myr_bigraph *g, uint32_t x, double *n)
{
  /* local bits of the P hosts outside x */
  uint32_t loc[MYR_IDLE_MAX_SIDE];
  size_t k = 0;
  for (size_t p = 0; p < s->np; p++)
    loc[p] = (x >> p & 1) ? 0 : 1u << k++;
  size_t states = (size_t)1 << k, full = states - 1, m = s->nq;
  GROW(w, adj_off, m + 1);
  GROW(w, q_idle, m + 1);
  GROW(w, lo, m + 1);
  GROW(w, hi, m + 1);
  GROW(w, adj_bit, g->ne + 1);
  GROW(w, adj_w, g->ne + 1);
  GROW(w, adj_e, g->ne + 1);
  size_t na = 0;
  for (size_t j = 0; j < m; j++) {
    w->adj_off[j] = na;
    w->q_idle[j] = (w->nbmask[j] & x) == 0;
    for (size_t t = s->q_off[j]; t < s->q_off[j + 1]; t++) {
      size_t e = pair_of(s, t);
      if (x >> s->p_of[e] & 1)
        continue;
      w->adj_bit[na] = loc[s->p_of[e]];
      w->adj_w[na] = g->e_mult[e];
      w->adj_e[na++] = e;
    }
  }
  w->adj_off[m] = na;
  /* bands: idle so far, non-idle still to come */
  size_t rest = 0;
  for (size_t j = 0; j < m; j++)
    rest += !w->q_idle[j];
  long idle = 0;
  for (size_t j = 0; j <= m; j++) {
    long a = (long)j - idle, b = (long)k - (long)(m - j), lo = a > b ? a : b;
    long h = (long)k - (long)rest, hi = (long)j < h ? (long)j : h;
    w->lo[j] = lo < 0 ? 0 : lo;
    w->hi[j] = hi;
    if (j < m) {
      idle += w->q_idle[j];
      rest -= !w->q_idle[j];
    }
  }
  list_by_popcount(w, k);
  GROW(w, f, (m + 1) * states);
  GROW(w, b0, states);
  GROW(w, b1, states);
  double *f = w->f;
  const uint32_t *byc = w->bypc;
  const size_t *pco = w->pcoff;
  f[0] = 1;
#define IN_BAND(j, c) ((long)(c) >= w->lo[j] && (long)(c) <= w->hi[j])
  for (size_t j = 0; j < m; j++) {
    const double *in = f + j * states;
    double *out = f + (j + 1) * states;
    for (long c = w->lo[j + 1]; c <= w->hi[j + 1]; c++) {
      int keep = w->q_idle[j] && IN_BAND(j, c), take = c > 0 && IN_BAND(j, c - 1);
      for (size_t i = pco[c]; i < pco[c + 1]; i++) {
        uint32_t t = byc[i];
        double v = keep ? in[t] : 0;
        if (take)
          for (size_t a = w->adj_off[j]; a < w->adj_off[j + 1]; a++)
            if (t & w->adj_bit[a])
              v += w->adj_w[a] * in[t ^ w->adj_bit[a]];
        out[t] = v;
      }
    }
  }
  if (!IN_BAND(m, k))
    return; /* no maximal matching leaves exactly x idle */
  *n += f[m * states + full];
  /* backward: bin[u] = ways for Q hosts j+1.. to reach the full state */
  double *bin = w->b0, *bout = w->b1;
  bin[full] = 1;
  for (size_t j = m; j-- > 0;) {
    const double *fin = f + j * states;
    /* pairs of Q host j: states t of layer j with t + bit in layer j+1 */
    for (size_t a = w->adj_off[j]; a < w->adj_off[j + 1]; a++) {
      uint32_t bit = w->adj_bit[a];
      double cs = 0;
      for (long c = w->lo[j]; c <= w->hi[j]; c++) {
        if (!IN_BAND(j + 1, c + 1))
          continue;
        for (size_t i = pco[c]; i < pco[c + 1]; i++)
          if (!(byc[i] & bit))
            cs += fin[byc[i]] * bin[byc[i] | bit];
      }
      w->cnt[w->adj_e[a]] += cs;
    }
    for (long c = w->lo[j]; c <= w->hi[j]; c++) {
      int keep = w->q_idle[j] && IN_BAND(j + 1, c), take = IN_BAND(j + 1, c + 1);
      for (size_t i = pco[c]; i < pco[c + 1]; i++) {
        uint32_t u = byc[i];
        double v = keep ? bin[u] : 0;
        if (take)
          for (size_t a = w->adj_off[j]; a < w->adj_off[j + 1]; a++)
            if (!(u & w->adj_bit[a]))
              v += w->adj_w[a] * bin[u | w->adj_bit[a]];
        bout[u] = v;
      }
    }
    double *tmp = bin;
    bin = bout;
    bout = tmp;
  }
#undef IN_BAND
}

int myr_idle_solve(myr_idle *w, const myr_bigraph *g, size_t max_states, double *ratio)
{
  side by_src = {.np = g->ns, .nq = g->nd, .q_off = g->d_off, .q_pairs = g->d_pairs, .p_of = g->e_src};
  side by_dst = {.np = g->nd, .nq = g->ns, .q_off = g->s_off, .q_pairs = NULL, .p_of = g->e_dst};
  size_t nx_s, nx_d;
  size_t cost_s = idle_sets(w, &by_src, g, &nx_s, max_states);
  const side *s = &by_src;
  size_t nx = nx_s, cost = cost_s;
  if (cost_s > 1) { /* the other side may be cheaper; its sets replace these */
    size_t cost_d = idle_sets(w, &by_dst, g, &nx_d, cost_s <= max_states ? cost_s - 1 : max_states);
    if (cost_d < cost_s && cost_d <= max_states) {
      s = &by_dst;
      nx = nx_d;
      cost = cost_d;
    } else {
      idle_sets(w, &by_src, g, &nx_s, max_states); /* back to the source side's sets */
    }
  }
  if (cost > max_states || (s->nq + 1) * ((size_t)1 << s->np) > MAX_CELLS)
    return 0;
  GROW(w, cnt, g->ne + 1);
  memset(w->cnt, 0, g->ne * sizeof *w->cnt);
  double n = 0;
  for (size_t i = 0; i < nx; i++)
    count_one(w, s, g, w->xs[i], &n);
  for (size_t e = 0; e < g->ne; e++)
    ratio[e] = n / w->cnt[e];
  return 1;
}

void myr_idle_free(myr_idle *w)
{
  free(w->xs);
  free(w->nbmask);
  free(w->adj_bit);
  free(w->adj_w);
  free(w->adj_e);
  free(w->adj_off);
  free(w->q_idle);
  free(w->lo);
  free(w->hi);
  free(w->bypc);
  free(w->pcoff);
  free(w->f);
  free(w->b0);
  free(w->b1);
  free(w->cnt);
  *w = (myr_idle){0};
}
