/* Piecewise point-to-point model: segments, model functions, validation.
 * The parameter-file parser is in p2p_params.c, the SimGrid mapping in
 * p2p_cfg.c. */
#include "contention/p2p_model.h"

#include "contention/apart.h"

#include <math.h>
#include <stdio.h>

static const char *const seg_names[CG_P2P_SEGMENTS] = {"small", "medium1", "medium2", "detached", "large"};

void cg_p2p_defaults(cg_p2p_params *p)
{
  static const long t[CG_P2P_THRESHOLDS] = {1420, 32768, 65536, 327680};
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    p->thresh[i] = t[i];
  for (int s = 0; s < CG_P2P_SEGMENTS; s++)
    p->seg[s] = (cg_p2p_segment){0, 0, 0, 0, 0, 0};
  p->route_bandwidth = 0;
  p->route_latency = 0;
}

const char *cg_p2p_segment_name(int segment)
{
  return segment >= 0 && segment < CG_P2P_SEGMENTS ? seg_names[segment] : "?";
}

int cg_p2p_segment_of(const cg_p2p_params *p, double size)
{
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    if (size <= (double)p->thresh[i])
      return i;
  return CG_P2P_LARGE;
}

double cg_p2p_send_overhead(const cg_p2p_params *p, double size)
{
  const cg_p2p_segment *s = &p->seg[cg_p2p_segment_of(p, size)];
  return s->os + s->Os * size;
}

double cg_p2p_recv_overhead(const cg_p2p_params *p, double size)
{
  const cg_p2p_segment *s = &p->seg[cg_p2p_segment_of(p, size)];
  return s->or_ + s->Or * size;
}

double cg_p2p_transfer_time(const cg_p2p_params *p, double size)
{
  const cg_p2p_segment *s = &p->seg[cg_p2p_segment_of(p, size)];
  return s->L + size / s->B;
}

double cg_p2p_ping_send(const cg_p2p_params *p, double size)
{
  return cg_p2p_segment_of(p, size) == CG_P2P_LARGE ? cg_p2p_transfer_time(p, size)
                                                     : cg_p2p_send_overhead(p, size);
}

double cg_p2p_ping_recv(const cg_p2p_params *p, double size)
{
  int s = cg_p2p_segment_of(p, size);
  double t = s >= CG_P2P_DETACHED ? cg_p2p_transfer_time(p, size) : 0;
  return s == CG_P2P_LARGE ? t : t + cg_p2p_recv_overhead(p, size);
}

double cg_p2p_pingpong_rtt(const cg_p2p_params *p, double size)
{
  /* SMPI sleeps os before posting a detached send and or after it has
   * arrived, so both add to the transfer on each way. */
  double one_way = cg_p2p_transfer_time(p, size);
  if (cg_p2p_segment_of(p, size) != CG_P2P_LARGE)
    one_way += cg_p2p_send_overhead(p, size) + cg_p2p_recv_overhead(p, size);
  return 2 * one_way;
}

static int bad_value(double v, int positive)
{
  return !isfinite(v) || v < 0 || (positive && v == 0);
}

/* Upper bounds (see range[] below): beyond 1e6 s (LogGPS's bound too),
   SimGrid's clock loses the microsecond overheads (L = 1e300 s printed 0 s
   sends) or a factor overflows (inf: the run hung); beyond 1 s per byte
   likewise. */
int cg_p2p_validate(const cg_p2p_params *p, char *err, size_t errlen)
{
  static const char *const tnames[CG_P2P_THRESHOLDS] = {"threshold.small", "threshold.medium1", "threshold.async",
                                                        "threshold.detached"};
  const long max_thresh = 2147483647L - CG_P2P_ENVELOPE;
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
    long lo = i == 0 ? 0 : p->thresh[i - 1];
    if (p->thresh[i] <= lo || p->thresh[i] > max_thresh) {
      snprintf(err, errlen,
               "%s = %ld: thresholds must increase strictly, 0 < threshold.small < threshold.medium1 < "
               "threshold.async < threshold.detached <= %ld",
               tnames[i], p->thresh[i], max_thresh);
      return -1;
    }
  }
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    const cg_p2p_segment *g = &p->seg[s];
    const char *n = seg_names[s];
    const char *what = NULL;
    if (bad_value(g->os, 0)) what = "os";
    else if (bad_value(g->Os, 0)) what = "Os";
    else if (bad_value(g->or_, 0)) what = "or";
    else if (bad_value(g->Or, 0)) what = "Or";
    if (what) {
      snprintf(err, errlen, "%s.%s must be a finite number >= 0", n, what);
      return -1;
    }
    const struct { const char *name; double v, max; const char *unit; } range[] = {
        {"os", g->os, CG_P2P_TIME_MAX, "s"}, {"or", g->or_, CG_P2P_TIME_MAX, "s"}, {"L", g->L, CG_P2P_TIME_MAX, "s"},
        {"Os", g->Os, 1.0, "s/B"},           {"Or", g->Or, 1.0, "s/B"}};
    for (size_t k = 0; k < sizeof range / sizeof range[0]; k++)
      if (range[k].v > range[k].max) {
        char v[32], max[32]; /* 1000001 is not shown as the bound, 1e+06 */
        cg_format_apart(range[k].v, range[k].max, v, max, sizeof v);
        snprintf(err, errlen, "%s.%s = %s %s is outside the accepted range [0, %s %s]", n, range[k].name, v,
                 range[k].unit, max, range[k].unit);
        return -1;
      }
    if (bad_value(g->L, 0)) {
      snprintf(err, errlen, "%s.L must be a finite time >= 0", n);
      return -1;
    }
    if (bad_value(g->B, 1) || g->B < 1) {
      snprintf(err, errlen, "%s.B must be a finite bandwidth of at least 1 B/s", n);
      return -1;
    }
    if (s == CG_P2P_LARGE && (g->os != 0 || g->Os != 0 || g->or_ != 0 || g->Or != 0)) {
      snprintf(err, errlen, "large messages (rendez-vous) have no overhead of their own: large.os, large.Os, "
                            "large.or and large.Or must be 0");
      return -1;
    }
  }
  if (bad_value(p->route_bandwidth, 0) || bad_value(p->route_latency, 0)) {
    snprintf(err, errlen, "route.bandwidth and route.latency must be finite and >= 0");
    return -1;
  }
  if (p->route_latency > CG_P2P_TIME_MAX || (p->route_bandwidth > 0 && p->route_bandwidth < 1)) {
    snprintf(err, errlen, "route.latency must be at most %g s and route.bandwidth 0 or at least 1 B/s",
             CG_P2P_TIME_MAX);
    return -1;
  }
  return 0;
}
