/* Communication patterns of real MPI codes, for the SMPI speed benchmark
 * (run-patterns.sh). One binary:
 *   speed-patterns isort ITER      an integer sort's key exchange (NPB IS):
 *                                  per iteration, MPI_Alltoall of the counts
 *                                  then MPI_Alltoallv of 2^23 4-byte keys in
 *                                  all, uneven per pair (0.5x to 1.5x the
 *                                  mean), after a compute phase that differs
 *                                  per rank: the comms of one rank start and
 *                                  end at different instants
 *   speed-patterns halo3d ITER     nearest-neighbour exchange on a 3-D
 *                                  periodic grid of ranks: 6 faces of
 *                                  64 KiB each way (Isend/Irecv/Waitall),
 *                                  then a compute phase
 *   speed-patterns pairwise ITER   all-to-all by pairwise exchange: in step
 *                                  k each rank sends 16 KiB to rank + k and
 *                                  receives from rank - k (MPI_Sendrecv)
 * Data and compute are fake (SMPI_SHARED_MALLOC, smpi_execute_flops): only
 * the communication pattern matters. Rank 0 prints the simulated time. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ISORT_KEYS (1L << 23)
#define HALO_BYTES (64 * 1024)
#define PAIR_BYTES (16 * 1024)

/* Deterministic pseudo-random numbers (same run, same sizes). */
static uint32_t mix(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

static void isort(int rank, int size, int iter)
{
  long mean = ISORT_KEYS / ((long)size * size); /* keys per pair */
  if (mean < 1)
    mean = 1;
  int *scount = malloc((size_t)size * sizeof(int)), *rcount = malloc((size_t)size * sizeof(int));
  int *sdispl = malloc((size_t)size * sizeof(int)), *rdispl = malloc((size_t)size * sizeof(int));
  int *keys = SMPI_SHARED_MALLOC((size_t)(3 * mean * size) * sizeof(int));
  int *recv = SMPI_SHARED_MALLOC((size_t)(3 * mean * size) * sizeof(int));
  for (int it = 0; it < iter; it++) {
    smpi_execute_flops(1e6 * (1 + mix((uint32_t)(rank * 977 + it)) % 100)); /* local bucketing */
    long off = 0;
    for (int p = 0; p < size; p++) {
      scount[p] = (int)(mean / 2 + mix((uint32_t)((it * size + rank) * size + p)) % (uint32_t)(mean + 1));
      sdispl[p] = (int)off;
      off += scount[p];
    }
    MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
    off = 0;
    for (int p = 0; p < size; p++) {
      rdispl[p] = (int)off;
      off += rcount[p];
    }
    MPI_Alltoallv(keys, scount, sdispl, MPI_INT, recv, rcount, rdispl, MPI_INT, MPI_COMM_WORLD);
  }
  SMPI_SHARED_FREE(keys);
  SMPI_SHARED_FREE(recv);
  free(scount);
  free(rcount);
  free(sdispl);
  free(rdispl);
}

static void halo3d(int rank, int size, int iter)
{
  int dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1};
  MPI_Dims_create(size, 3, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &grid);
  char *out = SMPI_SHARED_MALLOC(6 * HALO_BYTES), *in = SMPI_SHARED_MALLOC(6 * HALO_BYTES);
  MPI_Request req[12];
  for (int it = 0; it < iter; it++) {
    int n = 0;
    for (int d = 0; d < 3; d++) {
      int lo, hi;
      MPI_Cart_shift(grid, d, 1, &lo, &hi);
      MPI_Irecv(in + (2 * d) * HALO_BYTES, HALO_BYTES, MPI_CHAR, lo, d, grid, &req[n++]);
      MPI_Irecv(in + (2 * d + 1) * HALO_BYTES, HALO_BYTES, MPI_CHAR, hi, 3 + d, grid, &req[n++]);
      MPI_Isend(out + (2 * d) * HALO_BYTES, HALO_BYTES, MPI_CHAR, hi, d, grid, &req[n++]);
      MPI_Isend(out + (2 * d + 1) * HALO_BYTES, HALO_BYTES, MPI_CHAR, lo, 3 + d, grid, &req[n++]);
    }
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    smpi_execute_flops(5e6 * (1 + rank % 3)); /* stencil update */
  }
  (void)rank;
  SMPI_SHARED_FREE(out);
  SMPI_SHARED_FREE(in);
  MPI_Comm_free(&grid);
}

static void pairwise(int rank, int size, int iter)
{
  char *out = SMPI_SHARED_MALLOC(PAIR_BYTES), *in = SMPI_SHARED_MALLOC(PAIR_BYTES);
  for (int it = 0; it < iter; it++)
    for (int k = 1; k < size; k++)
      MPI_Sendrecv(out, PAIR_BYTES, MPI_CHAR, (rank + k) % size, 0, in, PAIR_BYTES, MPI_CHAR,
                   (rank + size - k) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  SMPI_SHARED_FREE(out);
  SMPI_SHARED_FREE(in);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iter = argc == 3 ? atoi(argv[2]) : 0;
  if (iter <= 0) {
    if (rank == 0)
      fprintf(stderr, "usage: speed-patterns isort|halo3d|pairwise ITER\n");
    MPI_Finalize();
    return 2;
  }
  if (strcmp(argv[1], "isort") == 0)
    isort(rank, size, iter);
  else if (strcmp(argv[1], "halo3d") == 0)
    halo3d(rank, size, iter);
  else if (strcmp(argv[1], "pairwise") == 0)
    pairwise(rank, size, iter);
  else {
    if (rank == 0)
      fprintf(stderr, "speed-patterns: unknown pattern '%s' (accepted: isort, halo3d, pairwise)\n", argv[1]);
    MPI_Finalize();
    return 2;
  }
  if (rank == 0)
    printf("simulated time %.9g s\n", MPI_Wtime());
  MPI_Finalize();
  return 0;
}
