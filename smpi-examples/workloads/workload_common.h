/* Shared by the NPB-like and BigDFT-like SMPI workloads: argument parsing,
 * deterministic compute phases and the result line.
 *
 * Computation is injected with smpi_execute_flops (run with
 * --cfg=smpi/simulate-computation:no) so the simulated times depend only on
 * the platform and the network model, never on the host running SimGrid. */
#ifndef WORKLOAD_COMMON_H
#define WORKLOAD_COMMON_H

#include <errno.h>
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Bounds of the options: a message is at most 1 GiB (its count of doubles
 * must fit MPI's int), a run at most 1e6 iterations. */
#define WL_MAX_ITERS 1000000L
#define WL_MAX_BYTES 1073741824L
#define WL_MAX_FLOPS 1000000000000000L

/* Reads "--name value" integer options in [min, max] (after MPI_Init);
 * exits with a message naming the option on a bad value (strtol saturates out-of-range input, so
 * errno is checked: 1e30 iterations must not become LONG_MAX silently). */
static long wl_opt(int argc, char **argv, const char *name, long def, long min, long max)
{
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], name) == 0) {
      char *end;
      errno = 0;
      const char *s = argv[i + 1];
      long v = strtol(s, &end, 10);
      /* digits, with a '-' at most: strtol alone took "+5" and " 5" */
      int digits = (s[0] >= '0' && s[0] <= '9') || (s[0] == '-' && s[1] >= '0' && s[1] <= '9');
      if (!digits || end == s || *end || errno != 0 || v < min || v > max) {
        int rank; /* every rank finds the error: rank 0 prints its line */
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        if (rank == 0)
          fprintf(stderr, "%s: option %s expects an integer from %ld to %ld, got '%s'\n", argv[0], name, min,
                  max, argv[i + 1]);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      return v;
    }
  return def;
}

/* --bytes, a multiple of sizeof(double): the kernels send arrays of doubles,
 * and a count of bytes / 8 doubles cut --bytes 12 to 8 bytes silently. */
static long wl_opt_bytes(int argc, char **argv, long def, long min)
{
  long v = wl_opt(argc, argv, "--bytes", def, min, WL_MAX_BYTES);
  if (v % (long)sizeof(double) != 0) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
      fprintf(stderr, "%s: option --bytes expects a multiple of %zu (the messages are arrays of doubles), got '%ld'\n",
              argv[0], sizeof(double), v);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return v;
}

/* Checks that every argument is one of the NULL-terminated `names`
 * followed by its value, each once: wl_opt alone looks for its own name,
 * so a typo (--iter 2), a stray word or a name without its value ran the
 * defaults silently, and of a repeated option the first won. Rank 0
 * prints the one error line. */
static void wl_check_args(int argc, char **argv, const char *const *names)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  unsigned seen = 0;
  for (int i = 1; i < argc; i++) {
    int k = 0;
    while (names[k] && strcmp(argv[i], names[k]) != 0)
      k++;
    const char *why = !names[k]           ? "unknown option or stray argument"
                      : i + 1 >= argc     ? "option without its value"
                      : (seen >> k & 1u) ? "option given twice"
                                          : NULL;
    if (why) {
      if (rank == 0) {
        char acc[256] = "";
        for (int j = 0; names[j]; j++)
          snprintf(acc + strlen(acc), sizeof acc - strlen(acc), "%s%s N", j ? ", " : "", names[j]);
        fprintf(stderr, "%s: %s '%s' (accepted: %s, each at most once)\n", argv[0], why, argv[i], acc);
      }
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    seen |= 1u << k;
    i++;
  }
}

/* SMPI runs every rank in one process: `total` bytes of buffers over all
 * ranks (the all-to-all workloads' grow with ranks^2) past the machine's
 * memory were allocated and filled until the system killed a process.
 * Ends the run instead, rank 0 printing why. */
static inline void wl_check_memory(const char *prog, double total, const char *formula)
{
  double phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  if (phys > 0 && total > phys) {
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
      fprintf(stderr, "%s: the buffers of all ranks, %s, take %.4g bytes, more than this machine's memory (%.4g "
              "bytes): lower --bytes or the number of ranks\n", prog, formula, total, phys);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

/* malloc that ends the run with a message naming the buffer's size. */
static void *wl_alloc(const char *prog, size_t bytes)
{
  void *p = malloc(bytes > 0 ? bytes : 1);
  if (p == NULL) {
    fprintf(stderr, "%s: cannot allocate %zu bytes (lower --bytes)\n", prog, bytes);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return p;
}

/* Prints "workload,<name>,<ranks>,<simulated seconds>,<checksum>" on rank 0. */
static void wl_report(const char *name, double t0, double local_sum)
{
  double t = MPI_Wtime() - t0, sum = 0;
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Reduce(&local_sum, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("workload,%s,%d,%.9f,%.6e\n", name, size, t, sum);
}

#endif
