/* pair_times SIZE: ranks 2k send SIZE bytes to ranks 2k + 1, all at once
 * after a barrier; each receiver prints "pair,<k>,<seconds>" (the time its
 * message took, from the barrier). The hostfile decides which pairs share a
 * host (tests/smpi/intra_host.sh). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long bytes = argc > 1 ? atol(argv[1]) : 0;
  if (bytes <= 0 || size % 2 != 0) {
    if (rank == 0)
      fprintf(stderr, "pair_times: usage: pair_times SIZE (bytes > 0), an even number of ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  char *buf = malloc((size_t)bytes);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (rank % 2 == 0) {
    MPI_Send(buf, (int)bytes, MPI_CHAR, rank + 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(buf, (int)bytes, MPI_CHAR, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("pair,%d,%.9g\n", rank / 2, MPI_Wtime() - t0);
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
