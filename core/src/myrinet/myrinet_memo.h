/* Private to the Myrinet technology: the results of components already
 * solved, in two tables.
 *
 * By canonical graph: the state-set ratios, keyed by the whole canonical
 * bipartite graph. A component's ratios are a pure function of its
 * myr_bigraph (local indices in host-id order, pairs and multiplicities)
 * and of the solver options (myrinet_sets.h), so a component whose graph
 * was solved before gets the very same numbers back, bit for bit, without
 * solving. A halo exchange keeps re-creating the same few shapes as its
 * comms start and end: on the 256-rank 3-D halo trace, 48 046 of 64 402
 * solves repeat a graph and take 62 % of the solver's time.
 *
 * By host ids ("recall"): the penalty of each item, keyed by the
 * component's items (its edges: the parallel comms of a host pair are one
 * item, myr_item) as the sequence of their (source, destination) host ids
 * and multiplicities, looked up before any graph is built. A component's
 * penalties are a pure function of the multiset of its comms' pairs and of
 * the options (myrinet_sets.h), so a recalled component gets the very
 * numbers its solve would give; it skips the canonical graph, the closed
 * forms and the ratios' maximum, which were most of a repeated solve's
 * cost. The key is the sequence, not the multiset, so that a hit costs one
 * comparison per item: a component gathered in another order is another
 * entry. On the
 * 64-rank halo trace 104 017 of 106 831 solves repeat the comms of an
 * earlier one, and 102 594 of them in the same order as the last time. A
 * component is kept once its graph repeats (answered by the canonical
 * table) or when a closed form solved it, not at its first solve: on the
 * 256-rank halo trace, keeping every component filled 13 MB with 13 302
 * entries, most never recalled, and the writes cost more than the recalls
 * saved; kept this way, 6411 entries (5 MB) answer 26 198 solves.
 *
 * Keys are compared in full (a hash only finds the slot), so a hit is
 * never a different component. Memory is bounded: dense components, which
 * do not repeat, are stored in neither table, components of more than
 * MYR_RECALL_MAX_COMMS items not by host ids (on the 256-rank halo trace
 * 651 of 8898 such solves repeat, and they would fill the table), and a
 * table whose entries exceed max_bytes (8 MiB by default) is emptied;
 * none of this changes a result. 8 MiB, not more: the memo is the largest
 * part of Myrinet's memory, and at 16 MiB a table took the 256-rank halo
 * and the 1024-rank pairwise exchange to 1.10 times SMPI's peak memory
 * under smpirun; at 8 MiB the 256-rank halo trace replayed into the core
 * peaks at 21.7 MB instead of 29.5 MB, for 1.3 % more instructions there
 * and 5.3 % more on the 1024-rank one (the 64-rank one never fills it). */
#ifndef CONTENTION_MYRINET_MEMO_H
#define CONTENTION_MYRINET_MEMO_H

#include <stddef.h>
#include <stdint.h>

typedef struct myr_bigraph myr_bigraph;
typedef struct myr_options myr_options;
typedef struct myr_item myr_item;

typedef struct myr_memo_entry {
  uint64_t hash; /* 0: empty slot */
  size_t ns, nd, ne;
  int method;      /* myr_method that solved it */
  double *e_mult;  /* the key's ne multiplicities: one allocation holds */
  double *ratio;   /* them, the ne results, */
  uint32_t *e_src; /* and the key's ne pairs */
  uint32_t *e_dst;
} myr_memo_entry;

typedef struct myr_recall_entry {
  uint64_t key;  /* 0: empty slot */
  size_t n;      /* comms */
  int method;    /* myr_method that solved it */
  double *pen;     /* per item: one allocation holds the n penalties */
  uint32_t *src;   /* and the items' source */
  uint32_t *dst;   /* and destination ids, in the key's order, */
  uint32_t *extra; /* and their parallel comms beyond the first */
} myr_recall_entry;

/* Options that can change a ratio, as words (myrinet_memo.c). */
#define MYR_MEMO_OPTION_WORDS 11

typedef struct myr_memo {
  myr_memo_entry *slots; /* by canonical graph: open addressing, linear probing */
  size_t cap, count;     /* cap: 0 or a power of two */
  myr_recall_entry *rslots; /* by host ids, likewise */
  size_t rcap, rcount;
  size_t bytes, rbytes;  /* held by each table's entries */
  size_t max_bytes;      /* of each table; 0 at zero-initialisation: MYR_MEMO_DEFAULT_BYTES */
  uint64_t hits, misses, flushes; /* of the table by canonical graph, */
  uint64_t recalls, rflushes;     /* and of the one by host ids */
  size_t opt_words[MYR_MEMO_OPTION_WORDS]; /* the options the stored ratios were solved with */
  int opt_set;
} myr_memo;

#define MYR_MEMO_DEFAULT_BYTES ((size_t)8 << 20)
#define MYR_MEMO_PAIRS_PER_HOST 8 /* denser components are not stored */
#define MYR_RECALL_MAX_COMMS 128  /* items (edges); larger components are not stored by host ids */

/* Looks `g` up (solved with `opt`); on a hit copies its g->ne ratios into
 * `ratio`, its method into *method, and returns 1. A zero-initialised memo
 * is empty and valid. Different options from the stored ones empty it.
 * *hash is set to g's hash when it was computed (0 otherwise), for
 * myr_memo_put, so that a miss hashes the graph once. */
int myr_memo_find(myr_memo *m, const myr_bigraph *g, const myr_options *opt, double *ratio, int *method,
                  uint64_t *hash);
/* Stores g's ratios and method (after a miss of myr_memo_find on the same
 * g and opt, which gave `hash`). */
void myr_memo_put(myr_memo *m, const myr_bigraph *g, uint64_t hash, const myr_options *opt, const double *ratio,
                  int method);
/* The key of the n items as a sequence of (source, destination) host ids
 * and multiplicities; 0 (not stored by host ids) for one item (a comm
 * alone, or one pair's parallel comms), whose closed form or subset count
 * costs less than an entry (a pairwise exchange at 256 ranks meets 65 280
 * pairs alone: kept, they took its rules from 0.02 to 0.27 s and 6 MB),
 * and for more than MYR_RECALL_MAX_COMMS. */
uint64_t myr_memo_key(const myr_item *items, size_t n);
/* Looks the component of the n `items` (key: their myr_memo_key) up by
 * host ids (solved with `opt`); on a hit sets every item's penalty and
 * *method and returns 1. Different options from the stored ones empty the
 * memo. */
int myr_memo_recall(myr_memo *m, myr_item *items, size_t n, uint64_t key, const myr_options *opt, int *method);
/* Stores the penalties of the n `items` of a component just solved with
 * `opt` (key: their myr_memo_key; g: its canonical graph, for the memo's
 * size rule). */
void myr_memo_keep(myr_memo *m, uint64_t key, const myr_item *items, size_t n, const myr_bigraph *g,
                   const myr_options *opt, int method);
/* Frees everything; the memo is zero-initialised again (max_bytes kept). */
void myr_memo_free(myr_memo *m);

#endif
