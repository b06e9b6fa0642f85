/* The arithmetic of Algorithm 1's rules (Zhu et al.), shared by the full
 * run (tech_hier_ethernet.c) and the sweep (hier_sweep.c), so that both
 * give the same bits. */
#ifndef CONTENTION_HIER_RULES_H
#define CONTENTION_HIER_RULES_H

#include <math.h>
#include <stddef.h>

/* fmax of two numbers that are never NaN, inlined (a libm call was 6 % of
 * the evaluation). */
static inline double hier_dmax(double a, double b) { return a > b ? a : b; }

/* Equal within the rules' relative tolerance (values, saturation). */
static inline int hier_same(double a, double b) { return fabs(a - b) <= 1e-9 * hier_dmax(fabs(a), fabs(b)); }

/* inverseBandwidth(i) of Algorithm 1: fair share of what the `fixed`
 * flows (bandwidth `used` in all) left on a resource of capacity cap
 * used by `flows`, never above the NIC bandwidth. Every flow takes at
 * most this share of each of its resources, so one is full only when its
 * last flow is fixed; a rounding residue below 1e-9 of cap gives
 * cap / flows, to stay finite. */
static inline double hier_fair_inverse(double cap, size_t flows, size_t fixed, double used, double nic)
{
  double avail = cap - used;
  if (avail <= cap * 1e-9)
    avail = cap / (double)flows;
  return hier_dmax(1.0 / nic, (double)(flows - fixed) / avail);
}

#endif
