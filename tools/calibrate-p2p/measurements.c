/* CSV measurement reader; see measurements.h. */
#include "measurements.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/units.h"
#include "output.h"

/* A field is a plain decimal number between optional blanks (strtod alone
 * took "0x10" as 16). */
static int parse_field(const char *s, double *out, char *why, size_t whylen)
{
  while (isspace((unsigned char)*s))
    s++;
  size_t len = strlen(s);
  while (len && isspace((unsigned char)s[len - 1]))
    len--;
  char num[128];
  if (len == 0 || len >= sizeof num) {
    snprintf(why, whylen, len ? "more than %zu characters" : "empty", sizeof num - 1);
    return -1;
  }
  memcpy(num, s, len);
  num[len] = '\0';
  return cg_parse_number(num, out, why, whylen);
}

enum { LINE_MAX_CHARS = 4094 };
typedef enum { LINE_OK, LINE_EOF, LINE_TOO_LONG, LINE_NUL } line_status;

/* Reads one line (without its '\n') into buf, of LINE_MAX_CHARS + 2 bytes.
 * fgets cannot be used: it hides a NUL byte, which would silently end the
 * line there. */
static line_status read_line(FILE *f, char *buf)
{
  size_t len = 0;
  int c = 0;
  line_status st = LINE_OK;
  /* Stops at the first fault: the caller gives up on it, and an endless
   * file without '\n' (/dev/zero) must not be read forever. */
  while (st == LINE_OK && (c = getc(f)) != EOF && c != '\n') {
    if (c == '\0')
      st = LINE_NUL;
    else if (len == LINE_MAX_CHARS)
      st = LINE_TOO_LONG;
    else
      buf[len++] = (char)c;
  }
  buf[len] = '\0';
  if (c == EOF && len == 0 && st == LINE_OK)
    return LINE_EOF;
  return st;
}

/* The comma-separated fields of p (the first 8 kept in vals): returns their
 * count, with in *numeric how many are numbers and in why, if one is not,
 * "column K: " and why the first of them is not. */
static size_t split_fields(char *p, double vals[8], size_t *numeric, char *why, size_t whylen)
{
  size_t n = 0;
  *numeric = 0;
  why[0] = '\0';
  for (char *tok = p;; n++) {
    char *comma = strchr(tok, ',');
    if (comma)
      *comma = '\0';
    double v;
    char reason[256];
    if (parse_field(tok, &v, reason, sizeof reason) == 0) {
      (*numeric)++;
      if (n < 8)
        vals[n] = v;
    } else if (!why[0]) {
      snprintf(why, whylen, "column %zu: %s", n + 1, reason);
    }
    if (!comma)
      return n + 1;
    tok = comma + 1;
  }
}

/* Whether the n NUL-separated fields at p (split_fields' output) are the
 * comma-separated names of `header`, case and surrounding spaces aside. */
static int same_names(const char *p, size_t n, const char *header)
{
  const char *h = header;
  for (size_t i = 0; i < n; i++) {
    while (isspace((unsigned char)*p))
      p++;
    size_t len = strlen(p), want = strcspn(h, ",");
    const char *next = p + len + 1;
    while (len && isspace((unsigned char)p[len - 1]))
      len--;
    if (len != want)
      return 0;
    for (size_t k = 0; k < len; k++)
      if (tolower((unsigned char)p[k]) != tolower((unsigned char)h[k]))
        return 0;
    h += want + (h[want] == ',');
    p = next;
  }
  return 1;
}

/* The 0-based index of the column named "size" in header, or -1. */
static int size_column(const char *header)
{
  int c = 0;
  for (const char *h = header; *h; c++) {
    size_t len = strcspn(h, ",");
    if (len == 4 && strncmp(h, "size", 4) == 0)
      return c;
    h += len + (h[len] == ',');
  }
  return -1;
}

typedef struct reader {
  const char *path, *header;
  size_t columns, cap, line_cap;
  int data_seen;
  measurements *m;
  char *err;
  size_t errlen;
} reader;

/* One line with content: the header (checked, skipped) or a data row,
 * appended to r->m. Returns 0, or -1 with r->err set. */
static int take_line(reader *r, char *p, int lineno)
{
  double vals[8];
  char why[320];
  size_t numeric, n = split_fields(p, vals, &numeric, why, sizeof why);
  /* The header: the first line, if none of its fields is a number. A
   * first line with some numbers is a (malformed) data row. */
  int is_header = !r->data_seen && numeric == 0;
  r->data_seen = 1;
  if (is_header) {
    if (n != r->columns) {
      snprintf(r->err, r->errlen, "%s:%d: header has %zu column%s, expected %zu (%s)", r->path, lineno, n,
               n == 1 ? "" : "s", r->columns, r->header);
      return -1;
    }
    if (!same_names(p, n, r->header)) { /* "size,duration,x" is not "pairs,size,duration" */
      snprintf(r->err, r->errlen, "%s:%d: header names other columns than the expected %s", r->path, lineno,
               r->header);
      return -1;
    }
    return 0;
  }
  if (n != r->columns) {
    snprintf(r->err, r->errlen, "%s:%d: expected %zu numeric comma-separated columns (%s), got %zu", r->path,
             lineno, r->columns, r->header, n);
    return -1;
  }
  if (numeric != n) { /* which field, and why: "1e-320" reads as a number */
    snprintf(r->err, r->errlen, "%s:%d: expected %zu numeric comma-separated columns (%s): %s", r->path, lineno,
             r->columns, r->header, why);
    return -1;
  }
  for (size_t c = 0; c < n; c++)
    if (!isfinite(vals[c]) || vals[c] < 0 || (c == n - 1 && vals[c] <= 0)) {
      snprintf(r->err, r->errlen, "%s:%d: column %zu = %g: values must be finite and >= 0, durations > 0 (%s)",
               r->path, lineno, c + 1, vals[c], r->header);
      return -1;
    }
  int sc = size_column(r->header);
  if (sc >= 0 && vals[sc] > MEASUREMENTS_MAX_SIZE) {
    snprintf(r->err, r->errlen, "%s:%d: column %d = %g: sizes are byte counts up to 2^53 = %.0f (%s)", r->path,
             lineno, sc + 1, vals[sc], MEASUREMENTS_MAX_SIZE, r->header);
    return -1;
  }
  /* A message has whole bytes: a fraction is most often a duration in the
   * size column (the fit then failed on an empty segment, far from here). */
  if (sc >= 0 && vals[sc] != floor(vals[sc])) {
    char v[32]; /* %g, unless its six digits read whole (123456.5) */
    snprintf(v, sizeof v, "%g", vals[sc]);
    if (strtod(v, NULL) == floor(strtod(v, NULL)))
      snprintf(v, sizeof v, "%.17g", vals[sc]);
    snprintf(r->err, r->errlen, "%s:%d: column %d = %s: sizes are whole byte counts (are the columns swapped? expected %s)",
             r->path, lineno, sc + 1, v, r->header);
    return -1;
  }
  measurements *m = r->m;
  cg_grow((void **)&m->v, &r->cap, (m->rows + 1) * n, sizeof *m->v);
  memcpy(m->v + m->rows * n, vals, n * sizeof *vals);
  cg_grow((void **)&m->lines, &r->line_cap, m->rows + 1, sizeof *m->lines);
  m->lines[m->rows] = lineno;
  m->rows++;
  return 0;
}

char *measurements_display_name(const char *path)
{
  /* a newline in a file name must not break a message */
  return tool_display_name(strcmp(path, "-") == 0 ? "standard input" : path);
}

int measurements_read(const char *path, size_t columns, const char *header, measurements *m, char *err,
                      size_t errlen)
{
  *m = (measurements){0, columns, NULL, NULL};
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "r");
  char *shown = measurements_display_name(path);
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", shown, strerror(errno));
    free(shown);
    return -1;
  }
  reader r = {shown, header, columns, 0, 0, 0, m, err, errlen};
  char line[LINE_MAX_CHARS + 2];
  int lineno = 0, rc = 0;
  line_status st;
  while (rc == 0 && (st = read_line(f, line)) != LINE_EOF) {
    lineno++;
    if (lineno > MEASUREMENTS_MAX_LINES) {
      snprintf(err, errlen, "%s:%d: more than %d lines (the limit of a measurement file)", shown, lineno,
               MEASUREMENTS_MAX_LINES);
      rc = -1;
    } else if (st == LINE_TOO_LONG) {
      snprintf(err, errlen, "%s:%d: line longer than %d characters", shown, lineno, LINE_MAX_CHARS);
      rc = -1;
    } else if (st == LINE_NUL) {
      snprintf(err, errlen, "%s:%d: NUL byte in the line (a text CSV file is expected: %s)", shown, lineno, header);
      rc = -1;
    } else {
      char *hash = strchr(line, '#');
      if (hash)
        *hash = '\0';
      char *p = line;
      if (lineno == 1 && strncmp(p, "\xEF\xBB\xBF", 3) == 0) /* a byte order mark (spreadsheets write one) */
        p += 3;
      while (isspace((unsigned char)*p))
        p++;
      if (*p)
        rc = take_line(&r, p, lineno);
    }
  }
  if (rc == 0 && ferror(f)) { /* a directory: fopen succeeds, reading fails */
    snprintf(err, errlen, "%s: cannot read: %s (a CSV file is expected: %s)", shown, strerror(errno), header);
    rc = -1;
  }
  if (!is_stdin)
    fclose(f);
  if (rc == 0 && m->rows == 0) {
    snprintf(err, errlen, "%s: no measurements (%s)", shown, header);
    rc = -1;
  }
  if (rc)
    measurements_free(m);
  free(shown);
  return rc;
}

void measurements_free(measurements *m)
{
  free(m->v);
  free(m->lines);
  m->v = NULL;
  m->lines = NULL;
  m->rows = 0;
}
