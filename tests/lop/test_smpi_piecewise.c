/* SMPI's piecewise options as SimGrid 3.32 evaluates them (the rules of
 * contention/smpi_piecewise.h), on SMPI's own default values. */
#include "check.h"
#include "contention/smpi_piecewise.h"

int main(void)
{
  char err[256];
  cg_piecewise p;
  /* SimGrid 3.32's default smpi/lat-factor (sg_config.cpp), unsorted. */
  CHECK(cg_piecewise_parse("65472:11.6436;15424:3.48845;9376:2.59299;5776:2.18796;3484:1.88101;1426:1.61075;"
                           "732:1.9503;257:1.95341;0:2.01467",
                           &p, err, sizeof err) == 0);
  CHECK(p.n == 9 && p.size[0] == 0 && p.size[8] == 65472);
  /* A 1-byte message is 17 bytes on the wire: above 0, not above 257. */
  CHECK_REL(cg_piecewise_factor(&p, 17), 2.01467, 0);
  CHECK_REL(cg_piecewise_factor(&p, 257), 2.01467, 0);
  CHECK_REL(cg_piecewise_factor(&p, 258), 1.95341, 0);
  CHECK_REL(cg_piecewise_factor(&p, 1e6), 11.6436, 0);
  /* Not above the first size: 1. */
  CHECK_REL(cg_piecewise_factor(&p, 0), 1, 0);
  /* Overheads: offset + per-byte * size, the first entry up to its size. */
  CHECK(cg_piecewise_parse("1420:5us:1e-9;0:1e-6:2e-10", &p, err, sizeof err) == 0);
  CHECK_REL(cg_piecewise_overhead(&p, 100), 1e-6 + 100 * 2e-10, 1e-12);
  CHECK_REL(cg_piecewise_overhead(&p, 1420), 1e-6 + 1420 * 2e-10, 1e-12);
  CHECK_REL(cg_piecewise_overhead(&p, 2000), 5e-6 + 2000 * 1e-9, 1e-12);
  CHECK(cg_piecewise_parse("0:0:0:0:0", &p, err, sizeof err) == 0); /* smpi/os default: 5 fields */
  CHECK_REL(cg_piecewise_overhead(&p, 1000), 0, 0);
  CHECK(cg_piecewise_parse(";;0:1;", &p, err, sizeof err) == 0 && p.n == 1); /* empty entries skipped */
  /* Errors name the entry. */
  CHECK(cg_piecewise_parse("", &p, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "empty value");
  CHECK(cg_piecewise_parse("0:1;x:2", &p, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "entry 2 'x:2': size 'x' is not a whole number in [0, 2147483647]");
  CHECK(cg_piecewise_parse("0:fast", &p, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "entry 1 '0:fast': ");
  CHECK(cg_piecewise_parse("12", &p, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "entry 1 '12': expected SIZE:VALUE[:VALUE...]");
  CHECK_DONE();
}
