/* contention-predict: scenario file in, per-comm times (or penalties, or the
 * step table) out. Parsing and printing only; the model is the core's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "comm_error.h"
#include "contention/alloc.h"
#include "contention/errors.h"
#include "contention/graph.h"
#include "contention/quote.h"
#include "contention/step_solver.h"
#include "contention/technology.h"
#include "contention/units.h"
#include "output.h"
#include "scenario.h"
#include "version.h"

#define PROG "contention-predict"

static void usage(FILE *out)
{
  char names[256];
  cg_tech_names(names, sizeof names);
  fprintf(out,
          "Usage: " PROG " [OPTIONS] SCENARIO.xml\n"
          "Predicts the time of every comm of a scenario with the contention model\n"
          "(dynamic contention graph + step-wise linear solver, Martinasso & Mehaut 2011).\n"
          "\n"
          "  --format table|csv   output format (default: table)\n"
          "                       csv times:     comm,src,dst,size,start,finish\n"
          "                       csv penalties: comm,penalty\n"
          "                       csv steps:     step,begin,end,comm,penalty,remaining\n"
          "  --penalties          penalties of the static graph of all comms (starts ignored)\n"
          "  --steps              the step table (per step: penalty and bytes left of each comm)\n"
          "  --limiter F          a limiter on every host, F x the bandwidth (F >= 1), shared\n"
          "                       max-min by the comms to and from the host (SimGrid's\n"
          "                       <cluster limiter_link>; doc/calibration.md)\n"
          "  --technology NAME    penalty rules: %s (default: %s)\n"
          "  --param NAME=VALUE   set a technology parameter (repeatable)\n"
          "  --list-technologies  print the technologies and their parameters\n"
          "  -h, --help           this text\n"
          "  --version            the tool's version\n"
          "\n"
          "If every comm carries 'penalties', they are used step by step instead of the\n"
          "rules (--technology and --param then apply to --penalties only).\n"
          "Comms with 'measured' get their relative error (T_p - T_m) / T_m.\n"
          "The file format is doc/scenario.md. Exit status: 0 ok, 1 bad input, 2 bad usage.\n",
          names, cg_tech_default()->name);
}

static void print_times(const scenario *sc, const double *finish, int csv)
{
  if (csv) {
    printf("comm,src,dst,size,start,finish\n");
    for (size_t i = 0; i < sc->comm_count; i++) {
      const scenario_comm *c = &sc->comms[i];
      printf("%s,%s,%s,%.17g,%.17g,%.17g\n", c->id, sc->hosts[c->src], sc->hosts[c->dst], c->size,
             c->start, finish[i]);
    }
    return;
  }
  printf("%-10s %-8s %-8s %14s %12s %12s %12s", "comm", "src", "dst", "size(B)", "start(s)",
         "finish(s)", "time(s)");
  int any_measured = 0;
  for (size_t i = 0; i < sc->comm_count; i++)
    any_measured |= sc->comms[i].measured >= 0;
  if (any_measured)
    printf(" %12s %8s", "measured(s)", "err");
  printf("\n");
  double sum_abs = 0;
  size_t nm = 0;
  for (size_t i = 0; i < sc->comm_count; i++) {
    const scenario_comm *c = &sc->comms[i];
    char b[4][64];
    printf("%-10s %-8s %-8s %s %s %s %s", c->id, sc->hosts[c->src], sc->hosts[c->dst],
           tool_cell(c->size, 14, 0, 0, b[0], sizeof b[0]), tool_cell(c->start, 12, 7, 0, b[1], sizeof b[1]),
           tool_cell(finish[i], 12, 7, 0, b[2], sizeof b[2]),
           tool_cell(finish[i] - c->start, 12, 7, 0, b[3], sizeof b[3]));
    if (c->measured >= 0) {
      double t = finish[i] - c->start;
      double e = (t - c->measured) / c->measured; /* the loader ensures measured > 0 */
      printf(" %s %s%%", tool_cell(c->measured, 12, 7, 0, b[0], sizeof b[0]),
             tool_cell(100.0 * e, 7, 2, 1, b[1], sizeof b[1]));
      sum_abs += fabs(e);
      nm++;
    }
    printf("\n");
  }
  if (nm) { /* an error near 1e300 % is no 300-digit line */
    double mean = 100.0 * sum_abs / (double)nm;
    printf(fabs(mean) < 1e9 ? "mean |err| over %zu measured comms: %.2f%%\n"
                            : "mean |err| over %zu measured comms: %.6g%%\n",
           nm, mean);
  }
}

/* Returns 0, or -1 after the error line of a penalty the technology got
 * wrong (nothing printed then). */
static int print_penalties(const scenario *sc, const cg_tech *t, const double *params, int csv)
{
  cg_graph *g = cg_graph_create(t, params);
  for (size_t h = 0; h < sc->host_count; h++)
    cg_graph_set_host_group(g, (cg_host)h, sc->racks[h]);
  cg_comm *h = cg_xmalloc((sc->comm_count + 1) * sizeof *h);
  /* One evaluation of the whole graph: added one by one, a star of n comms
   * re-evaluated its source n times (O(n^2), 7 s at 20 000 comms). */
  cg_graph_set_deferred(g, 1);
  /* a zero-byte comm never enters the graph (doc/scenario.md): added as a
     self-comm, it gets penalty 1 and changes nothing */
  for (size_t i = 0; i < sc->comm_count; i++)
    h[i] = cg_graph_add(g, sc->comms[i].src, sc->comms[i].size > 0 ? sc->comms[i].dst : sc->comms[i].src);
  cg_graph_set_deferred(g, 0);
  const cg_penalty_error *pe = cg_graph_error(g);
  if (pe) {
    char msg[512];
    size_t i = 0;
    while (i + 1 < sc->comm_count && h[i] != pe->comm)
      i++;
    cg_penalty_error_format(pe, sc->comms[i].id, sc->hosts[pe->src], sc->hosts[pe->dst], msg, sizeof msg);
    fprintf(stderr, PROG ": %s:%d: %s\n", sc->file, sc->comms[i].line, msg);
    free(h);
    cg_graph_destroy(g);
    return -1;
  }
  if (csv)
    printf("comm,penalty\n");
  else
    printf("%-10s %-8s %-8s %10s   (technology %s)\n", "comm", "src", "dst", "penalty", t->name);
  for (size_t i = 0; i < sc->comm_count; i++) {
    const scenario_comm *c = &sc->comms[i];
    double p = cg_graph_penalty(g, h[i]);
    char b[64];
    if (csv)
      printf("%s,%.17g\n", c->id, p);
    else
      printf("%-10s %-8s %-8s %s\n", c->id, sc->hosts[c->src], sc->hosts[c->dst], tool_cell(p, 10, 6, 0, b, sizeof b));
  }
  free(h);
  cg_graph_destroy(g);
  return 0;
}

static void print_steps(const scenario *sc, const cg_step_table *tab, int csv)
{
  if (csv)
    printf("step,begin,end,comm,penalty,remaining\n");
  else
    printf("%5s %12s %12s %-10s %10s %16s\n", "step", "begin(s)", "end(s)", "comm", "penalty",
           "remaining(B)");
  for (size_t r = 0; r < tab->count; r++) {
    const cg_step_row *row = &tab->rows[r];
    const char *id = sc->comms[row->comm].id;
    if (csv)
      printf("%zu,%.17g,%.17g,%s,%.17g,%.17g\n", row->step, row->begin, row->end, id, row->penalty,
             row->remaining);
    else {
      char b[4][64];
      printf("%5zu %s %s %-10s %s %s\n", row->step, tool_cell(row->begin, 12, 7, 0, b[0], sizeof b[0]),
             tool_cell(row->end, 12, 7, 0, b[1], sizeof b[1]), id, tool_cell(row->penalty, 10, 6, 0, b[2], sizeof b[2]),
             tool_cell(row->remaining, 16, 1, 0, b[3], sizeof b[3]));
    }
  }
}

/* A finish time that overflowed (size / bandwidth times the penalties)
 * must not be printed as "inf": it is an error about that comm. */
static int check_finite(const scenario *sc, const double *finish, cg_error *err)
{
  for (size_t i = 0; i < sc->comm_count; i++)
    if (!isfinite(finish[i])) {
      cg_error_set(err, i, " ",
                   "has a predicted finish time that overflows a double (size / bandwidth "
                   "times its penalties is over 1.8e308 s)");
      return -1;
    }
  return 0;
}

/* Times (or with `steps` the step table) of every comm by the step solver. */
static int solve_and_print(const scenario *sc, const cli_options *o, int steps, double limiter)
{
  cg_step_comm *c = cg_xcalloc(sc->comm_count, sizeof *c);
  for (size_t i = 0; i < sc->comm_count; i++)
    c[i] = (cg_step_comm){sc->comms[i].src, sc->comms[i].dst, sc->comms[i].size, sc->comms[i].start,
                          sc->comms[i].penalties, sc->comms[i].penalty_count};
  double *finish = cg_xcalloc(sc->comm_count, sizeof *finish);
  cg_step_table tab = {0};
  cg_error err;
  int rc = cg_solve_steps_limited(c, sc->comm_count, 1.0 / sc->bandwidth, sc->all_given ? NULL : o->tech,
                                  o->params, sc->racks, sc->host_count, limiter, finish, steps ? &tab : NULL, &err);
  if (rc == 0)
    rc = check_finite(sc, finish, &err);
  if (rc == 0 && !steps && !o->csv) { /* the table's err column, checked before any row */
    double *elapsed = cg_xcalloc(sc->comm_count, sizeof *elapsed);
    for (size_t i = 0; i < sc->comm_count; i++)
      elapsed[i] = finish[i] - sc->comms[i].start;
    rc = tool_check_rel_errors(sc, elapsed, &err);
    free(elapsed);
  }
  if (rc != 0)
    tool_print_comm_error(PROG, sc, &err);
  else if (steps)
    print_steps(sc, &tab, o->csv);
  else
    print_times(sc, finish, o->csv);
  cg_step_table_free(&tab);
  free(finish);
  free(c);
  return rc;
}

/* --limiter F, taken out of argv (the common options are cli_parse's):
 * 0 and *limiter set (0: none), or 2 after a usage error. */
static int take_limiter(int *argc, char **argv, double *limiter)
{
  *limiter = 0;
  int k = 1;
  for (int i = 1; i < *argc; i++) {
    if (strcmp(argv[i], "--limiter") != 0) {
      argv[k++] = argv[i];
      continue;
    }
    if (*limiter > 0) { /* a second value would silently win */
      fprintf(stderr, PROG ": option --limiter is given twice; give it once\n");
      return 2;
    }
    char unused[256];
    double f = NAN; /* a plain decimal number: strtod alone took 0x2 and " 2" */
    if (i + 1 >= *argc || cg_parse_number(argv[i + 1], &f, unused, sizeof unused) != 0 || !(f >= 1)) {
      char q[CG_QUOTE_SIZE]; /* one line, whatever the value holds */
      fprintf(stderr, PROG ": --limiter takes a ratio F >= 1 of the bandwidth (e.g. 1.5), got '%s'\n",
              cg_quote(i + 1 < *argc ? argv[i + 1] : "", q, sizeof q));
      return 2;
    }
    *limiter = f;
    i++;
  }
  *argc = k;
  argv[k] = NULL;
  return 0;
}

int main(int argc, char **argv)
{
  int version_rc = tool_version_option(PROG, argc, argv);
  if (version_rc >= 0)
    return version_rc;
  double limiter;
  if (take_limiter(&argc, argv, &limiter))
    return 2;
  int mode_penalties = 0, mode_steps = 0;
  cli_flag extra[] = {{"--penalties", &mode_penalties}, {"--steps", &mode_steps}, {NULL, NULL}};
  cli_spec spec = {.flags = extra, .usage = usage};
  cli_options o;
  int rc = cli_parse(PROG, argc, argv, &spec, &o);
  if (rc >= 0)
    return rc;
  if (mode_penalties && limiter > 0) {
    fprintf(stderr, PROG ": --limiter changes times and steps, not the rules' penalties (--penalties)\n");
    cli_free(&o);
    return 2;
  }
  if (mode_penalties && mode_steps) {
    fprintf(stderr, PROG ": --penalties and --steps cannot be combined\n");
    cli_free(&o);
    return 2;
  }
  scenario sc;
  char err[1024];
  if (scenario_load(o.file, &sc, err, sizeof err)) {
    fprintf(stderr, PROG ": %s\n", err);
    cli_free(&o);
    return 1;
  }
  /* the given penalties replace the rules: --technology or --param would be
     silently ignored */
  if (sc.all_given && !mode_penalties && o.rules_given) {
    fprintf(stderr, PROG ": %s: every comm carries 'penalties', which replace the rules: --technology and --param "
                    "do not apply (they do with --penalties)\n", o.file);
    scenario_free(&sc);
    cli_free(&o);
    return 2;
  }
  int status = 0;
  if (mode_penalties) {
    if (print_penalties(&sc, o.tech, o.params, o.csv) != 0)
      status = 1;
  } else if (solve_and_print(&sc, &o, mode_steps, limiter) != 0)
    status = 1;
  if (tool_close_output(PROG, stdout, NULL) != 0)
    status = 1;
  scenario_free(&sc);
  cli_free(&o);
  return status;
}
