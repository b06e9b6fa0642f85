/* Option tables of the Myrinet DP (myrinet_dp.c): a step whose neighbours
 * already on the frontier are fewer than the frontier is solved through a
 * table of its options per combination of their digits. The tables change
 * no arithmetic: every ratio is bit-identical with them off, for the full
 * DP (over the reached states) and for the single-source pass of the
 * regions (over every state), with and without fields. The two passes
 * also agree bit for bit on the first source's slots (layers are rescaled
 * by powers of two, which cancel), the full DP reaches few of the states
 * (counted), and it stops when they exceed its max_reached argument.
 * The full DP builds each table once, in its forward pass, and its
 * backward pass reads the kept ones (with each state's base and
 * combination index from the forward pass, no digits decoded); under a
 * small budget of kept tables the backward pass builds the others again,
 * with the same results. Decoding a state's index through tables of 4 or
 * of 2 digits (by the layer's reached states) gives the digits, base and
 * combination index of decoding it digit by digit: bit-identical ratios,
 * each kind of table used (counted).
 * Graph: the 4 x 4 torus halo (each host sends to its 4 neighbours), P =
 * sources; fields drawn by a fixed generator. The step and state counts
 * were measured with this file. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "myrinet_dp.h"

enum { SIDE = 4, HOSTS = SIDE * SIDE, DEG = 4, SLOTS = HOSTS * DEG };
enum { REACHED = 2698, ALL = 13448 }; /* states of the full DP: reached, all (measured) */
enum { REBUILT_400 = 8 }; /* tables the backward pass builds again under a 400-option budget (measured) */
enum { DECODED_4 = 11, DECODED_2 = 12 }; /* layers decoded through tables, tables off (measured) */

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

/* Solves in with tables on and off, fully and for the first source;
 * returns the steps tabulated by the full solve with tables on (forward
 * and backward passes) and, in *first_steps, by the first-source pass. */
static size_t keep_options; /* w's budget of kept tables (0: the default) */

static size_t decoded[2]; /* layers decoded by 4- and 2-digit tables, tables off */

static size_t compare(const myr_dp_in *in, const uint32_t *order, size_t *first_steps)
{
  double on[SLOTS], off[SLOTS], first[SLOTS], first_off[SLOTS], digits[SLOTS], digits_off[SLOTS];
  myr_dp w = {0}, v = {0}, f = {0}, g = {0}, d = {0}, e = {0};
  w.keep_options = keep_options;
  v.no_tables = 1;
  g.no_tables = 1;
  d.no_decoder = 1;
  e.no_decoder = 1;
  e.no_tables = 1;
  CHECK(myr_dp_solve(&w, in, order, SIZE_MAX, on) == 1);
  CHECK(myr_dp_solve(&v, in, order, SIZE_MAX, off) == 1);
  CHECK(myr_dp_solve(&d, in, order, SIZE_MAX, digits) == 1);
  CHECK(myr_dp_solve(&e, in, order, SIZE_MAX, digits_off) == 1);
  for (size_t s = 0; s < SLOTS; s++)
    CHECK(digits[s] == on[s] && digits_off[s] == on[s]);
  CHECK(d.decoded_layers[0] + d.decoded_layers[1] + e.decoded_layers[0] + e.decoded_layers[1] == 0);
  decoded[0] = v.decoded_layers[0];
  decoded[1] = v.decoded_layers[1];
  myr_dp_solve_first(&f, in, order, first);
  myr_dp_solve_first(&g, in, order, first_off);
  for (size_t s = 0; s < SLOTS; s++) {
    CHECK(on[s] == off[s]);
    CHECK(on[s] > 1 && on[s] < 1e6);
  }
  for (size_t s = p_off[order[0]]; s < p_off[order[0] + 1]; s++) {
    CHECK(first[s] == on[s]);
    CHECK(first_off[s] == on[s]);
  }
  CHECK(v.tabled_steps == 0 && g.tabled_steps == 0);
  size_t steps = w.tabled_steps;
  *first_steps = f.tabled_steps;
  myr_dp_free(&w);
  myr_dp_free(&v);
  myr_dp_free(&f);
  myr_dp_free(&g);
  myr_dp_free(&d);
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
  size_t first_steps;
  /* full DP: 14 of the 16 steps tabulated (the pass over every state
   * builds 14 tables too); the forward pass (15 steps: the last layer is
   * never built) builds them all and the backward pass reads the kept
   * ones, so each is built once (28 builds before they were kept) */
  CHECK(compare(&in, order, &first_steps) == 14);
  CHECK(first_steps == 14);
  /* tables off, the two passes decode 31 layers: 11 through 4-digit
   * tables, 12 through 2-digit ones, the others (few states) digit by
   * digit */
  CHECK(decoded[0] == DECODED_4 && decoded[1] == DECODED_2);
  /* a budget of 400 options keeps the first tables (all 14 take 1000 to
   * 2000); the backward pass builds the others again, with the same
   * results */
  keep_options = 400;
  CHECK(compare(&in, order, &first_steps) == 14 + REBUILT_400);
  keep_options = 0;
  in.alpha_q = alpha_q;
  in.beta_q = beta_q;
  CHECK(compare(&in, order, &first_steps) == 14);
  CHECK(first_steps == 14);
  /* reached states: few of the layers' states; a cap one below stops it */
  double r[SLOTS];
  CHECK(myr_dp_solve(&w, &in, order, SIZE_MAX, r) == 1);
  size_t reached = w.st_soff[in.np], all = 0;
  for (size_t k = 0; k < in.np; k++) {
    size_t n = 1;
    for (size_t t = 0; t < w.st_a[k]; t++)
      n *= 3;
    all += n;
  }
  CHECK(reached == REACHED && all == ALL);
  CHECK(myr_dp_solve(&w, &in, order, reached - 1, r) == 0);
  CHECK(myr_dp_solve(&w, &in, order, reached, r) == 1);
  myr_dp_free(&w);
  CHECK_DONE();
}
