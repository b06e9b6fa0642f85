/* SMPI piecewise options, read and evaluated as SimGrid 3.32 does (see
 * smpi_piecewise.h for the rules). */
#include "contention/smpi_piecewise.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/units.h"

/* Parses one ';'-separated entry "S:a[:b]" into slot i. */
static int parse_entry(const char *entry, cg_piecewise *p, size_t i, char *err, size_t errlen)
{
  char buf[256];
  if (strlen(entry) >= sizeof buf) {
    snprintf(err, errlen, "entry %zu is too long", i + 1);
    return -1;
  }
  strcpy(buf, entry);
  /* SimGrid keeps every value of an entry and uses the first two. */
  char *fields[3] = {0};
  int nf = 0;
  for (char *f = buf, *colon; f && nf < 3; f = colon ? colon + 1 : NULL) {
    colon = strchr(f, ':');
    if (colon)
      *colon = '\0';
    fields[nf++] = f;
  }
  if (nf < 2) {
    snprintf(err, errlen, "entry %zu '%s': expected SIZE:VALUE[:VALUE...]", i + 1, entry);
    return -1;
  }
  char *end;
  errno = 0;
  long s = strtol(fields[0], &end, 10);
  if (end == fields[0] || *end || errno == ERANGE || s < 0 || s > INT_MAX) {
    snprintf(err, errlen, "entry %zu '%s': size '%s' is not a whole number in [0, %d]", i + 1, entry, fields[0],
             INT_MAX);
    return -1;
  }
  double v[2] = {0, 0};
  for (int k = 1; k < nf; k++) {
    char msg[256];
    if (cg_parse_quantity(fields[k], CG_UNIT_TIME, &v[k - 1], msg, sizeof msg) != 0) {
      snprintf(err, errlen, "entry %zu '%s': %s", i + 1, entry, msg);
      return -1;
    }
  }
  p->size[i] = s;
  p->a[i] = v[0];
  p->b[i] = v[1];
  return 0;
}

int cg_piecewise_parse(const char *text, cg_piecewise *out, char *err, size_t errlen)
{
  memset(out, 0, sizeof *out);
  if (!text || !*text) {
    snprintf(err, errlen, "empty value");
    return -1;
  }
  const char *at = text;
  while (*at) {
    const char *semi = strchr(at, ';');
    size_t len = semi ? (size_t)(semi - at) : strlen(at);
    if (len > 0) { /* SimGrid's tokenizer skips empty entries */
      if (out->n == CG_PIECEWISE_MAX) {
        snprintf(err, errlen, "more than %d entries", CG_PIECEWISE_MAX);
        return -1;
      }
      char entry[256];
      snprintf(entry, sizeof entry, "%.*s", (int)(len < sizeof entry ? len : sizeof entry - 1), at);
      if (parse_entry(entry, out, out->n, err, errlen) != 0)
        return -1;
      out->n++;
    }
    at += len + (semi ? 1 : 0);
  }
  if (out->n == 0) {
    snprintf(err, errlen, "no entry");
    return -1;
  }
  /* Stable insertion sort by size, as SimGrid sorts its entries. */
  for (size_t i = 1; i < out->n; i++)
    for (size_t j = i; j > 0 && out->size[j - 1] > out->size[j]; j--) {
      long s = out->size[j]; out->size[j] = out->size[j - 1]; out->size[j - 1] = s;
      double a = out->a[j]; out->a[j] = out->a[j - 1]; out->a[j - 1] = a;
      double b = out->b[j]; out->b[j] = out->b[j - 1]; out->b[j - 1] = b;
    }
  return 0;
}

double cg_piecewise_factor(const cg_piecewise *p, double wire_size)
{
  double current = 1.0;
  for (size_t i = 0; i < p->n; i++) {
    if (wire_size <= (double)p->size[i])
      return current;
    current = p->a[i];
  }
  return current;
}

double cg_piecewise_overhead(const cg_piecewise *p, double size)
{
  if (p->n == 0)
    return 0;
  double current = p->a[0] + p->b[0] * size;
  for (size_t i = 0; i < p->n; i++) {
    if (size <= (double)p->size[i])
      return current;
    current = p->a[i] + p->b[i] * size;
  }
  return current;
}
