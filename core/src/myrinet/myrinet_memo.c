/* Results of Myrinet components already solved (see myrinet_memo.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "myrinet_memo.h"
#include "myrinet_sets.h"

/* Every option that can change a ratio (not `memo` itself). */
static void option_words(const myr_options *opt, size_t w[MYR_MEMO_OPTION_WORDS])
{
  w[0] = opt->exact_width;
  w[1] = opt->region_width;
  w[2] = opt->region_sources;
  w[3] = opt->bp_max_pairs;
  w[4] = opt->bp_chaos_probe;
  w[5] = (size_t)opt->closed_forms;
  w[6] = (size_t)opt->local_near;
  w[7] = (size_t)opt->dense_exact;
  w[8] = (size_t)opt->bp_cycle;
  w[9] = opt->bp_max_sweeps;
  w[10] = opt->large_pairs;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

/* The high bits folded into the low ones, which pick the slot: a product
 * leaves its low bits to the factors' low bits, and a multiplicity's
 * double differs from another's in its high bits only (without this, the
 * one-pair graphs of multiplicity 1..k all fell on one probe chain). */
static uint64_t finish(uint64_t h)
{
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h ? h : 1;
}

/* Never 0 (the empty slot). One mix per pair, and one more for a
 * multiplicity other than 1 (rare: two comms on one pair). */
static uint64_t graph_hash(const myr_bigraph *g)
{
  uint64_t h = mix(mix(mix(0, g->ns), g->nd), g->ne);
  for (size_t e = 0; e < g->ne; e++) {
    h = mix(h, (uint64_t)g->e_src[e] << 32 | g->e_dst[e]);
    if (g->e_mult[e] != 1) {
      uint64_t mult;
      memcpy(&mult, &g->e_mult[e], sizeof mult);
      h = mix(h, mult);
    }
  }
  return finish(h);
}

static int same_graph(const myr_memo_entry *x, uint64_t hash, const myr_bigraph *g)
{
  return x->hash == hash && x->ns == g->ns && x->nd == g->nd && x->ne == g->ne &&
         memcmp(x->e_src, g->e_src, g->ne * sizeof *g->e_src) == 0 &&
         memcmp(x->e_dst, g->e_dst, g->ne * sizeof *g->e_dst) == 0 &&
         memcmp(x->e_mult, g->e_mult, g->ne * sizeof *g->e_mult) == 0;
}

/* The key of a slot of either table: its first field, 0 when empty. */
static uint64_t slot_key(const void *slot)
{
  uint64_t key;
  memcpy(&key, slot, sizeof key);
  return key;
}
_Static_assert(offsetof(myr_memo_entry, hash) == 0 && offsetof(myr_recall_entry, key) == 0,
               "slot_key reads the first field");

/* Frees the entries of a table of `cap` slots of `size` bytes, each
 * holding one allocation at offset `block_at`, and empties the slots. */
static void empty_table(void *slots, size_t cap, size_t size, size_t block_at)
{
  for (size_t i = 0; i < cap; i++) {
    char *x = (char *)slots + i * size;
    if (slot_key(x) == 0)
      continue;
    void *block;
    memcpy(&block, x + block_at, sizeof block);
    free(block);
    memset(x, 0, size);
  }
}

/* Empties the table by canonical graph (keeps its slot array). */
static void flush_graphs(myr_memo *m)
{
  empty_table(m->slots, m->cap, sizeof *m->slots, offsetof(myr_memo_entry, e_mult));
  m->count = 0;
  m->bytes = 0;
  m->flushes++;
}

/* Empties the table by host ids (keeps its slot array). */
static void flush_recall(myr_memo *m)
{
  empty_table(m->rslots, m->rcap, sizeof *m->rslots, offsetof(myr_recall_entry, pen));
  m->rcount = 0;
  m->rbytes = 0;
  m->rflushes++;
}

/* Stored ratios are only valid for the options they were solved with. */
static void check_options(myr_memo *m, const myr_options *opt)
{
  size_t w[MYR_MEMO_OPTION_WORDS];
  option_words(opt, w);
  if (m->opt_set && memcmp(w, m->opt_words, sizeof w) == 0)
    return;
  if (m->count > 0)
    flush_graphs(m);
  if (m->rcount > 0)
    flush_recall(m);
  memcpy(m->opt_words, w, sizeof w);
  m->opt_set = 1;
}

static size_t slot_of(const myr_memo *m, uint64_t hash, const myr_bigraph *g)
{
  size_t i = (size_t)hash & (m->cap - 1);
  while (m->slots[i].hash != 0 && !same_graph(&m->slots[i], hash, g))
    i = (i + 1) & (m->cap - 1);
  return i;
}

/* Dense components (more than MYR_MEMO_PAIRS_PER_HOST pairs per host:
 * node all-to-alls, the integer sort's) are neither stored nor looked up:
 * any comm start or end there makes a new graph, so they never repeat,
 * and each would take tens of KiB. */
static int storable(const myr_bigraph *g)
{
  return g->ne <= MYR_MEMO_PAIRS_PER_HOST * (g->ns + g->nd);
}

int myr_memo_find(myr_memo *m, const myr_bigraph *g, const myr_options *opt, double *ratio, int *method,
                  uint64_t *hash)
{
  *hash = 0;
  check_options(m, opt);
  if (m->count == 0 || !storable(g)) {
    m->misses++;
    return 0;
  }
  *hash = graph_hash(g);
  const myr_memo_entry *x = &m->slots[slot_of(m, *hash, g)];
  if (x->hash == 0) {
    m->misses++;
    return 0;
  }
  memcpy(ratio, x->ratio, g->ne * sizeof *ratio);
  *method = x->method;
  m->hits++;
  return 1;
}

/* A table of `cap` slots of `size` bytes moved into one of twice as many
 * (256 at first); *cap is updated. */
static void *grow_table(void *old, size_t *cap, size_t size)
{
  size_t old_cap = *cap, new_cap = old_cap ? 2 * old_cap : 256;
  char *slots = cg_xcalloc(new_cap, size);
  for (size_t i = 0; i < old_cap; i++) {
    const char *x = (const char *)old + i * size;
    uint64_t key = slot_key(x);
    if (key == 0)
      continue;
    size_t j = (size_t)key & (new_cap - 1);
    while (slot_key(slots + j * size) != 0)
      j = (j + 1) & (new_cap - 1);
    memcpy(slots + j * size, x, size);
  }
  free(old);
  *cap = new_cap;
  return slots;
}

void myr_memo_put(myr_memo *m, const myr_bigraph *g, uint64_t hash, const myr_options *opt, const double *ratio,
                  int method)
{
  check_options(m, opt);
  size_t ne = g->ne;
  size_t bytes = ne * (2 * sizeof(uint32_t) + 2 * sizeof(double)) + sizeof(myr_memo_entry);
  size_t limit = m->max_bytes ? m->max_bytes : MYR_MEMO_DEFAULT_BYTES;
  if (bytes > limit || !storable(g))
    return;
  if (m->bytes + bytes > limit)
    flush_graphs(m);
  if (2 * (m->count + 1) > m->cap)
    m->slots = grow_table(m->slots, &m->cap, sizeof *m->slots);
  if (hash == 0) /* an empty memo was not searched */
    hash = graph_hash(g);
  myr_memo_entry *x = &m->slots[slot_of(m, hash, g)];
  if (x->hash != 0)
    return; /* already there */
  /* doubles first: the block is aligned for them */
  double *block = cg_xmalloc(ne ? ne * (2 * sizeof(double) + 2 * sizeof(uint32_t)) : 1);
  *x = (myr_memo_entry){.hash = hash, .ns = g->ns, .nd = g->nd, .ne = ne, .method = method};
  x->e_mult = block;
  x->ratio = block + ne;
  x->e_src = (uint32_t *)(block + 2 * ne);
  x->e_dst = x->e_src + ne;
  memcpy(x->e_mult, g->e_mult, ne * sizeof *x->e_mult);
  memcpy(x->ratio, ratio, ne * sizeof *x->ratio);
  memcpy(x->e_src, g->e_src, ne * sizeof *x->e_src);
  memcpy(x->e_dst, g->e_dst, ne * sizeof *x->e_dst);
  m->count++;
  m->bytes += bytes;
}

/* One mix per item, and one more for an item of several comms (an edge
 * of multiplicity above 1), so a key of single comms is as before. */
uint64_t myr_memo_key(const myr_item *items, size_t n)
{
  if (n < 2 || n > MYR_RECALL_MAX_COMMS)
    return 0;
  uint64_t key = mix(0, n);
  for (size_t i = 0; i < n; i++) {
    key = mix(key, (uint64_t)items[i].src << 32 | items[i].dst);
    if (items[i].extra != 0)
      key = mix(key, items[i].extra);
  }
  return finish(key);
}

/* Whether the n items are the entry's, in its order (hosts and
 * multiplicities); sets each item's penalty on the way. */
static int same_comms(const myr_recall_entry *x, myr_item *items, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    if (items[i].src != x->src[i] || items[i].dst != x->dst[i] || items[i].extra != x->extra[i])
      return 0;
    items[i].penalty = x->pen[i];
  }
  return 1;
}

int myr_memo_recall(myr_memo *m, myr_item *items, size_t n, uint64_t key, const myr_options *opt, int *method)
{
  check_options(m, opt);
  if (key == 0 || m->rcount == 0)
    return 0;
  for (size_t i = (size_t)key & (m->rcap - 1); m->rslots[i].key != 0; i = (i + 1) & (m->rcap - 1)) {
    const myr_recall_entry *x = &m->rslots[i];
    if (x->key == key && x->n == n && same_comms(x, items, n)) {
      *method = x->method;
      m->recalls++;
      return 1;
    }
  }
  return 0;
}

void myr_memo_keep(myr_memo *m, uint64_t key, const myr_item *items, size_t n, const myr_bigraph *g,
                   const myr_options *opt, int method)
{
  check_options(m, opt);
  size_t bytes = n * (sizeof(double) + 3 * sizeof(uint32_t)) + sizeof(myr_recall_entry);
  size_t limit = m->max_bytes ? m->max_bytes : MYR_MEMO_DEFAULT_BYTES;
  if (key == 0 || bytes > limit || !storable(g))
    return;
  if (m->rbytes + bytes > limit)
    flush_recall(m);
  if (2 * (m->rcount + 1) > m->rcap)
    m->rslots = grow_table(m->rslots, &m->rcap, sizeof *m->rslots);
  size_t i = (size_t)key & (m->rcap - 1);
  while (m->rslots[i].key != 0) /* another sequence under the same key */
    i = (i + 1) & (m->rcap - 1);
  /* doubles first: the block is aligned for them */
  double *block = cg_xmalloc(n * (sizeof(double) + 3 * sizeof(uint32_t)));
  myr_recall_entry *x = &m->rslots[i];
  *x = (myr_recall_entry){.key = key, .n = n, .method = method, .pen = block};
  x->src = (uint32_t *)(block + n);
  x->dst = x->src + n;
  x->extra = x->dst + n;
  for (size_t k = 0; k < n; k++) {
    x->pen[k] = items[k].penalty;
    x->src[k] = items[k].src;
    x->dst[k] = items[k].dst;
    x->extra[k] = items[k].extra;
  }
  m->rcount++;
  m->rbytes += bytes;
}

void myr_memo_free(myr_memo *m)
{
  size_t max_bytes = m->max_bytes;
  if (m->cap > 0)
    flush_graphs(m);
  if (m->rcap > 0)
    flush_recall(m);
  free(m->slots);
  free(m->rslots);
  *m = (myr_memo){.max_bytes = max_bytes};
}
