/* check_lop_bench CURVE REL_TOL < lop-bench.csv
 * Checks lop-bench rows ("variant,p,round_s,per_peer_us") against the LoP
 * curve's round trip per peer: round / p = t(p) (contention/lop.h) within
 * REL_TOL for every row. Prints the worst error and its p; exits 1 if a row
 * is off or no row was read. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/lop.h"

int main(int argc, char **argv)
{
  const cg_lop_curve *c = argc == 3 ? cg_lop_preset(argv[1]) : NULL;
  if (!c) {
    fprintf(stderr, "usage: check_lop_bench send|rdma-write REL_TOL < lop-bench.csv\n");
    return 2;
  }
  char *end;
  double tol = strtod(argv[2], &end), worst = 0;
  /* atof took "nan" (then no row could fail) and "x" as 0 */
  if (end == argv[2] || *end || !(tol > 0 && tol < 1)) {
    fprintf(stderr, "check_lop_bench: REL_TOL '%s': expected a number in (0, 1)\n", argv[2]);
    return 2;
  }
  int rows = 0, bad = 0, worst_p = 0, lineno = 0;
  char line[256], variant[32];
  while (fgets(line, sizeof line, stdin)) {
    int p;
    double round, per_peer;
    lineno++;
    if (lineno == 1 && strcmp(line, "variant,p,round_s,per_peer_us\n") == 0)
      continue; /* header */
    /* a row the check cannot read fails it: skipped, a broken run passed */
    if (sscanf(line, "%31[^,],%d,%lf,%lf", variant, &p, &round, &per_peer) != 4 || p < 1 || !(round > 0) ||
        !isfinite(round)) {
      fprintf(stderr, "line %d: expected variant,p,round_s,per_peer_us (p >= 1, a finite round > 0): %s", lineno,
              line);
      return 1;
    }
    double want = cg_lop_rtt(c, p), got = round / p, e = fabs(got / want - 1);
    rows++;
    if (e > worst) {
      worst = e;
      worst_p = p;
    }
    if (!(e <= tol)) {
      fprintf(stderr, "%s p = %d: round / p = %.4f us, t(p) = %.4f us, error %.3g\n", variant, p, got * 1e6,
              want * 1e6, e);
      bad++;
    }
  }
  printf("%s: %d rows against t(p) of %s, worst error %.4f %% at p = %d\n", rows ? variant : "-", rows, c->name,
         100 * worst, worst_p);
  return rows == 0 || bad ? 1 : 0;
}
