/* cg_p2p_fit on exact data synthesised from known parameters (the model
 * functions of p2p_model.h, sizes 1 B .. 64 MiB and every threshold and
 * threshold + 1): the parameters come back, with given and detected
 * breakpoints, with and without send/recv data; the clamp of a negative
 * offset; each error with its message and the series it names; the
 * limiter factor by hand. */
#include <stdlib.h>

#include "check.h"
#include "contention/p2p_fit.h"

enum { MAXN = 400 };

typedef struct data {
  double size[MAXN], send[MAXN], recv[MAXN], rtt[MAXN];
  size_t n;
} data;

static void reference(cg_p2p_params *p)
{
  cg_p2p_defaults(p);
  const double os[] = {8e-6, 12e-6, 13e-6, 25e-6}, Os[] = {3e-10, 2.5e-10, 2.4e-10, 2e-10};
  const double or_[] = {9e-6, 22e-6, 35e-6, 0}, Or[] = {4e-10, 3e-10, 3.2e-10, 0};
  const double L[] = {45e-6, 60e-6, 70e-6, 100e-6, 150e-6}, B[] = {70e6, 95e6, 105e6, 112e6, 117e6};
  for (int s = 0; s < CG_P2P_SEGMENTS; s++)
    p->seg[s] = (cg_p2p_segment){s < 4 ? os[s] : 0, s < 4 ? Os[s] : 0, s < 4 ? or_[s] : 0, s < 4 ? Or[s] : 0, L[s],
                                 B[s]};
}

static void synthesise(const cg_p2p_params *p, data *d)
{
  d->n = 0;
  for (double e = 0; e <= 26.0001; e += 0.125)
    d->size[d->n++] = floor(pow(2, e));
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++) {
    d->size[d->n++] = (double)p->thresh[i];
    d->size[d->n++] = (double)p->thresh[i] + 1;
  }
  for (size_t i = 0; i < d->n; i++) {
    d->send[i] = cg_p2p_ping_send(p, d->size[i]);
    d->recv[i] = cg_p2p_ping_recv(p, d->size[i]);
    d->rtt[i] = cg_p2p_pingpong_rtt(p, d->size[i]);
  }
}

/* Every parameter within rel of the reference (absolute 1e-15 for zeros). */
static void check_params(const cg_p2p_params *got, const cg_p2p_params *want, double rel)
{
  for (int i = 0; i < CG_P2P_THRESHOLDS; i++)
    CHECK(got->thresh[i] == want->thresh[i]);
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    const cg_p2p_segment *g = &got->seg[s], *w = &want->seg[s];
    const double gv[] = {g->os, g->Os, g->or_, g->Or, g->L, g->B}, wv[] = {w->os, w->Os, w->or_, w->Or, w->L, w->B};
    for (int k = 0; k < 6; k++) {
      if (wv[k] == 0)
        CHECK_ABS(gv[k], 0, 1e-15);
      else
        CHECK_REL(gv[k], wv[k], rel);
    }
  }
}

int main(void)
{
  static data d;
  cg_p2p_params ref, p;
  cg_p2p_fit_report rep;
  char err[512];
  reference(&ref);
  synthesise(&ref, &d);
  cg_p2p_samples pp = {d.size, d.rtt, d.n}, snd = {d.size, d.send, d.n}, rcv = {d.size, d.recv, d.n};
  cg_p2p_fit_options rel = {0, 0}, ols = {0, 1}, detect = {1, 0};

  /* Exact data: every parameter back within 1e-11 (measured worst: 2.6e-13,
   * a slope fitted over sizes of eight decades), R^2 = 1 within 1e-12. */
  const cg_p2p_fit_options *modes[] = {&rel, &ols, &detect};
  for (int m = 0; m < 3; m++) {
    cg_p2p_defaults(&p);
    CHECK(cg_p2p_fit(&pp, &snd, &rcv, modes[m], &p, &rep, err, sizeof err) == 0);
    check_params(&p, &ref, 1e-11);
    CHECK(rep.failed == -1);
    for (int s = 0; s < CG_P2P_SEGMENTS; s++)
      CHECK_REL(rep.fits[CG_P2P_PINGPONG][s].r2, 1, 1e-12);
    CHECK_REL(rep.fits[CG_P2P_SEND][0].r2, 1, 1e-12);
  }
  /* The route figures given in are kept. */
  cg_p2p_defaults(&p);
  p.route_bandwidth = 125e6;
  p.route_latency = 24e-6;
  CHECK(cg_p2p_fit(&pp, &snd, &rcv, &rel, &p, &rep, err, sizeof err) == 0);
  CHECK(p.route_bandwidth == 125e6 && p.route_latency == 24e-6);

  /* Round trips only (a model without overheads): L and B back, every
   * overhead 0. */
  cg_p2p_params bare = ref;
  for (int s = 0; s < CG_P2P_SEGMENTS; s++)
    bare.seg[s].os = bare.seg[s].Os = bare.seg[s].or_ = bare.seg[s].Or = 0;
  static data db;
  synthesise(&bare, &db);
  cg_p2p_samples ppb = {db.size, db.rtt, db.n};
  cg_p2p_defaults(&p);
  CHECK(cg_p2p_fit(&ppb, NULL, NULL, &rel, &p, &rep, err, sizeof err) == 0);
  check_params(&p, &bare, 1e-11);
  CHECK(rep.fits[CG_P2P_SEND][0].n == 0);

  /* A negative fitted offset is set to 0 and reported: sends 1 us shorter
   * than os = 0 in medium1 give medium1.os = -1e-6. */
  static double send2[MAXN];
  for (size_t i = 0; i < d.n; i++)
    send2[i] = d.size[i] > 1420 && d.size[i] <= 32768 ? 2.5e-10 * d.size[i] - 1e-6 : d.send[i];
  cg_p2p_samples snd2 = {d.size, send2, d.n};
  cg_p2p_defaults(&p);
  CHECK(cg_p2p_fit(&pp, &snd2, &rcv, &ols, &p, &rep, err, sizeof err) == 0);
  CHECK(rep.clamped_count == 1);
  CHECK(rep.clamped[0].segment == CG_P2P_MEDIUM1 && strcmp(rep.clamped[0].field, "os") == 0);
  CHECK_REL(rep.clamped[0].value, -1e-6, 1e-6);
  CHECK(p.seg[CG_P2P_MEDIUM1].os == 0);

  /* Errors name the series. One size in the small segment: */
  const double one_size[] = {1, 1, 2000, 3000, 40000, 50000, 70000, 80000, 400000, 500000};
  const double one_dur[] = {1e-4, 1e-4, 2e-4, 3e-4, 4e-4, 5e-4, 7e-4, 8e-4, 4e-3, 5e-3};
  cg_p2p_samples bad = {one_size, one_dur, 10};
  cg_p2p_defaults(&p);
  CHECK(cg_p2p_fit(&bad, NULL, NULL, &rel, &p, &rep, err, sizeof err) == -1);
  CHECK(strcmp(err, "segment small (sizes 0..1420) has 2 measurements of one size; at least two distinct sizes "
                    "are needed") == 0);
  CHECK(rep.failed == CG_P2P_PINGPONG);
  cg_p2p_defaults(&p);
  CHECK(cg_p2p_fit(&pp, &bad, NULL, &rel, &p, &rep, err, sizeof err) == -1);
  CHECK(rep.failed == CG_P2P_SEND);
  cg_p2p_defaults(&p);
  CHECK(cg_p2p_fit(&pp, NULL, &bad, &rel, &p, &rep, err, sizeof err) == -1);
  CHECK(rep.failed == CG_P2P_RECV);
  /* Breakpoints that do not increase: */
  cg_p2p_defaults(&p);
  p.thresh[1] = 100;
  CHECK(cg_p2p_fit(&pp, NULL, NULL, &rel, &p, &rep, err, sizeof err) == -1);
  CHECK(strcmp(err, "breakpoints must increase strictly from 1 (got 100 after 1420)") == 0);
  CHECK(rep.failed == -1);
  /* A flat large segment: no bandwidth. */
  static double flat[MAXN];
  for (size_t i = 0; i < d.n; i++)
    flat[i] = d.size[i] > 327680 ? 1e-3 : d.rtt[i];
  cg_p2p_samples ppf = {d.size, flat, d.n};
  cg_p2p_defaults(&p);
  CHECK(cg_p2p_fit(&ppf, NULL, NULL, &rel, &p, &rep, err, sizeof err) == -1);
  CHECK(strcmp(err, "segment large has a non-increasing transfer time (slope 0 s/B): cannot derive a bandwidth") == 0);

  /* Limiter factor: 4 MiB each way in 50 ms on 117 MB/s, by hand
   * 2 x 4194304 / 0.05 / 117e6 = 1.43394... */
  CHECK_REL(cg_p2p_limiter_factor(4194304, 0.05, 117e6), 8388608.0 / 0.05 / 117e6, 1e-15);
  CHECK_DONE();
}
