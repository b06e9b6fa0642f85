/* Private to the hierarchical Ethernet technology: its flows, resources
 * and evaluation state, the bottleneck-first order of Algorithm 1
 * (hier_order.c), and the racks' hosts that couple components
 * (tech_hier_ethernet.c). */
#ifndef CONTENTION_HIER_ETHERNET_H
#define CONTENTION_HIER_ETHERNET_H

#include <stddef.h>
#include <stdint.h>

#include "contention/alloc.h"
#include "contention/graph.h"
#include "contention/hostset.h"
#include "hier_sweep.h"

#define MAXR 4

/* An edge of the graph: its parallel comms share key, resources and
 * bandwidth (Algorithm 1 takes them one after the other), so they are one
 * flow of multiplicity mult. */
typedef struct flow {
  cg_edge edge;
  uint32_t mult;
  cg_host src, dst; /* indices in the component, in the order of the hosts' ids */
  size_t with[MAXR], contra[MAXR];
  int nwith, ncontra;
  unsigned disabled; /* contra-flow resources switched off (line 19) */
  uint32_t rm, rk, rkb; /* ranks of max(k, kbar), k, kbar: 0 = largest */
  double k, kbar, bw;
} flow;

typedef struct res {
  double cap;    /* bandwidth, Mbps */
  size_t flows;  /* with-flow comms on it */
  size_t fixed;  /* of which already fixed */
  double used;   /* their total bandwidth */
  double maxbw;  /* their largest bandwidth */
  double value;  /* flows / cap, computed once per evaluation */
  uint32_t rank; /* rank of value among all resources' values */
} res;

/* A rack's hosts that have inter-rack comms (its backbone joins them). */
typedef struct hier_rack {
  cg_host *hosts;
  size_t n, cap;
} hier_rack;

typedef struct hier_state {
  /* Component search (one evaluation): hosts and racks done, the current
   * component's hosts and racks, and their indices in it. */
  cg_hostset done, done_racks;
  cg_hostset pend_racks; /* racks an inter-rack comm joined or left since */
  cg_host *comp;
  int32_t *comp_racks;
  uint32_t *loc, *rack_loc;
  uint64_t *mark, comp_no; /* mark[h] == comp_no: h in the current component */
  size_t comp_cap, comp_racks_cap, loc_cap, rack_loc_cap, mark_cap;
  /* Per host: its inter-rack comms and its place in its rack's list. */
  uint32_t *xdeg, *xpos;
  size_t xdeg_cap, xpos_cap;
  hier_rack *racks;
  size_t racks_cap;
  flow *f;
  size_t f_cap;
  res *r;
  size_t r_cap;
  size_t *ord, *tmp, *count, *heap; /* processing order, its sort, requeued flows */
  size_t ord_cap, tmp_cap, count_cap, heap_cap, hn;
  size_t nres;        /* resources of the component collected */
  size_t ncomp_racks; /* racks of the component */
  uint32_t *rank_nic, *rank_bb, *key; /* value ranks by flow count; sort keys */
  size_t rank_nic_cap, rank_bb_cap, key_cap;
  uint64_t *peers; /* one host's out edges: (peer index << 32 | edge slot) */
  size_t peers_cap;
  struct valued *vals; /* value ranks by sorting */
  size_t vals_cap;
  /* The incremental run (hier_sweep.h), and the hosts of the comms added
   * or removed since the last evaluation. */
  hs_state inc;
  cg_hostset touched;
  int record; /* solve() records the sweep's state */
} hier_state;

#define GROW(st, field, n) cg_grow((void **)&(st)->field, &(st)->field##_cap, (n), sizeof *(st)->field)

/* Ranks every resource's value (flows / cap, which it also stores) among
 * the distinct values of the R resources of a component, the first 2 H of
 * them NICs: larger value, smaller rank. Returns the rank of the value 0,
 * after all others. */
uint32_t hier_rank_values(hier_state *st, size_t R, size_t H);
/* st->ord = flows 0 .. n-1 (n > 0, stored in increasing (src, dst), ranks
 * rm, rk, rkb set, all < ranks) in the order Algorithm 1 takes them
 * (hier_before). */
void hier_sort_flows(hier_state *st, size_t n, uint32_t ranks);
/* Whether flow a comes before flow b: decreasing ranked (max(k, kbar),
 * k, kbar), then increasing (src, dst) (one edge per pair). */
int hier_before(const flow *a, const flow *b);
/* Heap of re-queued flows, in the same order. */
void hier_heap_push(hier_state *st, size_t x);
size_t hier_heap_pop(hier_state *st);

#endif
