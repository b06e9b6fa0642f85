/* Hierarchical Ethernet (seed 002): penalty = 940 Mbps / flow bandwidth.
 * Fairness on a NIC, the asymmetric property of sec. 5.2 (in = 2, out = 1:
 * three flows at 470 of 940; in = 12, out = 1: 13/12 x 940 in total), the
 * optical backbone's non-saturation up to 10 flows, Algorithm 1's
 * re-queueing when the contra-flow resource is not saturated, and no NIC
 * direction above its bandwidth when the contra-flow rule would give more. */
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

#define NIC 940.0

static double bw(const cg_graph *g, cg_comm c) { return NIC / cg_graph_penalty(g, c); }

static void asymmetric(void)
{
  cg_graph *g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_comm in1 = cg_graph_add(g, 1, 0), in2 = cg_graph_add(g, 2, 0), out = cg_graph_add(g, 0, 3);
  CHECK_REL(bw(g, in1), 470, 1e-12);
  CHECK_REL(bw(g, in2), 470, 1e-12);
  CHECK_REL(bw(g, out), 470, 1e-12);
  cg_graph_destroy(g);

  g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  double total = 0;
  cg_comm c[13];
  for (cg_host i = 0; i < 12; i++)
    c[i] = cg_graph_add(g, i + 1, 0);
  c[12] = cg_graph_add(g, 0, 20);
  for (int i = 0; i < 13; i++)
    total += bw(g, c[i]);
  CHECK_REL(total, 13.0 / 12.0 * NIC, 1e-12);
  CHECK_REL(bw(g, c[12]), NIC / 12, 1e-12);
  /* The symmetric case is not penalised: in = 1, out = 1 is full duplex. */
  cg_graph_destroy(g);
  g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_comm p = cg_graph_add(g, 1, 0), q = cg_graph_add(g, 0, 2);
  CHECK_REL(bw(g, p), NIC, 1e-12);
  CHECK_REL(bw(g, q), NIC, 1e-12);
  cg_graph_destroy(g);
}

static void fairness_and_backbone(void)
{
  /* Experiment A: 3 flows node 0 -> node 1 in one rack share the NIC. */
  cg_graph *g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_comm c[3];
  for (int i = 0; i < 3; i++)
    c[i] = cg_graph_add(g, 0, 1);
  for (int i = 0; i < 3; i++)
    CHECK_REL(bw(g, c[i]), NIC / 3, 1e-12);
  cg_graph_destroy(g);
  /* Experiment B: n flows between distinct nodes of racks 0 and 1. */
  for (int n = 2; n <= 14; n++) {
    g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
    for (cg_host h = 0; h < 2 * (cg_host)n; h++)
      cg_graph_set_host_group(g, h, h < (cg_host)n ? 0 : 1);
    cg_comm f[14];
    for (int i = 0; i < n; i++)
      f[i] = cg_graph_add(g, (cg_host)i, (cg_host)(n + i));
    double want = n <= 10 ? NIC : 9400.0 / n; /* eq. 5 */
    for (int i = 0; i < n; i++)
      CHECK_REL(bw(g, f[i]), want, 1e-12);
    cg_graph_destroy(g);
  }
  /* Same nodes without racks: no backbone, 940 each even with 14 flows. */
  g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_comm f[14];
  for (int i = 0; i < 14; i++)
    f[i] = cg_graph_add(g, (cg_host)i, (cg_host)(14 + i));
  CHECK_REL(bw(g, f[13]), NIC, 1e-12);
  cg_graph_destroy(g);
  /* Parameters: a 1880 Mbps backbone saturates above 2 flows. */
  double p[] = {940, 1880};
  g = cg_graph_create(&cg_tech_hier_ethernet, p);
  for (cg_host h = 0; h < 6; h++)
    cg_graph_set_host_group(g, h, h < 3 ? 0 : 1);
  for (int i = 0; i < 3; i++)
    f[i] = cg_graph_add(g, (cg_host)i, (cg_host)(3 + i));
  CHECK_REL(bw(g, f[0]), 1880.0 / 3, 1e-12);
  cg_graph_destroy(g);
}

static void unsaturated_contra_flow(void)
{
  /* Node 0 receives in1 from node 1 (which also sends 3 other flows: in1
   * gets 940/4 = 235) and in2 from node 2 (the rest of 0's NIC: 705), and
   * sends out. Contra-flow resource NIC-in(0) is saturated (235 + 705), so
   * out gets the largest of them: 705. */
  cg_graph *g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_comm in1 = cg_graph_add(g, 1, 0), in2 = cg_graph_add(g, 2, 0), out = cg_graph_add(g, 0, 3);
  for (cg_host i = 0; i < 3; i++)
    cg_graph_add(g, 1, 10 + i);
  CHECK_REL(bw(g, in1), 235, 1e-12);
  CHECK_REL(bw(g, in2), 705, 1e-12);
  CHECK_REL(bw(g, out), 705, 1e-12);
  cg_graph_destroy(g);
  /* in = 2 from sources that each send 4 flows (235 each): NIC-in(0) is not
   * saturated (470 < 940), the contra-flow rule is switched off and out
   * keeps the full NIC. */
  g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_graph_add(g, 1, 0);
  cg_graph_add(g, 2, 0);
  out = cg_graph_add(g, 0, 3);
  for (cg_host i = 0; i < 3; i++) {
    cg_graph_add(g, 1, 10 + i);
    cg_graph_add(g, 2, 20 + i);
  }
  CHECK_REL(bw(g, out), NIC, 1e-12);
  cg_graph_destroy(g);
}

static void contra_flow_within_capacity(void)
{
  /* Node 2 receives three flows from node 0 (which sends five: 188 each)
   * and one from node 3 (the rest of 2's NIC: 376), and sends three to
   * node 3. Its NIC-in is saturated, and Algorithm 1's line 17 alone
   * would give each of the three the largest incoming bandwidth, 376:
   * 1128 out of a 940 NIC. Capped at the fair share of 2's NIC-out they
   * get 940 / 3 each, and 3 -> 2 keeps 376. */
  cg_graph *g = cg_graph_create(&cg_tech_hier_ethernet, NULL);
  cg_comm out[3], back = cg_graph_add(g, 3, 2);
  for (int i = 0; i < 3; i++) {
    cg_graph_add(g, 0, 2);
    out[i] = cg_graph_add(g, 2, 3);
  }
  cg_graph_add(g, 0, 1);
  cg_comm last = cg_graph_add(g, 0, 1);
  double sum = 0;
  for (int i = 0; i < 3; i++) {
    CHECK_REL(bw(g, out[i]), NIC / 3, 1e-12);
    sum += bw(g, out[i]);
  }
  CHECK(sum <= NIC * (1 + 1e-12));
  CHECK_REL(bw(g, back), 376, 1e-12);
  CHECK_REL(bw(g, last), 188, 1e-12);
  cg_graph_destroy(g);
}

int main(void)
{
  asymmetric();
  fairness_and_backbone();
  unsaturated_contra_flow();
  contra_flow_within_capacity();
  CHECK_DONE();
}
