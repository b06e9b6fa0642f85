/* Myrinet's regions shared out over threads (myr_options.threads,
 * core/src/myrinet/myrinet_approx.h) give the same penalties, bit for bit, as one
 * thread.
 *
 * Components the approximation solves: the halo exchange on a 4x4x4 and a
 * 5x5x5 torus (every host sends to its six neighbours), the 5x5x5 one with
 * about a third of its comms dropped at random (what a simulation sees
 * while the exchange starts and ends), and random connected multigraphs
 * of 120 to 200 comms on 40 to 60 hosts. Each is solved with 1, 2, 3 and 5
 * threads by separate solvers and once more by a solver that keeps its
 * pool from one component to the next; all must give the one-thread bits
 * and the approximation as method. The kept solver must have shared the
 * regions of at least 20 of them out over its threads (sparse components
 * of at least MYR_APPROX_PARALLEL_MIN sources; the others stay on the
 * caller), so the test fails if the threads are never used.
 *
 * The pool starts only at the first component whose regions it would share
 * (myrinet_approx.c, ensure_threads): a solver asked for two threads keeps
 * to the caller's thread over a dense thinned all-to-all the approximation
 * solves, then starts its pool on the 4x4x4 torus; one asked for one
 * thread never starts one. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "myr_shapes.h"
#include "myrinet_approx.h"

enum { MAXC = 1024 };

static uint32_t rng = 12345;
static uint32_t draw(void)
{
  rng = rng * 1664525u + 1013904223u;
  return rng >> 8;
}

/* shape_torus with each comm kept with probability keep / 100. */
static void torus(shape *s, uint32_t k, uint32_t keep)
{
  shape_torus(s, k);
  shape_thin(s, keep, draw);
}

static double one[MAXC], got[MAXC];

static myr_method solve(const shape *s, size_t threads, double *pen)
{
  myr_comp c = {0};
  myr_options opt = myr_default_options(8);
  opt.memo = 0;
  opt.threads = threads;
  myr_method m = shape_solve(&c, s, &opt, pen);
  myr_comp_free(&c);
  return m;
}

/* A solver asked for two threads starts its pool at the first shareable
 * component, not before; one asked for one never does. */
static void check_lazy_pool(shape *s)
{
  myr_comp two = {0}, one_t = {0};
  myr_options opt = myr_default_options(8);
  opt.memo = 0;
  opt.threads = 2;
  shape_all_to_all(s, 16); /* half of it: dense, its regions stay on the caller */
  shape_thin(s, 50, draw);
  CHECK(shape_solve(&two, s, &opt, got) == MYR_APPROX);
  CHECK(two.approx != NULL && myr_approx_pool_threads(two.approx) == 1);
  CHECK(myr_approx_parallel_solves(two.approx) == 0);
  shape_torus(s, 4);
  CHECK(shape_solve(&two, s, &opt, got) == MYR_APPROX);
  CHECK(myr_approx_pool_threads(two.approx) == 2);
  CHECK(myr_approx_parallel_solves(two.approx) == 1);
  opt.threads = 1;
  CHECK(shape_solve(&one_t, s, &opt, got) == MYR_APPROX);
  CHECK(myr_approx_pool_threads(one_t.approx) == 1);
  myr_comp_free(&two);
  myr_comp_free(&one_t);
}

int main(void)
{
  shape s = {0};
  check_lazy_pool(&s);
  myr_comp kept = {0};
  myr_options kopt = myr_default_options(8);
  kopt.memo = 0;
  kopt.threads = 2;
  size_t shapes = 0;
  for (int k = 0; k < 36; k++) {
    if (k == 0)
      torus(&s, 4, 100);
    else if (k == 1)
      torus(&s, 5, 100);
    else if (k < 12)
      torus(&s, 5, 60 + (uint32_t)(draw() % 20));
    else
      shape_connected(&s, 120 + draw() % 81, 40 + draw() % 21, draw);
    myr_method m1 = solve(&s, 1, one);
    if (m1 != MYR_APPROX)
      continue; /* an exact method: no regions */
    shapes++;
    for (size_t t = 2; t <= 5; t += t == 3 ? 2 : 1) {
      CHECK(solve(&s, t, got) == MYR_APPROX);
      CHECK(memcmp(got, one, s.n * sizeof *got) == 0);
    }
    CHECK(shape_solve(&kept, &s, &kopt, got) == MYR_APPROX);
    CHECK(memcmp(got, one, s.n * sizeof *got) == 0);
  }
  size_t shared = myr_approx_parallel_solves(kept.approx);
  fprintf(stderr, "%zu components solved by the approximation, %zu with their regions shared\n", shapes, shared);
  CHECK(shapes >= 30);
  CHECK(shared >= 20);
  myr_comp_free(&kept);
  shape_free(&s);
  return check_failures != 0;
}
