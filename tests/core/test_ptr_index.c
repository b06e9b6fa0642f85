/* cg_ptr_index against a plain array on random puts, gets and takes, with
 * keys chosen to collide (the removal's back-shifting is where a flat
 * table goes wrong), and its edge cases. */
#include "check.h"

#include "contention/ptr_index.h"

#define KEYS 3000

static const void *key_of(size_t k) { return (const void *)(uintptr_t)(16 * (k + 1)); }

static void check_edges(void)
{
  cg_ptr_index m;
  cg_ptr_index_init(&m);
  uint32_t v = 7;
  CHECK(cg_ptr_index_get(&m, key_of(0), &v) == 0 && v == 7);
  CHECK(cg_ptr_index_take(&m, key_of(0), &v) == 0);
  CHECK(cg_ptr_index_put(&m, key_of(0), 5) == 1);
  CHECK(cg_ptr_index_put(&m, key_of(0), 6) == 0); /* overwrite */
  CHECK(m.count == 1);
  CHECK(cg_ptr_index_get(&m, key_of(0), &v) == 1 && v == 6);
  CHECK(cg_ptr_index_take(&m, key_of(1), NULL) == 0);
  CHECK(cg_ptr_index_take(&m, key_of(0), NULL) == 1 && m.count == 0);
  CHECK(cg_ptr_index_get(&m, key_of(0), &v) == 0);
  cg_ptr_index_free(&m);
}

/* Keys sharing one home slot in a table of 64, then many random ones. */
static void check_random(uint64_t seed)
{
  static uint32_t want[KEYS];
  static int present[KEYS];
  cg_ptr_index m;
  cg_ptr_index_init(&m);
  cg_ptr_index_put(&m, key_of(0), 0); /* makes the table: 64 slots */
  cg_ptr_index_take(&m, key_of(0), NULL);
  size_t home0 = cg_ptr_index_home(&m, key_of(0)), same = 0;
  for (size_t k = 1; k < KEYS && same < 20; k++)
    if (cg_ptr_index_home(&m, key_of(k)) == home0)
      same++;
  CHECK(same >= 5); /* the keys do collide */
  for (size_t k = 0; k < KEYS; k++)
    present[k] = 0;
  check_seed(seed);
  size_t count = 0;
  for (int step = 0; step < 200000; step++) {
    size_t k = (size_t)check_rand() % (step < 20000 ? 200 : KEYS);
    int op   = (int)(check_rand() % 3);
    uint32_t v;
    if (op == 0) {
      uint32_t val = check_rand();
      CHECK(cg_ptr_index_put(&m, key_of(k), val) == !present[k]);
      count += !present[k];
      present[k] = 1;
      want[k]    = val;
    } else if (op == 1) {
      int got = cg_ptr_index_take(&m, key_of(k), &v);
      CHECK(got == present[k]);
      if (got)
        CHECK(v == want[k]);
      count -= present[k];
      present[k] = 0;
    } else {
      int got = cg_ptr_index_get(&m, key_of(k), &v);
      CHECK(got == present[k]);
      if (got)
        CHECK(v == want[k]);
    }
    CHECK(m.count == count);
    CHECK(2 * m.count <= m.cap);
  }
  for (size_t k = 0; k < KEYS; k++) { /* every key findable after the churn */
    uint32_t v;
    CHECK(cg_ptr_index_get(&m, key_of(k), &v) == present[k]);
  }
  cg_ptr_index_free(&m);
}

int main(void)
{
  check_edges();
  check_random(1);
  check_random(12345);
  CHECK_DONE();
}
