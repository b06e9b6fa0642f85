/* NPB CG-like kernel on a 2D process grid (rows x cols, cols = rows or
 * 2 rows): each iteration does a sparse mat-vec whose partial sums are
 * reduced along the process row by log2(cols) pairwise exchanges, a
 * transpose exchange with the rank half the job away, and two scalar allreduces.
 * Options: --iters N (default 15), --bytes B (a multiple of 8, default 65536), --flops F
 * (default 5e7). Needs a power-of-two number of ranks. */
#include "workload_common.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size & (size - 1)) {
    if (rank == 0)
      fprintf(stderr, "cg_like: needs a power-of-two number of ranks, got %d\n", size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  static const char *const options[] = {"--iters", "--bytes", "--flops", NULL};
  wl_check_args(argc, argv, options);
  long iters = wl_opt(argc, argv, "--iters", 15, 1, WL_MAX_ITERS);
  long bytes = wl_opt_bytes(argc, argv, 65536, 8);
  long flops = wl_opt(argc, argv, "--flops", 50000000L, 0, WL_MAX_FLOPS);
  int rows = 1;
  while (rows * rows * 2 <= size)
    rows *= 2;
  int cols = size / rows;
  int myrow = rank / cols, mycol = rank % cols;
  size_t n = (size_t)bytes / sizeof(double);
  double *v = wl_alloc(argv[0], n * sizeof *v), *w = wl_alloc(argv[0], n * sizeof *w);
  for (size_t i = 0; i < n; i++)
    v[i] = 1.0 + rank;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), sum = 0;
  for (long it = 0; it < iters; it++) {
    smpi_execute_flops((double)flops);
    for (int step = 1; step < cols; step *= 2) { /* row reduction */
      int partner = myrow * cols + (mycol ^ step);
      MPI_Sendrecv(v, (int)n, MPI_DOUBLE, partner, 1, w, (int)n, MPI_DOUBLE, partner, 1,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (size_t i = 0; i < n; i++)
        v[i] = 0.5 * (v[i] + w[i]);
    }
    int mirror = (rank + size / 2) % size; /* transpose partner (an involution) */
    if (mirror != rank)
      MPI_Sendrecv(v, (int)n, MPI_DOUBLE, mirror, 2, w, (int)n, MPI_DOUBLE, mirror, 2,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else
      memcpy(w, v, n * sizeof *w);
    double dots[2] = {w[0], w[n - 1]}, glob[2];
    MPI_Allreduce(dots, glob, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(dots + 1, glob + 1, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sum += glob[0] + glob[1];
  }
  wl_report("cg", t0, rank == 0 ? sum : 0.0);
  free(v);
  free(w);
  MPI_Finalize();
  return 0;
}
