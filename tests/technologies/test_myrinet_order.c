/* The greedy order of the Myrinet DP (myr_dp_order, myrinet_dp.c) on
 * pieces of a 3-D halo exchange, the shape of the components of
 * bench/smpi-speed's halo3d at one rank per node: the 4 x 4 x 4 torus of
 * bench/technologies/myr_shapes.h (every host sends to its 6 neighbours,
 * 384 comms), of which each trial keeps each comm with probability 40 %
 * (shape_thin, fixed generator). For each piece the narrower of the two
 * sides' orders is what the exact DP would use.
 *
 * Pinned, measured with this file: how many of the 200 pieces fit the
 * default exact bound (frontier <= 8, at most 16 x 3^8 states in the
 * layers) and the sum of the widths (each at most 13: the order stops
 * once past MYR_DP_MAX_WIDTH). With ties broken by index alone the same pieces gave ORDER_FIT_BY_INDEX and
 * ORDER_WIDTHS_BY_INDEX: breaking ties towards the vertex that advances
 * more open vertices of the other side narrows the frontier. Any order gives the same
 * exact counts (technologies.myrinet_exact checks them against the
 * enumeration); this checks that the order stays as narrow. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "myr_shapes.h"
#include "myrinet_dp.h"

enum { SIDE = 4, HOSTS = SIDE * SIDE * SIDE, DEG = 6, TRIALS = 200, KEEP_PERCENT = 40 };
/* measured: with the current ties, and with ties by index alone */
enum { ORDER_FIT = 156, ORDER_WIDTHS = 1509, ORDER_FIT_BY_INDEX = 134, ORDER_WIDTHS_BY_INDEX = 1583 };
_Static_assert(ORDER_FIT > ORDER_FIT_BY_INDEX && ORDER_WIDTHS < ORDER_WIDTHS_BY_INDEX, "the ties narrow the order");

static size_t s_off[HOSTS + 1], d_off[HOSTS + 1];
static uint32_t s_q[HOSTS * DEG], d_q[HOSTS * DEG];
static double w_one[HOSTS * DEG];

/* Both sides' adjacency of the whole piece (connected or not): a ->
 * [off[a], off[a + 1]) of q, in the order of the piece's comms. */
static void adjacency(const shape *s, const cg_host *from, const cg_host *to, size_t *off, uint32_t *q)
{
  size_t fill[HOSTS + 1] = {0};
  for (size_t i = 0; i < s->n; i++)
    fill[from[i] + 1]++;
  for (size_t h = 0; h < HOSTS; h++)
    fill[h + 1] += fill[h];
  for (size_t h = 0; h <= HOSTS; h++)
    off[h] = fill[h];
  for (size_t i = 0; i < s->n; i++)
    q[fill[from[i]]++] = (uint32_t)to[i];
}

int main(void)
{
  check_seed(20261124);
  myr_dp w = {0};
  shape piece = {0};
  uint32_t order[HOSTS];
  size_t states = 16; /* the default exact bound's work cap: 16 x 3^8 */
  for (int i = 0; i < 8; i++)
    states *= 3;
  for (size_t s = 0; s < HOSTS * DEG; s++)
    w_one[s] = 1; /* one comm per pair, whatever the piece */
  int fit = 0;
  size_t widths = 0;
  for (int trial = 0; trial < TRIALS; trial++) {
    shape_torus(&piece, SIDE);
    shape_thin(&piece, KEEP_PERCENT, check_rand);
    adjacency(&piece, piece.src, piece.dst, s_off, s_q);
    adjacency(&piece, piece.dst, piece.src, d_off, d_q);
    myr_dp_in by_src = {.np = HOSTS, .nq = HOSTS, .p_off = s_off, .p_q = s_q, .p_w = w_one};
    myr_dp_in by_dst = {.np = HOSTS, .nq = HOSTS, .p_off = d_off, .p_q = d_q, .p_w = w_one};
    size_t ws = myr_dp_order(&w, &by_src, order, MYR_DP_MAX_WIDTH, SIZE_MAX);
    size_t wd = myr_dp_order(&w, &by_dst, order, MYR_DP_MAX_WIDTH, SIZE_MAX);
    size_t width = ws < wd ? ws : wd;
    widths += width;
    fit += myr_dp_order(&w, &by_src, order, 8, states) <= 8 || myr_dp_order(&w, &by_dst, order, 8, states) <= 8;
  }
  myr_dp_free(&w);
  shape_free(&piece);
  CHECK(fit == ORDER_FIT);
  CHECK(widths == (size_t)ORDER_WIDTHS);
  CHECK_DONE();
}
