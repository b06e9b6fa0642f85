/* Shared by the NPB-like and BigDFT-like SMPI workloads: argument parsing,
 * deterministic compute phases and the result line.
 *
 * Computation is injected with smpi_execute_flops (run with
 * --cfg=smpi/simulate-computation:no) so the simulated times depend only on
 * the platform and the network model, never on the host running SimGrid. */
#ifndef WORKLOAD_COMMON_H
#define WORKLOAD_COMMON_H

#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads "--name value" integer options; exits with a message naming the
 * option on a bad value. */
static long wl_opt(int argc, char **argv, const char *name, long def, long min)
{
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], name) == 0) {
      char *end;
      long v = strtol(argv[i + 1], &end, 10);
      if (*end || v < min) {
        fprintf(stderr, "%s: option %s expects an integer >= %ld, got '%s'\n", argv[0], name, min,
                argv[i + 1]);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      return v;
    }
  return def;
}

/* Prints "workload,<name>,<ranks>,<simulated seconds>,<checksum>" on rank 0. */
static void wl_report(const char *name, double t0, double local_sum)
{
  double t = MPI_Wtime() - t0, sum = 0;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Reduce(&local_sum, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("workload,%s,%d,%.9f,%.6e\n", name, size, t, sum);
}

#endif
