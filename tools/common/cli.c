#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/quote.h"
#include "output.h"

static void list_technologies(void)
{
  const cg_tech *const *all = cg_tech_all();
  for (size_t i = 0; all[i]; i++) {
    printf("%s: %s\n", all[i]->name, all[i]->description);
    for (size_t j = 0; j < all[i]->param_count; j++) {
      const cg_tech_param *p = &all[i]->params[j];
      printf("  %s (default %g, range [%g, %g]): %s\n", p->name, p->default_value, p->min_value,
             p->max_value, p->description);
    }
  }
}

static int usage_error(const char *prog, const char *msg, const char *arg)
{
  char q[CG_QUOTE_SIZE];
  fprintf(stderr, "%s: %s%s%s (try --help)\n", prog, msg, arg ? " " : "", arg ? cg_quote(arg, q, sizeof q) : "");
  return 2;
}

int cli_parse(const char *prog, int argc, char **argv, const cli_flag *flags, cli_options *o,
              void (*usage)(FILE *))
{
  memset(o, 0, sizeof *o);
  o->tech = &cg_tech_infiniband;
  const char **param_args = cg_xcalloc((size_t)argc + 1, sizeof *param_args);
  size_t nparams = 0;
  int rc = -1;
  for (int i = 1; i < argc && rc < 0; i++) {
    const char *a = argv[i];
    int matched = 0;
    for (const cli_flag *f = flags; f && f->name; f++)
      if (strcmp(a, f->name) == 0) {
        *f->value = 1;
        matched = 1;
      }
    if (matched)
      continue;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      rc = 0;
    } else if (strcmp(a, "--list-technologies") == 0) {
      list_technologies();
      rc = 0;
    } else if (strcmp(a, "--format") == 0 || strcmp(a, "--technology") == 0 ||
               strcmp(a, "--param") == 0) {
      if (i + 1 >= argc) {
        rc = usage_error(prog, "missing value after", a);
        break;
      }
      const char *v = argv[++i];
      if (strcmp(a, "--format") == 0) {
        if (strcmp(v, "csv") == 0)
          o->csv = 1;
        else if (strcmp(v, "table") == 0)
          o->csv = 0;
        else {
          char q[CG_QUOTE_SIZE];
          fprintf(stderr, "%s: unknown --format '%s' (accepted: table, csv)\n", prog, cg_quote(v, q, sizeof q));
          rc = 2;
        }
      } else if (strcmp(a, "--technology") == 0) {
        o->tech = cg_tech_find(v);
        if (!o->tech) {
          char names[256];
          cg_tech_names(names, sizeof names);
          char q[CG_QUOTE_SIZE];
          fprintf(stderr, "%s: unknown --technology '%s' (accepted: %s)\n", prog, cg_quote(v, q, sizeof q),
                  names);
          rc = 2;
        }
      } else {
        param_args[nparams++] = v;
      }
    } else if (a[0] == '-' && a[1] != '\0') {
      rc = usage_error(prog, "unknown option", a);
    } else if (o->file) {
      rc = usage_error(prog, "more than one scenario file:", a);
    } else {
      o->file = a;
    }
  }
  if (rc < 0 && !o->file)
    rc = usage_error(prog, "missing the scenario file", NULL);
  if (rc < 0) {
    o->params = cg_xcalloc(o->tech->param_count + 1, sizeof *o->params);
    cg_tech_default_params(o->tech, o->params);
    for (size_t k = 0; k < nparams && rc < 0; k++) {
      char name[128], err[512];
      const char *eq = strchr(param_args[k], '=');
      size_t len = eq ? (size_t)(eq - param_args[k]) : 0;
      if (!eq || len == 0 || len >= sizeof name) {
        char q[CG_QUOTE_SIZE];
        fprintf(stderr, "%s: --param expects NAME=VALUE, got '%s'\n", prog,
                cg_quote(param_args[k], q, sizeof q));
        rc = 2;
        break;
      }
      memcpy(name, param_args[k], len);
      name[len] = '\0';
      if (cg_tech_set_param(o->tech, o->params, name, eq + 1, err, sizeof err)) {
        fprintf(stderr, "%s: --param: %s\n", prog, err);
        rc = 2;
      }
    }
  }
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
  o->params = NULL;
}
