/* LoP (seed 004): small InfiniBand messages whose cost depends on p, the
 * number of peers a node addresses. Readings of the seed's fitted
 * functions and the way the simulation uses them: doc/lop.md.
 *
 * Curves, with the seed's coefficients in its units (microseconds, peers):
 *   round trip per peer  t(p) = l3 + l1 / (l2 + p) + l4 (1 - exp(l5 (p - l6)))
 *   posting overhead     o(p) = m1 + m2 / (m3 + p)
 *   latency              L(p) = t(p) / 2 - o(1) - o(p)
 *   one node to n peers  t_1:n = o(n) + n L(n), posting a list: n o(n) + n L(n)
 * In a simulation, a small message between two hosts lasts, while
 * p = max(peers of its source, peers of its destination) stays the same,
 *   D(p) = p t(p) / 2
 * (half of the round a node exchanging one message with each of p peers
 * makes, all p in flight at once), plus the time its bytes take under the
 * contention model; when p changes, the part already done is kept (the
 * message progresses at 1 / (D(p) + transfer) of itself per second). The
 * peers of a host are the distinct hosts it has small messages in flight
 * with, in either direction. A large message (above the caller's threshold)
 * is timed the same way, with p at least 1, but is nobody's peer: every
 * message pays LoP's start-up, so the time is continuous in the size. */
#ifndef CONTENTION_LOP_H
#define CONTENTION_LOP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CG_LOP_RTT_COEFS = 6, CG_LOP_OV_COEFS = 3 };

typedef struct cg_lop_curve {
  const char *name;              /* "send", "rdma-write" */
  double rtt[CG_LOP_RTT_COEFS]; /* l1 [us.peer], l2 [peer], l3 [us], l4 [us], l5 [1/peer], l6 [peer] */
  double ov[CG_LOP_OV_COEFS];   /* m1 [us], m2 [us.peer], m3 [peer] */
} cg_lop_curve;

/* The seed's two fitted curve sets (seed 004 sec. 4.7): "send" (minimal
 * send/receive round trip) and "rdma-write" (minimal RDMA write round
 * trip); both use the send overhead o(p) = 0.52 + 0.84 / (p - 0.12) us.
 * Returns NULL for another name. */
const cg_lop_curve *cg_lop_preset(const char *name);
/* "send, rdma-write" */
const char *cg_lop_preset_names(void);
/* Coefficient names: "rtt-l1".."rtt-l6", "ov-m1".."ov-m3" (index 0..8). */
const char *cg_lop_coef_name(int index);
enum { CG_LOP_COEFS = CG_LOP_RTT_COEFS + CG_LOP_OV_COEFS };
double *cg_lop_coef(cg_lop_curve *c, int index);

/* The largest peer count a curve is checked for (cg_lop_validate). */
#define CG_LOP_MAX_PEERS 65536
/* Checks l2 > -1 and m3 > -1 (no pole at p >= 1) and that t(p) and o(p)
 * are finite and > 0 for every p in 1..CG_LOP_MAX_PEERS. Returns 0 or -1
 * with a message naming the curve, the coefficient or the p. */
int cg_lop_validate(const cg_lop_curve *c, char *err, size_t errlen);

/* The functions above, p >= 1, results in seconds. */
double cg_lop_rtt(const cg_lop_curve *c, double p);
double cg_lop_overhead(const cg_lop_curve *c, double p);
double cg_lop_latency(const cg_lop_curve *c, double p);
double cg_lop_one_to_n(const cg_lop_curve *c, double n);
double cg_lop_one_to_n_list(const cg_lop_curve *c, double n);
double cg_lop_message_time(const cg_lop_curve *c, double p);

/* The small messages in flight of a simulation: peers per host, progress
 * per message. Messages and hosts are the caller's dense indices. */
typedef struct cg_lop cg_lop;
/* NULL when out of memory. The curve is copied. */
cg_lop *cg_lop_create(const cg_lop_curve *c);
void cg_lop_destroy(cg_lop *l);
/* Message `id` between hosts a != b starts at `now`. Returns 0, or -1
 * (out of memory, id in use, a == b). */
int cg_lop_start(cg_lop *l, uint32_t id, uint32_t a, uint32_t b, double now);
/* The same for a large message: timed, re-timed when the p of its hosts
 * changes, but not counted in their peers. */
int cg_lop_start_large(cg_lop *l, uint32_t id, uint32_t a, uint32_t b, double now);
/* Message `id` ends (finished or failed). No effect for an unknown id. */
void cg_lop_end(cg_lop *l, uint32_t id);
int cg_lop_active(const cg_lop *l, uint32_t id);
/* Distinct peers of host h; p of message id (at least 1). */
uint32_t cg_lop_peers(const cg_lop *l, uint32_t h);
uint32_t cg_lop_p(const cg_lop *l, uint32_t id);
/* The messages whose p may have changed (a host of theirs gained or lost
 * a peer) or that started, since the previous call, each once; the array
 * is valid until the next call. */
const uint32_t *cg_lop_dirty(cg_lop *l, size_t *n);
/* Accounts message id's progress up to `now` at its current duration,
 * sets its duration to D(p) + `transfer` (seconds its bytes take at the
 * current contention bound) and returns the time it still needs. */
double cg_lop_retime(cg_lop *l, uint32_t id, double now, double transfer);

/* The rate bound (bytes per second, in the simulator's variable units)
 * that makes a message with `bytes` left, still `latency_left` seconds in
 * its latency phase, and `factor` (the simulator's bytes per unit of rate)
 * end `remaining` seconds from now; `cap` (the contention bound) when that
 * cannot be reached (remaining <= latency_left) or is above cap. */
double cg_lop_bound(double bytes, double remaining, double latency_left, double factor, double cap);

#ifdef __cplusplus
}
#endif
#endif
