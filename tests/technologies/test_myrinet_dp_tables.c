/* Option tables of the Myrinet DP (myrinet_dp.c): a step whose neighbours
 * already on the frontier are fewer than the frontier is solved through a
 * table of its options per combination of their digits. The tables change
 * no arithmetic: every ratio is bit-identical with them off, for the full
 * DP and for the single-source pass of the regions, with and without
 * fields. Likewise the full DP keeping every forward layer (the default
 * at this size) and keeping checkpoints and replaying them, and its
 * backward pass skipping the states the forward pass never reached (the
 * default) or not. Graph: the 4 x 4 torus halo (each host sends to its 4
 * neighbours), P = sources; fields drawn by a fixed generator. The step
 * counts were measured with this file. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "myrinet_dp.h"

enum { SIDE = 4, HOSTS = SIDE * SIDE, DEG = 4, SLOTS = HOSTS * DEG };

static size_t p_off[HOSTS + 1];
static uint32_t p_q[SLOTS];
static double p_w[SLOTS], alpha_q[HOSTS], beta_q[HOSTS];

static void torus(void)
{
  size_t t = 0;
  for (size_t h = 0; h < HOSTS; h++) {
    size_t x = h % SIDE, y = h / SIDE;
    size_t nb[DEG] = {y * SIDE + (x + 1) % SIDE, y * SIDE + (x + SIDE - 1) % SIDE,
                      ((y + 1) % SIDE) * SIDE + x, ((y + SIDE - 1) % SIDE) * SIDE + x};
    p_off[h] = t;
    for (size_t j = 0; j < DEG; j++) {
      p_q[t] = (uint32_t)nb[j];
      p_w[t++] = 1 + (double)(j == 0); /* one pair with two comms */
    }
  }
  p_off[HOSTS] = t;
  for (size_t q = 0; q < HOSTS; q++) {
    alpha_q[q] = check_unit();
    beta_q[q] = 0.5 + check_unit();
  }
}

/* Solves in with tables on and off, and (full DP) with checkpoints
 * instead of every forward layer and with every state visited; returns
 * the steps tabulated with tables on. */
static size_t compare(const myr_dp_in *in, const uint32_t *order, int first_only)
{
  double on[SLOTS], off[SLOTS], replay[SLOTS], every[SLOTS];
  myr_dp w = {0}, v = {0}, r = {0}, e = {0};
  v.no_tables = 1;
  r.no_keep = 1;
  e.no_skip = 1;
  myr_dp_solve(&w, in, order, first_only, on);
  myr_dp_solve(&v, in, order, first_only, off);
  myr_dp_solve(&r, in, order, first_only, replay);
  myr_dp_solve(&e, in, order, first_only, every);
  size_t n = first_only ? p_off[order[0] + 1] - p_off[order[0]] : SLOTS;
  size_t s0 = first_only ? p_off[order[0]] : 0;
  for (size_t s = s0; s < s0 + n; s++) {
    CHECK(on[s] == off[s]);
    CHECK(on[s] == replay[s]);
    CHECK(on[s] == every[s]);
    CHECK(on[s] > 1 && on[s] < 1e6);
  }
  CHECK(v.tabled_steps == 0);
  size_t steps = w.tabled_steps;
  if (!first_only) /* the replay runs the forward steps of each segment but its first twice */
    CHECK(r.tabled_steps == 40);
  myr_dp_free(&w);
  myr_dp_free(&v);
  myr_dp_free(&r);
  myr_dp_free(&e);
  return steps;
}

int main(void)
{
  check_seed(12345);
  torus();
  myr_dp_in in = {.np = HOSTS, .nq = HOSTS, .p_off = p_off, .p_q = p_q, .p_w = p_w};
  uint32_t order[HOSTS];
  myr_dp w = {0};
  size_t width = myr_dp_order(&w, &in, order, MYR_DP_MAX_WIDTH, SIZE_MAX);
  myr_dp_free(&w);
  CHECK(width == 7);
  /* full DP: the forward pass and the backward pass (the replay of the
   * checkpoints, off by default here, adds more) */
  CHECK(compare(&in, order, 0) == 28);
  in.alpha_q = alpha_q;
  in.beta_q = beta_q;
  CHECK(compare(&in, order, 0) == 28);
  /* the regions' pass (one backward sweep): 14 of the 16 steps */
  CHECK(compare(&in, order, 1) == 14);
  CHECK_DONE();
}
