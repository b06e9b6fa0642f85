/* The SMPI "hybrid" piecewise point-to-point model (seed 003 sec. IV.A).
 *
 * A message of k bytes falls in one of five segments, each bounded above
 * (inclusive) by a threshold:
 *   small     k <= t_small    (default 1420: one TCP packet, asynchronous)
 *   medium1   k <= t_medium1  (default 32768: asynchronous)
 *   medium2   k <= t_async    (default 65536 = Sa: asynchronous)
 *   detached  k <= t_detached (default 327680 = Sd: sender not blocked,
 *                              the transfer waits for the posted receive)
 *   large     k >  t_detached (rendez-vous)
 * Per segment:
 *   send overhead  os + Os * k   (time in MPI_Send for k <= Sd)
 *   recv overhead  or + Or * k   (time in MPI_Recv once the data is there)
 *   transfer time  L + k / B
 * Large messages have no overhead of their own (both sides wait for the
 * transfer), so their os, Os, or, Or are 0.
 *
 * The mapping to SimGrid 3.32 options (cg_p2p_to_cfg) reproduces these
 * functions exactly: see doc/p2p-model.md. */
#ifndef CONTENTION_P2P_MODEL_H
#define CONTENTION_P2P_MODEL_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CG_P2P_SMALL, CG_P2P_MEDIUM1, CG_P2P_MEDIUM2, CG_P2P_DETACHED, CG_P2P_LARGE, CG_P2P_SEGMENTS };
enum { CG_P2P_THRESHOLDS = CG_P2P_SEGMENTS - 1 };

/* SimGrid adds a 16-byte MPI envelope to every message on the wire. */
#define CG_P2P_ENVELOPE 16

typedef struct cg_p2p_segment {
  double os, Os;  /* send overhead: os [s] + Os [s/B] * k */
  double or_, Or; /* receive overhead: or [s] + Or [s/B] * k ("or" is a C++ keyword) */
  double L, B;    /* transfer: L [s] + k / B [B/s] */
} cg_p2p_segment;

typedef struct cg_p2p_params {
  /* upper bounds (inclusive, bytes) of small, medium1, medium2 (Sa), detached (Sd) */
  long thresh[CG_P2P_THRESHOLDS];
  cg_p2p_segment seg[CG_P2P_SEGMENTS];
  /* The route the parameters were measured on: its bottleneck bandwidth
   * [B/s] and total latency [s], as written in the platform. The SimGrid
   * factors are ratios to these. 0 when not given. */
  double route_bandwidth, route_latency;
} cg_p2p_params;

/* Default thresholds 1420, 32768, 65536, 327680; every overhead 0; L and B
 * 0 (unset: a valid parameter set must give them). */
void cg_p2p_defaults(cg_p2p_params *p);

/* "small", "medium1", "medium2", "detached", "large". */
const char *cg_p2p_segment_name(int segment);
/* Segment of a message of `size` bytes. */
int cg_p2p_segment_of(const cg_p2p_params *p, double size);

/* Model functions for a message of `size` bytes. */
double cg_p2p_send_overhead(const cg_p2p_params *p, double size);
double cg_p2p_recv_overhead(const cg_p2p_params *p, double size);
double cg_p2p_transfer_time(const cg_p2p_params *p, double size);
/* What SMPI produces with cg_p2p_to_cfg, for a receiver that is always
 * ready (ping send), a sender that is always ready (ping recv) and a
 * ping-pong round trip (seed 003 sec. IV.A protocol), T = L + k/B:
 *   k <= Sa:       send = os(k), recv = or(k),     rtt = 2 (os(k) + T + or(k))
 *   Sa < k <= Sd:  send = os(k), recv = T + or(k), rtt = 2 (os(k) + T + or(k))
 *                  (detached: the transfer starts when the receive is posted)
 *   k >  Sd:       send = recv = T,                rtt = 2 T                  */
double cg_p2p_ping_send(const cg_p2p_params *p, double size);
double cg_p2p_ping_recv(const cg_p2p_params *p, double size);
double cg_p2p_pingpong_rtt(const cg_p2p_params *p, double size);

/* Checks thresholds (0 < small < medium1 < Sa < Sd <= 2^31 - 1 - 16),
 * overheads (os, or in [0, CG_P2P_TIME_MAX s], Os, Or in [0, 1 s/B]; 0 for
 * large), L in [0, CG_P2P_TIME_MAX s] and B >= 1 B/s for every segment,
 * and route figures (latency in [0, CG_P2P_TIME_MAX s], bandwidth 0 or
 * >= 1 B/s). Returns 0 or -1 with a message. */
#define CG_P2P_TIME_MAX 1e6
int cg_p2p_validate(const cg_p2p_params *p, char *err, size_t errlen);

/* Parameter file: one "key = value" per line, '#' starts a comment.
 * Keys: threshold.small, threshold.medium1, threshold.async,
 * threshold.detached (sizes); SEG.os, SEG.Os, SEG.or, SEG.Or, SEG.L, SEG.B
 * for SEG in small, medium1, medium2, detached (large: L and B only);
 * route.bandwidth, route.latency. Values are numbers with optional SimGrid
 * unit suffixes (times, sizes, bandwidths). Keys not given keep
 * cg_p2p_defaults; every SEG.L and SEG.B is required. The result is
 * validated. Files over CG_P2P_MAX_FILE bytes, with a NUL byte or that
 * cannot be read are refused. `path` "-" is standard input. Returns 0, or
 * -1 with "FILE:LINE: ..." (or "FILE: cannot open: <strerror>") in err. */
enum { CG_P2P_MAX_FILE = 1 << 20 };
int cg_p2p_parse_file(const char *path, cg_p2p_params *p, char *err, size_t errlen);
/* The same on a string; `name` stands for the file name in messages. */
int cg_p2p_parse_string(const char *text, const char *name, cg_p2p_params *p, char *err, size_t errlen);
/* Writes p in the parameter-file format (%.17g: reads back exactly). */
void cg_p2p_write_params(FILE *out, const cg_p2p_params *p);

/* SimGrid 3.32 options reproducing p, in the order smpi/os, smpi/or,
 * smpi/ois, smpi/bw-factor, smpi/lat-factor, smpi/async-small-thresh,
 * smpi/send-is-detached-thresh. */
enum { CG_P2P_CFG_COUNT = 7 };
typedef struct cg_p2p_cfg {
  const char *key[CG_P2P_CFG_COUNT];
  char value[CG_P2P_CFG_COUNT][512];
} cg_p2p_cfg;

/* Needs p->route_bandwidth > 0 and p->route_latency > 0 (the factors are
 * ratios to them) and L >= 16 / B in every segment (the envelope's time is
 * taken out of the latency). Returns 0 or -1 with a message. */
int cg_p2p_to_cfg(const cg_p2p_params *p, cg_p2p_cfg *cfg, char *err, size_t errlen);
/* "--cfg=KEY:VALUE" one per line (quoted for a shell: values hold ';'). */
void cg_p2p_write_cfg_flags(FILE *out, const cg_p2p_cfg *cfg);
/* A platform <config> block of <prop id=KEY value=VALUE/>. */
void cg_p2p_write_config_block(FILE *out, const cg_p2p_cfg *cfg);

#ifdef __cplusplus
}
#endif
#endif
