/* check_loggps_sweep MODE REL_TOL [NAME=VALUE...] < sweep.csv
 * Checks a ping / ping-pong sweep (smpi-examples/pingpong output,
 * "size,duration") simulated under network/model:loggps against the LogGPS
 * formulas of the core (contention/loggps.h), with the parameters NAME=VALUE
 * (as --cfg=loggps/NAME:VALUE takes them; those not given are 0):
 *   send      k < S: T1              k >= S: wire time (rendez-vous)
 *   recv      k < S: T3 (data there) k >= S: wire time (transfer starts
 *                                   when the receive is posted)
 *   pingpong  2 (T1 + T2 + T3)       2 x wire time
 * Prints the worst error per mode (small, large) and exits 1 on any row
 * beyond REL_TOL. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/loggps.h"

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: check_loggps_sweep send|recv|pingpong REL_TOL [NAME=VALUE...] < sweep.csv\n");
    return 2;
  }
  const char *mode = argv[1];
  char *end;
  double tol = strtod(argv[2], &end);
  /* atof took "nan" (then no row could fail) and "x" as 0 */
  if (strcmp(mode, "send") != 0 && strcmp(mode, "recv") != 0 && strcmp(mode, "pingpong") != 0) {
    fprintf(stderr, "check_loggps_sweep: mode '%s': accepted values are send, recv, pingpong\n", mode);
    return 2;
  }
  if (end == argv[2] || *end || !(tol > 0 && tol < 1)) {
    fprintf(stderr, "check_loggps_sweep: REL_TOL '%s': expected a number in (0, 1)\n", argv[2]);
    return 2;
  }
  cg_loggps m = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int i = 3; i < argc; i++) {
    char name[32], err[256];
    const char *eq = strchr(argv[i], '=');
    if (!eq || eq - argv[i] >= (long)sizeof name) {
      fprintf(stderr, "bad parameter '%s'\n", argv[i]);
      return 2;
    }
    snprintf(name, sizeof name, "%.*s", (int)(eq - argv[i]), argv[i]);
    if (cg_loggps_set(&m, name, eq + 1, err, sizeof err) < 0) {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
  }
  char line[256];
  double worst[2] = {0, 0};
  int rows[2] = {0, 0}, bad = 0, lineno = 0;
  while (fgets(line, sizeof line, stdin)) {
    double k, t;
    lineno++;
    if (lineno == 1 && strcmp(line, "size,duration\n") == 0)
      continue; /* header */
    /* a row the check cannot read fails it: skipped, a broken sweep passed */
    if (sscanf(line, "%lf,%lf", &k, &t) != 2 || !(k >= 0) || !(t >= 0) || !isfinite(t)) {
      fprintf(stderr, "line %d: expected size,duration (a size >= 0, a finite duration >= 0): %s", lineno, line);
      return 1;
    }
    int large = cg_loggps_is_rendezvous(&m, k);
    double want;
    if (large)
      want = (strcmp(mode, "pingpong") == 0 ? 2 : 1) * cg_loggps_wire_time(&m, k);
    else if (strcmp(mode, "send") == 0)
      want = cg_loggps_T1(&m, k);
    else if (strcmp(mode, "recv") == 0)
      want = cg_loggps_T3(&m, k);
    else
      want = 2 * (cg_loggps_T1(&m, k) + cg_loggps_T2(&m, k) + cg_loggps_T3(&m, k));
    /* a zero time (every parameter of the formula 0) is matched exactly */
    double e = want > 0 ? fabs(t - want) / want : (t == want ? 0 : INFINITY);
    rows[large]++;
    if (e > worst[large])
      worst[large] = e;
    if (!(e <= tol)) {
      fprintf(stderr, "size %.0f: measured %.9g, LogGPS %.9g, error %.3g\n", k, t, want, e);
      bad++;
    }
  }
  printf("%s: %d small rows (worst error %.2g), %d large rows (worst error %.2g)\n", mode, rows[0],
         worst[0], rows[1], worst[1]);
  if (rows[0] == 0 || rows[1] == 0) {
    fprintf(stderr, "the sweep must cover sizes below and above S\n");
    return 1;
  }
  return bad ? 1 : 0;
}
