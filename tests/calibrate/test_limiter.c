/* The per-host limiter of the step solver (contention/limiter_share.h,
 * cg_solve_steps_limited): max-min shares worked by hand, and whole
 * schemes whose times follow from them. */
#include <stdlib.h>

#include "check.h"
#include "contention/limiter_share.h"
#include "contention/step_solver.h"

static void share_cases(void)
{
  double r[4];
  /* a host sending and receiving at once: 1.5 / 2 each way */
  cg_host s1[] = {0, 1}, d1[] = {1, 0};
  double q1[] = {1, 1};
  cg_limiter_share(s1, d1, q1, 2, 1.5, r);
  CHECK_REL(r[0], 0.75, 1e-15);
  CHECK_REL(r[1], 0.75, 1e-15);
  /* demands that fit: each gets its own */
  double q2[] = {0.2, 1};
  cg_limiter_share(s1, d1, q2, 2, 1.5, r);
  CHECK_REL(r[0], 0.2, 1e-15);
  CHECK_REL(r[1], 1, 1e-15);
  /* a chain 0>1, 1>2, 2>3, 3>2 with c's demand 0.3: c fixed at 0.3, host 2
   * then fills at (1.5 - 0.3) / 2 = 0.6 (b, d), host 1 leaves a 0.9 */
  cg_host s3[] = {0, 1, 2, 3}, d3[] = {1, 2, 3, 2};
  double q3[] = {1, 1, 0.3, 1};
  cg_limiter_share(s3, d3, q3, 4, 1.5, r);
  CHECK_REL(r[0], 0.9, 1e-15);
  CHECK_REL(r[1], 0.6, 1e-15);
  CHECK_REL(r[2], 0.3, 1e-15);
  CHECK_REL(r[3], 0.6, 1e-15);
  /* host ids need not be dense */
  cg_host s4[] = {7, 1000000}, d4[] = {1000000, 7};
  cg_limiter_share(s4, d4, q1, 2, 1.2, r);
  CHECK_REL(r[0], 0.6, 1e-15);
  CHECK_REL(r[1], 0.6, 1e-15);
}

static void solver_cases(void)
{
  cg_error e;
  double f[4], g[4];
  /* infiniband, a = 0>1 (1 B), b = 1>0 (0.5 B), alpha 1, limiter 1.5: both
   * at 0.75 until b ends at 2/3; a's 0.5 B left then go alone: 7/6 */
  cg_step_comm c1[] = {{.src = 0, .dst = 1, .size = 1}, {.src = 1, .dst = 0, .size = 0.5}};
  CHECK(cg_solve_steps_limited(c1, 2, 1.0, &cg_tech_infiniband, NULL, NULL, 0, 1.5, f, NULL, &e) == 0);
  CHECK_REL(f[0], 7.0 / 6.0, 1e-14);
  CHECK_REL(f[1], 2.0 / 3.0, 1e-14);
  /* the step table shows the limited penalty, 1 / 0.75 */
  cg_step_table t = {0};
  CHECK(cg_solve_steps_limited(c1, 2, 1.0, &cg_tech_infiniband, NULL, NULL, 0, 1.5, f, &t, &e) == 0);
  CHECK(t.count == 3);
  CHECK_REL(t.rows[0].penalty, 4.0 / 3.0, 1e-14);
  CHECK_REL(t.rows[2].penalty, 1, 1e-15);
  cg_step_table_free(&t);
  /* gige (beta 0.75): 0>1, 0>2, 1>0, alpha 1e-8, 4 MB. Demands 2/3, 2/3,
   * 1: host 0 fills at 1.5 / 3 = 0.5, all three take 0.08 s */
  double gp[4] = {0.75, 0.115, 0.036, 0};
  cg_step_comm c2[] = {{.src = 0, .dst = 1, .size = 4e6}, {.src = 0, .dst = 2, .size = 4e6},
                       {.src = 1, .dst = 0, .size = 4e6}};
  CHECK(cg_solve_steps_limited(c2, 3, 1e-8, &cg_tech_gige, gp, NULL, 0, 1.5, f, NULL, &e) == 0);
  for (int i = 0; i < 3; i++)
    CHECK_REL(f[i], 0.08, 1e-14);
  /* a limiter no host fills changes nothing: the unlimited solver's times */
  CHECK(cg_solve_steps_limited(c2, 3, 1e-8, &cg_tech_gige, gp, NULL, 0, 3, f, NULL, &e) == 0);
  CHECK(cg_solve_steps_e(c2, 3, 1e-8, &cg_tech_gige, gp, NULL, 0, g, NULL, &e) == 0);
  for (int i = 0; i < 3; i++)
    CHECK(f[i] == g[i]);
  CHECK_REL(g[0], 0.06, 1e-14);
  CHECK_REL(g[2], 0.04, 1e-14);
  /* given penalties under a limiter: a = 0>1 at 2, b = 1>0 at 1, limiter
   * 1.2: a keeps its demand 0.5, b gets 0.7 (1 B each, alpha 1) until b
   * ends at 1/0.7; a then has 1 - 0.5/0.7 left at its next given penalty 1 */
  double pa[] = {2, 1}, pb[] = {1};
  cg_step_comm c3[] = {{.src = 0, .dst = 1, .size = 1, .penalties = pa, .penalty_count = 2},
                       {.src = 1, .dst = 0, .size = 1, .penalties = pb, .penalty_count = 1}};
  CHECK(cg_solve_steps_limited(c3, 2, 1.0, NULL, NULL, NULL, 0, 1.2, f, NULL, &e) == 0);
  CHECK_REL(f[1], 1 / 0.7, 1e-14);
  CHECK_REL(f[0], 1 / 0.7 + (1 - 0.5 / 0.7), 1e-14);
}

int main(void)
{
  share_cases();
  solver_cases();
  return check_failures ? 1 : 0;
}
