/* bw-sendrecv BYTES: N concurrent bidirectional pairs (rank i and rank N+i
 * exchange BYTES each way with one MPI_Sendrecv, all starting together
 * after a barrier). Each rank reports Bs + Br = 2 * BYTES / elapsed, the
 * sum of its send and receive bandwidths (seed 003 §IV.B). */
#include "bw_report.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long bytes = bw_parse_size(argc, argv, rank, size);
  int n = size / 2;
  int peer = rank < n ? rank + n : rank - n;
  char *out = bw_buffer(argv[0], bytes);
  char *in = bw_buffer(argv[0], bytes);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  MPI_Sendrecv(out, (int)bytes, MPI_CHAR, peer, 0, in, (int)bytes, MPI_CHAR, peer, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  double elapsed = MPI_Wtime() - t0;
  bw_report(2.0 * (double)bytes / elapsed, elapsed, (double)bytes);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
