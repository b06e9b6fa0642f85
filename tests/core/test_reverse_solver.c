/* Reverse solver: seed 000 sec. 3.3. Round trips through the step solver
 * (times computed forward from known penalties give those penalties back),
 * the technology mode, and the error cases. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "contention/errors.h"
#include "contention/reverse_solver.h"
#include "contention/step_solver.h"
#include "contention/technology.h"

#define M 20971520.0
#define ALPHA 5.105e-10

/* Round trip on random static-synchronous graphs for every technology:
 * the forward solver's times, solved back with the same rules, give the
 * rules' penalties of the whole graph (step 1). Within 1e-12 relative
 * (measured worst: 9.0e-15). */
static void roundtrip_random(void)
{
  enum { N = 150 };
  const cg_tech *const *all = cg_tech_all();
  for (size_t k = 0; all[k]; k++)
    for (int trial = 0; trial < 3; trial++) {
      cg_host src[N], dst[N];
      cg_comm h[N];
      cg_step_comm c[N];
      double T[N], rho1[N];
      char err[256];
      cg_graph *g = cg_graph_create(all[k], NULL);
      for (size_t i = 0; i < N; i++) {
        do {
          src[i] = check_rand() % 12;
          dst[i] = check_rand() % 12;
        } while (src[i] == dst[i]);
        c[i] = (cg_step_comm){src[i], dst[i], M, 0, NULL, 0};
        h[i] = cg_graph_add(g, src[i], dst[i]);
      }
      CHECK(cg_solve_steps(c, N, ALPHA, all[k], NULL, T, NULL, err, sizeof err) == 0);
      CHECK(cg_reverse_first_step_tech(T, src, dst, N, ALPHA, M, all[k], NULL, rho1, err, sizeof err) == 0);
      int bad = 0;
      for (size_t i = 0; i < N; i++)
        bad += !(fabs(rho1[i] - cg_graph_penalty(g, h[i])) <= 1e-12 * cg_graph_penalty(g, h[i]));
      if (bad)
        fprintf(stderr, "%s: %d of %d first-step penalties differ\n", all[k]->name, bad, N);
      CHECK(bad == 0);
      cg_graph_destroy(g);
    }
}

int main(void)
{
  check_seed(5);
  char err[256];
  { /* Fig. 3 forward (penalties 3.5,3.5,3 / 10/3,7/3 / 1.5), then back. */
    static const double pa[] = {3.5, 3.5, 3.0}, pd[] = {10.0 / 3.0, 7.0 / 3.0}, pf[] = {1.5};
    cg_step_comm c[6];
    for (int i = 0; i < 6; i++)
      c[i] = (cg_step_comm){(cg_host)i, (cg_host)(10 + i), M, 0, i < 3 ? pa : i < 5 ? pd : pf,
                            (size_t)(i < 3 ? 3 : i < 5 ? 2 : 1)};
    double T[6], rho1[6];
    CHECK(cg_solve_steps(c, 6, ALPHA, NULL, NULL, T, NULL, err, sizeof err) == 0);
    CHECK(cg_reverse_step_count(T, 6, 0) == 3);
    CHECK(cg_reverse_step_count(T, 6, 3) == 2);
    CHECK(cg_reverse_step_count(T, 6, 5) == 1);
    const double *later[6] = {pa + 1, pa + 1, pa + 1, pd + 1, pd + 1, NULL};
    size_t nl[6] = {2, 2, 2, 1, 1, 0};
    CHECK(cg_reverse_first_step(T, 6, ALPHA, M, later, nl, rho1, err, sizeof err) == 0);
    for (int i = 0; i < 6; i++)
      CHECK_REL(rho1[i], c[i].penalties[0], 1e-9);
  }
  { /* The paper's measured Fig. 3 times (rounded) give back about 3.5 etc. */
    double T[6] = {0.0363749, 0.0363749, 0.0363749, 0.0297984, 0.0297984, 0.0160590}, rho1[6];
    static const double l3[] = {3.5, 3.0}, l2[] = {7.0 / 3.0};
    const double *later[6] = {l3, l3, l3, l2, l2, NULL};
    size_t nl[6] = {2, 2, 2, 1, 1, 0};
    CHECK(cg_reverse_first_step(T, 6, ALPHA, M, later, nl, rho1, err, sizeof err) == 0);
    CHECK_REL(rho1[0], 3.5, 1e-4);
    CHECK_REL(rho1[3], 10.0 / 3.0, 1e-4);
    CHECK_REL(rho1[5], 1.5, 1e-4);
  }
  { /* Technology mode on Fig. 2 graph 4: the rules give the later steps. */
    cg_host src[4] = {0, 0, 3, 4}, dst[4] = {1, 2, 1, 2};
    cg_step_comm c[4];
    for (int i = 0; i < 4; i++)
      c[i] = (cg_step_comm){src[i], dst[i], M, 0, NULL, 0};
    double T[4], rho1[4];
    CHECK(cg_solve_steps(c, 4, ALPHA, &cg_tech_infiniband, NULL, T, NULL, err, sizeof err) == 0);
    CHECK(cg_reverse_first_step_tech(T, src, dst, 4, ALPHA, M, &cg_tech_infiniband, NULL, rho1, err,
                                     sizeof err) == 0);
    CHECK_REL(rho1[0], 4.0, 1e-9);
    CHECK_REL(rho1[1], 4.0, 1e-9);
    CHECK_REL(rho1[2], 4.0 / 3.0, 1e-9);
    CHECK_REL(rho1[3], 4.0 / 3.0, 1e-9);
  }
  { /* Errors: wrong number of later penalties; inconsistent times. */
    double T[2] = {0.02, 0.03}, rho1[2];
    static const double l[] = {1.0};
    const double *later[2] = {NULL, l};
    size_t bad[2] = {0, 2}, good[2] = {0, 1};
    CHECK(cg_reverse_first_step(T, 2, ALPHA, M, later, bad, rho1, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "comm 1 lives in 2 steps: it needs 1 later penalties, got 2");
    double Tx[2] = {0.001, 0.5}; /* 0.499 s alone at penalty 1 is > m */
    CHECK(cg_reverse_first_step(Tx, 2, ALPHA, M, later, good, rho1, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "inconsistent");
    double Tz[1] = {0.0};
    CHECK(cg_reverse_first_step(Tz, 1, ALPHA, M, later, good, rho1, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "comm 0: measured time 0 must be finite and > 0");
    /* Callers get the comm an error is about as data, and the message
     * without "comm N: " to name it their own way. */
    cg_error e;
    CHECK(cg_reverse_first_step_e(Tz, 1, ALPHA, M, later, good, rho1, &e) == -1);
    CHECK(e.comm == 0 && strcmp(e.msg, err) == 0);
    CHECK(strcmp(e.msg + e.detail, "measured time 0 must be finite and > 0") == 0);
    CHECK(cg_reverse_first_step_e(T, 2, ALPHA, M, later, bad, rho1, &e) == -1);
    CHECK(e.comm == 1 && strcmp(e.msg + e.detail, "lives in 2 steps: it needs 1 later penalties, got 2") == 0);
    CHECK(cg_reverse_first_step_e(T, 2, ALPHA, -1, later, good, rho1, &e) == -1);
    CHECK(e.comm == CG_ERROR_NO_COMM && e.detail == 0);
    CHECK(strcmp(e.msg, "alpha and the message size must be finite and > 0") == 0);
    /* The message says where the later penalties came from. */
    CHECK(cg_reverse_first_step(Tx, 2, ALPHA, M, later, good, rho1, err, sizeof err) == -1);
    CHECK(strcmp(err, "comm 1 would send more than 2.09715e+07 bytes after the first step with its given "
                      "later penalties: the measured times are inconsistent with them") == 0);
    cg_host src[2] = {0, 2}, dst[2] = {1, 3};
    CHECK(cg_reverse_first_step_tech(Tx, src, dst, 2, ALPHA, M, &cg_tech_gige, NULL, rho1, err, sizeof err) == -1);
    CHECK(strcmp(err, "comm 1 would send more than 2.09715e+07 bytes after the first step with the later-step "
                      "penalties of technology 'gige': the measured times are inconsistent with them") == 0);
    /* A measured time shorter than the uncontended one: rho1 < 1 returned
     * as is (the caller decides), 0.009 / (ALPHA M) = 0.8406... */
    double Tf[1] = {0.009};
    CHECK(cg_reverse_first_step(Tf, 1, ALPHA, M, later, bad, rho1, err, sizeof err) == 0);
    CHECK_REL(rho1[0], 0.009 / (ALPHA * M), 1e-15);
  }
  { /* Step counts: times within 1e-9 of the first of a cluster are one step. */
    double T[5] = {3.0, 1.0, 2.0, 1.0 + 5e-10, 2.0 + 3e-9};
    size_t steps[5];
    cg_reverse_step_counts(T, 5, steps);
    CHECK(steps[0] == 4 && steps[1] == 1 && steps[2] == 2 && steps[3] == 1 && steps[4] == 3);
  }
  roundtrip_random();
  CHECK_DONE();
}
