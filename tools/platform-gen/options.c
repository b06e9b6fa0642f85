/* Option parsing: every value is checked, and every error names the option
 * and what it accepts. */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/quote.h"
#include "contention/units.h"
#include "output.h"
#include "speed.h"
#include "writer.h"

#define PROG "contention-platform-gen"
#define MAX_NODES_PER_CABINET 100000L
#define MAX_FULL_NODES 2048L /* a Full zone stores n^2 routes */

void pgen_usage(FILE *out)
{
  fprintf(out,
          "usage: " PROG " --nodes N[,N...] --bw BANDWIDTH [options]\n"
          "Writes a SimGrid 3.32 platform (XML) for a single-switch or a hierarchical cluster.\n"
          "  --layout single|hierarchical  one switch (default), or cabinets joined by uplinks\n"
          "  --sharing splitduplex|shared|fatpipe  node links: up+down links in a <cluster> (default),\n"
          "                                one SHARED link per node in a <cluster>, or one FATPIPE link\n"
          "                                per node in a Full zone (single only: no link limits any flow)\n"
          "  --nodes N | N1,N2,...         hosts (per cabinet with --cabinets; a list gives each cabinet)\n"
          "  --cabinets K                  number of cabinets (hierarchical)\n"
          "  --cores C                     cores per host (default 1)\n"
          "  --speed SPEED                 speed per core, e.g. 2.53Gf (default 1Gf)\n"
          "  --bw BANDWIDTH --lat TIME     each node's link, e.g. 1Gbps 24us (lat default 0s)\n"
          "  --limiter F                   limiter link of F x --bw per node, F >= 1 (not fatpipe)\n"
          "  --loopback-bw BW --loopback-lat TIME  link for comms inside a host (default: none)\n"
          "  --bb-bw BW --bb-lat TIME      each cabinet's uplink (hierarchical), or the switch backbone\n"
          "                                of a single <cluster> (FATPIPE: a non-blocking switch); lat 0s\n"
          "  --bb-limiter BW               each cabinet's limiter link shared by its in and out flows\n"
          "  --id NAME                     id of the top zone (default cluster)\n"
          "  --prefix P --first I          host names P<I>, P<I+1>, ... (default node-, 1)\n"
          "  --comment TEXT                a line for the header comment (repeatable)\n"
          "  -o, --output FILE             write there instead of stdout\n"
          "  -h, --help, --version         this text; the tool's version\n"
          "Bandwidths take SimGrid suffixes (%s),\n"
          "times (%s).\n",
          cg_unit_suffixes(CG_UNIT_BANDWIDTH), cg_unit_suffixes(CG_UNIT_TIME));
}

static int fail(const char *opt, const char *fmt, const char *value)
{
  fprintf(stderr, PROG ": %s: ", opt);
  fprintf(stderr, fmt, value);
  fputc('\n', stderr);
  return 2;
}

/* fail() with the user's text quoted: a value holding a newline made the
 * message two lines. */
static int fail_quoted(const char *opt, const char *fmt, const char *value)
{
  char q[CG_QUOTE_SIZE];
  return fail(opt, fmt, cg_quote(value, q, sizeof q));
}

/* 1 if text is UTF-8 without control characters: what an XML comment may
 * hold (a byte such as 0x01 or 0xFF made the platform not well-formed). */
static int printable_utf8(const unsigned char *p)
{
  while (*p) {
    int n = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
    if (n < 0 || *p < 0x20 || *p == 0x7F || (n == 1 && *p < 0xC2) || (n == 3 && *p > 0xF4))
      return 0;
    /* overlong forms, UTF-16 surrogates, past U+10FFFF */
    if ((*p == 0xE0 && p[1] < 0xA0) || (*p == 0xED && p[1] >= 0xA0) || (*p == 0xF0 && p[1] < 0x90) ||
        (*p == 0xF4 && p[1] >= 0x90))
      return 0;
    for (int i = 1; i <= n; i++)
      if ((p[i] & 0xC0) != 0x80)
        return 0;
    p += n + 1;
  }
  return 1;
}

static int parse_quantity(const char *opt, const char *v, cg_unit_kind kind, int positive, double *out)
{
  char err[512];
  if (cg_parse_quantity(v, kind, out, err, sizeof err) != 0)
    return fail(opt, "%s", err);
  if (positive && *out <= 0)
    return fail(opt, "must be positive, got '%s'", v);
  return 0;
}

static int parse_long(const char *opt, const char *v, long lo, long hi, long *out)
{
  char *end = NULL;
  errno = 0;
  long n = strtol(v, &end, 10);
  /* strtol skips leading blanks and a '+': the other tools refuse ' 1' */
  if (!(isdigit((unsigned char)v[0]) || (v[0] == '-' && isdigit((unsigned char)v[1]))) || end == v || *end != '\0' || errno != 0 || n < lo || n > hi) {
    char q[CG_QUOTE_SIZE];
    fprintf(stderr, PROG ": %s: expected an integer in [%ld, %ld], got '%s'\n", opt, lo, hi, cg_quote(v, q, sizeof q));
    return 2;
  }
  *out = n;
  return 0;
}

/* Names end up in XML attributes, SimGrid ids and the header comment
 * (where "--" is not allowed): keep them plain. */
static int check_name(const char *opt, const char *v, int allow_empty)
{
  size_t n = strlen(v);
  if ((n == 0 && !allow_empty) || strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") != n ||
      strstr(v, "--"))
    return fail_quoted(opt, "expected letters, digits, '_', '.' or single '-', got '%s'", v);
  return 0;
}

static int parse_nodes(const char *v, pgen_options *o)
{
  char buf[8192];
  if (strlen(v) >= sizeof buf)
    return fail_quoted("--nodes", "list too long: '%s'", v);
  strcpy(buf, v);
  o->cabinets = 0;
  if (v[0] == '\0' || v[0] == ',' || v[strlen(v) - 1] == ',' || strstr(v, ",,"))
    return fail_quoted("--nodes", "expected N or a list N1,N2,... of positive integers, got '%s'", v);
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    if (o->cabinets == PGEN_MAX_CABINETS)
      return fail_quoted("--nodes", "at most 1024 cabinets, got '%s'", v);
    if (parse_long("--nodes", tok, 1, MAX_NODES_PER_CABINET, &o->nodes[o->cabinets]) != 0)
      return 2;
    o->cabinets++;
  }
  return 0;
}

/* Every value goes into the file as PGEN_NUM text, which SimGrid reads
 * back with strtod and refuses when it overflows (inf) or underflows
 * (subnormals: "value out of range"). Values are kept in a range far from
 * both ends, zero allowed for latencies only. */
#define PGEN_MIN_VALUE 1e-300
#define PGEN_MAX_VALUE 1e300

static int check_written(const char *opt, double v, const char *unit, const char *what, int zero_ok)
{
  if ((zero_ok && v == 0) || (v >= PGEN_MIN_VALUE && v <= PGEN_MAX_VALUE))
    return 0;
  char text[64];
  snprintf(text, sizeof text, PGEN_NUM, v);
  fprintf(stderr, PROG ": %s: %s would be %s %s (accepted: %sbetween %g and %g %s)\n", opt, what, text, unit,
          zero_ok ? "0 or " : "", PGEN_MIN_VALUE, PGEN_MAX_VALUE, unit);
  return 2;
}

/* Every quantity the writer will print, with the option it comes from. */
static int check_values(const pgen_options *o)
{
  /* Bandwidths of absent links (0) are not written. */
  struct { const char *opt; double v; const char *unit, *what; int zero_ok; } q[] = {
    {"--bw", o->bw, "B/s", "the node bandwidth", 0},
    {"--lat", o->lat, "s", "the node latency", 1},
    {"--limiter", o->limiter * o->bw, "B/s", "the limiter bandwidth (F x --bw)", o->limiter == 0},
    {"--speed", o->speed, "flop/s", "the core speed", 0},
    {"--loopback-bw", o->loopback_bw, "B/s", "the loopback bandwidth", 1},
    {"--loopback-lat", o->loopback_lat, "s", "the loopback latency", 1},
    {"--bb-bw", o->bb_bw, "B/s", "the backbone bandwidth", 1},
    {"--bb-lat", o->bb_lat, "s", "the backbone latency", 1},
    {"--bb-limiter", o->bb_limiter, "B/s", "the cabinet limiter bandwidth", 1},
  };
  for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
    if (check_written(q[i].opt, q[i].v, q[i].unit, q[i].what, q[i].zero_ok) != 0)
      return 2;
  return -1;
}

/* Whether `name` is one of the host names, prefix + I for I in
 * [first, first + hosts - 1] written in decimal. */
static int is_host_name(const pgen_options *o, const char *name, long hosts)
{
  size_t n = strlen(o->prefix);
  if (strncmp(name, o->prefix, n) != 0)
    return 0;
  const char *d = name + n;
  if (!isdigit((unsigned char)d[0]) || (d[0] == '0' && d[1]) || strspn(d, "0123456789") != strlen(d) || strlen(d) > 18)
    return 0;
  long i = strtol(d, NULL, 10);
  return i >= o->first && i - o->first < hosts;
}

/* A host named as a zone (the top one, or a cabinet's "ID-cabK") made a
 * platform SimGrid refuses ("Refusing to create a second NetZone called
 * 'c-cab2'" for --id c --prefix c-cab): hosts and zones share one name
 * space. Returns 2 after the error, else 0. */
static int check_name_clash(const pgen_options *o)
{
  long hosts = 0;
  for (int c = 0; c < o->cabinets; c++)
    hosts += o->nodes[c];
  /* Sized for the id: a fixed buffer skipped the check for a long --id,
   * and SimGrid refused the platform written. */
  size_t size = strlen(o->id) + 32;
  char *zone = cg_xmalloc(size);
  int zones = o->layout == PGEN_HIERARCHICAL ? o->cabinets : 0;
  for (int c = 0; c <= zones; c++) {
    if (c == 0)
      snprintf(zone, size, "%s", o->id);
    else
      snprintf(zone, size, "%s-cab%d", o->id, c);
    if (is_host_name(o, zone, hosts)) {
      fprintf(stderr, PROG ": --prefix: host '%s' would have the name of a zone (--id %s names the zone%s %s%s%s%s): "
                      "choose a --prefix or an --id that host names cannot repeat\n",
              zone, o->id, zones ? "s" : "", o->id, zones ? ", " : "", zones ? o->id : "", zones ? "-cab1, ..." : "");
      free(zone);
      return 2;
    }
  }
  free(zone);
  return 0;
}

/* Cross-option rules, once everything is read. */
static int check_combination(pgen_options *o, int set_cabinets, long cabinets, int have_nodes, int have_bb)
{
  if (!have_nodes)
    return fail("--nodes", "%s", "missing (the number of hosts, or a list of hosts per cabinet)");
  if (o->bw <= 0)
    return fail("--bw", "%s", "missing (the bandwidth of each node's link, e.g. 1Gbps)");
  if (o->layout == PGEN_SINGLE) {
    if (o->cabinets > 1 || set_cabinets)
      return fail("--layout", "%s", "single takes one --nodes N and no --cabinets (use --layout hierarchical)");
    if (o->bb_limiter > 0)
      return fail("--bb-limiter", "%s", "applies to --layout hierarchical only");
    if (have_bb && o->bb_bw <= 0)
      return fail("--bb-bw", "%s", "missing (--bb-lat needs the backbone's bandwidth, e.g. 10Gbps)");
    if (have_bb && o->sharing == PGEN_FATPIPE)
      return fail("--bb-bw", "%s", "needs a <cluster> (--sharing splitduplex or shared): the fatpipe zone has no backbone");
  } else {
    if (o->sharing == PGEN_FATPIPE)
      return fail("--sharing", "%s", "fatpipe is available with --layout single only");
    if (set_cabinets) {
      if (o->cabinets == 1) {
        if (cabinets > PGEN_MAX_CABINETS)
          return fail("--cabinets", "%s", "at most 1024");
        for (long c = 1; c < cabinets; c++)
          o->nodes[c] = o->nodes[0];
        o->cabinets = (int)cabinets;
      } else if (o->cabinets != cabinets) {
        return fail("--cabinets", "%s", "does not match the number of counts given to --nodes");
      }
    }
    if (o->bb_bw <= 0)
      return fail("--bb-bw", "%s", "missing (the bandwidth of each cabinet's uplink, e.g. 10Gbps)");
  }
  if (o->sharing == PGEN_FATPIPE) {
    if (o->limiter > 0)
      return fail("--limiter", "%s", "needs --sharing splitduplex or shared (fatpipe links are never shared)");
    if (o->nodes[0] > MAX_FULL_NODES)
      return fail("--nodes", "%s", "--sharing fatpipe writes n^2 routes: at most 2048 hosts");
  }
  if (o->loopback_lat > 0 && o->loopback_bw <= 0)
    return fail("--loopback-lat", "%s", "needs --loopback-bw");
  if (check_name_clash(o) != 0)
    return 2;
  return check_values(o);
}

int pgen_parse(int argc, char **argv, pgen_options *o)
{
  memset(o, 0, sizeof *o);
  o->id = "cluster";
  o->prefix = "node-";
  o->first = 1;
  o->cores = 1;
  o->speed = 1e9;
  int set_cabinets = 0, have_nodes = 0, have_bb = 0;
  long cabinets = 0;
  unsigned long given = 0; /* options seen: a second value would silently win */
  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i];
    if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
      pgen_usage(stdout);
      return tool_close_output(PROG, stdout, NULL) != 0; /* a full disk is no success */
    }
    static const char *const known[] = {"--layout", "--sharing", "--nodes", "--cabinets", "--cores", "--speed",
                                        "--bw", "--lat", "--limiter", "--loopback-bw", "--loopback-lat",
                                        "--bb-bw", "--bb-lat", "--bb-limiter", "--id", "--prefix", "--first",
                                        "--comment", "-o", "--output", NULL};
    int k = 0;
    while (known[k] && strcmp(known[k], opt) != 0)
      k++;
    if (!known[k]) {
      char q[CG_QUOTE_SIZE];
      fprintf(stderr, PROG ": unknown option '%s' (accepted: --layout, --sharing, --nodes, --cabinets, --cores, "
                      "--speed, --bw, --lat, --limiter, --loopback-bw, --loopback-lat, --bb-bw, --bb-lat, "
                      "--bb-limiter, --id, --prefix, --first, --comment, -o/--output, -h/--help)\n", cg_quote(opt, q, sizeof q));
      return 2;
    }
    if (i + 1 >= argc)
      return fail(opt, "%s", "missing value");
    int slot = strcmp(opt, "--output") == 0 ? k - 1 : k; /* -o and --output are one option */
    if (strcmp(opt, "--comment") != 0 && (given >> slot & 1ul)) {
      fprintf(stderr, PROG ": option %s is given twice; give it once (only --comment repeats)\n", opt);
      return 2;
    }
    given |= 1ul << slot;
    const char *v = argv[++i];
    int rc = 0;
    long n = 0;
    if (strcmp(opt, "--layout") == 0) {
      if (strcmp(v, "single") == 0)
        o->layout = PGEN_SINGLE;
      else if (strcmp(v, "hierarchical") == 0)
        o->layout = PGEN_HIERARCHICAL;
      else
        rc = fail_quoted(opt, "unknown layout '%s' (accepted: single, hierarchical)", v);
    } else if (strcmp(opt, "--sharing") == 0) {
      if (strcmp(v, "splitduplex") == 0)
        o->sharing = PGEN_SPLITDUPLEX;
      else if (strcmp(v, "shared") == 0)
        o->sharing = PGEN_SHARED;
      else if (strcmp(v, "fatpipe") == 0)
        o->sharing = PGEN_FATPIPE;
      else
        rc = fail_quoted(opt, "unknown sharing '%s' (accepted: splitduplex, shared, fatpipe)", v);
    } else if (strcmp(opt, "--nodes") == 0) {
      rc = parse_nodes(v, o);
      have_nodes = 1;
    } else if (strcmp(opt, "--cabinets") == 0) {
      rc = parse_long(opt, v, 1, PGEN_MAX_CABINETS, &cabinets);
      set_cabinets = 1;
    } else if (strcmp(opt, "--cores") == 0) {
      rc = parse_long(opt, v, 1, 1024, &n);
      o->cores = (int)n;
    } else if (strcmp(opt, "--first") == 0) {
      rc = parse_long(opt, v, 0, 1000000000L, &o->first);
    } else if (strcmp(opt, "--speed") == 0) {
      char err[512];
      if (pgen_parse_speed(v, &o->speed, err, sizeof err) != 0)
        rc = fail(opt, "%s", err);
    } else if (strcmp(opt, "--bw") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_BANDWIDTH, 1, &o->bw);
    } else if (strcmp(opt, "--lat") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_TIME, 0, &o->lat);
    } else if (strcmp(opt, "--limiter") == 0) {
      char *end = NULL;
      o->limiter = strtod(v, &end);
      if (end == v || *end != '\0' || !isfinite(o->limiter) || o->limiter < 1 ||
          strspn(v, "0123456789.eE+") != strlen(v))
        rc = fail_quoted(opt, "expected a factor F >= 1 (limiter bandwidth = F x --bw), got '%s'", v);
    } else if (strcmp(opt, "--loopback-bw") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_BANDWIDTH, 1, &o->loopback_bw);
    } else if (strcmp(opt, "--loopback-lat") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_TIME, 0, &o->loopback_lat);
    } else if (strcmp(opt, "--bb-bw") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_BANDWIDTH, 1, &o->bb_bw);
      have_bb = 1;
    } else if (strcmp(opt, "--bb-lat") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_TIME, 0, &o->bb_lat);
      have_bb = 1;
    } else if (strcmp(opt, "--bb-limiter") == 0) {
      rc = parse_quantity(opt, v, CG_UNIT_BANDWIDTH, 1, &o->bb_limiter);
      have_bb = 1;
    } else if (strcmp(opt, "--id") == 0) {
      rc = check_name(opt, v, 0);
      o->id = v;
    } else if (strcmp(opt, "--prefix") == 0) {
      rc = check_name(opt, v, 1);
      o->prefix = v;
    } else if (strcmp(opt, "--comment") == 0) {
      /* An XML comment may not contain "--" nor end with '-'. */
      if (o->comment_count == PGEN_MAX_COMMENTS)
        rc = fail(opt, "%s", "at most 32 lines");
      else if (strstr(v, "--") || (v[0] && v[strlen(v) - 1] == '-')) {
        char q[CG_QUOTE_SIZE];
        rc = fail(opt, "an XML comment cannot contain '--' or end with '-': '%s'", cg_quote(v, q, sizeof q));
      } else if (!printable_utf8((const unsigned char *)v)) {
        char q[CG_QUOTE_SIZE];
        rc = fail(opt, "accepted: UTF-8 text without control characters (it goes into an XML comment), got '%s'",
                  cg_quote(v, q, sizeof q));
      } else
        o->comments[o->comment_count++] = v;
    } else {
      o->output = v;
    }
    if (rc != 0)
      return rc;
  }
  return check_combination(o, set_cabinets, cabinets, have_nodes, have_bb);
}
