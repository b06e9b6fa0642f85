/* LogGPS formulas (seed 003 Fig. 1) with the documented defaults, small
 * (asynchronous) and large (rendez-vous) messages, against hand-computed
 * values. */
#include "../core/check.h"
#include "contention/loggps.h"

int main(void)
{
  cg_loggps m;
  char err[256];
  cg_loggps_defaults(&m);
  CHECK(cg_loggps_validate(&m, err, sizeof err) == 0);
  CHECK_REL(m.L, 50e-6, 0);
  CHECK_REL(m.S, 65536, 0);
  /* k = 1000 < s: T1 = 5us + 1000 * 2e-10 = 5.2us, T2 = 50us + 1000 / 100 MB/s = 60us. */
  CHECK_REL(cg_loggps_T1(&m, 1000), 5.2e-6, 1e-12);
  CHECK_REL(cg_loggps_T2(&m, 1000), 60e-6, 1e-12);
  CHECK_REL(cg_loggps_T3(&m, 1000), 5.2e-6, 1e-12);
  CHECK(!cg_loggps_is_rendezvous(&m, 1000));
  CHECK_REL(cg_loggps_send_time(&m, 1000, 0), 5.2e-6, 1e-12);
  /* Receive posted with the send: waits T1 + T2, then T3. */
  CHECK_REL(cg_loggps_recv_time(&m, 1000, 0), 70.4e-6, 1e-12);
  /* Receive posted 1 ms later: the data is there, only T3. */
  CHECK_REL(cg_loggps_recv_time(&m, 1000, 1e-3), 5.2e-6, 1e-12);
  /* k = 10000 > s: T2 = 50us + 1420/100e6 + 8580/117.5e6. */
  CHECK_REL(cg_loggps_T2(&m, 10000), 50e-6 + 14.2e-6 + 8580 / 117.5e6, 1e-12);
  /* k = 1e6 >= S: rendez-vous. T4(0) = L + 2o = 60us; send = T4 + L + T1. */
  double k = 1e6, t1 = 5e-6 + 2e-4, t2 = 50e-6 + 14.2e-6 + (1e6 - 1420) / 117.5e6, t3 = t1;
  CHECK(cg_loggps_is_rendezvous(&m, k));
  CHECK_REL(cg_loggps_T4(&m, 0), 60e-6, 1e-12);
  CHECK_REL(cg_loggps_send_time(&m, k, 0), 60e-6 + 50e-6 + t1, 1e-12);
  CHECK_REL(cg_loggps_recv_time(&m, k, 0), 60e-6 + 50e-6 + t1 + t2 + t3, 1e-12);
  CHECK_REL(cg_loggps_delivery_time(&m, k, 0), 60e-6 + 50e-6 + t1 + t2, 1e-12);
  /* Receiver 1 ms late: T4 = 1ms + o; the sender waits for it. */
  CHECK_REL(cg_loggps_send_time(&m, k, 1e-3), 1e-3 + 5e-6 + 50e-6 + t1, 1e-12);
  CHECK_REL(cg_loggps_recv_time(&m, k, 1e-3), 5e-6 + 50e-6 + t1 + t2 + t3, 1e-12);
  /* Setting parameters from --cfg text. */
  cg_loggps_defaults(&m);
  CHECK(cg_loggps_set(&m, "L", "20us", err, sizeof err) == 0);
  CHECK_REL(m.L, 20e-6, 1e-12);
  CHECK(cg_loggps_set(&m, "S", "32KiB", err, sizeof err) == 0);
  CHECK_REL(m.S, 32768, 0);
  CHECK(cg_loggps_set(&m, "G", "1e-9", err, sizeof err) == 0);
  CHECK_REL(m.G, 1e-9, 0);
  CHECK(cg_loggps_set(&m, "P", "4", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/P: unknown LogGPS parameter; accepted: L, o, Os, Or, g, G, s, S");
  CHECK(cg_loggps_set(&m, "G", "1ns", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/G: '1ns' is not a finite number >= 0 (seconds per byte");
  CHECK(cg_loggps_set(&m, "o", "fast", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/o: ");
  CHECK(cg_loggps_set(&m, "s", "-3", err, sizeof err) == -1);
  m.G = -1;
  CHECK(cg_loggps_validate(&m, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "LogGPS parameter G = -1 must be a finite number >= 0");
  CHECK_DONE();
}
