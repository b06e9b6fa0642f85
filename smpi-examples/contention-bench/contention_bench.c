/* The contention benchmark of seed 000 (§3.3) and seed 001 (§IV.B) as an SMPI
 * program: every comm of a graph gets a sender rank on its source host and a
 * receiver rank on its destination host; all ranks leave a barrier together,
 * each sender sends at its start time, and each receiver records when its
 * message has arrived. Rank 0 prints, per comm,
 *   comm,src,dst,size,start,finish
 * (seconds since the barrier), the same CSV as `contention-predict --format csv`.
 * Under SMPI the clock is global and every rank starts from one common
 * origin (common_origin), as the predictor assumes: ranks leave a barrier
 * up to microseconds apart, since its messages are contended too, and a
 * comm started at its own rank's exit was off the prediction by up to
 * 2e-4. With a cluster's MPI each node's clock is its own: the origin is
 * each rank's exit from the barrier, as in the papers.
 *
 * Graph: `--graph FILE` (lines `ID SRC DST SIZE [START]`, # comments) or
 * arguments `ID:SRC:DST:SIZE[:START]`. Sizes take B, kB, KiB, MB, MiB, GB,
 * GiB; start times s, ms, us, ns. Rank 2i must run on SRC of comm i and rank
 * 2i+1 on its DST: contention-bench-run writes that hostfile.
 *
 * With `--schemes DIR` it runs the calibration schemes instead, one rank
 * per host (bench_schemes.h). Built with smpicc (-DCONTENTION_BENCH_SMPI)
 * for SMPI and with the cluster's mpicc for real runs. */
#include <mpi.h>
#ifdef CONTENTION_BENCH_SMPI
#include <simgrid/host.h>
#include <smpi/smpi.h>
#else /* the cluster's own MPI (mpicc): real buffers */
#define SMPI_SHARED_MALLOC(n) malloc(n)
#define SMPI_SHARED_FREE(p) free(p)
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_schemes.h"

#define NAME_LEN 64

typedef struct {
  char id[NAME_LEN], src[NAME_LEN], dst[NAME_LEN];
  double size, start;
} bench_comm;

typedef struct {
  bench_comm *v;
  int n, cap;
} bench_graph;

/* Set on ranks other than 0 while the input, which every rank reads, is
 * checked: its error is printed once, not once per rank. */
static int quiet;

static void fail(const char *fmt, const char *a, const char *b)
{
  if (quiet)
    exit(2);
  fprintf(stderr, "contention-bench: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  /* exit(), not MPI_Abort: smpirun then reports the failure (MPI_Abort
   * ends an SMPI simulation with status 0). */
  exit(2);
}

/* Parses a number with one of the suffixes of `units` (name/factor pairs,
 * "" = base unit). Returns 0 on success. */
static int parse_unit(const char *text, const char *const *names, const double *factors, int count, double *out)
{
  char *end;
  errno = 0;
  /* a digit first: strtod alone took "+5", " 5", "0x10" and "inf" */
  if (text[0] < '0' || text[0] > '9' || strncmp(text, "0x", 2) == 0 || strncmp(text, "0X", 2) == 0)
    return -1;
  double v = strtod(text, &end);
  if (end == text || errno != 0 || !(v >= 0))
    return -1;
  for (int i = 0; i < count; i++)
    if (strcmp(end, names[i]) == 0) {
      *out = v * factors[i];
      return 0;
    }
  return -1;
}

static double parse_size(const char *text, const char *where)
{
  static const char *const names[] = {"", "B", "kB", "KiB", "MB", "MiB", "GB", "GiB"};
  static const double f[] = {1, 1, 1e3, 1024.0, 1e6, 1048576.0, 1e9, 1073741824.0};
  double v;
  if (parse_unit(text, names, f, 8, &v) != 0 || v > 2147483647.0 || v != (double)(long)v)
    fail("%s: bad size '%s' (a whole number of bytes up to 2^31-1, suffixes B, kB, KiB, MB, MiB, GB, GiB)", where,
         text);
  return v;
}

static double parse_time(const char *text, const char *where)
{
  static const char *const names[] = {"", "s", "ms", "us", "ns"};
  static const double f[] = {1, 1, 1e-3, 1e-6, 1e-9};
  double v;
  /* Finite and below 1e9 s: sleep_until() converts it to a time_t. */
  if (parse_unit(text, names, f, 5, &v) != 0 || !(v < 1e9))
    fail("%s: bad start time '%s' (seconds from 0 to below 1e9, suffixes s, ms, us, ns)", where, text);
  return v;
}

static void add_comm(bench_graph *g, char **fields, int nf, const char *where)
{
  if (nf < 4 || nf > 5)
    fail("%s: expected ID SRC DST SIZE [START]%s", where, "");
  for (int i = 0; i < 3; i++)
    if (strlen(fields[i]) >= NAME_LEN)
      fail("%s: name '%s' too long (at most 63 characters)", where, fields[i]);
  if (strcmp(fields[1], fields[2]) == 0)
    fail("%s: comm %s has src == dst (the benchmark measures inter-host comms)", where, fields[0]);
  for (int i = 0; i < g->n; i++)
    if (strcmp(g->v[i].id, fields[0]) == 0)
      fail("%s: duplicate comm id '%s'", where, fields[0]);
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 16;
    g->v = realloc(g->v, (size_t)g->cap * sizeof *g->v);
    if (g->v == NULL)
      fail("%s: out of memory%s", where, "");
  }
  bench_comm *c = &g->v[g->n++];
  strcpy(c->id, fields[0]);
  strcpy(c->src, fields[1]);
  strcpy(c->dst, fields[2]);
  c->size = parse_size(fields[3], where);
  c->start = nf == 5 ? parse_time(fields[4], where) : 0;
}

static int split(char *s, const char *seps, char **fields, int max)
{
  int n = 0;
  for (char *tok = strtok(s, seps); tok != NULL; tok = strtok(NULL, seps))
    if (n < max)
      fields[n++] = tok;
    else
      return max + 1;
  return n;
}

static void read_graph_file(bench_graph *g, const char *path)
{
  FILE *f = fopen(path, "r");
  if (f == NULL)
    fail("%s: cannot open the graph file%s", path, "");
  char line[1024], where[1100];
  int lineno = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    lineno++;
    snprintf(where, sizeof where, "%s:%d", path, lineno);
    if (strchr(line, '\n') == NULL && !feof(f)) /* fgets would cut it into two comms */
      fail("%s: line longer than 1022 characters%s", where, "");
    if (lineno == 1 && strncmp(line, "\xef\xbb\xbf", 3) == 0) /* a UTF-8 BOM is not part of the first id */
      memmove(line, line + 3, strlen(line + 3) + 1);
    char *hash = strchr(line, '#');
    if (hash != NULL)
      *hash = '\0';
    char *fields[6];
    int nf = split(line, " \t\r\n", fields, 5);
    if (nf > 0)
      add_comm(g, fields, nf, where);
  }
  if (ferror(f)) /* e.g. a directory */
    fail("%s: cannot read the graph file: %s", path, strerror(errno));
  fclose(f);
  if (g->n == 0)
    fail("%s: no comm (lines ID SRC DST SIZE [START], # comments)%s", path, "");
}

/* The time origin of the comms; every rank calls it after the barrier with
 * t0 = MPI_Wtime(). Under SMPI: a time past every rank's exit from the
 * agreement on it, the same on every rank (two allreduces: the latest and
 * earliest exits from the barrier, then the latest exit from the first). */
static double common_origin(double t0)
{
#ifdef CONTENTION_BENCH_SMPI
  double mine[2] = {t0, -t0}, ext[2];
  MPI_Allreduce(mine, ext, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  double e = MPI_Wtime(), emax;
  MPI_Allreduce(&e, &emax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  /* The second allreduce takes about as long as barrier skew plus the
   * first: twice that span is ample, and checked. */
  double origin = emax + 2 * (emax + ext[1]) + 1e-6;
  if (MPI_Wtime() >= origin) {
    fprintf(stderr, "contention-bench: the ranks agreed on a common start too late (at %.9g s, origin %.9g s)\n",
            MPI_Wtime(), origin);
    exit(1);
  }
  return origin;
#else
  return t0;
#endif
}

static void sleep_until(double t)
{
  double left = t - MPI_Wtime();
  if (left <= 0)
    return;
  struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
  nanosleep(&ts, NULL);
}

#ifdef CONTENTION_BENCH_SMPI
/* Under SMPI the final gather waits until every comm has ended: its
 * messages (even a barrier's empty ones) contend with the comms still
 * running and moved their ends, by 8e-5 relative on a ring of 10 comms.
 * Each receiver marks its comm ended in a property of one host that every
 * rank sees (they are actors of one simulation), one key per comm: a
 * shared counter lost updates, since setting a property is a simcall that
 * lets other actors run between its read and its write. The ranks poll
 * with sleeps that double, which move no byte. */
static void mark_ended(sg_host_t board, int comm)
{
  char key[64];
  snprintf(key, sizeof key, "contention-bench-ended-%d", comm);
  sg_host_set_property_value(board, key, "1");
}

static void wait_all_ended(sg_host_t board, int n, double t0)
{
  double step = 1e-6;
  int next = 0; /* comms 0..next-1 are known to have ended */
  for (;;) {
    char key[64];
    for (; next < n; next++) {
      snprintf(key, sizeof key, "contention-bench-ended-%d", next);
      if (!sg_host_get_property_value(board, key))
        break;
    }
    if (next == n || MPI_Wtime() - t0 > 1e12) /* the bound only guards against a lost mark */
      return;
    sleep_until(MPI_Wtime() + step);
    step *= 2;
  }
}
#endif

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  quiet = rank != 0;

  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--schemes") == 0) {
      int rc = bench_schemes_main(argc - 1, argv + 1);
      MPI_Finalize();
      return rc;
    }
  bench_graph g = {NULL, 0, 0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--graph") == 0 && i + 1 < argc) {
      read_graph_file(&g, argv[++i]);
    } else if (argv[i][0] == '-') { /* not a comm: "argument 1: expected ID SRC DST..." misled */
      fail("%s: unknown or incomplete option (accepted: --graph FILE, --schemes DIR ..., "
           "ID:SRC:DST:SIZE[:START] arguments)%s", argv[i], "");
    } else {
      char copy[1024], where[1100];
      snprintf(copy, sizeof copy, "%s", argv[i]);
      snprintf(where, sizeof where, "argument %d", i);
      if (strlen(argv[i]) >= sizeof copy)
        fail("%s: longer than 1023 characters%s", where, "");
      char *fields[6];
      add_comm(&g, fields, split(copy, ":", fields, 5), where);
    }
  }
  if (g.n == 0)
    fail("no comm given: use --graph FILE or ID:SRC:DST:SIZE[:START] arguments%s%s", "", "");
  char msg[512];
  if (size != 2 * g.n) {
    snprintf(msg, sizeof msg, "%d ranks for %d comms", size, g.n);
    fail("%s: run one rank per comm end (2 x comms), e.g. with contention-bench-run%s", msg, "");
  }
  quiet = 0; /* from here on, each rank checks its own placement */

  const bench_comm *c = &g.v[rank / 2];
  int sender = rank % 2 == 0;
  char host[MPI_MAX_PROCESSOR_NAME];
  int len;
  MPI_Get_processor_name(host, &len);
  const char *want = sender ? c->src : c->dst;
  if (strcmp(host, want) != 0) {
    snprintf(msg, sizeof msg, "rank %d (%s of comm %s) runs on host '%s', expected '%s'", rank,
             sender ? "sender" : "receiver", c->id, host, want);
    fail("%s: the hostfile must list each comm's SRC then DST, in graph order%s", msg, "");
  }

  size_t bytes = (size_t)c->size;
  char *buf = SMPI_SHARED_MALLOC(bytes > 0 ? bytes : 1);
  double finish = -1;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = common_origin(MPI_Wtime());
  if (sender) {
    sleep_until(t0 + c->start);
    MPI_Send(buf, (int)bytes, MPI_BYTE, rank + 1, rank / 2, MPI_COMM_WORLD);
  } else {
    MPI_Recv(buf, (int)bytes, MPI_BYTE, rank - 1, rank / 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    finish = MPI_Wtime() - t0;
  }
  SMPI_SHARED_FREE(buf);
#ifdef CONTENTION_BENCH_SMPI
  sg_host_t board = sg_host_by_name(g.v[0].src);
  if (!sender)
    mark_ended(board, rank / 2);
  wait_all_ended(board, g.n, t0);
#endif

  double *all = rank == 0 ? malloc((size_t)size * sizeof *all) : NULL;
  MPI_Gather(&finish, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("comm,src,dst,size,start,finish\n");
    for (int i = 0; i < g.n; i++)
      printf("%s,%s,%s,%.0f,%.9g,%.9g\n", g.v[i].id, g.v[i].src, g.v[i].dst, g.v[i].size, g.v[i].start,
             all[2 * i + 1]);
    free(all);
  }
  free(g.v);
  MPI_Finalize();
  return 0;
}
