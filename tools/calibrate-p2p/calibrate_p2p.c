/* contention-calibrate-p2p: fits the piecewise point-to-point model
 * (seed 003 sec. IV.A) to ping and ping-pong measurements, prints the
 * fitted parameters with their fit quality, and emits the SimGrid
 * configuration reproducing them; estimates the limiter factor
 * (Bs + Br) / B from concurrent MPI_Sendrecv measurements. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/p2p_model.h"
#include "contention/regression.h"
#include "contention/units.h"
#include "measurements.h"
#include "version.h"

#define PROG "contention-calibrate-p2p"

static void usage(FILE *out)
{
  fprintf(out,
          "Usage: " PROG " [OPTIONS]\n"
          "Fits the piecewise point-to-point model to raw measurements (doc/p2p-model.md).\n"
          "\n"
"  --params FILE          no fitting: read a parameter file and emit its configuration\n"
          "  --send FILE            ping, MPI_Send durations (CSV size,duration; receiver always ready)\n"
          "  --recv FILE            ping, MPI_Recv durations (CSV size,duration; sender always ready)\n"
          "  --pingpong FILE        ping-pong round trips (CSV size,duration)\n"
          "  --breakpoints A,B,C,D  segment upper bounds in bytes (default 1420,32768,65536,327680)\n"
          "  --detect               detect the 4 breakpoints on the ping-pong data instead\n"
          "  --ols                  ordinary least squares (default: relative least squares,\n"
          "                         weights 1/duration^2, see doc/p2p-model.md)\n"
          "  --route-bandwidth BW   bottleneck bandwidth of the measured route in the platform\n"
          "  --route-latency T      total latency of that route (both needed by cfg and config)\n"
          "  --emit cfg|config|params|none  what to print after the table (default cfg: --cfg flags;\n"
          "                         config: a platform <config> block; params: a parameter file)\n"
          "  -o FILE                write the emitted text to FILE instead of stdout\n"
          "  --sendrecv FILE        concurrent MPI_Sendrecv (CSV pairs,size,duration): limiter factor\n"
          "  --bandwidth BW         B for the limiter factor (default: the fitted large.B)\n"
          "  --help                 this text\n");
}

static int die(const char *msg)
{
  fprintf(stderr, PROG ": %s\n", msg);
  return 1;
}

typedef struct series {
  double *x, *y;
  size_t n;
} series;

static void series_from(const measurements *m, series *s)
{
  s->n = m->rows;
  s->x = cg_xmalloc((s->n ? s->n : 1) * sizeof *s->x);
  s->y = cg_xmalloc((s->n ? s->n : 1) * sizeof *s->y);
  for (size_t i = 0; i < s->n; i++) {
    s->x[i] = m->v[2 * i];
    s->y[i] = m->v[2 * i + 1];
  }
}

static void series_free(series *s)
{
  free(s->x);
  free(s->y);
}

/* Relative least squares: weights 1/y^2; NULL for ordinary least squares. */
static double *weights(const series *s, int ols)
{
  if (ols)
    return NULL;
  double *w = cg_xmalloc((s->n ? s->n : 1) * sizeof *w);
  for (size_t i = 0; i < s->n; i++)
    w[i] = 1.0 / (s->y[i] * s->y[i]);
  return w;
}

/* Keeps the points of segments 0..3 (size <= Sd) for overhead fits. */
static series below(const series *s, double limit)
{
  series r = {cg_xmalloc((s->n ? s->n : 1) * sizeof(double)), cg_xmalloc((s->n ? s->n : 1) * sizeof(double)), 0};
  for (size_t i = 0; i < s->n; i++)
    if (s->x[i] <= limit) {
      r.x[r.n] = s->x[i];
      r.y[r.n++] = s->y[i];
    }
  return r;
}

static double clamp_note(double v, const char *seg, const char *what)
{
  if (v < 0) {
    fprintf(stderr, PROG ": note: fitted %s.%s = %g < 0 set to 0 (noise around a zero term)\n", seg, what, v);
    return 0;
  }
  return v;
}

static int parse_breaks(const char *text, long *t)
{
  const char *p = text;
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    if (end == p || errno || v <= 0 || (i < CG_P2P_THRESHOLDS - 1 ? *end != ',' : *end != '\0'))
      return -1;
    t[i] = v;
    p = end + 1;
  }
  return 0;
}

int main(int argc, char **argv)
{
  if (tool_version_option(PROG, argc, argv))
    return 0;
  const char *params_f = NULL, *send_f = NULL, *recv_f = NULL, *pp_f = NULL, *sr_f = NULL, *out_f = NULL, *emit = "cfg";
  const char *breaks_s = NULL, *rbw_s = NULL, *rlat_s = NULL, *bw_s = NULL;
  int detect = 0, ols = 0;
  char err[4096];
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **slot = !strcmp(a, "--params") ? &params_f : !strcmp(a, "--send") ? &send_f : !strcmp(a, "--recv") ? &recv_f
                        : !strcmp(a, "--pingpong") ? &pp_f : !strcmp(a, "--sendrecv") ? &sr_f
                        : !strcmp(a, "-o") ? &out_f : !strcmp(a, "--emit") ? &emit
                        : !strcmp(a, "--breakpoints") ? &breaks_s : !strcmp(a, "--route-bandwidth") ? &rbw_s
                        : !strcmp(a, "--route-latency") ? &rlat_s : !strcmp(a, "--bandwidth") ? &bw_s : NULL;
    if (!strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--detect")) {
      detect = 1;
    } else if (!strcmp(a, "--ols")) {
      ols = 1;
    } else if (slot) {
      if (i + 1 >= argc) {
        fprintf(stderr, PROG ": option %s needs a value (see --help)\n", a);
        return 2;
      }
      *slot = argv[++i];
    } else {
      fprintf(stderr, PROG ": unknown option '%s'; accepted: --params, --send, --recv, --pingpong, --breakpoints, --detect, --ols, "
                      "--route-bandwidth, --route-latency, --emit, -o, --sendrecv, --bandwidth, --help\n", a);
      return 2;
    }
  }
  if (strcmp(emit, "cfg") && strcmp(emit, "config") && strcmp(emit, "params") && strcmp(emit, "none")) {
    fprintf(stderr, PROG ": --emit '%s': accepted values are cfg, config, params, none\n", emit);
    return 2;
  }
  if (!pp_f && !sr_f && !params_f) {
    fprintf(stderr, PROG ": give --pingpong FILE (with --send/--recv) to fit the model, --params FILE, or "
                    "--sendrecv FILE\n");
    return 2;
  }
  if (params_f && (pp_f || send_f || recv_f || breaks_s || detect)) {
    fprintf(stderr, PROG ": --params excludes the fitting options (--pingpong, --send, --recv, --breakpoints, "
                    "--detect)\n");
    return 2;
  }
  if (breaks_s && detect) {
    fprintf(stderr, PROG ": --breakpoints and --detect exclude each other\n");
    return 2;
  }
  cg_p2p_params p;
  cg_p2p_defaults(&p);
  if (breaks_s && parse_breaks(breaks_s, p.thresh) != 0) {
    fprintf(stderr, PROG ": --breakpoints '%s': expected 4 increasing positive whole byte counts A,B,C,D\n",
            breaks_s);
    return 2;
  }
  if (rbw_s && cg_parse_quantity(rbw_s, CG_UNIT_BANDWIDTH, &p.route_bandwidth, err, sizeof err) != 0) {
    fprintf(stderr, PROG ": --route-bandwidth: %s\n", err);
    return 2;
  }
  if (rlat_s && cg_parse_quantity(rlat_s, CG_UNIT_TIME, &p.route_latency, err, sizeof err) != 0) {
    fprintf(stderr, PROG ": --route-latency: %s\n", err);
    return 2;
  }
  double limiter_bw = 0;
  if (bw_s && (cg_parse_quantity(bw_s, CG_UNIT_BANDWIDTH, &limiter_bw, err, sizeof err) != 0 || limiter_bw <= 0)) {
    fprintf(stderr, PROG ": --bandwidth: %s\n", limiter_bw <= 0 && !err[0] ? "must be > 0" : err);
    return 2;
  }

  int rc = 0;
  if (params_f) {
    double rbw = p.route_bandwidth, rlat = p.route_latency;
    if (cg_p2p_parse_file(params_f, &p, err, sizeof err) != 0)
      return die(err);
    if (rbw_s)
      p.route_bandwidth = rbw;
    if (rlat_s)
      p.route_latency = rlat;
    if (limiter_bw <= 0)
      limiter_bw = p.seg[CG_P2P_LARGE].B;
  }
  if (pp_f) {
    measurements mp = {0, 0, NULL}, ms = {0, 0, NULL}, mr = {0, 0, NULL};
    series sp = {0}, ss = {0}, sr = {0};
    int rc = 0; /* every error below frees what was read (goto done) */
    if (measurements_read(pp_f, 2, "size,duration", &mp, err, sizeof err) != 0)
      {
        rc = die(err);
        goto done;
      }
    if (send_f && measurements_read(send_f, 2, "size,duration", &ms, err, sizeof err) != 0)
      {
        rc = die(err);
        goto done;
      }
    if (recv_f && measurements_read(recv_f, 2, "size,duration", &mr, err, sizeof err) != 0)
      {
        rc = die(err);
        goto done;
      }
    series_from(&mp, &sp);
    if (send_f)
      series_from(&ms, &ss);
    if (recv_f)
      series_from(&mr, &sr);
    if (detect) {
      /* On the one-way ping-pong time: it changes at every mode switch. */
      double b[CG_P2P_THRESHOLDS];
      if (cg_detect_breakpoints(sp.x, sp.y, sp.n, CG_P2P_THRESHOLDS, b, err, sizeof err) != 0)
        {
        rc = die(err);
        goto done;
      }
      for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
        p.thresh[i] = (long)b[i];
    }
    char msg[512];
    for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
      if (p.thresh[i] <= (i ? p.thresh[i - 1] : 0)) {
        snprintf(msg, sizeof msg, "breakpoints must increase strictly (got %ld after %ld)", p.thresh[i],
                 i ? p.thresh[i - 1] : 0L);
        {
        rc = die(msg);
        goto done;
      }
      }
    double br[CG_P2P_THRESHOLDS];
    for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
      br[i] = (double)p.thresh[i];
    double sd = br[CG_P2P_THRESHOLDS - 1];
    cg_linfit fs[CG_P2P_SEGMENTS] = {0}, fr[CG_P2P_SEGMENTS] = {0}, fp[CG_P2P_SEGMENTS];
    /* Overheads: segments small..detached (large messages have none). */
    const struct { const series *s; cg_linfit *f; const char *name; } ov[2] = {{&ss, fs, "--send"},
                                                                                {&sr, fr, "--recv"}};
    for (int k = 0; k < 2; k++) {
      if (!ov[k].s->n)
        continue;
      series low = below(ov[k].s, sd);
      double *w = weights(&low, ols);
      int r = cg_linfit_piecewise(low.x, low.y, w, low.n, br, CG_P2P_THRESHOLDS - 1, ov[k].f, msg, sizeof msg);
      series_free(&low);
      free(w);
      if (r != 0) {
        snprintf(err, sizeof err, "%s data: %s", ov[k].name, msg);
        {
        rc = die(err);
        goto done;
      }
      }
    }
    for (int s = 0; s < CG_P2P_DETACHED + 1; s++) {
      const char *n = cg_p2p_segment_name(s);
      p.seg[s].os = clamp_note(fs[s].intercept, n, "os");
      p.seg[s].Os = clamp_note(fs[s].slope, n, "Os");
      p.seg[s].or_ = clamp_note(fr[s].intercept, n, "or");
      p.seg[s].Or = clamp_note(fr[s].slope, n, "Or");
    }
    /* A detached message waits for the receive: MPI_Recv lasts L + k/B +
     * or(k) there, as does the round trip minus os: or and L are not
     * separable, the transfer takes all (or = Or = 0). */
    if (sr.n)
      printf("note: detached.or and detached.Or are set to 0: for detached messages the receive overhead adds to "
             "the transfer in every measurement, so L and B include it\n");
    p.seg[CG_P2P_DETACHED].or_ = p.seg[CG_P2P_DETACHED].Or = 0;
    /* Transfer: one way of the round trip minus the overheads SMPI adds
     * (weights from the measured one-way time, which is > 0). */
    for (size_t i = 0; i < sp.n; i++)
      sp.y[i] /= 2;
    double *wp = weights(&sp, ols);
    for (size_t i = 0; i < sp.n; i++) {
      double k = sp.x[i];
      sp.y[i] -= (k <= sd ? cg_p2p_send_overhead(&p, k) + cg_p2p_recv_overhead(&p, k) : 0);
    }
    int r = cg_linfit_piecewise(sp.x, sp.y, wp, sp.n, br, CG_P2P_THRESHOLDS, fp, msg, sizeof msg);
    free(wp);
    if (r != 0) {
      snprintf(err, sizeof err, "--pingpong data: %s", msg);
      {
        rc = die(err);
        goto done;
      }
    }
    for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
      if (!(fp[s].slope > 0)) {
        snprintf(err, sizeof err, "--pingpong data: segment %s has a non-increasing transfer time (slope %g): "
                                  "cannot derive a bandwidth", cg_p2p_segment_name(s), fp[s].slope);
        {
        rc = die(err);
        goto done;
      }
      }
      p.seg[s].L = clamp_note(fp[s].intercept, cg_p2p_segment_name(s), "L");
      p.seg[s].B = 1.0 / fp[s].slope;
    }
    printf("segment   sizes                     os [s]      Os [s/B]    R2(send) or [s]      Or [s/B]    R2(recv) "
           "L [s]       B [B/s]     R2(pp)\n");
    for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
      const cg_p2p_segment *g = &p.seg[s];
      char range[64];
      if (s == CG_P2P_LARGE)
        snprintf(range, sizeof range, "> %ld", p.thresh[s - 1]);
      else
        snprintf(range, sizeof range, "%ld..%ld", s ? p.thresh[s - 1] + 1 : 0, p.thresh[s]);
      printf("%-9s %-25s %-11.5g %-11.5g %-8.5f %-11.5g %-11.5g %-8.5f %-11.5g %-11.5g %.5f\n",
             cg_p2p_segment_name(s), range, g->os, g->Os, s == CG_P2P_LARGE || !ss.n ? NAN : fs[s].r2, g->or_,
             g->Or, s == CG_P2P_LARGE || !sr.n ? NAN : fr[s].r2, g->L, g->B, fp[s].r2);
    }
    if (!ss.n || !sr.n)
      printf("note: no %s data: those overheads are 0\n", !ss.n ? "--send" : "--recv");
    if (limiter_bw <= 0)
      limiter_bw = p.seg[CG_P2P_LARGE].B;
  done:
    series_free(&sp);
    series_free(&ss);
    series_free(&sr);
    measurements_free(&mp);
    measurements_free(&ms);
    measurements_free(&mr);
    if (rc)
      return rc;

  }
  if (pp_f || params_f) {
    char msg[512];
    if (strcmp(emit, "none")) {
      FILE *out = out_f ? fopen(out_f, "w") : stdout;
      if (!out) {
        snprintf(err, sizeof err, "-o %s: cannot open: %s", out_f, strerror(errno));
        return die(err);
      }
      if (!strcmp(emit, "params")) {
        cg_p2p_write_params(out, &p);
      } else {
        cg_p2p_cfg cfg;
        if (cg_p2p_to_cfg(&p, &cfg, msg, sizeof msg) != 0) {
          snprintf(err, sizeof err, "cannot emit --emit %s: %s (give --route-bandwidth and --route-latency)",
                   emit, msg);
          if (out_f)
            fclose(out);
          return die(err);
        }
        if (!strcmp(emit, "cfg"))
          cg_p2p_write_cfg_flags(out, &cfg);
        else
          cg_p2p_write_config_block(out, &cfg);
      }
      if (out_f && fclose(out) != 0) {
        snprintf(err, sizeof err, "-o %s: write error", out_f);
        return die(err);
      }
    }
  }

  if (sr_f) {
    if (limiter_bw <= 0) {
      fprintf(stderr, PROG ": --sendrecv needs B: give --bandwidth BW or --pingpong FILE\n");
      return 2;
    }
    measurements m;
    if (measurements_read(sr_f, 3, "pairs,size,duration", &m, err, sizeof err) != 0)
      return die(err);
    double sum = 0, lo = INFINITY, hi = 0;
    printf("pairs size        duration    (Bs+Br)/B\n");
    for (size_t i = 0; i < m.rows; i++) {
      const double *r = m.v + 3 * i;
      double f = 2 * r[1] / r[2] / limiter_bw;
      printf("%-5.0f %-11.0f %-11.6g %.4f\n", r[0], r[1], r[2], f);
      sum += f;
      lo = fmin(lo, f);
      hi = fmax(hi, f);
    }
    printf("limiter factor (Bs+Br)/B = %.4f (min %.4f, max %.4f, %zu rows; B = %.6g B/s)\n", sum / (double)m.rows,
           lo, hi, m.rows, limiter_bw);
    measurements_free(&m);
  }
  return rc;
}
