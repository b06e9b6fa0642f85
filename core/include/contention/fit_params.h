/* Fit of a technology's rule parameters to measured schemes (Vienne et al.
 * 2008 sec. IV-V; Martinasso & Mehaut 2011 sec. 3.3: run a benchmark of
 * concurrent-comm schemes, read the times, fit the model).
 *
 * A scheme is a set of comms with their measured times (seconds from each
 * comm's start). The predicted time of a comm is that of the step solver
 * (cg_solve_steps_grouped), the one the SimGrid plugin runs. The fit
 * minimises the sum over all comms of the squared relative error
 * (T_p - T_m) / T_m by a bounded Nelder-Mead search (deterministic, with
 * restarts from the best point) in a normalised space: each parameter maps
 * to [0, 1] over its documented range, logarithmically when the range spans
 * more than two decades. A fitted value never leaves its range.
 *
 * Model parameters are every parameter of the technology except the
 * algorithmic ones (Myrinet's exact_max_width, threads, bp_sweeps,
 * large_pairs), which change no penalty, and, when asked, a per-host
 * limiter: a host's link of both directions (SimGrid's <cluster
 * limiter_link>), of capacity `limiter` x the bandwidth, shared max-min by
 * the demands of the comms to and from the host (cg_solve_steps_limited).
 * The fit's parameter arrays hold the technology's parameters in its
 * order, then the limiter ratio (index tech->param_count) when fitted.
 * Any of them can be held at its start value. */
#ifndef CONTENTION_FIT_PARAMS_H
#define CONTENTION_FIT_PARAMS_H

#include <stddef.h>
#include <stdint.h>
#include "contention/errors.h"
#include "contention/step_solver.h"
#include "contention/technology.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { CG_FIT_MAX_PARAMS = 16 };

typedef struct cg_fit_scheme {
  const cg_step_comm *comms;   /* penalties unused */
  const double *measured;      /* per comm, seconds from its start, > 0 */
  size_t n;
  double alpha;                /* 1 / bandwidth */
  const int32_t *host_group;   /* racks (hierarchical technologies), or NULL */
  size_t group_count;
} cg_fit_scheme;

/* The limiter as a fit parameter: "limiter", range [1, 3], default 1.5
 * (Degomme et al. measure Bs + Br = 1.5 B on a Gigabit Ethernet card). */
extern const cg_tech_param cg_fit_limiter_param;

/* Number of the fit's parameters: tech's, plus one with a limiter. */
size_t cg_fit_param_count(const cg_tech *tech, int limiter);
/* Parameter i of the fit: tech's for i < tech->param_count, else the
 * limiter. */
const cg_tech_param *cg_fit_param(const cg_tech *tech, size_t i);

/* Why a parameter was not fitted. */
typedef enum cg_fit_status {
  CG_FIT_FITTED = 0,
  CG_FIT_ALGORITHMIC,     /* changes no penalty: not a model parameter */
  CG_FIT_HELD,            /* held at its start value (cg_fit_options.hold) */
  CG_FIT_NO_EFFECT,       /* changes no predicted time of these schemes */
  CG_FIT_ONLY_COMBINED    /* its effect is that of another fitted parameter
                             (e.g. only a ratio counts): held at its start */
} cg_fit_status;

typedef struct cg_fit_result {
  size_t param_count;                 /* cg_fit_param_count(tech, limiter) */
  int limiter;                        /* value[tech->param_count] is the limiter */
  double value[CG_FIT_MAX_PARAMS];    /* every parameter, in the fit's order */
  cg_fit_status status[CG_FIT_MAX_PARAMS];
  size_t partner[CG_FIT_MAX_PARAMS];  /* CG_FIT_ONLY_COMBINED: the other one */
  /* Profile of each fitted parameter: the others held at the optimum, the
   * values over which E_abs stays within `noise` of its minimum; *_at_bound
   * when that interval reaches the end of the documented range. */
  double lo[CG_FIT_MAX_PARAMS], hi[CG_FIT_MAX_PARAMS];
  int lo_at_bound[CG_FIT_MAX_PARAMS], hi_at_bound[CG_FIT_MAX_PARAMS];
  size_t fitted_count;
  double e_abs;        /* mean |relative error| over all comms, in sample */
  double e_max;        /* largest |relative error|, in sample */
  double e_loo;        /* the same mean, each scheme predicted by a fit of
                          the others (leave one scheme out); = e_abs when
                          nothing is fitted; NAN when not asked */
  size_t worst_scheme; /* scheme of the largest held-out mean error */
  double worst_loo;
  int converged;       /* the search met its tolerance (every restart) */
  size_t evaluations;  /* objective evaluations of the main fit */
} cg_fit_result;

typedef struct cg_fit_options {
  const double *start;   /* initial values (cg_fit_param_count), NULL: defaults */
  const int *hold;       /* per parameter, 1: held at its start value; NULL: none */
  int limiter;           /* also fit the hosts' limiter (cg_fit_limiter_param) */
  double noise;          /* E_abs rise that bounds the profile, e.g. 0.01 */
  int leave_one_out;     /* compute e_loo (one fit per scheme) */
  size_t max_evaluations;/* per search; 0: 4000 */
} cg_fit_options;

/* 1 if parameter `i` of `tech` is a model parameter (fitted). */
int cg_fit_is_model_param(const cg_tech *tech, size_t i);

/* Predicted times (finish - start) of every comm of scheme s under tech and
 * params (tech->param_count values) with host limiters of `limiter` x the
 * bandwidth (0: none), written to pred (s->n). Returns 0, or -1 with the
 * solver's error. */
int cg_fit_predict(const cg_fit_scheme *s, const cg_tech *tech, const double *params, double limiter, double *pred,
                   cg_error *err);

/* Mean and max |relative error| of the schemes under params and limiter
 * (as cg_fit_predict). Returns 0 or
 * -1 (solver error, err->comm its index within the scheme *bad_scheme). */
int cg_fit_errors(const cg_fit_scheme *schemes, size_t count, const cg_tech *tech, const double *params,
                  double limiter, double *e_abs, double *e_max, size_t *bad_scheme, cg_error *err);

/* Fits tech's model parameters (and the limiter with opt->limiter) to the
 * schemes. Parameters held, that change no predicted time, or whose effect
 * duplicates another's, are not fitted (status says which and why) and
 * keep their start value. With no
 * parameter left, the errors are those of the start values. Returns 0, or
 * -1 with err set when a prediction fails at the start values. */
int cg_fit_params(const cg_fit_scheme *schemes, size_t count, const cg_tech *tech,
                  const cg_fit_options *opt, cg_fit_result *res, cg_error *err);

#ifdef __cplusplus
}
#endif
#endif
