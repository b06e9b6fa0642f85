/* Fitting the piecewise point-to-point model (p2p_model.h) to ping and
 * ping-pong measurements (seed 003 sec. IV.A), and the limiter factor of
 * concurrent MPI_Sendrecv measurements. contention-calibrate-p2p reads the
 * files and prints; the algorithm is here (doc/p2p-model.md):
 *
 *  1. breakpoints: p->thresh as given, or detected on the round trips
 *     (cg_detect_breakpoints, 4 breakpoints);
 *  2. overheads, segments small..detached: os + Os k on the MPI_Send
 *     durations, or + Or k on the MPI_Recv durations (sizes <= Sd);
 *     detached.or = detached.Or = 0 (not separable from the transfer);
 *  3. transfer, every segment: L + k / B on rtt/2 - os(k) - or(k)
 *     (large: rtt/2), weights from the measured one-way time rtt/2.
 * Fits are relative least squares (weights 1/duration^2) unless `ols`.
 * A fitted offset or per-byte term below 0 (noise around a zero term) is
 * set to 0 and listed in the report. */
#ifndef CONTENTION_P2P_FIT_H
#define CONTENTION_P2P_FIT_H

#include <stddef.h>

#include "contention/p2p_model.h"
#include "contention/regression.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One measured series: sizes in bytes (finite, >= 0), durations in
 * seconds (finite, > 0). n == 0: not measured. */
typedef struct cg_p2p_samples {
  const double *size, *duration;
  size_t n;
} cg_p2p_samples;

/* The series an error or a fit is about. */
enum { CG_P2P_PINGPONG, CG_P2P_SEND, CG_P2P_RECV, CG_P2P_SERIES };

typedef struct cg_p2p_fit_options {
  int detect; /* detect the breakpoints on the round trips */
  int ols;    /* ordinary instead of relative least squares */
} cg_p2p_fit_options;

/* A fitted value below 0 that was set to 0. */
typedef struct cg_p2p_clamp {
  int segment;
  const char *field; /* "os", "Os", "or", "Or" or "L" */
  double value;
} cg_p2p_clamp;

typedef struct cg_p2p_fit_report {
  /* fits[series][segment]; send and recv have no large segment, and none
   * at all when not measured (n == 0). */
  cg_linfit fits[CG_P2P_SERIES][CG_P2P_SEGMENTS];
  cg_p2p_clamp clamped[5 * CG_P2P_SEGMENTS];
  size_t clamped_count;
  int failed; /* on error: the series the message is about, or -1 */
} cg_p2p_fit_report;

/* Fits p to the measurements. In: p->thresh (unless opt->detect) and the
 * route figures, kept; out: every segment's parameters (and the detected
 * thresholds). send and recv may be NULL or empty (overheads 0). Returns 0,
 * or -1 with a message in err (a segment without two distinct sizes,
 * breakpoints not increasing, a non-increasing transfer time, a fit that is
 * not finite) and rep->failed naming the series. */
int cg_p2p_fit(const cg_p2p_samples *pingpong, const cg_p2p_samples *send, const cg_p2p_samples *recv,
               const cg_p2p_fit_options *opt, cg_p2p_params *p, cg_p2p_fit_report *rep, char *err,
               size_t errlen);

/* Limiter factor (Bs + Br) / B of one concurrent MPI_Sendrecv measurement:
 * `size` bytes each way in `duration` s on a link of one-way bandwidth B,
 * 2 size / duration / B (seed 003 sec. IV.B). */
double cg_p2p_limiter_factor(double size, double duration, double bandwidth);
/* Its bound: each direction carries at most B, so (Bs + Br) / B <= 2; a
 * measurement above it is inconsistent with B. */
#define CG_P2P_LIMITER_FACTOR_MAX 2.0

#ifdef __cplusplus
}
#endif
#endif
