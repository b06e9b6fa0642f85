/* The option value parsers: cg_parse_quantity (units.c), cg_parse_number,
 * cg_tech_set_param (--param, contention/<tech>/<param>) and cg_loggps_set
 * (loggps/<param>). The first byte picks the parser ('0'..'5' in the seed
 * corpus: size, bandwidth, time, number, technology, loggps); for the two
 * last, the text is "NAME=VALUE", for technologies after one byte that
 * picks the technology. Every error message must be one line. */
#include <float.h>
#include <math.h>

#include "contention/loggps.h"
#include "contention/technology.h"
#include "contention/units.h"
#include "fuzz.h"

static void check_number(double v, int nonnegative)
{
  FUZZ_CHECK(isfinite(v) && (v == 0 || fabs(v) >= DBL_MIN), "accepted %g", v);
  FUZZ_CHECK(!nonnegative || v >= 0, "accepted negative %g", v);
}

/* "NAME=VALUE": copies NAME (truncated to size - 1) into name and returns
 * the '=', or NULL without one. */
static const char *split_name(const char *text, char *name, size_t size)
{
  const char *eq = strchr(text, '=');
  if (!eq)
    return NULL;
  size_t len = (size_t)(eq - text) < size - 1 ? (size_t)(eq - text) : size - 1;
  memcpy(name, text, len);
  name[len] = '\0';
  return eq;
}

static void tech_param(const char *text)
{
  const cg_tech *const *all = cg_tech_all();
  size_t n = 0;
  while (all[n])
    n++;
  if (!*text)
    return;
  const cg_tech *t = all[(unsigned char)*text % n];
  text++;
  char name[128];
  const char *eq = split_name(text, name, sizeof name);
  if (!eq)
    return;
  double params[16];
  FUZZ_CHECK(t->param_count < 16, "%zu parameters", t->param_count);
  cg_tech_default_params(t, params);
  char err[1024] = "";
  if (cg_tech_set_param(t, params, name, eq + 1, err, sizeof err) == 0) {
    for (size_t i = 0; i < t->param_count; i++)
      FUZZ_CHECK(params[i] >= t->params[i].min_value && params[i] <= t->params[i].max_value,
                 "%s %s = %g out of range", t->name, t->params[i].name, params[i]);
  } else {
    fuzz_check_message(err, strncmp(err, "unknown", 7) == 0 ? "unknown " : "invalid value '");
  }
}

static void loggps_param(const char *text)
{
  char name[128];
  const char *eq = split_name(text, name, sizeof name);
  if (!eq)
    return;
  /* a valid starting point (the model has no defaults: it takes them from
   * the platform) */
  cg_loggps m = {.L = 24e-6, .o = 1e-6, .Os = 0, .Or = 0, .g = 8e-9, .G = 8e-9, .s = 65536, .S = 65536};
  char err[1024] = "", msg[512];
  if (cg_loggps_set(&m, name, eq + 1, err, sizeof err) >= 0) {
    /* s <= S spans two options (S may come from smpi/send-is-detached-
     * thresh): the model checks it when it starts, not the option. */
    if (m.s <= m.S)
      FUZZ_CHECK(cg_loggps_validate(&m, msg, sizeof msg) == 0, "accepted but invalid: %s", msg);
  } else
    fuzz_check_message(err, "loggps/");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size == 0 || memchr(data, '\0', size))
    return 0; /* option values are C strings */
  char *text = fuzz_string(data + 1, size - 1);
  char err[1024] = "";
  double v = -1;
  switch (data[0] % 6) {
  case 0:
  case 1:
  case 2:
    if (cg_parse_quantity(text, (cg_unit_kind)(data[0] % 6), &v, err, sizeof err) == 0)
      check_number(v, 1);
    else
      fuzz_check_message(err, "");
    break;
  case 3:
    if (cg_parse_number(text, &v, err, sizeof err) == 0)
      check_number(v, 0);
    else
      fuzz_check_message(err, "");
    break;
  case 4: tech_param(text); break;
  default: loggps_param(text); break;
  }
  free(text);
  return 0;
}
