#include "cli.h"

#include <contention/units.h>

#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/quote.h"
#include "output.h"

void cli_list_technologies(void)
{
  const cg_tech *const *all = cg_tech_all();
  for (size_t i = 0; all[i]; i++) {
    printf("%s: %s\n", all[i]->name, all[i]->description);
    for (size_t j = 0; j < all[i]->param_count; j++) {
      const cg_tech_param *p = &all[i]->params[j];
      printf("  %s (default %g, %s in [%g, %g]): %s\n", p->name, p->default_value,
             p->integer ? "an integer" : "a number", p->min_value, p->max_value, p->description);
    }
  }
}

static int usage_error(const char *prog, const char *msg, const char *arg)
{
  char q[CG_QUOTE_SIZE];
  fprintf(stderr, "%s: %s%s%s (try --help)\n", prog, msg, arg ? " " : "", arg ? cg_quote(arg, q, sizeof q) : "");
  return 2;
}

/* The value of --format or --technology into o; 0, or 2 after an error. */
static int option_value(const char *prog, const cli_spec *spec, const char *opt, const char *v, cli_options *o)
{
  char q[CG_QUOTE_SIZE];
  if (strcmp(opt, "--format") == 0) {
    if (strcmp(v, "csv") != 0 && strcmp(v, "table") != 0) {
      fprintf(stderr, "%s: unknown --format '%s' (accepted: table, csv)\n", prog, cg_quote(v, q, sizeof q));
      return 2;
    }
    o->csv = strcmp(v, "csv") == 0;
    return 0;
  }
  if (spec->tech_all && strcmp(v, "all") == 0) {
    o->tech = NULL;
    return 0;
  }
  o->tech = cg_tech_find(v);
  if (o->tech)
    return 0;
  char names[256];
  cg_tech_names(names, sizeof names);
  fprintf(stderr, "%s: unknown --technology '%s' (accepted: %s%s)\n", prog, cg_quote(v, q, sizeof q), names,
          spec->tech_all ? ", all" : "");
  return 2;
}

/* The technology's parameters: defaults, then each NAME=VALUE of --param. */
static int set_params(const char *prog, const char **args, size_t nargs, cli_options *o)
{
  o->params = cg_xcalloc(o->tech->param_count + 1, sizeof *o->params);
  cg_tech_default_params(o->tech, o->params);
  for (size_t k = 0; k < nargs; k++) {
    char name[128], err[512];
    const char *eq = strchr(args[k], '=');
    size_t len = eq ? (size_t)(eq - args[k]) : 0;
    char q[CG_QUOTE_SIZE];
    if (!eq || len == 0) {
      fprintf(stderr, "%s: --param expects NAME=VALUE, got '%s'\n", prog, cg_quote(args[k], q, sizeof q));
      return 2;
    }
    if (len >= sizeof name) { /* no parameter has such a name: say so, not "expects NAME=VALUE" */
      fprintf(stderr, "%s: --param name of %zu characters is too long (at most %zu; see --list-technologies): '%s'\n",
              prog, len, sizeof name - 1, cg_quote(args[k], q, sizeof q));
      return 2;
    }
    memcpy(name, args[k], len);
    name[len] = '\0';
    for (size_t j = 0; j < k; j++) /* a second value would silently win */
      if (strncmp(args[j], args[k], len + 1) == 0) {
        fprintf(stderr, "%s: --param %s is given twice (accepted: each parameter once)\n", prog, name);
        return 2;
      }
    double unused;
    /* A plain decimal number first: strtod alone took 0x1 and " 1". */
    if (cg_parse_number(eq + 1, &unused, err, sizeof err) != 0) {
      fprintf(stderr, "%s: --param %s: %s\n", prog, cg_quote(args[k], q, sizeof q), err);
      return 2;
    }
    if (cg_tech_set_param(o->tech, o->params, name, eq + 1, err, sizeof err)) {
      fprintf(stderr, "%s: --param: %s\n", prog, err);
      return 2;
    }
  }
  return 0;
}

static int is_flag(const cli_spec *spec, const char *a)
{
  int matched = 0;
  for (const cli_flag *f = spec->flags; f && f->name; f++)
    if (strcmp(a, f->name) == 0) {
      *f->value = 1;
      matched = 1;
    }
  return matched;
}

/* One pass over argv; -1 to go on, else the exit status. */
static int scan(const char *prog, int argc, char **argv, const cli_spec *spec, cli_options *o,
                const char **param_args, size_t *nparams)
{
  int format_given = 0, tech_given = 0; /* a second value would silently win */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (is_flag(spec, a))
      continue;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      spec->usage(stdout);
      return 0;
    }
    if (strcmp(a, "--list-technologies") == 0) {
      cli_list_technologies();
      return 0;
    }
    if (strcmp(a, "--format") == 0 || strcmp(a, "--technology") == 0 || strcmp(a, "--param") == 0) {
      if (i + 1 >= argc)
        return usage_error(prog, "missing value after", a);
      const char *v = argv[++i];
      int *given = strcmp(a, "--format") == 0 ? &format_given : &tech_given;
      o->rules_given |= strcmp(a, "--format") != 0;
      if (strcmp(a, "--param") == 0) {
        param_args[(*nparams)++] = v;
      } else if ((*given)++) {
        fprintf(stderr, "%s: option %s is given twice; give it once\n", prog, a);
        return 2;
      } else if (option_value(prog, spec, a, v, o) != 0) {
        return 2;
      }
    } else if (a[0] == '-' && a[1] != '\0') {
      return usage_error(prog, "unknown option", a);
    } else if (o->nfiles && !spec->many_files) {
      return usage_error(prog, "more than one scenario file:", a);
    } else {
      o->files[o->nfiles++] = a;
    }
  }
  return -1;
}

int cli_parse(const char *prog, int argc, char **argv, const cli_spec *spec, cli_options *o)
{
  memset(o, 0, sizeof *o);
  o->tech = spec->tech_all ? NULL : cg_tech_default();
  o->files = cg_xcalloc((size_t)argc + 1, sizeof *o->files);
  const char **param_args = cg_xcalloc((size_t)argc + 1, sizeof *param_args);
  size_t nparams = 0;
  int rc = scan(prog, argc, argv, spec, o, param_args, &nparams);
  o->file = o->files[0];
  if (rc < 0 && !o->nfiles)
    rc = usage_error(prog, "missing the scenario file", NULL);
  if (rc < 0 && nparams && !o->tech) {
    fprintf(stderr, "%s: --param needs a single --technology\n", prog);
    rc = 2;
  }
  if (rc < 0 && o->tech && set_params(prog, param_args, nparams, o) != 0)
    rc = 2;
  free(param_args);
  if (rc >= 0)
    cli_free(o);
  if (rc == 0 && tool_close_output(prog, stdout, NULL) != 0) /* --help, --list-technologies */
    rc = 1;
  return rc;
}

void cli_free(cli_options *o)
{
  free(o->params);
  free(o->files);
  o->params = NULL;
  o->files = NULL;
  o->file = NULL;
  o->nfiles = 0;
}
