/* BigDFT-like kernel (seed 003 sec. VI): each iteration applies the
 * Hamiltonian (compute), redistributes wavefunctions between the orbital and
 * the real-space layouts with MPI_Alltoallv of uneven counts, and reduces
 * energies and the overlap matrix with MPI_Allreduce.
 * Options: --iters N (default 5), --bytes B mean per pair (a multiple of 8, default 131072),
 * --flops F per iteration (default 3e7). */
#include "workload_common.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static const char *const options[] = {"--iters", "--bytes", "--flops", NULL};
  wl_check_args(argc, argv, options);
  long iters = wl_opt(argc, argv, "--iters", 5, 1, WL_MAX_ITERS);
  long bytes = wl_opt_bytes(argc, argv, 131072, 64);
  long flops = wl_opt(argc, argv, "--flops", 30000000L, 0, WL_MAX_FLOPS);
  int *sc = malloc((size_t)size * sizeof *sc), *sd = malloc((size_t)size * sizeof *sd);
  int *rc = malloc((size_t)size * sizeof *rc), *rd = malloc((size_t)size * sizeof *rd);
  long mean = bytes / (long)sizeof(double);
  if ((long)size * 2 * mean > 2147483647L) { /* counts and displacements are MPI ints */
    fprintf(stderr, "%s: --bytes %ld on %d ranks exceeds MPI's int counts (at most %ld bytes)\n", argv[0], bytes,
            size, 2147483647L / (2L * size) * (long)sizeof(double));
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  /* each rank's send and receive buffers: at most 1.5 x mean doubles per peer */
  wl_check_memory(argv[0], 2.0 * 1.5 * (double)(mean * (long)sizeof(double)) * size * size,
                  "about 3 x --bytes x ranks^2");
  int stot = 0, rtot = 0;
  for (int j = 0; j < size; j++) { /* uneven: orbitals are not evenly spread */
    sc[j] = (int)(mean / 2 + (mean * ((rank + 2 * j) % 4)) / 3);
    rc[j] = (int)(mean / 2 + (mean * ((j + 2 * rank) % 4)) / 3);
    sd[j] = stot;
    rd[j] = rtot;
    stot += sc[j];
    rtot += rc[j];
  }
  double *s = wl_alloc(argv[0], (size_t)stot * sizeof *s), *r = wl_alloc(argv[0], (size_t)rtot * sizeof *r);
  for (int i = 0; i < stot; i++)
    s[i] = rank + 1;
  double *ovl = calloc(1024, sizeof *ovl), *ovg = calloc(1024, sizeof *ovg);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), sum = 0;
  for (long it = 0; it < iters; it++) {
    smpi_execute_flops((double)flops);
    MPI_Alltoallv(s, sc, sd, MPI_DOUBLE, r, rc, rd, MPI_DOUBLE, MPI_COMM_WORLD);
    smpi_execute_flops((double)flops / 4);
    MPI_Alltoallv(r, rc, rd, MPI_DOUBLE, s, sc, sd, MPI_DOUBLE, MPI_COMM_WORLD);
    ovl[0] = r[0];
    MPI_Allreduce(ovl, ovg, 1024, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    sum += ovg[0];
  }
  wl_report("bigdft", t0, rank == 0 ? sum : 0.0);
  free(s);
  free(r);
  free(ovl);
  free(ovg);
  free(sc);
  free(sd);
  free(rc);
  free(rd);
  MPI_Finalize();
  return 0;
}
