/* Max-min sharing of per-host limiters (see limiter_share.h).
 *
 * Progressive filling: every comm not yet fixed runs at a common level L.
 * A host h with k_h unfixed comms and f_h already given to its fixed ones
 * fills at L_h = (C - f_h) / k_h. The next event is the smaller of the
 * smallest unfixed demand (that comm is fixed at its demand) and the
 * smallest L_h (every unfixed comm of h is fixed at L_h). Both raise or keep
 * the other hosts' L_h, so the levels never fall. */
#include "contention/limiter_share.h"

#include <math.h>
#include <stdlib.h>

#include "contention/alloc.h"

typedef struct entry {
  double key;
  size_t index;
} entry;

static int by_key(const void *a, const void *b)
{
  const entry *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return (x->index > y->index) - (x->index < y->index);
}

/* Dense index of host value h among the sorted distinct values. */
static size_t host_slot(const cg_host *hosts, size_t count, cg_host h)
{
  size_t lo = 0, hi = count;
  while (lo + 1 < hi) {
    size_t mid = (lo + hi) / 2;
    if (hosts[mid] <= h)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

static int by_host(const void *a, const void *b)
{
  cg_host x = *(const cg_host *)a, y = *(const cg_host *)b;
  return (x > y) - (x < y);
}

void cg_limiter_share(const cg_host *src, const cg_host *dst, const double *demand, size_t n, double capacity,
                      double *rate)
{
  if (n == 0)
    return;
  cg_host *hosts = cg_xmalloc(2 * n * sizeof *hosts);
  for (size_t i = 0; i < n; i++)
    hosts[2 * i] = src[i], hosts[2 * i + 1] = dst[i];
  qsort(hosts, 2 * n, sizeof *hosts, by_host);
  size_t H = 0;
  for (size_t k = 0; k < 2 * n; k++)
    if (H == 0 || hosts[k] != hosts[H - 1])
      hosts[H++] = hosts[k];
  size_t *a = cg_xmalloc(n * sizeof *a), *b = cg_xmalloc(n * sizeof *b);
  size_t *unfixed = cg_xcalloc(H, sizeof *unfixed);
  double *given = cg_xcalloc(H, sizeof *given);
  unsigned char *fixed = cg_xcalloc(n, 1);
  entry *order = cg_xmalloc(n * sizeof *order);
  for (size_t i = 0; i < n; i++) {
    a[i] = host_slot(hosts, H, src[i]);
    b[i] = host_slot(hosts, H, dst[i]);
    unfixed[a[i]]++, unfixed[b[i]]++;
    order[i] = (entry){demand[i], i};
  }
  qsort(order, n, sizeof *order, by_key);
  size_t next = 0, left = n;
  while (left) {
    while (fixed[order[next].index])
      next++;
    double level = INFINITY;
    size_t tight = H;
    for (size_t h = 0; h < H; h++)
      if (unfixed[h]) {
        double l = fmax(0, capacity - given[h]) / (double)unfixed[h];
        if (l < level)
          level = l, tight = h;
      }
    size_t i = order[next].index;
    if (demand[i] <= level) { /* the smallest demand is met */
      rate[i] = demand[i];
      fixed[i] = 1, left--;
      given[a[i]] += demand[i], given[b[i]] += demand[i];
      unfixed[a[i]]--, unfixed[b[i]]--;
      continue;
    }
    for (size_t j = 0; j < n; j++) /* host `tight` is full: its comms get the level */
      if (!fixed[j] && (a[j] == tight || b[j] == tight)) {
        rate[j] = level;
        fixed[j] = 1, left--;
        given[a[j]] += level, given[b[j]] += level;
        unfixed[a[j]]--, unfixed[b[j]]--;
      }
  }
  free(hosts), free(a), free(b), free(unfixed), free(given), free(fixed), free(order);
}
