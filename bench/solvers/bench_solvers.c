/* Benchmark of the solvers behind contention-predict (step solver) and
 * contention-calibrate (reverse solver, technology mode) at 1k, 10k and
 * 100k comms, for every technology (not a test: prints figures).
 *
 * Workloads (1 GB/s, 1 MB comms, racks = host % 3):
 *   pair        every comm on one host pair, all at t = 0 (static)
 *   sparse      random pairs over n/4 hosts, all at t = 0 (static)
 *   sparse-dyn  random pairs over n/4 hosts, starts uniform in [0, 1 ms),
 *               sizes uniform in [0.5, 1.5] MB
 *   pair-dyn    every comm on one host pair, one start per microsecond
 * The static workloads are also calibrated: the reverse solver gets the
 * predicted times back as measurements ("no input" when the prediction
 * was over budget).
 *
 * Each run is a child process with a time budget; a run over budget prints
 * "over" and the larger sizes of that line are skipped. The column x10 is
 * the time ratio to the previous size (ten times fewer comms): about 10-13
 * for O(n log n), 100 for O(n^2). The prediction also counts the graph
 * evaluations (one per instant with a change) and the penalties each one
 * really changed: where that mean grows with n, the model itself makes
 * every event cost O(n), whatever the algorithm.
 * Then breakpoint detection (cg_detect_breakpoints, what
 * contention-calibrate-p2p --detect runs) on ping-pong sweeps of 1000 to
 * 16000 distinct sizes, two measurements each.
 * Usage: bench_solvers [budget seconds per run, default 60] [WORKLOAD
 *        [TECHNOLOGY...]]  (only that workload and those technologies,
 *        without the breakpoint detection)
 *        bench_solvers --scenario WORKLOAD N [TECHNOLOGY]
 * The second form prints the workload as a scenario file for the tools,
 * with TECHNOLOGY's predicted times as 'measured' (calibrate's input). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <math.h>

#include "contention/regression.h"
#include "contention/reverse_solver.h"
#include "contention/step_solver.h"
#include "contention/technology.h"

#include "../bench_counting.h"
#include "../bench_util.h"

#define ALPHA 1e-9 /* 1 GB/s */
#define SIZE 1e6

typedef struct workload {
  const char *name;
  int calibrate; /* static-synchronous: reverse-solvable */
} workload;

static const workload workloads[] = {
  {"pair", 1}, {"sparse", 1}, {"sparse-dyn", 0}, {"pair-dyn", 0},
};

typedef struct input {
  cg_step_comm *c;
  cg_host *src, *dst;
  int32_t *group;
  size_t n, hosts;
} input;

static input make(const char *shape, size_t n)
{
  input in = {calloc(n, sizeof *in.c), calloc(n, sizeof *in.src), calloc(n, sizeof *in.dst), NULL, n, 2};
  int pair = strncmp(shape, "pair", 4) == 0, dyn = strstr(shape, "-dyn") != NULL;
  if (!pair)
    in.hosts = n / 4 < 8 ? 8 : n / 4;
  in.group = calloc(in.hosts, sizeof *in.group);
  for (size_t h = 0; h < in.hosts; h++)
    in.group[h] = (int32_t)(h % 3);
  rng = 12345;
  for (size_t i = 0; i < n; i++) {
    cg_host s = 0, d = pair; /* a pair: 0 -> 1; else drawn */
    while (s == d) {
      s = rnd() % (uint32_t)in.hosts;
      d = rnd() % (uint32_t)in.hosts;
    }
    double size = SIZE, start = 0;
    if (dyn && pair)
      start = 1e-6 * (double)i;
    else if (dyn) {
      start = 1e-3 * (rnd() % 1000000) / 1e6;
      size = SIZE * (0.5 + (rnd() % 1000000) / 1e6);
    }
    in.c[i] = (cg_step_comm){s, d, size, start, NULL, 0};
    in.src[i] = s;
    in.dst[i] = d;
  }
  return in;
}

static void release(input *in)
{
  free(in->c), free(in->src), free(in->dst), free(in->group);
}

/* What a child measures: the solver alone (the input is built before). */
typedef enum { PREDICT, CALIBRATE } job;

static int run_job(job j, const cg_tech *t, const input *in, double *times, double *seconds)
{
  char err[512];
  double *out = malloc((in->n ? in->n : 1) * sizeof *out);
  cg_tech w = bench_counting(t, 1); /* the model's changes: every comm */
  double t0 = now();
  int rc = j == PREDICT
               ? cg_solve_steps_grouped(in->c, in->n, ALPHA, &w, NULL, in->group, in->hosts, out, NULL, err,
                                        sizeof err)
               : cg_reverse_first_step_tech_grouped(times, in->src, in->dst, in->n, ALPHA, SIZE, t, NULL,
                                                    in->group, in->hosts, out, err, sizeof err);
  *seconds = now() - t0;
  if (rc)
    fprintf(stderr, "bench_solvers: %s %s: %s\n", t->name, j == PREDICT ? "predict" : "calibrate", err);
  if (j == PREDICT)
    memcpy(times, out, in->n * sizeof *out);
  free(out);
  return rc;
}

static int read_all(int fd, void *buf, size_t len)
{
  char *p = buf;
  while (len) {
    ssize_t r = read(fd, p, len);
    if (r <= 0)
      return -1;
    p += r;
    len -= (size_t)r;
  }
  return 0;
}

static int write_all(int fd, const void *buf, size_t len)
{
  const char *p = buf;
  while (len) {
    ssize_t w = write(fd, p, len);
    if (w <= 0)
      return -1;
    p += w;
    len -= (size_t)w;
  }
  return 0;
}

/* Runs the job in a child killed after `budget` s. Returns the seconds,
 * -1 over budget, -2 on a solver error. A prediction's times come back in
 * `times`, its counts in `counts` (evaluations, penalties changed). */
static double timed(job j, const cg_tech *t, const input *in, double *times, size_t *counts, unsigned budget)
{
  int fd[2];
  if (pipe(fd) != 0) {
    perror("bench_solvers: pipe");
    exit(1);
  }
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) {
    perror("bench_solvers: fork");
    exit(1);
  }
  if (pid == 0) {
    close(fd[0]);
    alarm(budget);
    double s;
    int rc = run_job(j, t, in, times, &s);
    size_t c[2] = {bench_evaluations, bench_changes};
    if (write_all(fd[1], &rc, sizeof rc) || write_all(fd[1], &s, sizeof s) || write_all(fd[1], c, sizeof c) ||
        (j == PREDICT && write_all(fd[1], times, in->n * sizeof *times)))
      _exit(1);
    _exit(0);
  }
  close(fd[1]);
  int rc = 0;
  double s = -1;
  int got = read_all(fd[0], &rc, sizeof rc) == 0 && read_all(fd[0], &s, sizeof s) == 0 &&
            read_all(fd[0], counts, 2 * sizeof *counts) == 0 && (j != PREDICT || read_all(fd[0], times, in->n * sizeof *times) == 0);
  close(fd[0]);
  int status;
  waitpid(pid, &status, 0);
  if (!got)
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM ? -1 : -2;
  return rc ? -2 : s;
}

static void cell(double s, double prev)
{
  if (s == -1)
    printf(" %10s %6s", "over", "");
  else if (s == -2)
    printf(" %10s %6s", "error", "");
  else if (s == -3)
    printf(" %10s %6s", "-", "");
  else if (s == -4)
    printf(" %10s %6s", "no input", "");
  else if (prev > 0)
    printf(" %10.4f %6.1f", s, s / prev);
  else
    printf(" %10.4f %6s", s, "");
}

/* A five-piece ping-pong-like sweep of m distinct sizes up to 64 MiB. */
static void detection(void)
{
  printf("\nBreakpoint detection (4 breakpoints), sweeps of m distinct sizes x 2 measurements\n");
  double prev = 0;
  for (size_t m = 1000; m <= 16000; m *= 2) {
    size_t n = 2 * m;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), b[4];
    for (size_t i = 0; i < n; i++) {
      double k = floor(pow(2, 26.0 * (double)(i / 2) / (double)(m - 1))) + (double)(i / 2);
      x[i] = k;
      y[i] = 2e-5 + k / 1.2e8 + (k > 1420 ? 5e-6 : 0) + (k > 65536 ? 1e-5 : 0) + (k > 327680 ? 3e-5 : 0);
    }
    char err[256];
    double t0 = now();
    int rc = cg_detect_breakpoints(x, y, n, 4, b, err, sizeof err);
    double t = now() - t0;
    if (rc)
      printf("  m = %5zu: %s\n", m, err);
    else if (prev > 0)
      printf("  m = %5zu: %8.3f s   x%.1f for twice the sizes\n", m, t, t / prev);
    else
      printf("  m = %5zu: %8.3f s\n", m, t);
    prev = t;
    free(x);
    free(y);
  }
}

static int write_scenario(int argc, char **argv)
{
  /* digits only: strtoul read "1e3" as 1 and "-1" as 2^64 - 1, whose
   * allocations failed unchecked (a segmentation fault) */
  size_t n = 0;
  if (argc > 3) {
    const char *v = argv[3];
    unsigned long long x;
    if (bench_whole(v, 1, 1000000, &x) != 0) {
      fprintf(stderr, "bench_solvers: --scenario N '%s': a whole number of comms in [1, 1000000] (the limit of a "
                      "scenario)\n", v);
      return 2;
    }
    n = (size_t)x;
  }
  const cg_tech *t = argc > 4 ? cg_tech_find(argv[4]) : NULL;
  size_t w = 0;
  while (w < sizeof workloads / sizeof *workloads && strcmp(workloads[w].name, argc > 2 ? argv[2] : "") != 0)
    w++;
  if (argc < 4 || argc > 5 || w == sizeof workloads / sizeof *workloads || n == 0 || (argc == 5 && !t)) {
    fprintf(stderr, "bench_solvers: usage: --scenario pair|sparse|sparse-dyn|pair-dyn N [technology]\n");
    return 2;
  }
  input in = make(workloads[w].name, n);
  double *times = NULL;
  if (t) {
    char err[512];
    times = malloc(n * sizeof *times);
    if (cg_solve_steps_grouped(in.c, n, ALPHA, t, NULL, in.group, in.hosts, times, NULL, err, sizeof err)) {
      fprintf(stderr, "bench_solvers: %s\n", err);
      return 1;
    }
  }
  printf("<scenario bandwidth=\"%.17g\">\n", 1 / ALPHA);
  for (size_t h = 0; h < in.hosts; h++)
    printf("  <host id=\"h%zu\" rack=\"r%d\"/>\n", h, (int)in.group[h]);
  for (size_t i = 0; i < n; i++) {
    const cg_step_comm *c = &in.c[i];
    printf("  <comm id=\"c%zu\" src=\"h%u\" dst=\"h%u\" size=\"%.17g\" start=\"%.17g\"", i, c->src, c->dst,
           c->size, c->start);
    if (times)
      printf(" measured=\"%.17g\"", times[i] - c->start);
    printf("/>\n");
  }
  printf("</scenario>\n");
  free(times);
  release(&in);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "--scenario") == 0)
    return write_scenario(argc, argv);
  double b = 60;
  if (argc > 1 && bench_seconds(argv[1], 1, 1, 3600, &b) != 0) {
    fprintf(stderr, "bench_solvers: bad time budget '%s' (expected seconds, a plain number in [1, 3600])\n", argv[1]);
    return 2;
  }
  unsigned budget = (unsigned)b;
  const char *only = argc > 2 ? argv[2] : NULL;
  size_t nw = sizeof workloads / sizeof *workloads, w0 = 0;
  while (only && w0 < nw && strcmp(workloads[w0].name, only) != 0)
    w0++;
  if (only && w0 == nw) {
    fprintf(stderr, "bench_solvers: unknown workload '%s' (accepted: pair, sparse, sparse-dyn, pair-dyn)\n", only);
    return 2;
  }
  for (int a = 3; a < argc; a++)
    if (!cg_tech_find(argv[a])) {
      char names[256];
      cg_tech_names(names, sizeof names);
      fprintf(stderr, "bench_solvers: unknown technology '%s' (accepted: %s)\n", argv[a], names);
      return 2;
    }
  const size_t sizes[] = {1000, 10000, 100000};
  const cg_tech *const *all = cg_tech_all();
  printf("Solver time in seconds (budget %u s per run); x10: ratio to the size ten times smaller;\n"
         "evals: graph evaluations of the prediction, changed: penalties changed per evaluation\n",
         budget);
  printf("%-14s %-11s %7s %10s %6s %8s %9s %10s %6s\n", "technology", "workload", "comms", "predict", "x10",
         "evals", "changed", "calibrate", "x10");
  for (size_t k = 0; all[k]; k++) {
    int chosen = argc <= 3;
    for (int a = 3; a < argc; a++)
      chosen |= cg_tech_find(argv[a]) == all[k];
    for (size_t w = 0; chosen && w < nw; w++) {
      if (only && w != w0)
        continue;
      double prev_p = 0, prev_c = 0;
      int over_p = 0, over_c = 0;
      for (size_t z = 0; z < 3; z++) {
        input in = make(workloads[w].name, sizes[z]);
        double *times = calloc(in.n, sizeof *times);
        size_t counts[2] = {0, 0}, unused[2];
        double p = over_p ? -1 : timed(PREDICT, all[k], &in, times, counts, budget);
        double c = -3;
        if (workloads[w].calibrate)
          c = over_c ? -1 : p < 0 ? -4 : timed(CALIBRATE, all[k], &in, times, unused, budget);
        printf("%-14s %-11s %7zu", all[k]->name, workloads[w].name, in.n);
        cell(p, prev_p);
        if (p >= 0)
          printf(" %8zu %9.1f", counts[0], counts[0] ? (double)counts[1] / (double)counts[0] : 0.0);
        else
          printf(" %8s %9s", "", "");
        cell(c, prev_c);
        printf("\n");
        over_p |= p < 0;
        over_c |= c == -1 || c == -2 || c == -4;
        prev_p = p, prev_c = c;
        free(times);
        release(&in);
      }
    }
  }
  if (!only)
    detection();
  return 0;
}
