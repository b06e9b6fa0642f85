/* The shared-link ledger: a link is at risk exactly when the comms'
 * weighted demands exceed its capacity (sum for SHARED, any one for
 * FATPIPE), flips are reported once and in index order, and a comm is free
 * when none of its links is at risk. */
#include <stdlib.h>

#include "../core/check.h"
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
  cg_ledger_add_comm(l, 0, both, w1, 2);
  cg_ledger_add_comm(l, 1, both, w1, 2);
  cg_ledger_add_comm(l, 2, &bb, wrev, 1); /* crosses bb backwards (cross-traffic) */
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
  cg_ledger_add_comm(l, 2, &fp, w1, 1);
  cg_ledger_set_demand(l, 2, 7);
  CHECK(flips(l, &f) == 1 && f == fp);
  /* ... and by a comm crossing more links than the last one (its arrays
   * grow): both links count it. */
  cg_ledger_remove_comm(l, 2);
  CHECK(flips(l, &f) == 1 && f == fp);
  cg_ledger_add_comm(l, 2, both, w1, 2);
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
      cg_ledger_add_comm(g, c, &k, &one, 1);
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
    cg_ledger_add_comm(l, c, &k, &one, 1);
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
  CHECK_DONE();
}
