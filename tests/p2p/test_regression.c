/* Regression unit tests on data whose fits are known exactly. */
#include <stdlib.h>

#include "check.h"
#include "contention/regression.h"

int main(void)
{
  char err[512];
  cg_linfit f;
  /* Exact line y = 3 + 2x. */
  const double x1[] = {1, 2, 3, 4}, y1[] = {5, 7, 9, 11};
  CHECK(cg_linfit_ols(x1, y1, 4, &f, err, sizeof err) == 0);
  CHECK_REL(f.slope, 2, 1e-12);
  CHECK_REL(f.intercept, 3, 1e-12);
  CHECK_REL(f.r2, 1, 1e-12);
  CHECK_ABS(f.max_rel_resid, 0, 1e-12);
  CHECK(f.n == 4);
  /* By hand: mean x 1.5, mean y 2.75, Sxx 5, Sxy 5.5, Syy 8.75:
   * slope 1.1, intercept 1.1, SSE 2.7, R^2 = 1 - 2.7/8.75. */
  const double x2[] = {0, 1, 2, 3}, y2[] = {1, 3, 2, 5};
  CHECK(cg_linfit_ols(x2, y2, 4, &f, err, sizeof err) == 0);
  CHECK_REL(f.slope, 1.1, 1e-12);
  CHECK_REL(f.intercept, 1.1, 1e-12);
  CHECK_REL(f.r2, 1 - 2.7 / 8.75, 1e-12);
  /* residual at x=2: |2 - 3.3| / 2 is the largest relative one */
  CHECK_REL(f.max_rel_resid, 0.65, 1e-12);
  /* Weighted: the weight-1000 points 0 and 3 pin the line through (0,1) and (3,5). */
  const double w2[] = {1000, 1e-9, 1e-9, 1000};
  CHECK(cg_linfit_wls(x2, y2, w2, 4, &f, err, sizeof err) == 0);
  CHECK_REL(f.slope, 4.0 / 3, 1e-6);
  CHECK_REL(f.intercept, 1, 1e-6);
  /* Equal weights give the ordinary fit. */
  const double w1[] = {2, 2, 2, 2};
  CHECK(cg_linfit_wls(x2, y2, w1, 4, &f, err, sizeof err) == 0);
  CHECK_REL(f.slope, 1.1, 1e-12);
  CHECK_REL(f.r2, 1 - 2.7 / 8.75, 1e-12);
  const double w0[] = {1, 0, 1, 1};
  CHECK(cg_linfit_wls(x2, y2, w0, 4, &f, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "weight 1 = 0: weights must be finite and > 0");
  /* Large x, tiny y (message sizes vs microseconds): y = 1e-6 + 1e-9 x. */
  const double x3[] = {1048576, 4194304, 16777216, 67108864};
  double y3[4];
  for (int i = 0; i < 4; i++)
    y3[i] = 1e-6 + 1e-9 * x3[i];
  CHECK(cg_linfit_ols(x3, y3, 4, &f, err, sizeof err) == 0);
  CHECK_REL(f.slope, 1e-9, 1e-9);
  CHECK_REL(f.intercept, 1e-6, 1e-6);
  /* Errors. */
  CHECK(cg_linfit_ols(x1, y1, 1, &f, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "at least two points with distinct x (got 1 point)");
  const double same[] = {2, 2, 2};
  CHECK(cg_linfit_ols(same, y1, 3, &f, err, sizeof err) == -1);

  /* Piecewise: y = 1 + x for x <= 10, 50 + 2x above (x = 1..20). */
  double x4[20], y4[20];
  for (int i = 0; i < 20; i++) {
    x4[i] = i + 1;
    y4[i] = x4[i] <= 10 ? 1 + x4[i] : 50 + 2 * x4[i];
  }
  cg_linfit pf[2];
  const double b10[] = {10};
  CHECK(cg_linfit_piecewise(x4, y4, NULL, 20, b10, 1, pf, err, sizeof err) == 0);
  CHECK_REL(pf[0].slope, 1, 1e-12);
  CHECK_REL(pf[0].intercept, 1, 1e-12);
  CHECK(pf[0].n == 10 && pf[1].n == 10);
  CHECK_REL(pf[1].slope, 2, 1e-12);
  CHECK_REL(pf[1].intercept, 50, 1e-12);
  const double b19[] = {19.5};
  CHECK(cg_linfit_piecewise(x4, y4, NULL, 20, b19, 1, pf, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "segment 1 (19.5 < x <= inf) has 1 point and needs at least two distinct x");
  const double bdown[] = {10, 5};
  cg_linfit pf3[3];
  CHECK(cg_linfit_piecewise(x4, y4, NULL, 20, bdown, 2, pf3, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "breakpoints must increase strictly");

  /* Detection finds the break at 10, and two breaks of a 3-piece line. */
  double br[2];
  CHECK(cg_detect_breakpoints(x4, y4, 20, 1, br, err, sizeof err) == 0);
  CHECK_REL(br[0], 10, 0);
  double x5[30], y5[30];
  for (int i = 0; i < 30; i++) {
    x5[i] = i + 1;
    y5[i] = x5[i] <= 7 ? 3 + x5[i] : x5[i] <= 21 ? 40 + 0.5 * x5[i] : 10 + 3 * x5[i];
  }
  CHECK(cg_detect_breakpoints(x5, y5, 30, 2, br, err, sizeof err) == 0);
  CHECK_REL(br[0], 7, 0);
  CHECK_REL(br[1], 21, 0);
  CHECK(cg_detect_breakpoints(x4, y4, 3, 1, br, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "needs between 4 and");
  const double yz[] = {1, 0, 2, 3};
  CHECK(cg_detect_breakpoints(x1, yz, 4, 1, br, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "non-zero finite y (point 1");

  /* A sweep with 8000 distinct sizes (two measurements each), five pieces
   * with jumps: the four breaks exactly (the cubic version refused more
   * than 4000 distinct sizes and needed minutes for 2000). */
  enum { BIG = 16000 };
  double *xb = malloc(BIG * sizeof *xb), *yb = malloc(BIG * sizeof *yb), b4[4];
  for (int i = 0; i < BIG; i++) {
    double k = 1 + i / 2;
    xb[i] = k;
    yb[i] = k <= 1000 ? 5 + k : k <= 3000 ? 900 + 0.5 * k : k <= 5000 ? 1 + k : k <= 7000 ? 4000 + 0.2 * k : 3 * k;
  }
  CHECK(cg_detect_breakpoints(xb, yb, BIG, 4, b4, err, sizeof err) == 0);
  CHECK_REL(b4[0], 1000, 0);
  CHECK_REL(b4[1], 3000, 0);
  CHECK_REL(b4[2], 5000, 0);
  CHECK_REL(b4[3], 7000, 0);
  free(xb);
  free(yb);

  /* Scale: durations of 1e-200 s or 1e300 s give the same line as the
   * same data scaled to microseconds (the sums are taken on scaled values). */
  const double xs[] = {1, 2, 3, 4};
  double tiny[4], huge[4], wt[4];
  cg_linfit ft, fh, fu;
  for (int i = 0; i < 4; i++) {
    tiny[i] = (2 + 3 * xs[i] + (i == 2)) * 1e-200;
    huge[i] = (2 + 3 * xs[i] + (i == 2)) * 1e300;
  }
  cg_relative_weights(tiny, 4, wt);
  CHECK(cg_linfit_wls(xs, tiny, wt, 4, &ft, err, sizeof err) == 0);
  cg_relative_weights(huge, 4, wt);
  CHECK(cg_linfit_wls(xs, huge, wt, 4, &fh, err, sizeof err) == 0);
  CHECK(cg_linfit_ols(xs, huge, 4, &fu, err, sizeof err) == 0);
  CHECK_REL(ft.slope / 1e-200, fh.slope / 1e300, 1e-12);
  CHECK_REL(ft.intercept / 1e-200, fh.intercept / 1e300, 1e-12);
  CHECK_REL(ft.r2, fh.r2, 1e-12);
  CHECK(isfinite(fu.slope) && isfinite(fu.intercept) && fu.r2 > 0.9);
  CHECK_DONE();
}
