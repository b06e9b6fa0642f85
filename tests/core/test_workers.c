/* The core's worker pool (core/src/util/workers.h).
 *
 * - cg_workers_resolve: an explicit count is kept; 0 gives the CPUs of
 *   this process's affinity mask, at most CG_WORKERS_AUTO_MAX.
 * - Every iteration of a loop runs exactly once, whatever the loop's size
 *   against the threads and the chunk (0 and 1 iterations, fewer than the
 *   threads, a chunk that does not divide it), over thousands of loops
 *   back to back (workers still polling) and loops 300 us apart (workers
 *   asleep; every other one announced by cg_workers_expect, which wakes
 *   them to poll, then 300 us more before it starts): each iteration adds
 *   its index + 1 to its own slot, so a slot run twice or never shows.
 * - The workers take part: a loop of 64 iterations of 50 us each on 2
 *   threads has some iterations run by thread 1 (tried on up to 50 loops,
 *   so a busy machine only delays it).
 * - A NULL pool and a pool of one thread run the body once on the caller,
 *   (0, n, 0). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "workers.h"

enum { MAXN = 4099 };

typedef struct loop_ctx {
  long slot[MAXN];
  size_t by_thread[8];
  size_t calls, busy_us;
} loop_ctx;

static void busy(size_t us)
{
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  do
    clock_gettime(CLOCK_MONOTONIC, &b);
  while ((b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000 < (long)us);
}

static void body(void *p, size_t begin, size_t end, size_t thread)
{
  loop_ctx *c = p;
  for (size_t i = begin; i < end; i++) {
    c->slot[i] += (long)i + 1;
    if (c->busy_us)
      busy(c->busy_us);
  }
  c->by_thread[thread] += end - begin; /* one thread per slot of by_thread */
}

static void once(void *p, size_t begin, size_t end, size_t thread)
{
  loop_ctx *c = p;
  c->calls++;
  CHECK(begin == 0);
  CHECK(end == 7);
  CHECK(thread == 0);
}

/* Runs `loops` loops of sizes from `sizes`; checks every slot. */
static void run_loops(cg_workers *w, size_t loops, size_t pause_us)
{
  static const size_t sizes[] = {0, 1, 2, 3, 5, 17, 100, 1000, MAXN};
  static loop_ctx c;
  for (size_t l = 0; l < loops; l++) {
    size_t n = sizes[l % (sizeof sizes / sizeof *sizes)], chunk = 1 + l % 4;
    for (size_t i = 0; i < n; i++)
      c.slot[i] = 0;
    if (pause_us && l % 2) {
      cg_workers_expect(w);
      struct timespec t = {0, (long)pause_us * 1000};
      nanosleep(&t, NULL);
    }
    cg_workers_run(w, n, chunk, body, &c);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
      bad += c.slot[i] != (long)i + 1;
    CHECK(bad == 0);
    if (pause_us) {
      struct timespec t = {0, (long)pause_us * 1000};
      nanosleep(&t, NULL);
    }
  }
}

int main(void)
{
  CHECK(cg_workers_resolve(3) == 3);
  CHECK(cg_workers_resolve(1) == 1);
  cpu_set_t set;
  size_t cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? (size_t)CPU_COUNT(&set) : 1;
  size_t want = cpus < 1 ? 1 : cpus > CG_WORKERS_AUTO_MAX ? CG_WORKERS_AUTO_MAX : cpus;
  CHECK(cg_workers_resolve(0) == want);

  loop_ctx *c = calloc(1, sizeof *c);
  cg_workers_expect(NULL); /* nothing to wake */
  cg_workers_run(NULL, 7, 2, once, c);
  cg_workers *one = cg_workers_new(1);
  CHECK(cg_workers_threads(one) == 1);
  CHECK(cg_workers_threads(NULL) == 1);
  cg_workers_expect(one);
  cg_workers_run(one, 7, 2, once, c);
  CHECK(c->calls == 2);
  cg_workers_free(one);

  for (size_t threads = 2; threads <= 4; threads++) {
    cg_workers *w = cg_workers_new(threads);
    CHECK(w != NULL);
    CHECK(cg_workers_threads(w) == threads);
    run_loops(w, 3000, 0);
    run_loops(w, 40, 300);
    cg_workers_free(w);
  }

  cg_workers *two = cg_workers_new(2);
  c->busy_us = 50;
  for (size_t l = 0; l < 50 && c->by_thread[1] == 0; l++)
    cg_workers_run(two, 64, 1, body, c);
  CHECK(c->by_thread[1] > 0);
  cg_workers_free(two);
  free(c);
  return check_failures != 0;
}
