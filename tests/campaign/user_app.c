/* A user's own MPI program for the campaign tests, compiled by the tests
 * with smpicc as a user would: a ring exchange then an all-to-all, repeated.
 * Rank 0 prints the time it measured itself, which the tests compare with
 * the simulated time the campaign reads from SMPI.
 * Options: --bytes B per message (default 262144), --iters N (default 3). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long option(int argc, char **argv, const char *name, long def)
{
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], name) == 0) {
      char *end;
      long v = strtol(argv[i + 1], &end, 10);
      if (*end || v < 1) {
        fprintf(stderr, "user_app: %s expects a positive integer, got '%s'\n", name, argv[i + 1]);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      return v;
    }
  return def;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long bytes = option(argc, argv, "--bytes", 262144), iters = option(argc, argv, "--iters", 3);
  long per_peer = bytes / size > 0 ? bytes / size : 1;
  char *a = calloc((size_t)bytes, 1), *b = calloc((size_t)bytes, 1);
  char *s = calloc((size_t)(per_peer * size), 1), *r = calloc((size_t)(per_peer * size), 1);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long it = 0; it < iters; it++) {
    MPI_Sendrecv(a, (int)bytes, MPI_CHAR, (rank + 1) % size, 0, b, (int)bytes, MPI_CHAR, (rank + size - 1) % size,
                 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Alltoall(s, (int)per_peer, MPI_CHAR, r, (int)per_peer, MPI_CHAR, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("user_app: %d ranks, %.9f s\n", size, MPI_Wtime() - t0);
  free(a);
  free(b);
  free(s);
  free(r);
  MPI_Finalize();
  return 0;
}
