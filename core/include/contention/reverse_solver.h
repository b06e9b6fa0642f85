/* Reverse solver (seed 000, sec. 3.3): recovers the first-step penalties of
 * a static-synchronous graph (every comm starts at 0 with the same size m)
 * from measured finish times, given the penalties of its later steps.
 *
 * Steps are delimited by the distinct measured times t_1 < t_2 < ... ; comm i
 * lives in steps 1..k_i where t_{k_i} = T_i. With m_{i,j} = (t_j - t_{j-1}) /
 * (alpha * rho_{i,j}) for j >= 2, rho_{i,1} = t_1 / (alpha * (m - sum_j
 * m_{i,j})). */
#ifndef CONTENTION_REVERSE_SOLVER_H
#define CONTENTION_REVERSE_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include "contention/errors.h"
#include "contention/graph.h"
#include "contention/technology.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Number of steps comm i lives in (1 + number of distinct measured times
 * strictly below T_i). Times equal within a relative 1e-9 of the smallest
 * of them are one step. O(n log n) per call. */
size_t cg_reverse_step_count(const double *measured, size_t n, size_t i);
/* The same for every comm at once (steps[i]), in O(n log n). */
void cg_reverse_step_counts(const double *measured, size_t n, size_t *steps);

/* later[i] holds the penalties of comm i for its steps 2..k_i
 * (later_count[i] == k_i - 1). Writes rho1[i]. Returns 0, or -1 with a
 * message starting "comm N" (wrong list length, a penalty below 1, or times
 * inconsistent with the given penalties: the comm would have sent more
 * than m). O(n log n + sum of later_count).
 *
 * rho1[i] below 1 is returned as computed: it means comm i sent faster in
 * the first step than the uncontended bandwidth 1/alpha allows, i.e. the
 * measured times are inconsistent with alpha and the later penalties. The
 * caller decides (contention-calibrate refuses it unless --clamp). */
int cg_reverse_first_step(const double *measured, size_t n, double alpha, double size,
                          const double *const *later, const size_t *later_count,
                          double *rho1, char *err, size_t errlen);

/* Same, with the later steps' penalties given by `tech` applied to the
 * sub-graph of the comms still running in each step (a penalty below 1
 * from the rules is an error naming the technology). One graph, left by
 * the comms of each step as it ends: O(n log n) plus the technology's work
 * on the penalties that change. */
int cg_reverse_first_step_tech(const double *measured, const cg_host *src, const cg_host *dst,
                               size_t n, double alpha, double size,
                               const cg_tech *tech, const double *params,
                               double *rho1, char *err, size_t errlen);
/* Same, for hierarchical technologies: host_group[h] (h < group_count) is
 * the rack of host h, as in cg_solve_steps_grouped(). */
int cg_reverse_first_step_tech_grouped(const double *measured, const cg_host *src, const cg_host *dst,
                                       size_t n, double alpha, double size, const cg_tech *tech,
                                       const double *params, const int32_t *host_group, size_t group_count,
                                       double *rho1, char *err, size_t errlen);

/* The same two solvers with the error as a cg_error (the comm it is about
 * as an index, for callers that name comms their own way); the functions
 * above write its text, err->msg. */
int cg_reverse_first_step_e(const double *measured, size_t n, double alpha, double size,
                            const double *const *later, const size_t *later_count, double *rho1,
                            cg_error *err);
int cg_reverse_first_step_tech_e(const double *measured, const cg_host *src, const cg_host *dst, size_t n,
                                 double alpha, double size, const cg_tech *tech, const double *params,
                                 const int32_t *host_group, size_t group_count, double *rho1, cg_error *err);

#ifdef __cplusplus
}
#endif
#endif
