/* Least-squares regression. Sums are centred (two passes) because message
 * sizes span eight decades while durations are microseconds. */
#include "contention/regression.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/alloc.h"

/* Weighted least squares on points idx[from..to) of (x, y) with weights w
 * (NULL: all 1). Returns the number of distinct x seen (0, 1 or 2 = "2 or
 * more"); on 2 fills slope, intercept and the weighted SSE and SST. */
static int wls(const double *x, const double *y, const double *w, const size_t *idx, size_t from, size_t to,
               double *slope, double *intercept, double *sse, double *sst)
{
  double sw = 0, mx = 0, my = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    double wk = w ? w[k] : 1.0;
    sw += wk;
    mx += wk * x[k];
    my += wk * y[k];
  }
  if (to <= from || sw <= 0)
    return 0;
  mx /= sw;
  my /= sw;
  double sxx = 0, sxy = 0, syy = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    double wk = w ? w[k] : 1.0, dx = x[k] - mx, dy = y[k] - my;
    sxx += wk * dx * dx;
    sxy += wk * dx * dy;
    syy += wk * dy * dy;
  }
  if (!(sxx > 0))
    return 1;
  *slope = sxy / sxx;
  *intercept = my - *slope * mx;
  double e = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    double wk = w ? w[k] : 1.0, r = y[k] - (*intercept + *slope * x[k]);
    e += wk * r * r;
  }
  *sse = e;
  *sst = syy;
  return 2;
}

static void finish_fit(const double *x, const double *y, const size_t *idx, size_t from, size_t to, double slope,
                       double intercept, double sse, double sst, cg_linfit *fit)
{
  fit->slope = slope;
  fit->intercept = intercept;
  fit->n = to - from;
  /* R^2 of an exactly fitted constant is 1; tiny SST is rounding noise. */
  fit->r2 = sst > 0 ? 1.0 - sse / sst : (sse > 0 ? 0.0 : 1.0);
  if (fit->r2 < 0)
    fit->r2 = 0;
  double m = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    if (y[k] != 0) {
      double r = fabs(y[k] - (intercept + slope * x[k])) / fabs(y[k]);
      if (r > m)
        m = r;
    }
  }
  fit->max_rel_resid = m;
}

int cg_linfit_ols(const double *x, const double *y, size_t n, cg_linfit *fit, char *err, size_t errlen)
{
  double a = 0, b = 0, sse = 0, sst = 0;
  if (wls(x, y, NULL, NULL, 0, n, &a, &b, &sse, &sst) != 2) {
    snprintf(err, errlen, "linear regression needs at least two points with distinct x (got %zu point%s)", n,
             n == 1 ? "" : "s");
    return -1;
  }
  finish_fit(x, y, NULL, 0, n, a, b, sse, sst, fit);
  return 0;
}

int cg_linfit_wls(const double *x, const double *y, const double *w, size_t n, cg_linfit *fit, char *err,
                  size_t errlen)
{
  for (size_t i = 0; i < n; i++)
    if (!(w[i] > 0) || !isfinite(w[i])) {
      snprintf(err, errlen, "weight %zu = %g: weights must be finite and > 0", i, w[i]);
      return -1;
    }
  double a = 0, b = 0, sse = 0, sst = 0;
  if (wls(x, y, w, NULL, 0, n, &a, &b, &sse, &sst) != 2) {
    snprintf(err, errlen, "linear regression needs at least two points with distinct x (got %zu point%s)", n,
             n == 1 ? "" : "s");
    return -1;
  }
  finish_fit(x, y, NULL, 0, n, a, b, sse, sst, fit);
  return 0;
}

int cg_linfit_piecewise(const double *x, const double *y, const double *w, size_t n, const double *breaks, size_t nbreaks,
                        cg_linfit *fits, char *err, size_t errlen)
{
  for (size_t b = 1; b < nbreaks; b++)
    if (!(breaks[b] > breaks[b - 1])) {
      snprintf(err, errlen, "breakpoints must increase strictly (breakpoint %zu = %g after %g)", b, breaks[b],
               breaks[b - 1]);
      return -1;
    }
  size_t *idx = cg_xmalloc((n ? n : 1) * sizeof *idx);
  int rc = 0;
  for (size_t s = 0; s <= nbreaks && rc == 0; s++) {
    double lo = s == 0 ? -INFINITY : breaks[s - 1], hi = s == nbreaks ? INFINITY : breaks[s];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
      if (x[i] > lo && x[i] <= hi)
        idx[m++] = i;
    double a = 0, b = 0, sse = 0, sst = 0;
    if (wls(x, y, w, idx, 0, m, &a, &b, &sse, &sst) != 2) {
      snprintf(err, errlen, "segment %zu (%g < x <= %g) has %zu point%s and needs at least two distinct x", s, lo,
               hi, m, m == 1 ? "" : "s");
      rc = -1;
      break;
    }
    finish_fit(x, y, idx, 0, m, a, b, sse, sst, &fits[s]);
  }
  free(idx);
  return rc;
}

static const double *sort_key;
static int by_x(const void *a, const void *b)
{
  double xa = sort_key[*(const size_t *)a], xb = sort_key[*(const size_t *)b];
  return (xa > xb) - (xa < xb);
}

int cg_detect_breakpoints(const double *x, const double *y, size_t n, size_t nbreaks, double *breaks, char *err,
                          size_t errlen)
{
  enum { MAX_DISTINCT = 4000 };
  for (size_t i = 0; i < n; i++)
    if (y[i] == 0 || !isfinite(y[i]) || !isfinite(x[i])) {
      snprintf(err, errlen, "breakpoint detection needs finite x and non-zero finite y (point %zu: x=%g y=%g)", i,
               x[i], y[i]);
      return -1;
    }
  size_t *idx = cg_xmalloc((n ? n : 1) * sizeof *idx);
  double *w = cg_xmalloc((n ? n : 1) * sizeof *w);
  for (size_t i = 0; i < n; i++) {
    idx[i] = i;
    w[i] = 1.0 / (y[i] * y[i]);
  }
  sort_key = x;
  qsort(idx, n, sizeof *idx, by_x);
  /* start[g]: first sorted position of the g-th distinct x. */
  size_t *start = cg_xmalloc((n + 1) * sizeof *start);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || x[idx[i]] != x[idx[i - 1]])
      start[m++] = i;
  start[m] = n;
  size_t segs = nbreaks + 1;
  if (m < 2 * segs || m > MAX_DISTINCT) {
    snprintf(err, errlen, "detecting %zu breakpoints needs between %zu and %d distinct x (got %zu)", nbreaks,
             2 * segs, MAX_DISTINCT, m);
    free(idx), free(w), free(start);
    return -1;
  }
  /* cost[a * (m+1) + b]: weighted SSE of groups [a, b), b - a >= 2. */
  double *cost = cg_xmalloc((m + 1) * (m + 1) * sizeof *cost);
  for (size_t a = 0; a < m; a++)
    for (size_t b = a + 2; b <= m; b++) {
      double s = 0, i0 = 0, sse = 0, sst = 0;
      wls(x, y, w, idx, start[a], start[b], &s, &i0, &sse, &sst);
      cost[a * (m + 1) + b] = sse;
    }
  /* best[j * (m+1) + b]: min cost of groups [0, b) in j+1 segments. */
  double *best = cg_xmalloc(segs * (m + 1) * sizeof *best);
  size_t *cut = cg_xmalloc(segs * (m + 1) * sizeof *cut);
  for (size_t j = 0; j < segs; j++)
    for (size_t b = 0; b <= m; b++) {
      double bv = INFINITY;
      size_t bc = 0;
      if (j == 0) {
        if (b >= 2)
          bv = cost[b];
      } else {
        for (size_t a = 2 * j; a + 2 <= b; a++) {
          double v = best[(j - 1) * (m + 1) + a] + cost[a * (m + 1) + b];
          if (v < bv) {
            bv = v;
            bc = a;
          }
        }
      }
      best[j * (m + 1) + b] = bv;
      cut[j * (m + 1) + b] = bc;
    }
  size_t b = m;
  for (size_t j = segs - 1; j > 0; j--) {
    size_t a = cut[j * (m + 1) + b];
    breaks[j - 1] = x[idx[start[a] - 1]]; /* largest x left of the cut */
    b = a;
  }
  free(idx), free(w), free(start), free(cost), free(best), free(cut);
  return 0;
}
