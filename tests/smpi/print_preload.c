/* Prints the LD_PRELOAD the simulated MPI program sees: the plugin must have
 * removed itself (launcher test). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  const char *p = getenv("LD_PRELOAD");
  printf("LD_PRELOAD=[%s]\n", p != NULL ? p : "(unset)");
  MPI_Finalize();
  return 0;
}
