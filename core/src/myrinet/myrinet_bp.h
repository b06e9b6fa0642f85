/* Private to the Myrinet technology: belief propagation for the uniform
 * distribution over maximal matchings of a bipartite multigraph (the
 * approximation's view of what lies outside a region).
 *
 * Each host of a pair (s, d) tells the other, as two ratios to the weight
 * of "the other is matched elsewhere": a = weight of "matched to me" (the
 * pair's multiplicity m over the normaliser), b = weight of "unmatched"
 * (allowed only if I am matched elsewhere). For a host with incoming
 * (a_j, b_j) from its other pairs:
 *   a_out = m / (prod b_j + sum a_j),   b_out = sum a_j / (prod b_j + sum a_j).
 * Exact on forests; on graphs with cycles it is the Bethe approximation. */
#ifndef CONTENTION_MYRINET_BP_H
#define CONTENTION_MYRINET_BP_H

#include <stddef.h>

struct myr_bigraph;

/* The chaos probe (see myr_bp_run): sweeps before the mean starts, and
 * the relative move of a message above which BP is deemed chaotic. */
#define MYR_BP_BURN_IN 10
#define MYR_BP_CHAOS 1e-3

/* The cycle's return (see myr_bp_run): with d the relative L1 distance of
 * the source-to-destination messages from those after sweep
 * MYR_BP_BURN_IN, a return is a local minimum of d below MYR_BP_RETURN
 * times the largest d before it, at least MYR_BP_MIN_PERIOD sweeps after
 * the reference, on a trajectory that went further than
 * MYR_BP_AMPLITUDE (converging components never do: the halo exchange's
 * keep their fixed point bit for bit). */
#define MYR_BP_MIN_PERIOD 8
#define MYR_BP_RETURN 0.05
#define MYR_BP_AMPLITUDE 0.05

/* Hosts of more pairs than this get their leave-one-out sums and products
 * from totals (one pass, one division per pair) when the numbers allow it
 * (see update_totals in myrinet_bp.c); others, and every host when
 * exact_only is set, by prefix and suffix. The product of b must be at
 * least MYR_BP_TOTALS_PMIN (a normal double, far from underflow). */
#define MYR_BP_TOTALS_MIN 16
#define MYR_BP_TOTALS_PMIN 1e-280

typedef struct myr_bp {
  double *a_sd, *b_sd; /* per pair e: source -> destination */
  double *a_ds, *b_ds; /* per destination slot t (pair d_pairs[t]): destination -> source */
  size_t *slot;        /* per pair: its destination slot */
  double *d_mult;      /* per destination slot: the pair's multiplicity */
  double *pre, *pprod, *ga, *gb, *avg, *ref;
  size_t a_sd_cap, b_sd_cap, a_ds_cap, b_ds_cap, slot_cap, d_mult_cap, pre_cap, pprod_cap, ga_cap,
      gb_cap, avg_cap, ref_cap;
  int exact_only;      /* leave-one-out by prefix and suffix for every host (tests) */
  int no_avx2;         /* the SSE2 path even where AVX2 runs (tests: same bits) */
  int avx2;            /* set by each run: totals four pairs at a time (x86-64 with AVX2) */
  size_t iterations;   /* sweeps of the last run */
  int converged;       /* whether it met the tolerance */
  int chaotic;         /* whether the messages are a mean over sweeps (return or probe) */
  size_t period;       /* sweeps of the period averaged at a return, else 0 */
  double probe_change; /* largest relative move in the probe sweep (0 if none) */
} myr_bp;

/* Sweeps from uniform messages, updating in place source 0, destination 0,
 * source 1, ... until no message moves by more than 1e-12 (relative) or
 * max_sweeps sweeps. Undamped (damping 1), on dense graphs (beyond about 12
 * hosts at 75 % of all pairs) BP has no stable fixed point: the messages
 * circle a limit cycle of 13 to 25 sweeps around it, the same to 1e-15
 * whatever the rounding (damping down to 0.1 does not settle them either,
 * doc/technologies.md), so the messages are a mean over sweeps (a mean
 * of the source-to-destination ones, a_sd and b_sd, which are what the
 * regions read; a_ds and b_ds keep the last sweep). With
 * chaos_probe > MYR_BP_BURN_IN (the approximation uses 60): if a message
 * still moves by more than MYR_BP_CHAOS (relative) in sweep chaos_probe,
 * the run stops there with the mean of sweeps MYR_BP_BURN_IN + 1 ..
 * chaos_probe (as close to the long-run mean as the mean of the second
 * half of 100 sweeps). With cycle set too, BP watches before that for the
 * messages' return to those after sweep MYR_BP_BURN_IN (above) and stops
 * at the first with the mean of the sweeps in between, one period (on
 * the 64-rank isort trace: 39 sweeps on average instead of 60, and 2.4
 * times closer to the long-run mean, doc/technologies.md). Otherwise, or
 * with chaos_probe 0: the mean of the second half of max_sweeps if they do
 * not settle. With damping < 1 each message moves that fraction of the way
 * to its new value, and the last sweep is kept. A pure function of g. */
void myr_bp_run(myr_bp *bp, const struct myr_bigraph *g, size_t max_sweeps, double damping, size_t chaos_probe,
                int cycle);
void myr_bp_free(myr_bp *bp);

#endif
