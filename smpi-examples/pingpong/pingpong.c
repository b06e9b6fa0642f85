/* pingpong MODE STEPS REPS [SIZE...]: the point-to-point measurement
 * protocol of seed 003 sec. IV.A, printing "size,duration" CSV rows
 * (rank 0 prints). Sizes: floor(2^(i/STEPS)) from 1 B to 64 MiB (no
 * duplicates) plus the extra SIZEs given, each measured REPS times.
 *   send      MPI_Send duration, the receiver always ready (its MPI_Irecv
 *             is posted before the send starts)
 *   recv      MPI_Recv duration, the sender always ready (its MPI_Isend was
 *             posted 1 s earlier, so eager data has arrived)
 *   pingpong  round trip of MPI_Send + MPI_Recv between ranks 0 and 1
 * Needs exactly 2 ranks. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SIZE (64L * 1024 * 1024)

static void fail(int rank, const char *msg)
{
  if (rank == 0)
    fprintf(stderr, "pingpong: %s\nusage: pingpong send|recv|pingpong STEPS REPS [SIZE...] (2 ranks; "
                    "STEPS, REPS >= 1; 1 <= SIZE <= %ld)\n", msg, MAX_SIZE);
  MPI_Abort(MPI_COMM_WORLD, 2);
}

static long to_long(const char *s, long lo, long hi)
{
  char *end;
  long v = strtol(s, &end, 10);
  /* a digit first: strtol alone took "+2" and " 2" */
  return s[0] < '0' || s[0] > '9' || end == s || *end || v < lo || v > hi ? -1 : v;
}

static int cmp_long(const void *a, const void *b)
{
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, nranks;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  if (nranks != 2)
    fail(rank, "needs exactly 2 ranks");
  if (argc < 4)
    fail(rank, "missing arguments");
  int mode = !strcmp(argv[1], "send") ? 0 : !strcmp(argv[1], "recv") ? 1 : !strcmp(argv[1], "pingpong") ? 2 : -1;
  long steps = to_long(argv[2], 1, 1000), reps = to_long(argv[3], 1, 1000);
  if (mode < 0)
    fail(rank, "MODE must be send, recv or pingpong");
  if (steps < 0 || reps < 0)
    fail(rank, "STEPS and REPS must be whole numbers from 1 to 1000");
  long cap = 26 * steps + 1 + (argc - 4), n = 0;
  long *sizes = malloc((size_t)cap * sizeof *sizes);
  for (long i = 0; i <= 26 * steps; i++)
    sizes[n++] = (long)floor(pow(2.0, (double)i / (double)steps));
  for (int a = 4; a < argc; a++) {
    long s = to_long(argv[a], 1, MAX_SIZE);
    if (s < 0)
      fail(rank, "bad SIZE");
    sizes[n++] = s;
  }
  qsort(sizes, (size_t)n, sizeof *sizes, cmp_long);
  char *buf = malloc(MAX_SIZE);
  memset(buf, 1, MAX_SIZE);
  if (rank == 0)
    printf("size,duration\n");
  for (long r = 0; r < reps; r++)
    for (long i = 0; i < n; i++) {
      if (i > 0 && sizes[i] == sizes[i - 1])
        continue;
      int k = (int)sizes[i];
      MPI_Request req;
      double t = 0;
      if (mode == 0) {
        /* Not a barrier: its last message could still be on the wire when
         * rank 0 starts the send, and under a contention model it shared
         * the network with it. Rank 1 says it is ready (0 bytes) once its
         * receive is posted: when rank 0 has that, nothing else is sent. */
        if (rank == 1) {
          MPI_Irecv(buf, k, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
          MPI_Send(NULL, 0, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
          MPI_Wait(&req, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(NULL, 0, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          double t0 = MPI_Wtime();
          MPI_Send(buf, k, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
          t = MPI_Wtime() - t0;
        }
      } else if (mode == 1) {
        /* rank 1 sends, rank 0 receives and measures */
        if (rank == 1)
          MPI_Isend(buf, k, MPI_CHAR, 0, 0, MPI_COMM_WORLD, &req);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
          sleep(1);
          double t0 = MPI_Wtime();
          MPI_Recv(buf, k, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          t = MPI_Wtime() - t0;
        } else {
          MPI_Wait(&req, MPI_STATUS_IGNORE);
        }
      } else {
        /* A barrier may let rank 1 leave after rank 0 and delay the pong:
         * rank 1 says it is ready (0 bytes) just before it posts its
         * receive. After the pong, rank 0 says "done" and rank 1 waits for
         * it, so that no other message (the barrier's) shares the network
         * with the pong: under a contention model it would slow it down. */
        if (rank == 0) {
          MPI_Recv(NULL, 0, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          double t0 = MPI_Wtime();
          MPI_Send(buf, k, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
          MPI_Recv(buf, k, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          t = MPI_Wtime() - t0;
          MPI_Send(NULL, 0, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
        } else {
          MPI_Send(NULL, 0, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
          MPI_Recv(buf, k, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buf, k, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
          MPI_Recv(NULL, 0, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
      }
      MPI_Barrier(MPI_COMM_WORLD);
      if (rank == 0)
        printf("%d,%.9e\n", k, t);
    }
  free(buf);
  free(sizes);
  MPI_Finalize();
  return 0;
}
