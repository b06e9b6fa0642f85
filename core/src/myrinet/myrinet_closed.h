/* Private to the Myrinet technology: closed form of the state sets of a
 * bipartite graph that is complete minus a partial matching, with one comm
 * per pair (all-to-all among n hosts, stars, incasts, all-to-all among
 * partly different sender and receiver sets).
 *
 * With p sources, q destinations and k missing pairs (each host misses at
 * most one), a matching is maximal iff its unmatched sources X and
 * destinations Y have no pair between them: X or Y is empty, or X = {x},
 * Y = {y} with (x, y) missing. So, with I(a, b, k) the injections of a
 * sources into b >= a destinations avoiding k missing pairs,
 *   I(a, b, k) = sum_i (-1)^i C(k, i) (b - i)! / (b - a)!,
 *   N = I(p, q, k) (p < q), I(q, p, k) (p > q), I(n, n, k) + k I(n-1, n-1, k-1) (p = q = n),
 * and a comm s -> d sends in N of the graph without s and d (again of this
 * shape, with k - [s misses a pair] - [d misses a pair] missing pairs). For
 * the all-to-all on n hosts N = D(n) + n D(n-1) (derangements). Exact
 * integers while they fit in 51 bits (the same doubles as an enumeration),
 * ratios of normalised sums beyond, so any size is finite. */
#ifndef CONTENTION_MYRINET_CLOSED_H
#define CONTENTION_MYRINET_CLOSED_H

#include "myrinet_sets.h"

/* If g has this shape, writes ratio[pair] = N / sets where one comm of the
 * pair sends, and returns 1; else returns 0 and writes nothing. */
int myr_closed_solve(const myr_bigraph *g, double *ratio);
/* Approximation for graphs close to complete: a comm s -> d is given the
 * ratio of the complete-minus-matching shape of its own neighbourhood, with
 * indeg(d) + 1 sources and deg(s) + 1 destinations of which all but one
 * host do both (so on the all-to-all it is the closed form). */
void myr_closed_local(const myr_bigraph *g, double *ratio);
/* Whether g is close to complete: one comm per pair, at most ns + nd
 * missing pairs (the all-to-all misses ns, the host pairs) and at most a
 * quarter of all pairs. */
int myr_closed_near(const myr_bigraph *g);
/* The same numbers from the shape alone (p sources, q destinations, k
 * missing pairs; src_misses, dst_misses: whether the comm's ends miss a
 * pair). For tests. */
double myr_closed_ratio(size_t p, size_t q, size_t k, int src_misses, int dst_misses);

#endif
