/* cg_grow_lines: every growth keeps the elements, zeroes the new ones and
 * starts the array on a 64-byte line, for record sizes that divide a line
 * or fill it (the graph's 32-byte and the ledger's 64-byte comm records)
 * and for one that does not. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "contention/alloc.h"

static void grow_through(size_t elem, size_t last)
{
  unsigned char *a = NULL;
  size_t cap = 0, filled = 0;
  for (size_t need = 1; need <= last; need += 1 + need / 3) {
    cg_grow_lines((void **)&a, &cap, need, elem);
    CHECK(cap >= need);
    CHECK((uintptr_t)a % 64 == 0);
    size_t wrong = 0;
    for (size_t i = 0; i < filled * elem; i++) /* kept */
      wrong += a[i] != (unsigned char)(i * 7 + 1);
    for (size_t i = filled * elem; i < cap * elem; i++) /* zeroed */
      wrong += a[i] != 0;
    CHECK(wrong == 0);
    for (size_t i = filled * elem; i < need * elem; i++)
      a[i] = (unsigned char)(i * 7 + 1);
    filled = need;
  }
  size_t before = cap;
  unsigned char *same = a;
  cg_grow_lines((void **)&a, &cap, before, elem); /* big enough: untouched */
  CHECK(a == same && cap == before);
  free(a);
}

int main(void)
{
  grow_through(32, 5000);
  grow_through(64, 5000);
  grow_through(24, 3000);
  grow_through(1, 100);
  if (check_failures)
    fprintf(stderr, "%d failed checks\n", check_failures);
  return check_failures != 0;
}
