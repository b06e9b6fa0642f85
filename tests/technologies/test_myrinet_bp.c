/* Belief propagation's chaos probe (myrinet_bp.h): on a dense graph BP
 * never settles, stops at sweep 60 and gives penalties within a few
 * percent of the mean of sweeps 51..100 (the probe off); on a sparse graph it converges before the probe, which changes
 * nothing, bit for bit. Graphs drawn by a fixed generator; the numbers
 * were measured with this file and the tolerances set just above. */
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

/* Penalties of c's comms in comm order, with BP + regions forced. */
static void solve(myr_comp *c, size_t probe, double *pen)
{
  myr_options o = myr_default_options(0);
  o.closed_forms = 0;
  o.local_near = 0;
  o.bp_chaos_probe = probe;
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
  myr_bp_run(bp, &c->g, 100, 1, probe);
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
  free(early);
  free(full);
  myr_bp_free(&bp);
  myr_comp_free(&c);
  return check_failures != 0;
}
