/* Least-squares regression. Sums are centred (two passes) because message
 * sizes span eight decades while durations are microseconds, and computed
 * on x and y scaled by powers of two to at most 1 (exact: the results are
 * bit for bit those of the unscaled sums, which would overflow for
 * extreme magnitudes). */
#include "contention/regression.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/alloc.h"

/* Exponent e with |v| <= 2^e for every v of the points (0 if all are 0). */
static int scale_of(const double *v, const size_t *idx, size_t from, size_t to)
{
  double m = 0;
  for (size_t i = from; i < to; i++)
    m = fmax(m, fabs(v[idx ? idx[i] : i]));
  int e = 0;
  if (m > 0 && isfinite(m))
    frexp(m, &e);
  return e;
}

void cg_relative_weights(const double *y, size_t n, double *w)
{
  int e = scale_of(y, NULL, 0, n);
  for (size_t i = 0; i < n; i++) {
    double s = ldexp(y[i], -e);
    w[i] = 1.0 / (s * s);
  }
}

/* Weighted least squares on points idx[from..to) of (x, y) with weights w
 * (NULL: all 1). Returns the number of distinct x seen (0, 1 or 2 = "2 or
 * more"); on 2 fills slope, intercept and the weighted SSE and SST of y
 * scaled by a power of two (only their ratio is meaningful). */
static int wls(const double *x, const double *y, const double *w, const size_t *idx, size_t from, size_t to,
               double *slope, double *intercept, double *sse, double *sst)
{
  int ex = scale_of(x, idx, from, to), ey = scale_of(y, idx, from, to);
  double sw = 0, mx = 0, my = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    double wk = w ? w[k] : 1.0;
    sw += wk;
    mx += wk * ldexp(x[k], -ex);
    my += wk * ldexp(y[k], -ey);
  }
  if (to <= from || sw <= 0)
    return 0;
  mx /= sw;
  my /= sw;
  double sxx = 0, sxy = 0, syy = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    double wk = w ? w[k] : 1.0, dx = ldexp(x[k], -ex) - mx, dy = ldexp(y[k], -ey) - my;
    sxx += wk * dx * dx;
    sxy += wk * dx * dy;
    syy += wk * dy * dy;
  }
  if (!(sxx > 0))
    return 1;
  double b = sxy / sxx, a = my - b * mx, e = 0;
  for (size_t i = from; i < to; i++) {
    size_t k = idx ? idx[i] : i;
    double wk = w ? w[k] : 1.0, r = ldexp(y[k], -ey) - (a + b * ldexp(x[k], -ex));
    e += wk * r * r;
  }
  *slope = ldexp(b, ey - ex);
  *intercept = ldexp(a, ey);
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

/* The line through n points, weighted by w (NULL: unweighted). */
static int fit_line(const double *x, const double *y, const double *w, size_t n, cg_linfit *fit, char *err,
                    size_t errlen)
{
  double a = 0, b = 0, sse = 0, sst = 0;
  if (wls(x, y, w, NULL, 0, n, &a, &b, &sse, &sst) != 2) {
    snprintf(err, errlen, "linear regression needs at least two points with distinct x (got %zu point%s)", n,
             n == 1 ? "" : "s");
    return -1;
  }
  finish_fit(x, y, NULL, 0, n, a, b, sse, sst, fit);
  return 0;
}

int cg_linfit_ols(const double *x, const double *y, size_t n, cg_linfit *fit, char *err, size_t errlen)
{
  return fit_line(x, y, NULL, n, fit, err, errlen);
}

int cg_linfit_wls(const double *x, const double *y, const double *w, size_t n, cg_linfit *fit, char *err,
                  size_t errlen)
{
  for (size_t i = 0; i < n; i++)
    if (!(w[i] > 0) || !isfinite(w[i])) {
      snprintf(err, errlen, "weight %zu = %g: weights must be finite and > 0", i, w[i]);
      return -1;
    }
  return fit_line(x, y, w, n, fit, err, errlen);
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

static int by_value(const void *a, const void *b)
{
  double xa = *(const double *)a, xb = *(const double *)b;
  return (xa > xb) - (xa < xb);
}

size_t cg_distinct_count(const double *x, size_t n)
{
  double *v = cg_xmalloc((n ? n : 1) * sizeof *v);
  for (size_t i = 0; i < n; i++)
    v[i] = x[i];
  qsort(v, n, sizeof *v, by_value);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || v[i] != v[i - 1])
      m++;
  free(v);
  return m;
}

/* Weighted running line fit (West's update of means and co-moments), on
 * x and y scaled to at most 1: points are added one by one and the SSE of
 * the best line is known after each. */
typedef struct running {
  double w, mx, my, cxx, cxy, cyy;
} running;

static void running_add(running *r, double x, double y, double w)
{
  r->w += w;
  double f = w / r->w, dx = x - r->mx, dy = y - r->my;
  r->mx += f * dx;
  r->my += f * dy;
  r->cxx += w * dx * (x - r->mx);
  r->cxy += w * dx * (y - r->my);
  r->cyy += w * dy * (y - r->my);
}

static double running_sse(const running *r)
{
  return r->cxx > 0 ? fmax(0.0, r->cyy - r->cxy * r->cxy / r->cxx) : 0.0;
}

int cg_detect_breakpoints(const double *x, const double *y, size_t n, size_t nbreaks, double *breaks, char *err,
                          size_t errlen)
{
  for (size_t i = 0; i < n; i++)
    if (y[i] == 0 || !isfinite(y[i]) || !isfinite(x[i])) {
      snprintf(err, errlen, "breakpoint detection needs finite x and non-zero finite y (point %zu: x=%g y=%g)", i,
               x[i], y[i]);
      return -1;
    }
  size_t *idx = cg_xmalloc((n ? n : 1) * sizeof *idx);
  double *w = cg_xmalloc((n ? n : 1) * sizeof *w);
  cg_relative_weights(y, n, w);
  for (size_t i = 0; i < n; i++)
    idx[i] = i;
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
  if (m < 2 * segs || m > CG_DETECT_MAX_DISTINCT) {
    snprintf(err, errlen, "detecting %zu breakpoints needs between %zu and %d distinct x (got %zu)", nbreaks,
             2 * segs, CG_DETECT_MAX_DISTINCT, m);
    free(idx), free(w), free(start);
    return -1;
  }
  int ex = scale_of(x, NULL, 0, n), ey = scale_of(y, NULL, 0, n);
  /* best[j * (m+1) + b]: min cost of groups [0, b) in j+1 segments, each
   * of >= 2 groups; cut: where its last segment starts. Filled by growing
   * every segment [a, b) point by point from its start a, in increasing a,
   * so best[j-1][a] is final when a segment starts at a: O(segs m^2 + m n)
   * time, O(segs m) memory. */
  double *best = cg_xmalloc(segs * (m + 1) * sizeof *best);
  size_t *cut = cg_xcalloc(segs * (m + 1), sizeof *cut);
  for (size_t k = 0; k < segs * (m + 1); k++)
    best[k] = INFINITY;
  for (size_t a = 0; a + 2 <= m; a++) {
    running r = {0, 0, 0, 0, 0, 0};
    for (size_t b = a + 1; b <= m; b++) {
      for (size_t i = start[b - 1]; i < start[b]; i++)
        running_add(&r, ldexp(x[idx[i]], -ex), ldexp(y[idx[i]], -ey), w[idx[i]]);
      if (b - a < 2)
        continue;
      double c = running_sse(&r);
      if (a == 0)
        best[b] = c;
      for (size_t j = 1; j < segs && 2 * j <= a; j++) {
        double v = best[(j - 1) * (m + 1) + a] + c;
        if (v < best[j * (m + 1) + b]) {
          best[j * (m + 1) + b] = v;
          cut[j * (m + 1) + b] = a;
        }
      }
    }
  }
  size_t b = m;
  for (size_t j = segs - 1; j > 0; j--) {
    size_t a = cut[j * (m + 1) + b];
    breaks[j - 1] = x[idx[start[a] - 1]]; /* largest x left of the cut */
    b = a;
  }
  free(idx), free(w), free(start), free(best), free(cut);
  return 0;
}
