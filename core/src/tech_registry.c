/* The table of built-in technologies and parameter handling shared by all. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/quote.h"
#include "contention/technology.h"
#include "contention/units.h"

static const cg_tech *const all_techs[] = {
  &cg_tech_infiniband,
  &cg_tech_gige,
  &cg_tech_myrinet,
  &cg_tech_hier_ethernet,
  &cg_tech_infinihost,
  NULL,
};

/* The one place that says which technology applies when none is chosen. */
static const cg_tech *const default_tech = &cg_tech_infiniband;

const cg_tech *const *cg_tech_all(void) { return all_techs; }

const cg_tech *cg_tech_default(void) { return default_tech; }

const cg_tech *cg_tech_find(const char *name)
{
  for (size_t i = 0; all_techs[i]; i++)
    if (strcmp(all_techs[i]->name, name) == 0)
      return all_techs[i];
  return NULL;
}

void cg_tech_names(char *buf, size_t len)
{
  size_t used = 0;
  if (len)
    buf[0] = '\0';
  for (size_t i = 0; all_techs[i] && used < len; i++) {
    int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", all_techs[i]->name);
    if (w < 0)
      break;
    used += (size_t)w;
  }
}

void cg_tech_default_params(const cg_tech *t, double *params)
{
  for (size_t i = 0; i < t->param_count; i++)
    params[i] = t->params[i].default_value;
}

int cg_tech_set_param(const cg_tech *t, double *params, const char *name, const char *value,
                      char *err, size_t errlen)
{
  for (size_t i = 0; i < t->param_count; i++) {
    const cg_tech_param *p = &t->params[i];
    if (strcmp(p->name, name) != 0)
      continue;
    /* a plain decimal number: strtod alone would take "0x1" or " 1" */
    double v;
    char perr[8];
    /* one message for every refusal: an integer parameter says so also
       when the value is out of range (65 for threads) */
    if (cg_parse_number(value, &v, perr, sizeof perr) != 0 || v < p->min_value || v > p->max_value ||
        (p->integer && v != floor(v))) {
      char q[CG_QUOTE_SIZE];
      snprintf(err, errlen, "invalid value '%s' for %s parameter '%s': expected %s in [%g, %g]",
               cg_quote(value, q, sizeof q), t->name, name, p->integer ? "an integer" : "a number", p->min_value,
               p->max_value);
      return -1;
    }
    params[i] = v;
    return 0;
  }
  /* the name is user text: quoted, so that the message stays one line */
  char q[CG_QUOTE_SIZE];
  cg_quote(name, q, sizeof q);
  if (t->param_count == 0) {
    snprintf(err, errlen, "unknown %s parameter '%s': this technology has no parameters", t->name, q);
    return -1;
  }
  int w = snprintf(err, errlen, "unknown %s parameter '%s': accepted are", t->name, q);
  for (size_t i = 0; i < t->param_count && w > 0 && (size_t)w < errlen; i++)
    w += snprintf(err + w, errlen - (size_t)w, "%s %s", i ? "," : "", t->params[i].name);
  return -1;
}
