/* lop-bench single|list [PMIN [PMAX [REPS [early|late]]]]: the benchmark of
 * the LoP paper (sec. 4.6, scenario 2). Rank 0 sends 1 byte to each of p peers (ranks 1..p)
 * and each peer answers 1 byte; the round lasts from rank 0's first post
 * until it holds every answer. For every p from PMIN (default 1) to PMAX
 * (default: ranks - 1), the minimal round of REPS (default 3) is printed as
 * CSV "variant,p,round_s,per_peer_us" (rank 0; variant "single", "list",
 * or with late receives "single-late", "list-late").
 *   single  each send is posted on its own (MPI_Isend in a loop)
 *   list    the p sends are posted as one list (persistent requests
 *           started together by MPI_Startall)
 *   early   (default) every receive is posted before the round starts, as
 *           the paper's benchmark posts its receive requests in advance
 *   late    every receive is posted after its send (the usual MPI
 *           pattern, receives posted after a barrier): rank 0 posts its
 *           receives after its sends, each peer calls MPI_Recv 5 us after
 *           the round starts (its message is then on its way: no message
 *           of the LoP paper's fits arrives before 8 us), then MPI_Send
 * Every rank starts the round at an instant rank 0 chose 10 ms ahead and
 * broadcast before a barrier, so that no message of the barrier or the
 * broadcast is still in flight. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long arg(int argc, char **argv, int i, long def, long lo, long hi, int rank)
{
  if (argc <= i)
    return def;
  char *end;
  long v = strtol(argv[i], &end, 10);
  /* a digit first: strtol alone took "+2" and " 2" */
  if (argv[i][0] < '0' || argv[i][0] > '9' || end == argv[i] || *end || v < lo || v > hi) {
    if (rank == 0)
      fprintf(stderr, "lop-bench: argument %d '%s' must be an integer in [%ld, %ld]\n"
                      "usage: lop-bench single|list [PMIN [PMAX [REPS [early|late]]]]\n", i, argv[i], lo, hi);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return v;
}

/* One round with p peers; returns its duration on rank 0. */
static double round_trip(int rank, int p, int list, int late, char *out, char *in, MPI_Request *req)
{
  double t = 0;
  if (rank == 0) {
    if (!late)
      for (int i = 0; i < p; i++)
        MPI_Irecv(&in[i], 1, MPI_CHAR, i + 1, 1, MPI_COMM_WORLD, &req[p + i]);
    if (list)
      for (int i = 0; i < p; i++)
        MPI_Send_init(&out[i], 1, MPI_CHAR, i + 1, 0, MPI_COMM_WORLD, &req[i]);
  } else if (rank <= p && !late) {
    MPI_Irecv(in, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req[0]);
  }
  /* Every rank starts the round at the instant `go` rank 0 chose. */
  double go = MPI_Wtime() + 0.01;
  MPI_Bcast(&go, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  double now = MPI_Wtime();
  if (go > now)
    usleep((useconds_t)((go - now) * 1e6 + 0.5));
  if (rank == 0) {
    double t0 = MPI_Wtime();
    if (list)
      MPI_Startall(p, req);
    else
      for (int i = 0; i < p; i++)
        MPI_Isend(&out[i], 1, MPI_CHAR, i + 1, 0, MPI_COMM_WORLD, &req[i]);
    if (late)
      for (int i = 0; i < p; i++)
        MPI_Irecv(&in[i], 1, MPI_CHAR, i + 1, 1, MPI_COMM_WORLD, &req[p + i]);
    MPI_Waitall(2 * p, req, MPI_STATUSES_IGNORE);
    t = MPI_Wtime() - t0;
    if (list)
      for (int i = 0; i < p; i++)
        MPI_Request_free(&req[i]);
  } else if (rank <= p) {
    if (late) {
      usleep(5);
      MPI_Recv(in, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else
      MPI_Wait(&req[0], MPI_STATUS_IGNORE);
    MPI_Send(out, 1, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
  }
  return t;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc < 2 || (strcmp(argv[1], "single") != 0 && strcmp(argv[1], "list") != 0) || size < 2) {
    if (rank == 0)
      fprintf(stderr, "usage: lop-bench single|list [PMIN [PMAX [REPS [early|late]]]] (at least 2 ranks)\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int list = strcmp(argv[1], "list") == 0;
  long pmin = arg(argc, argv, 2, 1, 1, size - 1, rank);
  long pmax = arg(argc, argv, 3, size - 1, pmin, size - 1, rank);
  long reps = arg(argc, argv, 4, 3, 1, 1000, rank);
  int late  = argc > 5 && strcmp(argv[5], "late") == 0;
  if (argc > 6 || (argc > 5 && !late && strcmp(argv[5], "early") != 0)) {
    if (rank == 0)
      fprintf(stderr, "lop-bench: %s\nusage: lop-bench single|list [PMIN [PMAX [REPS [early|late]]]]\n",
              argc > 6 ? "too many arguments" : "argument 5 must be early or late");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *out = calloc((size_t)size, 1), *in = calloc((size_t)size, 1);
  MPI_Request *req = malloc(2 * (size_t)size * sizeof *req);
  if (rank == 0)
    printf("variant,p,round_s,per_peer_us\n");
  for (long p = pmin; p <= pmax; p++) {
    double best = 0;
    for (long r = 0; r < reps; r++) {
      double t = round_trip(rank, (int)p, list, late, out, in, req);
      if (r == 0 || t < best)
        best = t;
    }
    if (rank == 0)
      printf("%s%s,%ld,%.9e,%.6f\n", argv[1], late ? "-late" : "", p, best, best / (double)p * 1e6);
  }
  free(out);
  free(in);
  free(req);
  MPI_Finalize();
  return 0;
}
