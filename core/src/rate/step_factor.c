/* SimGrid's piecewise factor strings (see step_factor.h). */
#include "contention/step_factor.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

void cg_step_factor_free(cg_step_factor *f)
{
  free(f->threshold);
  free(f->value);
  memset(f, 0, sizeof *f);
}

static int parse_chunk(const char *chunk, size_t len, size_t index, double *t, double *v, char *err,
                       size_t errlen)
{
  char buf[128];
  if (len == 0 || len >= sizeof buf) {
    snprintf(err, errlen, "chunk %zu is %s (expected THRESHOLD:VALUE)", index, len == 0 ? "empty" : "too long");
    return -1;
  }
  memcpy(buf, chunk, len);
  buf[len] = '\0';
  char *colon = strchr(buf, ':');
  if (!colon) {
    snprintf(err, errlen, "chunk %zu '%s' has no ':' (expected THRESHOLD:VALUE)", index, buf);
    return -1;
  }
  *colon = '\0';
  char *end;
  errno = 0;
  long long th = strtoll(buf, &end, 10);
  if (end == buf || *end != '\0' || errno == ERANGE || th < 0) {
    snprintf(err, errlen, "chunk %zu: threshold '%s' is not a non-negative integer", index, buf);
    return -1;
  }
  char *val = colon + 1, *next = strchr(val, ':');
  if (next)
    *next = '\0'; /* further values (smpi/os) are not factors */
  errno = 0;
  double x = strtod(val, &end);
  if (end == val || *end != '\0' || errno == ERANGE || !isfinite(x)) {
    snprintf(err, errlen, "chunk %zu: value '%s' is not a number", index, val);
    return -1;
  }
  *t = (double)th;
  *v = x;
  return 0;
}

int cg_step_factor_parse(const char *text, cg_step_factor *f, char *err, size_t errlen)
{
  memset(f, 0, sizeof *f);
  size_t cap = 1;
  for (const char *p = text; *p; p++)
    cap += *p == ';';
  f->threshold = cg_xcalloc(cap, sizeof *f->threshold);
  f->value = cg_xcalloc(cap, sizeof *f->value);
  const char *p = text;
  size_t index = 1;
  while (*p) {
    const char *semi = strchr(p, ';');
    size_t len = semi ? (size_t)(semi - p) : strlen(p);
    double t, v;
    if (parse_chunk(p, len, index, &t, &v, err, errlen) != 0) {
      cg_step_factor_free(f);
      return -1;
    }
    /* insertion in threshold order (SimGrid sorts the chunks) */
    size_t k = f->count++;
    while (k > 0 && f->threshold[k - 1] > t) {
      f->threshold[k] = f->threshold[k - 1];
      f->value[k] = f->value[k - 1];
      k--;
    }
    f->threshold[k] = t;
    f->value[k] = v;
    index++;
    p += len;
    if (*p == ';')
      p++;
  }
  return 0;
}

double cg_step_factor_at(const cg_step_factor *f, double size)
{
  double current = 1.0;
  for (size_t i = 0; i < f->count; i++) {
    if (size <= f->threshold[i])
      return current;
    current = f->value[i];
  }
  return current;
}
