/* Fork-join pool of worker threads (see workers.h).
 *
 * A loop's iterations are claimed through one 64-bit ticket: the loop's
 * number in the high half, the next unclaimed iteration in the low half.
 * A worker claims a chunk by compare-and-swap from the value it read, so
 * a claim succeeds only while that very loop is open; the caller closes
 * the loop (exchanging the ticket for its "closed" value) before it
 * writes the next loop's description, so a worker that wakes late either
 * claims in the loop it read about or claims nothing. The caller then
 * waits only for the chunks actually claimed, never for a worker to wake
 * up (tens of microseconds on a virtual machine, as long as a small loop). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "contention/alloc.h"
#include "workers.h"

/* How long a worker keeps polling for the next loop before it sleeps:
 * a loop that follows within this time (the next flush of a busy
 * simulation) finds it awake; between sparser loops it sleeps. Polls
 * yield the core every 64 reads, so an oversubscribed machine loses
 * little to them. */
#define SPIN_NS 100000L
/* How long a worker woken by cg_workers_expect polls for the loop: the
 * caller's work before it (belief propagation before the regions: 0.1 to
 * 1 ms on the halo exchange's components). */
#define EXPECT_NS 2000000L
/* Low half of the ticket once its loop is closed. */
#define CLOSED UINT32_MAX

struct cg_workers {
  size_t threads;
  pthread_t *tid;
  pthread_mutex_t mu;
  pthread_cond_t start_cv;
  size_t sleepers;        /* workers waiting on start_cv; under mu */
  unsigned long expects;  /* cg_workers_expect calls that woke sleepers; under mu */
  int stop;               /* under mu */
  uint32_t loops;         /* loops published (the caller's) */
  _Atomic uint64_t ticket;
  atomic_size_t done;     /* iterations of the current loop run */
  /* the current loop, written before its ticket opens: its bounds may be
   * read by a worker that is about to find its claim stale (hence
   * atomic), the body only by a thread that claimed a chunk of it */
  atomic_size_t n, chunk;
  cg_workers_fn fn;
  void *ctx;
  struct worker {
    cg_workers *pool;
    size_t index;
  } *arg;
};

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static long now_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

static inline uint64_t ticket_of(uint32_t loop, uint32_t next) { return (uint64_t)loop << 32 | next; }

/* Claims and runs chunks of the loop whose ticket was t, until none is
 * left or the loop is no longer that one. */
static void run_chunks(cg_workers *w, uint64_t t, size_t thread)
{
  for (;;) {
    uint32_t next = (uint32_t)t;
    if (next == CLOSED)
      return;
    /* the loop of t, if the claim below succeeds */
    size_t n = atomic_load_explicit(&w->n, memory_order_relaxed);
    size_t chunk = atomic_load_explicit(&w->chunk, memory_order_relaxed);
    if (next >= n)
      return;
    size_t end = n - next < chunk ? n : next + chunk;
    if (!atomic_compare_exchange_weak_explicit(&w->ticket, &t, ticket_of((uint32_t)(t >> 32), (uint32_t)end),
                                               memory_order_acq_rel, memory_order_acquire))
      continue; /* t now holds the current ticket */
    w->fn(w->ctx, next, end, thread);
    atomic_fetch_add_explicit(&w->done, end - next, memory_order_release);
    t = atomic_load_explicit(&w->ticket, memory_order_acquire);
  }
}

/* Polls the ticket for `ns` nanoseconds; returns it as soon as a loop
 * other than `seen` is open, else the last value read. */
static uint64_t poll_loop(cg_workers *w, uint32_t seen, long ns)
{
  for (long end = now_ns() + ns;;) {
    for (int i = 0; i < 64; i++) {
      uint64_t t = atomic_load_explicit(&w->ticket, memory_order_acquire);
      if ((uint32_t)(t >> 32) != seen)
        return t;
      relax();
    }
    if (now_ns() > end)
      return ticket_of(seen, CLOSED);
    sched_yield(); /* a runnable thread of this or another program goes first */
  }
}

/* The ticket once a loop other than `seen` is open: polled for SPIN_NS,
 * then waited for, polling EXPECT_NS after each cg_workers_expect; `seen`
 * itself with stop set. */
static uint64_t wait_loop(cg_workers *w, uint32_t seen, int *stop)
{
  uint64_t t = poll_loop(w, seen, SPIN_NS);
  if ((uint32_t)(t >> 32) != seen)
    return t;
  pthread_mutex_lock(&w->mu);
  for (;;) {
    unsigned long expects = w->expects;
    w->sleepers++;
    while ((uint32_t)((t = atomic_load_explicit(&w->ticket, memory_order_acquire)) >> 32) == seen && !w->stop &&
           w->expects == expects)
      pthread_cond_wait(&w->start_cv, &w->mu);
    w->sleepers--;
    if ((uint32_t)(t >> 32) != seen || w->stop)
      break;
    pthread_mutex_unlock(&w->mu); /* expected: poll for the loop */
    t = poll_loop(w, seen, EXPECT_NS);
    pthread_mutex_lock(&w->mu);
    if ((uint32_t)(t >> 32) != seen)
      break;
  }
  *stop = w->stop;
  pthread_mutex_unlock(&w->mu);
  return t;
}

static void *worker_main(void *p)
{
  struct worker *me = p;
  cg_workers *w = me->pool;
  uint32_t seen = 0;
  for (;;) {
    int stop = 0;
    uint64_t t = wait_loop(w, seen, &stop);
    if (stop)
      return NULL;
    seen = (uint32_t)(t >> 32);
    run_chunks(w, t, me->index);
  }
}

size_t cg_workers_resolve(size_t requested)
{
  if (requested > 0)
    return requested;
  size_t n = 1;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    n = (size_t)CPU_COUNT(&set);
  return n < CG_WORKERS_AUTO_MAX ? n : CG_WORKERS_AUTO_MAX;
}

cg_workers *cg_workers_new(size_t threads)
{
  cg_workers *w = cg_xcalloc(1, sizeof *w);
  w->threads = threads > 1 ? threads : 1;
  pthread_mutex_init(&w->mu, NULL);
  pthread_cond_init(&w->start_cv, NULL);
  atomic_init(&w->ticket, ticket_of(0, CLOSED));
  atomic_init(&w->done, 0);
  atomic_init(&w->n, 0);
  atomic_init(&w->chunk, 1);
  w->tid = cg_xcalloc(w->threads, sizeof *w->tid);
  w->arg = cg_xcalloc(w->threads, sizeof *w->arg);
  for (size_t t = 1; t < w->threads; t++) {
    w->arg[t] = (struct worker){w, t};
    if (pthread_create(&w->tid[t], NULL, worker_main, &w->arg[t]) != 0) {
      w->threads = t; /* join those started, then give up */
      cg_workers_free(w);
      return NULL;
    }
  }
  return w;
}

size_t cg_workers_threads(const cg_workers *w) { return w ? w->threads : 1; }

void cg_workers_expect(cg_workers *w)
{
  if (!w || w->threads == 1)
    return;
  pthread_mutex_lock(&w->mu);
  if (w->sleepers) {
    w->expects++;
    pthread_cond_broadcast(&w->start_cv);
  }
  pthread_mutex_unlock(&w->mu);
}

void cg_workers_run(cg_workers *w, size_t n, size_t chunk, cg_workers_fn fn, void *ctx)
{
  if (n == 0)
    return;
  if (!w || w->threads == 1 || n >= CLOSED) {
    fn(ctx, 0, n, 0);
    return;
  }
  w->fn = fn;
  w->ctx = ctx;
  atomic_store_explicit(&w->n, n, memory_order_relaxed);
  atomic_store_explicit(&w->chunk, chunk ? chunk : 1, memory_order_relaxed);
  atomic_store_explicit(&w->done, 0, memory_order_relaxed);
  if (++w->loops == 0) /* 0 is the loop the workers start having seen */
    w->loops = 1;
  uint64_t t = ticket_of(w->loops, 0);
  atomic_store_explicit(&w->ticket, t, memory_order_release);
  pthread_mutex_lock(&w->mu);
  if (w->sleepers)
    pthread_cond_broadcast(&w->start_cv);
  pthread_mutex_unlock(&w->mu);
  run_chunks(w, t, 0);
  /* Close the loop before anything of it may be reused; the exchange
   * also orders the workers' claims before the next loop's description. */
  atomic_exchange_explicit(&w->ticket, ticket_of(w->loops, CLOSED), memory_order_acq_rel);
  for (long end = now_ns() + SPIN_NS; atomic_load_explicit(&w->done, memory_order_acquire) != n;) {
    relax(); /* the claimed chunks still running: at most one per worker */
    if (now_ns() > end)
      sched_yield();
  }
}

void cg_workers_free(cg_workers *w)
{
  if (!w)
    return;
  pthread_mutex_lock(&w->mu);
  w->stop = 1;
  pthread_cond_broadcast(&w->start_cv);
  pthread_mutex_unlock(&w->mu);
  for (size_t t = 1; t < w->threads; t++)
    pthread_join(w->tid[t], NULL);
  pthread_cond_destroy(&w->start_cv);
  pthread_mutex_destroy(&w->mu);
  free(w->tid);
  free(w->arg);
  free(w);
}
