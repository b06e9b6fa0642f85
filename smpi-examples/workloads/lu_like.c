/* NPB LU-like kernel: SSOR wavefront sweeps on a 2D process grid. In the
 * lower sweep a rank waits for its north and west neighbours, computes a
 * block and sends to south and east; the upper sweep goes back. Many small
 * pipelined messages, little contention: LU is latency bound.
 * Options: --iters N (default 4), --blocks K per sweep (default 8),
 * --bytes B per message (a multiple of 8, default 4096), --flops F per block (default 2e6). */
#include "workload_common.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static const char *const options[] = {"--iters", "--blocks", "--bytes", "--flops", NULL};
  wl_check_args(argc, argv, options);
  long iters = wl_opt(argc, argv, "--iters", 4, 1, WL_MAX_ITERS);
  long blocks = wl_opt(argc, argv, "--blocks", 8, 1, WL_MAX_ITERS);
  long bytes = wl_opt_bytes(argc, argv, 4096, 8);
  long flops = wl_opt(argc, argv, "--flops", 2000000L, 0, WL_MAX_FLOPS);
  int px = 1;
  while ((px + 1) * (px + 1) <= size)
    px++;
  while (size % px)
    px--;
  int py = size / px, x = rank % px, y = rank / px;
  int north = y > 0 ? rank - px : -1, south = y < py - 1 ? rank + px : -1;
  int west = x > 0 ? rank - 1 : -1, east = x < px - 1 ? rank + 1 : -1;
  size_t n = (size_t)bytes / sizeof(double);
  double *a = wl_alloc(argv[0], n * sizeof *a), *b = wl_alloc(argv[0], n * sizeof *b);
  memset(a, 0, n * sizeof *a);
  memset(b, 0, n * sizeof *b);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), acc = rank;
  for (long it = 0; it < iters; it++) {
    for (int sweep = 0; sweep < 2; sweep++) {
      int from1 = sweep ? south : north, from2 = sweep ? east : west;
      int to1 = sweep ? north : south, to2 = sweep ? west : east;
      for (long k = 0; k < blocks; k++) {
        if (from1 >= 0)
          MPI_Recv(a, (int)n, MPI_DOUBLE, from1, 10 + sweep, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (from2 >= 0)
          MPI_Recv(b, (int)n, MPI_DOUBLE, from2, 20 + sweep, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        smpi_execute_flops((double)flops);
        acc = 0.5 * acc + 0.25 * (a[0] + b[0]) + 1.0;
        a[0] = b[0] = acc;
        if (to1 >= 0)
          MPI_Send(a, (int)n, MPI_DOUBLE, to1, 10 + sweep, MPI_COMM_WORLD);
        if (to2 >= 0)
          MPI_Send(b, (int)n, MPI_DOUBLE, to2, 20 + sweep, MPI_COMM_WORLD);
      }
    }
  }
  wl_report("lu", t0, acc);
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}
