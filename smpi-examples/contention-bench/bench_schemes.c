/* Scheme mode of contention-bench (see bench_schemes.h).
 *
 * Usage (every rank gets the same arguments):
 *   contention-bench --schemes DIR [--reps R] [--size BYTES] [--racks K]
 *                    [--scheme-file FILE]
 * Rank r is host n<r>. The default schemes identify the rules' parameters:
 * pure out- and in-conflicts of degree 2 to 4, mixed ones, hosts that send
 * and receive at once, Vienne et al. 2008 Fig. 2 and 4's graphs, flows
 * across racks, and random graphs; `--scheme-file` reads others (lines
 * `NAME a>b c>d ...`, # comments). A scheme needing more hosts than ranks
 * is skipped with a note. Each run: barrier, every comm posted at once
 * (MPI_Isend / MPI_Irecv), each receiver notes when its comm completes
 * (MPI_Waitany), rank 0 gathers. Rank 0 writes DIR/NN-NAME.xml per scheme:
 * each comm's median time as 'measured', the spread (max - min) / median
 * in a comment. The scenario bandwidth is size / (median time of the lone
 * comm 'ref'), or of the fastest comm measured when one beat it (a noisy
 * reference), so that no measured time is below size / bandwidth. */
#include "bench_schemes.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_COMMS 64
#define MAX_SCHEMES 128

typedef struct scheme {
  char name[64];
  int n, src[MAX_COMMS], dst[MAX_COMMS], hosts;
} scheme;

static const char *const default_schemes[] = {
  "ref 0>1",
  "out2 0>1 0>2",
  "out3 0>1 0>2 0>3",
  "out4 0>1 0>2 0>3 0>4",
  "in2 1>0 2>0",
  "in3 1>0 2>0 3>0",
  "in4 1>0 2>0 3>0 4>0",
  "mixed-out 0>1 0>2 3>2",
  "mixed-out4 0>1 0>2 0>3 4>3",
  "fig4 0>1 0>2 0>3 4>2 5>3 6>3",
  "bidir 0>1 1>0",
  "send-recv 0>1 0>2 1>0",
  "fig2-s4 0>1 0>2 0>3 1>2",
  "fig2-s5 0>1 0>2 0>3 1>2 1>0",
  "fig2-s6 0>1 0>2 0>3 1>2 1>0 2>4",
  "mixed-in 0>3 1>3 2>3 0>4 0>5",
  "chain 0>1 2>1 2>3 4>3 4>5",
  "racks4 0>1 2>3 4>5 6>7",
  "racks6 0>1 2>3 4>5 6>7 8>9 10>11",
  "racks-bidir 0>1 2>3 4>5 1>0 3>2",
};

static int fail(int rank, const char *what, const char *arg)
{
  if (rank == 0)
    fprintf(stderr, "contention-bench: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
  return 2;
}

/* A whole number in [lo, hi] made of digits only (strtol alone took "+5",
 * " 5", and (int) cut 4294967297 to 1); the number, or -1. */
static long whole(const char *s, long lo, long hi)
{
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (s[0] < '0' || s[0] > '9' || *end || errno != 0 || v < lo || v > hi)
    return -1;
  return v;
}

/* SRC>DST, two whole numbers up to 100000; 0, or -1. */
static int parse_comm(const char *tok, int *a, int *b)
{
  char src[16];
  const char *gt = strchr(tok, '>');
  if (gt == NULL || gt - tok >= (long)sizeof src)
    return -1;
  memcpy(src, tok, (size_t)(gt - tok));
  src[gt - tok] = '\0';
  long x = whole(src, 0, 100000), y = whole(gt + 1, 0, 100000);
  if (x < 0 || y < 0)
    return -1;
  *a = (int)x, *b = (int)y;
  return 0;
}

/* Parses "NAME a>b c>d ..." into s; returns 0, or -1 with why. */
static int parse_scheme(const char *line, scheme *s, const char **why)
{
  char buf[2048];
  snprintf(buf, sizeof buf, "%s", line);
  char *save = NULL, *tok = strtok_r(buf, " \t\r\n", &save);
  memset(s, 0, sizeof *s);
  /* The name becomes a file name: no '/' nor anything a shell would split. */
  if (!tok || strlen(tok) >= sizeof s->name ||
      strspn(tok, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != strlen(tok) ||
      tok[0] == '.' || tok[0] == '-') {
    *why = "expected NAME a>b c>d ... (a NAME of at most 63 letters, digits, '.', '_' or '-', starting with neither '.' nor '-')";
    return -1;
  }
  strcpy(s->name, tok);
  while ((tok = strtok_r(NULL, " \t\r\n", &save)) != NULL) {
    int a, b;
    if (parse_comm(tok, &a, &b) != 0 || a == b) {
      *why = "a comm is SRC>DST, two distinct host numbers >= 0";
      return -1;
    }
    if (s->n == MAX_COMMS) {
      *why = "more than 64 comms in one scheme";
      return -1;
    }
    s->src[s->n] = a, s->dst[s->n] = b, s->n++;
    s->hosts = a + 1 > s->hosts ? a + 1 : s->hosts;
    s->hosts = b + 1 > s->hosts ? b + 1 : s->hosts;
  }
  if (s->n == 0) {
    *why = "a scheme needs at least one comm";
    return -1;
  }
  return 0;
}

/* Random graphs with a fixed seed: m distinct pairs over h hosts. */
static void random_scheme(scheme *s, int index, int h, int m)
{
  unsigned long x = 2008u + 7919u * (unsigned long)index;
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "random%d", index);
  while (s->n < m) {
    x = (x * 16807u) % 2147483647u;
    int a = (int)(x % (unsigned long)h);
    x = (x * 16807u) % 2147483647u;
    int b = (int)(x % (unsigned long)h);
    int dup = a == b;
    for (int i = 0; i < s->n && !dup; i++)
      dup = s->src[i] == a && s->dst[i] == b;
    if (dup)
      continue;
    s->src[s->n] = a, s->dst[s->n] = b, s->n++;
  }
  s->hosts = h;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The origin of a run's times. Under SMPI the clock is global: one origin
 * for every rank, past every rank's exit from the barrier (the latest
 * exit, plus twice the spread of the exits and of the agreement on them),
 * and the senders wait for it; each rank timing from its own exit put the
 * comms into rank 0's host 4.4e-5 (relative) off the predictor, which
 * starts every comm at 0. With a cluster's MPI each node's clock is its
 * own: the origin is each rank's exit, as in the papers. */
static double run_origin(double t0)
{
#ifdef CONTENTION_BENCH_SMPI
  double mine[2] = {t0, -t0}, ext[2];
  MPI_Allreduce(mine, ext, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  double e = MPI_Wtime(), emax;
  MPI_Allreduce(&e, &emax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return emax + 2 * (emax + ext[1]) + 1e-6;
#else
  return t0;
#endif
}

/* Sleeps until the clock reads t (at once if it is past). */
static void wait_until(double t)
{
  double left = t - MPI_Wtime();
  if (left <= 0)
    return;
  struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
  nanosleep(&ts, NULL);
}

/* One run of s: the time of each comm from the run's origin, on rank 0. */
static void run_once(const scheme *s, int rank, char *sendbuf, char *recvbuf, int size, double *times)
{
  MPI_Request req[2 * MAX_COMMS];
  int which[2 * MAX_COMMS], nr = 0, nrecv = 0;
  double mine[MAX_COMMS];
  for (int i = 0; i < s->n; i++)
    mine[i] = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = run_origin(MPI_Wtime());
  for (int i = 0; i < s->n; i++)
    if (s->dst[i] == rank) {
      which[nr] = i;
      MPI_Irecv(recvbuf + (size_t)i * (size_t)size, size, MPI_BYTE, s->src[i], i, MPI_COMM_WORLD, &req[nr++]);
      nrecv++;
    }
  wait_until(t0);
  for (int i = 0; i < s->n; i++)
    if (s->src[i] == rank)
      MPI_Isend(sendbuf, size, MPI_BYTE, s->dst[i], i, MPI_COMM_WORLD, &req[nr++]);
  /* receives first in the array: Waitany returns them as they complete */
  for (int done = 0; done < nrecv; done++) {
    int k;
    MPI_Waitany(nrecv, req, &k, MPI_STATUS_IGNORE);
    mine[which[k]] = MPI_Wtime() - t0;
  }
  MPI_Waitall(nr - nrecv, req + nrecv, MPI_STATUSES_IGNORE);
  MPI_Reduce(mine, times, s->n, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
}

static int write_scheme(const char *dir, int index, const scheme *s, const double *median, const double *spread,
                        int size, double bandwidth, int racks, const char *note)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%02d-%s.xml", dir, index, s->name);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "contention-bench: %s: cannot open for writing\n", path);
    return -1;
  }
  fprintf(f, "<?xml version=\"1.0\"?>\n<!-- contention-bench scheme '%s': median of the repetitions per comm;\n"
             "     spread = (max - min) / median. %s -->\n",
          s->name, note);
  fprintf(f, "<scenario bandwidth=\"%.9g\">\n", bandwidth);
  if (racks > 0)
    for (int h = 0; h < s->hosts; h++)
      fprintf(f, "  <host id=\"n%d\" rack=\"r%d\"/>\n", h, h % racks);
  for (int i = 0; i < s->n; i++)
    fprintf(f, "  <comm id=\"c%d\" src=\"n%d\" dst=\"n%d\" size=\"%d\" measured=\"%.9g\"/> <!-- spread %.4f -->\n",
            i, s->src[i], s->dst[i], size, median[i], spread[i]);
  fprintf(f, "</scenario>\n");
  if (fclose(f) != 0) {
    fprintf(stderr, "contention-bench: %s: cannot write\n", path);
    return -1;
  }
  return 0;
}

static int load_schemes(const char *file, scheme *all, int *count, int rank)
{
  if (!file) {
    const char *why;
    for (size_t i = 0; i < sizeof default_schemes / sizeof *default_schemes; i++)
      parse_scheme(default_schemes[i], &all[(*count)++], &why);
    for (int r = 1; r <= 3; r++)
      random_scheme(&all[(*count)++], r, 8, 6 + 2 * r);
    return 0;
  }
  FILE *f = fopen(file, "r");
  if (!f)
    return fail(rank, "--scheme-file: cannot open", file);
  char line[2048];
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (!strchr(line, '\n') && !feof(f)) { /* fgets would cut it into two schemes */
      if (rank == 0)
        fprintf(stderr, "contention-bench: %s:%d: line longer than %zu characters\n", file, lineno,
                sizeof line - 2);
      fclose(f);
      return 2;
    }
    char *hash = strchr(line, '#');
    if (hash)
      *hash = '\0';
    if (strspn(line, " \t\r\n") == strlen(line))
      continue;
    const char *why;
    if (*count == MAX_SCHEMES || parse_scheme(line, &all[*count], &why)) {
      if (rank == 0)
        fprintf(stderr, "contention-bench: %s:%d: %s\n", file, lineno,
                *count == MAX_SCHEMES ? "more than 128 schemes" : why);
      fclose(f);
      return 2;
    }
    (*count)++;
  }
  int err = ferror(f) ? errno : 0; /* e.g. a directory: EISDIR */
  fclose(f);
  if (err) {
    if (rank == 0)
      fprintf(stderr, "contention-bench: --scheme-file: cannot read %s: %s\n", file, strerror(err));
    return 2;
  }
  if (*count == 0) {
    if (rank == 0)
      fprintf(stderr, "contention-bench: %s: no scheme (lines NAME a>b c>d ..., # comments)\n", file);
    return 2;
  }
  return 0;
}

/* Rank 0 makes DIR if missing and checks that a file can be written there,
 * before the measurements rather than after them. Returns 0 or 2. */
static int prepare_dir(const char *dir, int rank)
{
  int rc = 0;
  if (rank == 0) {
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/.contention-bench-probe", dir);
    FILE *f = NULL;
    if ((mkdir(dir, 0777) != 0 && errno != EEXIST) || (f = fopen(probe, "w")) == NULL) {
      fprintf(stderr, "contention-bench: --schemes %s: cannot create or write in the directory: %s\n", dir,
              strerror(errno));
      rc = 2;
    } else {
      fclose(f);
      remove(probe);
    }
  }
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return rc;
}

int bench_schemes_main(int argc, char **argv)
{
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  const char *dir = NULL, *file = NULL;
  int reps = 10, size = 4000000, racks = 0;
  for (int i = 0; i < argc; i++) {
    int more = i + 1 < argc;
    if (!strcmp(argv[i], "--schemes") && more)
      dir = argv[++i];
    else if (!strcmp(argv[i], "--scheme-file") && more)
      file = argv[++i];
    else if (!strcmp(argv[i], "--reps") && more) {
      reps = (int)whole(argv[++i], 1, 100000);
      if (reps < 0)
        return fail(rank, "--reps takes an integer in [1, 100000]", argv[i]);
    } else if (!strcmp(argv[i], "--size") && more) {
      long v = whole(argv[++i], 1, 1073741824L / MAX_COMMS);
      if (v < 0)
        return fail(rank, "--size takes a number of bytes in [1, 16777216]", argv[i]);
      size = (int)v;
    } else if (!strcmp(argv[i], "--racks") && more) {
      racks = (int)whole(argv[++i], 1, 100000);
      if (racks < 0)
        return fail(rank, "--racks takes an integer in [1, 100000] (host n<r> is in rack r mod K)", argv[i]);
    } else
      return fail(rank,
                  "unknown or incomplete argument in scheme mode (accepted: --schemes DIR, --reps R, --size "
                  "BYTES, --racks K, --scheme-file FILE)",
                  argv[i]);
  }
  if (!dir)
    return fail(rank, "scheme mode needs --schemes DIR (the directory the scheme files go to)", NULL);
  if (nranks < 2)
    return fail(rank, "scheme mode needs at least 2 ranks (one per host)", NULL);
  static scheme all[MAX_SCHEMES];
  int count = 0, rc = load_schemes(file, all, &count, rank);
  if (rc)
    return rc;
  int fit = 0;
  for (int k = 0; k < count; k++)
    fit += all[k].hosts <= nranks;
  if (fit == 0) {
    if (rank == 0)
      fprintf(stderr, "contention-bench: %s: every scheme needs more hosts than the run's %d ranks\n",
              file ? file : "the default schemes", nranks);
    return 2;
  }
  if ((rc = prepare_dir(dir, rank)) != 0)
    return rc;
  char *sendbuf = malloc((size_t)size), *recvbuf = malloc((size_t)size * MAX_COMMS);
  double *times = malloc(sizeof(double) * MAX_COMMS * (size_t)reps);
  static double median[MAX_SCHEMES][MAX_COMMS], spread[MAX_SCHEMES][MAX_COMMS];
  if (!sendbuf || !recvbuf || !times)
    return fail(rank, "out of memory", NULL);
  memset(sendbuf, 1, (size_t)size);
  double fastest = 1e300, ref = -1;
  for (int k = 0; k < count; k++) {
    const scheme *s = &all[k];
    if (s->hosts > nranks) {
      if (rank == 0)
        fprintf(stderr, "contention-bench: scheme '%s' skipped: it needs %d hosts, the run has %d ranks\n", s->name,
                s->hosts, nranks);
      continue;
    }
    run_once(s, rank, sendbuf, recvbuf, size, times); /* warm-up, not kept */
    for (int r = 0; r < reps; r++)
      run_once(s, rank, sendbuf, recvbuf, size, times + (size_t)r * MAX_COMMS);
    if (rank != 0)
      continue;
    for (int i = 0; i < s->n; i++) {
      double *col = malloc(sizeof(double) * (size_t)reps);
      for (int r = 0; r < reps; r++)
        col[r] = times[(size_t)r * MAX_COMMS + (size_t)i];
      qsort(col, (size_t)reps, sizeof *col, cmp_double);
      median[k][i] = reps % 2 ? col[reps / 2] : 0.5 * (col[reps / 2 - 1] + col[reps / 2]);
      spread[k][i] = (col[reps - 1] - col[0]) / median[k][i];
      fastest = median[k][i] < fastest ? median[k][i] : fastest;
      free(col);
    }
    if (!strcmp(s->name, "ref"))
      ref = median[k][0];
  }
  if (rank == 0) {
    char note[256];
    double base = ref > 0 && ref <= fastest ? ref : fastest;
    snprintf(note, sizeof note, "%s; %d repetitions of %d bytes.",
             ref > 0 && ref <= fastest ? "bandwidth = size / median time of the lone comm 'ref'"
                                       : "bandwidth = size / fastest median (a comm beat the lone comm 'ref')",
             reps, size);
    for (int k = 0; k < count && rc == 0; k++)
      if (all[k].hosts <= nranks && write_scheme(dir, k, &all[k], median[k], spread[k], size, size / base, racks,
                                                  note))
        rc = 1;
  }
  free(sendbuf), free(recvbuf), free(times);
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return rc;
}
