/* The rate plan: what a simulator's max-min solver is given for each
 * running inter-host comm, decided once per flush.
 *
 * A comm c gets, alone, alone(c) = min(b0, B) (contention/comm_rate.h): b0
 * the base model's bound at its start, B its node links' bandwidth (or the
 * user's effective bandwidth). Its penalty p makes its demand
 * d = min(b0, B / p), lowered further by a cap the caller may give (the
 * LoP bound of a small message, contention/lop.h), and it must run at
 * f * d, f the base model's bandwidth factor for its size. The plan keeps,
 * per comm, b0, f, B, alone, d, and the (bound, factor) pair in force in
 * the solver, and owns the ledger of the links the penalties do not divide
 * (contention/link_ledger.h), told every demand and ceiling. At a flush it
 *
 *   1. recomputes d for the comms whose penalty the graph changed, then
 *      those the caller lists (LoP), then, after a bandwidth change, every
 *      comm in handle order;
 *   2. brings the ledger's link states up to date: a link no comm can fill
 *      is hidden from the solver (when the plan may hide links), one that
 *      can is given back; a newly registered link free at its first flush
 *      is hidden;
 *   3. chooses each re-rated comm's (bound, factor) (cg_comm_solver_terms):
 *      first the comms crossing a link whose state changed, then the others
 *      in the order step 1 met them. A comm whose pair and rate f * d are
 *      unchanged is left out; one whose rate moved under the same pair (a
 *      bound held at b0 by a shown link) is listed with neither flag set.
 *
 * and returns the link changes and the comms' new pairs, in the order the
 * simulator must apply them. The plan knows no simulator: links and comms
 * are the caller's dense indices (comms: the graph's handles), plain comms
 * (intra-host comms crossing ledger links, whose rate no penalty sets) the
 * caller's handles too. */
#ifndef CONTENTION_RATE_PLAN_H
#define CONTENTION_RATE_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "contention/graph.h"
#include "contention/link_ledger.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_rate_plan cg_rate_plan;

/* can_hide: links may be hidden from the solver, and comms take the fast
 * path (bound alone, factor f * d / alone) when all their links are free;
 * otherwise every comm is bounded at d. ceilings: the ledger is told what
 * each comm gets alone as its ceiling (0: no ceilings, every link tracked;
 * a test of the ledger's shortcut). */
cg_rate_plan *cg_rate_plan_create(int can_hide, int ceilings);
void cg_rate_plan_destroy(cg_rate_plan *p);

/* Registers a link shared by several hosts (capacity in B/s; 0 with
 * fatpipe: never hidden): index 0, 1, 2... in registration order, as the
 * ledger's. It is shown to the solver until the next flush decides. */
uint32_t cg_rate_plan_add_link(cg_rate_plan *p, double capacity, int fatpipe);
/* Registers a host's own link (cg_ledger_add_node_link); `hidden`: whether
 * the caller has hidden it already. */
uint32_t cg_rate_plan_add_node_link(cg_rate_plan *p, double capacity, int fatpipe, int one_way, int hidden);
/* A link's capacity changed: its state follows at the next flush. */
void cg_rate_plan_set_capacity(cg_rate_plan *p, uint32_t link, double capacity);
/* The capacity the solver holds on a link while the link is shown to it
 * (its bandwidth now; INFINITY, the default: unknown, as for a radio
 * medium or a node link). A comm whose bound would be at or above the held
 * capacity of a shown link it crosses with weight >= 1 is given its base
 * bound b0 instead: that link limits it all the same, and a bound equal to
 * a FATPIPE link's capacity leaves SimGrid's solver a tie that the last
 * bit of the comms' weights decides, where the base model, bounded at b0,
 * has none. Seen by the comms re-rated from the next flush on: set it
 * when the link is registered, and with cg_rate_plan_set_capacity when
 * its bandwidth changes (the caller then re-rates every comm,
 * cg_rate_plan_set_bandwidth). */
void cg_rate_plan_set_held_capacity(cg_rate_plan *p, uint32_t link, double capacity);

/* Comm c started: base bound b0 (<= 0: none), base factor f, bandwidth B
 * (> 0), crossing links[i] with weights[i] (ledger indices). Its pair is
 * chosen at the next flush (its penalty is then a changed one). */
void cg_rate_plan_add_comm(cg_rate_plan *p, cg_comm c, double base_bound, double base_factor, double bandwidth,
                           const uint32_t *links, const double *weights, size_t n);
void cg_rate_plan_remove_comm(cg_rate_plan *p, cg_comm c);
/* Comm c's B is now `bandwidth` (a link's bandwidth changed): the next
 * flush re-rates every comm. */
void cg_rate_plan_set_bandwidth(cg_rate_plan *p, cg_comm c, double bandwidth);
/* Comm c's b0 is now `base_bound` (<= 0: none; its route's latency moved
 * the simulator's TCP window bound): the next flush re-rates every comm. */
void cg_rate_plan_set_base_bound(cg_rate_plan *p, cg_comm c, double base_bound);

/* Plain comm k crossing links[i] with weights[i], getting `alone` (its
 * demand and ceiling); cg_rate_plan_set_plain_alone: that changed. */
void cg_rate_plan_add_plain(cg_rate_plan *p, uint32_t k, const uint32_t *links, const double *weights, size_t n,
                            double alone);
void cg_rate_plan_set_plain_alone(cg_rate_plan *p, uint32_t k, double alone);
void cg_rate_plan_remove_plain(cg_rate_plan *p, uint32_t k);

/* A link's new state in the solver. */
typedef struct cg_rate_link_change {
  uint32_t link;
  int hidden; /* 1: hide it (no comm can fill it), 0: give it back */
} cg_rate_link_change;

/* A comm's new pair: run it at `factor` under `bound`. */
typedef struct cg_rate_change {
  cg_comm comm;
  uint8_t first;          /* its first pair (it started since the last flush) */
  uint8_t bound_changed;  /* the solver must re-solve it (else re-time it if the factor changed) */
  uint8_t factor_changed; /* neither: only its rate moved (its trace row) */
  double bound, factor;
  double rate; /* f * d: the rate it runs at */
} cg_rate_change;

typedef struct cg_rate_plan_result {
  const cg_rate_link_change *links; /* apply first, in order */
  size_t nlinks;
  const cg_rate_change *comms; /* then these, in order */
  size_t ncomms;
} cg_rate_plan_result;

/* Caps a comm's demand (the LoP bound): returns a value <= demand. */
typedef double (*cg_rate_cap)(void *ctx, cg_comm c, double demand);

/* One flush: `g` has been flushed (cg_graph_changed lists the comms whose
 * penalty changed); `extra` lists other comms to re-rate (n_extra, may be
 * NULL when 0); `cap` (may be NULL) is called once per re-rated comm, in
 * step 1's order. Every comm in g's changed list or in `extra` must have
 * been added. The result is valid until the next call. */
cg_rate_plan_result cg_rate_plan_flush(cg_rate_plan *p, const cg_graph *g, const cg_comm *extra, size_t n_extra,
                                       cg_rate_cap cap, void *ctx);

/* State of comm c (tests, trace rows): NaN before its first flush. */
double cg_rate_plan_demand(const cg_rate_plan *p, cg_comm c);
double cg_rate_plan_bound(const cg_rate_plan *p, cg_comm c);
double cg_rate_plan_factor(const cg_rate_plan *p, cg_comm c);
/* 1 if the comm took the fast path at its last re-rating. */
int cg_rate_plan_free(const cg_rate_plan *p, cg_comm c);
/* 1 if the link is hidden from the solver. */
int cg_rate_plan_link_hidden(const cg_rate_plan *p, uint32_t link);
/* The ledger, for its statistics and states (read only). */
const cg_ledger *cg_rate_plan_ledger(const cg_rate_plan *p);

#ifdef __cplusplus
}
#endif
#endif
