/* Replays recorded comm start/end sequences (record.sh) into the core's
 * contention graph as the SimGrid binding drives it: deferred mode, one
 * flush per simulated instant. Prints, per trace and technology, the CPU
 * time of the replay, per flush, and the penalties changed per flush (each
 * one costs the binding a re-rating of the comm in SimGrid).
 *
 * usage: bench_replay [--technology NAME[,NAME...]] [--param NAME=VALUE]
 *                     [--full] [--check N] [--racks R] [--digest]
 *                     [--dump FILE | --against FILE] [--flush-times FILE]
 *                     TRACE[.gz]...
 *   --full     also replays with a full recomputation at every instant
 *              (cg_graph_recompute_all, the from-scratch path) and prints
 *              its CPU time and the ratio full / incremental of the run
 *   --check N  every N instants, compares every live penalty, bit for bit,
 *              with a graph rebuilt from the live comms in reverse order;
 *              prints the number of mismatches (exit status 1 if any)
 *   --racks R  host h in rack h % R (hier-ethernet backbones); default:
 *              one rack, as a SimGrid <cluster>
 *   --digest   prints a hash of every live penalty (bits, in trace order)
 *              after every flush: equal digests from two builds mean
 *              bit-identical penalties at every instant (not timed)
 *   --dump F   writes every live penalty after every flush (trace order,
 *              gzip-compressed doubles) to F (not timed); one trace and
 *              one technology
 *   --against F  reads such a dump (of another build or parameter) in
 *              step and prints the mean and largest relative difference
 *              of the penalties, how many differ, and the shares that
 *              differ by more than 1 % and 2 % (not timed)
 *   --flush-times F  writes one row per flush to F: the comms started
 *              and ended since the previous flush, and the wall seconds
 *              of the flush with those events (what max_ms takes the
 *              largest of); one trace and one technology. overlap-bound.sh
 *              reads it (not timed)
 * Default technologies: all. CPU time is the process's (user + system,
 * every thread: Myrinet's `threads` parameter), measured around each
 * replay, less the wall time of the untimed checks; wall_s is the wall
 * time of the same; max_ms, the longest flush (with the events before
 * it), is wall time. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "contention/graph.h"
#include "contention/technology.h"

typedef struct event {
  char kind; /* '+' start, '-' end, '.' flush */
  uint32_t id, src, dst;
} event;

typedef struct trace {
  const char *path;
  event *ev;
  size_t n, cap, hosts, max_id, instants, starts;
} trace;

static double cpu_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Per flush, the monotonic clock: read without a system call, whereas the
 * process CPU clock costs one (on a trace of 6 us flushes, reading it at
 * every flush was a fifth of the measured time). */
static double wall_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Ends a stretch of untimed work (writing rows, checks, dumps) begun at
 * *now: its wall time goes to *untimed, and the next flush and the next
 * stretch are measured from its end. */
static void end_untimed(double *now, double *last, double *untimed)
{
  double after = wall_now();
  *untimed += after - *now;
  *now = *last = after;
}

static void push(trace *t, event e)
{
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 4096;
    t->ev = realloc(t->ev, t->cap * sizeof *t->ev);
    if (!t->ev) {
      fprintf(stderr, "bench_replay: out of memory\n");
      exit(1);
    }
  }
  t->ev[t->n++] = e;
}

static int load(trace *t, const char *path)
{
  gzFile f = gzopen(path, "rb");
  if (!f) {
    fprintf(stderr, "bench_replay: cannot open %s\n", path);
    return -1;
  }
  *t = (trace){.path = path};
  char line[256];
  size_t lineno = 0;
  while (gzgets(f, line, sizeof line)) {
    lineno++;
    unsigned long a, b, c;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (sscanf(line, "hosts %lu", &a) == 1) {
      t->hosts = a;
    } else if (sscanf(line, "+ %lu %lu %lu", &a, &b, &c) == 3) {
      push(t, (event){'+', (uint32_t)a, (uint32_t)b, (uint32_t)c});
      t->starts++;
    } else if (sscanf(line, "- %lu", &a) == 1) {
      push(t, (event){'-', (uint32_t)a, 0, 0});
    } else if (line[0] == '.') {
      push(t, (event){'.', 0, 0, 0});
      t->instants++;
    } else {
      fprintf(stderr, "%s:%zu: not a replay line\n", path, lineno);
      gzclose(f);
      return -1;
    }
    if ((line[0] == '+' || line[0] == '-') && t->ev[t->n - 1].id > t->max_id)
      t->max_id = t->ev[t->n - 1].id;
  }
  gzclose(f);
  return 0;
}

typedef struct opts {
  const double *params;
  gzFile dump, against;
  FILE *flush_times;
  const char *flush_times_path;
  int full, digest;
  size_t check;
  uint32_t racks;
} opts;

typedef struct result {
  double cpu, wall, max_flush, diff_sum, diff_max;
  size_t changed, max_live, mismatches, checks, compared, differ, over1, over2;
  uint64_t digest;
} result;

static cg_graph *new_graph(const cg_tech *tech, const trace *t, const opts *o)
{
  cg_graph *g = cg_graph_create(tech, o->params);
  for (size_t h = 0; h < t->hosts; h++)
    cg_graph_set_host_group(g, (cg_host)h, o->racks ? (int32_t)(h % o->racks) : 0);
  return g;
}

/* Live comms rebuilt in reverse order; returns the mismatches. */
static size_t check_rebuild(const cg_tech *tech, const trace *t, const opts *o, cg_graph *g, const cg_comm *map,
                            const uint8_t *live)
{
  cg_graph *r = new_graph(tech, t, o);
  cg_graph_set_deferred(r, 1);
  cg_comm *rmap = malloc((t->max_id + 1) * sizeof *rmap);
  for (size_t id = t->max_id + 1; id-- > 0;)
    if (live[id])
      rmap[id] = cg_graph_add(r, cg_graph_comm_src(g, map[id]), cg_graph_comm_dst(g, map[id]));
  cg_graph_flush(r);
  size_t bad = 0;
  for (size_t id = 0; id <= t->max_id; id++)
    if (live[id]) {
      double a = cg_graph_penalty(g, map[id]), b = cg_graph_penalty(r, rmap[id]);
      bad += memcmp(&a, &b, sizeof a) != 0;
    }
  free(rmap);
  cg_graph_destroy(r);
  return bad;
}

/* FNV-1a over the trace id and penalty bits of every live comm. */
static uint64_t digest_live(uint64_t h, const cg_graph *g, const trace *t, const cg_comm *map, const uint8_t *live)
{
  for (size_t id = 0; id <= t->max_id; id++)
    if (live[id]) {
      double p = cg_graph_penalty(g, map[id]);
      uint64_t w[2] = {id, 0};
      memcpy(&w[1], &p, sizeof p);
      const unsigned char *b = (const unsigned char *)w;
      for (size_t i = 0; i < sizeof w; i++)
        h = (h ^ b[i]) * 1099511628211u;
    }
  return h;
}

/* --dump / --against: the live penalties after one flush. */
static void dump_or_compare(const opts *o, result *res, const cg_graph *g, const trace *t, const cg_comm *map,
                            const uint8_t *live)
{
  for (size_t id = 0; id <= t->max_id; id++) {
    if (!live[id])
      continue;
    double p = cg_graph_penalty(g, map[id]), q;
    if (o->dump) {
      gzwrite(o->dump, &p, sizeof p);
      continue;
    }
    if (gzread(o->against, &q, sizeof q) != (int)sizeof q) {
      fprintf(stderr, "bench_replay: --against file ends early\n");
      exit(1);
    }
    double r = p == q ? 0 : fabs(p - q) / fabs(q);
    res->diff_sum += r;
    res->diff_max = fmax(res->diff_max, r);
    res->differ += p != q;
    res->over1 += r > 0.01;
    res->over2 += r > 0.02;
    res->compared++;
  }
}

static result replay(const cg_tech *tech, const trace *t, const opts *o, int full)
{
  result res = {.digest = 14695981039346656037u};
  cg_graph *g = new_graph(tech, t, o);
  cg_graph_set_deferred(g, 1);
  cg_comm *map = malloc((t->max_id + 1) * sizeof *map);
  uint8_t *live = calloc(t->max_id + 1, 1);
  size_t nlive = 0, instant = 0, started = 0, ended = 0;
  /* CPU time of the whole replay, less the wall time of the checks */
  double start = cpu_now(), last = wall_now(), start_wall = last, check_cpu = 0;
  for (size_t i = 0; i < t->n; i++) {
    const event *e = &t->ev[i];
    if (e->kind == '+') {
      map[e->id] = cg_graph_add(g, e->src, e->dst);
      live[e->id] = 1;
      started++;
      if (++nlive > res.max_live)
        res.max_live = nlive;
    } else if (e->kind == '-') {
      cg_graph_remove(g, map[e->id]);
      live[e->id] = 0;
      ended++;
      nlive--;
    } else {
      if (full) {
        cg_graph_flush(g);
        cg_graph_recompute_all(g);
      } else {
        cg_graph_flush(g);
      }
      size_t nch;
      cg_graph_changed(g, &nch);
      res.changed += nch;
      double now = wall_now();
      double flush = now - last;
      if (flush > res.max_flush)
        res.max_flush = flush;
      last = now;
      if (o->flush_times && !full) {
        fprintf(o->flush_times, "%zu %zu %.9f\n", started, ended, flush);
        end_untimed(&now, &last, &check_cpu);
      }
      started = ended = 0;
      if (cg_graph_error(g)) {
        fprintf(stderr, "bench_replay: %s gave an invalid penalty\n", tech->name);
        exit(1);
      }
      if (o->check && ++instant % o->check == 0) {
        res.mismatches += check_rebuild(tech, t, o, g, map, live);
        res.checks++;
        end_untimed(&now, &last, &check_cpu);
      }
      if (o->dump || o->against) {
        dump_or_compare(o, &res, g, t, map, live);
        end_untimed(&now, &last, &check_cpu);
      }
      if (o->digest) {
        res.digest = digest_live(res.digest, g, t, map, live);
        end_untimed(&now, &last, &check_cpu);
      }
    }
  }
  res.cpu = cpu_now() - start - check_cpu;
  res.wall = wall_now() - start_wall - check_cpu;
  free(map);
  free(live);
  cg_graph_destroy(g);
  return res;
}

static void usage_to(FILE *out, int status)
{
  fprintf(out, "usage: bench_replay [--technology NAME[,NAME...]] [--param NAME=VALUE] [--full] [--check N] "
               "[--racks R] [--digest] [--dump FILE | --against FILE] [--flush-times FILE] TRACE[.gz]...\n");
  if ((fflush(out) != 0 || ferror(out)) && status == 0)
    status = 1; /* the usage asked for could not be written */
  exit(status);
}

static void usage(void) { usage_to(stderr, 2); }

/* A whole number in [lo, hi], digits only: strtoul read "x" as 0, "1e3"
 * as 1 and "-1" as 2^64 - 1. Exits 2 with one line otherwise. */
static unsigned long long whole(const char *opt, const char *s, unsigned long long lo, unsigned long long hi,
                                const char *what)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (!s[0] || s[strspn(s, "0123456789")] != '\0' || *end || errno || v < lo || v > hi) {
    fprintf(stderr, "bench_replay: %s '%s': a whole number of %s in [%llu, %llu]\n", opt, s, what, lo, hi);
    exit(2);
  }
  return v;
}

static gzFile open_dump(const char *path, const char *mode)
{
  gzFile f = gzopen(path, mode);
  if (!f) {
    fprintf(stderr, "bench_replay: cannot open %s\n", path);
    exit(2);
  }
  return f;
}

int main(int argc, char **argv)
{
  const char *techs = NULL, *param[16];
  size_t nparam = 0;
  opts o = {0};
  int first = 1;
  for (int a = 1; a < argc; a++) /* asked for: standard output, exit 0 ("-h" was opened as a trace) */
    if (strcmp(argv[a], "-h") == 0 || strcmp(argv[a], "--help") == 0)
      usage_to(stdout, 0);
  for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
    const char *a = argv[first];
    if (strcmp(a, "--full") == 0 || strcmp(a, "--digest") == 0) {
      o.full |= a[2] == 'f';
      o.digest |= a[2] == 'd';
      continue;
    }
    if (first + 1 >= argc)
      usage();
    if (strcmp(a, "--technology") == 0)
      techs = argv[++first];
    else if (strcmp(a, "--param") == 0 && nparam < 16)
      param[nparam++] = argv[++first];
    else if (strcmp(a, "--check") == 0)
      o.check = (size_t)whole(a, argv[++first], 1, 1000000000000ULL, "instants");
    else if (strcmp(a, "--racks") == 0)
      o.racks = (uint32_t)whole(a, argv[++first], 1, 1000000, "racks");
    else if (strcmp(a, "--dump") == 0 && !o.against)
      o.dump = open_dump(argv[++first], "wb1");
    else if (strcmp(a, "--against") == 0 && !o.dump)
      o.against = open_dump(argv[++first], "rb");
    else if (strcmp(a, "--flush-times") == 0 && !o.flush_times) {
      o.flush_times_path = argv[++first];
      if (!(o.flush_times = fopen(o.flush_times_path, "w"))) {
        fprintf(stderr, "bench_replay: cannot open %s\n", o.flush_times_path);
        return 2;
      }
    } else
      usage();
  }
  if (first >= argc)
    usage();
  const cg_tech *list[8];
  size_t ntech = 0;
  if (techs) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", techs);
    for (char *tok = strtok(buf, ","); tok && ntech < 8; tok = strtok(NULL, ",")) {
      if (!(list[ntech++] = cg_tech_find(tok))) {
        fprintf(stderr, "bench_replay: unknown technology '%s'\n", tok);
        return 2;
      }
    }
  } else {
    for (const cg_tech *const *t = cg_tech_all(); *t && ntech < 8; t++)
      list[ntech++] = *t;
  }
  if ((o.dump || o.against || o.flush_times) && (ntech != 1 || argc - first != 1)) {
    fprintf(stderr, "bench_replay: --dump, --against and --flush-times need one technology and one trace\n");
    return 2;
  }
  if (nparam && ntech != 1) {
    fprintf(stderr, "bench_replay: --param needs a single --technology\n");
    return 2;
  }
  double params[16] = {0};
  if (ntech == 1) {
    cg_tech_default_params(list[0], params);
    for (size_t i = 0; i < nparam; i++) {
      char name[64], err[256];
      const char *eq = strchr(param[i], '=');
      if (!eq || (size_t)(eq - param[i]) >= sizeof name)
        usage();
      memcpy(name, param[i], (size_t)(eq - param[i]));
      name[eq - param[i]] = 0;
      if (cg_tech_set_param(list[0], params, name, eq + 1, err, sizeof err) != 0) {
        fprintf(stderr, "bench_replay: %s\n", err);
        return 2;
      }
    }
    o.params = params;
  }
  int status = 0;
  printf("%-22s %-14s %8s %7s %6s %9s %8s %9s %9s %10s", "trace", "technology", "instants", "comms", "live", "cpu_s",
         "wall_s", "us/flush", "max_ms", "changed/fl");
  printf(o.full ? " %9s %10s" : "", "full_cpu", "full/incr");
  printf(o.check ? " %8s" : "", "mismatch");
  printf(o.against ? " %10s %10s %9s %7s %7s" : "", "diff_mean", "diff_max", "differ", ">1%", ">2%");
  printf(o.digest ? " %16s\n" : "\n", "digest");
  for (int a = first; a < argc; a++) {
    trace t;
    if (load(&t, argv[a]) != 0)
      return 1;
    const char *base = strrchr(t.path, '/') ? strrchr(t.path, '/') + 1 : t.path;
    for (size_t k = 0; k < ntech; k++) {
      result r = replay(list[k], &t, &o, 0);
      printf("%-22s %-14s %8zu %7zu %6zu %9.3f %8.3f %9.1f %9.2f %10.1f", base, list[k]->name, t.instants, t.starts,
             r.max_live, r.cpu, r.wall, 1e6 * r.cpu / (double)(t.instants ? t.instants : 1), 1e3 * r.max_flush,
             (double)r.changed / (double)(t.instants ? t.instants : 1));
      if (o.full) {
        opts of = o;
        of.check = 0;
        result f = replay(list[k], &t, &of, 1);
        printf(" %9.3f %10.2f", f.cpu, r.cpu > 0 ? f.cpu / r.cpu : 0);
      }
      if (o.check) {
        printf(" %8zu", r.mismatches);
        status |= r.mismatches != 0;
      }
      if (o.against) {
        double n = r.compared ? (double)r.compared : 1;
        printf(" %10.3e %10.3e %9zu %6.2f%% %6.2f%%", r.diff_sum / n, r.diff_max, r.differ, 100 * (double)r.over1 / n,
               100 * (double)r.over2 / n);
      }
      if (o.digest)
        printf(" %016" PRIx64, r.digest);
      printf("\n");
      fflush(stdout);
    }
    free(t.ev);
  }
  if (o.dump)
    gzclose(o.dump);
  if (o.against)
    gzclose(o.against);
  if (o.flush_times && fclose(o.flush_times) != 0) {
    fprintf(stderr, "bench_replay: cannot write %s\n", o.flush_times_path);
    return 1;
  }
  return status;
}
