/* contention-compare: runs technologies on scenarios that carry measured
 * times and prints, as seed 001 sec. VI.B defines them, the relative error
 * of every comm, E_rel = (T_p - T_m) / T_m x 100, and per graph the mean
 * absolute error E_abs = (1/N) sum |E_rel|, then a summary table. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/errors.h"
#include "contention/graph.h"
#include "contention/quote.h"
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
          "  --technology NAME    %s, or all (default: all)\n"
          "  --param NAME=VALUE   technology parameter (needs one --technology; repeatable)\n"
          "  --static             T_p = size / bandwidth x penalty of the initial graph\n"
          "                       (as seed 001 Fig. 4), instead of the step solver\n"
          "  --format table|csv   output format (default: table)\n",
          names);
}

typedef struct opts {
  const cg_tech *tech; /* NULL = all */
  double *params;
  int csv, is_static;
  char **files;
  size_t nfiles;
} opts;

static int parse(int argc, char **argv, opts *o)
{
  const char **pv = cg_xcalloc((size_t)argc + 1, sizeof *pv);
  size_t np = 0;
  o->files = cg_xcalloc((size_t)argc + 1, sizeof *o->files);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      free(pv);
      return tool_close_output(PROG, stdout, NULL) != 0;
    } else if (!strcmp(a, "--static")) {
      o->is_static = 1;
    } else if (!strcmp(a, "--technology") || !strcmp(a, "--param") || !strcmp(a, "--format")) {
      if (i + 1 >= argc) {
        fprintf(stderr, PROG ": missing value after %s (try --help)\n", a);
        free(pv);
        return 2;
      }
      const char *v = argv[++i];
      if (!strcmp(a, "--param")) {
        pv[np++] = v;
      } else if (!strcmp(a, "--format")) {
        if (strcmp(v, "csv") && strcmp(v, "table")) {
          char q[CG_QUOTE_SIZE];
          fprintf(stderr, PROG ": unknown --format '%s' (accepted: table, csv)\n", cg_quote(v, q, sizeof q));
          free(pv);
          return 2;
        }
        o->csv = !strcmp(v, "csv");
      } else if (strcmp(v, "all") == 0) {
        o->tech = NULL;
      } else if (!(o->tech = cg_tech_find(v))) {
        char names[256];
        cg_tech_names(names, sizeof names);
        char q[CG_QUOTE_SIZE];
        fprintf(stderr, PROG ": unknown --technology '%s' (accepted: %s, all)\n", cg_quote(v, q, sizeof q),
                names);
        free(pv);
        return 2;
      }
    } else if (a[0] == '-' && a[1]) {
      char q[CG_QUOTE_SIZE];
      fprintf(stderr, PROG ": unknown option %s (try --help)\n", cg_quote(a, q, sizeof q));
      free(pv);
      return 2;
    } else {
      o->files[o->nfiles++] = argv[i];
    }
  }
  int rc = -1;
  if (!o->nfiles) {
    fprintf(stderr, PROG ": no scenario file given (try --help)\n");
    rc = 2;
  } else if (np && !o->tech) {
    fprintf(stderr, PROG ": --param needs a single --technology\n");
    rc = 2;
  } else if (o->tech) {
    o->params = cg_xcalloc(o->tech->param_count + 1, sizeof *o->params);
    cg_tech_default_params(o->tech, o->params);
    for (size_t k = 0; k < np && rc < 0; k++) {
      char name[128], err[512];
      const char *eq = strchr(pv[k], '=');
      if (!eq || eq == pv[k] || (size_t)(eq - pv[k]) >= sizeof name) {
        char q[CG_QUOTE_SIZE];
        fprintf(stderr, PROG ": --param expects NAME=VALUE, got '%s'\n", cg_quote(pv[k], q, sizeof q));
        rc = 2;
        break;
      }
      memcpy(name, pv[k], (size_t)(eq - pv[k]));
      name[eq - pv[k]] = '\0';
      if (cg_tech_set_param(o->tech, o->params, name, eq + 1, err, sizeof err)) {
        fprintf(stderr, PROG ": --param: %s\n", err);
        rc = 2;
      }
    }
  }
  free(pv);
  return rc;
}

/* Predicted times of every comm of sc with technology t. */
static int predict(const scenario *sc, const cg_tech *t, const double *params, int is_static,
                   double *tp, char *err, size_t errlen)
{
  size_t n = sc->comm_count;
  if (is_static) {
    cg_graph *g = cg_graph_create(t, params);
    for (size_t h = 0; h < sc->host_count; h++)
      cg_graph_set_host_group(g, (cg_host)h, sc->racks[h]);
    cg_comm *h = cg_xcalloc(n, sizeof *h);
    for (size_t i = 0; i < n; i++)
      h[i] = cg_graph_add(g, sc->comms[i].src, sc->comms[i].dst);
    for (size_t i = 0; i < n; i++)
      tp[i] = sc->comms[i].size / sc->bandwidth * cg_graph_penalty(g, h[i]);
    free(h);
    cg_graph_destroy(g);
    return 0;
  }
  cg_step_comm *c = cg_xcalloc(n, sizeof *c);
  for (size_t i = 0; i < n; i++)
    c[i] = (cg_step_comm){sc->comms[i].src, sc->comms[i].dst, sc->comms[i].size, sc->comms[i].start,
                          NULL, 0};
  int rc = cg_solve_steps_grouped(c, n, 1.0 / sc->bandwidth, t, params, sc->racks, sc->host_count, tp,
                                  NULL, err, errlen);
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
static int check_finite(const scenario *sc, const double *tp, char *err, size_t errlen)
{
  for (size_t i = 0; i < sc->comm_count; i++)
    if (!isfinite(tp[i])) {
      snprintf(err, errlen,
               "%s:%d: comm '%s' has a predicted time that overflows a double (size / bandwidth "
               "times its penalties is over 1.8e308 s)",
               sc->file, sc->comms[i].line, sc->comms[i].id);
      return -1;
    }
  return 0;
}

int main(int argc, char **argv)
{
  if (tool_version_option(PROG, argc, argv))
    return 0;
  opts o = {0};
  int rc = parse(argc, argv, &o);
  if (rc >= 0) {
    free(o.files);
    free(o.params);
    return rc;
  }
  const cg_tech *const *all = cg_tech_all();
  size_t ntech = 0;
  while (all[ntech])
    ntech++;
  const cg_tech *const *techs = o.tech ? &o.tech : all;
  if (o.tech)
    ntech = 1;
  double *eabs = cg_xcalloc(o.nfiles * ntech, sizeof *eabs);
  int status = 0;
  if (o.csv)
    printf("scenario,technology,comm,measured,predicted,e_rel\n");
  for (size_t f = 0; f < o.nfiles && !status; f++) {
    scenario sc;
    char err[1024];
    if (scenario_load(o.files[f], &sc, err, sizeof err)) {
      fprintf(stderr, PROG ": %s\n", err);
      status = 1;
      break;
    }
    for (size_t i = 0; i < sc.comm_count && !status; i++)
      if (sc.comms[i].measured < 0) { /* the loader ensures measured > 0 when given */
        fprintf(stderr, PROG ": %s:%d: comm '%s' has no positive 'measured' time (needed to compare)\n",
                sc.file, sc.comms[i].line, sc.comms[i].id);
        status = 1;
      }
    double *tp = cg_xcalloc(sc.comm_count, sizeof *tp);
    for (size_t t = 0; t < ntech && !status; t++) {
      const cg_tech *tech = techs[t];
      double *params = o.tech ? o.params : NULL;
      if (predict(&sc, tech, params, o.is_static, tp, err, sizeof err)) {
        size_t idx;
        const char *rest;
        if (cg_error_comm(err, &idx, &rest) && idx < sc.comm_count)
          fprintf(stderr, PROG ": %s:%d: comm '%s' %s\n", sc.file, sc.comms[idx].line,
                  sc.comms[idx].id, rest);
        else
          fprintf(stderr, PROG ": %s: %s\n", sc.file, err);
        status = 1;
        break;
      }
      if (check_finite(&sc, tp, err, sizeof err)) {
        fprintf(stderr, PROG ": %s\n", err);
        status = 1;
        break;
      }
      if (!o.csv)
        printf("%s  (technology %s%s)\n%-10s %12s %12s %9s\n", sc.file, tech->name,
               o.is_static ? ", static" : "", "comm", "T_m(s)", "T_p(s)", "E_rel(%)");
      double sum = 0;
      for (size_t i = 0; i < sc.comm_count; i++) {
        double tm = sc.comms[i].measured, e = (tp[i] - tm) / tm * 100;
        sum += fabs(e);
        if (o.csv) {
          csv_field(sc.file);
          printf(",%s,%s,%.17g,%.17g,%.17g\n", tech->name, sc.comms[i].id, tm, tp[i], e);
        } else {
          printf("%-10s %12.6f %12.6f %+9.2f\n", sc.comms[i].id, tm, tp[i], e);
        }
      }
      eabs[f * ntech + t] = sum / (double)sc.comm_count;
      if (o.csv) {
        csv_field(sc.file);
        printf(",%s,E_abs,,,%.17g\n", tech->name, eabs[f * ntech + t]);
      } else {
        printf("E_abs = %.2f %%\n\n", eabs[f * ntech + t]);
      }
    }
    free(tp);
    scenario_free(&sc);
  }
  if (!status && !o.csv) {
    printf("E_abs (%%) per scenario and technology\n%-40s", "scenario");
    for (size_t t = 0; t < ntech; t++)
      printf(" %13s", techs[t]->name);
    printf("\n");
    for (size_t f = 0; f < o.nfiles; f++) {
      const char *base = strrchr(o.files[f], '/');
      printf("%-40s", base ? base + 1 : o.files[f]);
      for (size_t t = 0; t < ntech; t++)
        printf(" %13.2f", eabs[f * ntech + t]);
      printf("\n");
    }
  }
  free(eabs);
  free(o.files);
  free(o.params);
  if (tool_close_output(PROG, stdout, NULL) != 0)
    status = 1;
  return status;
}
