#include "speed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/quote.h"

#define SPEED_SUFFIXES "f, kf, Mf, Gf, Tf, Pf, flops, kflops, Mflops, Gflops, Tflops, Pflops"

int pgen_parse_speed(const char *text, double *out, char *err, size_t errlen)
{
  static const struct { const char *prefix; double factor; } scale[] = {
    {"", 1}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"P", 1e15}};
  char *end = NULL;
  char q[CG_QUOTE_SIZE], qe[CG_QUOTE_SIZE]; /* the text quoted: one message line */
  cg_quote(text ? text : "", q, sizeof q);
  /* strtod alone would accept "inf", "nan" and hex floats. */
  if (!text || !(text[0] == '.' || (text[0] >= '0' && text[0] <= '9'))) {
    snprintf(err, errlen, "'%s' is not a speed (expected a positive number with a suffix among %s)", q,
             SPEED_SUFFIXES);
    return -1;
  }
  double v = strtod(text, &end);
  if (end == text || strspn(text, "0123456789.eE+-") < (size_t)(end - text)) {
    snprintf(err, errlen, "'%s' is not a speed (expected a positive number with a suffix among %s)", q,
             SPEED_SUFFIXES);
    return -1;
  }
  double factor = 0;
  for (size_t i = 0; i < sizeof scale / sizeof scale[0]; i++) {
    size_t n = strlen(scale[i].prefix);
    if (strncmp(end, scale[i].prefix, n) == 0 && (strcmp(end + n, "f") == 0 || strcmp(end + n, "flops") == 0))
      factor = scale[i].factor;
  }
  if (factor == 0) {
    snprintf(err, errlen, "unknown speed unit '%s' in '%s' (accepted: %s)", cg_quote(end, qe, sizeof qe), q,
             SPEED_SUFFIXES);
    return -1;
  }
  v *= factor;
  if (!isfinite(v) || v <= 0) {
    snprintf(err, errlen, "speed '%s' must be positive and finite", q);
    return -1;
  }
  *out = v;
  return 0;
}
