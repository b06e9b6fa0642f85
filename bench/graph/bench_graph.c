/* Replays long random start/end event sequences on contention graphs of a
 * fixed number of concurrent comms, through the incremental graph and
 * through full recomputation after every event, and prints events per
 * second for both and their ratio (measured in the same run).
 *
 * usage: bench_graph [--events N] [--seconds S] [--sizes 1000,10000,...]
 *                    [--technology NAME] [--shapes sparse,fan,all,hub]
 * Each path runs until N events or S seconds, whichever comes first.
 * The capped-hub shape keeps N/2 comms fixed: one into a hub and one to a
 * host of its own from each of N/4 senders, and replays events on N/2
 * comms from N/4 other hosts into the senders' own hosts. Each event
 * changes the P(s) of a sender (rule (c)) but not its out-degree, so its
 * comm into the full hub stays capped at the hub's level and no penalty
 * into the hub changes: on InfiniBand that must cost no re-solve of the
 * hub's level, and the incremental path stays far ahead of a full
 * recomputation as N grows. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/graph.h"
#include "contention/technology.h"

#include "../bench_util.h"

typedef enum { SPARSE, FANIN, ALLTOALL, HUB, SHAPES } shape;
static const char *shape_name[] = {"sparse", "fan-in/out", "all-to-all", "capped-hub"};

typedef struct cfg {
  shape sh;
  uint32_t hosts;
} cfg;

static cfg make_cfg(shape sh, size_t n)
{
  cfg c = {sh, 0};
  if (sh == ALLTOALL) {
    c.hosts = 2;
    while ((size_t)c.hosts * (c.hosts - 1) < n)
      c.hosts++;
  } else if (sh == HUB) {
    c.hosts = (uint32_t)(1 + 3 * (n / 4)); /* the hub, senders, their hosts, others */
  } else {
    c.hosts = (uint32_t)(n / 2 > 4 ? n / 2 : 4); /* mean degree 2 */
  }
  return c;
}

static void pick(const cfg *c, cg_host *s, cg_host *d)
{
  if (c->sh == HUB) { /* one of the other hosts into a sender's own host */
    uint32_t k = (c->hosts - 1) / 3;
    *s = 1 + 2 * k + rnd() % k;
    *d = 1 + k + rnd() % k;
    return;
  }
  do {
    *s = rnd() % c->hosts;
    if (c->sh == FANIN && rnd() % 4 == 0)
      *d = rnd() % 16; /* hot receivers */
    else if (c->sh == FANIN && rnd() % 4 == 0) {
      *d = rnd() % c->hosts;
      *s = rnd() % 16; /* hot senders */
    } else
      *d = rnd() % c->hosts;
  } while (*s == *d);
}

/* Returns events per second; `full` recomputes everything after each event. */
static double run(const cg_tech *t, const cfg *c, size_t n, size_t max_events, double max_s,
                  int full, size_t *done)
{
  rng = 777 + n + (uint64_t)c->sh; /* same sequence for both paths */
  cg_graph *g = cg_graph_create(t, NULL);
  cg_comm *live = malloc(n * sizeof *live);
  cg_graph_set_deferred(g, 1); /* build the initial graph in one evaluation */
  size_t senders = c->sh == HUB ? (c->hosts - 1) / 3 : 0; /* fixed comms stay */
  for (size_t i = 0; i < senders; i++) {
    cg_graph_add(g, (cg_host)(1 + i), 0);
    cg_graph_add(g, (cg_host)(1 + i), (cg_host)(1 + senders + i));
  }
  n -= 2 * senders;
  for (size_t i = 0; i < n; i++) {
    cg_host s, d;
    pick(c, &s, &d);
    live[i] = cg_graph_add(g, s, d);
  }
  cg_graph_set_deferred(g, 0);
  double t0 = now(), t1 = t0;
  size_t ev = 0;
  volatile size_t sink = 0;
  while (ev < max_events) {
    size_t k = rnd() % n;
    cg_graph_remove(g, live[k]);
    if (full)
      cg_graph_recompute_all(g);
    cg_host s, d;
    pick(c, &s, &d);
    live[k] = cg_graph_add(g, s, d);
    if (full)
      cg_graph_recompute_all(g);
    size_t nch;
    cg_graph_changed(g, &nch);
    sink += nch;
    ev += 2;
    if (full || (ev & 63) == 0) { /* a full step can take long on big graphs */
      t1 = now();
      if (t1 - t0 > max_s)
        break;
    }
  }
  (void)sink; /* read once: GCC 15 counts a volatile only written as unused */

  t1 = now();
  cg_graph_destroy(g);
  free(live);
  *done = ev;
  return (double)ev / (t1 - t0);
}

/* A whole decimal number in [lo, hi] (strtoul took "1e3" as 1 and "x" as
 * 0: zero comms divided by zero, zero events printed no rate). */
static int whole(const char *v, unsigned long long lo, unsigned long long hi, size_t *out)
{
  unsigned long long x;
  if (bench_whole(v, lo, hi, &x) != 0)
    return -1;
  *out = (size_t)x;
  return 0;
}

/* --sizes: at most 8 whole numbers of comms, each >= 4 (the capped hub's
 * smallest: a sender's two comms and two event comms; the other shapes
 * replay events on at least one comm) and <= 1e9 (hosts are 32 bits). */
static int parse_sizes(char *v, size_t *sizes, size_t *nsizes)
{
  size_t n = 0;
  for (char *p = v;; n++) {
    char *comma = strchr(p, ',');
    if (comma)
      *comma = '\0';
    int bad = n == 8 || whole(p, 4, 1000000000ULL, &sizes[n]) != 0;
    if (comma)
      *comma = ',';
    if (bad)
      return -1;
    if (!comma)
      break;
    p = comma + 1;
  }
  *nsizes = n + 1;
  return 0;
}

/* --shapes: a comma-separated list of the shapes' short names. */
static int parse_shapes(const char *v, int use[SHAPES])
{
  static const char *const names[SHAPES] = {"sparse", "fan", "all", "hub"};
  for (int k = 0; k < SHAPES; k++)
    use[k] = 0;
  for (const char *p = v;;) {
    size_t len = strcspn(p, ",");
    int k = 0;
    while (k < SHAPES && !(strlen(names[k]) == len && strncmp(p, names[k], len) == 0))
      k++;
    if (k == SHAPES)
      return -1;
    use[k] = 1;
    if (!p[len])
      return 0;
    p += len + 1;
  }
}

int main(int argc, char **argv)
{
  size_t max_events = 1000000;
  double max_s = 5.0;
  size_t sizes[8] = {1000, 10000, 100000};
  size_t nsizes = 3;
  const cg_tech *t = &cg_tech_infiniband;
  int use_shape[SHAPES] = {1, 1, 1, 1};
  static const char usage[] =
      "usage: bench_graph [--events N] [--seconds S] [--sizes A,B,...] [--technology NAME] [--shapes sparse,fan,all,hub]\n";
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      fputs(usage, stdout); /* asked for: standard output, exit 0 */
      return fflush(stdout) != 0 || ferror(stdout);
    } else if (strcmp(argv[i], "--events") == 0 && i + 1 < argc) {
      if (whole(argv[++i], 2, 1000000000000ULL, &max_events) != 0) {
        fprintf(stderr, "bench_graph: --events '%s': a whole number of events in [2, 1000000000000]\n", argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
      char *end;
      const char *v = argv[++i];
      max_s = strtod(v, &end);
      if (end == v || *end || !(max_s > 0 && max_s <= 86400)) {
        fprintf(stderr, "bench_graph: --seconds '%s': a duration in seconds, > 0 and at most 86400\n", v);
        return 2;
      }
    } else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
      if (parse_sizes(argv[++i], sizes, &nsizes) != 0) {
        fprintf(stderr,
                "bench_graph: --sizes '%s': each size is a whole number of comms in [4, 1000000000], "
                "comma-separated (at most 8)\n",
                argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "--shapes") == 0 && i + 1 < argc) {
      if (parse_shapes(argv[++i], use_shape) != 0) {
        fprintf(stderr, "bench_graph: --shapes '%s': a comma-separated list of sparse, fan, all, hub\n", argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "--technology") == 0 && i + 1 < argc) {
      t = cg_tech_find(argv[++i]);
      if (!t) {
        fprintf(stderr, "bench_graph: unknown technology '%s'\n", argv[i]);
        return 2;
      }
    } else {
      fputs(usage, stderr);
      return 2;
    }
  }
  printf("technology %s; each path: up to %zu events or %.1f s\n", t->name, max_events, max_s);
  printf("%-11s %8s %7s %14s %10s %14s %10s %9s\n", "shape", "comms", "hosts", "incr ev/s",
         "(events)", "full ev/s", "(events)", "ratio");
  for (size_t si = 0; si < nsizes; si++)
    for (int sh = SPARSE; sh < SHAPES; sh++) {
      if (!use_shape[sh])
        continue;
      cfg c = make_cfg((shape)sh, sizes[si]);
      size_t ni, nf;
      double inc = run(t, &c, sizes[si], max_events, max_s, 0, &ni);
      double ful = run(t, &c, sizes[si], max_events, max_s, 1, &nf);
      printf("%-11s %8zu %7u %14.0f %10zu %14.1f %10zu %8.1fx\n", shape_name[sh], sizes[si],
             c.hosts, inc, ni, ful, nf, inc / ful);
      fflush(stdout);
    }
  return 0;
}
