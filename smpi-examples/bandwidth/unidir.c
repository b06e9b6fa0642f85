/* bw-unidir BYTES: N concurrent one-way transfers (rank i sends BYTES to
 * rank N+i, all starting together after a barrier). Each rank's bandwidth
 * is BYTES / (time from the barrier to the end of its MPI_Send or
 * MPI_Recv), the "perceived" bandwidth of seed 003 §IV.B. */
#include "bw_report.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long bytes = bw_parse_size(argc, argv, rank, size);
  int n = size / 2;
  char *buf = bw_buffer(argv[0], bytes);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (rank < n)
    MPI_Send(buf, (int)bytes, MPI_CHAR, rank + n, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(buf, (int)bytes, MPI_CHAR, rank - n, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  double elapsed = MPI_Wtime() - t0;
  bw_report((double)bytes / elapsed, elapsed, rank < n ? (double)bytes : 0.0);
  free(buf);
  MPI_Finalize();
  return 0;
}
