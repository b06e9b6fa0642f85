/* Shared by the bandwidth programs: argument parsing and the CSV report.
 * Ranks 0..N-1 are paired with ranks N..2N-1 (rank i with rank N+i), so a
 * hostfile listing the N "left" hosts then the N "right" hosts places every
 * pair where the test wants it. */
#ifndef BW_REPORT_H
#define BW_REPORT_H

#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* Reads the message size (bytes, an integer from 1 to INT_MAX, MPI's count)
 * from argv[1]; exits with a message naming the problem on bad input or an
 * odd rank count. */
static inline long bw_parse_size(int argc, char **argv, int rank, int size)
{
  char *end = NULL;
  errno = 0;
  long bytes = argc > 1 ? strtol(argv[1], &end, 10) : 0;
  /* a digit first: strtol alone took "+8" and " 8" */
  if (argc != 2 || argv[1][0] < '0' || argv[1][0] > '9' || end == argv[1] || *end != '\0' || errno != 0 ||
      bytes <= 0 || bytes > INT_MAX) {
    if (rank == 0)
      fprintf(stderr, "usage: %s BYTES (a message size in bytes, an integer from 1 to %d)\n", argv[0], INT_MAX);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (size < 2 || size % 2 != 0) {
    if (rank == 0)
      fprintf(stderr, "%s: needs an even number of ranks (got %d): rank i talks to rank N+i\n", argv[0],
              size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return bytes;
}

/* A zeroed buffer of the message size; exits with a message if it cannot. */
static inline char *bw_buffer(const char *prog, long bytes)
{
  char *buf = calloc((size_t)bytes, 1);
  if (buf == NULL) {
    fprintf(stderr, "%s: cannot allocate a buffer of %ld bytes\n", prog, bytes);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return buf;
}

/* Gathers one bandwidth per rank (bytes/s) and one elapsed time per rank on
 * rank 0, which prints "rank,R,BW" rows, then "min,BW", "max,BW" and
 * "aggregate,BW" = bytes moved by all ranks / longest elapsed time. */
static inline void bw_report(double bw, double elapsed, double bytes_moved)
{
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double mine[2] = {bw, elapsed};
  double *all = rank == 0 ? malloc(sizeof(double) * 2 * (size_t)size) : NULL;
  MPI_Gather(mine, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double total = 0;
  MPI_Reduce(&bytes_moved, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank != 0)
    return;
  double lo = all[0], hi = all[0], longest = all[1];
  for (int r = 0; r < size; r++) {
    printf("rank,%d,%.9g\n", r, all[2 * r]);
    lo = all[2 * r] < lo ? all[2 * r] : lo;
    hi = all[2 * r] > hi ? all[2 * r] : hi;
    longest = all[2 * r + 1] > longest ? all[2 * r + 1] : longest;
  }
  printf("min,%.9g\nmax,%.9g\naggregate,%.9g\n", lo, hi, total / longest);
  free(all);
}

#endif
