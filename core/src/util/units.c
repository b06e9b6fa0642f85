/* Quantities with SimGrid-style unit suffixes. The numeric part is scanned
 * by hand (digits, optional fraction and exponent) so that strtod's extras
 * (hex floats, "inf", "nan") are rejected as non-numeric. */
#include "contention/units.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/quote.h"

typedef struct unit { const char *suffix; double factor; } unit;

static const unit size_units[] = {
  {"B", 1}, {"kB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"PB", 1e15},
  {"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0},
  {"b", 0.125}, {"kb", 125.0}, {"Mb", 125e3}, {"Gb", 125e6}, {"Tb", 125e9},
  {"Kib", 128.0}, {"Mib", 131072.0}, {"Gib", 134217728.0}, {"Tib", 137438953472.0},
  {NULL, 0}};
static const unit bandwidth_units[] = {
  {"Bps", 1}, {"kBps", 1e3}, {"MBps", 1e6}, {"GBps", 1e9}, {"TBps", 1e12},
  {"KiBps", 1024.0}, {"MiBps", 1048576.0}, {"GiBps", 1073741824.0}, {"TiBps", 1099511627776.0},
  {"bps", 0.125}, {"kbps", 125.0}, {"Mbps", 125e3}, {"Gbps", 125e6}, {"Tbps", 125e9},
  {"Kibps", 128.0}, {"Mibps", 131072.0}, {"Gibps", 134217728.0}, {"Tibps", 137438953472.0},
  {NULL, 0}};
static const unit time_units[] = {
  {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12},
  {"m", 60}, {"h", 3600}, {"d", 86400}, {"w", 604800}, {NULL, 0}};

static const unit *table(cg_unit_kind k)
{
  return k == CG_UNIT_SIZE ? size_units : k == CG_UNIT_BANDWIDTH ? bandwidth_units : time_units;
}

const char *cg_unit_suffixes(cg_unit_kind kind)
{
  switch (kind) {
  case CG_UNIT_SIZE: return "B, kB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, b, kb, Mb, Gb, Tb, Kib, Mib, Gib, Tib";
  case CG_UNIT_BANDWIDTH: return "Bps, kBps, MBps, GBps, TBps, KiBps, MiBps, GiBps, TiBps, bps, kbps, Mbps, Gbps, Tbps, Kibps, Mibps, Gibps, Tibps";
  default: return "s, ms, us, ns, ps, m, h, d, w";
  }
}

static const char *kind_name(cg_unit_kind k)
{
  return k == CG_UNIT_SIZE ? "size" : k == CG_UNIT_BANDWIDTH ? "bandwidth" : "time";
}

/* Length of the leading decimal number of s, 0 if none. */
static size_t scan_number(const char *s)
{
  size_t i = 0, digits = 0;
  if (s[i] == '+' || s[i] == '-')
    i++;
  while (isdigit((unsigned char)s[i])) { i++; digits++; }
  if (s[i] == '.') {
    i++;
    while (isdigit((unsigned char)s[i])) { i++; digits++; }
  }
  if (!digits)
    return 0;
  if (s[i] == 'e' || s[i] == 'E') {
    size_t j = i + 1;
    if (s[j] == '+' || s[j] == '-')
      j++;
    if (isdigit((unsigned char)s[j])) {
      while (isdigit((unsigned char)s[j]))
        j++;
      i = j;
    }
  }
  return i;
}

/* 1 if the mantissa of the number s[0..len) has a nonzero digit. */
static int nonzero_mantissa(const char *s, size_t len)
{
  for (size_t i = 0; i < len && s[i] != 'e' && s[i] != 'E'; i++)
    if (s[i] >= '1' && s[i] <= '9')
      return 1;
  return 0;
}

/* Checks the range of a converted value: finite, and either zero from a
 * zero mantissa or at least DBL_MIN in magnitude (a subnormal or flushed
 * value has lost its precision, and its inverse overflows). q is the text
 * as quoted in messages. */
static int check_range(const char *q, int nonzero, double v, char *err, size_t errlen)
{
  if (!isfinite(v)) {
    snprintf(err, errlen, "'%s' overflows a double", q);
    return -1;
  }
  if (nonzero && !(fabs(v) >= DBL_MIN)) {
    snprintf(err, errlen, "'%s' is too small: a nonzero value must be at least %.17g", q, DBL_MIN);
    return -1;
  }
  return 0;
}

/* Converts the decimal number text[0..len) (as found by scan_number). */
static int convert(const char *text, const char *q, size_t len, double *out, char *err, size_t errlen)
{
  char num[128];
  if (len >= sizeof num) {
    snprintf(err, errlen, "'%s' is too long to be a number (at most %zu characters)", q, sizeof num - 1);
    return -1;
  }
  memcpy(num, text, len);
  num[len] = '\0';
  errno = 0;
  *out = strtod(num, NULL);
  if (errno == ERANGE && fabs(*out) > 1.0) {
    snprintf(err, errlen, "'%s' overflows a double", q);
    return -1;
  }
  return check_range(q, nonzero_mantissa(text, len), *out, err, errlen);
}

int cg_parse_number(const char *text, double *out, char *err, size_t errlen)
{
  if (!text || !*text) {
    snprintf(err, errlen, "empty number");
    return -1;
  }
  char q[CG_QUOTE_SIZE];
  cg_quote(text, q, sizeof q);
  size_t len = scan_number(text);
  if (len == 0 || text[len] != '\0') {
    snprintf(err, errlen, "'%s' is not a number (expected a decimal number such as 1.5 or 2e-9)", q);
    return -1;
  }
  double v;
  if (convert(text, q, len, &v, err, errlen))
    return -1;
  *out = v;
  return 0;
}

int cg_parse_quantity(const char *text, cg_unit_kind kind, double *out, char *err, size_t errlen)
{
  if (!text || !*text) {
    snprintf(err, errlen, "empty %s value", kind_name(kind));
    return -1;
  }
  char q[CG_QUOTE_SIZE];
  cg_quote(text, q, sizeof q);
  size_t len = scan_number(text);
  if (len == 0) {
    snprintf(err, errlen, "'%s' is not a number (expected a %s such as 42 or 42%s)", q,
             kind_name(kind), table(kind)[kind == CG_UNIT_SIZE ? 7 : kind == CG_UNIT_BANDWIDTH ? 6 : 1].suffix);
    return -1;
  }
  double v;
  if (convert(text, q, len, &v, err, errlen))
    return -1;
  const char *suffix = text + len;
  double factor = 1.0;
  if (*suffix) {
    const unit *u = table(kind);
    while (u->suffix && strcmp(u->suffix, suffix) != 0)
      u++;
    if (!u->suffix) {
      char qs[CG_QUOTE_SIZE];
      snprintf(err, errlen, "unknown %s unit '%s' in '%s' (accepted: %s)", kind_name(kind),
               cg_quote(suffix, qs, sizeof qs), q, cg_unit_suffixes(kind));
      return -1;
    }
    factor = u->factor;
  }
  v *= factor;
  if (check_range(q, v != 0 || nonzero_mantissa(text, len), v, err, errlen))
    return -1;
  if (text[0] == '-' && v == 0) { /* -0: refused for its sign, not as a negative value */
    snprintf(err, errlen, "%s '%s' has a minus sign; accepted: a %s >= 0 written without a sign", kind_name(kind), q,
             kind_name(kind));
    return -1;
  }
  if (text[0] == '-') {
    snprintf(err, errlen, "negative %s '%s' (must be >= 0)", kind_name(kind), q);
    return -1;
  }
  *out = v;
  return 0;
}
