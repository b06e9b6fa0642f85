/* MPI programs of the SMPI speed benchmark (run.sh), one binary:
 *   speed-mpi alltoall COUNT ITER  MPI_Alltoall of COUNT ints per peer, ITER times
 *   speed-mpi ring COUNT ITER      each rank sends COUNT ints to rank+1 and
 *                                  receives from rank-1 (MPI_Sendrecv), ITER times */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 4 || (strcmp(argv[1], "alltoall") != 0 && strcmp(argv[1], "ring") != 0)) {
    if (rank == 0)
      fprintf(stderr, "usage: speed-mpi alltoall|ring COUNT ITER\n");
    exit(2);
  }
  int count = atoi(argv[2]), iter = atoi(argv[3]);
  int alltoall = strcmp(argv[1], "alltoall") == 0;
  size_t n = (size_t)count * (alltoall ? (size_t)size : 1);
  int *out = SMPI_SHARED_MALLOC(n * sizeof(int));
  int *in = SMPI_SHARED_MALLOC(n * sizeof(int));
  for (int it = 0; it < iter; it++) {
    if (alltoall)
      MPI_Alltoall(out, count, MPI_INT, in, count, MPI_INT, MPI_COMM_WORLD);
    else
      MPI_Sendrecv(out, count, MPI_INT, (rank + 1) % size, 0, in, count, MPI_INT, (rank + size - 1) % size, 0,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  if (rank == 0)
    printf("simulated time %.9g s\n", MPI_Wtime());
  SMPI_SHARED_FREE(out);
  SMPI_SHARED_FREE(in);
  MPI_Finalize();
  return 0;
}
