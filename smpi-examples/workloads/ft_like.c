/* NPB FT-like kernel: each iteration computes on the local slab, then
 * transposes it with an all-to-all (the FT pattern that saturates NICs).
 * Options: --iters N (default 6), --bytes B per pair (a multiple of 8, default 262144),
 *          --flops F per iteration (default 2e7). */
#include "workload_common.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static const char *const options[] = {"--iters", "--bytes", "--flops", NULL};
  wl_check_args(argc, argv, options);
  long iters = wl_opt(argc, argv, "--iters", 6, 1, WL_MAX_ITERS);
  long bytes = wl_opt_bytes(argc, argv, 262144, 8);
  long flops = wl_opt(argc, argv, "--flops", 20000000L, 0, WL_MAX_FLOPS);
  size_t n = (size_t)bytes / sizeof(double);
  wl_check_memory(argv[0], 2.0 * (double)(n * sizeof(double)) * size * size, "2 x --bytes x ranks^2");
  double *in = wl_alloc(argv[0], n * (size_t)size * sizeof *in), *out = wl_alloc(argv[0], n * (size_t)size * sizeof *out);
  for (size_t i = 0; i < n * (size_t)size; i++)
    in[i] = rank + 1e-6 * (double)(i % 1000);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), sum = 0;
  for (long it = 0; it < iters; it++) {
    smpi_execute_flops((double)flops);
    MPI_Alltoall(in, (int)n, MPI_DOUBLE, out, (int)n, MPI_DOUBLE, MPI_COMM_WORLD);
    /* out block j came from rank j: its first value is j + small */
    for (int j = 0; j < size; j++)
      sum += out[(size_t)j * n];
    double *t = in;
    in = out;
    out = t;
  }
  wl_report("ft", t0, sum);
  free(in);
  free(out);
  MPI_Finalize();
  return 0;
}
