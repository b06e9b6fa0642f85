/* The "key = value" parameter file of the point-to-point model
 * (doc/p2p-model.md). Every error names the file, the line and the key. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"
#include "contention/p2p_model.h"
#include "contention/quote.h"
#include "contention/units.h"

typedef enum { K_THRESH, K_OS, K_OS_BYTE, K_OR, K_OR_BYTE, K_L, K_B, K_ROUTE_BW, K_ROUTE_LAT } key_kind;

typedef struct key_def {
  char name[32];
  key_kind kind;
  int index; /* threshold or segment; -1 for the route keys */
} key_def;

enum { MAX_KEYS = CG_P2P_THRESHOLDS + 4 * (CG_P2P_SEGMENTS - 1) + 2 * CG_P2P_SEGMENTS + 2 };

static int build_keys(key_def *k)
{
  static const char *const tn[CG_P2P_THRESHOLDS] = {"small", "medium1", "async", "detached"};
  static const char *const fields[] = {"os", "Os", "or", "Or", "L", "B"};
  static const key_kind kinds[] = {K_OS, K_OS_BYTE, K_OR, K_OR_BYTE, K_L, K_B};
  int n = 0;
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
    snprintf(k[n].name, sizeof k[n].name, "threshold.%s", tn[i]);
    k[n].kind = K_THRESH;
    k[n++].index = i;
  }
  for (int s = 0; s < CG_P2P_SEGMENTS; s++)
    for (int f = s == CG_P2P_LARGE ? 4 : 0; f < 6; f++) {
      snprintf(k[n].name, sizeof k[n].name, "%s.%s", cg_p2p_segment_name(s), fields[f]);
      k[n].kind = kinds[f];
      k[n++].index = s;
    }
  snprintf(k[n].name, sizeof k[n].name, "route.bandwidth");
  k[n].index = 0; /* unused, but cg_p2p_write_params indexes seg[] with it */
  k[n++].kind = K_ROUTE_BW;
  snprintf(k[n].name, sizeof k[n].name, "route.latency");
  k[n].index = 0;
  k[n++].kind = K_ROUTE_LAT;
  return n;
}

static char *trim(char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1]))
    s[--n] = '\0';
  return s;
}

/* Per-byte overheads are plain numbers of seconds per byte. */
static int parse_plain(const char *v, double *out, char *msg, size_t len)
{
  double d;
  char e[256];
  if (cg_parse_number(v, &d, e, sizeof e) != 0 || d < 0 || v[0] == '-') {
    char q[CG_QUOTE_SIZE];
    snprintf(msg, len, "'%s' is not a finite number >= 0 (seconds per byte, no unit suffix)",
             cg_quote(v, q, sizeof q));
    return -1;
  }
  *out = d;
  return 0;
}

static int parse_value(const key_def *k, const char *v, cg_p2p_params *p, char *msg, size_t len)
{
  double d = 0;
  int rc;
  switch (k->kind) {
  case K_THRESH:
    rc = cg_parse_quantity(v, CG_UNIT_SIZE, &d, msg, len);
    if (rc == 0 && (d != floor(d) || d < 1 || d > 2147483647.0)) {
      char q[CG_QUOTE_SIZE];
      snprintf(msg, len, "'%s' is not a whole number of bytes between 1 and 2147483647",
               cg_quote(v, q, sizeof q));
      rc = -1;
    }
    if (rc == 0)
      p->thresh[k->index] = (long)d;
    return rc;
  case K_OS_BYTE: return parse_plain(v, &p->seg[k->index].Os, msg, len);
  case K_OR_BYTE: return parse_plain(v, &p->seg[k->index].Or, msg, len);
  case K_OS: return cg_parse_quantity(v, CG_UNIT_TIME, &p->seg[k->index].os, msg, len);
  case K_OR: return cg_parse_quantity(v, CG_UNIT_TIME, &p->seg[k->index].or_, msg, len);
  case K_L: return cg_parse_quantity(v, CG_UNIT_TIME, &p->seg[k->index].L, msg, len);
  case K_B:
    rc = cg_parse_quantity(v, CG_UNIT_BANDWIDTH, &p->seg[k->index].B, msg, len);
    if (rc == 0 && p->seg[k->index].B == 0) {
      snprintf(msg, len, "a bandwidth must be > 0");
      rc = -1;
    }
    return rc;
  case K_ROUTE_BW: return cg_parse_quantity(v, CG_UNIT_BANDWIDTH, &p->route_bandwidth, msg, len);
  case K_ROUTE_LAT: return cg_parse_quantity(v, CG_UNIT_TIME, &p->route_latency, msg, len);
  }
  return -1;
}

static void accepted_keys(const key_def *keys, int n, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && used < len; i++) {
    int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", keys[i].name);
    if (w < 0)
      break;
    used += (size_t)w;
  }
}

int cg_p2p_parse_string(const char *text, const char *name, cg_p2p_params *p, char *err, size_t errlen)
{
  key_def keys[MAX_KEYS];
  int nkeys = build_keys(keys);
  int seen_line[MAX_KEYS] = {0};
  cg_p2p_defaults(p);

  size_t tlen = strlen(text);
  char *copy = cg_xmalloc(tlen + 1);
  memcpy(copy, text, tlen + 1);
  int rc = 0, lineno = 0;
  char *save = copy;
  while (rc == 0 && save) {
    char *line = save;
    char *nl = strchr(line, '\n');
    save = nl ? nl + 1 : NULL;
    if (nl)
      *nl = '\0';
    lineno++;
    if (lineno == 1 && strncmp(line, "\xEF\xBB\xBF", 3) == 0) /* a byte order mark, as the CSV reader accepts */
      line += 3;
    char *hash = strchr(line, '#');
    if (hash)
      *hash = '\0';
    char *t = trim(line);
    if (!*t)
      continue;
    char *eq = strchr(t, '=');
    if (!eq) {
      char q[CG_QUOTE_SIZE];
      snprintf(err, errlen, "%s:%d: expected 'key = value', got '%s'", name, lineno, cg_quote(t, q, sizeof q));
      rc = -1;
      break;
    }
    *eq = '\0';
    char *key = trim(t), *val = trim(eq + 1);
    int k = 0;
    while (k < nkeys && strcmp(keys[k].name, key) != 0)
      k++;
    if (k == nkeys) {
      char acc[2048];
      accepted_keys(keys, nkeys, acc, sizeof acc);
      const char *hint = strncmp(key, "large.", 6) == 0 ? " (large messages are rendez-vous: only large.L and "
                                                          "large.B)"
                                                        : "";
      char q[CG_QUOTE_SIZE];
      snprintf(err, errlen, "%s:%d: unknown key '%s'%s; accepted keys: %s", name, lineno,
               cg_quote(key, q, sizeof q), hint, acc);
      rc = -1;
      break;
    }
    if (seen_line[k]) {
      snprintf(err, errlen, "%s:%d: key '%s' already given on line %d", name, lineno, key, seen_line[k]);
      rc = -1;
      break;
    }
    seen_line[k] = lineno;
    if (!*val) {
      snprintf(err, errlen, "%s:%d: key '%s' has no value", name, lineno, key);
      rc = -1;
      break;
    }
    char msg[512];
    if (parse_value(&keys[k], val, p, msg, sizeof msg) != 0) {
      snprintf(err, errlen, "%s:%d: key '%s': %s", name, lineno, key, msg);
      rc = -1;
    }
  }
  free(copy);
  if (rc)
    return rc;
  for (int k = 0; k < nkeys; k++)
    if ((keys[k].kind == K_L || keys[k].kind == K_B) && !seen_line[k]) {
      snprintf(err, errlen, "%s: missing key '%s' (every segment needs its L and B)", name, keys[k].name);
      return -1;
    }
  char msg[512];
  if (cg_p2p_validate(p, msg, sizeof msg) != 0) {
    /* The message starts with the key it is about: name its line too
     * (none for a threshold left at its default). */
    int line = 0;
    for (int k = 0; k < nkeys; k++) {
      size_t n = strlen(keys[k].name);
      if (strncmp(msg, keys[k].name, n) == 0 && msg[n] == ' ')
        line = seen_line[k];
    }
    if (line)
      snprintf(err, errlen, "%s:%d: %s", name, line, msg);
    else
      snprintf(err, errlen, "%s: %s", name, msg);
    return -1;
  }
  return 0;
}

int cg_p2p_parse_file(const char *path, cg_p2p_params *p, char *err, size_t errlen)
{
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  errno = 0;
  size_t cap = 4096, len = 0;
  char *buf = cg_xmalloc(cap);
  size_t got;
  while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0 && len + got <= CG_P2P_MAX_FILE) {
    len += got;
    if (cap - len < 2)
      cg_grow((void **)&buf, &cap, cap * 2, 1);
  }
  int rerr = ferror(f) ? (errno ? errno : EIO) : 0;
  if (!is_stdin)
    fclose(f);
  if (!rerr && got > 0) {
    snprintf(err, errlen, "%s: larger than %d bytes: not a parameter file", path, CG_P2P_MAX_FILE);
    free(buf);
    return -1;
  }
  buf[len] = '\0';
  if (rerr || memchr(buf, '\0', len)) {
    if (rerr)
      snprintf(err, errlen, "%s: cannot read: %s", path, strerror(rerr));
    else
      snprintf(err, errlen, "%s: binary file (contains a NUL byte)", path);
    free(buf);
    return -1;
  }
  int rc = cg_p2p_parse_string(buf, path, p, err, errlen);
  free(buf);
  return rc;
}

void cg_p2p_write_params(FILE *out, const cg_p2p_params *p)
{
  key_def keys[MAX_KEYS];
  int nkeys = build_keys(keys);
  fprintf(out, "# Piecewise point-to-point parameters (doc/p2p-model.md); times in s, B in bytes/s\n");
  for (int k = 0; k < nkeys; k++) {
    const key_def *d = &keys[k];
    const cg_p2p_segment *s = d->index >= 0 ? &p->seg[d->index] : NULL; /* NULL for the route keys */
    double v = 0;
    switch (d->kind) {
    case K_THRESH: fprintf(out, "%s = %ld\n", d->name, p->thresh[d->index]); continue;
    case K_OS: v = s->os; break;
    case K_OS_BYTE: v = s->Os; break;
    case K_OR: v = s->or_; break;
    case K_OR_BYTE: v = s->Or; break;
    case K_L: v = s->L; break;
    case K_B: v = s->B; break;
    case K_ROUTE_BW: v = p->route_bandwidth; break;
    case K_ROUTE_LAT: v = p->route_latency; break;
    }
    if ((d->kind == K_ROUTE_BW || d->kind == K_ROUTE_LAT) && v == 0)
      continue; /* unknown route: leave the key out */
    fprintf(out, "%s = %.17g\n", d->name, v);
  }
}
