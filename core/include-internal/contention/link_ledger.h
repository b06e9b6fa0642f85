/* Which shared links can limit a comm: the bookkeeping behind the fast
 * path of the rate plan (contention/rate_plan.h, which owns the ledger).
 *
 * Under the contention model every inter-host comm c has a demand d(c): the
 * rate its penalty allows it, min(b0, B / p) (contention/comm_rate.h). A
 * link shared by several hosts (a backbone, an uplink) shares its capacity
 * C max-min among the comms that cross it, each of which wants at most its
 * demand. If the comms' demands fit in C (sum of w(c) d(c) <= C for a
 * SHARED link, where w is 1 on the route and 0.05 on the reverse route with
 * cross-traffic; every w(c) d(c) <= C for a FATPIPE link), max-min gives
 * every comm its whole demand: the link limits nobody, and a simulator may
 * leave it out of its sharing without changing any rate. Such a link is
 * "free"; otherwise it is "at risk". A comm all of whose shared links are
 * free runs at its demand whatever the solver sees on its route.
 *
 * The ledger keeps, per link, its capacity and the comms that cross it,
 * and tells after a batch of changes which links changed state. Sums are
 * kept incrementally and recomputed exactly from the link's comms whenever
 * they come within a relative 1e-9 of the capacity, so rounding never
 * decides a state. States depend only on the current demands (not on the
 * history), so simulations stay deterministic.
 *
 * Each comm also has a ceiling, a bound on every demand it will be given
 * (a comm's demand never exceeds what it gets alone, min(b0, B)). A link
 * whose comms' weighted ceilings fit in its capacity (their sum within a
 * relative 1e-6 below it for SHARED, each for FATPIPE) is free whatever the
 * demands, so the ledger leaves it out of their changes ("untracked") and
 * counts it from its comms' demands again when a comm's arrival, a ceiling
 * or a capacity change makes it able to fill ("tracked"). States are those
 * of tracking every link: a cluster's backbone, usually far larger than
 * its hosts can fill, then costs nothing at each re-rating. */
#ifndef CONTENTION_LINK_LEDGER_H
#define CONTENTION_LINK_LEDGER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_ledger cg_ledger;

cg_ledger *cg_ledger_create(void);
void cg_ledger_destroy(cg_ledger *l);

/* Registers a link (capacity > 0, in the demands' units); returns its
 * index, 0, 1, 2... in registration order. A new link is free, except a
 * FATPIPE link of capacity 0 (one whose capacity is not known in B/s, a
 * radio medium): that one is at risk, with or without comms. */
uint32_t cg_ledger_add_link(cg_ledger *l, double capacity, int fatpipe);
/* Registers a link of one host (a node link), left out of
 * cg_ledger_demand_counts. `one_way`: one direction of the host's card (an
 * up link, a down link), which the penalties of the comms that cross it
 * already divide among them: it can be at risk only while a comm that no
 * penalty of that direction divides crosses it too, and is then shared
 * max-min among all its comms' demands like any link. Such a comm is a
 * plain one (cg_ledger_add_plain_comm: an intra-host comm, which no
 * penalty rates), or one crossing the link with a weight other than 1
 * (its reverse route's cross-traffic term: it runs the other way); such
 * a cross entry puts the link at risk only while the comms the link's
 * penalties divide load it within its capacity (past it, as GigE's
 * rules allow, they are the measured card's, acknowledgements included).
 * Otherwise (a limiter, a SHARED private link) it is a link like any
 * other. */
uint32_t cg_ledger_add_node_link(cg_ledger *l, double capacity, int fatpipe, int one_way);
double cg_ledger_capacity(const cg_ledger *l, uint32_t link);
/* A link's capacity changed (a bandwidth profile): takes effect at the next
 * cg_ledger_update. */
void cg_ledger_set_capacity(cg_ledger *l, uint32_t link, double capacity);

/* Comm `comm` (a handle chosen by the caller, reusable after removal)
 * crosses links[i] with weight weights[i] > 0 (a link may appear twice, as
 * the forward and the reverse route's); its demand starts at 0 and never
 * exceeds `ceiling` (INFINITY: no bound known; its links are then always
 * tracked). */
void cg_ledger_add_comm(cg_ledger *l, uint32_t comm, const uint32_t *links, const double *weights, size_t n,
                        double ceiling);
/* The same for a plain comm: one whose demand no penalty sets (it makes
 * the direction links it crosses able to limit). */
void cg_ledger_add_plain_comm(cg_ledger *l, uint32_t comm, const uint32_t *links, const double *weights, size_t n,
                              double ceiling);
void cg_ledger_remove_comm(cg_ledger *l, uint32_t comm);
/* A demand above the comm's ceiling raises the ceiling to it. */
void cg_ledger_set_demand(cg_ledger *l, uint32_t comm, double demand);
/* The comm's ceiling changed (its bandwidth alone did); never below its
 * current demand. */
void cg_ledger_set_ceiling(cg_ledger *l, uint32_t comm, double ceiling);

/* Brings every link touched since the last call to its state for the
 * current demands and capacities; lists (in increasing index) the links
 * whose state changed. Valid until the next mutation. */
const uint32_t *cg_ledger_update(cg_ledger *l, size_t *count);
/* The comms (handles) crossing a link, in no particular order; *count
 * receives their number. Valid until the next mutation. */
const uint32_t *cg_ledger_link_comms(cg_ledger *l, uint32_t link, size_t *count);
/* 1 if the link is at risk (state as of the last cg_ledger_update). */
int cg_ledger_at_risk(const cg_ledger *l, uint32_t link);
/* 1 if the link's sum (or count) follows the demands: its comms'
 * ceilings could fill it (tests, statistics). */
int cg_ledger_tracked(const cg_ledger *l, uint32_t link);
/* Demand changes so far (cg_ledger_set_demand with a new value) of comms
 * crossing a shared link: those that updated a tracked shared link, and
 * those whose shared links were all untracked (node links aside, tracked
 * or not; comms crossing node links only aside). */
void cg_ledger_demand_counts(const cg_ledger *l, uint64_t *counted, uint64_t *skipped);
/* 1 if none of the comm's links is at risk. */
int cg_ledger_comm_free(const cg_ledger *l, uint32_t comm);
/* The links a comm crosses (as cg_ledger_add_comm or its plain variant were
 * given) and, in *weights, its weight on each; *n their number.
 * Valid until the next mutation. */
const uint32_t *cg_ledger_comm_links(const cg_ledger *l, uint32_t comm, const double **weights, size_t *n);

#ifdef __cplusplus
}
#endif
#endif
