/* The LogGPS delay model (Ino et al., as summarised in seed 003 Fig. 1),
 * the no-contention comparison model. k is the message size in bytes,
 * dt = tr - ts the time the receive is posted after the send.
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
 *   pays T3. (Fig. 1 is partly lost in the seed text; this is our reading,
 *   see doc/p2p-model.md.) MPI_Isend and MPI_Irecv cost o.
 * No contention: every transfer gets the full rate whatever else runs. */
#ifndef CONTENTION_LOGGPS_H
#define CONTENTION_LOGGPS_H

#include <stddef.h>

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

/* Documented defaults (doc/p2p-model.md): a Gigabit-Ethernet-like node,
 * L = 50 us, o = 5 us, Os = Or = 2e-10 s/B, g = 1/100 MB/s, G = 1/117.5
 * MB/s (= 8.5106e-9 s/B), s = 1420 B, S = 65536 B. */
void cg_loggps_defaults(cg_loggps *m);
/* Checks every parameter is finite and >= 0 (g, G > 0 not required).
 * Returns 0 or -1 with a message naming the parameter. */
int cg_loggps_validate(const cg_loggps *m, char *err, size_t errlen);

/* Sets one parameter from text, for --cfg=loggps/NAME:VALUE. NAME is one of
 * L, o (times, SimGrid suffixes allowed: "50us"), Os, Or, g, G (plain
 * seconds per byte), s, S (sizes: "64KiB"). Returns 0, or -1 with
 * "loggps/NAME: ..." in err (unknown names list the accepted ones). */
int cg_loggps_set(cg_loggps *m, const char *name, const char *value, char *err, size_t errlen);
/* "L, o, Os, Or, g, G, s, S" */
const char *cg_loggps_param_names(void);

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
 * receiver's memory (receive posted in time): what a network model gives
 * a comm. T1 + T2 below S, T4(dt) + L + T1 + T2 from S on. */
double cg_loggps_delivery_time(const cg_loggps *m, double k, double dt);

/* How network/model:loggps realises the model inside SMPI (which applies
 * smpi/os and smpi/or to messages below its rendez-vous threshold only and
 * blocks a rendez-vous sender until the transfer ends):
 * below S, SMPI pays T1 (smpi/os) and T3 (smpi/or) and the wire time is T2;
 * from S on, the wire time is T4(0) + L + T1 + T2 + T3, counted from the
 * moment both sides have posted. */
double cg_loggps_wire_time(const cg_loggps *m, double k);
/* SMPI piecewise values reproducing T1 and T3 below S ("0:o:Os"), and o
 * for MPI_Isend. Returns 0, or -1 if a buffer is too small. */
int cg_loggps_smpi_overheads(const cg_loggps *m, char *os, char *or_, char *ois, size_t len);

#ifdef __cplusplus
}
#endif
#endif
