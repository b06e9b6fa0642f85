/* An MPI program that fails on purpose, for the campaign tests:
 * --mode ok (runs), abort (rank 1 calls MPI_Abort), crash (rank 0 writes
 * through a null pointer), spin (rank 0 loops forever in real time, which a
 * campaign timeout must end). */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static volatile unsigned long spins;

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *mode = argc == 3 && strcmp(argv[1], "--mode") == 0 ? argv[2] : "";
  if (strcmp(mode, "ok") && strcmp(mode, "abort") && strcmp(mode, "crash") && strcmp(mode, "spin")) {
    if (rank == 0)
      fprintf(stderr, "failing_app: usage: failing_app --mode ok|abort|crash|spin\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (strcmp(mode, "abort") == 0 && rank == 1)
    MPI_Abort(MPI_COMM_WORLD, 3);
  if (strcmp(mode, "crash") == 0 && rank == 0) {
    volatile int *p = NULL;
    *p = 1;
  }
  if (strcmp(mode, "spin") == 0 && rank == 0)
    for (;;) /* a global volatile: GCC 15 calls a local one only written unused */
      spins++;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
