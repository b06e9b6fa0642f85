/* LoP: the seed 004 curves as read in doc/lop.md (values computed by hand
 * from the printed coefficients), and the small-message tracking of the
 * core (peers, p, dirty lists, progress, bound). */
#include "check.h"
#include "contention/lop.h"

#define US 1e-6

int main(void)
{
  char err[256];
  const cg_lop_curve *send = cg_lop_preset("send"), *rdma = cg_lop_preset("rdma-write");
  CHECK(send && rdma && !cg_lop_preset("rdma-read"));
  CHECK(cg_lop_validate(send, err, sizeof err) == 0);
  CHECK(cg_lop_validate(rdma, err, sizeof err) == 0);
  /* Minimal send/receive round trip per peer: 22.77 us with one peer, 6.1
   * at 8, 8.6 at 32, 9.35 at 64 (seed 004 sec. 4.7). */
  CHECK_REL(cg_lop_rtt(send, 1), 22.767994 * US, 1e-6);
  CHECK_REL(cg_lop_rtt(send, 8), 6.060938 * US, 1e-6);
  CHECK_REL(cg_lop_rtt(send, 32), 8.559530 * US, 1e-6);
  CHECK_REL(cg_lop_rtt(send, 64), 9.352916 * US, 1e-6);
  /* RDMA write round trip per peer. */
  CHECK_REL(cg_lop_rtt(rdma, 1), 16.016098 * US, 1e-6);
  CHECK_REL(cg_lop_rtt(rdma, 8), 4.899289 * US, 1e-6);
  CHECK_REL(cg_lop_rtt(rdma, 63), 9.026157 * US, 1e-6);
  /* o(p) = 0.52 + 0.84 / (p - 0.12) us; L(p) = t(p) / 2 - o(1) - o(p). */
  CHECK_REL(cg_lop_overhead(send, 1), 1.474545 * US, 1e-6);
  CHECK_REL(cg_lop_overhead(send, 8), 0.626599 * US, 1e-6);
  CHECK_REL(cg_lop_latency(send, 1), 8.434906 * US, 1e-6);
  CHECK_REL(cg_lop_latency(send, 8), 0.929325 * US, 1e-5);
  /* t_1:n = o(n) + n L(n), posting a list n o(n) + n L(n). */
  CHECK_REL(cg_lop_one_to_n(send, 8), 8.061195 * US, 1e-6);
  CHECK_REL(cg_lop_one_to_n_list(send, 8), 12.447388 * US, 1e-6);
  /* D(p) = p t(p) / 2. */
  CHECK_REL(cg_lop_message_time(send, 1), 11.383997 * US, 1e-6);
  CHECK_REL(cg_lop_message_time(send, 8), 24.243752 * US, 1e-6);

  /* Coefficients by name; a pole or a negative time is refused. */
  cg_lop_curve c = *send;
  CHECK(*cg_lop_coef(&c, 0) == 22.4558 && *cg_lop_coef(&c, 8) == -0.12);
  CHECK(cg_lop_coef_name(3)[0] == 'r' && cg_lop_coef_name(6)[0] == 'o' && !cg_lop_coef_name(9));
  *cg_lop_coef(&c, 1) = -1.5;
  CHECK(cg_lop_validate(&c, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "LoP curve send: rtt-l2 must be > -1 (a pole at p >= 1 otherwise)");
  c = *send;
  *cg_lop_coef(&c, 2) = -9.2; /* l3: t(p) -> -0.02 us for large p */
  CHECK(cg_lop_validate(&c, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "LoP curve send: t(");
  CHECK_STR_CONTAINS(err, ") = -");

  /* Tracking: host 0 exchanges with 1, 2, 3; 4 with 5. */
  cg_lop *l = cg_lop_create(send);
  size_t n;
  const uint32_t *d;
  CHECK(cg_lop_start(l, 0, 0, 1, 0) == 0);
  CHECK(cg_lop_start(l, 0, 0, 2, 0) == -1); /* id in use */
  CHECK(cg_lop_start(l, 9, 3, 3, 0) == -1); /* loopback */
  CHECK(cg_lop_peers(l, 0) == 1 && cg_lop_peers(l, 1) == 1 && cg_lop_p(l, 0) == 1);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 1 && d[0] == 0);
  /* Alone: D(1) + transfer, nothing done yet. */
  CHECK_REL(cg_lop_retime(l, 0, 0, 1e-8), 11.383997 * US + 1e-8, 1e-6);
  /* Half of it later, two more peers of host 0 arrive: p = 3 for all of
   * host 0's messages; the first keeps the half it did. */
  double half = (11.383997 * US + 1e-8) / 2;
  CHECK(cg_lop_start(l, 1, 2, 0, half) == 0); /* 2 -> 0: a peer in the other direction */
  CHECK(cg_lop_start(l, 2, 0, 3, half) == 0);
  CHECK(cg_lop_start(l, 3, 4, 5, half) == 0);
  CHECK(cg_lop_peers(l, 0) == 3 && cg_lop_p(l, 1) == 3 && cg_lop_p(l, 3) == 1);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 4); /* 0 (its host gained peers), 1, 2, 3 (started) */
  CHECK_REL(cg_lop_retime(l, 0, half, 0), 0.5 * 12.889950 * US, 1e-6);
  CHECK_REL(cg_lop_retime(l, 1, half, 0), 12.889950 * US, 1e-6);
  /* A second message 0 -> 3 adds no peer: nothing else becomes dirty. */
  CHECK(cg_lop_start(l, 4, 0, 3, half) == 0);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 1 && d[0] == 4);
  CHECK(cg_lop_peers(l, 0) == 3);
  /* Message 2 ends: 0 -> 3 still has message 4, no change; then 4 ends:
   * host 0 loses peer 3, its messages 0 and 1 are re-timed (p = 2). */
  cg_lop_end(l, 2);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 0);
  cg_lop_end(l, 4);
  cg_lop_end(l, 4); /* twice: no effect */
  d = cg_lop_dirty(l, &n);
  CHECK(n == 2 && cg_lop_p(l, 0) == 2 && !cg_lop_active(l, 4));
  /* D(3) / 4 passed since `half`: message 0 did 1/2 + 1/4. */
  double t = half + 12.889950 * US / 4;
  CHECK_REL(cg_lop_retime(l, 0, t, 0), (1 - 0.75) * 11.857056 * US, 1e-6);
  cg_lop_destroy(l);

  /* A large message pays the start-up D(p) of its hosts (p >= 1) but is
   * nobody's peer: alone it lasts D(1) + transfer; a small message that
   * starts on its source re-times it, and ending it changes no p. */
  l = cg_lop_create(cg_lop_preset("send"));
  CHECK(cg_lop_start_large(l, 0, 0, 1, 0) == 0);
  CHECK(cg_lop_peers(l, 0) == 0 && cg_lop_peers(l, 1) == 0 && cg_lop_p(l, 0) == 1);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 1 && d[0] == 0);
  CHECK_REL(cg_lop_retime(l, 0, 0, 5e-6), 11.383997 * US + 5e-6, 1e-6);
  CHECK(cg_lop_start(l, 1, 0, 2, 0) == 0);
  CHECK(cg_lop_start(l, 2, 0, 3, 0) == 0);
  CHECK(cg_lop_peers(l, 0) == 2 && cg_lop_p(l, 0) == 2);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 3);
  cg_lop_end(l, 0);
  CHECK(cg_lop_peers(l, 0) == 2 && cg_lop_peers(l, 1) == 0);
  d = cg_lop_dirty(l, &n);
  CHECK(n == 0);
  cg_lop_destroy(l);

  /* Bound: bytes left over the time left after the latency phase, in units
   * of `factor` bytes; the contention bound when that cannot be met. */
  CHECK_REL(cg_lop_bound(17, 10e-6, 2e-6, 0.5, 1e9), 17 / (8e-6 * 0.5), 1e-12);
  CHECK_REL(cg_lop_bound(17, 10e-6, 12e-6, 0.5, 1e9), 1e9, 0);
  CHECK_REL(cg_lop_bound(1e6, 10e-6, 0, 1, 1e9), 1e9, 0);
  CHECK_DONE();
}
