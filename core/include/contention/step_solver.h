/* Step-wise linear solver (seed 000, eq. 1-3).
 *
 * Between two events (a comm starts or ends) the contention graph is static
 * and comm i moves 1 / (alpha * rho_i) bytes per second. A comm's time is the
 * sum of its times in the steps it lives in. Penalties come either from a
 * technology's rules or, per comm and per step it lives in, from a given list
 * (the paper's Fig. 3 and 4). */
#ifndef CONTENTION_STEP_SOLVER_H
#define CONTENTION_STEP_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include "contention/errors.h"
#include "contention/graph.h"
#include "contention/technology.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_step_comm {
  cg_host src, dst;
  double size;              /* bytes, >= 0 */
  double start;             /* seconds, >= 0 */
  const double *penalties;  /* given mode: one per step the comm lives in */
  size_t penalty_count;
} cg_step_comm;

/* One row of the step table: comm `comm` during step `step` (1-based). */
typedef struct cg_step_row {
  size_t step;
  double begin, end;   /* the step's time interval */
  size_t comm;         /* index in the input array */
  double penalty;
  double remaining;    /* bytes left at the end of the step */
} cg_step_row;

typedef struct cg_step_table {
  cg_step_row *rows;
  size_t count, capacity;
} cg_step_table;

void cg_step_table_free(cg_step_table *t);

/* Solves the finish time of every comm. `tech`/`params` give the rules; pass
 * tech == NULL to use each comm's given penalties instead. `table` may be
 * NULL. Self-comms (src == dst) never enter the graph and run uncontended
 * (penalty 1); zero-byte comms finish at their start and perturb nobody.
 * Comms whose predicted ends are within 8 ulps of the next event's time
 * end in that event (one step boundary, at the latest of them), each
 * finishing at its own end. Returns 0, or -1 with a message in err
 * starting "comm N " (N its index in `comms`): a given penalty list too
 * short, a given or rule penalty not finite or below 1. Running out of
 * memory ends the process (cg_xmalloc). */
int cg_solve_steps(const cg_step_comm *comms, size_t n, double alpha,
                   const cg_tech *tech, const double *params,
                   double *finish, cg_step_table *table,
                   char *err, size_t errlen);

/* Same, for hierarchical technologies: host_group[h] (h < group_count) is
 * the rack of host h, passed to cg_graph_set_host_group(). */
int cg_solve_steps_grouped(const cg_step_comm *comms, size_t n, double alpha,
                           const cg_tech *tech, const double *params,
                           const int32_t *host_group, size_t group_count,
                           double *finish, cg_step_table *table,
                           char *err, size_t errlen);

/* Same, with the error as a cg_error (the comm it is about as an index,
 * for callers that name comms their own way); the functions above write
 * its text, err->msg. */
int cg_solve_steps_e(const cg_step_comm *comms, size_t n, double alpha, const cg_tech *tech,
                     const double *params, const int32_t *host_group, size_t group_count, double *finish,
                     cg_step_table *table, cg_error *err);

/* Same, with a limiter on every host: a link of both directions of
 * capacity limiter / alpha bytes/s (limiter >= 1: a ratio of the
 * bandwidth, as SimGrid's <cluster limiter_link> over its node links),
 * which every inter-host comm to or from the host crosses. At each step the
 * comms' demands (1 / (alpha rho), rho from the rules or the given lists)
 * share the limiters max-min, as under the SimGrid plugin; a comm held
 * below its demand runs at penalty 1 / its share, which the step table
 * shows. limiter 0: none (cg_solve_steps_e). Cost: a max-min sharing of
 * the running comms per step, O(running x hosts). */
int cg_solve_steps_limited(const cg_step_comm *comms, size_t n, double alpha, const cg_tech *tech,
                           const double *params, const int32_t *host_group, size_t group_count, double limiter,
                           double *finish, cg_step_table *table, cg_error *err);

#ifdef __cplusplus
}
#endif
#endif
