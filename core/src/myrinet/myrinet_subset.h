/* Private to the Myrinet technology: exact state-set counts of a component
 * that is complete minus a partial matching (each host misses at most one
 * pair) with any multiplicities, e.g. the all-to-all between nodes that
 * each run several ranks, where a pair carries as many comms as rank pairs.
 *
 * As for the unit closed form (myrinet_closed.h), a matching is maximal iff
 * its idle sources X and idle destinations Y have no pair between them; with
 * missing pairs forming a matching that is X = {} or Y = {}, or X = {x},
 * Y = {y} with (x, y) missing. So, with r <= c the sizes of the two sides:
 * if r < c the maximal matchings are the injections of the small side into
 * the large one; if r = c the perfect matchings, plus the perfect matchings
 * that use exactly one missing pair as a virtual pair of weight 1 (its two
 * hosts idle). Each matching weighs the product of its pairs'
 * multiplicities.
 *
 * They are counted by dynamic programming over the large side, one host at
 * a time, the state being the set of small-side hosts already matched (and
 * for r = c whether the virtual pair was used): 2^(r+1) states per step,
 * forward and backward, so every pair's count comes out at once. Sums of
 * products of positive numbers: no cancellation, and integer counts below
 * 2^53 are exact (the same doubles as an enumeration). */
#ifndef CONTENTION_MYRINET_SUBSET_H
#define CONTENTION_MYRINET_SUBSET_H

#include <stddef.h>
#include <stdint.h>

struct myr_bigraph;

/* Largest small side accepted. */
#define MYR_SUBSET_MAX_SIDE 12

/* Scratch reused across calls; zero-initialise. */
typedef struct myr_subset {
  double *w;        /* weights, large-side host x small-side host */
  int32_t *miss;    /* per large-side host: its missing small-side host, or -1 */
  double *f, *g;    /* forward layers (all), backward layers (two) */
  size_t w_cap, miss_cap, f_cap, g_cap;
} myr_subset;

/* If g has this shape and its small side has at most max_side hosts,
 * writes ratio[pair] = N / sets where one given comm of the pair sends, and
 * returns 1; otherwise returns 0 and writes nothing. */
int myr_subset_solve(myr_subset *w, const struct myr_bigraph *g, size_t max_side, double *ratio);
void myr_subset_free(myr_subset *w);

#endif
