/* Quantities with SimGrid unit suffixes and their error messages. */
#include "check.h"
#include "contention/units.h"

static double q(const char *s, cg_unit_kind k)
{
  double v = -1;
  char err[256];
  if (cg_parse_quantity(s, k, &v, err, sizeof err) != 0) {
    fprintf(stderr, "unexpected error for '%s': %s\n", s, err);
    check_failures++;
  }
  return v;
}

static void bad(const char *s, cg_unit_kind k, const char *msg)
{
  double v;
  char err[512] = "";
  CHECK(cg_parse_quantity(s, k, &v, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, msg);
}

int main(void)
{
  CHECK_REL(q("20971520", CG_UNIT_SIZE), 20971520.0, 0);
  CHECK_REL(q("20MiB", CG_UNIT_SIZE), 20971520.0, 0);
  CHECK_REL(q("4MB", CG_UNIT_SIZE), 4e6, 0);
  CHECK_REL(q("8b", CG_UNIT_SIZE), 1.0, 0);
  CHECK_REL(q("1.82GiBps", CG_UNIT_BANDWIDTH), 1.82 * 1073741824.0, 1e-15);
  CHECK_REL(q("1Gbps", CG_UNIT_BANDWIDTH), 125e6, 0);
  CHECK_REL(q("10ms", CG_UNIT_TIME), 0.01, 1e-15);
  CHECK_REL(q("1e-3", CG_UNIT_TIME), 1e-3, 0);
  CHECK_REL(q("0", CG_UNIT_TIME), 0.0, 0);
  /* A decimal prefix shifts the exponent: the value is the decimal number's
   * nearest double, as if written out (2.01 x 1e3 was 2009.9999999999998,
   * refused as a byte count; 1.9 x 1e-6 one ulp below 1.9e-6). */
  CHECK(q("2.01kB", CG_UNIT_SIZE) == 2010.0);
  CHECK(q("4.03MB", CG_UNIT_SIZE) == 4030000.0);
  CHECK(q("1.9us", CG_UNIT_TIME) == 1.9e-6);
  CHECK(q("0.3ms", CG_UNIT_TIME) == 0.0003);
  CHECK(q("1.9e3ns", CG_UNIT_TIME) == 1.9e-6);
  CHECK(q("2.011Mb", CG_UNIT_SIZE) == 251375.0);
  CHECK(q("0.7Gbps", CG_UNIT_BANDWIDTH) == 87500000.0);
  /* So do minutes, hours, days and weeks: the decimal number is multiplied
   * by 60, 3600, 86400 or 604800 exactly, then rounded once. 2.01h was
   * 7235.9999999999991 (2.01 rounded, then times 3600): a comm starting
   * at 2.01h and one at 7236 s made a step of 9e-13 s. */
  CHECK(q("2.01h", CG_UNIT_TIME) == 7236.0);
  CHECK(q("2.01w", CG_UNIT_TIME) == 1215648.0);
  CHECK(q("2.01e-6m", CG_UNIT_TIME) == 1.206e-4);
  CHECK(q("0.1E-5d", CG_UNIT_TIME) == 0.0864);
  CHECK(q("305.991h", CG_UNIT_TIME) == 1101567.6);
  CHECK(q("1.5m", CG_UNIT_TIME) == 90.0);
  bad("-0.0h", CG_UNIT_TIME, "time '-0.0h' has a minus sign");
  bad("", CG_UNIT_SIZE, "empty size value");
  bad("abc", CG_UNIT_SIZE, "'abc' is not a number");
  bad("nan", CG_UNIT_SIZE, "'nan' is not a number");
  bad("inf", CG_UNIT_TIME, "'inf' is not a number");
  bad("0x10", CG_UNIT_SIZE, "unknown size unit 'x10'");
  bad("1e400", CG_UNIT_SIZE, "'1e400' overflows a double");
  bad("1e308TiB", CG_UNIT_SIZE, "overflows");
  bad("1e306kB", CG_UNIT_SIZE, "'1e306kB' overflows a double");
  bad("1e-300ps", CG_UNIT_TIME, "'1e-300ps' is too small");
  bad("1e-99999999999ms", CG_UNIT_TIME, "is too small");
  bad("1e99999999999ms", CG_UNIT_TIME, "overflows a double");
  bad("-5", CG_UNIT_SIZE, "negative size '-5' (must be >= 0)");
  /* -0 is no negative number: the message says what is refused, the sign */
  bad("-0", CG_UNIT_SIZE, "size '-0' has a minus sign; accepted: a size >= 0 written without a sign");
  bad("-0e5ms", CG_UNIT_TIME, "time '-0e5ms' has a minus sign; accepted: a time >= 0 written without a sign");
  bad("10 MiB", CG_UNIT_SIZE, "unknown size unit ' MiB'");
  bad("3furlongs", CG_UNIT_TIME, "accepted: s, ms, us");
  bad("1MiB", CG_UNIT_BANDWIDTH, "unknown bandwidth unit 'MiB'");
  CHECK_DONE();
}
