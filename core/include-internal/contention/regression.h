/* Least-squares linear regression y = intercept + slope * x, piecewise
 * fits at given breakpoints, and breakpoint detection. */
#ifndef CONTENTION_REGRESSION_H
#define CONTENTION_REGRESSION_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_linfit {
  double slope, intercept;
  double r2;            /* coefficient of determination; 1 when y is constant and fitted exactly */
  double max_rel_resid; /* max |y - fit| / |y| over the points with y != 0 */
  size_t n;             /* number of points used */
} cg_linfit;

/* Ordinary least squares on n points. Needs n >= 2 and at least two
 * distinct x; returns 0, or -1 with a message in err. */
int cg_linfit_ols(const double *x, const double *y, size_t n, cg_linfit *fit, char *err, size_t errlen);
/* Weighted least squares (minimises sum w_i r_i^2; w_i > 0). With
 * w_i = 1 / y_i^2 it minimises the squared relative residuals, which suits
 * durations measured with a roughly proportional noise over sizes spanning
 * decades (the intercept of a segment of large messages is otherwise lost
 * in the noise of its largest sizes). r2 is the weighted R^2. */
int cg_linfit_wls(const double *x, const double *y, const double *w, size_t n, cg_linfit *fit, char *err,
                  size_t errlen);

/* Weights of relative least squares, 1/y_i^2 times one power of two (the
 * same for all, so the fit is unchanged) that keeps them from overflowing
 * for durations of any magnitude; not finite only for y_i == 0 or y more
 * than about 150 decades apart. */
void cg_relative_weights(const double *y, size_t n, double *w);

/* Piecewise fit (w: weights as in cg_linfit_wls, NULL for ordinary least
 * squares): segment i holds the points with breaks[i-1] < x <= breaks[i]
 * (segment 0: x <= breaks[0]; last segment: x > breaks[nbreaks-1]).
 * breaks must increase strictly. fits has nbreaks + 1 entries. Returns 0,
 * or -1 with a message naming the segment (0-based) that cannot be fitted. */
int cg_linfit_piecewise(const double *x, const double *y, const double *w, size_t n, const double *breaks, size_t nbreaks,
                        cg_linfit *fits, char *err, size_t errlen);

/* Breakpoint detection: chooses nbreaks breakpoints among the distinct x
 * values minimising the total squared RELATIVE residual (weights 1/y^2, so
 * that the small sizes of an exponential sweep count as much as the large
 * ones) of the per-segment weighted least-squares lines, by dynamic
 * programming over the sorted distinct x (exact optimum; every segment
 * needs >= 2 distinct x; m <= 20000 distinct x, O(nbreaks m^2 + m n) time
 * with running sums, O(nbreaks m) memory). A breakpoint is
 * reported as the largest x of the segment on its left, so that it can be
 * passed to cg_linfit_piecewise. y must be non-zero. Returns 0, or -1 with
 * a message (too few distinct x, y == 0). */
int cg_detect_breakpoints(const double *x, const double *y, size_t n, size_t nbreaks, double *breaks, char *err,
                          size_t errlen);
/* The most distinct x cg_detect_breakpoints accepts (O(m^2) time). */
#define CG_DETECT_MAX_DISTINCT 20000
/* Number of distinct values among x[0..n). */
size_t cg_distinct_count(const double *x, size_t n);

#ifdef __cplusplus
}
#endif
#endif
