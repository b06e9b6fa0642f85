/* p2p_compare REF FITTED TOL: every parameter of FITTED within relative TOL
 * of REF (thresholds equal; parameters that are 0 in REF must be below
 * 1e-15 in FITTED). Prints each mismatch; exit 1 if any; exit 2 on a TOL
 * that is not a number in (0, 1) (atof took "x" as 0). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/p2p_model.h"

static int bad = 0;
static void cmp(const char *seg, const char *what, double ref, double got, double tol)
{
  int ok = ref == 0 ? fabs(got) < 1e-15 : fabs(got - ref) <= tol * fabs(ref);
  printf("%-9s %-3s ref %-12.6g fitted %-12.6g %s\n", seg, what, ref, got, ok ? "ok" : "MISMATCH");
  bad |= !ok;
}

int main(int argc, char **argv)
{
  if (argc != 4) {
    fprintf(stderr, "usage: p2p_compare REF FITTED TOL\n");
    return 2;
  }
  char *end;
  double tol = strtod(argv[3], &end);
  if (end == argv[3] || *end || !(tol > 0 && tol < 1)) {
    fprintf(stderr, "p2p_compare: TOL '%s': expected a number in (0, 1)\n", argv[3]);
    return 2;
  }
  cg_p2p_params r, f;
  char err[4096];
  if (cg_p2p_parse_file(argv[1], &r, err, sizeof err) || cg_p2p_parse_file(argv[2], &f, err, sizeof err)) {
    fprintf(stderr, "p2p_compare: %s\n", err);
    return 1;
  }
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    if (r.thresh[i] != f.thresh[i]) {
      printf("threshold %d: ref %ld fitted %ld MISMATCH\n", i, r.thresh[i], f.thresh[i]);
      bad = 1;
    }
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    const char *n = cg_p2p_segment_name(s);
    cmp(n, "os", r.seg[s].os, f.seg[s].os, tol);
    cmp(n, "Os", r.seg[s].Os, f.seg[s].Os, tol);
    cmp(n, "or", r.seg[s].or_, f.seg[s].or_, tol);
    cmp(n, "Or", r.seg[s].Or, f.seg[s].Or, tol);
    cmp(n, "L", r.seg[s].L, f.seg[s].L, tol);
    cmp(n, "B", r.seg[s].B, f.seg[s].B, tol);
  }
  return bad;
}
