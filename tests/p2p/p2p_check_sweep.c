/* p2p_check_sweep PARAMS MODE CSV TOL: every row (size,duration) of a
 * pingpong-program sweep (MODE send, recv or pingpong) is within relative
 * TOL of the model (cg_p2p_ping_send, cg_p2p_ping_recv,
 * cg_p2p_pingpong_rtt); prints the worst error per segment; and the sweep
 * holds each threshold t and t + 1, so the discontinuities are checked
 * where the model puts them. Exit 1 on any failure, and on a row it cannot
 * judge (skipped or NaN, a broken sweep passed); exit 2 on a bad MODE or
 * TOL (atof took "nan", then no row could fail). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention/p2p_model.h"

int main(int argc, char **argv)
{
  if (argc != 5) {
    fprintf(stderr, "usage: p2p_check_sweep PARAMS send|recv|pingpong CSV TOL\n");
    return 2;
  }
  const char *mode = argv[2];
  if (strcmp(mode, "send") != 0 && strcmp(mode, "recv") != 0 && strcmp(mode, "pingpong") != 0) {
    fprintf(stderr, "p2p_check_sweep: MODE '%s': accepted values are send, recv, pingpong\n", mode);
    return 2;
  }
  char *end;
  double tol = strtod(argv[4], &end);
  if (end == argv[4] || *end || !(tol > 0 && tol < 1)) {
    fprintf(stderr, "p2p_check_sweep: TOL '%s': expected a number in (0, 1)\n", argv[4]);
    return 2;
  }
  cg_p2p_params p;
  char err[4096];
  if (cg_p2p_parse_file(argv[1], &p, err, sizeof err) != 0) {
    fprintf(stderr, "p2p_check_sweep: %s\n", err);
    return 1;
  }
  double (*model)(const cg_p2p_params *, double) = !strcmp(mode, "send") ? cg_p2p_ping_send
                                                   : !strcmp(mode, "recv") ? cg_p2p_ping_recv
                                                                           : cg_p2p_pingpong_rtt;
  FILE *f = fopen(argv[3], "r");
  if (!f) {
    fprintf(stderr, "p2p_check_sweep: cannot open %s\n", argv[3]);
    return 1;
  }
  char line[256];
  double worst[CG_P2P_SEGMENTS] = {0};
  int rows[CG_P2P_SEGMENTS] = {0}, seen_t[CG_P2P_THRESHOLDS] = {0}, seen_t1[CG_P2P_THRESHOLDS] = {0}, bad = 0;
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    double k, d;
    char extra;
    lineno++;
    if (lineno == 1 && strcmp(line, "size,duration\n") == 0)
      continue; /* header */
    /* a row the check cannot read fails it: skipped (or NaN, which passed
     * every comparison), a broken sweep passed */
    if (sscanf(line, "%lf,%lf %c", &k, &d, &extra) != 2 || !(k >= 0) || !(d >= 0) || !isfinite(d)) {
      fprintf(stderr, "%s:%d: expected size,duration (a size >= 0, a finite duration >= 0): %s", argv[3], lineno,
              line);
      fclose(f);
      return 1;
    }
    int s = cg_p2p_segment_of(&p, k);
    double want = model(&p, k);
    /* a zero time (no overhead in the segment) is matched exactly */
    double e = want > 0 ? fabs(d - want) / want : (d == want ? 0 : INFINITY);
    rows[s]++;
    if (e > worst[s])
      worst[s] = e;
    if (!(e <= tol)) {
      printf("size %.0f (%s): measured %.9g, model %.9g, error %.3g%%\n", k, cg_p2p_segment_name(s), d, want,
             100 * e);
      bad = 1;
    }
    for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
      seen_t[i] |= k == (double)p.thresh[i];
      seen_t1[i] |= k == (double)p.thresh[i] + 1;
    }
  }
  fclose(f);
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    printf("%s %-9s %3d rows, worst relative error %.3g\n", mode, cg_p2p_segment_name(s), rows[s], worst[s]);
    if (rows[s] < 2)
      bad = 1;
  }
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    if (!seen_t[i] || !seen_t1[i]) {
      printf("the sweep lacks size %ld or %ld\n", p.thresh[i], p.thresh[i] + 1);
      bad = 1;
    }
  return bad;
}
