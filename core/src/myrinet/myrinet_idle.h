/* Private to the Myrinet technology: exact state-set counts of dense
 * components, where the path DP (myrinet_dp.h) would need a frontier
 * beyond its bound, by summing over the sets of idle hosts of one side.
 *
 * Pick a side P (the other is Q). A matching is maximal iff no pair joins
 * an idle P host to an idle Q host. Fix X, the idle P hosts: every other P
 * host is matched, and a Q host may stay idle only if it has no neighbour
 * in X (the set Y_X). Since |P| - |X| hosts of Q are matched, X is possible
 * only if |Y_X| >= |Q| - |P| + |X|; Y_X shrinks as X grows, so the possible
 * X are found by a search that stops at the first impossible set. On a
 * dense graph they are few (on the all-to-all: the empty set and the
 * singletons).
 *
 * For each possible X, a DP over the Q hosts in order whose state is the
 * set of P \ X hosts already matched (2^(|P| - |X|) states): a Q host is
 * matched to an unmatched neighbour in P \ X, or stays idle if it is in
 * Y_X; the count is the weight of the full state at the end. A backward
 * pass gives each pair's count. Sums of products of multiplicities, in a
 * fixed order: integer counts below 2^53 are exact, and the result is a
 * pure function of the graph.
 *
 * The work is sum over X of 2^(|P| - |X|) states per Q host; the side with
 * the smaller sum is used, and the method declines (returns 0) above a
 * state budget, so the technology's exact_max_width bounds it as it
 * bounds the path DP. */
#ifndef CONTENTION_MYRINET_IDLE_H
#define CONTENTION_MYRINET_IDLE_H

#include <stddef.h>
#include <stdint.h>

struct myr_bigraph;

/* Largest side P accepted (states are bit masks of P). */
#define MYR_IDLE_MAX_SIDE 24

/* Scratch reused across calls; zero-initialise. */
typedef struct myr_idle {
  uint32_t *xs;           /* possible idle sets, as masks of P */
  uint32_t *nbmask;       /* per Q host: mask of its P neighbours */
  uint32_t *adj_bit;      /* per Q host's slots: P bit after removing X */
  double *adj_w;          /* ... multiplicity */
  size_t *adj_e, *adj_off; /* ... pair index; slots of Q host j */
  int8_t *q_idle;         /* per Q host: may stay idle (in Y_X) */
  long *lo, *hi;          /* per layer: fewest and most matched P hosts */
  uint32_t *bypc;         /* states by popcount ... */
  size_t *pcoff;          /* ... and where each popcount starts */
  double *f, *b0, *b1;    /* forward layers (all), backward layers (two) */
  double *cnt;            /* per pair: sets where one given comm sends */
  size_t xs_cap, nbmask_cap, adj_bit_cap, adj_w_cap, adj_e_cap, adj_off_cap, q_idle_cap, lo_cap, hi_cap;
  size_t bypc_cap, pcoff_cap;
  size_t f_cap, b0_cap, b1_cap, cnt_cap;
} myr_idle;

/* If the cheaper side's states (sum over possible X of 2^(|P| - |X|)) are
 * at most max_states, writes ratio[pair] = N / sets where one given comm of
 * the pair sends, and returns 1; otherwise returns 0 and writes nothing. */
int myr_idle_solve(myr_idle *w, const struct myr_bigraph *g, size_t max_states, double *ratio);
void myr_idle_free(myr_idle *w);

#endif
