/* Fit of a technology's parameters to measured schemes (see fit_params.h).
 *
 * The limiter (cg_fit_limiter_param) is one more coordinate of the same
 * search: the step solver shares each host's limiter max-min among the
 * demands the rules give (cg_solve_steps_limited).
 *
 * Why Nelder-Mead: the rules are piecewise (max of out- and in-side
 * penalties, bottleneck-first orders), so the error has kinks and flat
 * parts where gradients mislead; the parameters are few (at most a
 * handful) and each evaluation is a small step solve. Why the normalised
 * space: the ranges differ by orders of magnitude (gige's gammas in [0,
 * 0.99], hier-ethernet's bandwidths in [1e-3, 1e9] Mbps), and clamping to
 * [0, 1] keeps every trial value inside its documented range. */
#include "contention/fit_params.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

#define BIG 1e300

const cg_tech_param cg_fit_limiter_param = {
  .name = "limiter",
  .description = "capacity of each host's link of both directions, as a ratio of the bandwidth B",
  .default_value = 1.5,
  .min_value = 1,
  .max_value = 3,
};

size_t cg_fit_param_count(const cg_tech *tech, int limiter) { return tech->param_count + (limiter ? 1 : 0); }

const cg_tech_param *cg_fit_param(const cg_tech *tech, size_t i)
{
  return i < tech->param_count ? &tech->params[i] : &cg_fit_limiter_param;
}

static const char *const algorithmic[] = {"exact_max_width", "threads", "bp_sweeps", "large_pairs"};

int cg_fit_is_model_param(const cg_tech *tech, size_t i)
{
  if (i >= tech->param_count)
    return 0;
  for (size_t k = 0; k < sizeof algorithmic / sizeof *algorithmic; k++)
    if (strcmp(tech->params[i].name, algorithmic[k]) == 0)
      return 0;
  return 1;
}

/* ---- normalised coordinates ---- */

static int log_scaled(const cg_tech_param *p) { return p->min_value > 0 && p->max_value / p->min_value > 100; }

static double to_unit(const cg_tech_param *p, double x)
{
  double u = log_scaled(p) ? log(x / p->min_value) / log(p->max_value / p->min_value)
                           : (x - p->min_value) / (p->max_value - p->min_value);
  return fmin(1, fmax(0, u));
}

static double from_unit(const cg_tech_param *p, double u)
{
  u = fmin(1, fmax(0, u));
  double x = log_scaled(p) ? p->min_value * exp(u * log(p->max_value / p->min_value))
                           : p->min_value + u * (p->max_value - p->min_value);
  return fmin(p->max_value, fmax(p->min_value, x));
}

/* ---- predictions and errors ---- */

int cg_fit_predict(const cg_fit_scheme *s, const cg_tech *tech, const double *params, double limiter, double *pred,
                   cg_error *err)
{
  if (cg_solve_steps_limited(s->comms, s->n, s->alpha, tech, params, s->host_group, s->group_count, limiter, pred,
                             NULL, err))
    return -1;
  for (size_t i = 0; i < s->n; i++)
    pred[i] -= s->comms[i].start;
  return 0;
}

/* The context of one fit: the schemes, which one is left out, buffers. */
typedef struct fit_ctx {
  const cg_fit_scheme *schemes;
  size_t count, skip; /* skip == count: none left out */
  const cg_tech *tech;
  int limiter;        /* params[tech->param_count] is the limiter ratio */
  double params[CG_FIT_MAX_PARAMS + 1];
  size_t idx[CG_FIT_MAX_PARAMS], dim; /* fitted parameters */
  double *pred;
  double *terms; /* |relative error| of every comm, for sums() */
  size_t evaluations;
} fit_ctx;

static const cg_tech_param *param_of(const fit_ctx *c, size_t p) { return cg_fit_param(c->tech, p); }

static double limiter_of(const fit_ctx *c) { return c->limiter ? c->params[c->tech->param_count] : 0; }

static size_t max_comms(const cg_fit_scheme *s, size_t count)
{
  size_t m = 1;
  for (size_t k = 0; k < count; k++)
    m = s[k].n > m ? s[k].n : m;
  return m;
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static size_t total_comms(const cg_fit_scheme *s, size_t count)
{
  size_t t = 0;
  for (size_t k = 0; k < count; k++)
    t += s[k].n;
  return t;
}

/* Sum of squared relative errors, sum of |relative error|, comm count and
 * max over the schemes (all but ctx->skip) at ctx->params; -1 on a solver
 * error. The sums are taken over the errors sorted by size, so they are
 * the same bits whatever the order of the schemes and of their comms: a
 * search in a flat direction (a parameter the schemes do not identify)
 * follows the sums' last bits, and the fit then depended on the order of
 * the files. */
static int sums(fit_ctx *c, double *sq, double *ab, size_t *n, double *mx, size_t *bad, cg_error *err)
{
  *sq = *ab = *mx = 0;
  *n = 0;
  size_t m = 0;
  for (size_t k = 0; k < c->count; k++) {
    if (k == c->skip)
      continue;
    const cg_fit_scheme *s = &c->schemes[k];
    if (cg_fit_predict(s, c->tech, c->params, limiter_of(c), c->pred, err)) {
      if (bad)
        *bad = k;
      return -1;
    }
    for (size_t i = 0; i < s->n; i++)
      c->terms[m++] = fabs((c->pred[i] - s->measured[i]) / s->measured[i]);
    *n += s->n;
  }
  qsort(c->terms, m, sizeof *c->terms, by_value);
  for (size_t i = 0; i < m; i++) {
    *sq += c->terms[i] * c->terms[i];
    *ab += c->terms[i];
  }
  if (m)
    *mx = c->terms[m - 1];
  return 0;
}

static void set_unit(fit_ctx *c, const double *u)
{
  for (size_t j = 0; j < c->dim; j++)
    c->params[c->idx[j]] = from_unit(param_of(c, c->idx[j]), u[j]);
}

static double objective(fit_ctx *c, const double *u)
{
  set_unit(c, u);
  c->evaluations++;
  double sq, ab, mx;
  size_t n;
  cg_error e;
  return sums(c, &sq, &ab, &n, &mx, NULL, &e) ? BIG : sq;
}

static double mean_abs(fit_ctx *c)
{
  double sq, ab, mx;
  size_t n;
  cg_error e;
  if (sums(c, &sq, &ab, &n, &mx, NULL, &e) || n == 0)
    return BIG;
  return ab / (double)n;
}

/* ---- bounded Nelder-Mead ---- */

static void clamp_unit(double *u, size_t d)
{
  for (size_t j = 0; j < d; j++)
    u[j] = fmin(1, fmax(0, u[j]));
}

/* One search from u (updated to the best point); returns 1 when the
 * simplex shrank below the tolerance before max_eval evaluations. */
static int nelder_mead(fit_ctx *c, double *u, double step, size_t max_eval, double *fbest)
{
  size_t d = c->dim;
  double x[CG_FIT_MAX_PARAMS + 1][CG_FIT_MAX_PARAMS], f[CG_FIT_MAX_PARAMS + 1];
  double xo[CG_FIT_MAX_PARAMS], xr[CG_FIT_MAX_PARAMS], xe[CG_FIT_MAX_PARAMS];
  for (size_t i = 0; i <= d; i++) {
    memcpy(x[i], u, d * sizeof *u);
    if (i > 0)
      x[i][i - 1] += u[i - 1] + step <= 1 ? step : -step;
    f[i] = objective(c, x[i]);
  }
  size_t used = d + 1;
  int converged = 0;
  while (used < max_eval) {
    /* order: best first (insertion sort, stable, so deterministic) */
    for (size_t i = 1; i <= d; i++)
      for (size_t k = i; k > 0 && f[k] < f[k - 1]; k--) {
        double t = f[k];
        f[k] = f[k - 1], f[k - 1] = t;
        for (size_t j = 0; j < d; j++)
          t = x[k][j], x[k][j] = x[k - 1][j], x[k - 1][j] = t;
      }
    double size = 0;
    for (size_t i = 1; i <= d; i++)
      for (size_t j = 0; j < d; j++)
        size = fmax(size, fabs(x[i][j] - x[0][j]));
    if (size < 1e-9 || (f[d] - f[0] <= 1e-15 * (1e-12 + f[0]) && size < 1e-6)) {
      converged = 1;
      break;
    }
    for (size_t j = 0; j < d; j++) {
      xo[j] = 0;
      for (size_t i = 0; i < d; i++)
        xo[j] += x[i][j] / (double)d;
    }
    for (size_t j = 0; j < d; j++)
      xr[j] = xo[j] + (xo[j] - x[d][j]);
    clamp_unit(xr, d);
    double fr = objective(c, xr);
    used++;
    if (fr < f[0]) {
      for (size_t j = 0; j < d; j++)
        xe[j] = xo[j] + 2 * (xo[j] - x[d][j]);
      clamp_unit(xe, d);
      double fe = objective(c, xe);
      used++;
      if (fe < fr)
        memcpy(x[d], xe, d * sizeof *xe), f[d] = fe;
      else
        memcpy(x[d], xr, d * sizeof *xr), f[d] = fr;
      continue;
    }
    if (fr < f[d - 1]) { /* better than the second worst: reflect */
      memcpy(x[d], xr, d * sizeof *xr), f[d] = fr;
      continue;
    }
    /* contraction, outside or inside */
    int outside = fr < f[d];
    for (size_t j = 0; j < d; j++)
      xe[j] = outside ? xo[j] + 0.5 * (xr[j] - xo[j]) : xo[j] + 0.5 * (x[d][j] - xo[j]);
    double fc = objective(c, xe);
    used++;
    if (fc < (outside ? fr : f[d])) {
      memcpy(x[d], xe, d * sizeof *xe), f[d] = fc;
      continue;
    }
    for (size_t i = 1; i <= d; i++) { /* shrink towards the best */
      for (size_t j = 0; j < d; j++)
        x[i][j] = x[0][j] + 0.5 * (x[i][j] - x[0][j]);
      f[i] = objective(c, x[i]);
      used++;
    }
  }
  size_t b = 0;
  for (size_t i = 1; i <= d; i++)
    if (f[i] < f[b])
      b = i;
  memcpy(u, x[b], d * sizeof *u);
  *fbest = f[b];
  return converged;
}

/* Each parameter in turn moved to the best of 9 values over its range,
 * the others fixed, until a pass brings nothing (at most `passes`). Returns
 * 1 if u moved. */
static int coordinate_scan(fit_ctx *c, double *u, int passes)
{
  double best = objective(c, u), v[CG_FIT_MAX_PARAMS];
  int moved = 0;
  for (int pass = 0; pass < passes; pass++) {
    int gain = 0;
    for (size_t j = 0; j < c->dim; j++) {
      memcpy(v, u, c->dim * sizeof *u);
      for (int k = 0; k <= 8; k++) {
        v[j] = k / 8.0;
        double f = objective(c, v);
        if (f < best * (1 - 1e-9)) {
          best = f, u[j] = v[j];
          gain = moved = 1;
        }
      }
    }
    if (!gain)
      break;
  }
  return moved;
}

/* Moves u to the best point of a coarse grid (7 values per parameter, up
 * to 3 parameters; beyond, coordinate scans) if it beats u: the rules have
 * flat regions (a backbone that limits no flow) where a local search from
 * the defaults cannot move. */
static void coarse_start(fit_ctx *c, double *u)
{
  if (c->dim > 3)
    return; /* global_search() */
  double best = objective(c, u), v[CG_FIT_MAX_PARAMS];
  size_t points = 1;
  for (size_t j = 0; j < c->dim; j++)
    points *= 7;
  double bu[CG_FIT_MAX_PARAMS];
  memcpy(bu, u, c->dim * sizeof *u);
  for (size_t k = 0; k < points; k++) {
    size_t x = k;
    for (size_t j = 0; j < c->dim; j++, x /= 7)
      v[j] = (double)(x % 7) / 6.0;
    double f = objective(c, v);
    if (f < best)
      best = f, memcpy(bu, v, c->dim * sizeof *v);
  }
  memcpy(u, bu, c->dim * sizeof *u);
}

/* Restarted searches from u until one brings no gain; returns converged. */
static int minimise(fit_ctx *c, double *u, size_t max_eval)
{
  double best = objective(c, u), f;
  int converged = 0;
  double step = 0.1;
  for (int r = 0; r < 6; r++) {
    double v[CG_FIT_MAX_PARAMS];
    memcpy(v, u, c->dim * sizeof *u);
    converged = nelder_mead(c, v, step, max_eval, &f);
    int gain = f < best * (1 - 1e-9) - 1e-300;
    if (f <= best) {
      memcpy(u, v, c->dim * sizeof *u);
      best = f;
    }
    if (!gain && converged) {
      /* a kink can stop the simplex where one parameter alone still gains:
       * scan each, and search again from there if it moved */
      if (c->dim < 2 || !coordinate_scan(c, u, 1))
        break;
      best = objective(c, u);
    }
    step = r % 2 ? 0.1 : 0.03;
  }
  set_unit(c, u);
  return converged;
}

/* Point k (from 1) of the Halton sequence in d <= CG_FIT_MAX_PARAMS
 * dimensions: deterministic, evenly spread starts. */
static void halton(size_t k, size_t d, double *v)
{
  static const unsigned primes[CG_FIT_MAX_PARAMS] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
  for (size_t j = 0; j < d; j++) {
    double f = 1, x = 0;
    for (size_t i = k; i > 0; i /= primes[j]) {
      f /= primes[j];
      x += f * (double)(i % primes[j]);
    }
    v[j] = x;
  }
}

enum { SPREAD_POINTS = 96, SPREAD_STARTS = 4 };

/* A single search can stop in a basin of its own: beyond 3 parameters
 * the grid is too large (a limiter that binds every out-conflict mimics a
 * smaller beta), and with fewer the grid's best point can lie in the wrong
 * basin (InfiniHost III: share 1.148, recv 0 at E_abs 4.5 % where share
 * 1.0926, recv 0.0652 fit exactly). Unless the search fits exactly:
 * searches from the SPREAD_STARTS best of SPREAD_POINTS Halton points too,
 * keeping the best end. Returns the converged flag of the search kept. */
static int global_search(fit_ctx *c, double *u, size_t max_eval)
{
  int converged = minimise(c, u, max_eval);
  double best = objective(c, u);
  if (best <= 1e-20) /* sum of squared relative errors: exact */
    return converged;
  double pts[SPREAD_STARTS][CG_FIT_MAX_PARAMS], fs[SPREAD_STARTS], v[CG_FIT_MAX_PARAMS];
  size_t kept = 0;
  for (size_t k = 1; k <= SPREAD_POINTS; k++) {
    halton(k, c->dim, v);
    double f = objective(c, v);
    if (kept == SPREAD_STARTS && f >= fs[kept - 1])
      continue;
    size_t at = kept < SPREAD_STARTS ? kept++ : kept - 1;
    for (; at > 0 && fs[at - 1] > f; at--) { /* insertion, best first */
      fs[at] = fs[at - 1];
      memcpy(pts[at], pts[at - 1], c->dim * sizeof *v);
    }
    fs[at] = f;
    memcpy(pts[at], v, c->dim * sizeof *v);
  }
  for (size_t s = 0; s < kept; s++) {
    int conv = minimise(c, pts[s], max_eval);
    double f = objective(c, pts[s]);
    if (f < best * (1 - 1e-9)) {
      best = f, converged = conv;
      memcpy(u, pts[s], c->dim * sizeof *u);
    }
  }
  set_unit(c, u);
  return converged;
}

/* With the limiter and other parameters fitted, the rules' parameters are
 * first fitted with the limiter at the top of its range, where it rarely
 * binds, then the limiter is scanned from there: a low limiter that binds
 * every conflict makes the rules' penalties 1 (beta below 1 / degree)
 * and leaves them flat, a basin the joint search does not leave. u then
 * starts the joint search, unless the start was at least as good. */
static void rules_first(fit_ctx *c, double *u, size_t max_eval)
{
  size_t lim = c->tech->param_count, at = c->dim;
  for (size_t j = 0; j < c->dim; j++)
    if (c->idx[j] == lim)
      at = j;
  if (!c->limiter || at == c->dim || c->dim < 2)
    return;
  size_t keep_idx[CG_FIT_MAX_PARAMS], dim = c->dim;
  memcpy(keep_idx, c->idx, dim * sizeof *keep_idx);
  /* the start itself stays a candidate: a limiter that binds there can
   * make it exact where the rules fitted at the top of the range are not */
  double u0[CG_FIT_MAX_PARAMS], f0 = objective(c, u);
  memcpy(u0, u, dim * sizeof *u0);
  double v[CG_FIT_MAX_PARAMS];
  for (size_t j = 0, k = 0; j < dim; j++)
    if (j != at)
      c->idx[k] = keep_idx[j], v[k++] = u[j];
  c->dim = dim - 1;
  c->params[lim] = cg_fit_limiter_param.max_value;
  coarse_start(c, v);
  global_search(c, v, max_eval);
  c->dim = dim;
  memcpy(c->idx, keep_idx, dim * sizeof *keep_idx);
  for (size_t j = 0, k = 0; j < dim; j++)
    u[j] = j == at ? 1.0 : v[k++];
  double best = objective(c, u), w[CG_FIT_MAX_PARAMS];
  memcpy(w, u, dim * sizeof *w);
  for (int k = 0; k < 16; k++) { /* the limiter over its range, the rules fixed */
    w[at] = k / 16.0;
    double f = objective(c, w);
    if (f < best)
      best = f, u[at] = w[at];
  }
  if (f0 <= best)
    memcpy(u, u0, dim * sizeof *u);
  set_unit(c, u);
}

/* ---- identifiability ---- */

/* Relative errors of every comm (all schemes) at c->params into r. */
static int residuals(fit_ctx *c, double *r)
{
  size_t at = 0;
  cg_error e;
  for (size_t k = 0; k < c->count; k++) {
    const cg_fit_scheme *s = &c->schemes[k];
    if (cg_fit_predict(s, c->tech, c->params, limiter_of(c), c->pred, &e))
      return -1;
    for (size_t i = 0; i < s->n; i++)
      r[at++] = (c->pred[i] - s->measured[i]) / s->measured[i];
  }
  return 0;
}

/* Does parameter p change any predicted time over its range (the others
 * at c->params)? */
static int has_effect(fit_ctx *c, size_t p, const double *r0, double *r, size_t total)
{
  const cg_tech_param *tp = param_of(c, p);
  double keep = c->params[p];
  int effect = 0;
  static const double probes[] = {0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1};
  for (size_t q = 0; q < sizeof probes / sizeof *probes && !effect; q++) {
    c->params[p] = from_unit(tp, probes[q]);
    if (residuals(c, r))
      continue;
    for (size_t i = 0; i < total && !effect; i++)
      effect = fabs(r[i] - r0[i]) > 1e-9 * (1 + fabs(r0[i]));
  }
  c->params[p] = keep;
  return effect;
}

/* Central-difference sensitivity of the residuals to fitted parameter j. */
static int column(fit_ctx *c, size_t j, double *col, double *r, size_t total)
{
  size_t p = c->idx[j];
  const cg_tech_param *tp = param_of(c, p);
  double keep = c->params[p], u = to_unit(tp, keep), h = 0.01;
  double a = fmax(0, u - h), b = fmin(1, u + h);
  c->params[p] = from_unit(tp, b);
  if (residuals(c, col))
    return -1;
  c->params[p] = from_unit(tp, a);
  if (residuals(c, r))
    return -1;
  for (size_t i = 0; i < total; i++)
    col[i] = (col[i] - r[i]) / (b - a);
  c->params[p] = keep;
  return 0;
}

/* A pair of fitted parameters whose sensitivities are parallel at the
 * current point: returns 1 with *held the one to hold (the first) and
 * *other its partner. */
static int find_combined(fit_ctx *c, size_t total, size_t *held, size_t *other)
{
  if (c->dim < 2)
    return 0;
  double *cols = cg_xmalloc(c->dim * total * sizeof *cols), *r = cg_xmalloc(total * sizeof *r);
  int found = 0;
  int ok = 1;
  for (size_t j = 0; j < c->dim && ok; j++)
    ok = column(c, j, cols + j * total, r, total) == 0;
  for (size_t a = 0; a < c->dim && ok && !found; a++)
    for (size_t b = a + 1; b < c->dim && !found; b++) {
      double aa = 0, bb = 0, ab = 0;
      for (size_t i = 0; i < total; i++) {
        double x = cols[a * total + i], y = cols[b * total + i];
        aa += x * x, bb += y * y, ab += x * y;
      }
      if (aa > 1e-20 && bb > 1e-20 && fabs(ab) >= 0.99999 * sqrt(aa * bb)) {
        *held = c->idx[a];
        *other = c->idx[b];
        found = 1;
      }
    }
  free(cols);
  free(r);
  return found;
}

/* Do parameters a and b (both fitted, both > 0) act only through their
 * ratio? Scaling both by 2 changes no residual, at the current values and
 * with b moved across its range. */
static int scale_invariant(fit_ctx *c, size_t a, size_t b, double *r0, double *r, size_t total)
{
  const cg_tech_param *ta = param_of(c, a), *tb = param_of(c, b);
  if (!(ta->min_value > 0 && tb->min_value > 0))
    return 0;
  double ka = c->params[a], kb = c->params[b];
  int invariant = 1, tried = 0;
  static const double probes[] = {-1, 0.2, 0.4, 0.6, 0.8};
  for (size_t q = 0; q < sizeof probes / sizeof *probes && invariant; q++) {
    double vb = probes[q] < 0 ? kb : from_unit(tb, probes[q]);
    if (ka * 2 > ta->max_value || vb * 2 > tb->max_value)
      continue;
    c->params[a] = ka, c->params[b] = vb;
    if (residuals(c, r0))
      continue;
    c->params[a] = ka * 2, c->params[b] = vb * 2;
    if (residuals(c, r))
      continue;
    tried = 1;
    for (size_t i = 0; i < total && invariant; i++)
      invariant = fabs(r[i] - r0[i]) <= 1e-9 * (1 + fabs(r0[i]));
  }
  c->params[a] = ka, c->params[b] = kb;
  return invariant && tried;
}

/* ---- profile ---- */

/* Where, moving fitted parameter j from the optimum in direction dir (+1,
 * -1), E_abs first exceeds target: the last value within it. */
static double profile_edge(fit_ctx *c, size_t j, int dir, double target, int *at_bound)
{
  size_t p = c->idx[j];
  const cg_tech_param *tp = param_of(c, p);
  double keep = c->params[p], u0 = to_unit(tp, keep), inside = u0, outside = -1;
  for (double step = 0.002; ; step *= 1.6) {
    double u = u0 + dir * step;
    if (u <= 0 || u >= 1)
      u = dir > 0 ? 1 : 0;
    c->params[p] = from_unit(tp, u);
    if (mean_abs(c) > target) {
      outside = u;
      break;
    }
    inside = u;
    if (u == 0 || u == 1)
      break;
  }
  *at_bound = outside < 0;
  if (outside >= 0)
    for (int it = 0; it < 40; it++) {
      double mid = 0.5 * (inside + outside);
      c->params[p] = from_unit(tp, mid);
      if (mean_abs(c) > target)
        outside = mid;
      else
        inside = mid;
    }
  c->params[p] = keep;
  return from_unit(tp, inside);
}

/* ---- the fit ---- */

int cg_fit_errors(const cg_fit_scheme *schemes, size_t count, const cg_tech *tech, const double *params,
                  double limiter, double *e_abs, double *e_max, size_t *bad_scheme, cg_error *err)
{
  fit_ctx c = {.schemes = schemes, .count = count, .skip = count, .tech = tech, .limiter = limiter > 0};
  memcpy(c.params, params, tech->param_count * sizeof *params);
  c.params[tech->param_count] = limiter;
  c.pred = cg_xmalloc(max_comms(schemes, count) * sizeof *c.pred);
  c.terms = cg_xmalloc((total_comms(schemes, count) + 1) * sizeof *c.terms);
  double sq, ab, mx;
  size_t n;
  int rc = sums(&c, &sq, &ab, &n, &mx, bad_scheme, err);
  *e_abs = n ? ab / (double)n : 0;
  *e_max = mx;
  free(c.pred), free(c.terms);
  return rc;
}

int cg_fit_params(const cg_fit_scheme *schemes, size_t count, const cg_tech *tech, const cg_fit_options *opt,
                  cg_fit_result *res, cg_error *err)
{
  memset(res, 0, sizeof *res);
  size_t np = cg_fit_param_count(tech, opt->limiter);
  if (np > CG_FIT_MAX_PARAMS) {
    cg_error_set(err, CG_ERROR_NO_COMM, "", "technology '%s' has %zu parameters, the fit at most %d", tech->name,
                 np, (int)CG_FIT_MAX_PARAMS);
    return -1;
  }
  res->param_count = np;
  res->limiter = opt->limiter != 0;
  fit_ctx c = {.schemes = schemes, .count = count, .skip = count, .tech = tech, .limiter = opt->limiter != 0};
  if (opt->start)
    memcpy(c.params, opt->start, np * sizeof *c.params);
  else {
    cg_tech_default_params(tech, c.params);
    c.params[tech->param_count] = cg_fit_limiter_param.default_value;
  }
  size_t total = total_comms(schemes, count);
  c.pred = cg_xmalloc(max_comms(schemes, count) * sizeof *c.pred);
  c.terms = cg_xmalloc((total + 1) * sizeof *c.terms);
  double *r0 = cg_xmalloc((total ? total : 1) * sizeof *r0), *r = cg_xmalloc((total ? total : 1) * sizeof *r);
  size_t bad = 0;
  double sq, ab, mx;
  size_t n;
  if (sums(&c, &sq, &ab, &n, &mx, &bad, err)) {
    free(c.pred), free(c.terms), free(r0), free(r);
    return -1;
  }
  residuals(&c, r0);
  for (size_t p = 0; p < np; p++) {
    res->partner[p] = p;
    if (p < tech->param_count && !cg_fit_is_model_param(tech, p))
      res->status[p] = CG_FIT_ALGORITHMIC;
    else if (opt->hold && opt->hold[p])
      res->status[p] = CG_FIT_HELD;
    else if (!has_effect(&c, p, r0, r, total))
      res->status[p] = CG_FIT_NO_EFFECT;
    else
      c.idx[c.dim++] = p;
  }
  /* Pairs that act only through their ratio: hold the first. */
  for (size_t a = 0; a < c.dim; a++)
    for (size_t b = a + 1; b < c.dim; b++)
      if (scale_invariant(&c, c.idx[a], c.idx[b], r0, r, total)) {
        res->status[c.idx[a]] = CG_FIT_ONLY_COMBINED;
        res->partner[c.idx[a]] = c.idx[b];
        memmove(c.idx + a, c.idx + a + 1, (c.dim - a - 1) * sizeof *c.idx);
        c.dim--;
        a--; /* size_t wraps to SIZE_MAX, the loop's a++ brings it back */
        break;
      }
  residuals(&c, r0);
  size_t max_eval = opt->max_evaluations ? opt->max_evaluations : 4000;
  double u[CG_FIT_MAX_PARAMS];
  double start[CG_FIT_MAX_PARAMS];
  memcpy(start, c.params, np * sizeof *start);
  res->converged = 1;
  for (;;) {
    memcpy(c.params, start, np * sizeof *start);
    for (size_t j = 0; j < c.dim; j++)
      u[j] = to_unit(param_of(&c, c.idx[j]), c.params[c.idx[j]]);
    if (c.dim)
      rules_first(&c, u, max_eval);
    if (c.dim)
      coarse_start(&c, u);
    res->converged = c.dim ? global_search(&c, u, max_eval) : 1;
    size_t held, other;
    if (!find_combined(&c, total, &held, &other))
      break;
    res->status[held] = CG_FIT_ONLY_COMBINED;
    res->partner[held] = other;
    size_t k = 0;
    for (size_t j = 0; j < c.dim; j++)
      if (c.idx[j] != held)
        c.idx[k++] = c.idx[j];
    c.dim = k;
  }
  res->evaluations = c.evaluations;
  res->fitted_count = c.dim;
  memcpy(res->value, c.params, np * sizeof *c.params);
  for (size_t p = 0; p < np; p++)
    if (res->status[p] != CG_FIT_FITTED)
      res->value[p] = start[p];
  memcpy(c.params, res->value, np * sizeof *c.params);
  sums(&c, &sq, &ab, &n, &mx, NULL, err);
  res->e_abs = n ? ab / (double)n : 0;
  res->e_max = mx;

  /* Profiles, the others held at the optimum. */
  double target = res->e_abs + opt->noise;
  for (size_t p = 0; p < np; p++)
    res->lo[p] = res->hi[p] = res->value[p];
  for (size_t j = 0; j < c.dim; j++) {
    size_t p = c.idx[j];
    res->lo[p] = profile_edge(&c, j, -1, target, &res->lo_at_bound[p]);
    res->hi[p] = profile_edge(&c, j, +1, target, &res->hi_at_bound[p]);
  }

  /* Leave one scheme out: fit the others from the optimum, predict it. */
  res->e_loo = NAN;
  if (opt->leave_one_out && count >= 2) {
    double sum = 0;
    size_t comms = 0;
    res->worst_loo = -1;
    for (size_t k = 0; k < count; k++) {
      memcpy(c.params, res->value, np * sizeof *c.params);
      if (c.dim) {
        c.skip = k;
        for (size_t j = 0; j < c.dim; j++)
          u[j] = to_unit(param_of(&c, c.idx[j]), c.params[c.idx[j]]);
        if (!minimise(&c, u, max_eval))
          res->converged = 0;
      }
      cg_error e;
      double worst = BIG;
      if (cg_fit_predict(&schemes[k], tech, c.params, limiter_of(&c), c.pred, &e) == 0) {
        worst = 0;
        for (size_t i = 0; i < schemes[k].n; i++) {
          double x = fabs(c.pred[i] - schemes[k].measured[i]) / schemes[k].measured[i];
          sum += x;
          worst += x;
        }
        worst /= (double)(schemes[k].n ? schemes[k].n : 1);
        comms += schemes[k].n;
      }
      if (worst > res->worst_loo)
        res->worst_loo = worst, res->worst_scheme = k;
    }
    c.skip = count;
    res->e_loo = comms ? sum / (double)comms : BIG;
  } else if (c.dim == 0) {
    res->e_loo = res->e_abs;
  }
  free(c.pred), free(c.terms), free(r0), free(r);
  return 0;
}
