/* Belief propagation's chaos probe and cycle return (myrinet_bp.h): on a
 * dense graph BP never settles, stops at sweep 60 and gives penalties
 * within a few percent of the mean of sweeps 51..100 (the probe off); on
 * a sparse graph it converges before the probe, which changes nothing,
 * bit for bit. With the return watched, a dense graph's messages come
 * back after one period, whose mean is closer to the long-run mean than
 * the probe's; where they do not come back before the probe, and on
 * converging graphs, the result is the probe's bit for bit. Graphs drawn
 * by a fixed generator; the numbers were measured with this file and the
 * tolerances set just above. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "myrinet_bp.h"
#include "myrinet_sets.h"

/* All pairs i -> j (i != j) of `hosts` hosts, each kept with probability
 * percent / 100; comm i gets the pair's rank in the draw. */
static void draw(myr_comp *c, uint32_t hosts, unsigned percent)
{
  myr_comp_clear(c);
  size_t n = 0;
  for (uint32_t i = 0; i < hosts; i++)
    for (uint32_t j = 0; j < hosts; j++)
      if (i != j && check_rand() % 100 < percent)
        myr_comp_add(c, (cg_comm)n++, i, j);
}

/* A ring of `hosts` hosts, both directions, plus `extra` random comms. */
static void ring(myr_comp *c, uint32_t hosts, size_t extra)
{
  myr_comp_clear(c);
  size_t n = 0;
  for (uint32_t i = 0; i < hosts; i++) {
    myr_comp_add(c, (cg_comm)n++, i, (i + 1) % hosts);
    myr_comp_add(c, (cg_comm)n++, (i + 1) % hosts, i);
  }
  for (size_t k = 0; k < extra; k++) {
    uint32_t a = check_rand() % hosts, b = check_rand() % hosts;
    if (a != b)
      myr_comp_add(c, (cg_comm)n++, a, b);
  }
}

/* Penalties of c's comms in comm order, with BP + regions forced, the
 * chaos probe at sweep `probe` (0: off) and the cycle's return unwatched. */
static void solve(myr_comp *c, size_t probe, double *pen)
{
  myr_options o = myr_default_options(0);
  o.closed_forms = 0;
  o.local_near = 0;
  o.bp_chaos_probe = probe;
  o.bp_cycle = 0;
  myr_comp_solve(c, &o);
  CHECK(c->method == MYR_APPROX);
  for (size_t i = 0; i < c->n; i++)
    pen[c->items[i].comm] = c->items[i].penalty;
}

/* Largest relative difference between two penalty vectors. */
static double max_rel(const double *a, const double *b, size_t n)
{
  double m = 0;
  for (size_t i = 0; i < n; i++)
    m = fmax(m, fabs(a[i] - b[i]) / b[i]);
  return m;
}

/* BP alone on c's graph (built by a solve): sweeps and probe outcome. */
static void run_bp(myr_comp *c, size_t probe, myr_bp *bp)
{
  myr_bp_run(bp, &c->g, 100, 1, probe, 0);
}

/* Mean relative difference of BP's source-to-destination messages (the
 * averaged ones, which the regions read) between two runs. */
static double mean_rel(const myr_bp *x, const myr_bp *ref, size_t ne)
{
  double s = 0;
  for (size_t e = 0; e < ne; e++)
    s += fabs(x->a_sd[e] - ref->a_sd[e]) / ref->a_sd[e] + fabs(x->b_sd[e] - ref->b_sd[e]) / ref->b_sd[e];
  return s / (double)(2 * ne);
}

/* The same messages bit for bit. */
static int same_bits(const myr_bp *x, const myr_bp *y, size_t ne)
{
  for (size_t e = 0; e < ne; e++)
    if (x->a_sd[e] != y->a_sd[e] || x->b_sd[e] != y->b_sd[e] || x->a_ds[e] != y->a_ds[e] || x->b_ds[e] != y->b_ds[e])
      return 0;
  return 1;
}

/* A 64-host graph with `percent` % of the pairs (an isort component):
 * with the return watched, BP stops after one period of `period` sweeps;
 * its mean is within `tol` of the long-run mean (sweeps 1001..2000) on
 * average, closer than the probe's mean of sweeps 11..60. */
static void cycle_returns(myr_comp *c, unsigned percent, size_t period, double tol)
{
  myr_bp watched = {0}, probe = {0}, ref = {0};
  double *pen = malloc(4096 * sizeof *pen);
  draw(c, 64, percent);
  solve(c, 60, pen); /* builds c->g */
  size_t ne = c->g.ne;
  myr_bp_run(&watched, &c->g, 100, 1, 60, 1);
  myr_bp_run(&probe, &c->g, 100, 1, 60, 0);
  myr_bp_run(&ref, &c->g, 2000, 1, 0, 0);
  double ew = mean_rel(&watched, &ref, ne), ep = mean_rel(&probe, &ref, ne);
  printf("%u %%: %zu pairs, return after a period of %zu sweeps (%zu in all): %.3g from the long-run mean, "
         "probe %.3g\n",
         percent, ne, watched.period, watched.iterations, ew, ep);
  CHECK(watched.chaotic && watched.period == period && watched.iterations == MYR_BP_BURN_IN + period + 1);
  CHECK(probe.chaotic && probe.period == 0 && probe.iterations == 60);
  CHECK(ew < tol && ew < ep);
  myr_bp_free(&watched);
  myr_bp_free(&probe);
  myr_bp_free(&ref);
  free(pen);
}

int main(void)
{
  check_seed(77);
  myr_comp c = {0};
  myr_bp bp = {0};
  double *early = malloc(4096 * sizeof *early), *full = malloc(4096 * sizeof *full);
  /* Dense: 32 hosts, 75 % of the pairs (a 64-rank isort component has the
   * same shape): chaotic, stops at the probe. */
  draw(&c, 32, 75);
  size_t n = c.n;
  solve(&c, 0, full);
  run_bp(&c, 0, &bp);
  CHECK(!bp.converged && bp.iterations == 100);
  solve(&c, 60, early);
  run_bp(&c, 60, &bp);
  CHECK(bp.chaotic && !bp.converged && bp.iterations == 60);
  printf("dense: %zu comms, probe change %.3g, max change vs 100 sweeps %.3g\n", n, bp.probe_change,
         max_rel(early, full, n));
  CHECK(bp.probe_change > 0.2); /* measured 0.236: far above MYR_BP_CHAOS */
  CHECK(max_rel(early, full, n) < 0.02); /* measured 0.0172 */
  /* Sparse: a bidirectional ring of 40 hosts plus 20 chords converges
   * before the probe: bit-identical penalties, same sweeps. */
  ring(&c, 40, 20);
  n = c.n;
  solve(&c, 0, full);
  run_bp(&c, 0, &bp);
  size_t sweeps = bp.iterations;
  CHECK(bp.converged && sweeps == 52);
  solve(&c, 60, early);
  run_bp(&c, 60, &bp);
  CHECK(bp.converged && !bp.chaotic && bp.iterations == sweeps);
  for (size_t i = 0; i < n; i++)
    CHECK(early[i] == full[i]);
  printf("sparse: %zu comms, converged in %zu sweeps\n", n, sweeps);
  /* ... and the return, watched, changes nothing either */
  myr_bp watched = {0};
  myr_bp_run(&watched, &c.g, 100, 1, 60, 1);
  CHECK(watched.converged && watched.period == 0 && watched.iterations == sweeps);
  CHECK(same_bits(&watched, &bp, c.g.ne));
  /* The cycle's return on isort-like components. */
  cycle_returns(&c, 75, 21, 0.0070); /* measured 0.00672 (probe 0.0198) */
  cycle_returns(&c, 95, 26, 0.0021); /* measured 0.00205 (probe 0.00529) */
  /* No return before the probe (64 hosts at 50 %): the probe's mean, bit
   * for bit. */
  draw(&c, 64, 50);
  solve(&c, 60, early);
  myr_bp_run(&watched, &c.g, 100, 1, 60, 1);
  run_bp(&c, 60, &bp);
  printf("50 %%: %zu pairs, no return: %zu sweeps\n", c.g.ne, watched.iterations);
  CHECK(watched.chaotic && watched.period == 0 && watched.iterations == 60);
  CHECK(same_bits(&watched, &bp, c.g.ne));
  myr_bp_free(&watched);
  free(early);
  free(full);
  myr_bp_free(&bp);
  myr_comp_free(&c);
  return check_failures != 0;
}
