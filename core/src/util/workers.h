/* Private to the core: a small pool of worker threads that runs the
 * iterations of a parallel loop, the calling thread taking part.
 *
 * The pool exists for computations whose every iteration is a pure
 * function of shared read-only data, written to its own output: which
 * thread runs which iteration then cannot change a result, so a model
 * gives the same bits with any number of threads. Iterations are handed
 * out in chunks from a shared counter (the fastest thread takes more).
 * Idle workers sleep on a condition variable after a short spin, so a
 * pool costs nothing while the simulation runs elsewhere; a caller that
 * knows a loop is coming wakes them beforehand (cg_workers_expect), since
 * waking a thread takes as long as a small loop. */
#ifndef CONTENTION_WORKERS_H
#define CONTENTION_WORKERS_H

#include <stddef.h>

typedef struct cg_workers cg_workers;

/* Body of a parallel loop: iterations begin .. end - 1, run by thread
 * `thread` (0 = the caller, 1 .. threads - 1 the workers; a thread's
 * scratch can be indexed by it). */
typedef void (*cg_workers_fn)(void *ctx, size_t begin, size_t end, size_t thread);

/* Threads the pool would use when asked for `requested` (0: one per CPU
 * this process may run on, from its affinity mask, at most
 * CG_WORKERS_AUTO_MAX); always at least 1. */
#define CG_WORKERS_AUTO_MAX 8
size_t cg_workers_resolve(size_t requested);

/* A pool of `threads` threads in all (the caller and threads - 1
 * workers, started here); threads <= 1 starts none and runs every loop
 * on the caller. NULL if a thread cannot be started. */
cg_workers *cg_workers_new(size_t threads);
/* Threads of the pool, the caller included (1 for NULL). */
size_t cg_workers_threads(const cg_workers *w);
/* Wakes the sleeping workers so that they poll for the next loop (for
 * up to 2 ms) instead of being woken when it starts. Costs a lock, and a
 * system call if some sleep. */
void cg_workers_expect(cg_workers *w);
/* Runs fn over 0 .. n - 1 in chunks of `chunk` iterations and returns
 * once every iteration has run. With w NULL or one thread, fn(ctx, 0, n,
 * 0) on the caller. Not reentrant: one loop at a time per pool. */
void cg_workers_run(cg_workers *w, size_t n, size_t chunk, cg_workers_fn fn, void *ctx);
/* Stops and joins the workers. */
void cg_workers_free(cg_workers *w);

#endif
