/* p2p_check_sweep PARAMS MODE CSV TOL: every row (size,duration) of a
 * pingpong-program sweep (MODE send, recv or pingpong) is within relative
 * TOL of the model (cg_p2p_ping_send, cg_p2p_ping_recv,
 * cg_p2p_pingpong_rtt); prints the worst error per segment; and the sweep
 * holds each threshold t and t + 1, so the discontinuities are checked
 * where the model puts them. Exit 1 on any failure. */
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
  cg_p2p_params p;
  char err[4096];
  if (cg_p2p_parse_file(argv[1], &p, err, sizeof err) != 0) {
    fprintf(stderr, "p2p_check_sweep: %s\n", err);
    return 1;
  }
  double (*model)(const cg_p2p_params *, double) = !strcmp(argv[2], "send") ? cg_p2p_ping_send
                                                   : !strcmp(argv[2], "recv") ? cg_p2p_ping_recv
                                                                              : cg_p2p_pingpong_rtt;
  double tol = atof(argv[4]);
  FILE *f = fopen(argv[3], "r");
  if (!f) {
    fprintf(stderr, "p2p_check_sweep: cannot open %s\n", argv[3]);
    return 1;
  }
  char line[256];
  double worst[CG_P2P_SEGMENTS] = {0};
  int rows[CG_P2P_SEGMENTS] = {0}, seen_t[CG_P2P_THRESHOLDS] = {0}, seen_t1[CG_P2P_THRESHOLDS] = {0}, bad = 0;
  while (fgets(line, sizeof line, f)) {
    double k, d;
    if (sscanf(line, "%lf,%lf", &k, &d) != 2)
      continue; /* header */
    int s = cg_p2p_segment_of(&p, k);
    double want = model(&p, k), e = fabs(d - want) / want;
    rows[s]++;
    if (e > worst[s])
      worst[s] = e;
    if (e > tol) {
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
    printf("%s %-9s %3d rows, worst relative error %.3g\n", argv[2], cg_p2p_segment_name(s), rows[s], worst[s]);
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
