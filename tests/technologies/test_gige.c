/* Gigabit Ethernet rules (seed 001 sec. V.A) with the reading of
 * doc/technologies.md: the paper's Fig. 4 predicted column (4 MB comms,
 * t_ref = 0.0476 s) to its printed 3 decimals, its derivation of gamma_o
 * and gamma_i from comms a and f, and beta from Fig. 2 schemes 2 and 3. */
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

static void fig4(void)
{
  const double t_ref = 0.0476;
  const double predicted[6] = {0.095, 0.095, 0.113, 0.069, 0.103, 0.103};
  cg_graph *g = cg_graph_create(&cg_tech_gige, NULL);
  cg_comm c[6];
  c[0] = cg_graph_add(g, 0, 1); /* a: node 0, out-degree 3, not strongly slow */
  c[1] = cg_graph_add(g, 0, 2); /* b */
  c[2] = cg_graph_add(g, 0, 3); /* c: node 0's strongly slow comm */
  c[3] = cg_graph_add(g, 4, 2); /* d: in-conflict with b */
  c[4] = cg_graph_add(g, 5, 3); /* e */
  c[5] = cg_graph_add(g, 6, 3); /* f: into node 3, in-degree 3 */
  for (int i = 0; i < 6; i++) {
    double t = cg_graph_penalty(g, c[i]) * t_ref;
    /* Printed to 3 decimals: within half a unit of the last digit. */
    CHECK_ABS(t, predicted[i], 0.0005);
  }
  /* The paper's derivation: gamma_o = 1 - t_a / (3 beta t_ref) and
   * gamma_i = 1 - t_f / (3 beta t_ref) give the parameters back. */
  double beta = 0.75;
  CHECK_REL(1 - cg_graph_penalty(g, c[0]) / (3 * beta), 0.115, 1e-12);
  CHECK_REL(1 - cg_graph_penalty(g, c[5]) / (3 * beta), 0.036, 1e-12);
  /* Changing the degrees: when d ends, nothing else changes (b's
   * destination was not node 0's maximum); when e ends, node 3's in-side
   * drops to 2 and f is 1.5 (1 - 0.036). */
  cg_graph_remove(g, c[3]);
  CHECK_REL(cg_graph_penalty(g, c[1]), 1.99125, 1e-12);
  cg_graph_remove(g, c[4]);
  CHECK_REL(cg_graph_penalty(g, c[5]), 1.5 * 0.964, 1e-12);
  CHECK_REL(cg_graph_penalty(g, c[2]), 2.25 * (1 + 0.115 / 2), 1e-12);
  cg_graph_destroy(g);
}

static void beta(void)
{
  cg_graph *g = cg_graph_create(&cg_tech_gige, NULL);
  cg_comm a = cg_graph_add(g, 0, 1);
  CHECK_REL(cg_graph_penalty(g, a), 1, 0);           /* scheme 1 */
  cg_comm b = cg_graph_add(g, 0, 2);
  CHECK_REL(cg_graph_penalty(g, a), 1.5, 1e-15);     /* scheme 2: 2 beta */
  CHECK_REL(cg_graph_penalty(g, b), 1.5, 1e-15);
  cg_graph_add(g, 0, 3);
  CHECK_REL(cg_graph_penalty(g, a), 2.25, 1e-15);    /* scheme 3: 3 beta */
  /* Pure incast of 2: both sources have out-degree 1 (all strongly slow),
   * so 2 beta each. */
  cg_comm x = cg_graph_add(g, 5, 9), y = cg_graph_add(g, 6, 9);
  CHECK_REL(cg_graph_penalty(g, x), 1.5, 1e-15);
  CHECK_REL(cg_graph_penalty(g, y), 1.5, 1e-15);
  cg_graph_destroy(g);
  /* A penalty never drops below 1, even with a small beta. */
  double p[] = {0.3, 0.115, 0.036, 0.0}; /* recv 0 */
  g = cg_graph_create(&cg_tech_gige, p);
  a = cg_graph_add(g, 0, 1);
  cg_graph_add(g, 0, 2);
  CHECK_REL(cg_graph_penalty(g, a), 1, 0);
  cg_graph_destroy(g);
}

/* 500 comms on one host pair and one more sender into the same
 * destination, built in deferred mode (one evaluation, the destination's
 * in-side computed once) and in immediate mode: by hand, a's comms are
 * strongly slow on the in side, 501 beta (1 + gamma_i / 1); c's comm is
 * not, 501 beta (1 - gamma_i / 500). */
static void hot_pair(void)
{
  for (int deferred = 0; deferred < 2; deferred++) {
    cg_graph *g = cg_graph_create(&cg_tech_gige, NULL);
    cg_graph_set_deferred(g, deferred);
    cg_comm a[500], c;
    for (int i = 0; i < 500; i++)
      a[i] = cg_graph_add(g, 0, 1);
    c = cg_graph_add(g, 2, 1);
    cg_graph_flush(g);
    for (int i = 0; i < 500; i++)
      CHECK_REL(cg_graph_penalty(g, a[i]), 501 * 0.75 * (1 + 0.036), 1e-15);
    CHECK_REL(cg_graph_penalty(g, c), 501 * 0.75 * (1 - 0.036 / 500), 1e-15);
    /* c leaves: a pure out-conflict and in-conflict of 500, 500 beta. */
    cg_graph_remove(g, c);
    cg_graph_flush(g);
    size_t n;
    cg_graph_changed(g, &n);
    CHECK(n == 500);
    CHECK_REL(cg_graph_penalty(g, a[7]), 500 * 0.75, 1e-15);
    cg_graph_destroy(g);
  }
}

int main(void)
{
  fig4();
  beta();
  hot_pair();
  CHECK_DONE();
}
