/* The LogGPS delay model (Ino et al., as summarised in seed 003 Fig. 1),
 * the no-contention comparison model; doc/loggps.md. k is the message size
 * in bytes, dt = tr - ts the time the receive is posted after the send.
 *   T1 = o + k Os                       sender overhead
 *   T2 = L + k g             if k < s   transfer (g: short-message gap per byte)
 *        L + s g + (k - s) G otherwise  (G: long-message gap per byte)
 *   T3 = o + k Or                       receiver overhead
 *   T4 = max(L + o, dt) + o             rendez-vous: the receiver's
 *                                       acknowledgement leaves ts + T4
 * Asynchronous mode (k < S): MPI_Send lasts T1; the data reaches the
 *   receiver at ts + T1 + T2; MPI_Recv ends at max(ts + T1 + T2, tr) + T3.
 * Rendez-vous mode (k >= S): the sender's request (o, then L) is
 *   acknowledged at ts + T4; the acknowledgement takes L back, then the
 *   sender pays T1 and returns; the data arrives T2 later and the receiver
 *   pays T3. MPI_Isend and MPI_Irecv cost o.
 * Single-port (the seed's LogGPS, the default): a processor's network card
 *   takes part in one transfer at a time, sending or receiving. The gap
 *   part of T2 (T2 - L) of a transfer holds the sender's card, then the
 *   receiver's card for as long, from the moment the sending starts at the
 *   earliest (LogP's queued messages: the network holds a message whose
 *   receiver is busy); a transfer takes the first free gap of each card's
 *   calendar (cg_loggps_ports). Multi-port: no card is ever busy.
 * No contention anywhere else. */
#ifndef CONTENTION_LOGGPS_H
#define CONTENTION_LOGGPS_H

#include <stddef.h>
#include <stdint.h>

#include "contention/p2p_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_loggps {
  double L;      /* latency [s] */
  double o;      /* fixed overhead per send or receive [s] */
  double Os, Or; /* per-byte overhead at the sender / receiver [s/B] */
  double g;      /* gap per byte of short messages (k < s) [s/B] */
  double G;      /* gap per byte of long messages [s/B] */
  double s;      /* size where g switches to G [B] */
  double S;      /* synchronisation (rendez-vous) threshold [B] */
} cg_loggps;

/* Parameter indices, in the order of the struct; a set of parameters is a
 * bit mask (1u << index). */
enum { CG_LOGGPS_L, CG_LOGGPS_O, CG_LOGGPS_OS, CG_LOGGPS_OR, CG_LOGGPS_GS, CG_LOGGPS_GL, CG_LOGGPS_SS,
       CG_LOGGPS_SL, CG_LOGGPS_NPARAMS };
#define CG_LOGGPS_ALL ((1u << CG_LOGGPS_NPARAMS) - 1u)
/* SMPI's thresholds are C ints: S must fit one. */
#define CG_LOGGPS_S_MAX 2147483647.0
/* Upper bounds that keep every LogGPS time finite and meaningful: L and o
 * at most 1e6 s (11.6 days), Os, Or, g and G at most 1 s per byte (a link
 * of 1 B/s), s and S at most CG_LOGGPS_S_MAX bytes. */
#define CG_LOGGPS_TIME_MAX 1e6
#define CG_LOGGPS_PER_BYTE_MAX 1.0
/* The largest accepted value of parameter `index`. */
double cg_loggps_max(int index);

/* "L", "o", "Os", "Or", "g", "G", "s", "S" for an index; NULL otherwise. */
const char *cg_loggps_param_name(int index);
/* Index of a parameter name, -1 if unknown. */
int cg_loggps_param_index(const char *name);
/* "L, o, Os, Or, g, G, s, S" */
const char *cg_loggps_param_names(void);
double cg_loggps_get(const cg_loggps *m, int index);
void cg_loggps_put(cg_loggps *m, int index, double value);

/* Checks every parameter is finite, in [0, cg_loggps_max(index)], and
 * s <= S. Returns 0 or -1 with a message naming the parameter. */
int cg_loggps_validate(const cg_loggps *m, char *err, size_t errlen);

/* Sets one parameter from text, for --cfg=loggps/NAME:VALUE: L, o are
 * times (SimGrid suffixes allowed: "50us"); Os, Or are plain seconds per
 * byte; g, G are plain seconds per byte or a bandwidth with a suffix
 * ("10Gbps": the gap is its inverse); s, S are sizes ("64KiB"). Each is
 * checked against [0, cg_loggps_max(index)]. Returns the parameter's
 * index, or -1 with "loggps/NAME: ..." in err naming the value and the
 * accepted range (unknown names list the accepted ones). */
int cg_loggps_set(cg_loggps *m, const char *name, const char *value, char *err, size_t errlen);

/* LogGPS from the measurements of the hybrid model (a
 * contention-calibrate-p2p parameter file), the mapping of doc/loggps.md:
 * L = small.L, g = 1/small.B, s = threshold.small + 1, G = 1/large.B,
 * o = (small.os + small.or) / 2, Os = medium2.Os, Or = medium2.Or,
 * S = threshold.detached + 1. */
void cg_loggps_from_p2p(const cg_p2p_params *p, cg_loggps *m);

/* The parameters SMPI's own options give (the platform-derived default):
 * o = (os_0 + or_0) / 2 and Os, Or the per-byte terms of the first entry
 * of smpi/os and smpi/or (`os`, `or_`: their values), S = `detached`
 * (smpi/send-is-detached-thresh); L = g = G = s = 0 (they come from each
 * route: cg_loggps_for_route). Returns 0, or -1 with a message naming the
 * option. */
int cg_loggps_from_smpi(const char *os, const char *or_, double detached, cg_loggps *m, char *err,
                        size_t errlen);

/* The parameters of one route: those not in `fixed` are derived from the
 * route's total latency and bottleneck bandwidth (> 0): L = latency,
 * G = 1 / bandwidth, g = G. */
void cg_loggps_for_route(cg_loggps *m, unsigned fixed, double latency, double bandwidth);

double cg_loggps_T1(const cg_loggps *m, double k);
double cg_loggps_T2(const cg_loggps *m, double k);
double cg_loggps_T3(const cg_loggps *m, double k);
double cg_loggps_T4(const cg_loggps *m, double dt);
/* 1 when k >= S (rendez-vous), else 0. */
int cg_loggps_is_rendezvous(const cg_loggps *m, double k);

/* Durations of MPI_Send (issued at ts) and MPI_Recv (issued at tr = ts +
 * dt, dt may be negative) of one k-byte message, by the rules above. */
double cg_loggps_send_time(const cg_loggps *m, double k, double dt);
double cg_loggps_recv_time(const cg_loggps *m, double k, double dt);
/* Time from the send being issued until the data has reached the
 * receiver's memory (receive posted in time): T1 + T2 below S,
 * T4(dt) + L + T1 + T2 from S on. */
double cg_loggps_delivery_time(const cg_loggps *m, double k, double dt);

/* How network/model:loggps realises the model inside SMPI (which applies
 * smpi/os and smpi/or to messages below its rendez-vous threshold only and
 * blocks a rendez-vous sender until the transfer ends): below S, SMPI pays
 * T1 (smpi/os) and T3 (smpi/or) and the wire time is T2; from S on, the
 * wire time is T4(0) + L + T1 + T2 + T3, counted from the moment both
 * sides have posted. The wire time is before + card + after:
 *   before = 0 below S, T4(0) + L + T1 from S on (the handshake)
 *   card   = T2 - L (the gap part, when a single-port card is busy)
 *   after  = L below S, L + T3 from S on */
double cg_loggps_wire_time(const cg_loggps *m, double k);
double cg_loggps_wire_before(const cg_loggps *m, double k);
double cg_loggps_wire_card(const cg_loggps *m, double k);
/* SMPI piecewise values reproducing T1 and T3 below S ("0:o:Os"), and o
 * for MPI_Isend. Returns 0, or -1 if a buffer is too small. */
int cg_loggps_smpi_overheads(const cg_loggps *m, char *os, char *or_, char *ois, size_t len);

/* Single-port cards: each host's calendar of busy intervals. Hosts are
 * dense indices; the table grows as needed. */
typedef struct cg_loggps_ports cg_loggps_ports;
cg_loggps_ports *cg_loggps_ports_create(void);
void cg_loggps_ports_destroy(cg_loggps_ports *p);
/* Reserves host h's card for `busy` seconds in the first free gap of its
 * calendar that starts at `earliest` or later (earlier reservations keep
 * their place: a short transfer may fit before a later one), and returns
 * the gap's start; -1 when out of memory. `now` (<= earliest, never
 * decreasing between calls) lets it forget the intervals that are over. */
double cg_loggps_card_reserve(cg_loggps_ports *p, uint32_t h, double now, double earliest, double busy);

/* Wire time of a k-byte comm src -> dst that starts at `now`: the multi-
 * port wire time, plus, when `ports` is not NULL and src != dst, the waits
 * for the two cards (which it then reserves: the sender's from now +
 * before on, the receiver's from when the sending starts on). Returns -1
 * when out of memory. */
double cg_loggps_comm_time(const cg_loggps *m, double k, cg_loggps_ports *ports, uint32_t src, uint32_t dst,
                           double now);

#ifdef __cplusplus
}
#endif
#endif
