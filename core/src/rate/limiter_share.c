/* Max-min sharing of per-host limiters (see limiter_share.h).
 *
 * Progressive filling: every comm not yet fixed runs at a common level L.
 * A host h with k_h unfixed comms and f_h already given to its fixed ones
 * fills at L_h = (C - f_h) / k_h. The next event is the smaller of the
 * smallest unfixed demand (that comm is fixed at its demand) and the
 * smallest L_h (every unfixed comm of h is fixed at L_h).
 *
 * The smallest L_h comes from a heap of (L_h, h) entries, one pushed each
 * time a host's level changes; an entry whose level is no longer its host's
 * is stale and dropped when it reaches the top. Each host keeps the list of
 * its comms, so a full host fixes only its own. Ties go to the lowest host
 * and the comms of a host are fixed in index order, so the result does not
 * depend on the heap's layout. */
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

static int before(entry x, entry y)
{
  return x.key < y.key || (x.key == y.key && x.index < y.index);
}

/* A binary min-heap of entries (level, host). */
typedef struct heap {
  entry *e;
  size_t n;
} heap;

static void heap_push(heap *h, entry x)
{
  size_t k = h->n++;
  while (k > 0 && before(x, h->e[(k - 1) / 2])) {
    h->e[k] = h->e[(k - 1) / 2];
    k = (k - 1) / 2;
  }
  h->e[k] = x;
}

static void heap_pop(heap *h)
{
  entry x = h->e[--h->n];
  size_t k = 0;
  for (;;) {
    size_t c = 2 * k + 1;
    if (c >= h->n)
      break;
    if (c + 1 < h->n && before(h->e[c + 1], h->e[c]))
      c++;
    if (!before(h->e[c], x))
      break;
    h->e[k] = h->e[c];
    k = c;
  }
  if (h->n)
    h->e[k] = x;
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

typedef struct hosts_state {
  size_t *unfixed; /* k_h */
  double *given;   /* f_h */
  double capacity;
  heap top;
} hosts_state;

static double level_of(const hosts_state *s, size_t h)
{
  return fmax(0, s->capacity - s->given[h]) / (double)s->unfixed[h];
}

/* Comm of hosts x, y fixed at rate r: their levels change. */
static void fix(hosts_state *s, size_t x, size_t y, double r)
{
  s->given[x] += r, s->given[y] += r;
  s->unfixed[x]--, s->unfixed[y]--;
  if (s->unfixed[x])
    heap_push(&s->top, (entry){level_of(s, x), x});
  if (s->unfixed[y])
    heap_push(&s->top, (entry){level_of(s, y), y});
}

/* The current smallest level's entry, stale entries dropped. */
static entry lowest(hosts_state *s)
{
  for (;;) {
    entry t = s->top.e[0];
    if (s->unfixed[t.index] && level_of(s, t.index) == t.key)
      return t;
    heap_pop(&s->top);
  }
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
  hosts_state s = {cg_xcalloc(H, sizeof *s.unfixed), cg_xcalloc(H, sizeof *s.given), capacity,
                   {cg_xmalloc((H + 2 * n) * sizeof(entry)), 0}};
  unsigned char *fixed = cg_xcalloc(n, 1);
  entry *order = cg_xmalloc(n * sizeof *order);
  for (size_t i = 0; i < n; i++) {
    a[i] = host_slot(hosts, H, src[i]);
    b[i] = host_slot(hosts, H, dst[i]);
    s.unfixed[a[i]]++, s.unfixed[b[i]]++;
    order[i] = (entry){demand[i], i};
  }
  qsort(order, n, sizeof *order, by_key);
  /* Each host's comms in index order (CSR): first[h] .. first[h + 1]. */
  size_t *first = cg_xcalloc(H + 1, sizeof *first), *comms = cg_xmalloc(2 * n * sizeof *comms);
  for (size_t h = 0; h < H; h++)
    first[h + 1] = first[h] + s.unfixed[h];
  size_t *fill = cg_xmalloc(H * sizeof *fill);
  for (size_t h = 0; h < H; h++)
    fill[h] = first[h];
  for (size_t i = 0; i < n; i++)
    comms[fill[a[i]]++] = i, comms[fill[b[i]]++] = i;
  for (size_t h = 0; h < H; h++)
    heap_push(&s.top, (entry){level_of(&s, h), h});
  size_t next = 0, left = n;
  while (left) {
    while (fixed[order[next].index])
      next++;
    entry tight = lowest(&s);
    size_t i = order[next].index;
    if (demand[i] <= tight.key) { /* the smallest demand is met */
      rate[i] = demand[i];
      fixed[i] = 1, left--;
      fix(&s, a[i], b[i], demand[i]);
      continue;
    }
    heap_pop(&s.top);
    for (size_t k = first[tight.index]; k < first[tight.index + 1]; k++) { /* the host is full */
      size_t j = comms[k];
      if (fixed[j])
        continue;
      rate[j] = tight.key;
      fixed[j] = 1, left--;
      fix(&s, a[j], b[j], tight.key);
    }
  }
  free(hosts), free(a), free(b), free(s.unfixed), free(s.given), free(s.top.e), free(fixed), free(order);
  free(first), free(comms), free(fill);
}
