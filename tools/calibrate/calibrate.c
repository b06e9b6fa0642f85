/* contention-calibrate: reverse solver of seed 000 sec. 3.3. From the
 * measured times of a static-synchronous graph (every comm starts at 0 with
 * the same size) and the penalties of its later steps (given per comm with
 * 'later-penalties', or from a technology's rules), prints the penalties of
 * the first step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "comm_error.h"
#include "contention/alloc.h"
#include "contention/errors.h"
#include "contention/reverse_solver.h"
#include "fit_cli.h"
#include "output.h"
#include "scenario.h"
#include "version.h"

#define PROG "contention-calibrate"

static void usage(FILE *out)
{
  char names[256];
  cg_tech_names(names, sizeof names);
  fprintf(out,
          "Usage: " PROG " [OPTIONS] MEASUREMENTS.xml\n"
          "Recovers the first-step penalties of a static-synchronous contention graph\n"
          "from measured times (reverse solver, Martinasso & Mehaut 2011, sec. 3.3).\n"
          "\n"
          "The file is a scenario (doc/scenario.md) where every comm has 'measured' (its\n"
          "time), the same 'size' and start 0. The penalties of the later steps are taken\n"
          "from each comm's 'later-penalties' (one per step after the first: a comm ending\n"
          "in the k-th distinct measured time needs k-1 of them) if every comm has it\n"
          "(then --technology and --param are refused), else from the rules of\n"
          "--technology applied to the comms still running.\n"
          "\n"
          "A first-step penalty below 1 (the comm would have sent faster than the\n"
          "scenario's bandwidth) means the measured times are inconsistent with the\n"
          "bandwidth: it is an error, unless --clamp. Below 1 by less than 1e-12\n"
          "(relative) is rounding: penalty 1.\n"
          "\n"
          "  --format table|csv   output format (csv: comm,steps,penalty)\n"
          "  --clamp              print a penalty below 1 as 1, with a warning naming the comm\n"
          "  --technology NAME    rules for the later steps: %s (default: %s)\n"
          "  --param NAME=VALUE   set a technology parameter (repeatable)\n"
          "  --list-technologies  print the technologies and their parameters\n"
          "  -h, --help           this text\n"
          "  --version            the tool's version\n",
          names, cg_tech_default()->name);
  fit_usage(out);
}

static int check_static_synchronous(const scenario *sc, char *err, size_t errlen)
{
  int given = sc->comms[0].has_later;
  for (size_t i = 0; i < sc->comm_count; i++) {
    const scenario_comm *c = &sc->comms[i];
    const char *why = NULL;
    if (c->measured < 0)
      why = "has no 'measured' time";
    else if (!(c->size > 0))
      why = "has size 0: the reverse solver needs a size > 0 (the first-step penalty divides by it)";
    else if (c->start != 0)
      why = "must start at 0 (static-synchronous graph)";
    else if (c->size != sc->comms[0].size)
      why = "must have the same size as the first comm (static-synchronous graph)";
    else if (c->src == c->dst)
      why = "is a self-comm, which has no penalty to calibrate";
    else if (c->has_later != given)
      why = "must have 'later-penalties' if and only if every other comm has them";
    if (why) {
      snprintf(err, errlen, "%s:%d: comm '%s' %s", sc->file, c->line, c->id, why);
      return -1;
    }
  }
  return 0;
}

/* A first-step penalty this close below 1 (relative) is rounding. */
#define BELOW_ONE_ROUNDING 1e-12

/* Digits for a penalty below 1 in a message: %g's six, or all 17 when six
 * would round it to 1 (a message read "penalty 1 < 1"). */
static int below_one_digits(double rho)
{
  return rho >= 0.9999995 ? 17 : 6;
}

/* A reverse-solved penalty below 1: the measured times are faster than
 * the bandwidth allows. Refused, or with --clamp printed as 1 with a
 * warning per comm. Returns 0 when the output may be printed. */
static int below_one(const scenario *sc, double *rho, int clamp)
{
  /* T / (size x alpha), alpha = 1 / bandwidth, puts a comm measured at
   * exactly size / bandwidth an ulp or two below 1 (57 of 300 random
   * sizes and bandwidths were refused): that is rounding, penalty 1. */
  for (size_t i = 0; i < sc->comm_count; i++)
    if (rho[i] < 1 && rho[i] >= 1 - BELOW_ONE_ROUNDING)
      rho[i] = 1;
  size_t first = sc->comm_count, count = 0;
  for (size_t i = 0; i < sc->comm_count; i++)
    if (rho[i] < 1) {
      count++;
      if (first == sc->comm_count)
        first = i;
      if (clamp)
        fprintf(stderr, PROG ": %s:%d: warning: comm '%s': first-step penalty %.*g < 1 printed as 1 (--clamp)\n",
                sc->file, sc->comms[i].line, sc->comms[i].id, below_one_digits(rho[i]), rho[i]);
    }
  if (!count)
    return 0;
  if (clamp) {
    for (size_t i = 0; i < sc->comm_count; i++)
      rho[i] = fmax(rho[i], 1.0);
    return 0;
  }
  const scenario_comm *c = &sc->comms[first];
  fprintf(stderr,
          PROG ": %s:%d: comm '%s' gets first-step penalty %.*g < 1 (%zu comm%s in all): it would have sent "
               "faster than the scenario's bandwidth, so the measured times are inconsistent with it; "
               "--clamp prints 1 instead\n",
          sc->file, c->line, c->id, below_one_digits(rho[first]), rho[first], count, count == 1 ? "" : "s");
  return -1;
}

static void print_penalties(const scenario *sc, const cli_options *o, const double *rho)
{
  size_t n = sc->comm_count;
  size_t *steps = cg_xmalloc(n * sizeof *steps);
  double *T = cg_xmalloc(n * sizeof *T);
  for (size_t i = 0; i < n; i++)
    T[i] = sc->comms[i].measured;
  cg_reverse_step_counts(T, n, steps);
  if (o->csv)
    printf("comm,steps,penalty\n");
  else
    printf("%-10s %-8s %-8s %12s %6s %10s   (later steps: %s)\n", "comm", "src", "dst", "measured(s)",
           "steps", "penalty", sc->comms[0].has_later ? "given" : o->tech->name);
  for (size_t i = 0; i < n; i++) {
    const scenario_comm *c = &sc->comms[i];
    if (o->csv)
      printf("%s,%zu,%.17g\n", c->id, steps[i], rho[i]);
    else { /* a cell, not a 300-digit number, for 1e300 s */
      char b[2][64];
      printf("%-10s %-8s %-8s %s %6zu %s\n", c->id, sc->hosts[c->src], sc->hosts[c->dst],
             tool_cell(c->measured, 12, 7, 0, b[0], sizeof b[0]), steps[i],
             tool_cell(rho[i], 10, 6, 0, b[1], sizeof b[1]));
    }
  }
  free(steps);
  free(T);
}

/* The reverse solver on sc: rho[i], the first-step penalty of comm i.
 * Returns 0, or -1 after printing the error. */
static int reverse_solve(const scenario *sc, const cli_options *o, double *rho)
{
  size_t n = sc->comm_count;
  double *T = cg_xcalloc(n, sizeof *T);
  const double **later = cg_xcalloc(n, sizeof *later);
  size_t *nlater = cg_xcalloc(n, sizeof *nlater);
  cg_host *src = cg_xcalloc(n, sizeof *src), *dst = cg_xcalloc(n, sizeof *dst);
  for (size_t i = 0; i < n; i++) {
    T[i] = sc->comms[i].measured;
    later[i] = sc->comms[i].later;
    nlater[i] = sc->comms[i].later_count;
    src[i] = sc->comms[i].src;
    dst[i] = sc->comms[i].dst;
  }
  double alpha = 1.0 / sc->bandwidth, m = sc->comms[0].size;
  cg_error err;
  int rc = sc->comms[0].has_later
               ? cg_reverse_first_step_e(T, n, alpha, m, later, nlater, rho, &err)
               : cg_reverse_first_step_tech_e(T, src, dst, n, alpha, m, o->tech, o->params, sc->racks,
                                              sc->host_count, rho, &err);
  for (size_t i = 0; i < n && rc == 0; i++)
    if (!isfinite(rho[i])) { /* T_m / (size x alpha) past 1.8e308 was printed as inf */
      cg_error_set(&err, i, " ",
                   "gets a first-step penalty that overflows a double (measured %g s, size / bandwidth %g s): "
                   "the measured time is inconsistent with the scenario's bandwidth",
                   T[i], m * alpha);
      rc = -1;
    }
  if (rc)
    tool_print_comm_error(PROG, sc, &err);
  free(T);
  free(later);
  free(nlater);
  free(src);
  free(dst);
  return rc;
}

int main(int argc, char **argv)
{
  int version_rc = tool_version_option(PROG, argc, argv);
  if (version_rc >= 0)
    return version_rc;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--fit"))
      return fit_main(PROG, argc, argv, usage);
  /* --help lists these with --fit: "unknown option" misled */
  static const char *const fit_only[] = {"--limiter", "--noise", "--hold", "--max-evaluations", "--emit"};
  for (int i = 1; i < argc; i++)
    for (size_t k = 0; k < sizeof fit_only / sizeof *fit_only; k++)
      if (!strcmp(argv[i], fit_only[k])) {
        fprintf(stderr, PROG ": option %s is one of --fit mode's (--limiter, --noise, --hold, --max-evaluations, "
                        "--emit): add --fit TECH|auto, or drop it\n", argv[i]);
        return 2;
      }
  int clamp = 0;
  cli_flag extra[] = {{"--clamp", &clamp}, {NULL, NULL}};
  cli_spec spec = {.flags = extra, .usage = usage};
  cli_options o;
  int rc = cli_parse(PROG, argc, argv, &spec, &o);
  if (rc >= 0)
    return rc;
  scenario sc;
  char err[1024];
  if (scenario_load(o.file, &sc, err, sizeof err) || check_static_synchronous(&sc, err, sizeof err)) {
    fprintf(stderr, PROG ": %s\n", err);
    scenario_free(&sc);
    cli_free(&o);
    return 1;
  }
  /* the given later penalties replace the rules: --technology or --param
     would be silently ignored */
  if (sc.comms[0].has_later && o.rules_given) {
    fprintf(stderr, PROG ": %s: every comm carries 'later-penalties', which replace the rules: --technology and "
                    "--param do not apply\n", o.file);
    scenario_free(&sc);
    cli_free(&o);
    return 2;
  }
  /* per-step 'penalties' (predict's) went unused silently: the later steps
     come from 'later-penalties' or the rules */
  if (sc.all_given)
    fprintf(stderr, PROG ": %s: warning: the comms' 'penalties' are not used: the later steps follow %s%s\n", sc.file,
            sc.comms[0].has_later ? "their 'later-penalties'" : "the rules of ",
            sc.comms[0].has_later ? "" : o.tech->name);
  double *rho = cg_xcalloc(sc.comm_count, sizeof *rho);
  rc = reverse_solve(&sc, &o, rho);
  if (rc == 0 && (rc = below_one(&sc, rho, clamp)) == 0)
    print_penalties(&sc, &o, rho);
  /* a full disk or a closed pipe must not pass for success */
  if (tool_close_output(PROG, stdout, NULL) != 0)
    rc = -1;
  free(rho);
  scenario_free(&sc);
  cli_free(&o);
  return rc ? 1 : 0;
}
