/* Range rules of the number parsers (core/src/util/units.c) and the read
 * errors of the p2p parameter file: the cases the reliability pass found. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "contention/p2p_model.h"
#include "contention/units.h"

static int failures = 0;

static void expect_error(int rc, const char *err, const char *want)
{
  if (rc != -1 || !strstr(err, want)) {
    fprintf(stderr, "test_parsers: got rc %d, message '%s', want -1 and '%s'\n", rc, err, want);
    failures++;
  }
}

/* kind < 0: cg_parse_number, else cg_parse_quantity of that kind. */
static void expect_value(const char *text, int kind, double want)
{
  char err[512] = "";
  double got = -1;
  int rc = kind < 0 ? cg_parse_number(text, &got, err, sizeof err)
                    : cg_parse_quantity(text, (cg_unit_kind)kind, &got, err, sizeof err);
  if (rc != 0 || got != want) {
    fprintf(stderr, "test_parsers: '%s' gave rc %d (%s), value %.17g, want %.17g\n", text, rc, err,
            got, want);
    failures++;
  }
}

int main(int argc, char **argv)
{
  char err[512] = "";
  double v = 0;
  /* 1e-310 is subnormal: 1 / 1e-310 is infinite. */
  expect_error(cg_parse_quantity("1e-310", CG_UNIT_BANDWIDTH, &v, err, sizeof err), err,
               "'1e-310' is too small: a nonzero value must be at least 2.2250738585072014e-308");
  expect_error(cg_parse_quantity("1e-400", CG_UNIT_TIME, &v, err, sizeof err), err, "'1e-400' is too small");
  /* In range as a number, subnormal once the unit applies. */
  expect_error(cg_parse_quantity("1e-300ps", CG_UNIT_TIME, &v, err, sizeof err), err, "'1e-300ps' is too small");
  expect_value("2.2250738585072014e-308", CG_UNIT_SIZE, DBL_MIN);
  expect_value("0e-400", CG_UNIT_SIZE, 0.0);
  expect_value("0.000ms", CG_UNIT_TIME, 0.0);
  char longnum[200];
  memset(longnum, '1', sizeof longnum - 1);
  longnum[sizeof longnum - 1] = '\0';
  expect_error(cg_parse_quantity(longnum, CG_UNIT_SIZE, &v, err, sizeof err), err,
               "is too long to be a number (at most 127 characters)");

  /* User text in messages is quoted on one line and cut after 64 bytes. */
  expect_error(cg_parse_quantity("1\n2", CG_UNIT_SIZE, &v, err, sizeof err), err,
               "unknown size unit '\\n2' in '1\\n2'");
  char longval[300];
  memset(longval, 'x', sizeof longval - 1);
  longval[sizeof longval - 1] = '\0';
  expect_error(cg_parse_quantity(longval, CG_UNIT_TIME, &v, err, sizeof err), err,
               "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is not a number");
  expect_value("-2.5e3", -1, -2500.0);
  expect_error(cg_parse_number("0x10", &v, err, sizeof err), err,
               "'0x10' is not a number (expected a decimal number such as 1.5 or 2e-9)");
  expect_error(cg_parse_number("inf", &v, err, sizeof err), err, "'inf' is not a number");
  expect_error(cg_parse_number("1e5s", &v, err, sizeof err), err, "'1e5s' is not a number");
  expect_error(cg_parse_number("", &v, err, sizeof err), err, "empty number");
  expect_error(cg_parse_number("1e309", &v, err, sizeof err), err, "'1e309' overflows a double");
  expect_error(cg_parse_number("-1e-320", &v, err, sizeof err), err, "'-1e-320' is too small");

  /* The p2p parameter file: why it cannot be read. argv[1] is a directory. */
  cg_p2p_params p;
  if (argc == 2) {
    expect_error(cg_p2p_parse_file(argv[1], &p, err, sizeof err), err, ": cannot read: Is a directory");
  } else {
    fprintf(stderr, "usage: test_parsers DIRECTORY\n");
    failures++;
  }
  expect_error(cg_p2p_parse_string("small.Os = 1e-310\n", "x.params", &p, err, sizeof err), err,
               "x.params:1: key 'small.Os': '1e-310' is not a finite number >= 0");
  expect_error(cg_p2p_parse_string("small.Os = 0x1p-30\n", "x.params", &p, err, sizeof err), err,
               "x.params:1: key 'small.Os': '0x1p-30' is not a finite number >= 0");
  if (failures == 0)
    printf("test_parsers: all checks passed\n");
  return failures != 0;
}
