/* contention-compare: runs technologies on scenarios that carry measured
 * times and prints, as seed 001 sec. VI.B defines them, the relative error
 * of every comm, E_rel = (T_p - T_m) / T_m x 100, and per graph the mean
 * absolute error E_abs = (1/N) sum |E_rel|, then a summary table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "comm_error.h"
#include "contention/alloc.h"
#include "contention/errors.h"
#include "contention/graph.h"
#include "contention/step_solver.h"
#include "contention/technology.h"
#include "output.h"
#include "scenario.h"
#include "version.h"

#define PROG "contention-compare"

static void usage(FILE *f)
{
  char names[256];
  cg_tech_names(names, sizeof names);
  fprintf(f,
          "usage: " PROG " [options] SCENARIO.xml...\n"
          "Compares predicted with measured times (every comm needs 'measured').\n"
          "T_p follows each technology's rules: given 'penalties' are not used (a warning says so).\n"
          "  --technology NAME    %s, or all (default: all)\n"
          "  --param NAME=VALUE   technology parameter (needs one --technology; repeatable)\n"
          "  --static             T_p = size / bandwidth x penalty of the initial graph\n"
          "                       (as Vienne et al. 2008, Fig. 4), instead of the step solver;\n"
          "                       every comm must start at the same time\n"
          "  --format table|csv   output format (default: table)\n"
          "  --list-technologies  print the technologies and their parameters\n"
          "  -h, --help           this text\n"
          "  --version            the tool's version\n",
          names);
}

/* Predicted times of every comm of sc with technology t. */
static int predict(const scenario *sc, const cg_tech *t, const double *params, int is_static,
                   double *tp, cg_error *err)
{
  size_t n = sc->comm_count;
  if (is_static) {
    int rc_static = 0;
    cg_graph *g = cg_graph_create(t, params);
    for (size_t h = 0; h < sc->host_count; h++)
      cg_graph_set_host_group(g, (cg_host)h, sc->racks[h]);
    cg_comm *h = cg_xcalloc(n, sizeof *h);
    cg_graph_set_deferred(g, 1); /* one evaluation: one by one, a star of n comms was O(n^2) */
    /* a zero-byte comm never enters the graph (doc/scenario.md): added as a
       self-comm, it changes nothing */
    for (size_t i = 0; i < n; i++)
      h[i] = cg_graph_add(g, sc->comms[i].src, sc->comms[i].size > 0 ? sc->comms[i].dst : sc->comms[i].src);
    cg_graph_set_deferred(g, 0);
    const cg_penalty_error *pe = cg_graph_error(g);
    for (size_t i = 0; i < n; i++) {
      tp[i] = sc->comms[i].size / sc->bandwidth * cg_graph_penalty(g, h[i]);
      if (pe && h[i] == pe->comm) { /* "comm ID got the penalty V ...", as comm i's error */
        cg_penalty_error_format(pe, sc->comms[i].id, NULL, NULL, err->msg, sizeof err->msg);
        err->comm = i;
        err->detail = strlen("comm ") + strlen(sc->comms[i].id) + 1;
        if (err->detail > strlen(err->msg)) /* an id longer than the message */
          err->detail = 0;
        pe = NULL;
        rc_static = -1;
      }
    }
    free(h);
    cg_graph_destroy(g);
    return rc_static;
  }
  cg_step_comm *c = cg_xcalloc(n, sizeof *c);
  for (size_t i = 0; i < n; i++)
    c[i] = (cg_step_comm){sc->comms[i].src, sc->comms[i].dst, sc->comms[i].size, sc->comms[i].start,
                          NULL, 0};
  int rc = cg_solve_steps_e(c, n, 1.0 / sc->bandwidth, t, params, sc->racks, sc->host_count, tp, NULL, err);
  for (size_t i = 0; i < n && rc == 0; i++)
    tp[i] -= sc->comms[i].start; /* finish time -> elapsed time, as T_m */
  free(c);
  return rc;
}

/* A file name as a CSV field: quoted, with "" for ", when it holds a
 * comma, a double quote or a line break (comm ids and technology names
 * never do: the loader refuses them). */
static void csv_field(const char *s)
{
  if (!strpbrk(s, ",\"\r\n")) {
    fputs(s, stdout);
    return;
  }
  putchar('"');
  for (; *s; s++) {
    if (*s == '"')
      putchar('"');
    putchar(*s);
  }
  putchar('"');
}

/* A predicted time that overflowed must not be printed as "inf". */
static int check_finite(const double *tp, size_t n, cg_error *err)
{
  for (size_t i = 0; i < n; i++)
    if (!isfinite(tp[i])) {
      cg_error_set(err, i, " ",
                   "has a predicted time that overflows a double (size / bandwidth times its penalties is "
                   "over 1.8e308 s)");
      return -1;
    }
  return 0;
}

/* Comparing needs a measured time for every comm. */
static int check_measured(const scenario *sc)
{
  for (size_t i = 0; i < sc->comm_count; i++)
    if (sc->comms[i].measured < 0) { /* the loader ensures measured > 0 when given */
      fprintf(stderr, PROG ": %s:%d: comm '%s' has no positive 'measured' time (needed to compare)\n", sc->file,
              sc->comms[i].line, sc->comms[i].id);
      return -1;
    }
  return 0;
}

/* --static predicts from the graph of every comm at once (Vienne et al.
 * 2008, Fig. 4): that is the graph only if they all start together. */
static int check_static_starts(const scenario *sc)
{
  for (size_t i = 1; i < sc->comm_count; i++)
    if (sc->comms[i].start != sc->comms[0].start) {
      fprintf(stderr,
              PROG ": %s:%d: comm '%s' starts at %.17g s, comm '%s' at %.17g s: --static predicts from the graph of "
                   "comms that start together (Vienne et al. 2008); accepted: one start for every comm, or no "
                   "--static (the step solver follows the starts)\n",
              sc->file, sc->comms[i].line, sc->comms[i].id, sc->comms[i].start, sc->comms[0].id, sc->comms[0].start);
      return -1;
    }
  return 0;
}

/* The rows of one scenario and technology; returns E_abs. */
static double print_rows(const scenario *sc, const cg_tech *tech, int is_static, int csv, const double *tp)
{
  if (!csv)
    printf("%s  (technology %s%s)\n%-10s %12s %12s %9s\n", sc->file, tech->name, is_static ? ", static" : "",
           "comm", "T_m(s)", "T_p(s)", "E_rel(%)");
  double sum = 0;
  for (size_t i = 0; i < sc->comm_count; i++) {
    double tm = sc->comms[i].measured, e = (tp[i] - tm) / tm * 100;
    sum += fabs(e);
    if (csv) {
      csv_field(sc->file);
      printf(",%s,%s,%.17g,%.17g,%.17g\n", tech->name, sc->comms[i].id, tm, tp[i], e);
    } else {
      char b[3][64];
      printf("%-10s %s %s %s\n", sc->comms[i].id, tool_cell(tm, 12, 6, 0, b[0], sizeof b[0]),
             tool_cell(tp[i], 12, 6, 0, b[1], sizeof b[1]), tool_cell(e, 9, 2, 1, b[2], sizeof b[2]));
    }
  }
  double eabs = sum / (double)sc->comm_count;
  if (csv) {
    csv_field(sc->file);
    printf(",%s,E_abs,,,%.17g\n", tech->name, eabs);
  } else {
    printf(fabs(eabs) < 1e9 ? "E_abs = %.2f %%\n\n" : "E_abs = %.6g %%\n\n", eabs);
  }
  return eabs;
}

/* One scenario file under every technology asked: loaded into *sc, and
 * T_p of technology t into tp[t * comm_count], nothing printed but an
 * error (so that a bad file prints no row of the others). */
static int compare_file(const char *path, const cli_options *o, int is_static, const cg_tech *const *techs,
                        size_t ntech, scenario *sc, double **tp)
{
  char msg[1024];
  *tp = NULL;
  if (scenario_load(path, sc, msg, sizeof msg)) {
    fprintf(stderr, PROG ": %s\n", msg);
    return -1;
  }
  int rc = check_measured(sc);
  if (rc == 0 && is_static)
    rc = check_static_starts(sc);
  /* contention-predict follows given penalties; here they went unused silently */
  if (rc == 0 && sc->all_given)
    fprintf(stderr,
            PROG ": %s: warning: every comm carries 'penalties', which are not used here: T_p follows the rules "
                 "of each technology (contention-predict uses the given penalties)\n",
            sc->file);
  size_t n = sc->comm_count;
  *tp = cg_xcalloc(ntech * n + 1, sizeof **tp);
  for (size_t t = 0; t < ntech && rc == 0; t++) {
    cg_error err;
    double *x = *tp + t * n;
    rc = predict(sc, techs[t], o->tech ? o->params : NULL, is_static, x, &err);
    if (rc == 0)
      rc = check_finite(x, n, &err);
    if (rc == 0)
      rc = tool_check_rel_errors(sc, x, &err);
    if (rc != 0)
      tool_print_comm_error(PROG, sc, &err);
  }
  return rc;
}

static void print_summary(const cli_options *o, const cg_tech *const *techs, size_t ntech, const double *eabs)
{
  printf("E_abs (%%) per scenario and technology\n%-40s", "scenario");
  for (size_t t = 0; t < ntech; t++)
    printf(" %13s", techs[t]->name);
  printf("\n");
  for (size_t f = 0; f < o->nfiles; f++) {
    const char *base = strrchr(o->files[f], '/');
    printf("%-40s", base ? base + 1 : o->files[f]);
    for (size_t t = 0; t < ntech; t++) {
      char b[64];
      printf(" %s", tool_cell(eabs[f * ntech + t], 13, 2, 0, b, sizeof b));
    }
    printf("\n");
  }
}

int main(int argc, char **argv)
{
  int version_rc = tool_version_option(PROG, argc, argv);
  if (version_rc >= 0)
    return version_rc;
  int is_static = 0;
  cli_flag flags[] = {{"--static", &is_static}, {NULL, NULL}};
  cli_spec spec = {.flags = flags, .usage = usage, .many_files = 1, .tech_all = 1};
  cli_options o;
  int rc = cli_parse(PROG, argc, argv, &spec, &o);
  if (rc >= 0)
    return rc;
  /* standard input twice: the second read found an empty file, after the
     first one's rows */
  for (size_t a = 0, stdin_seen = 0; a < o.nfiles; a++)
    if (!strcmp(o.files[a], "-") && stdin_seen++) {
      fprintf(stderr, PROG ": '-' (standard input) is given twice; it can be read once\n");
      cli_free(&o);
      return 2;
    }
  const cg_tech *const *techs = o.tech ? &o.tech : cg_tech_all();
  size_t ntech = 1;
  if (!o.tech)
    for (ntech = 0; techs[ntech];)
      ntech++;
  double *eabs = cg_xcalloc(o.nfiles * ntech, sizeof *eabs);
  scenario *sc = cg_xcalloc(o.nfiles, sizeof *sc);
  double **tp = cg_xcalloc(o.nfiles, sizeof *tp);
  int status = 0;
  size_t loaded = 0; /* every file first: an error leaves stdout empty */
  for (; loaded < o.nfiles && !status; loaded++)
    status = compare_file(o.files[loaded], &o, is_static, techs, ntech, &sc[loaded], &tp[loaded]) ? 1 : 0;
  if (!status) {
    if (o.csv)
      printf("scenario,technology,comm,measured,predicted,e_rel\n");
    for (size_t f = 0; f < o.nfiles; f++)
      for (size_t t = 0; t < ntech; t++)
        eabs[f * ntech + t] = print_rows(&sc[f], techs[t], is_static, o.csv, tp[f] + t * sc[f].comm_count);
    if (!o.csv)
      print_summary(&o, techs, ntech, eabs);
  }
  for (size_t f = 0; f < loaded; f++) {
    scenario_free(&sc[f]);
    free(tp[f]);
  }
  free(sc);
  free(tp);
  free(eabs);
  cli_free(&o);
  if (tool_close_output(PROG, stdout, NULL) != 0)
    status = 1;
  return status;
}
