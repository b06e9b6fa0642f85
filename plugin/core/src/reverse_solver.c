/* Reverse solver of seed 000 sec. 3.3 (see reverse_solver.h). */
#include "contention/reverse_solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/alloc.h"

#define SAME_TIME_REL 1e-9

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int same_time(double a, double b) { return fabs(a - b) <= SAME_TIME_REL * fmax(fabs(a), fabs(b)); }

/* Sorted distinct times (clusters within SAME_TIME_REL keep their first);
 * returns their count. */
static size_t distinct_times(const double *measured, size_t n, double *out)
{
  for (size_t i = 0; i < n; i++)
    out[i] = measured[i];
  qsort(out, n, sizeof *out, cmp_double);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (k == 0 || !same_time(out[i], out[k - 1]))
      out[k++] = out[i];
  return k;
}

/* 1-based step in which time T ends, among the distinct times t[0..k). */
static size_t step_of(const double *t, size_t k, double T)
{
  for (size_t j = 0; j < k; j++)
    if (same_time(t[j], T))
      return j + 1;
  return k;
}

size_t cg_reverse_step_count(const double *measured, size_t n, size_t i)
{
  double *t = cg_xmalloc(n * sizeof *t);
  size_t k = distinct_times(measured, n, t);
  size_t s = step_of(t, k, measured[i]);
  free(t);
  return s;
}

static int check_inputs(const double *measured, size_t n, double alpha, double size, char *err,
                        size_t errlen)
{
  if (n == 0) {
    snprintf(err, errlen, "no comm to calibrate");
    return -1;
  }
  if (!(alpha > 0) || !isfinite(alpha) || !(size > 0) || !isfinite(size)) {
    snprintf(err, errlen, "alpha and the message size must be finite and > 0");
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    if (!(measured[i] > 0) || !isfinite(measured[i])) {
      snprintf(err, errlen, "comm %zu: measured time %g must be finite and > 0", i, measured[i]);
      return -1;
    }
  return 0;
}

/* Shared core: penalty(i, j) gives rho_{i,j} for j >= 2. */
typedef double (*later_fn)(void *ctx, size_t i, size_t j);

static int solve(const double *measured, size_t n, double alpha, double size, later_fn later,
                 void *ctx, double *rho1, char *err, size_t errlen)
{
  double *t = cg_xmalloc(n * sizeof *t);
  size_t k = distinct_times(measured, n, t);
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    size_t ki = step_of(t, k, measured[i]);
    double first = size;
    for (size_t j = 2; j <= ki; j++) {
      double p = later(ctx, i, j);
      if (!(p >= 1.0) || !isfinite(p)) {
        snprintf(err, errlen, "comm %zu: penalty %g of step %zu must be finite and >= 1", i, p, j);
        rc = -1;
        break;
      }
      first -= (t[j - 1] - t[j - 2]) / (alpha * p);
    }
    if (rc == 0 && !(first > 0)) {
      snprintf(err, errlen,
               "comm %zu: with the given later penalties it would send more than %g bytes after the "
               "first step; the measured times are inconsistent with them",
               i, size);
      rc = -1;
    }
    if (rc == 0)
      rho1[i] = t[0] / (alpha * first);
  }
  free(t);
  return rc;
}

typedef struct given_ctx { const double *const *later; } given_ctx;
static double given_later(void *ctx, size_t i, size_t j) { return ((given_ctx *)ctx)->later[i][j - 2]; }

int cg_reverse_first_step(const double *measured, size_t n, double alpha, double size,
                          const double *const *later, const size_t *later_count, double *rho1,
                          char *err, size_t errlen)
{
  if (check_inputs(measured, n, alpha, size, err, errlen))
    return -1;
  for (size_t i = 0; i < n; i++) {
    size_t need = cg_reverse_step_count(measured, n, i) - 1;
    if (later_count[i] != need) {
      snprintf(err, errlen, "comm %zu lives in %zu steps: it needs %zu later penalties, got %zu", i,
               need + 1, need, later_count[i]);
      return -1;
    }
  }
  given_ctx ctx = {later};
  return solve(measured, n, alpha, size, given_later, &ctx, rho1, err, errlen);
}

/* Technology mode: penalties of each later step from the rules applied to
 * the comms still running in it, computed once per step. */
typedef struct tech_ctx {
  double *table; /* [step - 2][comm] */
  size_t n;
} tech_ctx;
static double tech_later(void *ctx, size_t i, size_t j)
{
  tech_ctx *c = ctx;
  return c->table[(j - 2) * c->n + i];
}

int cg_reverse_first_step_tech(const double *measured, const cg_host *src, const cg_host *dst,
                               size_t n, double alpha, double size, const cg_tech *tech,
                               const double *params, double *rho1, char *err, size_t errlen)
{
  if (check_inputs(measured, n, alpha, size, err, errlen))
    return -1;
  double *t = cg_xmalloc(n * sizeof *t);
  size_t k = distinct_times(measured, n, t);
  tech_ctx ctx = {cg_xcalloc(k * n + 1, sizeof(double)), n};
  cg_comm *h = cg_xmalloc(n * sizeof *h);
  for (size_t j = 2; j <= k; j++) {
    cg_graph *g = cg_graph_create(tech, params);
    for (size_t i = 0; i < n; i++)
      h[i] = step_of(t, k, measured[i]) >= j ? cg_graph_add(g, src[i], dst[i]) : CG_NO_COMM;
    for (size_t i = 0; i < n; i++)
      ctx.table[(j - 2) * n + i] = h[i] == CG_NO_COMM ? 1.0 : cg_graph_penalty(g, h[i]);
    cg_graph_destroy(g);
  }
  int rc = solve(measured, n, alpha, size, tech_later, &ctx, rho1, err, errlen);
  free(h);
  free(ctx.table);
  free(t);
  return rc;
}
