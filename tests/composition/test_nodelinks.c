/* Node-link classification on the route shapes SimGrid 3.32 builds:
 * <cluster> with SPLITDUPLEX (up/down) or SHARED private links, with and
 * without a backbone and a limiter, two cabinets joined by uplinks, a
 * hand-written Full zone with one link per host, two-host platforms and a
 * bus that every host shares. Routes are sampled as the binding does
 * (cg_nodelinks_partner), so these are the decisions smpirun makes. */
#include <stdlib.h>

#include "check.h"
#include "contention/comm_rate.h"
#include "contention/step_factor.h"
#include "contention/nodelinks.h"

#define MAXR 16

/* A platform: route(src, dst, links) writes the route, returns its length. */
typedef size_t (*route_fn)(uint32_t src, uint32_t dst, uint32_t *links);

static cg_nodelinks *classify(size_t hosts, size_t links, route_fn route)
{
  cg_nodelinks *n = cg_nodelinks_create(hosts, links);
  uint32_t r[MAXR];
  for (uint32_t h = 0; h < hosts; h++)
    for (unsigned k = 1; k <= 2; k++) {
      uint32_t p = cg_nodelinks_partner(hosts, h, k);
      if (p == CG_NO_HOST)
        continue;
      CHECK(cg_nodelinks_add_route(n, h, p, r, route(h, p, r)) == 0);
      CHECK(cg_nodelinks_add_route(n, p, h, r, route(p, h, r)) == 0);
    }
  cg_nodelinks_finish(n);
  return n;
}

static int list_is(const uint32_t *got, size_t n, const uint32_t *want, size_t m)
{
  if (n != m)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (got[i] != want[i])
      return 0;
  return 1;
}

#define CHECK_OUT(nl, h, ...)                                                    \
  do {                                                                           \
    uint32_t w_[] = {__VA_ARGS__};                                               \
    size_t c_;                                                                   \
    const uint32_t *g_ = cg_nodelinks_out(nl, h, &c_);                           \
    CHECK(list_is(g_, c_, w_, sizeof w_ / sizeof w_[0]));                        \
  } while (0)
#define CHECK_IN(nl, h, ...)                                                     \
  do {                                                                           \
    uint32_t w_[] = {__VA_ARGS__};                                               \
    size_t c_;                                                                   \
    const uint32_t *g_ = cg_nodelinks_in(nl, h, &c_);                            \
    CHECK(list_is(g_, c_, w_, sizeof w_ / sizeof w_[0]));                        \
  } while (0)

/* <cluster> of 8 hosts, SPLITDUPLEX private links and a limiter:
 * up(h) = 3h, down(h) = 3h + 1, limiter(h) = 3h + 2, backbone 24.
 * SimGrid's order: src limiter, src up, backbone, dst down, dst limiter. */
static size_t split_bb_lim(uint32_t s, uint32_t d, uint32_t *l)
{
  size_t n = 0;
  l[n++] = 3 * s + 2;
  l[n++] = 3 * s;
  l[n++] = 24;
  l[n++] = 3 * d + 1;
  l[n++] = 3 * d + 2;
  return n;
}

/* <cluster> of 5 hosts, SHARED private link h, no backbone. */
static size_t shared_nobb(uint32_t s, uint32_t d, uint32_t *l)
{
  l[0] = s;
  l[1] = d;
  return 2;
}

/* Two cabinets of 3 hosts: private SHARED link h (0..5), cabinet uplinks 6
 * (cabinet 0: hosts 0-2) and 7 (cabinet 1: hosts 3-5), between them the
 * main backbone 8. */
static size_t cabinets(uint32_t s, uint32_t d, uint32_t *l)
{
  size_t n = 0;
  l[n++] = s;
  if (s / 3 != d / 3) {
    l[n++] = 6 + s / 3;
    l[n++] = 8;
    l[n++] = 6 + d / 3;
  }
  l[n++] = d;
  return n;
}

/* Hand-written Full zone (the project's FATPIPE testbeds): one link per
 * host, the route between two hosts is their two links. Same as
 * shared_nobb; a bus that every route crosses is link 9. */
static size_t bus(uint32_t s, uint32_t d, uint32_t *l)
{
  (void)s;
  (void)d;
  l[0] = 9;
  return 1;
}

/* Two hosts, SPLITDUPLEX + limiter, no backbone: links as split_bb_lim. */
static size_t two_split(uint32_t s, uint32_t d, uint32_t *l)
{
  size_t n = 0;
  l[n++] = 3 * s + 2;
  l[n++] = 3 * s;
  l[n++] = 3 * d + 1;
  l[n++] = 3 * d + 2;
  return n;
}

/* Two hosts joined by one link 0 only: nothing is a host's own. */
static size_t two_single(uint32_t s, uint32_t d, uint32_t *l)
{
  (void)s;
  (void)d;
  l[0] = 0;
  return 1;
}

/* Four hosts with private links 0..3 (SHARED); routes between hosts 0, 1
 * and hosts 2, 3 cross their switch's uplink (6 or 7) and a link down,
 * which is 4 for 1 -> 2 only (a fat tree's other path), 5 otherwise. Link
 * 4, in the second half of the one route that crosses it, is on one of
 * host 2's incoming routes, not all: it is no one's (it was host 2's). */
static size_t ecmp(uint32_t s, uint32_t d, uint32_t *l)
{
  size_t n = 0;
  l[n++] = s;
  if ((s < 2) != (d < 2)) {
    l[n++] = s < 2 ? 6 : 7;
    l[n++] = s == 1 && d == 2 ? 4 : 5;
  }
  l[n++] = d;
  return n;
}

/* Two hosts with private links 0 and 1 and a cable 2 between them. */
static size_t two_cable(uint32_t s, uint32_t d, uint32_t *l)
{
  l[0] = s;
  l[1] = 2;
  l[2] = d;
  return 3;
}

int main(void)
{
  cg_nodelinks *n = classify(8, 25, split_bb_lim);
  for (uint32_t h = 0; h < 8; h++) {
    CHECK(cg_nodelinks_resolved(n, h));
    CHECK_OUT(n, h, 3 * h, 3 * h + 2); /* up and limiter */
    CHECK_IN(n, h, 3 * h + 1, 3 * h + 2); /* down and limiter */
    CHECK(cg_nodelinks_owner(n, 3 * h + 1) == h);
  }
  CHECK(cg_nodelinks_owner(n, 24) == CG_NO_HOST); /* backbone */
  cg_nodelinks_destroy(n);

  n = classify(5, 5, shared_nobb);
  for (uint32_t h = 0; h < 5; h++) {
    CHECK_OUT(n, h, h);
    CHECK_IN(n, h, h);
  }
  cg_nodelinks_destroy(n);

  n = classify(6, 9, cabinets);
  for (uint32_t h = 0; h < 6; h++) {
    CHECK(cg_nodelinks_resolved(n, h));
    CHECK_OUT(n, h, h);
  }
  for (uint32_t l = 6; l <= 8; l++) /* uplinks and backbone are shared */
    CHECK(cg_nodelinks_owner(n, l) == CG_NO_HOST);
  cg_nodelinks_destroy(n);

  n = classify(4, 10, bus);
  for (uint32_t h = 0; h < 4; h++)
    CHECK(!cg_nodelinks_resolved(n, h));
  CHECK(cg_nodelinks_owner(n, 9) == CG_NO_HOST);
  cg_nodelinks_destroy(n);

  n = classify(4, 8, ecmp);
  for (uint32_t h = 0; h < 4; h++) {
    CHECK_OUT(n, h, h);
    CHECK_IN(n, h, h);
  }
  CHECK(cg_nodelinks_owner(n, 4) == CG_NO_HOST);
  CHECK(cg_nodelinks_owner(n, 5) == CG_NO_HOST);
  cg_nodelinks_destroy(n);

  /* Two hosts: the positional rule. */
  n = classify(2, 6, two_split);
  for (uint32_t h = 0; h < 2; h++) {
    CHECK_OUT(n, h, 3 * h, 3 * h + 2);
    CHECK_IN(n, h, 3 * h + 1, 3 * h + 2);
  }
  cg_nodelinks_destroy(n);
  n = classify(2, 1, two_single);
  CHECK(!cg_nodelinks_resolved(n, 0) && !cg_nodelinks_resolved(n, 1));
  cg_nodelinks_destroy(n);
  n = classify(2, 3, two_cable);
  CHECK(cg_nodelinks_owner(n, 2) == CG_NO_HOST);
  CHECK_OUT(n, 0, 0);
  CHECK_IN(n, 1, 1);
  cg_nodelinks_destroy(n);

  /* One host: no partner, nothing resolved; bad input refused. */
  n = cg_nodelinks_create(1, 1);
  CHECK(cg_nodelinks_partner(1, 0, 1) == CG_NO_HOST);
  CHECK(cg_nodelinks_partner(2, 1, 1) == 0 && cg_nodelinks_partner(2, 1, 2) == CG_NO_HOST);
  uint32_t l0 = 0, l5 = 5;
  CHECK(cg_nodelinks_add_route(n, 0, 0, &l0, 1) == -1);
  cg_nodelinks_finish(n);
  CHECK(!cg_nodelinks_resolved(n, 0));
  cg_nodelinks_destroy(n);
  n = cg_nodelinks_create(2, 1);
  CHECK(cg_nodelinks_add_route(n, 0, 1, &l5, 1) == -1);
  CHECK(cg_nodelinks_add_route(n, 0, 2, &l0, 1) == -1);
  cg_nodelinks_destroy(n);

  /* The demand min(b0, B / p); the fast path's bound min(b0, B) and factor
   * f d / min(b0, B); b0 <= 0 is "none". */
  CHECK(cg_comm_alone(-1, 1e9) == 1e9);
  CHECK(cg_comm_alone(4e8, 1e9) == 4e8);
  CHECK(cg_comm_alone(2e9, 1e9) == 1e9);
  CHECK(cg_comm_demand(-1, 1e9, 2) == 5e8);
  CHECK(cg_comm_demand(4e8, 1e9, 2) == 4e8);
  CHECK(cg_comm_demand(2e9, 1e9, 1) == 1e9);
  CHECK(cg_comm_rate_factor(0.94, 5e8, 1e9) == 0.47);
  CHECK(cg_comm_rate_factor(0.94, 1e9, 1e9) == 0.94);
  /* penalty 2 on a free route: bound alone, factor halved; at risk: the
   * demand as bound, SMPI's factor */
  cg_solver_terms t = cg_comm_solver_terms(1, 0.94, 5e8, 1e9);
  CHECK(t.bound == 1e9 && t.factor == 0.47);
  t = cg_comm_solver_terms(0, 0.94, 5e8, 1e9);
  CHECK(t.bound == 5e8 && t.factor == 0.94);
  CHECK(cg_node_bandwidth(1e9, 5e8) == 5e8);

  /* SMPI's piecewise factors: 1 up to the smallest threshold, then the
   * value of the largest threshold strictly below the size (chunks in any
   * order; extra values of a chunk ignored). */
  cg_step_factor f;
  char err[256];
  CHECK(cg_step_factor_parse("65472:0.940694;15424:0.697866;0:0.812084", &f, err, sizeof err) == 0);
  CHECK(f.count == 3);
  CHECK(cg_step_factor_at(&f, 0) == 1.0);
  CHECK(cg_step_factor_at(&f, 1) == 0.812084);
  CHECK(cg_step_factor_at(&f, 15424) == 0.812084);
  CHECK(cg_step_factor_at(&f, 15425) == 0.697866);
  CHECK(cg_step_factor_at(&f, 1e9) == 0.940694);
  cg_step_factor_free(&f);
  CHECK(cg_step_factor_parse("0:1", &f, err, sizeof err) == 0 && cg_step_factor_at(&f, 5) == 1.0);
  cg_step_factor_free(&f);
  CHECK(cg_step_factor_parse("0:1:2;1420:0.5:7", &f, err, sizeof err) == 0 && cg_step_factor_at(&f, 2000) == 0.5);
  cg_step_factor_free(&f);
  CHECK(cg_step_factor_parse("0:1;;5:2", &f, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "chunk 2 is empty");
  CHECK(cg_step_factor_parse("x:1", &f, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "chunk 1: threshold 'x' is not a non-negative integer");
  CHECK(cg_step_factor_parse("10:abc", &f, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "chunk 1: value 'abc' is not a number");
  CHECK(cg_step_factor_parse("10", &f, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "chunk 1 '10' has no ':'");
  CHECK_DONE();
}
