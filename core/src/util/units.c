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

/* A unit is 10^exp10 x odd x mult: the power of ten shifts the exponent
 * of the decimal number and the odd factor multiplies its digits before it
 * is converted, so that "2.01kB" is the double nearest to 2010 and "2.01h"
 * the one nearest to 7236, as written out (2.01 x 1e3 is
 * 2009.9999999999998, 2.01 x 3600 is 7235.9999999999991); mult, a power of
 * two, is then applied exactly. */
typedef struct unit { const char *suffix; int exp10; double mult; int odd; } unit;

static const unit size_units[] = {
  {"B", 0, 1, 1}, {"kB", 3, 1, 1}, {"MB", 6, 1, 1}, {"GB", 9, 1, 1}, {"TB", 12, 1, 1}, {"PB", 15, 1, 1},
  {"KiB", 0, 1024.0, 1}, {"MiB", 0, 1048576.0, 1}, {"GiB", 0, 1073741824.0, 1}, {"TiB", 0, 1099511627776.0, 1},
  {"b", 0, 0.125, 1}, {"kb", 3, 0.125, 1}, {"Mb", 6, 0.125, 1}, {"Gb", 9, 0.125, 1}, {"Tb", 12, 0.125, 1},
  {"Kib", 0, 128.0, 1}, {"Mib", 0, 131072.0, 1}, {"Gib", 0, 134217728.0, 1}, {"Tib", 0, 137438953472.0, 1},
  {NULL, 0, 0, 0}};
static const unit bandwidth_units[] = {
  {"Bps", 0, 1, 1}, {"kBps", 3, 1, 1}, {"MBps", 6, 1, 1}, {"GBps", 9, 1, 1}, {"TBps", 12, 1, 1},
  {"KiBps", 0, 1024.0, 1}, {"MiBps", 0, 1048576.0, 1}, {"GiBps", 0, 1073741824.0, 1}, {"TiBps", 0, 1099511627776.0, 1},
  {"bps", 0, 0.125, 1}, {"kbps", 3, 0.125, 1}, {"Mbps", 6, 0.125, 1}, {"Gbps", 9, 0.125, 1}, {"Tbps", 12, 0.125, 1},
  {"Kibps", 0, 128.0, 1}, {"Mibps", 0, 131072.0, 1}, {"Gibps", 0, 134217728.0, 1}, {"Tibps", 0, 137438953472.0, 1},
  {NULL, 0, 0, 0}};
static const unit time_units[] = {
  {"s", 0, 1, 1}, {"ms", -3, 1, 1}, {"us", -6, 1, 1}, {"ns", -9, 1, 1}, {"ps", -12, 1, 1},
  {"m", 0, 4, 15}, {"h", 0, 16, 225}, {"d", 0, 128, 675}, {"w", 0, 128, 4725}, {NULL, 0, 0, 0}};

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

/* Converts the decimal number text[0..len) (as found by scan_number),
 * times odd x 10^exp10: the number is rewritten as its digits times odd
 * (exact, in decimal) and a shifted exponent, so the result is rounded
 * once. odd is 1 or a small odd factor (at most 4725). */
static int convert(const char *text, const char *q, size_t len, int exp10, int odd, double *out, char *err,
                   size_t errlen)
{
  char num[160];
  if (len >= 128) {
    snprintf(err, errlen, "'%s' is too long to be a number (at most %d characters)", q, 127);
    return -1;
  }
  memcpy(num, text, len);
  num[len] = '\0';
  if (exp10 || odd > 1) {
    char *e = strpbrk(num, "eE");
    long given = 0;
    if (e) {
      errno = 0;
      given = strtol(e + 1, NULL, 10); /* saturates: strtod then overflows or underflows */
      *e = '\0';
    }
    if (odd > 1) {
      /* num = [sign] digits [. digits]: the digits times odd, the point
       * moved into the exponent. */
      char digits[160];
      size_t n = 0, i = num[0] == '+' || num[0] == '-' ? 1 : 0;
      long frac = 0;
      int in_frac = 0;
      for (; num[i]; i++) {
        if (num[i] == '.') {
          in_frac = 1;
          continue;
        }
        digits[n++] = num[i];
        frac += in_frac;
      }
      /* digits * odd, from the last digit (at most 4 more digits) */
      char prod[168];
      size_t m = sizeof prod - 1;
      prod[m] = '\0';
      long carry = 0;
      for (size_t k = n; k-- > 0;) {
        long d = (long)(digits[k] - '0') * odd + carry;
        prod[--m] = (char)('0' + d % 10);
        carry = d / 10;
      }
      while (carry) {
        prod[--m] = (char)('0' + carry % 10);
        carry /= 10;
      }
      size_t sign = num[0] == '-' ? 1 : 0;
      snprintf(num, sizeof num, "%s%s", sign ? "-" : "", prod + m);
      given = given > 100000 ? 100000 : given < -100000 ? -100000 : given - frac;
    }
    long shifted = given > 100000 ? 100000 : given < -100000 ? -100000 : given + exp10;
    snprintf(num + strlen(num), sizeof num - strlen(num), "e%ld", shifted);
  }
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
  if (convert(text, q, len, 0, 1, &v, err, errlen))
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
  const char *suffix = text + len;
  const unit *found = NULL;
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
    found = u;
  }
  double v;
  if (convert(text, q, len, found ? found->exp10 : 0, found && found->odd > 1 ? found->odd : 1, &v, err, errlen))
    return -1;
  if (found)
    v *= found->mult;
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
