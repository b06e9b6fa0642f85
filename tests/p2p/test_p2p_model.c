/* Piecewise point-to-point model: segments, parameter-file errors, and the
 * SimGrid 3.32 option mapping, checked by evaluating the emitted options
 * with SimGrid 3.32's rules (re-stated here from its sources):
 * entries sorted by size S; size k takes the entry with the largest S < k,
 * the first entry when k <= S0 (os/or/ois), factor 1 when k <= S0
 * (bw/lat factors); network factors see k + 16. */
#include <stdlib.h>

#include "check.h"
#include "contention/p2p_model.h"

#ifndef REF_PARAMS
#error REF_PARAMS must name tests/p2p/graphene-like.params
#endif

typedef struct entry { long at; double a, b; } entry;

static int parse_entries(const char *v, entry *e, int max)
{
  int n = 0;
  const char *p = v;
  while (*p && n < max) {
    char *end;
    e[n].at = strtol(p, &end, 10);
    e[n].a = strtod(end + 1, &end);
    e[n].b = *end == ':' ? strtod(end + 1, &end) : 0;
    n++;
    p = *end == ';' ? end + 1 : end;
  }
  return n;
}

static double eval_affine(const entry *e, int n, double k)
{
  double cur = e[0].a + e[0].b * k;
  for (int i = 0; i < n; i++) {
    if (k <= e[i].at)
      return cur;
    cur = e[i].a + e[i].b * k;
  }
  return cur;
}

static double eval_factor(const entry *e, int n, double k)
{
  double cur = 1.0;
  for (int i = 0; i < n; i++) {
    if (k <= e[i].at)
      return cur;
    cur = e[i].a;
  }
  return cur;
}

static void expect_error(const char *text, const char *want)
{
  cg_p2p_params p;
  char err[4096] = "";
  int rc = cg_p2p_parse_string(text, "x.params", &p, err, sizeof err);
  CHECK(rc == -1);
  CHECK_STR_CONTAINS(err, want);
}

#define SEGS "small.L = 1us\nsmall.B = 1e8\nmedium1.L = 1us\nmedium1.B = 1e8\nmedium2.L = 1us\nmedium2.B = 1e8\n" \
             "detached.L = 1us\ndetached.B = 1e8\nlarge.L = 1us\nlarge.B = 1e8\n"

int main(void)
{
  char err[4096];
  cg_p2p_params p;
  cg_p2p_defaults(&p);
  CHECK(p.thresh[0] == 1420 && p.thresh[1] == 32768 && p.thresh[2] == 65536 && p.thresh[3] == 327680);
  CHECK(cg_p2p_segment_of(&p, 0) == CG_P2P_SMALL);
  CHECK(cg_p2p_segment_of(&p, 1420) == CG_P2P_SMALL);
  CHECK(cg_p2p_segment_of(&p, 1421) == CG_P2P_MEDIUM1);
  CHECK(cg_p2p_segment_of(&p, 32769) == CG_P2P_MEDIUM2);
  CHECK(cg_p2p_segment_of(&p, 65536) == CG_P2P_MEDIUM2);
  CHECK(cg_p2p_segment_of(&p, 65537) == CG_P2P_DETACHED);
  CHECK(cg_p2p_segment_of(&p, 327680) == CG_P2P_DETACHED);
  CHECK(cg_p2p_segment_of(&p, 327681) == CG_P2P_LARGE);

  /* The reference file: values with units. */
  CHECK(cg_p2p_parse_file(REF_PARAMS, &p, err, sizeof err) == 0);
  CHECK(p.thresh[1] == 32768 && p.thresh[2] == 65536);
  CHECK_REL(p.seg[CG_P2P_SMALL].os, 8e-6, 1e-12);
  CHECK_REL(p.seg[CG_P2P_MEDIUM1].Or, 3e-10, 1e-12);
  CHECK_REL(p.seg[CG_P2P_DETACHED].B, 112e6, 1e-12);
  CHECK_REL(p.route_bandwidth, 125e6, 1e-12);
  CHECK_REL(p.route_latency, 24e-6, 1e-12);
  /* Model functions. */
  CHECK_REL(cg_p2p_send_overhead(&p, 1000), 8e-6 + 3e-10 * 1000, 1e-12);
  CHECK_REL(cg_p2p_recv_overhead(&p, 40000), 35e-6 + 3.2e-10 * 40000, 1e-12);
  CHECK_REL(cg_p2p_transfer_time(&p, 1e6), 150e-6 + 1e6 / 117e6, 1e-12);
  CHECK_REL(cg_p2p_ping_send(&p, 1e6), 150e-6 + 1e6 / 117e6, 1e-12);
  CHECK_REL(cg_p2p_pingpong_rtt(&p, 100000), 2 * (25e-6 + 2e-5 + 100e-6 + 1e5 / 112e6), 1e-12);
  CHECK_REL(cg_p2p_ping_recv(&p, 1000), 9e-6 + 4e-10 * 1000, 1e-12);
  CHECK_REL(cg_p2p_ping_recv(&p, 100000), 100e-6 + 1e5 / 112e6, 1e-12);
  CHECK_REL(cg_p2p_ping_recv(&p, 1e6), 150e-6 + 1e6 / 117e6, 1e-12);

  /* Write and read back: identical. */
  FILE *tmp = tmpfile();
  cg_p2p_write_params(tmp, &p);
  long len = ftell(tmp);
  rewind(tmp);
  char *text = calloc((size_t)len + 1, 1);
  CHECK(fread(text, 1, (size_t)len, tmp) == (size_t)len);
  fclose(tmp);
  cg_p2p_params q;
  CHECK(cg_p2p_parse_string(text, "written", &q, err, sizeof err) == 0);
  free(text);
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    CHECK(q.seg[s].os == p.seg[s].os && q.seg[s].Os == p.seg[s].Os && q.seg[s].or_ == p.seg[s].or_);
    CHECK(q.seg[s].Or == p.seg[s].Or && q.seg[s].L == p.seg[s].L && q.seg[s].B == p.seg[s].B);
  }

  /* SimGrid mapping. */
  cg_p2p_cfg cfg;
  CHECK(cg_p2p_to_cfg(&p, &cfg, err, sizeof err) == 0);
  CHECK(!strcmp(cfg.key[0], "smpi/os") && !strcmp(cfg.key[3], "smpi/bw-factor"));
  CHECK(!strcmp(cfg.key[5], "smpi/async-small-thresh") && !strcmp(cfg.value[5], "65537"));
  CHECK(!strcmp(cfg.key[6], "smpi/send-is-detached-thresh") && !strcmp(cfg.value[6], "327681"));
  CHECK(!strncmp(cfg.value[3], "0:", 2));
  CHECK_STR_CONTAINS(cfg.value[3], ";1436:");
  CHECK_STR_CONTAINS(cfg.value[3], ";32784:");
  CHECK_STR_CONTAINS(cfg.value[3], ";65552:");
  CHECK_STR_CONTAINS(cfg.value[3], ";327696:");
  CHECK_STR_CONTAINS(cfg.value[0], ";1420:");
  CHECK_STR_CONTAINS(cfg.value[0], ";327680:0:0");
  entry os[8], orr[8], ois[8], bw[8], lat[8];
  int nos = parse_entries(cfg.value[0], os, 8), nor = parse_entries(cfg.value[1], orr, 8);
  int nois = parse_entries(cfg.value[2], ois, 8);
  int nbw = parse_entries(cfg.value[3], bw, 8), nlat = parse_entries(cfg.value[4], lat, 8);
  CHECK(nos == 5 && nor == 5 && nois == 5 && nbw == 5 && nlat == 5);
  const double sizes[] = {1, 100, 1420, 1421, 20000, 32768, 32769, 65536, 65537, 200000, 327680, 327681, 4e6, 67108864};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    double k = sizes[i];
    int detached = k < 327681, large = !detached;
    double want_os = large ? 0 : cg_p2p_send_overhead(&p, k);
    double want_or = large ? 0 : cg_p2p_recv_overhead(&p, k);
    if (detached) {
      CHECK_REL(eval_affine(os, nos, k), want_os, 1e-12);
      CHECK_REL(eval_affine(orr, nor, k), want_or, 1e-12);
    }
    CHECK_REL(eval_affine(ois, nois, k), want_os, 1e-12);
    double wire = k + 16;
    double t = p.route_latency * eval_factor(lat, nlat, wire) + wire / (p.route_bandwidth * eval_factor(bw, nbw, wire));
    CHECK_REL(t, cg_p2p_transfer_time(&p, k), 1e-12);
  }
  FILE *devnull = fopen("/dev/null", "w");
  cg_p2p_write_cfg_flags(devnull, &cfg);
  cg_p2p_write_config_block(devnull, &cfg);
  fclose(devnull);

  /* Mapping errors. */
  q = p;
  q.route_latency = 0;
  CHECK(cg_p2p_to_cfg(&q, &cfg, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "route.bandwidth and route.latency");
  q = p;
  q.seg[CG_P2P_SMALL].L = 1e-8;
  CHECK(cg_p2p_to_cfg(&q, &cfg, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "small.L = 1e-08 s is below the time of SimGrid's 16-byte envelope");

  /* Parser errors name the file, the line and the key. */
  expect_error("# c\n\nsmall.oss = 1\n", "x.params:3: unknown key 'small.oss'; accepted keys: threshold.small, ");
  expect_error("large.os = 1us\n", "x.params:1: unknown key 'large.os' (large messages are rendez-vous: only large.L");
  expect_error("small.L = 1us\nsmall.L = 2us\n", "x.params:2: key 'small.L' already given on line 1");
  expect_error("small.B = fast\n", "x.params:1: key 'small.B': ");
  expect_error("small.B = 10furlongs\n", "Bps, kBps");
  expect_error("small.B = 0\n", "x.params:1: key 'small.B': a bandwidth must be > 0");
  expect_error("small.Os = 1us\n", "x.params:1: key 'small.Os': '1us' is not a finite number >= 0 (seconds per byte");
  expect_error("small.os = -1us\n", "x.params:1: key 'small.os': ");
  expect_error("threshold.small = 1.5\n", "x.params:1: key 'threshold.small': '1.5' is not a whole number of bytes");
  expect_error("small.L 1us\n", "x.params:1: expected 'key = value', got 'small.L 1us'");
  expect_error("small.L =\n", "x.params:1: key 'small.L' has no value");
  expect_error("small.L = 1us\n", "x.params: missing key 'small.B' (every segment needs its L and B)");
  expect_error(SEGS "threshold.async = 400000\n", "x.params: threshold.detached = 327680: thresholds must increase strictly");
  expect_error(SEGS "route.latency = soon\n", "x.params:11: key 'route.latency': ");
  CHECK(cg_p2p_parse_string(SEGS "# ok\n", "x.params", &q, err, sizeof err) == 0);
  CHECK(cg_p2p_parse_file("/nonexistent/p.params", &q, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "/nonexistent/p.params: cannot open: ");
  CHECK_DONE();
}
