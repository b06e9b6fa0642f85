/* Fitting of the piecewise point-to-point model (see p2p_fit.h). */
#include "contention/p2p_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/alloc.h"

/* A working copy of (some of) a series, with its weights. */
typedef struct points {
  double *x, *y, *w; /* w NULL: ordinary least squares */
  size_t n;
} points;

static points copy_below(const cg_p2p_samples *s, double limit)
{
  size_t cap = s->n ? s->n : 1;
  points r = {cg_xmalloc(cap * sizeof(double)), cg_xmalloc(cap * sizeof(double)), NULL, 0};
  for (size_t i = 0; i < s->n; i++)
    if (s->size[i] <= limit) {
      r.x[r.n] = s->size[i];
      r.y[r.n++] = s->duration[i];
    }
  return r;
}

static void free_points(points *p)
{
  free(p->x), free(p->y), free(p->w);
}

static int fail(cg_p2p_fit_report *rep, int series, char *err, size_t errlen, const char *msg)
{
  rep->failed = series;
  snprintf(err, errlen, "%s", msg);
  return -1;
}

/* Sizes of segment s, as "0..1420" or "> 327680". */
static void range_text(const cg_p2p_params *p, int s, char *buf, size_t len)
{
  if (s == CG_P2P_LARGE)
    snprintf(buf, len, "> %ld", p->thresh[s - 1]);
  else
    snprintf(buf, len, "%ld..%ld", s ? p->thresh[s - 1] + 1 : 0, p->thresh[s]);
}

/* Every segment 0..segs-1 needs two distinct sizes: checked here so that
 * the message speaks of segments and sizes. */
static int check_sizes(const points *pt, const cg_p2p_params *p, int segs, int series, cg_p2p_fit_report *rep,
                       char *err, size_t errlen)
{
  for (int s = 0; s < segs; s++) {
    double lo = s ? (double)p->thresh[s - 1] : -INFINITY, hi = s < CG_P2P_THRESHOLDS ? (double)p->thresh[s] : INFINITY;
    double mn = INFINITY, mx = -INFINITY;
    size_t count = 0;
    for (size_t i = 0; i < pt->n; i++)
      if (pt->x[i] > lo && pt->x[i] <= hi) {
        count++;
        mn = fmin(mn, pt->x[i]);
        mx = fmax(mx, pt->x[i]);
      }
    if (!(mn < mx)) {
      char range[64], msg[256];
      range_text(p, s, range, sizeof range);
      snprintf(msg, sizeof msg,
               "segment %s (sizes %s) has %zu measurement%s of %s size; at least two distinct sizes are needed",
               cg_p2p_segment_name(s), range, count, count == 1 ? "" : "s", count ? "one" : "no");
      return fail(rep, series, err, errlen, msg);
    }
  }
  return 0;
}

/* Relative weights, unless ordinary least squares; weights that overflow
 * (durations over 150 decades apart) are refused. */
static int weigh(points *pt, int ols, int series, cg_p2p_fit_report *rep, char *err, size_t errlen)
{
  if (ols)
    return 0;
  pt->w = cg_xmalloc((pt->n ? pt->n : 1) * sizeof *pt->w);
  cg_relative_weights(pt->y, pt->n, pt->w);
  for (size_t i = 0; i < pt->n; i++)
    if (!isfinite(pt->w[i])) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "duration %g s (size %g) is too small next to the others for relative least squares; "
               "use ordinary least squares or check the data",
               pt->y[i], pt->x[i]);
      return fail(rep, series, err, errlen, msg);
    }
  return 0;
}

static int fit_series(points *pt, const cg_p2p_params *p, const double *breaks, int segs, int series,
                      cg_p2p_fit_report *rep, char *err, size_t errlen)
{
  char msg[512];
  if (check_sizes(pt, p, segs, series, rep, err, errlen))
    return -1;
  if (cg_linfit_piecewise(pt->x, pt->y, pt->w, pt->n, breaks, (size_t)segs - 1, rep->fits[series], msg,
                          sizeof msg) != 0)
    return fail(rep, series, err, errlen, msg);
  for (int s = 0; s < segs; s++) {
    const cg_linfit *f = &rep->fits[series][s];
    if (!isfinite(f->slope) || !isfinite(f->intercept)) {
      snprintf(msg, sizeof msg, "segment %s: the fitted line is not a finite number (check the durations)",
               cg_p2p_segment_name(s));
      return fail(rep, series, err, errlen, msg);
    }
  }
  return 0;
}

static double clamp(cg_p2p_fit_report *rep, int segment, const char *field, double v)
{
  if (v >= 0)
    return v;
  rep->clamped[rep->clamped_count++] = (cg_p2p_clamp){segment, field, v};
  return 0;
}

static int breakpoints(const cg_p2p_samples *pp, const cg_p2p_fit_options *opt, cg_p2p_params *p,
                       cg_p2p_fit_report *rep, char *err, size_t errlen)
{
  char msg[512];
  if (opt->detect) {
    /* On the round trips: they change at every mode switch. */
    double b[CG_P2P_THRESHOLDS];
    /* Said in the ping-pong's terms (the detection speaks of distinct x). */
    size_t m = cg_distinct_count(pp->size, pp->n), need = 2 * (CG_P2P_THRESHOLDS + 1);
    if (m < need || m > CG_DETECT_MAX_DISTINCT) {
      snprintf(msg, sizeof msg,
               "--detect needs between %zu and %d distinct sizes (2 per segment; got %zu): measure %s sizes, or give "
               "the breakpoints: --breakpoints A,B,C,D",
               need, CG_DETECT_MAX_DISTINCT, m, m < need ? "more" : "fewer");
      return fail(rep, CG_P2P_PINGPONG, err, errlen, msg);
    }
    if (cg_detect_breakpoints(pp->size, pp->duration, pp->n, CG_P2P_THRESHOLDS, b, msg, sizeof msg) != 0)
      return fail(rep, CG_P2P_PINGPONG, err, errlen, msg);
    for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
      p->thresh[i] = (long)b[i];
  }
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    if (p->thresh[i] <= (i ? p->thresh[i - 1] : 0)) {
      snprintf(msg, sizeof msg, "breakpoints must increase strictly from 1 (got %ld after %ld)", p->thresh[i],
               i ? p->thresh[i - 1] : 0L);
      return fail(rep, -1, err, errlen, msg);
    }
  return 0;
}

/* Step 2: os, Os from the sends (sizes <= Sd) and or, Or from the
 * receives (sizes <= Sa: the detached segment's are 0, below). */
static int overheads(const cg_p2p_samples *send, const cg_p2p_samples *recv, const cg_p2p_fit_options *opt,
                     const double *br, cg_p2p_params *p, cg_p2p_fit_report *rep, char *err, size_t errlen)
{
  const cg_p2p_samples *in[CG_P2P_SERIES] = {NULL, send, recv};
  const int segs[CG_P2P_SERIES] = {0, CG_P2P_LARGE, CG_P2P_DETACHED};
  for (int k = CG_P2P_SEND; k <= CG_P2P_RECV; k++) {
    if (!in[k] || !in[k]->n)
      continue;
    points low = copy_below(in[k], br[segs[k] - 1]);
    int rc = weigh(&low, opt->ols, k, rep, err, errlen);
    if (rc == 0)
      rc = fit_series(&low, p, br, segs[k], k, rep, err, errlen);
    free_points(&low);
    if (rc)
      return rc;
  }
  for (int s = 0; s < CG_P2P_LARGE; s++) {
    const cg_linfit *fs = &rep->fits[CG_P2P_SEND][s], *fr = &rep->fits[CG_P2P_RECV][s];
    p->seg[s].os = clamp(rep, s, "os", fs->intercept);
    p->seg[s].Os = clamp(rep, s, "Os", fs->slope);
    if (s < CG_P2P_DETACHED) {
      p->seg[s].or_ = clamp(rep, s, "or", fr->intercept);
      p->seg[s].Or = clamp(rep, s, "Or", fr->slope);
    }
  }
  /* A detached message waits for the receive: MPI_Recv lasts L + k/B +
   * or(k) there, as does the round trip minus os: or and L are not
   * separable, the transfer takes all. */
  p->seg[CG_P2P_DETACHED].or_ = p->seg[CG_P2P_DETACHED].Or = 0;
  p->seg[CG_P2P_LARGE].os = p->seg[CG_P2P_LARGE].Os = 0;
  p->seg[CG_P2P_LARGE].or_ = p->seg[CG_P2P_LARGE].Or = 0;
  return 0;
}

/* Step 3: L and B on one way of the round trip minus the overheads SMPI
 * adds (weights from the measured one-way time, which is > 0). */
static int transfer(const cg_p2p_samples *pp, const cg_p2p_fit_options *opt, const double *br, cg_p2p_params *p,
                    cg_p2p_fit_report *rep, char *err, size_t errlen)
{
  double sd = br[CG_P2P_THRESHOLDS - 1];
  points pt = copy_below(pp, INFINITY);
  for (size_t i = 0; i < pt.n; i++)
    pt.y[i] /= 2;
  int rc = weigh(&pt, opt->ols, CG_P2P_PINGPONG, rep, err, errlen);
  for (size_t i = 0; i < pt.n; i++) {
    double k = pt.x[i];
    pt.y[i] -= k <= sd ? cg_p2p_send_overhead(p, k) + cg_p2p_recv_overhead(p, k) : 0;
  }
  if (rc == 0)
    rc = fit_series(&pt, p, br, CG_P2P_SEGMENTS, CG_P2P_PINGPONG, rep, err, errlen);
  free_points(&pt);
  for (int s = 0; s < CG_P2P_SEGMENTS && rc == 0; s++) {
    const cg_linfit *f = &rep->fits[CG_P2P_PINGPONG][s];
    if (!(f->slope > 0)) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "segment %s has a non-increasing transfer time (slope %g s/B): cannot derive a bandwidth",
               cg_p2p_segment_name(s), f->slope);
      rc = fail(rep, CG_P2P_PINGPONG, err, errlen, msg);
      break;
    }
    p->seg[s].L = clamp(rep, s, "L", f->intercept);
    p->seg[s].B = 1.0 / f->slope;
  }
  return rc;
}

int cg_p2p_fit(const cg_p2p_samples *pingpong, const cg_p2p_samples *send, const cg_p2p_samples *recv,
               const cg_p2p_fit_options *opt, cg_p2p_params *p, cg_p2p_fit_report *rep, char *err,
               size_t errlen)
{
  *rep = (cg_p2p_fit_report){.failed = -1};
  if (breakpoints(pingpong, opt, p, rep, err, errlen))
    return -1;
  double br[CG_P2P_THRESHOLDS];
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    br[i] = (double)p->thresh[i];
  if (overheads(send, recv, opt, br, p, rep, err, errlen))
    return -1;
  return transfer(pingpong, opt, br, p, rep, err, errlen);
}

double cg_p2p_limiter_factor(double size, double duration, double bandwidth)
{
  return 2 * size / duration / bandwidth;
}
