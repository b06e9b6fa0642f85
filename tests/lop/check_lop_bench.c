/* check_lop_bench CURVE REL_TOL < lop-bench.csv
 * Checks lop-bench rows ("variant,p,round_s,per_peer_us") against the LoP
 * curve's round trip per peer: round / p = t(p) (contention/lop.h) within
 * REL_TOL for every row. Prints the worst error and its p; exits 1 if a row
 * is off or no row was read. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/lop.h"

int main(int argc, char **argv)
{
  const cg_lop_curve *c = argc == 3 ? cg_lop_preset(argv[1]) : NULL;
  if (!c) {
    fprintf(stderr, "usage: check_lop_bench send|rdma-write REL_TOL < lop-bench.csv\n");
    return 2;
  }
  double tol = atof(argv[2]), worst = 0;
  int rows = 0, bad = 0, worst_p = 0;
  char line[256], variant[32];
  while (fgets(line, sizeof line, stdin)) {
    int p;
    double round, per_peer;
    if (sscanf(line, "%31[^,],%d,%lf,%lf", variant, &p, &round, &per_peer) != 4)
      continue; /* header */
    double want = cg_lop_rtt(c, p), got = round / p, e = fabs(got / want - 1);
    rows++;
    if (e > worst) {
      worst = e;
      worst_p = p;
    }
    if (e > tol) {
      fprintf(stderr, "%s p = %d: round / p = %.4f us, t(p) = %.4f us, error %.3g\n", variant, p, got * 1e6,
              want * 1e6, e);
      bad++;
    }
  }
  printf("%s: %d rows against t(p) of %s, worst error %.4f %% at p = %d\n", rows ? variant : "-", rows, c->name,
         100 * worst, worst_p);
  return rows == 0 || bad ? 1 : 0;
}
