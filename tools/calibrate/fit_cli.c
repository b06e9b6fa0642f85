/* contention-calibrate --fit TECH|auto MEASUREMENTS...: each file is one
 * measured scheme (a scenario with 'measured' on every comm); the core
 * fits the technology's parameters (fit_params.h); this file checks the
 * input and prints. */
#include "fit_cli.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "comm_error.h"
#include "contention/alloc.h"
#include "contention/fit_params.h"
#include "contention/units.h"
#include "contention/quote.h"
#include "output.h"
#include "scenario.h"

/* A comm may be this much faster than size / bandwidth (measurement noise
 * on an uncontended comm) before it is refused. */
#define FASTER_TOLERANCE 0.02

typedef struct fit_opts {
  const char *tech; /* a name or "auto" */
  double noise;
  long max_eval;
  const char *emit_file;
  const char **files;
  size_t nfiles;
  const char **pnames, **pvalues; /* --param NAME=VALUE (start values) */
  size_t nparams;
  const char **hnames, **hvalues; /* --hold NAME[=VALUE] (value NULL: the start value) */
  size_t nholds;
  int limiter;                    /* --limiter, or a --param/--hold of limiter */
} fit_opts;

void fit_usage(FILE *out)
{
  fprintf(out,
          "\n"
          "Fit of a technology's parameters (Vienne et al. 2008 sec. IV-V; doc/calibration.md):\n"
          "  " "contention-calibrate --fit TECH|auto [--limiter] [--noise REL]\n"
          "                       [--param NAME=VALUE]... [--hold NAME[=VALUE]]...\n"
          "                       [--max-evaluations N] [--emit cfg FILE] SCHEME.xml...\n"
          "Each file is one measured scheme (every comm with 'measured', one size per\n"
          "file; contention-bench writes them). The fit minimises the squared relative\n"
          "errors of the step solver's times and prints the values as\n"
          "contention/TECH/NAME:VALUE lines, the in-sample E_abs, the leave-one-scheme-out\n"
          "E_abs, and per parameter the range over which E_abs stays within --noise\n"
          "(default 0.01) of its minimum. --fit auto fits every technology, names the one\n"
          "of smallest held-out E_abs and prints its --cfg flags.\n"
          "  --limiter            also fit a limiter on every host: a link of both\n"
          "                       directions of LIMITER x B (range [1, 3]) shared max-min\n"
          "                       by the comms to and from the host; printed as the\n"
          "                       <cluster limiter_link> of the platform (B: the schemes'\n"
          "                       bandwidth) and contention-platform-gen --limiter LIMITER\n"
          "  --param NAME=VALUE   start value of a parameter (NAME: the technology's, or\n"
          "                       limiter, which implies --limiter)\n"
          "  --hold NAME[=VALUE]  hold NAME at VALUE (default: its --param or default\n"
          "                       value) during the fit, e.g. one the schemes cannot\n"
          "                       identify; with --fit auto only limiter is accepted\n"
          "  --emit cfg FILE      the --cfg flags, one per line, for smpirun $(cat FILE)\n"
          "                       (the limiter is the platform's: not in FILE)\n"
          "Exit status 1 when a parameter that is not held cannot be identified from\n"
          "the schemes or the search does not converge; 2 on a bad option, an unknown\n"
          "parameter name or every parameter held.\n");
}

static int usage_error(const char *prog, const char *msg, const char *arg)
{
  char q[128];
  fprintf(stderr, "%s: %s%s%s (see --help)\n", prog, msg, arg ? ": " : "", arg ? cg_quote(arg, q, sizeof q) : "");
  return 2;
}

/* Returns -1 to go on, else the exit status (0 after --help or
 * --list-technologies, 1 if writing them failed, 2 on a usage error). */
static int parse_args(const char *prog, int argc, char **argv, void (*usage)(FILE *), fit_opts *o)
{
  *o = (fit_opts){.noise = 0.01, .max_eval = 0};
  o->files = cg_xcalloc((size_t)argc, sizeof *o->files);
  o->pnames = cg_xcalloc((size_t)argc, sizeof *o->pnames);
  o->pvalues = cg_xcalloc((size_t)argc, sizeof *o->pvalues);
  o->hnames = cg_xcalloc((size_t)argc, sizeof *o->hnames);
  o->hvalues = cg_xcalloc((size_t)argc, sizeof *o->hvalues);
  /* --fit, --noise, --max-evaluations, --emit: a second value would
   * silently win. */
  static const char *const once[] = {"--fit", "--noise", "--max-evaluations", "--emit"};
  unsigned given = 0;
  const char *fit_option = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int more = i + 1 < argc;
    for (unsigned k = 0; k < sizeof once / sizeof *once; k++)
      if (!strcmp(a, once[k]) && (given >> k & 1u)) {
        fprintf(stderr, "%s: option %s is given twice; give it once (see --help)\n", prog, a);
        return 2;
      } else if (!strcmp(a, once[k])) {
        given |= 1u << k;
      }
    if (!strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "--list-technologies")) {
      if (strcmp(a, "--list-technologies"))
        usage(stdout);
      else
        cli_list_technologies();
      return tool_close_output(prog, stdout, NULL) != 0;
    }
    /* No technology's name begins with '-': "--fit --help" is --fit
     * without its name, then --help (it took "--help" as the name). */
    if (!strcmp(a, "--fit") && more && argv[i + 1][0] == '-' && argv[i + 1][1] != '\0')
      fit_option = argv[i + 1];
    else if (!strcmp(a, "--fit") && more)
      o->tech = argv[++i];
    else if (!strcmp(a, "--noise") && more) {
      char unused[256]; /* a plain decimal number: strtod alone took 0x0.1p0 */
      if (cg_parse_number(argv[++i], &o->noise, unused, sizeof unused) != 0 || !(o->noise >= 0 && o->noise < 1))
        return usage_error(prog, "--noise takes a relative error in [0, 1), e.g. 0.01", argv[i]);
    } else if (!strcmp(a, "--max-evaluations") && more) {
      char *end;
      errno = 0;
      o->max_eval = strtol(argv[++i], &end, 10);
      /* strtol alone took " 50" and "+50": digits only, as every other number option */
      if (*end || errno || !isdigit((unsigned char)argv[i][0]) || o->max_eval < 10 || o->max_eval > 10000000)
        return usage_error(prog, "--max-evaluations takes an integer in [10, 10000000]", argv[i]);
    } else if (!strcmp(a, "--emit") && i + 2 < argc) {
      if (strcmp(argv[i + 1], "cfg"))
        return usage_error(prog, "--emit takes 'cfg FILE' in --fit mode", argv[i + 1]);
      o->emit_file = argv[i + 2];
      i += 2;
    } else if (!strcmp(a, "--param") && more) {
      char *eq = strchr(argv[++i], '=');
      if (!eq)
        return usage_error(prog, "--param takes NAME=VALUE", argv[i]);
      *eq = '\0';
      o->pnames[o->nparams] = argv[i];
      o->pvalues[o->nparams++] = eq + 1;
      o->limiter |= !strcmp(argv[i], "limiter");
    } else if (!strcmp(a, "--hold") && more) {
      char *eq = strchr(argv[++i], '=');
      if (eq)
        *eq = '\0';
      if (!argv[i][0])
        return usage_error(prog, "--hold takes NAME or NAME=VALUE, got an empty NAME", NULL);
      o->hnames[o->nholds] = argv[i];
      o->hvalues[o->nholds++] = eq ? eq + 1 : NULL;
      o->limiter |= !strcmp(argv[i], "limiter");
    } else if (!strcmp(a, "--limiter"))
      o->limiter = 1;
    else if (a[0] == '-' && a[1] != '\0') /* "-" alone is standard input */
      return usage_error(prog,
                         "unknown or incomplete option in --fit mode (accepted: --fit TECH|auto, --limiter, "
                         "--noise REL, --param NAME=VALUE, --hold NAME[=VALUE], --max-evaluations N, "
                         "--emit cfg FILE, -h/--help, --list-technologies)",
                         a);
    else
      o->files[o->nfiles++] = a;
  }
  if (!o->tech && fit_option)
    return usage_error(prog, "--fit takes a technology name or auto, got the option", fit_option);
  if (!o->tech)
    return usage_error(prog, "--fit takes a technology name or auto", NULL);
  if (o->nfiles == 0)
    return usage_error(prog, "--fit needs measured schemes: one scenario file per scheme", NULL);
  /* A scheme given twice counted twice: its held-out error was an
   * in-sample one (the other copy fitted it). */
  struct stat sa, sb;
  for (size_t a = 0; a < o->nfiles; a++)
    for (size_t b = 0; b < a; b++)
      if ((!strcmp(o->files[a], "-") && !strcmp(o->files[b], "-")) || /* stdin twice: the second read was empty */
          (stat(o->files[a], &sa) == 0 && stat(o->files[b], &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino))
        return usage_error(prog, "this scheme file is given twice (accepted: each scheme once)", o->files[a]);
  /* fopen("w") of --emit would replace a scheme by the flags (same device
   * and inode: another spelling of the path is the same file). */
  struct stat se, sf;
  if (o->emit_file && stat(o->emit_file, &se) == 0)
    for (size_t k = 0; k < o->nfiles; k++)
      if (stat(o->files[k], &sf) == 0 && sf.st_dev == se.st_dev && sf.st_ino == se.st_ino)
        return usage_error(prog, "--emit cfg FILE: FILE is a scheme file; write the flags to another file",
                           o->files[k]);
  return -1;
}

/* Checks that sc is a measured scheme the fit can use. */
static int check_scheme(const scenario *sc, char *err, size_t errlen)
{
  for (size_t i = 0; i < sc->comm_count; i++) {
    const scenario_comm *c = &sc->comms[i];
    char why[300] = "";
    double floor = c->size / sc->bandwidth;
    if (c->measured < 0)
      snprintf(why, sizeof why, "has no 'measured' time: the fit needs measured=\"SECONDS\" (> 0) on every comm");
    else if (c->src == c->dst)
      snprintf(why, sizeof why, "has src == dst: intra-host comms are not modelled; accepted: two distinct hosts");
    else if (!(c->size > 0))
      snprintf(why, sizeof why, "has size 0: accepted: a size > 0, the same for every comm of the scheme");
    else if (c->size != sc->comms[0].size)
      snprintf(why, sizeof why,
               "has size %.17g, the scheme's first comm %.17g: accepted: one size for every comm of a scheme "
               "(one scheme per file)",
               c->size, sc->comms[0].size);
    else if (c->measured < (1 - FASTER_TOLERANCE) * floor)
      snprintf(why, sizeof why,
               "measured %g s is faster than the scenario's bandwidth allows (size / bandwidth = %g s): "
               "accepted: measured >= size / bandwidth, within %g %% for noise",
               c->measured, floor, 100 * FASTER_TOLERANCE);
    if (why[0]) {
      snprintf(err, errlen, "%s:%d: comm '%s' %s", sc->file, c->line, c->id, why);
      return -1;
    }
  }
  return 0;
}

typedef struct loaded {
  scenario *sc;
  cg_fit_scheme *s;
  cg_step_comm **comms;
  double **measured;
  size_t count, total;
} loaded;

static void free_loaded(loaded *l)
{
  for (size_t k = 0; k < l->count; k++) {
    scenario_free(&l->sc[k]);
    free(l->comms[k]);
    free(l->measured[k]);
  }
  free(l->sc), free(l->s), free(l->comms), free(l->measured);
}

static int load_all(const char *prog, const fit_opts *o, loaded *l)
{
  *l = (loaded){0};
  l->sc = cg_xcalloc(o->nfiles, sizeof *l->sc);
  l->s = cg_xcalloc(o->nfiles, sizeof *l->s);
  l->comms = cg_xcalloc(o->nfiles, sizeof *l->comms);
  l->measured = cg_xcalloc(o->nfiles, sizeof *l->measured);
  char err[1024];
  for (size_t k = 0; k < o->nfiles; k++) {
    scenario *sc = &l->sc[k];
    l->count = k + 1;
    if (scenario_load(o->files[k], sc, err, sizeof err) || check_scheme(sc, err, sizeof err)) {
      fprintf(stderr, "%s: %s\n", prog, err);
      return -1;
    }
    int later = 0;
    for (size_t i = 0; i < sc->comm_count; i++)
      later |= sc->comms[i].has_later;
    if (sc->all_given || later) /* they went unused silently */
      fprintf(stderr, "%s: %s: warning: the comms' '%s' are not used: the fit predicts with the rules of the "
                      "technologies it fits\n", prog, sc->file, sc->all_given ? "penalties" : "later-penalties");
    l->comms[k] = cg_xcalloc(sc->comm_count, sizeof **l->comms);
    l->measured[k] = cg_xcalloc(sc->comm_count, sizeof **l->measured);
    for (size_t i = 0; i < sc->comm_count; i++) {
      const scenario_comm *c = &sc->comms[i];
      l->comms[k][i] = (cg_step_comm){.src = c->src, .dst = c->dst, .size = c->size, .start = c->start};
      l->measured[k][i] = c->measured;
    }
    l->s[k] = (cg_fit_scheme){l->comms[k], l->measured[k], sc->comm_count, 1.0 / sc->bandwidth,
                              sc->racks,   sc->host_count};
    l->total += sc->comm_count;
  }
  if (o->nfiles < 2) {
    fprintf(stderr,
            "%s: %s: one scheme only: the fit needs at least two schemes (one file each), one to hold out "
            "while the others fit; a single scheme cannot tell the parameters apart either\n",
            prog, l->sc[0].file);
    return -1;
  }
  return 0;
}

/* Where a parameter acts, for the message of one that cannot be fitted. */
static const char *where_it_acts(const char *tech, const char *name)
{
  static const char *const hints[][3] = {
    {"gige", "beta", "a host sending to several destinations (out-conflict)"},
    {"gige", "gamma_o", "a host sending to destinations of different in-degrees (mixed out-conflict)"},
    {"gige", "gamma_i", "a host receiving from sources of different out-degrees (mixed in-conflict)"},
    {"hier-ethernet", "nic", "hosts in racks ('rack' of <host>) with flows across racks"},
    {"hier-ethernet", "backbone", "more flows from one rack to another than backbone / nic ('rack' of <host>)"},
    {"gige", "recv", "a host that sends and receives at once"},
    {"infinihost", "recv", "a host that sends and receives at once"},
    {"*", "limiter", "a host whose comms, sent and received, want more than the limiter"},
  };
  for (size_t i = 0; i < sizeof hints / sizeof *hints; i++)
    if ((!strcmp(hints[i][0], tech) || !strcmp(hints[i][0], "*")) && !strcmp(hints[i][1], name))
      return hints[i][2];
  return "comms whose penalty it changes";
}

/* The names --hold accepts for t: its model parameters, then limiter. */
static void fit_names(const cg_tech *t, char *buf, size_t len)
{
  size_t at = 0;
  buf[0] = '\0';
  for (size_t p = 0; p < t->param_count && at < len; p++)
    if (cg_fit_is_model_param(t, p))
      at += (size_t)snprintf(buf + at, len - at, "%s, ", t->params[p].name);
  if (at < len)
    snprintf(buf + at, len - at, "%s", cg_fit_limiter_param.name);
}

/* Index of fit parameter `name` of t, or -1. */
static long fit_index(const cg_tech *t, const char *name, int model_only)
{
  for (size_t p = 0; p < t->param_count; p++)
    if (!strcmp(t->params[p].name, name) && (!model_only || cg_fit_is_model_param(t, p)))
      return (long)p;
  return strcmp(name, cg_fit_limiter_param.name) ? -1 : (long)t->param_count;
}

/* Sets fit parameter p of t from text (opt names the option for errors). */
static int set_value(const char *prog, const char *opt, const cg_tech *t, double *values, size_t p,
                     const char *text)
{
  char err[512], q[128];
  if (p < t->param_count) {
    if (cg_tech_set_param(t, values, t->params[p].name, text, err, sizeof err) == 0)
      return 0;
    fprintf(stderr, "%s: %s: %s\n", prog, opt, err);
    return -1;
  }
  const cg_tech_param *lp = &cg_fit_limiter_param;
  double v;
  char perr[8];
  if (cg_parse_number(text, &v, perr, sizeof perr) != 0 || !(v >= lp->min_value && v <= lp->max_value)) {
    fprintf(stderr, "%s: %s: invalid value '%s' for limiter: expected a ratio of the bandwidth in [%g, %g]\n",
            prog, opt, cg_quote(text, q, sizeof q), lp->min_value, lp->max_value);
    return -1;
  }
  values[p] = v;
  return 0;
}

/* The index of parameter `name` of option opt (by_hold: as --hold accepts
 * it), with its value, when given, set in start; -1 after the error line
 * (an unknown name lists the accepted ones). */
static long named_param(const char *prog, const char *opt, const cg_tech *t, const char *names, const char *name,
                        const char *value, int by_hold, double *start)
{
  long p = fit_index(t, name, by_hold);
  if (p < 0) {
    char q[128];
    fprintf(stderr, "%s: %s %s: unknown parameter of %s; accepted: %s\n", prog, opt, cg_quote(name, q, sizeof q),
            t->name, names);
    return -1;
  }
  if (value && set_value(prog, opt, t, start, (size_t)p, value))
    return -1;
  return p;
}

/* Start values and held parameters of t from --param and --hold (start,
 * hold: cg_fit_param_count(t, o->limiter)). Returns 0, or 2 after a usage
 * error: an unknown name (the accepted ones listed), a bad value, every
 * parameter held. */
static int start_values(const char *prog, const fit_opts *o, const cg_tech *t, double *start, int *hold)
{
  size_t np = cg_fit_param_count(t, o->limiter);
  cg_tech_default_params(t, start);
  if (o->limiter)
    start[t->param_count] = cg_fit_limiter_param.default_value;
  memset(hold, 0, np * sizeof *hold);
  char names[256];
  fit_names(t, names, sizeof names);
  int given[CG_FIT_MAX_PARAMS] = {0}; /* a second value of one name was taken silently, the last one winning */
  for (size_t i = 0; i < o->nparams; i++) {
    long p = named_param(prog, "--param", t, names, o->pnames[i], o->pvalues[i], 0, start);
    if (p < 0)
      return 2;
    if (given[p]++) {
      fprintf(stderr, "%s: --param %s is given twice (accepted: each parameter once)\n", prog, o->pnames[i]);
      return 2;
    }
  }
  for (size_t i = 0; i < o->nholds; i++) {
    long p = named_param(prog, "--hold", t, names, o->hnames[i], o->hvalues[i], 1, start);
    if (p < 0)
      return 2;
    if (hold[p]) {
      fprintf(stderr, "%s: --hold %s is given twice (accepted: each parameter once)\n", prog, o->hnames[i]);
      return 2;
    }
    if (given[p] && o->hvalues[i]) { /* the held value silently replaced the --param one */
      fprintf(stderr, "%s: --hold %s=%s and --param %s give %s two values (accepted: --hold %s=VALUE, or "
              "--param %s=VALUE with --hold %s)\n", prog, o->hnames[i], o->hvalues[i], o->hnames[i], o->hnames[i],
              o->hnames[i], o->hnames[i], o->hnames[i]);
      return 2;
    }
    hold[p] = 1;
  }
  if (o->nholds) {
    size_t free_params = 0, tech_params = 0; /* a technology without any is compared as it is */
    for (size_t p = 0; p < np; p++)
      free_params += !hold[p] && (p == t->param_count || cg_fit_is_model_param(t, p));
    for (size_t p = 0; p < t->param_count; p++)
      tech_params += cg_fit_is_model_param(t, p) != 0;
    if (free_params == 0 && tech_params) {
      size_t cut = strlen(names) - (o->limiter ? 0 : strlen(cg_fit_limiter_param.name));
      names[cut >= 2 && !o->limiter ? cut - 2 : cut] = '\0'; /* drop limiter when not modelled */
      fprintf(stderr,
              "%s: --hold: every parameter of the fit is held (%s): nothing is left to fit; to predict with "
              "fixed values use contention-predict --param (and --limiter)\n",
              prog, names);
      return 2;
    }
  }
  return 0;
}

static int run_fit(const char *prog, const fit_opts *o, const loaded *l, const cg_tech *t, int loo,
                   cg_fit_result *r)
{
  double start[CG_FIT_MAX_PARAMS];
  int hold[CG_FIT_MAX_PARAMS];
  if (cg_fit_param_count(t, o->limiter) > CG_FIT_MAX_PARAMS || start_values(prog, o, t, start, hold))
    return -1;
  cg_fit_options fo = {.start = start, .hold = hold, .limiter = o->limiter, .noise = o->noise,
                       .leave_one_out = loo, .max_evaluations = (size_t)o->max_eval};
  cg_error e;
  if (cg_fit_params(l->s, l->count, t, &fo, r, &e)) {
    /* which scheme: the first whose prediction fails at the start values */
    for (size_t k = 0; k < l->count; k++) {
      double *pred = cg_xmalloc(l->s[k].n * sizeof *pred);
      int bad = cg_fit_predict(&l->s[k], t, start, o->limiter ? start[t->param_count] : 0, pred, &e);
      free(pred);
      if (bad) {
        tool_print_comm_error(prog, &l->sc[k], &e);
        return -1;
      }
    }
    fprintf(stderr, "%s: %s\n", prog, e.msg);
    return -1;
  }
  return 0;
}

static void print_cfg(FILE *out, const cg_tech *t, const cg_fit_result *r, const char *prefix)
{
  fprintf(out, "%s--cfg=network/model:contention\n", prefix);
  fprintf(out, "%s--cfg=contention/technology:%s\n", prefix, t->name);
  for (size_t p = 0; p < t->param_count; p++)
    if (cg_fit_is_model_param(t, p))
      fprintf(out, "%s--cfg=contention/%s/%s:%.6g\n", prefix, t->name, t->params[p].name, r->value[p]);
}

/* The limiter is the platform's, not a --cfg: the <cluster> attribute and
 * the platform generator's option that give it. */
static void print_limiter(const cg_tech *t, const cg_fit_result *r, const loaded *l)
{
  if (!r->limiter)
    return;
  double f = r->value[t->param_count], bw = l->sc[0].bandwidth;
  int same = 1;
  for (size_t k = 1; k < l->count; k++)
    same &= l->sc[k].bandwidth == bw;
  printf("# limiter %.6g x B: contention-platform-gen --limiter %.6g", f, f);
  if (same)
    printf(", or limiter_link=\"%.10gBps\" on the <cluster> (B = %.10g B/s)\n", f * bw, bw);
  else
    printf(" (the schemes' bandwidths differ: B is each node's)\n");
}

static int emit(const char *prog, const fit_opts *o, const cg_tech *t, const cg_fit_result *r)
{
  if (!o->emit_file)
    return 0;
  FILE *f = fopen(o->emit_file, "w");
  if (!f) {
    char *shown = tool_display_name(o->emit_file);
    fprintf(stderr, "%s: --emit cfg %s: cannot open: %s\n", prog, shown, strerror(errno));
    free(shown);
    return -1;
  }
  print_cfg(f, t, r, "");
  return tool_close_output(prog, f, o->emit_file);
}

static int fit_one(const char *prog, const fit_opts *o, const loaded *l, const cg_tech *t)
{
  cg_fit_result r;
  if (run_fit(prog, o, l, t, 1, &r))
    return 1;
  printf("# %s fitted on %zu schemes (%zu comms): %zu parameter%s fitted\n", t->name, l->count, l->total,
         r.fitted_count, r.fitted_count == 1 ? "" : "s");
  for (size_t p = 0; p < t->param_count; p++)
    if (cg_fit_is_model_param(t, p))
      printf("contention/%s/%s:%.6g\n", t->name, t->params[p].name, r.value[p]);
  print_limiter(t, &r, l);
  printf("# %-10s %12s   E_abs within +%g of its minimum for\n", "parameter", "value", o->noise);
  int unidentified = 0;
  for (size_t p = 0; p < r.param_count; p++) {
    const cg_tech_param *tp = cg_fit_param(t, p);
    switch (r.status[p]) {
    case CG_FIT_FITTED:
      printf("# %-10s %12.6g   [%.6g%s, %.6g%s]\n", tp->name, r.value[p], r.lo[p],
             r.lo_at_bound[p] ? " (range end)" : "", r.hi[p], r.hi_at_bound[p] ? " (range end)" : "");
      break;
    case CG_FIT_ONLY_COMBINED:
      printf("# %-10s %12.6g   held: only its ratio to %s changes the predicted times\n", tp->name, r.value[p],
             t->params[r.partner[p]].name);
      break;
    case CG_FIT_HELD:
      printf("# %-10s %12.6g   held (--hold)\n", tp->name, r.value[p]);
      break;
    case CG_FIT_NO_EFFECT:
      printf("# %-10s %12.6g   not identifiable (see the error)\n", tp->name, r.value[p]);
      fprintf(stderr,
              "%s: --fit %s: parameter %s is not identifiable from these schemes: no value in its range [%g, "
              "%g] changes any predicted time; add schemes with %s, or hold it: --hold %s=VALUE\n",
              prog, t->name, tp->name, tp->min_value, tp->max_value, where_it_acts(t->name, tp->name), tp->name);
      unidentified = 1;
      break;
    case CG_FIT_ALGORITHMIC:
      break;
    }
  }
  printf("# E_abs in sample: %.3f %% (max %.3f %%)\n", 100 * r.e_abs, 100 * r.e_max);
  printf("# E_abs leave one scheme out: %.3f %% (worst held-out scheme: %s, %.3f %%)\n", 100 * r.e_loo,
         l->sc[r.worst_scheme].file, 100 * r.worst_loo);
  int rc = unidentified;
  if (!r.converged) {
    fprintf(stderr,
            "%s: --fit %s: the search did not converge within its evaluations: the values printed are the best "
            "found, E_abs %.3f %%\n",
            prog, t->name, 100 * r.e_abs);
    rc = 1;
  }
  if (rc == 0 && emit(prog, o, t, &r)) /* no config from a fit that failed */
    rc = 1;
  return rc;
}

static int fit_auto(const char *prog, const fit_opts *o, const loaded *l)
{
  const cg_tech *const *all = cg_tech_all();
  const cg_tech *best = NULL;
  cg_fit_result best_r;
  double best_loo = INFINITY;
  int rc = 0;
  printf("# %-14s %6s %12s %16s  notes\n", "technology", "fitted", "E_abs(%)", "E_abs held-out(%)");
  for (size_t i = 0; all[i]; i++) {
    cg_fit_result r;
    if (run_fit(prog, o, l, all[i], 1, &r)) {
      rc = 1;
      continue;
    }
    char notes[256] = "";
    size_t len = 0;
    for (size_t p = 0; p < r.param_count && len < sizeof notes - 64; p++)
      if (r.status[p] == CG_FIT_FITTED)
        len += (size_t)snprintf(notes + len, sizeof notes - len, "%s%s=%.4g", len ? " " : "",
                                cg_fit_param(all[i], p)->name, r.value[p]);
      else if (r.status[p] == CG_FIT_NO_EFFECT || r.status[p] == CG_FIT_ONLY_COMBINED ||
               r.status[p] == CG_FIT_HELD)
        len += (size_t)snprintf(notes + len, sizeof notes - len, "%s%s=%.4g held", len ? " " : "",
                                cg_fit_param(all[i], p)->name, r.value[p]);
    if (!r.converged)
      len += (size_t)snprintf(notes + len, sizeof notes - len, "%snot converged", len ? " " : "");
    printf("  %-14s %6zu %12.3f %16.3f  %s\n", all[i]->name, r.fitted_count, 100 * r.e_abs, 100 * r.e_loo, notes);
    if (r.e_loo < best_loo) {
      best_loo = r.e_loo;
      best = all[i];
      best_r = r;
    }
  }
  if (!best)
    return 1;
  printf("# best: %s (held-out E_abs %.3f %%); to use it:\n", best->name, 100 * best_loo);
  print_cfg(stdout, best, &best_r, "");
  print_limiter(best, &best_r, l);
  if (emit(prog, o, best, &best_r))
    rc = 1;
  return rc;
}

/* Names and values of --param and --hold for t, before reading any file:
 * 0, or 2 after the error. */
static int check_names(const char *prog, const fit_opts *o, const cg_tech *t)
{
  if (!t) { /* --fit auto: other names belong to one technology */
    for (size_t i = 0; i < o->nparams + o->nholds; i++) {
      const char *name = i < o->nparams ? o->pnames[i] : o->hnames[i - o->nparams];
      char q[128];
      if (strcmp(name, cg_fit_limiter_param.name)) {
        fprintf(stderr,
                "%s: %s %s: not accepted with --fit auto, which fits every technology; accepted: limiter\n",
                prog, i < o->nparams ? "--param" : "--hold", cg_quote(name, q, sizeof q));
        return 2;
      }
    }
    t = cg_tech_all()[0]; /* the limiter's values and holds, the same for all */
  }
  double start[CG_FIT_MAX_PARAMS];
  int hold[CG_FIT_MAX_PARAMS];
  if (cg_fit_param_count(t, o->limiter) > CG_FIT_MAX_PARAMS) {
    fprintf(stderr, "%s: --fit %s: %zu parameters, the fit takes at most %d\n", prog, t->name,
            cg_fit_param_count(t, o->limiter), (int)CG_FIT_MAX_PARAMS);
    return 2;
  }
  return start_values(prog, o, t, start, hold);
}

int fit_main(const char *prog, int argc, char **argv, void (*usage)(FILE *))
{
  fit_opts o;
  int rc = parse_args(prog, argc, argv, usage, &o);
  if (rc < 0) {
    const cg_tech *t = strcmp(o.tech, "auto") ? cg_tech_find(o.tech) : NULL;
    if (strcmp(o.tech, "auto") && !t) {
      char names[256];
      cg_tech_names(names, sizeof names);
      char q[128];
      fprintf(stderr, "%s: --fit %s: unknown technology; accepted: auto, %s\n", prog, cg_quote(o.tech, q, sizeof q),
              names);
      rc = 2;
    } else if ((rc = check_names(prog, &o, t)) != 0) {
      /* usage error, printed */
    } else {
      loaded l;
      if (load_all(prog, &o, &l))
        rc = 1;
      else
        rc = t ? fit_one(prog, &o, &l, t) : fit_auto(prog, &o, &l);
      free_loaded(&l);
      if (tool_close_output(prog, stdout, NULL) != 0)
        rc = 1;
    }
  }
  free(o.files), free(o.pnames), free(o.pvalues), free(o.hnames), free(o.hvalues);
  return rc;
}
