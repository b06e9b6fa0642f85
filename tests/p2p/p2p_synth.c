/* p2p_synth PARAMS OUTDIR NOISE LIMITER: writes the measurements SMPI
 * would give under PARAMS (cg_p2p_ping_send/recv, cg_p2p_pingpong_rtt) for
 * an exponential size sweep 1 B .. 64 MiB that includes every threshold and
 * threshold + 1, three repetitions, each value times (1 + u) with u
 * deterministic in [-NOISE, NOISE]: OUTDIR/send.csv, recv.csv,
 * pingpong.csv, and sendrecv.csv (1..19 pairs of 4 MiB MPI_Sendrecv with
 * Bs + Br = LIMITER x large.B). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/p2p_model.h"

static unsigned long long state = 12345;
static double noise(double amp)
{
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  double u = (double)(state >> 11) / 9007199254740992.0; /* [0, 1) */
  return 1 + amp * (2 * u - 1);
}

static FILE *open_out(const char *dir, const char *name, const char *header)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "p2p_synth: cannot write %s\n", path);
    exit(1);
  }
  fprintf(f, "%s\n", header);
  return f;
}

int main(int argc, char **argv)
{
  if (argc != 5) {
    fprintf(stderr, "usage: p2p_synth PARAMS OUTDIR NOISE LIMITER\n");
    return 2;
  }
  cg_p2p_params p;
  char err[4096];
  if (cg_p2p_parse_file(argv[1], &p, err, sizeof err) != 0) {
    fprintf(stderr, "p2p_synth: %s\n", err);
    return 1;
  }
  double amp = atof(argv[3]), limiter = atof(argv[4]);
  double sizes[400];
  int n = 0;
  for (double e = 0; e <= 26.0001; e += 0.125)
    sizes[n++] = floor(pow(2, e));
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
    sizes[n++] = (double)p.thresh[i];
    sizes[n++] = (double)p.thresh[i] + 1;
  }
  FILE *fs = open_out(argv[2], "send.csv", "size,duration");
  FILE *fr = open_out(argv[2], "recv.csv", "size,duration");
  FILE *fp = open_out(argv[2], "pingpong.csv", "size,duration");
  for (int rep = 0; rep < 3; rep++)
    for (int i = 0; i < n; i++) {
      double k = sizes[i];
      fprintf(fs, "%.0f,%.17g\n", k, cg_p2p_ping_send(&p, k) * noise(amp));
      fprintf(fr, "%.0f,%.17g\n", k, cg_p2p_ping_recv(&p, k) * noise(amp));
      fprintf(fp, "%.0f,%.17g\n", k, cg_p2p_pingpong_rtt(&p, k) * noise(amp));
    }
  fclose(fs);
  fclose(fr);
  fclose(fp);
  FILE *fsr = open_out(argv[2], "sendrecv.csv", "pairs,size,duration");
  for (int pairs = 1; pairs <= 19; pairs++) {
    double k = 4194304;
    fprintf(fsr, "%d,%.0f,%.17g\n", pairs, k, 2 * k / (limiter * p.seg[CG_P2P_LARGE].B) * noise(amp));
  }
  fclose(fsr);
  return 0;
}
