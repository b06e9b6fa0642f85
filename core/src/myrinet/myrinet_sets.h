/* Private to the Myrinet technology: one set of comms (a connected
 * component of the bipartite graph sources x destinations) and its
 * penalties. myr_comp_solve() puts the comms in canonical order, builds the
 * simple bipartite graph with multiplicities (myr_bigraph) and picks the
 * method:
 *   1. closed form, when the graph is complete minus a partial matching with
 *      unit multiplicities (all-to-all, stars, ...): myrinet_closed.c; with
 *      any multiplicities, exact counts over subsets of its small side when
 *      that side has at most 12 hosts (myrinet_subset.c);
 *   2. exact dynamic programme over a path decomposition, when its frontier
 *      holds at most `exact_width` hosts: myrinet_dp.c; else, on dense
 *      graphs, exact counts over the idle sets of one side within the same
 *      work cap (16 x 3^exact_width states): myrinet_idle.c;
 *   3. otherwise an approximation: for graphs close to complete (or too
 *      large for the next one) the closed form applied to each comm's own
 *      neighbourhood (myr_closed_local); else myrinet_approx.c (exact DP
 *      on a region around each source, belief propagation outside it;
 *      with bp_sweeps, BP cut short and each source alone).
 * A sparse component of more than `large_pairs` pairs gets the fast
 * setting's methods instead (myr_options_large).
 * A component whose comms (host ids, in the same order) were solved before
 * gets its stored penalties back before any graph is built, and a graph
 * solved before by any method but the closed form its stored ratios
 * (myrinet_memo.h): the same numbers, without the work.
 * Every step is a pure function of the graph (host ids, multiplicities), so
 * penalties do not depend on the order comms were added. */
#ifndef CONTENTION_MYRINET_SETS_H
#define CONTENTION_MYRINET_SETS_H

#include <stddef.h>
#include <stdint.h>

#include "contention/graph.h"
#include "myrinet_dp.h"
#include "myrinet_idle.h"
#include "myrinet_memo.h"
#include "myrinet_subset.h"

/* Simple bipartite graph of a component, local indices in host-id order. */
typedef struct myr_bigraph {
  size_t ns, nd, ne;   /* sources, destinations, distinct (src, dst) pairs */
  uint32_t *e_src;     /* per pair, sorted by (src, dst) */
  uint32_t *e_dst;
  double *e_mult;      /* comms on the pair */
  size_t *s_off;       /* pairs of source i: [s_off[i], s_off[i+1]) */
  size_t *d_off;       /* pairs into destination j: d_pairs[d_off[j] .. d_off[j+1]) */
  size_t *d_pairs;     /* pair indices, by destination then source */
  size_t e_src_cap, e_dst_cap, e_mult_cap, s_off_cap, d_off_cap, d_pairs_cap;
} myr_bigraph;

/* Whether at least a quarter of the source x destination pairs are
 * present: where the dense DP takes over from BP and regions, and where
 * the regions stay on one thread (myrinet_approx.h). */
static inline int myr_bigraph_dense(const myr_bigraph *g) { return 4 * g->ne >= g->ns * g->nd; }

/* How a component is solved; the technology sets them from its parameter,
 * tests and benchmarks may force one method. */
typedef struct myr_options {
  size_t exact_width;    /* largest DP frontier solved exactly */
  size_t region_width;   /* frontier of the approximation's regions */
  size_t region_sources; /* most sources in a region */
  size_t bp_max_pairs;   /* larger components get the local closed form */
  size_t bp_chaos_probe; /* BP's chaos probe sweep (myrinet_bp.h); 0: off */
  size_t bp_max_sweeps;  /* BP stops here if it has not settled, found a
                            cycle or been stopped by the probe: 100, or the
                            short approximation's n (myr_options_short_bp) */
  int bp_cycle;          /* 1: BP on a limit cycle keeps the mean of one
                            period, found by the messages' return
                            (myrinet_bp.h); 0: the chaos probe alone */
  int closed_forms;      /* 0: never use the closed form (validation) */
  int local_near;        /* 1: near-complete graphs get the local closed form */
  int dense_exact;       /* 1: dense components beyond both exact bounds get
                            the DP over reached states (frontier <= 12) when
                            those fit the work cap */
  int memo;              /* 1: reuse the ratios of graphs solved before (no
                            change of result; 0 times every solve) */
  size_t large_pairs;    /* sparse components of more pairs get the fast
                            setting (myr_options_large); 0: none (the value
                            of myr_default_options) */
  size_t threads;        /* threads solving the approximation's regions (1:
                            the caller alone, 0: one per CPU, as
                            cg_workers_resolve); no change of result */
} myr_options;

/* The method that solved the last component (statistics, tests). */
typedef enum { MYR_CLOSED, MYR_EXACT, MYR_APPROX, MYR_LOCAL, MYR_SUBSET, MYR_IDLE, MYR_DENSE, MYR_METHODS } myr_method;

/* One comm, or k parallel comms (same source and destination) taken as
 * one item of multiplicity k: the rule gives them one penalty, and the
 * bipartite graph only sees their number. */
typedef struct myr_item {
  cg_comm comm;   /* the caller's handle: a comm, or an edge (myr_comp_add_edge) */
  cg_host src, dst;
  uint32_t extra; /* parallel comms beyond the first: it stands for
                     1 + extra comms (0, a zero-initialised item: one) */
  double penalty; /* result */
} myr_item;

typedef struct myr_comp {
  myr_item *items;
  size_t n, cap;
  myr_method method;   /* of the last solve */
  /* scratch, reused across solves */
  myr_bigraph g;
  double *ratio;       /* per pair: sets / sets where one of its comms sends */
  uint32_t *host_map;  /* host -> local index (sources, then destinations) */
  uint32_t *hosts;     /* local index -> host */
  uint32_t *host_tmp;  /* sort_hosts' scratch */
  uint64_t *bits;      /* index_hosts' bitmap of one side's hosts */
  size_t *perm, *perm2, *bucket;
  uint32_t *keys, *order, *dq;
  double *dw, *dr;
  size_t ratio_cap, host_map_cap, hosts_cap, host_tmp_cap, bits_cap, perm_cap, perm2_cap, bucket_cap;
  size_t keys_cap, order_cap, dq_cap, dw_cap, dr_cap;
  myr_dp dp;
  myr_subset subset;
  myr_idle idle;
  struct myr_approx *approx;
  myr_memo memo; /* graphs solved before (myrinet_memo.h) */
} myr_comp;

void myr_comp_clear(myr_comp *c);
void myr_comp_add(myr_comp *c, cg_comm comm, cg_host src, cg_host dst);
/* Adds `mult` >= 1 parallel comms src -> dst as one item with handle
 * `edge`: the same penalties as `mult` calls of myr_comp_add, bit for bit
 * (the bigraph sums the multiplicities of a pair's items either way). */
void myr_comp_add_edge(myr_comp *c, uint32_t edge, cg_host src, cg_host dst, uint32_t mult);
/* Options of the technology for its parameter exact_max_width. */
myr_options myr_default_options(size_t exact_width);
/* The technology's bp_sweeps = n > 0: beyond the exact methods, BP stops
 * after n sweeps (the mean of their second half) and each source is a
 * region of its own (frontier 0), read from the BP messages alone. A few
 * sweeps carry the counts of each host's neighbourhood; regions cost more
 * than they bring once BP is cut short (doc/technologies.md, "The short
 * approximation"). */
void myr_options_short_bp(myr_options *opt, size_t sweeps);
/* The options a large sparse component is solved with (more than
 * opt->large_pairs pairs, fewer than a quarter of its source x destination
 * pairs): the fast setting, i.e. the exact methods up to frontier 2 and, if
 * BP is not cut short already, BP cut at MYR_LARGE_BP_SWEEPS sweeps with
 * each source alone. On such components the work of a solve, done again at
 * every comm start or end among their comms, grows with their size while
 * the default regions' gain in accuracy does not (doc/technologies.md,
 * "Large sparse components"). */
void myr_options_large(myr_options *opt);
#define MYR_LARGE_BP_SWEEPS 5
/* Before the fast setting, a large component is counted exactly by the
 * DP if its frontier is at most this (3^4 states a layer): at 1024 ranks,
 * 8 per node, the pairwise exchange's components are such chains, and the
 * fast setting's near-equal penalties made every comm end at an instant of
 * its own (2.05 million flushes against 2139, 31.6 million rate changes
 * against 2.1, the simulated time 10 % off). */
#define MYR_LARGE_EXACT_WIDTH 4
/* The technology's default large_pairs. */
#define MYR_LARGE_PAIRS_DEFAULT 128
/* Sets every item's penalty: N / min over the source's comms of the number
 * of maximal send sets where the comm sends (exact or approximated, see
 * above); c->method tells which method was used. */
void myr_comp_solve(myr_comp *c, const myr_options *opt);
void myr_comp_free(myr_comp *c);

#endif
