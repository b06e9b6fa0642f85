/* Incremental Algorithm 1 for hierarchical Ethernet (Zhu et al.): after a
 * few comms come or go, re-runs only the flows whose bandwidth may change,
 * and gives the bits a full run gives (tech_hier_ethernet.c checks which
 * path to take; technologies.hier_incremental compares both).
 *
 * Why it is exact. Algorithm 1 takes every flow's events (its first try,
 * then one per re-queue) in one total order of keys (max(k, kbar), k,
 * kbar, src, dst): a re-queued event always comes after the one that
 * re-queued it. An event reads only its resources' counts and the flows
 * already fixed on them, in that order. So the state of a resource at a
 * key is the prefix of its fixed flows sorted by key, summed in that
 * order (the same bits as the full run's running sums); a flow's result
 * can change only if a count of its resources changed, or an earlier
 * entry of one of them did. The sweep re-runs such events in key order,
 * from a heap, and stops at flows whose result is unchanged.
 *
 * A flow's entry stays in its resources' lists while the flow waits to be
 * re-run, as long as its key is not before the flow's next event: nothing
 * after that event is read before the flow is settled.
 *
 * Cost: the events re-run times their resources' lists. A change that
 * reaches many flows (a saturated backbone, a busy NIC) makes the sweep
 * give up past a budget of about twice the flows; the caller then runs
 * the full algorithm on the components, which records a fresh state. */
#ifndef CONTENTION_HIER_SWEEP_H
#define CONTENTION_HIER_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "contention/graph.h"

/* A flow's events: its first try, one per re-queue (each turns at least
 * one of four contra-flow resources off, the last may fall back to
 * kbar = 0), the one that fixes it. */
#define HS_EVENTS 6
/* Resource ids: NIC of host h, direction dir (0 out, 1 in): 2 h + dir;
 * backbone of rack r: HS_BB | (2 r + dir). */
#define HS_BB (UINT32_C(1) << 31)
#define HS_WINDOW 16

/* Algorithm 1's order: decreasing (m = max(k, kbar), k, kbar), then
 * increasing (src, dst); one key per event. */
typedef struct hs_key {
  double m, k, kb;
  cg_host s, d;
} hs_key;

/* A fixed flow on a resource it uses (with-flow). The entry of a comm
 * gone is only marked (e = CG_NO_EDGE, mult 0, bw 0: adding it to a
 * prefix changes no bit) until dead ones are half the list. */
typedef struct hs_entry {
  hs_key key;
  uint32_t mult;
  cg_edge e;
  double bw;
} hs_entry;

typedef struct hs_res {
  uint32_t flows;    /* comms using it (with-flow) */
  uint8_t changed;   /* in hs_state.chg */
  hs_entry *ent;     /* fixed with-flows, by key */
  size_t n, cap, dead;
  cg_edge *rd;       /* flows reading it: with- and contra-flows */
  size_t nr, rcap;
} hs_res;

typedef struct hs_rec {
  cg_host s, d;
  uint32_t mult, nw;     /* comms of the edge; with-flow resources (2, 4) */
  uint32_t rid[8];       /* with-flow 0..nw-1, contra-flow 4..4+nw-1 */
  uint32_t rpos[8];      /* place in each resource's reader list */
  uint32_t seq;          /* stamp of its live heap item */
  uint8_t live, nev, has_ent, pending;
  uint8_t pev;           /* its waiting event, if pending */
  uint8_t dis[HS_EVENTS]; /* contra-flow resources off before each event */
  double k, kb[HS_EVENTS];
  hs_key ent;            /* its entry's key, if has_ent */
  uint32_t ent_mult;
  double bw;
} hs_rec;

typedef struct hs_item {
  hs_key key;
  cg_edge e;
  uint32_t ev, seq;
} hs_item;

typedef struct hs_state {
  hs_rec *rec; /* by edge handle */
  size_t rec_cap, live;
  hs_res *nic, *bb;
  size_t nic_cap, bb_cap;
  /* (src, dst) -> edge handle of the live flows: the graph has forgotten
   * an edge by the time it reports its last comm gone. Open addressing,
   * at most half full, removal by shifting back. */
  uint64_t *pk;
  cg_edge *pv;
  size_t p_cap, p_used;
  uint32_t *chg; /* resources whose count changed since the last run */
  size_t nchg, chg_cap;
  cg_edge *firsts; /* flows re-run from their first event */
  size_t nfirst, firsts_cap;
  cg_edge *settled; /* flows whose entry changed */
  size_t nsettled, settled_cap;
  hs_item *q;
  size_t qn, q_cap;
  size_t work, budget;
  int no_budget;          /* tests: never give up */
  /* Giving up in half the sweeps of a window of HS_WINDOW makes the
   * sweep cold for `cold` evaluations (16, doubling while windows keep
   * failing, up to 1024): the caller solves components without keeping
   * the state, which is then stale (events ignored) until hs_rebuild()
   * and a solve of every component. */
  size_t cold, cold_len, window_runs, window_fails;
  int stale;
  size_t sweeps, gave_up; /* counters, for tests and benchmarks */
} hs_state;

void hs_free(hs_state *st);
/* The comm a -> b (racks ra, rb; -1 unknown) was added (delta = +1) or
 * removed (-1); the graph is already updated. Keeps the flows, counts and
 * reader lists, and records the resources whose count changed. */
void hs_edge(hs_state *st, const cg_graph *g, cg_host a, cg_host b, int32_t ra, int32_t rb, int delta);
/* Rebuilds the flows, counts and reader lists from the graph, after the
 * sweep went cold (hs_edge() then ignores the events); before a run of
 * every component records the rest. */
void hs_rebuild(hs_state *st, const cg_graph *g);
/* Re-runs what the recorded changes reach and sets the edges' penalties
 * (nic / bandwidth). Returns 1, or 0 when it gave up past its budget: the
 * caller must then run the full algorithm on every component of a host
 * or rack touched since the last run (the state of the rest is intact). */
int hs_sweep(hs_state *st, cg_graph *g, double nic, double backbone);
/* Forgets the recorded changes (after a sweep or a full run). */
void hs_done(hs_state *st);

/* Recording a full run, component by component. */
void hs_clear_entries(hs_state *st, uint32_t rid); /* before the run */
void hs_begin(hs_state *st, cg_edge e, double k);  /* each flow, before */
/* Each event of flow e, as it is taken: its kbar and disabled bits. */
void hs_event(hs_state *st, cg_edge e, double kb, unsigned dis);
/* Flow e fixed at bandwidth bw by its last event: appended to its
 * resources' lists (the run takes the keys in order). */
void hs_fix(hs_state *st, cg_edge e, double bw);

#endif
