/* Private to the Myrinet technology: the state-set ratios of components
 * already solved, keyed by their whole canonical bipartite graph.
 *
 * A component's ratios are a pure function of its myr_bigraph (local
 * indices in host-id order, pairs and multiplicities) and of the solver
 * options (myrinet_sets.h), so a component whose graph was solved before
 * gets the very same numbers back, bit for bit, without solving. A halo
 * exchange keeps re-creating the same few shapes as its comms start and
 * end: on the 256-rank 3-D halo trace, 48 046 of 64 402 solves repeat a
 * graph and take 62 % of the solver's time.
 *
 * Keys are compared in full (a hash only finds the slot), so a hit is
 * never a different graph. Memory is bounded: dense components, which do
 * not repeat, are not stored, and when the stored graphs exceed max_bytes
 * (16 MiB by default) the memo is emptied; neither changes a result. */
#ifndef CONTENTION_MYRINET_MEMO_H
#define CONTENTION_MYRINET_MEMO_H

#include <stddef.h>
#include <stdint.h>

typedef struct myr_bigraph myr_bigraph;
typedef struct myr_options myr_options;

typedef struct myr_memo_entry {
  uint64_t hash; /* 0: empty slot */
  size_t ns, nd, ne;
  int method;      /* myr_method that solved it */
  double *e_mult;  /* the key's ne multiplicities: one allocation holds */
  double *ratio;   /* them, the ne results, */
  uint32_t *e_src; /* and the key's ne pairs */
  uint32_t *e_dst;
} myr_memo_entry;

/* Options that can change a ratio, as words (myrinet_memo.c). */
#define MYR_MEMO_OPTION_WORDS 11

typedef struct myr_memo {
  myr_memo_entry *slots; /* open addressing, linear probing */
  size_t cap, count;     /* cap: 0 or a power of two */
  size_t bytes;          /* held by the stored graphs */
  size_t max_bytes;      /* 0 at zero-initialisation: MYR_MEMO_DEFAULT_BYTES */
  uint64_t hits, misses, flushes;
  size_t opt_words[MYR_MEMO_OPTION_WORDS]; /* the options the stored ratios were solved with */
  int opt_set;
} myr_memo;

#define MYR_MEMO_DEFAULT_BYTES ((size_t)16 << 20)
#define MYR_MEMO_PAIRS_PER_HOST 8 /* denser components are not stored */

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
/* Frees everything; the memo is zero-initialised again (max_bytes kept). */
void myr_memo_free(myr_memo *m);

#endif
