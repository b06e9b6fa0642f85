/* A user's MPI program for the campaign tests that prints its arguments:
 * rank 0 writes each as "ARG<i>:<hex bytes>", so a test can check that they
 * reached the program unchanged, byte for byte. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    for (int i = 1; i < argc; i++) {
      printf("ARG%d:", i);
      for (const unsigned char *p = (const unsigned char *)argv[i]; *p; p++)
        printf("%02x", *p);
      printf("\n");
    }
  MPI_Finalize();
  return 0;
}
