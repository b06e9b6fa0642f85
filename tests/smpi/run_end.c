/* How a simulated MPI program ends, for the launcher's exit-status tests:
 *   ok        every rank finalizes and returns 0
 *   abort     the ranks exchange 1 MiB, then rank 1 calls MPI_Abort
 *   deadlock  both ranks receive from each other first
 *   exit3     every rank calls exit(3) after MPI_Init (the program's status)
 *   exit0     every rank calls exit(0) after MPI_Finalize (a clean end) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *mode = argc > 1 ? argv[1] : "ok";
  if (strcmp(mode, "abort") == 0) {
    static char out[1 << 20], in[1 << 20];
    MPI_Sendrecv(out, sizeof out, MPI_CHAR, 1 - rank, 0, in, sizeof in, MPI_CHAR, 1 - rank, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    if (rank == 1)
      MPI_Abort(MPI_COMM_WORLD, 4);
  }
  if (strcmp(mode, "deadlock") == 0) {
    int x;
    MPI_Recv(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  if (strcmp(mode, "exit3") == 0)
    exit(3);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0)
    printf("end: %s\n", mode);
  if (strcmp(mode, "exit0") == 0)
    exit(0);
  return 0;
}
