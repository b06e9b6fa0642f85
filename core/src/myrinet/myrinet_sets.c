/* Canonical bipartite graph of a Myrinet component and the choice of the
 * method that counts its state sets (see myrinet_sets.h). */
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "myrinet_approx.h"
#include "myrinet_closed.h"
#include "myrinet_sets.h"

#define GROW(w, field, n) cg_grow((void **)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

void myr_comp_clear(myr_comp *c) { c->n = 0; }

void myr_comp_add(myr_comp *c, cg_comm comm, cg_host src, cg_host dst)
{
  cg_grow((void **)&c->items, &c->cap, c->n + 1, sizeof *c->items);
  c->items[c->n++] = (myr_item){.comm = comm, .src = src, .dst = dst, .penalty = 1};
}

void myr_comp_add_edge(myr_comp *c, uint32_t edge, cg_host src, cg_host dst, uint32_t mult)
{
  cg_grow((void **)&c->items, &c->cap, c->n + 1, sizeof *c->items);
  c->items[c->n++] = (myr_item){.comm = edge, .src = src, .dst = dst, .extra = mult - 1, .penalty = 1};
}

myr_options myr_default_options(size_t exact_width)
{
  /* Regions: half the exact frontier (there is a region per source: 3^(w/2)
   * states per step keeps a region at a few microseconds) and at most 1.5 w
   * sources (more barely changes the error; frontier w - 2 would cut the
   * error further at 7 times the cost: bench_technologies). BP on a limit
   * cycle keeps the mean of one period, found when its messages return
   * (on the isort trace 39 sweeps on average instead of 60, and 2.4 times
   * closer to the long-run mean than the mean of sweeps 11..60), else
   * stops at sweep 60 with that mean (doc/technologies.md). */
  return (myr_options){.exact_width = exact_width,
                       .region_width = exact_width / 2,
                       .region_sources = exact_width + exact_width / 2 + 1,
                       .bp_max_pairs = 16384,
                       .bp_chaos_probe = 60,
                       .bp_max_sweeps = 100,
                       .bp_cycle = 1,
                       .closed_forms = 1,
                       .local_near = 1,
                       .dense_exact = 1,
                       .memo = 1,
                       .threads = 1};
}

void myr_options_short_bp(myr_options *opt, size_t sweeps)
{
  opt->bp_max_sweeps = sweeps;
  opt->bp_chaos_probe = 0; /* no probe, so no watch for the cycle either */
  opt->region_width = 0;
  opt->region_sources = 1;
}

void myr_options_large(myr_options *opt)
{
  if (opt->exact_width > 2)
    opt->exact_width = 2;
  if (opt->bp_chaos_probe != 0) /* 0: cut short already (myr_options_short_bp) */
    myr_options_short_bp(opt, MYR_LARGE_BP_SWEEPS);
}

void myr_comp_free(myr_comp *c)
{
  free(c->items);
  free(c->g.e_src);
  free(c->g.e_dst);
  free(c->g.e_mult);
  free(c->g.s_off);
  free(c->g.d_off);
  free(c->g.d_pairs);
  free(c->ratio);
  free(c->host_map);
  free(c->hosts);
  free(c->host_tmp);
  free(c->bits);
  free(c->perm);
  free(c->perm2);
  free(c->bucket);
  free(c->keys);
  free(c->order);
  free(c->dq);
  free(c->dw);
  free(c->dr);
  myr_dp_free(&c->dp);
  myr_subset_free(&c->subset);
  myr_idle_free(&c->idle);
  myr_approx_free(c->approx);
  myr_memo_free(&c->memo);
  *c = (myr_comp){0};
}

/* Sorts distinct host ids ascending: by insertion when few (most
 * components of a halo exchange have a handful of hosts, where a library
 * sort's indirect comparisons cost more than the sort), else by bytes,
 * least significant first, through c->host_tmp (as many passes as the
 * largest id has bytes). The ids are distinct: any sort gives this order. */
static void sort_hosts(myr_comp *c, uint32_t *h, size_t n)
{
  if (n <= 32) {
    for (size_t i = 1; i < n; i++) {
      uint32_t x = h[i];
      size_t j = i;
      for (; j > 0 && h[j - 1] > x; j--)
        h[j] = h[j - 1];
      h[j] = x;
    }
    return;
  }
  GROW(c, host_tmp, n);
  uint32_t max = 0, *src = h, *dst = c->host_tmp;
  for (size_t i = 0; i < n; i++)
    if (h[i] > max)
      max = h[i];
  for (unsigned shift = 0; shift < 32 && max >> shift != 0; shift += 8) {
    size_t at[257] = {0};
    for (size_t i = 0; i < n; i++)
      at[(src[i] >> shift & 255) + 1]++;
    for (size_t b = 0; b < 256; b++)
      at[b + 1] += at[b];
    for (size_t i = 0; i < n; i++)
      dst[at[src[i] >> shift & 255]++] = src[i];
    uint32_t *t = src;
    src = dst;
    dst = t;
  }
  if (src != h)
    memcpy(h, src, n * sizeof *h);
}

/* Local indices of the hosts of one side, in host-id order: hosts[base ..
 * base + count), host_map[h] = local index (the map is cleared by the
 * caller through hosts[]). The side's ids lie in [lo, hi]: when that range
 * is at most 64 ids per comm, a bitmap of it both removes duplicates and
 * lists the ids in order (most components of a halo exchange, where the
 * sort was a tenth of a memo hit); else a pass marks them and a sort
 * orders them. */
static size_t index_hosts(myr_comp *c, int dst_side, size_t base, cg_host lo, cg_host hi)
{
  size_t n = 0, w0 = lo >> 6, words = (hi >> 6) - w0 + 1;
  if (words <= c->n) {
    GROW(c, bits, words);
    memset(c->bits, 0, words * sizeof *c->bits);
    for (size_t i = 0; i < c->n; i++) {
      cg_host h = dst_side ? c->items[i].dst : c->items[i].src;
      c->bits[(h >> 6) - w0] |= (uint64_t)1 << (h & 63);
    }
    for (size_t w = 0; w < words; w++)
      for (uint64_t b = c->bits[w]; b != 0; b &= b - 1) {
        cg_host h = (cg_host)((w0 + w) * 64 + (size_t)__builtin_ctzll(b));
        c->host_map[h] = (uint32_t)n;
        c->hosts[base + n++] = h;
      }
    return n;
  }
  for (size_t i = 0; i < c->n; i++) {
    cg_host h = dst_side ? c->items[i].dst : c->items[i].src;
    if (c->host_map[h] == UINT32_MAX) {
      c->host_map[h] = 0;
      c->hosts[base + n++] = h;
    }
  }
  sort_hosts(c, c->hosts + base, n);
  for (size_t i = 0; i < n; i++)
    c->host_map[c->hosts[base + i]] = (uint32_t)i;
  return n;
}

/* Counting sort of the items by key (stable): from `in` (NULL: the items
 * in index order) to `out`. Leaves bucket[k] = where key k's items end.
 * Inline, so that the NULL of a caller leaves no test in the loops. */
static inline void sort_by(myr_comp *c, const uint32_t *key, size_t nkeys, const size_t *in, size_t *out)
{
  GROW(c, bucket, nkeys + 1);
  memset(c->bucket, 0, (nkeys + 1) * sizeof *c->bucket);
  for (size_t i = 0; i < c->n; i++)
    c->bucket[key[in ? in[i] : i] + 1]++;
  for (size_t k = 0; k < nkeys; k++)
    c->bucket[k + 1] += c->bucket[k];
  for (size_t i = 0; i < c->n; i++) {
    size_t x = in ? in[i] : i;
    out[c->bucket[key[x]]++] = x;
  }
}

/* c->perm = the items by (source, destination, index). With few comms per
 * source (at most 8 on average), a counting sort by source, then an
 * insertion sort of each source's comms by destination; else a counting
 * sort by destination, then a stable one by source. */
static void sort_items(myr_comp *c, const uint32_t *ks, const uint32_t *kd, size_t ns, size_t nd)
{
  if (c->n > 8 * ns) {
    sort_by(c, kd, nd, NULL, c->perm2);
    sort_by(c, ks, ns, c->perm2, c->perm);
    return;
  }
  size_t *out = c->perm;
  sort_by(c, ks, ns, NULL, out);
  for (size_t k = 0, start = 0; k < ns; start = c->bucket[k++])
    for (size_t i = start + 1; i < c->bucket[k]; i++) {
      size_t x = out[i], j = i;
      for (; j > start && kd[out[j - 1]] > kd[x]; j--)
        out[j] = out[j - 1];
      out[j] = x;
    }
}

/* Builds c->g: distinct (src, dst) pairs in (src, dst) order with their
 * multiplicity (the sum of their items' 1 + extra, an integer below 2^53, so
 * the same double however the comms were grouped into items); c->perm
 * lists the items in that order. */
static void build_bigraph(myr_comp *c)
{
  myr_bigraph *g = &c->g;
  cg_host slo = UINT32_MAX, shi = 0, dlo = UINT32_MAX, dhi = 0;
  for (size_t i = 0; i < c->n; i++) {
    cg_host s = c->items[i].src, d = c->items[i].dst;
    slo = s < slo ? s : slo;
    shi = s > shi ? s : shi;
    dlo = d < dlo ? d : dlo;
    dhi = d > dhi ? d : dhi;
  }
  cg_host maxh = shi > dhi ? shi : dhi;
  size_t old = c->host_map_cap;
  GROW(c, host_map, (size_t)maxh + 1);
  for (size_t h = old; h < c->host_map_cap; h++)
    c->host_map[h] = UINT32_MAX;
  GROW(c, hosts, 2 * c->n);
  g->ns = index_hosts(c, 0, 0, slo, shi);
  /* keys: local source and destination indices */
  GROW(c, perm, c->n);
  GROW(c, perm2, c->n);
  GROW(c, keys, 2 * c->n);
  uint32_t *ks = c->keys, *kd = c->keys + c->n;
  for (size_t i = 0; i < c->n; i++)
    ks[i] = c->host_map[c->items[i].src];
  for (size_t i = 0; i < g->ns; i++)
    c->host_map[c->hosts[i]] = UINT32_MAX;
  g->nd = index_hosts(c, 1, g->ns, dlo, dhi);
  for (size_t i = 0; i < c->n; i++)
    kd[i] = c->host_map[c->items[i].dst];
  for (size_t i = 0; i < g->nd; i++)
    c->host_map[c->hosts[g->ns + i]] = UINT32_MAX;
  sort_items(c, ks, kd, g->ns, g->nd);
  g->ne = 0;
  GROW(g, e_src, c->n);
  GROW(g, e_dst, c->n);
  GROW(g, e_mult, c->n);
  for (size_t i = 0; i < c->n; i++) {
    size_t it = c->perm[i];
    if (g->ne > 0 && g->e_src[g->ne - 1] == ks[it] && g->e_dst[g->ne - 1] == kd[it]) {
      g->e_mult[g->ne - 1] += 1.0 + c->items[it].extra;
    } else {
      g->e_src[g->ne] = ks[it];
      g->e_dst[g->ne] = kd[it];
      g->e_mult[g->ne] = 1.0 + c->items[it].extra;
      g->ne++;
    }
    c->perm2[i] = g->ne - 1; /* pair of the i-th item in order */
  }
  GROW(g, s_off, g->ns + 1);
  GROW(g, d_off, g->nd + 1);
  GROW(g, d_pairs, g->ne);
  memset(g->s_off, 0, (g->ns + 1) * sizeof *g->s_off);
  memset(g->d_off, 0, (g->nd + 1) * sizeof *g->d_off);
  for (size_t e = 0; e < g->ne; e++) {
    g->s_off[g->e_src[e] + 1]++;
    g->d_off[g->e_dst[e] + 1]++;
  }
  for (size_t s = 0; s < g->ns; s++)
    g->s_off[s + 1] += g->s_off[s];
  for (size_t d = 0; d < g->nd; d++)
    g->d_off[d + 1] += g->d_off[d];
  /* pairs by destination, sources ascending (pairs are in source order) */
  GROW(c, bucket, g->nd + 1);
  memcpy(c->bucket, g->d_off, (g->nd + 1) * sizeof *c->bucket);
  for (size_t e = 0; e < g->ne; e++)
    g->d_pairs[c->bucket[g->e_dst[e]]++] = e;
}

/* Whether the DP frontier with P = sources (dst_side = 0) or destinations
 * can be within `limit`: the first P vertex opens all its neighbours of
 * degree >= 2, so the frontier is at least the least such number over P.
 * O(pairs), less on dense graphs (a vertex is dropped once it opens more
 * than the limit). */
static int frontier_may_fit(const myr_bigraph *g, int dst_side, size_t limit)
{
  size_t np = dst_side ? g->nd : g->ns;
  const size_t *off = dst_side ? g->d_off : g->s_off, *qoff = dst_side ? g->s_off : g->d_off;
  for (size_t v = 0; v < np; v++) {
    size_t open = 0, t = off[v];
    for (; t < off[v + 1] && open <= limit; t++) {
      size_t q = dst_side ? g->e_src[g->d_pairs[t]] : g->e_dst[t];
      open += qoff[q + 1] - qoff[q] >= 2;
    }
    if (open <= limit)
      return 1;
  }
  return 0;
}

/* A frontier width within what the DP's tables allow. */
static size_t dp_width(size_t w) { return w < MYR_DP_MAX_WIDTH ? w : MYR_DP_MAX_WIDTH; }

/* Work cap of the exact methods: a long component of frontier `limit`
 * would cost 3^limit per step; 16 x 3^limit is e.g. 8 steps of the
 * all-to-all on `limit` hosts. */
static size_t exact_states(size_t limit)
{
  size_t max_states = 16;
  for (size_t i = 0; i < limit; i++)
    max_states *= 3;
  return max_states;
}

/* The DP's input with P = the destinations: slots = pairs by destination. */
static void dst_side_input(myr_comp *c, myr_dp_in *by_dst)
{
  myr_bigraph *g = &c->g;
  GROW(c, dq, g->ne + 1);
  GROW(c, dw, g->ne + 1);
  GROW(c, dr, g->ne + 1);
  for (size_t t = 0; t < g->ne; t++) {
    c->dq[t] = g->e_src[g->d_pairs[t]];
    c->dw[t] = g->e_mult[g->d_pairs[t]];
  }
  *by_dst = (myr_dp_in){.np = g->nd, .nq = g->ns, .p_off = g->d_off, .p_q = c->dq, .p_w = c->dw};
}

/* The DP with P = the side giving the narrower frontier, if one is at
 * most `width` wide with at most max_states states in its layers (all of
 * them, reached or not), the solve stopping beyond max_reached reached
 * states. Returns whether it solved the component. */
static int solve_dp(myr_comp *c, size_t width, size_t max_states, size_t max_reached)
{
  myr_bigraph *g = &c->g;
  int try_src = frontier_may_fit(g, 0, width), try_dst = frontier_may_fit(g, 1, width);
  if (!try_src && !try_dst)
    return 0;
  GROW(c, order, g->ns + g->nd + 1);
  uint32_t *order_s = c->order, *order_d = c->order + g->ns;
  size_t ws = SIZE_MAX, wd = SIZE_MAX;
  myr_dp_in by_src = {.np = g->ns, .nq = g->nd, .p_off = g->s_off, .p_q = g->e_dst, .p_w = g->e_mult};
  if (try_src)
    ws = myr_dp_order(&c->dp, &by_src, order_s, width, max_states);
  myr_dp_in by_dst = {0};
  if (try_dst) {
    dst_side_input(c, &by_dst);
    wd = myr_dp_order(&c->dp, &by_dst, order_d, width, max_states);
  }
  if (ws <= width && ws <= wd)
    return myr_dp_solve(&c->dp, &by_src, order_s, max_reached, c->ratio);
  if (wd <= width && myr_dp_solve(&c->dp, &by_dst, order_d, max_reached, c->dr)) {
    for (size_t t = 0; t < g->ne; t++)
      c->ratio[g->d_pairs[t]] = c->dr[t];
    return 1;
  }
  return 0;
}

/* Exact DP: frontier at most the bound and at most 16 x 3^bound states
 * in its layers (all of them: the cap that decides which components are
 * exact counts every state, though the DP visits only the reached ones). */
static int solve_exact(myr_comp *c, size_t limit) { return solve_dp(c, limit, exact_states(limit), SIZE_MAX); }

/* A dense component (at least a quarter of its source x destination pairs
 * present) beyond both exact methods: the DP over reached states, with
 * the widest frontier the DP accepts, as long as the states reached from
 * the empty one fit the cap below. On such graphs few states are reached
 * (a twentieth to a fifth of 3^w per layer) and BP's Bethe bias is
 * largest (2.5 to 5.5 %); on sparse ones (the halo exchange) BP + regions
 * err by a few tenths of a percent and cost less than the DP would, so
 * they keep them. Returns 0 if not applicable or over the cap. */
static int solve_dense(myr_comp *c, size_t limit)
{
  myr_bigraph *g = &c->g;
  if (!myr_bigraph_dense(g))
    return 0;
  /* At these widths a reached state costs the DP 35 to 110 ns (no option
   * tables, digits decoded from the index, scattered memory), up to 9
   * times what a state of a narrow layer costs (7 ns, all-to-all 8): 16 x
   * 3^(limit - 2) reached states keep a solve within about the cost the
   * path DP's cap allows (0.3 to 0.6 ms at limit 8, bench_technologies). */
  return solve_dp(c, MYR_DP_MAX_WIDTH, SIZE_MAX, exact_states(limit > 2 ? limit - 2 : 0));
}

void myr_comp_solve(myr_comp *c, const myr_options *opt)
{
  if (c->n == 0)
    return;
  uint64_t key = opt->memo ? myr_memo_key(c->items, c->n) : 0; /* 0: not by host ids */
  int recalled;
  if (key != 0 && myr_memo_recall(&c->memo, c->items, c->n, key, opt, &recalled)) {
    c->method = (myr_method)recalled;
    return;
  }
  build_bigraph(c);
  myr_bigraph *g = &c->g;
  GROW(c, ratio, g->ne);
  /* The memo is keyed by the options as configured: the large component's
   * options below are a function of them and of g. */
  const myr_options *conf = opt;
  size_t limit       = dp_width(opt->exact_width);
  size_t exact_limit = limit; /* of the path DP */
  myr_options large;
  if (opt->large_pairs > 0 && g->ne > opt->large_pairs && !myr_bigraph_dense(g)) {
    large = *opt;
    myr_options_large(&large);
    opt   = &large;
    limit = dp_width(large.exact_width);
    /* still the path DP up to frontier MYR_LARGE_EXACT_WIDTH (myrinet_sets.h) */
    if (exact_limit > MYR_LARGE_EXACT_WIDTH)
      exact_limit = MYR_LARGE_EXACT_WIDTH;
  }
  int memo_method = 0, hit = 0;
  uint64_t hash = 0;
  if (opt->closed_forms && myr_closed_solve(g, c->ratio)) {
    c->method = MYR_CLOSED; /* O(pairs): not worth a memo entry */
  } else if (opt->memo && (hit = myr_memo_find(&c->memo, g, conf, c->ratio, &memo_method, &hash)) != 0) {
    c->method = (myr_method)memo_method;
  } else if (opt->closed_forms && myr_subset_solve(&c->subset, g, MYR_SUBSET_MAX_SIDE, c->ratio)) {
    c->method = MYR_SUBSET;
  } else if (solve_exact(c, exact_limit)) {
    c->method = MYR_EXACT;
  } else if (myr_idle_solve(&c->idle, g, exact_states(limit), c->ratio)) {
    c->method = MYR_IDLE;
  } else if (opt->dense_exact && solve_dense(c, limit)) {
    c->method = MYR_DENSE;
  } else if ((opt->local_near && myr_closed_near(g)) || g->ne > opt->bp_max_pairs) {
    myr_closed_local(g, c->ratio);
    c->method = MYR_LOCAL;
  } else {
    myr_options o  = *opt;
    o.region_width = dp_width(o.region_width);
    myr_approx_solve(&c->approx, g, &o, c->ratio);
    c->method = MYR_APPROX;
  }
  if (opt->memo && c->method != MYR_CLOSED && !hit)
    myr_memo_put(&c->memo, g, hash, conf, c->ratio, (int)c->method);
  /* Every comm of a source goes at the pace of its slowest one: the
   * largest N / count over the source's pairs (N / its smallest count). */
  size_t i = 0;
  for (size_t s = 0; s < g->ns; s++) {
    double pen = 0;
    for (size_t e = g->s_off[s]; e < g->s_off[s + 1]; e++)
      if (c->ratio[e] > pen)
        pen = c->ratio[e];
    for (; i < c->n && c->perm2[i] < g->s_off[s + 1]; i++)
      c->items[c->perm[i]].penalty = pen;
  }
  /* Kept by host ids once its graph repeats, or if cheap to have solved
   * but not to rebuild (myrinet_memo.h). */
  if (key != 0 && (hit || c->method == MYR_CLOSED))
    myr_memo_keep(&c->memo, key, c->items, c->n, g, conf, (int)c->method);
}
