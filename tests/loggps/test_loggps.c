/* LogGPS formulas (seed 003 Fig. 1), parameter sources and single-port
 * cards, against hand-computed values. */
#include "check.h"
#include "contention/loggps.h"

int main(void)
{
  char err[512];
  /* The Gigabit-Ethernet-like figures of the first version, as a fixed
   * parameter set: L = 50 us, o = 5 us, Os = Or = 2e-10, g = 1e-8,
   * G = 1 / 117.5 MB/s, s = 1420, S = 65536. */
  cg_loggps m = {50e-6, 5e-6, 2e-10, 2e-10, 1e-8, 1.0 / 117.5e6, 1420, 65536};
  CHECK(cg_loggps_validate(&m, err, sizeof err) == 0);
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
  /* Wire time split: before + card + after. */
  CHECK_REL(cg_loggps_wire_before(&m, 1000), 0, 0);
  CHECK_REL(cg_loggps_wire_card(&m, 1000), 10e-6, 1e-12);
  CHECK_REL(cg_loggps_wire_time(&m, 1000), 60e-6, 1e-12);
  CHECK_REL(cg_loggps_wire_before(&m, k), 60e-6 + 50e-6 + t1, 1e-12);
  CHECK_REL(cg_loggps_wire_time(&m, k), 60e-6 + 50e-6 + t1 + t2 + t3, 1e-12);

  /* Setting parameters from --cfg text. */
  CHECK(cg_loggps_set(&m, "L", "20us", err, sizeof err) == 0);
  CHECK_REL(m.L, 20e-6, 1e-12);
  CHECK(cg_loggps_set(&m, "S", "32KiB", err, sizeof err) == 7);
  CHECK_REL(m.S, 32768, 0);
  CHECK(cg_loggps_set(&m, "G", "1e-9", err, sizeof err) == 5);
  CHECK_REL(m.G, 1e-9, 0);
  CHECK(cg_loggps_set(&m, "G", "10Gbps", err, sizeof err) == 5);
  CHECK_REL(m.G, 1 / 1.25e9, 1e-15);
  CHECK(cg_loggps_set(&m, "P", "4", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/P: unknown LogGPS parameter; accepted: L, o, Os, Or, g, G, s, S");
  CHECK(cg_loggps_set(&m, "G", "1ns", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/G: '1ns' is neither a number of seconds per byte (1e-9) nor a bandwidth");
  CHECK(cg_loggps_set(&m, "Os", "1ns", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/Os: '1ns' is not a finite number >= 0 (seconds per byte");
  /* Per-byte values are plain decimal numbers: strtod took "0x1" as 1 s/B
   * and " 1e-9" with its blank, silently. */
  for (int k = 0; k < 4; k++) {
    const char *per_byte[] = {"Os", "Or", "g", "G"};
    CHECK(cg_loggps_set(&m, per_byte[k], "0x1", err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "'0x1' is ");
    CHECK(cg_loggps_set(&m, per_byte[k], " 1e-9", err, sizeof err) == -1);
    CHECK(cg_loggps_set(&m, per_byte[k], "-0", err, sizeof err) == -1);
  }
  CHECK(cg_loggps_set(&m, "Os", "2e-10", err, sizeof err) == 2);
  CHECK_REL(m.Os, 2e-10, 0);
  CHECK(cg_loggps_set(&m, "o", "fast", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/o: ");
  CHECK(cg_loggps_set(&m, "s", "-3", err, sizeof err) == -1);
  /* SMPI's thresholds are ints: 100 GiB is refused, 2^31 - 1 accepted. */
  CHECK(cg_loggps_set(&m, "S", "100GiB", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/S: 107374182400 B is outside the accepted range [0, 2147483647 B]");
  CHECK(cg_loggps_set(&m, "S", "2147483647", err, sizeof err) == 7);
  m.S = 2147483648.0;
  CHECK(cg_loggps_validate(&m, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "LogGPS parameter S = 2147483648 B is outside the accepted range [0, 2147483647 B]");
  m.S = 65536;
  m.G = -1;
  CHECK(cg_loggps_validate(&m, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "LogGPS parameter G = -1 s/B is outside the accepted range [0, 1 s/B]");
  /* Upper bounds: a time at most 1e6 s, a gap or overhead per byte at most
   * 1 s/B (1e308 would make the run end at t = inf). */
  CHECK(cg_loggps_set(&m, "L", "1e308", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/L: 1e+308 s is outside the accepted range [0, 1000000 s]");
  CHECK(cg_loggps_set(&m, "o", "1e6", err, sizeof err) == CG_LOGGPS_O);
  CHECK(cg_loggps_set(&m, "o", "1000001", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/o: 1000001 s is outside the accepted range [0, 1000000 s]");
  CHECK(cg_loggps_set(&m, "Os", "1e308", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/Os: 1e+308 s/B is outside the accepted range [0, 1 s/B]");
  CHECK(cg_loggps_set(&m, "Or", "1.5", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/Or: 1.5 s/B is outside the accepted range [0, 1 s/B]");
  CHECK(cg_loggps_set(&m, "G", "1e308", err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "loggps/G: 1e+308 s/B is outside the accepted range [0, 1 s/B]");
  CHECK(cg_loggps_set(&m, "g", "0.5Bps", err, sizeof err) == -1); /* a gap of 2 s/B */
  CHECK_STR_CONTAINS(err, "loggps/g: 2 s/B is outside the accepted range [0, 1 s/B]");
  CHECK(cg_loggps_set(&m, "G", "1", err, sizeof err) == CG_LOGGPS_GL);
  m.G = 8.5e-9;
  /* s above S: g would apply beyond the rendez-vous threshold. */
  m.s = 131072;
  m.S = 65536;
  CHECK(cg_loggps_validate(&m, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "LogGPS parameter s = 131072 B is above S = 65536 B: accepted s in [0, S]");
  m.s = 65536;
  CHECK(cg_loggps_validate(&m, err, sizeof err) == 0);
  CHECK(cg_loggps_param_index("Or") == CG_LOGGPS_OR);
  CHECK(cg_loggps_param_index("x") == -1);

  /* From SMPI's options: o = mean of the first offsets, per-byte terms of
   * the first entries, S = the detached threshold; nothing per route yet. */
  cg_loggps d;
  CHECK(cg_loggps_from_smpi("0:2us:1e-10;1420:9us:0", "0:4e-6:3e-10", 65536, &d, err, sizeof err) == 0);
  CHECK_REL(d.o, 3e-6, 1e-12);
  CHECK_REL(d.Os, 1e-10, 1e-12);
  CHECK_REL(d.Or, 3e-10, 1e-12);
  CHECK_REL(d.S, 65536, 0);
  CHECK(d.L == 0 && d.G == 0 && d.g == 0 && d.s == 0);
  /* SMPI's default value: five fields, the first two used. */
  CHECK(cg_loggps_from_smpi("0:0:0:0:0", "0:1:2:3:4", 65536, &d, err, sizeof err) == 0);
  CHECK_REL(d.o, 0.5, 1e-12);
  CHECK_REL(d.Or, 2, 1e-12);
  CHECK(cg_loggps_from_smpi("0", "0:0", 65536, &d, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "smpi/os '0': entry 1 '0': expected SIZE:VALUE[:VALUE...]");
  CHECK(cg_loggps_from_smpi("0:0:0", "x", 65536, &d, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "smpi/or 'x': ");
  /* Per route: L and G (and g = G) unless fixed. 10 Gb/s = 1.25e9 B/s. */
  cg_loggps r = d;
  cg_loggps_for_route(&r, 0, 2e-6, 1.25e9);
  CHECK_REL(r.L, 2e-6, 0);
  CHECK_REL(r.G, 8e-10, 1e-15);
  CHECK_REL(r.g, 8e-10, 1e-15);
  r = d;
  r.G = 1e-9;
  cg_loggps_for_route(&r, 1u << CG_LOGGPS_GL, 2e-6, 1.25e9);
  CHECK_REL(r.G, 1e-9, 0);
  CHECK_REL(r.g, 1e-9, 0);

  /* From a calibrated parameter file (graphene-like figures). */
  cg_p2p_params p;
  cg_p2p_defaults(&p);
  for (int s = 0; s < CG_P2P_SEGMENTS; s++) {
    p.seg[s].L = 20e-6 + s * 1e-6;
    p.seg[s].B = 1e8 + s * 1e7;
    p.seg[s].os = s < CG_P2P_LARGE ? 2e-6 * (s + 1) : 0;
    p.seg[s].or_ = s < CG_P2P_LARGE ? 4e-6 * (s + 1) : 0;
    p.seg[s].Os = s < CG_P2P_LARGE ? 1e-10 * (s + 1) : 0;
    p.seg[s].Or = s < CG_P2P_LARGE ? 2e-10 * (s + 1) : 0;
  }
  cg_loggps f;
  cg_loggps_from_p2p(&p, &f);
  CHECK_REL(f.L, 20e-6, 0);
  CHECK_REL(f.g, 1e-8, 1e-15);
  CHECK_REL(f.s, 1421, 0);
  CHECK_REL(f.G, 1 / 1.4e8, 1e-15);
  CHECK_REL(f.o, 3e-6, 1e-12);
  CHECK_REL(f.Os, 3e-10, 1e-12);
  CHECK_REL(f.Or, 6e-10, 1e-12);
  CHECK_REL(f.S, 327681, 0);

  /* Single-port cards: a 4 MiB exchange both ways (MPI_Sendrecv) between
   * hosts 0 and 1 starting together: the second transfer waits for the
   * cards the first holds; Bs + Br = 2 k / end = B (up to the latencies). */
  cg_loggps z = {1e-6, 0, 0, 0, 8e-10, 8e-10, 0, 65536};
  double kk = 4194304, card = kk * 8e-10;
  cg_loggps_ports *ports = cg_loggps_ports_create();
  double a = cg_loggps_comm_time(&z, kk, ports, 0, 1, 0);
  double b = cg_loggps_comm_time(&z, kk, ports, 1, 0, 0);
  double before = cg_loggps_wire_before(&z, kk); /* T4(0) + L + T1 = 2 us */
  CHECK_REL(before, 2e-6, 1e-12);
  CHECK_REL(a, before + card + 1e-6, 1e-12);
  CHECK_REL(b, before + 2 * card + 1e-6, 1e-12);
  /* A transfer between two other hosts does not wait. */
  CHECK_REL(cg_loggps_comm_time(&z, kk, ports, 2, 3, 0), a, 1e-12);
  /* Host 1's card is busy until before + 2 card: a transfer 1 -> 2 queues
   * behind it (host 2's card is free by then). */
  CHECK_REL(cg_loggps_comm_time(&z, kk, ports, 1, 2, 0), before + 3 * card + 1e-6 - 0, 1e-12);
  /* Loopback comms use no card. */
  CHECK_REL(cg_loggps_comm_time(&z, kk, ports, 1, 1, 0), a, 1e-12);
  /* The sender's card is not held while the receiver's is busy: 7 -> 6
   * waits for 6 (receiving from 5), but 7 -> 8 right after only waits for
   * 7's own sending. */
  double c1 = cg_loggps_comm_time(&z, kk, ports, 5, 6, 0);
  double c2 = cg_loggps_comm_time(&z, kk, ports, 7, 6, 0);
  double c3 = cg_loggps_comm_time(&z, kk, ports, 7, 8, 0);
  CHECK_REL(c1, a, 1e-12);
  CHECK_REL(c2, before + 2 * card + 1e-6, 1e-12);
  CHECK_REL(c3, before + 2 * card + 1e-6, 1e-12);
  /* Multi-port: no queue. */
  CHECK_REL(cg_loggps_comm_time(&z, kk, NULL, 0, 1, 0), a, 1e-12);
  /* A card's calendar: a transfer takes the first gap that holds it. */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 0, 10, 2), 10, 0);   /* [10, 12) */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 0, 0, 3), 0, 0);     /* [0, 3) fits before */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 0, 0, 8), 12, 0);    /* [3, 10) too short: [12, 20) */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 0, 2.5, 0.5), 3, 0); /* [3, 3.5) */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 0, 3.5, 6.5), 3.5, 0); /* fills [3.5, 10) exactly */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 0, 0, 1), 20, 0);    /* busy from 0 to 20 */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 21, 21, 1), 21, 0); /* at 21, all of it is over */
  CHECK_REL(cg_loggps_card_reserve(ports, 20, 21, 21, 0), 21, 0);  /* nothing to hold */
  cg_loggps_ports_destroy(ports);
  CHECK_DONE();
}
