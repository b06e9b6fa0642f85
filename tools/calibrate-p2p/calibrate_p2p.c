/* contention-calibrate-p2p: reads ping and ping-pong measurements, fits
 * the piecewise point-to-point model with the core (cg_p2p_fit, seed 003
 * sec. IV.A), prints the parameters with their fit quality and emits the
 * SimGrid configuration reproducing them; prints the limiter factor
 * (Bs + Br) / B of concurrent MPI_Sendrecv measurements. Parsing and
 * printing only. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "contention/alloc.h"
#include "contention/p2p_fit.h"
#include "contention/p2p_model.h"
#include "contention/quote.h"
#include "contention/units.h"
#include "measurements.h"
#include "output.h"
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
          "  --route-latency T      total latency of that route (both needed by cfg and config;\n"
          "                         with --params, they replace the file's route, with a warning\n"
          "                         when the values differ)\n"
          "  --emit cfg|config|params|none  what to print after the table (default cfg: --cfg flags;\n"
          "                         config: a platform <config> block; params: a parameter file)\n"
          "  -o FILE                write the emitted text to FILE instead of stdout\n"
          "  --sendrecv FILE        concurrent MPI_Sendrecv (CSV pairs,size,duration): limiter factor\n"
          "  --bandwidth BW         B for the limiter factor (default: the fitted large.B)\n"
          "  -h, --help             this text\n"
          "  --version              the tool's version\n"
          "\nFILE '-' is standard input (for one input option at most).\n");
}

typedef struct options {
  const char *params, *send, *recv, *pingpong, *sendrecv, *out, *emit;
  const char *breaks, *route_bw, *route_lat, *bandwidth;
  int detect, ols;
  int emit_given; /* --emit on the command line, not the default */
} options;

/* The options that take a value, and the field of `options` it goes to. */
static const struct value_option {
  const char *name;
  size_t field;
} value_options[] = {
  {"--params", offsetof(options, params)},
  {"--send", offsetof(options, send)},
  {"--recv", offsetof(options, recv)},
  {"--pingpong", offsetof(options, pingpong)},
  {"--breakpoints", offsetof(options, breaks)},
  {"--route-bandwidth", offsetof(options, route_bw)},
  {"--route-latency", offsetof(options, route_lat)},
  {"--emit", offsetof(options, emit)},
  {"-o", offsetof(options, out)},
  {"--sendrecv", offsetof(options, sendrecv)},
  {"--bandwidth", offsetof(options, bandwidth)},
};
enum { VALUE_OPTIONS = sizeof value_options / sizeof value_options[0] };

/* The field of value option arg, and its index in *which; NULL if arg is
 * not one. */
static const char **value_slot(options *o, const char *arg, size_t *which)
{
  for (size_t i = 0; i < VALUE_OPTIONS; i++)
    if (strcmp(arg, value_options[i].name) == 0) {
      *which = i;
      return (const char **)(void *)((char *)o + value_options[i].field);
    }
  return NULL;
}

static int unknown_option(const char *arg)
{
  char q[CG_QUOTE_SIZE];
  fprintf(stderr, PROG ": unknown option '%s'; accepted: --params, --send, --recv, --pingpong, --breakpoints, "
                  "--detect, --ols, --route-bandwidth, --route-latency, --emit, -o, --sendrecv, --bandwidth, "
                  "-h/--help\n",
          cg_quote(arg, q, sizeof q));
  return 2;
}

/* Options that exclude or need each other; NULL when they agree. */
static const char *conflict(const options *o)
{
  const char *in[] = {o->params, o->send, o->recv, o->pingpong, o->sendrecv};
  int stdin_uses = 0;
  for (size_t i = 0; i < sizeof in / sizeof *in; i++)
    stdin_uses += in[i] && !strcmp(in[i], "-");
  if (stdin_uses > 1) /* the second read would find it empty */
    return "standard input ('-') can feed one of --params, --send, --recv, --pingpong, --sendrecv: give files "
           "for the others";
  if (!o->pingpong && !o->sendrecv && !o->params)
    return "give --pingpong FILE (with --send/--recv) to fit the model, --params FILE, or --sendrecv FILE";
  if (o->params && (o->pingpong || o->send || o->recv || o->breaks || o->detect || o->ols))
    return "--params excludes the fitting options (--pingpong, --send, --recv, --breakpoints, --detect, --ols)";
  if (!o->pingpong && (o->send || o->recv))
    return "--send and --recv need --pingpong FILE (the transfer is fitted on the round trips)";
  if (o->breaks && o->detect)
    return "--breakpoints and --detect exclude each other";
  /* With --sendrecv alone nothing is fitted or emitted: these options were
   * ignored with exit 0 (-o wrote no file). */
  if (!o->pingpong && !o->params &&
      (o->out || (o->emit_given && strcmp(o->emit, "none")) || o->ols || o->detect || o->breaks || o->route_bw ||
       o->route_lat))
    return "--sendrecv alone prints the limiter factor only: -o, --emit, --ols, --detect, --breakpoints, "
           "--route-bandwidth and --route-latency need --pingpong FILE or --params FILE";
  if (o->bandwidth && !o->sendrecv) /* it was ignored */
    return "--bandwidth is B of the limiter factor: it needs --sendrecv FILE";
  if (o->out && !strcmp(o->emit, "none")) /* -o was ignored: no file, exit 0 */
    return "-o FILE writes the emitted text: give --emit cfg, config or params with it, or no -o";
  return NULL;
}

/* The input file -o would overwrite (same file, by device and inode),
 * else NULL: fopen("w") would empty it before the emitted text is written. */
static const char *out_is_input(const options *o)
{
  struct stat so, si;
  if (!o->out || stat(o->out, &so) != 0)
    return NULL;
  const char *in[] = {o->params, o->send, o->recv, o->pingpong, o->sendrecv};
  for (size_t i = 0; i < sizeof in / sizeof *in; i++)
    if (in[i] && stat(in[i], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
      return in[i];
  return NULL;
}

/* Returns -1 to go on, else the exit status (0 after --help, 1 if writing
 * it failed, 2 on a usage error, printed with the accepted values). */
static int parse_args(int argc, char **argv, options *o)
{
  *o = (options){.emit = "cfg"};
  unsigned given = 0; /* value options seen: a second one would silently win */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    size_t which = 0;
    const char **slot = value_slot(o, a, &which);
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return tool_close_output(PROG, stdout, NULL) != 0;
    } else if (!strcmp(a, "--detect")) {
      o->detect = 1;
    } else if (!strcmp(a, "--ols")) {
      o->ols = 1;
    } else if (!slot) {
      return unknown_option(a);
    } else if (i + 1 >= argc) {
      fprintf(stderr, PROG ": option %s needs a value (see --help)\n", a);
      return 2;
    } else if (given >> which & 1u) {
      fprintf(stderr, PROG ": option %s is given twice; give it once\n", a);
      return 2;
    } else {
      given |= 1u << which;
      *slot = argv[++i];
      o->emit_given |= slot == &o->emit;
    }
  }
  if (strcmp(o->emit, "cfg") && strcmp(o->emit, "config") && strcmp(o->emit, "params") && strcmp(o->emit, "none")) {
    char q[CG_QUOTE_SIZE];
    fprintf(stderr, PROG ": --emit '%s': accepted values are cfg, config, params, none\n",
            cg_quote(o->emit, q, sizeof q));
    return 2;
  }
  const char *why = conflict(o);
  if (why) {
    fprintf(stderr, PROG ": %s\n", why);
    return 2;
  }
  const char *in = out_is_input(o);
  if (in) {
    fprintf(stderr, PROG ": -o %s: is the input file %s; write the output to another file\n", o->out, in);
    return 2;
  }
  return -1;
}

static int parse_breaks(const char *text, long *t)
{
  const char *p = text;
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    /* digits only: strtol alone took " 1420" and "+1420" */
    if (*p < '0' || *p > '9' || end == p || errno || v <= (i ? t[i - 1] : 0) || (i < CG_P2P_THRESHOLDS - 1 ? *end != ',' : *end != '\0'))
      return -1;
    t[i] = v;
    p = end + 1;
  }
  return 0;
}

/* A quantity option, > 0. Returns 0, or 2 after printing why. */
static int positive(const char *opt, const char *text, cg_unit_kind kind, double *out)
{
  char err[512];
  if (cg_parse_quantity(text, kind, out, err, sizeof err) != 0) {
    fprintf(stderr, PROG ": %s: %s\n", opt, err);
    return 2;
  }
  if (!(*out > 0)) {
    char q[CG_QUOTE_SIZE];
    fprintf(stderr, PROG ": %s '%s': must be > 0\n", opt, cg_quote(text, q, sizeof q));
    return 2;
  }
  return 0;
}

/* The numeric options into p (breakpoints, route) and the limiter's B. */
static int parse_numbers(const options *o, cg_p2p_params *p, double *limiter_bw)
{
  if (o->breaks && parse_breaks(o->breaks, p->thresh) != 0) {
    char q[CG_QUOTE_SIZE];
    fprintf(stderr, PROG ": --breakpoints '%s': expected 4 increasing positive whole byte counts A,B,C,D\n",
            cg_quote(o->breaks, q, sizeof q));
    return 2;
  }
  int rc = 0;
  if (o->route_bw)
    rc = positive("--route-bandwidth", o->route_bw, CG_UNIT_BANDWIDTH, &p->route_bandwidth);
  if (!rc && o->route_lat)
    rc = positive("--route-latency", o->route_lat, CG_UNIT_TIME, &p->route_latency);
  if (!rc && o->bandwidth)
    rc = positive("--bandwidth", o->bandwidth, CG_UNIT_BANDWIDTH, limiter_bw);
  return rc;
}

static void warn_route(const options *o, const char *opt, double given, const char *key, double file,
                       const char *unit)
{
  char a[32], b[32]; /* six digits, or all where they would read equal */
  snprintf(a, sizeof a, "%g", given), snprintf(b, sizeof b, "%g", file);
  if (!strcmp(a, b))
    snprintf(a, sizeof a, "%.17g", given), snprintf(b, sizeof b, "%.17g", file);
  char *shown = measurements_display_name(o->params);
  fprintf(stderr, PROG ": warning: %s %s %s replaces %s = %s %s of %s\n", opt, a, unit, key, b, unit, shown);
  free(shown);
}

/* --params FILE, with the --route-* options overriding its route. */
static int load_params(const options *o, cg_p2p_params *p)
{
  char err[4096];
  double rbw = p->route_bandwidth, rlat = p->route_latency;
  if (cg_p2p_parse_file(o->params, p, err, sizeof err) != 0) {
    /* the core's message starts with the path as given: shown escaped */
    size_t n = strlen(o->params);
    char *shown = measurements_display_name(o->params);
    fprintf(stderr, PROG ": %s%s\n", strncmp(err, o->params, n) == 0 ? shown : "",
            strncmp(err, o->params, n) == 0 ? err + n : err);
    free(shown);
    return 1;
  }
  /* The option wins; a different value in the file was replaced silently. */
  if (o->route_bw && p->route_bandwidth > 0 && p->route_bandwidth != rbw)
    warn_route(o, "--route-bandwidth", rbw, "route.bandwidth", p->route_bandwidth, "B/s");
  if (o->route_lat && p->route_latency > 0 && p->route_latency != rlat)
    warn_route(o, "--route-latency", rlat, "route.latency", p->route_latency, "s");
  if (o->route_bw)
    p->route_bandwidth = rbw;
  if (o->route_lat)
    p->route_latency = rlat;
  return 0;
}

/* One series: the file's rows as a cg_p2p_samples (m owns the values). */
typedef struct series {
  measurements m;
  double *size, *duration;
  cg_p2p_samples s;
} series;

static int read_series(const char *path, series *x)
{
  char err[4096];
  if (!path)
    return 0;
  if (measurements_read(path, 2, "size,duration", &x->m, err, sizeof err) != 0) {
    fprintf(stderr, PROG ": %s\n", err);
    return -1;
  }
  x->size = cg_xmalloc(x->m.rows * sizeof *x->size);
  x->duration = cg_xmalloc(x->m.rows * sizeof *x->duration);
  for (size_t i = 0; i < x->m.rows; i++) {
    x->size[i] = x->m.v[2 * i];
    x->duration[i] = x->m.v[2 * i + 1];
  }
  x->s = (cg_p2p_samples){x->size, x->duration, x->m.rows};
  return 0;
}

static void free_series(series *x)
{
  measurements_free(&x->m);
  free(x->size);
  free(x->duration);
}

/* An R2 cell: "-" where no fit applies (the large segment has no send
 * fit, the detached and large ones no receive fit; a series not given),
 * never a "nan" that reads as a failure. */
static const char *r2_cell(double r2, int applies, char *buf, size_t len)
{
  if (!applies)
    return "-";
  snprintf(buf, len, "%.5f", r2);
  return buf;
}

static void print_table(const cg_p2p_params *p, const cg_p2p_fit_report *rep, int has_send, int has_recv)
{
  printf("segment   sizes                     os [s]      Os [s/B]    R2(send) or [s]      Or [s/B]    R2(recv) "
         "L [s]       B [B/s]     R2(pp)\n");
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    const cg_p2p_segment *g = &p->seg[s];
    char range[64], r2s[32], r2r[32];
    if (s == CG_P2P_LARGE)
      snprintf(range, sizeof range, "> %ld", p->thresh[s - 1]);
    else
      snprintf(range, sizeof range, "%ld..%ld", s ? p->thresh[s - 1] + 1 : 0, p->thresh[s]);
    printf("%-9s %-25s %-11.5g %-11.5g %-8s %-11.5g %-11.5g %-8s %-11.5g %-11.5g %.5f\n", cg_p2p_segment_name(s),
           range, g->os, g->Os,
           r2_cell(rep->fits[CG_P2P_SEND][s].r2, s != CG_P2P_LARGE && has_send, r2s, sizeof r2s), g->or_, g->Or,
           r2_cell(rep->fits[CG_P2P_RECV][s].r2, s < CG_P2P_DETACHED && has_recv, r2r, sizeof r2r), g->L, g->B,
           rep->fits[CG_P2P_PINGPONG][s].r2);
  }
}

/* Reads the measurements, fits p with the core and prints the table. */
static int fit(const options *o, cg_p2p_params *p)
{
  series pp = {0}, snd = {0}, rcv = {0};
  int rc = 1;
  if (read_series(o->pingpong, &pp) || read_series(o->send, &snd) || read_series(o->recv, &rcv))
    goto done;
  cg_p2p_fit_options fo = {o->detect, o->ols};
  cg_p2p_fit_report rep;
  char err[1024];
  if (cg_p2p_fit(&pp.s, &snd.s, &rcv.s, &fo, p, &rep, err, sizeof err) != 0) {
    const char *opt[CG_P2P_SERIES] = {"--pingpong", "--send", "--recv"};
    const char *file[CG_P2P_SERIES] = {o->pingpong, o->send, o->recv};
    if (rep.failed >= 0) {
      char *shown = measurements_display_name(file[rep.failed]);
      fprintf(stderr, PROG ": %s %s: %s\n", opt[rep.failed], shown, err);
      free(shown);
    } else {
      fprintf(stderr, PROG ": %s\n", err);
    }
    goto done;
  }
  for (size_t i = 0; i < rep.clamped_count; i++)
    fprintf(stderr, PROG ": note: fitted %s.%s = %g < 0 set to 0 (noise around a zero term)\n",
            cg_p2p_segment_name(rep.clamped[i].segment), rep.clamped[i].field, rep.clamped[i].value);
  if (rcv.s.n)
    printf("note: detached.or and detached.Or are set to 0: for detached messages the receive overhead adds to "
           "the transfer in every measurement, so L and B include it\n");
  print_table(p, &rep, snd.s.n > 0, rcv.s.n > 0);
  if (!snd.s.n || !rcv.s.n)
    printf("note: no %s data: those overheads are 0\n", !snd.s.n ? "--send" : "--recv");
  rc = 0;
done:
  free_series(&pp);
  free_series(&snd);
  free_series(&rcv);
  return rc;
}

/* Prints p as --emit asks, to -o FILE or stdout. */
static int emit(const options *o, const cg_p2p_params *p)
{
  if (!strcmp(o->emit, "none"))
    return 0;
  cg_p2p_cfg cfg;
  char err[1024];
  /* What the plugin and --params would refuse is never written. */
  if (cg_p2p_validate(p, err, sizeof err) != 0) {
    fprintf(stderr, PROG ": cannot emit --emit %s: %s (check the measurements)\n", o->emit, err);
    return 1;
  }
  if (strcmp(o->emit, "params")) {
    if (!(p->route_bandwidth > 0) || !(p->route_latency > 0)) {
      fprintf(stderr, PROG ": --emit %s needs route.bandwidth and route.latency, the platform route the "
                      "measurements were taken on: give --route-bandwidth and --route-latency\n", o->emit);
      return 1;
    }
    if (cg_p2p_to_cfg(p, &cfg, err, sizeof err) != 0) {
      fprintf(stderr, PROG ": cannot emit --emit %s: %s\n", o->emit, err);
      return 1;
    }
  }
  FILE *out = o->out ? fopen(o->out, "w") : stdout;
  if (!out) {
    char *shown = tool_display_name(o->out);
    fprintf(stderr, PROG ": -o %s: cannot open: %s\n", shown, strerror(errno));
    free(shown);
    return 1;
  }
  if (!strcmp(o->emit, "params"))
    cg_p2p_write_params(out, p);
  else if (!strcmp(o->emit, "cfg"))
    cg_p2p_write_cfg_flags(out, &cfg);
  else
    cg_p2p_write_config_block(out, &cfg);
  if (!o->out)
    return 0; /* checked with the rest of stdout */
  errno = 0;
  int bad = ferror(out);
  if (fclose(out) != 0 || bad) {
    int e = errno;
    char *shown = tool_display_name(o->out);
    fprintf(stderr, PROG ": -o %s: cannot write: %s\n", shown, e ? strerror(e) : "write error");
    free(shown);
    return 1;
  }
  return 0;
}

/* Noise allowed above the limiter factor's bound, as the rules' fit allows
 * a comm 2 % faster than size / bandwidth. */
#define SENDRECV_TOLERANCE 0.02

static int limiter(const options *o, double bw)
{
  if (!(bw > 0)) {
    fprintf(stderr, PROG ": --sendrecv needs B: give --bandwidth BW or --pingpong FILE\n");
    return 2;
  }
  measurements m;
  char err[4096];
  char *shown = measurements_display_name(o->sendrecv); /* for the row messages */
  if (measurements_read(o->sendrecv, 3, "pairs,size,duration", &m, err, sizeof err) != 0) {
    fprintf(stderr, PROG ": %s\n", err);
    free(shown);
    return 1;
  }
  for (size_t i = 0; i < m.rows; i++) {
    const double *r = m.v + 3 * i;
    /* size 0 would give a factor of 0; pairs past a million print as long cells */
    if (r[0] < 1 || r[0] > 1e6 || r[0] != floor(r[0]) || !(r[1] > 0)) {
      fprintf(stderr, PROG ": %s:%d: %s = %g: pairs is a whole number from 1 to 1000000 and size a byte count > 0 "
                      "(pairs,size,duration)\n", shown, m.lines[i], r[1] > 0 ? "pairs" : "size",
              r[1] > 0 ? r[0] : r[1]);
      measurements_free(&m);
      free(shown);
      return 1;
    }
  }
  /* Checked before any output. A row faster than both directions at B
   * means B is not the bandwidth of one transfer alone (often a
   * --bandwidth in another unit); the bound also keeps the sum finite (a
   * tiny B printed a mean of inf with exit 0). */
  double sum = 0, lo = INFINITY, hi = 0;
  for (size_t i = 0; i < m.rows; i++) {
    const double *r = m.v + 3 * i;
    double f = cg_p2p_limiter_factor(r[1], r[2], bw);
    sum += f;
    if (f > (1 + SENDRECV_TOLERANCE) * CG_P2P_LIMITER_FACTOR_MAX) {
      fprintf(stderr,
              PROG ": %s:%d: (Bs+Br)/B = %.5g with B = %.6g B/s: faster than both directions at B (2 x %.0f B in "
                   "%g s); accepted: (Bs+Br)/B <= %g, within %g %% for noise, B being the bandwidth of one transfer "
                   "alone (--bandwidth, or the fitted large.B)\n",
              shown, m.lines[i], f, bw, r[1], r[2], CG_P2P_LIMITER_FACTOR_MAX, 100 * SENDRECV_TOLERANCE);
      measurements_free(&m);
      free(shown);
      return 1;
    }
    lo = fmin(lo, f);
    hi = fmax(hi, f);
  }
  printf("pairs size        duration    (Bs+Br)/B\n");
  for (size_t i = 0; i < m.rows; i++) {
    const double *r = m.v + 3 * i;
    printf("%-5.0f %-11.0f %-11.6g %.4f\n", r[0], r[1], r[2], cg_p2p_limiter_factor(r[1], r[2], bw));
  }
  printf("limiter factor (Bs+Br)/B = %.4f (min %.4f, max %.4f, %zu rows; B = %.6g B/s)\n", sum / (double)m.rows, lo,
         hi, m.rows, bw);
  measurements_free(&m);
  free(shown);
  return 0;
}

int main(int argc, char **argv)
{
  int version_rc = tool_version_option(PROG, argc, argv);
  if (version_rc >= 0)
    return version_rc;
  options o;
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  cg_p2p_params p;
  cg_p2p_defaults(&p);
  double limiter_bw = 0;
  rc = parse_numbers(&o, &p, &limiter_bw);
  if (!rc && o.params)
    rc = load_params(&o, &p);
  if (!rc && o.pingpong)
    rc = fit(&o, &p);
  if (!rc && (o.pingpong || o.params))
    rc = emit(&o, &p);
  if (!rc && o.sendrecv)
    rc = limiter(&o, limiter_bw > 0 ? limiter_bw : p.seg[CG_P2P_LARGE].B);
  if (tool_close_output(PROG, stdout, NULL) != 0 && !rc) /* a full disk, a closed pipe */
    rc = 1;
  return rc;
}
