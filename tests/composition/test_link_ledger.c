/* The shared-link ledger: a link is at risk exactly when the comms'
 * weighted demands exceed its capacity (sum for SHARED, any one for
 * FATPIPE), flips are reported once and in index order, and a comm is free
 * when none of its links is at risk. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "contention/link_ledger.h"

static size_t flips(cg_ledger *l, uint32_t *first)
{
  size_t n;
  const uint32_t *f = cg_ledger_update(l, &n);
  if (n && first)
    *first = f[0];
  return n;
}

int main(void)
{
  cg_ledger *l = cg_ledger_create();
  uint32_t bb = cg_ledger_add_link(l, 10, 0); /* SHARED backbone */
  uint32_t fp = cg_ledger_add_link(l, 5, 1);  /* FATPIPE switch */
  CHECK(bb == 0 && fp == 1);
  uint32_t both[] = {bb, fp};
  double w1[] = {1, 1}, wrev[] = {0.05};
  cg_ledger_add_comm(l, 0, both, w1, 2, INFINITY);
  cg_ledger_add_comm(l, 1, both, w1, 2, INFINITY);
  cg_ledger_add_comm(l, 2, &bb, wrev, 1, INFINITY); /* crosses bb backwards (cross-traffic) */
  cg_ledger_set_demand(l, 0, 3);
  cg_ledger_set_demand(l, 1, 3);
  cg_ledger_set_demand(l, 2, 20); /* 0.05 x 20 = 1 */
  CHECK(flips(l, NULL) == 0);     /* 3 + 3 + 1 <= 10; 3 <= 5 */
  CHECK(cg_ledger_comm_free(l, 0) && cg_ledger_comm_free(l, 2));

  /* Exactly full is free: max-min gives every comm its demand. */
  cg_ledger_set_demand(l, 2, 80); /* 3 + 3 + 4 = 10 */
  CHECK(flips(l, NULL) == 0 && !cg_ledger_at_risk(l, bb));
  /* Over the capacity: at risk, reported once. */
  uint32_t f = 99;
  cg_ledger_set_demand(l, 1, 3.5);
  CHECK(flips(l, &f) == 1 && f == bb && cg_ledger_at_risk(l, bb));
  CHECK(!cg_ledger_comm_free(l, 0) && !cg_ledger_comm_free(l, 2));
  CHECK(flips(l, NULL) == 0); /* nothing changed since */
  /* FATPIPE: one comm above 5 puts it at risk; both flips in index order. */
  cg_ledger_set_demand(l, 0, 6);
  size_t n;
  const uint32_t *list = cg_ledger_update(l, &n);
  CHECK(n == 1 && list[0] == fp); /* bb already at risk */
  cg_ledger_set_demand(l, 0, 1);
  cg_ledger_set_demand(l, 1, 1);
  list = cg_ledger_update(l, &n);
  CHECK(n == 2 && list[0] == bb && list[1] == fp);
  CHECK(cg_ledger_comm_free(l, 0));
  /* A comm leaving frees its load; a capacity change counts. */
  cg_ledger_set_demand(l, 2, 200); /* 1 + 1 + 10 > 10 */
  CHECK(flips(l, &f) == 1 && f == bb);
  cg_ledger_remove_comm(l, 2);
  CHECK(flips(l, &f) == 1 && f == bb && !cg_ledger_at_risk(l, bb));
  cg_ledger_set_capacity(l, bb, 1.5); /* 1 + 1 > 1.5 */
  CHECK(flips(l, &f) == 1 && f == bb);
  CHECK(cg_ledger_capacity(l, bb) == 1.5);
  /* The handle of a removed comm can be reused. */
  cg_ledger_add_comm(l, 2, &fp, w1, 1, INFINITY);
  cg_ledger_set_demand(l, 2, 7);
  CHECK(flips(l, &f) == 1 && f == fp);
  /* ... and by a comm crossing more links than the last one (its arrays
   * grow): both links count it. */
  cg_ledger_remove_comm(l, 2);
  CHECK(flips(l, &f) == 1 && f == fp);
  cg_ledger_add_comm(l, 2, both, w1, 2, INFINITY);
  cg_ledger_set_demand(l, 2, 6);
  CHECK(flips(l, &f) == 1 && f == fp && !cg_ledger_comm_free(l, 2));
  cg_ledger_set_capacity(l, bb, 100); /* 1 + 1 + 6 <= 100 */
  CHECK(flips(l, &f) == 1 && f == bb && !cg_ledger_comm_free(l, 2));
  cg_ledger_set_capacity(l, bb, 7.5); /* 1 + 1 + 6 > 7.5: bb counts comm 2 */
  CHECK(flips(l, &f) == 1 && f == bb);
  cg_ledger_set_demand(l, 2, 1); /* 3 <= 7.5, 1 <= 5 */
  list = cg_ledger_update(l, &n);
  CHECK(n == 2 && list[0] == bb && list[1] == fp && cg_ledger_comm_free(l, 2));
  cg_ledger_destroy(l);

  /* Near the capacity the sum is recomputed from the link's comms, so the
   * history of changes does not decide the state: 10 comms of 0.1 on a link
   * of 1 reached after 10000 random changes get the state of a fresh ledger
   * given the same demands; 1e-6 more is at risk either way. */
  int fresh_state;
  {
    cg_ledger *g = cg_ledger_create();
    uint32_t k = cg_ledger_add_link(g, 1.0, 0);
    double one = 1;
    for (uint32_t c = 0; c < 10; c++) {
      cg_ledger_add_comm(g, c, &k, &one, 1, INFINITY);
      cg_ledger_set_demand(g, c, 0.1);
    }
    cg_ledger_update(g, &n);
    fresh_state = cg_ledger_at_risk(g, k);
    cg_ledger_destroy(g);
  }
  l = cg_ledger_create();
  uint32_t k = cg_ledger_add_link(l, 1.0, 0);
  double one = 1;
  for (uint32_t c = 0; c < 10; c++)
    cg_ledger_add_comm(l, c, &k, &one, 1, INFINITY);
  srand(7);
  for (int step = 0; step < 10000; step++)
    cg_ledger_set_demand(l, (uint32_t)(rand() % 10), (rand() % 1000) / 7000.0);
  for (uint32_t c = 0; c < 10; c++)
    cg_ledger_set_demand(l, c, 0.1);
  cg_ledger_update(l, &n);
  CHECK(cg_ledger_at_risk(l, k) == fresh_state);
  cg_ledger_set_demand(l, 3, 0.100001);
  cg_ledger_update(l, &n);
  CHECK(cg_ledger_at_risk(l, k));
  cg_ledger_destroy(l);
  /* Ceilings: a link its comms cannot fill is left untracked, free
   * whatever their demands, and counted again when it could fill. */
  l = cg_ledger_create();
  bb = cg_ledger_add_link(l, 10, 0);
  for (uint32_t c = 0; c < 3; c++)
    cg_ledger_add_comm(l, c, &bb, &one, 1, 3); /* 3 x 3 = 9 <= 10 */
  CHECK(!cg_ledger_tracked(l, bb));
  for (uint32_t c = 0; c < 3; c++)
    cg_ledger_set_demand(l, c, 3);
  CHECK(flips(l, NULL) == 0 && !cg_ledger_at_risk(l, bb));
  cg_ledger_add_comm(l, 3, &bb, &one, 1, 3); /* 12 > 10: tracked, counted from the demands */
  CHECK(cg_ledger_tracked(l, bb) && flips(l, NULL) == 0);
  cg_ledger_set_demand(l, 3, 3); /* 3 + 3 + 3 + 3 > 10 */
  CHECK(flips(l, &f) == 1 && f == bb && cg_ledger_at_risk(l, bb));
  cg_ledger_remove_comm(l, 3); /* 9 again: untracked, so free */
  CHECK(!cg_ledger_tracked(l, bb) && flips(l, &f) == 1 && f == bb && !cg_ledger_at_risk(l, bb));
  cg_ledger_set_demand(l, 0, 5); /* above its ceiling: raises it, 5 + 3 + 3 > 10 */
  CHECK(cg_ledger_tracked(l, bb) && flips(l, &f) == 1 && cg_ledger_at_risk(l, bb));
  cg_ledger_set_demand(l, 0, 1);
  cg_ledger_set_ceiling(l, 0, 0.5); /* below its demand: held at 1, 1 + 3 + 3 */
  CHECK(!cg_ledger_tracked(l, bb) && flips(l, &f) == 1 && !cg_ledger_at_risk(l, bb));
  cg_ledger_set_capacity(l, bb, 6.5); /* ceilings 7 > 6.5: tracked, 7 > 6.5 */
  CHECK(cg_ledger_tracked(l, bb) && flips(l, &f) == 1 && cg_ledger_at_risk(l, bb));
  /* Within the margin below the capacity a link stays tracked. */
  cg_ledger_set_capacity(l, bb, 7 * (1 + 1e-7));
  CHECK(cg_ledger_tracked(l, bb) && flips(l, &f) == 1 && !cg_ledger_at_risk(l, bb));
  /* FATPIPE: untracked while every weighted ceiling fits. */
  fp = cg_ledger_add_link(l, 5, 1);
  cg_ledger_add_comm(l, 4, &fp, &one, 1, 4);
  CHECK(!cg_ledger_tracked(l, fp));
  cg_ledger_add_comm(l, 5, &fp, &one, 1, 6);
  CHECK(cg_ledger_tracked(l, fp));
  cg_ledger_set_demand(l, 5, 2);
  CHECK(flips(l, NULL) == 0);
  cg_ledger_set_demand(l, 5, 5.5);
  CHECK(flips(l, &f) == 1 && f == fp);
  /* A link on both routes of a comm counts both weights. */
  uint32_t x = cg_ledger_add_link(l, 2, 0), twice[] = {x, x};
  double fw_rev[] = {1, 0.05};
  cg_ledger_add_comm(l, 6, twice, fw_rev, 2, 1); /* 1.05 */
  CHECK(!cg_ledger_tracked(l, x));
  cg_ledger_add_comm(l, 7, twice, fw_rev, 2, 1); /* 2.1 > 2 */
  CHECK(cg_ledger_tracked(l, x));
  cg_ledger_set_demand(l, 6, 1);
  cg_ledger_set_demand(l, 7, 1);
  CHECK(flips(l, &f) == 1 && f == x);
  cg_ledger_remove_comm(l, 7);
  CHECK(!cg_ledger_tracked(l, x) && flips(l, &f) == 1 && f == x);
  cg_ledger_destroy(l);

  /* The same states as a ledger that tracks every link (no ceilings),
   * step by step, over random arrivals, departures, demands (some above
   * the ceiling), ceilings and capacities around the links' fill. */
  {
    cg_ledger *a = cg_ledger_create(), *b = cg_ledger_create();
    enum { LINKS = 4, COMMS = 12 };
    int live[COMMS] = {0};
    double ceil_of[COMMS] = {0};
    for (uint32_t k = 0; k < LINKS; k++) {
      cg_ledger_add_link(a, 6 + k, k == 3);
      cg_ledger_add_link(b, 6 + k, k == 3);
    }
    srand(11);
    size_t untracked_steps = 0, tracked_steps = 0, risky_steps = 0, same = 1;
    for (int step = 0; step < 20000 && same; step++) {
      uint32_t c = (uint32_t)(rand() % COMMS);
      int op = rand() % 10;
      if (!live[c]) {
        uint32_t ls[3];
        double ws[3];
        size_t nl = 1 + (size_t)(rand() % 3);
        for (size_t i = 0; i < nl; i++) {
          ls[i] = (uint32_t)(rand() % LINKS);
          ws[i] = rand() % 4 == 0 ? 0.05 : 1;
        }
        ceil_of[c] = 0.5 + (rand() % 25) / 10.0;
        cg_ledger_add_comm(a, c, ls, ws, nl, ceil_of[c]);
        cg_ledger_add_comm(b, c, ls, ws, nl, INFINITY);
        live[c] = 1;
      } else if (op == 0) {
        cg_ledger_remove_comm(a, c);
        cg_ledger_remove_comm(b, c);
        live[c] = 0;
      } else if (op == 1) {
        ceil_of[c] = 0.5 + (rand() % 25) / 10.0;
        cg_ledger_set_ceiling(a, c, ceil_of[c]);
      } else if (op == 2) {
        uint32_t k = (uint32_t)(rand() % LINKS);
        double cap = 4 + rand() % 9;
        cg_ledger_set_capacity(a, k, cap);
        cg_ledger_set_capacity(b, k, cap);
      } else {
        double d = (rand() % 1000) / 1000.0 * ceil_of[c] * (op == 3 ? 1.5 : 1);
        cg_ledger_set_demand(a, c, d);
        cg_ledger_set_demand(b, c, d);
      }
      size_t na, nb;
      const uint32_t *fa = cg_ledger_update(a, &na), *fb = cg_ledger_update(b, &nb);
      same = na == nb;
      for (size_t i = 0; same && i < na; i++)
        same = fa[i] == fb[i];
      for (uint32_t k = 0; same && k < LINKS; k++) {
        same = cg_ledger_at_risk(a, k) == cg_ledger_at_risk(b, k);
        untracked_steps += !cg_ledger_tracked(a, k);
        tracked_steps += (size_t)cg_ledger_tracked(a, k);
        risky_steps += (size_t)cg_ledger_at_risk(a, k);
      }
      for (uint32_t k = 0; same && k < COMMS; k++)
        same = !live[k] || cg_ledger_comm_free(a, k) == cg_ledger_comm_free(b, k);
    }
    CHECK(same);
    /* both modes and both states were exercised */
    CHECK(untracked_steps > 1000 && tracked_steps > 1000 && risky_steps > 1000);
    cg_ledger_destroy(a);
    cg_ledger_destroy(b);
  }

  /* A direction of a host's card (up link, capacity 10): its inter-host
   * comms' penalties divide it, so demands summing above it (Gigabit
   * Ethernet: two sends at 10 / 1.5 each) never put it at risk; an
   * intra-host comm crossing it (plain) makes it a max-min link, at risk
   * while all demands exceed it, and free again when it leaves. */
  {
    cg_ledger *dl = cg_ledger_create();
    uint32_t up = cg_ledger_add_node_link(dl, 10, 0, 1);
    double one = 1;
    cg_ledger_add_comm(dl, 0, &up, &one, 1, 10);
    cg_ledger_add_comm(dl, 1, &up, &one, 1, 10);
    cg_ledger_set_demand(dl, 0, 10 / 1.5);
    cg_ledger_set_demand(dl, 1, 10 / 1.5);
    CHECK(flips(dl, NULL) == 0 && !cg_ledger_tracked(dl, up) && cg_ledger_comm_free(dl, 0));
    cg_ledger_add_plain_comm(dl, 2, &up, &one, 1, 10);
    cg_ledger_set_demand(dl, 2, 10);
    uint32_t fl = 99;
    CHECK(flips(dl, &fl) == 1 && fl == up && cg_ledger_at_risk(dl, up) && !cg_ledger_comm_free(dl, 0));
    cg_ledger_remove_comm(dl, 2);
    CHECK(flips(dl, &fl) == 1 && fl == up && !cg_ledger_at_risk(dl, up) && !cg_ledger_tracked(dl, up));
    /* a plain comm alone within the capacity: free */
    cg_ledger_remove_comm(dl, 1);
    cg_ledger_set_demand(dl, 0, 0);
    cg_ledger_add_plain_comm(dl, 1, &up, &one, 1, 10);
    cg_ledger_set_demand(dl, 1, 10);
    CHECK(flips(dl, NULL) == 0 && cg_ledger_tracked(dl, up) && cg_ledger_comm_free(dl, 1));
    cg_ledger_set_demand(dl, 0, 0.5); /* 10.5 > 10 */
    CHECK(flips(dl, &fl) == 1 && fl == up);
    size_t nc;
    const uint32_t *on = cg_ledger_link_comms(dl, up, &nc);
    CHECK(nc == 2 && on[0] + on[1] == 1); /* comms 0 and 1 */
    /* A bandwidth profile on the link: a dip to 5 while the plain comm
     * (demand 10, then its new alone 5) and an inter-host comm (0.5, then
     * its share of the dip, 2.5) run keeps it at risk; the recovery to 10
     * with demands 10 and 0.5 too; back to the first dip's demands within
     * the recovered capacity: free. */
    cg_ledger_set_capacity(dl, up, 5);
    cg_ledger_set_demand(dl, 1, 5);
    cg_ledger_set_demand(dl, 0, 2.5);
    CHECK(flips(dl, NULL) == 0 && cg_ledger_at_risk(dl, up)); /* 7.5 > 5 */
    cg_ledger_set_capacity(dl, up, 10);
    cg_ledger_set_demand(dl, 1, 10);
    cg_ledger_set_demand(dl, 0, 0.5);
    CHECK(flips(dl, NULL) == 0 && cg_ledger_at_risk(dl, up)); /* 10.5 > 10 */
    cg_ledger_set_demand(dl, 1, 5);
    cg_ledger_set_demand(dl, 0, 2.5);
    CHECK(flips(dl, &fl) == 1 && fl == up && !cg_ledger_at_risk(dl, up)); /* 7.5 <= 10 */
    /* A dip alone (no demand change) puts it at risk. */
    cg_ledger_set_capacity(dl, up, 7);
    CHECK(flips(dl, &fl) == 1 && fl == up && cg_ledger_at_risk(dl, up));
    cg_ledger_destroy(dl);
  }
  CHECK_DONE();
}
