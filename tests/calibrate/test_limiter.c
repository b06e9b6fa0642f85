/* The per-host limiter of the step solver (contention/limiter_share.h,
 * cg_solve_steps_limited): max-min shares worked by hand, and whole
 * schemes whose times follow from them. */
#include <math.h>
#include <stdio.h>
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

/* Progressive filling written plainly, O(n H) per call: the reference the
 * library's heap-driven version must match bit for bit. */
static void naive_share(const cg_host *src, const cg_host *dst, const double *demand, size_t n, double C,
                        double *rate)
{
  enum { MAXH = 64 };
  size_t unfixed[MAXH] = {0};
  double given[MAXH] = {0};
  unsigned char fixed[256] = {0};
  for (size_t i = 0; i < n; i++)
    unfixed[src[i]]++, unfixed[dst[i]]++;
  for (size_t left = n; left;) {
    size_t next = n; /* the unfixed comm of smallest demand, lowest index first */
    for (size_t i = 0; i < n; i++)
      if (!fixed[i] && (next == n || demand[i] < demand[next]))
        next = i;
    double level = INFINITY;
    size_t tight = MAXH;
    for (size_t h = 0; h < MAXH; h++)
      if (unfixed[h] && fmax(0, C - given[h]) / (double)unfixed[h] < level)
        level = fmax(0, C - given[h]) / (double)unfixed[h], tight = h;
    for (size_t j = 0; j < n; j++) {
      int take = demand[next] <= level ? j == next : !fixed[j] && (src[j] == tight || dst[j] == tight);
      if (!take)
        continue;
      rate[j] = demand[next] <= level ? demand[j] : level;
      fixed[j] = 1, left--;
      given[src[j]] += rate[j], given[dst[j]] += rate[j];
      unfixed[src[j]]--, unfixed[dst[j]]--;
    }
  }
}

/* Random comms among few hosts (many ties of demand and level): the
 * library's rates equal the plain filling's exactly. */
static void random_cases(void)
{
  srand(57);
  for (int round = 0; round < 20000; round++) {
    size_t n = 1 + (size_t)rand() % 200, hosts = 2 + (size_t)rand() % 63;
    cg_host s[200], d[200];
    double q[200], fast[200], slow[200];
    for (size_t i = 0; i < n; i++) {
      s[i] = (cg_host)(rand() % (int)hosts);
      d[i] = (cg_host)((s[i] + 1 + (cg_host)(rand() % (int)(hosts - 1))) % hosts);
      q[i] = rand() % 3 ? 1.0 / (1 + rand() % 4) : (double)rand() / RAND_MAX + 0.01;
    }
    double C = 1 + (rand() % 8) * 0.25;
    cg_limiter_share(s, d, q, n, C, fast);
    naive_share(s, d, q, n, C, slow);
    for (size_t i = 0; i < n; i++)
      if (fast[i] != slow[i]) {
        CHECK(fast[i] == slow[i]);
        fprintf(stderr, "round %d comm %zu: %.17g != %.17g\n", round, i, fast[i], slow[i]);
        return;
      }
  }
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
  random_cases();
  solver_cases();
  return check_failures ? 1 : 0;
}
