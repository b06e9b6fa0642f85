/* MPI_Alltoall correctness under the contention model: every rank sends
 * COUNT ints to every rank, with values that encode (sender, receiver, index);
 * each rank checks all it received. Prints "alltoall ok: N ranks" on rank 0
 * when every rank's data is right; exits 1 otherwise. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define COUNT 1024 /* 4 KiB per peer */

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *out = malloc((size_t)size * COUNT * sizeof *out);
  int *in = malloc((size_t)size * COUNT * sizeof *in);
  for (int peer = 0; peer < size; peer++)
    for (int i = 0; i < COUNT; i++) {
      out[peer * COUNT + i] = (rank * size + peer) * COUNT + i;
      in[peer * COUNT + i] = -1;
    }
  MPI_Alltoall(out, COUNT, MPI_INT, in, COUNT, MPI_INT, MPI_COMM_WORLD);
  int errors = 0;
  for (int peer = 0; peer < size; peer++)
    for (int i = 0; i < COUNT; i++)
      if (in[peer * COUNT + i] != (peer * size + rank) * COUNT + i)
        errors++;
  int total = 0;
  MPI_Reduce(&errors, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    if (total == 0)
      printf("alltoall ok: %d ranks, time %.9g\n", size, MPI_Wtime());
    else
      printf("alltoall WRONG: %d bad values\n", total);
  }
  free(out);
  free(in);
  MPI_Finalize();
  return total == 0 ? 0 : 1;
}
