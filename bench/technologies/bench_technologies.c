/* Benchmark of the technologies (not a test: prints figures). Every
 * section reseeds the generator, so two runs draw the same graphs.
 *
 * 1. For each technology and random graphs of 100, 1k and 10k comms (4
 *    comms per host on average, 3 racks): penalty evaluations per second
 *    by full recomputation (comms re-evaluated / s) and by events (one
 *    remove + one add of a random comm; events / s).
 * 2. Myrinet, cost of one component by method: closed form, exact DP
 *    (all-to-all with the closed form off: frontier n), random graphs,
 *    the dense DP against BP + regions on the dense graphs of section 3
 *    that it solves.
 * 3. Myrinet approximations against the exact DP (frontier up to 12):
 *    a. as used (exact_max_width 8, or WIDTH) on graphs beyond the
 *       default bound;
 *    b. forced (exact bound 0) on small graphs: all-to-all, all-to-all
 *       minus comms (default regions), random connected (regions of
 *       frontier 2, 4, 6; the default is 4);
 *    c. the short approximation (bp_sweeps 3, 5, 10: BP cut short, each
 *       source alone) forced on the random connected graphs of b and on
 *       the 16-host thinned all-to-alls of a;
 *    d. large_pairs 0, 128 (the default) and 64 on sparse graphs of 96 to
 *       192 comms: random connected, and components of the 64-rank halo
 *       with some of its comms.
 * 4. Myrinet all-to-all on 64 .. 1024 hosts: every comm started at once
 *    (deferred mode, one flush), then comms ending one by one (immediate
 *    mode): cost per event.
 * Usage: bench_technologies [SECONDS [WIDTH]]: seconds per measurement
 * (default 0.3); WIDTH, the exact_max_width of the "as used" rows of
 * sections 2 and 3 (default 8, the technology's default; 0..12). */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "contention/graph.h"
#include "contention/technology.h"
#include "myrinet_sets.h"

#include "../bench_util.h"
#include "myr_shapes.h"

/* exact_max_width of the "as used" rows (the command line's WIDTH) */
static size_t used_width = 8;

static void random_pair(uint32_t hosts, cg_host *s, cg_host *d)
{
  do {
    *s = rnd() % hosts;
    *d = rnd() % hosts;
  } while (*s == *d);
}

static cg_graph *random_graph(const cg_tech *t, const double *p, size_t n, cg_comm *h)
{
  uint32_t hosts = (uint32_t)(n / 4 < 8 ? 8 : n / 4);
  cg_graph *g = cg_graph_create(t, p);
  for (uint32_t i = 0; i < hosts; i++)
    cg_graph_set_host_group(g, i, (int32_t)(i % 3));
  cg_graph_set_deferred(g, 1); /* one evaluation for the whole build */
  for (size_t i = 0; i < n; i++) {
    cg_host s, d;
    random_pair(hosts, &s, &d);
    h[i] = cg_graph_add(g, s, d);
  }
  cg_graph_set_deferred(g, 0);
  return g;
}

static void throughput(const cg_tech *t, size_t n, double budget)
{
  rng = 12345 + n;
  cg_comm *h = malloc(n * sizeof *h);
  uint32_t hosts = (uint32_t)(n / 4 < 8 ? 8 : n / 4);
  cg_graph *g = random_graph(t, NULL, n, h);
  size_t reps = 0;
  double t0 = now(), t1;
  do {
    cg_graph_recompute_all(g);
    reps++;
  } while ((t1 = now()) - t0 < budget);
  double full = (double)(reps * n) / (t1 - t0);
  size_t events = 0;
  t0 = now();
  do {
    size_t k = rnd() % n;
    cg_graph_remove(g, h[k]);
    cg_host s, d;
    random_pair(hosts, &s, &d);
    h[k] = cg_graph_add(g, s, d);
    events += 2;
  } while ((t1 = now()) - t0 < budget);
  printf("%-14s %6zu comms  full: %12.0f penalties/s   events: %10.0f events/s\n", t->name, n, full,
         (double)events / (t1 - t0));
  cg_graph_destroy(g);
  free(h);
}

/* ---- Myrinet through the solver ---- */

static void drop_random(shape *s, size_t r)
{
  for (size_t k = 0; k < r && s->n > 0; k++) {
    size_t x = rnd() % s->n;
    s->src[x] = s->src[s->n - 1];
    s->dst[x] = s->dst[s->n - 1];
    s->n--;
  }
}

static const char *method_name(myr_method m)
{
  static const char *names[] = {"closed form", "exact DP", "BP+regions", "local closed form", "subset DP", "idle-set DP", "dense DP"};
  return names[m];
}

static double time_solve(myr_comp *c, const shape *s, const myr_options *opt_in, double budget, double *pen)
{
  myr_options o = *opt_in;
  const myr_options *opt = &o;
  o.memo = 0;            /* each repetition solves: the memo would answer them */
  shape_solve(c, s, opt, pen); /* warm-up: the solver's arrays grow once */
  size_t reps = 0;
  double t0 = now(), t1;
  do {
    shape_solve(c, s, opt, pen);
    reps++;
  } while ((t1 = now()) - t0 < budget);
  return (t1 - t0) / (double)reps;
}

static void myrinet_cost(double budget)
{
  rng = 777;
  myr_comp c = {0};
  shape s = {0};
  double *pen = malloc(1100000 * sizeof *pen);
  myr_options dp = myr_default_options(MYR_DP_MAX_WIDTH), closed = myr_default_options(8);
  dp.closed_forms = 0;
  printf("\nMyrinet: time per evaluation of one component\n");
  myr_options noclosed = myr_default_options(used_width);
  noclosed.closed_forms = 0;
  printf("  all-to-all on n hosts:  n   closed form     exact DP (frontier n)   as used without closed forms\n");
  for (cg_host n = 4; n <= 12; n += 2) {
    shape_all_to_all(&s, n);
    double tc = time_solve(&c, &s, &closed, budget / 4, pen);
    double td = n <= 10 ? time_solve(&c, &s, &dp, budget / 4, pen) : 0;
    double tu = time_solve(&c, &s, &noclosed, budget / 4, pen);
    if (td > 0)
      printf("                        %3u %10.1f us %12.1f us", n, 1e6 * tc, 1e6 * td);
    else
      printf("                        %3u %10.1f us   (n > 10: not run)", n, 1e6 * tc);
    printf(" %12.1f us (%s)\n", 1e6 * tu, method_name(c.method));
  }
  for (cg_host n = 64; n <= 1024; n *= 4) {
    shape_all_to_all(&s, n);
    printf("                        %4u %9.1f ms\n", n, 1e3 * time_solve(&c, &s, &closed, budget, pen));
  }
  printf("  random connected graphs (as used: exact_max_width %zu), mean of 20:\n", used_width);
  myr_options def = myr_default_options(used_width);
  for (size_t n = 8; n <= 48; n += 8) {
    double total = 0;
    int counts[MYR_METHODS] = {0};
    for (int trial = 0; trial < 20; trial++) {
      shape_connected(&s, n, (uint32_t)(n / 2 + 1), rnd);
      total += time_solve(&c, &s, &def, budget / 20, pen);
      counts[c.method]++;
    }
    printf("    %2zu comms: %8.1f us  (exact DP %d, idle-set DP %d, BP+regions %d, local %d of 20)\n", n,
           1e6 * total / 20, counts[MYR_EXACT] + counts[MYR_CLOSED], counts[MYR_IDLE], counts[MYR_APPROX],
           counts[MYR_LOCAL]);
  }
  /* The dense DP (reached states only) against what it replaces, on the
   * dense graphs of section 3 that need it. */
  myr_options nodense = def;
  nodense.dense_exact = 0;
  printf("  dense graphs beyond both exact bounds, mean over those the dense DP solves:\n");
  for (int kind = 0; kind < 2; kind++) {
    double td = 0, ta = 0;
    int solved = 0;
    rng = kind == 0 ? 3005 : 2131;
    for (int t = 0; t < 400 && solved < 5; t++) {
      if (kind == 0) {
        s.n = 0;
        for (size_t i = 0; i < 60; i++) {
          cg_host a, b;
          random_pair(12, &a, &b);
          shape_add(&s, a, b);
        }
      } else {
        shape_all_to_all(&s, 13);
        shape_thin(&s, 50, rnd);
      }
      double t1 = time_solve(&c, &s, &def, budget / 20, pen);
      if (c.method != MYR_DENSE)
        continue;
      td += t1;
      ta += time_solve(&c, &s, &nodense, budget / 20, pen);
      solved++;
    }
    if (solved > 0)
      printf("    %-34s %d graphs: dense DP %8.1f us, BP+regions %8.1f us\n",
             kind == 0 ? "random, 12 hosts, 60 comms" : "all-to-all 13, 50 % of the comms", solved,
             1e6 * td / solved, 1e6 * ta / solved);
  }
  free(pen);
  shape_free(&s);
  myr_comp_free(&c);
}

/* Relative errors of `approx` against the exact DP on one graph. */
typedef struct errstat {
  double sum, worst;
  size_t comms, graphs;
  int methods[MYR_METHODS];
  double approx_sum;   /* the same, over the graphs the option set under */
  size_t approx_comms; /* test solved by an approximation (BP, local form) */
} errstat;

static int exact_method(myr_method m)
{
  return m == MYR_CLOSED || m == MYR_EXACT || m == MYR_SUBSET || m == MYR_IDLE || m == MYR_DENSE;
}

static void compare(myr_comp *c, const shape *s, const myr_options *approx, errstat *st)
{
  static double pe[512], pa[512];
  myr_options exact = myr_default_options(MYR_DP_MAX_WIDTH);
  exact.closed_forms = 0;
  myr_method m = shape_solve(c, s, &exact, pe);
  if (!exact_method(m))
    return; /* beyond both exact methods at bound 12: no reference */
  myr_method used = shape_solve(c, s, approx, pa);
  st->methods[used]++;
  st->graphs++;
  for (size_t i = 0; i < s->n; i++) {
    double r = fabs(pa[i] - pe[i]) / pe[i];
    st->sum += r;
    st->worst = fmax(st->worst, r);
    st->comms++;
    if (!exact_method(used)) {
      st->approx_sum += r;
      st->approx_comms++;
    }
  }
}

static void print_err(const char *what, const errstat *st)
{
  if (st->graphs == 0) {
    printf("  %-34s (no graph)\n", what);
    return;
  }
  printf("  %-34s %3zu graphs  mean %6.2f %%  max %6.2f %%  (", what, st->graphs, 100 * st->sum / (double)st->comms,
         100 * st->worst);
  const char *sep = "";
  for (int m = 0; m < MYR_METHODS; m++)
    if (st->methods[m]) {
      printf("%s%s %d", sep, method_name((myr_method)m), st->methods[m]);
      sep = ", ";
    }
  printf(")");
  /* A row mixing exact and approximated graphs: the approximation's own mean. */
  if (st->approx_comms > 0 && st->approx_comms < st->comms)
    printf("  approximated graphs only: mean %.2f %%", 100 * st->approx_sum / (double)st->approx_comms);
  printf("\n");
}

/* Rows of 5 all-to-alls on n hosts keeping 75 %, then 50 %, of their
 * comms, drawn from seeds seed and seed + 1. */
static void thinned_rows(myr_comp *c, shape *s, const myr_options *opt, cg_host n, uint64_t seed)
{
  unsigned keep[] = {75, 50};
  char what[64];
  for (int k = 0; k < 2; k++) {
    rng = seed + (uint64_t)k;
    errstat st = {0};
    for (int t = 0; t < 5; t++) {
      shape_all_to_all(s, n);
      shape_thin(s, keep[k], rnd);
      compare(c, s, opt, &st);
    }
    snprintf(what, sizeof what, "all-to-all %u, %u %% of the comms", n, keep[k]);
    print_err(what, &st);
  }
}

/* 100 random connected graphs of 20, 24 and 32 comms (the same draws on
 * every call), one row each. */
static void connected_rows(myr_comp *c, shape *s, const myr_options *opt, const char *suffix)
{
  size_t sizes[] = {20, 24, 32};
  char what[64];
  for (int k = 0; k < 3; k++) {
    rng = 5000 + sizes[k];
    errstat st = {0};
    for (int t = 0; t < 100; t++) {
      shape_connected(s, sizes[k], (uint32_t)(sizes[k] / 2 + 1), rnd);
      compare(c, s, opt, &st);
    }
    snprintf(what, sizeof what, "random connected %zu%s", sizes[k], suffix);
    print_err(what, &st);
  }
}

static void large_rows(myr_comp *c, shape *s);

static void myrinet_error(void)
{
  myr_comp c = {0};
  shape s = {0};
  char what[64];
  printf("\nMyrinet approximations against the exact DP (relative error of every comm's penalty)\n");
  printf(" a. as used (exact_max_width %zu), graphs the path DP solves only with a frontier of 9-12, or only\n"
         "    the idle-set DP with up to 16 x 3^12 states (all-to-all 13, 14); \"dense DP\": exact, reached states\n"
         "    only:\n",
         used_width);
  myr_options def = myr_default_options(used_width);
  def.large_pairs = MYR_LARGE_PAIRS_DEFAULT;
  for (cg_host n = 9; n <= 14; n++) {
    if (n > 10 && n < 13)
      continue;
    size_t drops[] = {1, 3, 10, 30};
    for (int k = 0; k < 4; k++) {
      rng = 1000 + 10 * n + (uint64_t)k;
      errstat st = {0};
      for (int t = 0; t < 5; t++) {
        shape_all_to_all(&s, n);
        drop_random(&s, drops[k]);
        compare(&c, &s, &def, &st);
      }
      snprintf(what, sizeof what, "all-to-all %u minus %zu comms", n, drops[k]);
      print_err(what, &st);
    }
    thinned_rows(&c, &s, &def, n, 2000 + 10 * n);
  }
  /* random graphs on 12 hosts, 3 to 5 comms per host (30 graphs that
   * the reference solves) */
  for (size_t per = 3; per <= 5; per++) {
    rng = 3000 + per;
    errstat st = {0};
    for (int t = 0; t < 400 && st.graphs < 30; t++) {
      s.n = 0;
      for (size_t i = 0; i < 12 * per; i++) {
        cg_host a, b;
        random_pair(12, &a, &b);
        shape_add(&s, a, b);
      }
      compare(&c, &s, &def, &st);
    }
    snprintf(what, sizeof what, "random, 12 hosts, %zu comms", 12 * per);
    print_err(what, &st);
  }
  /* 16 hosts thinned: BP's messages no longer settle there (they circle a
   * limit cycle, myrinet_bp.h), and the idle-set DP still counts them
   * exactly for the reference (0.1 to 1 s a graph). */
  thinned_rows(&c, &s, &def, 16, 2500);
  printf(" b. forced (exact bound 0; all-to-all without its closed form):\n");
  myr_options forced = myr_default_options(8);
  forced.exact_width = 0;
  forced.closed_forms = 0;
  forced.dense_exact = 0;
  for (int local = 1; local >= 0; local--) {
    forced.local_near = local;
    for (cg_host n = 4; n <= 8; n += 2) {
      errstat st = {0};
      shape_all_to_all(&s, n);
      compare(&c, &s, &forced, &st);
      snprintf(what, sizeof what, "all-to-all %u", n);
      print_err(what, &st);
    }
  }
  forced.local_near = 1;
  for (cg_host n = 6; n <= 8; n += 2)
    for (size_t r = 1; r <= 8; r *= 2) {
      rng = 4000 + 10 * n + r;
      errstat st = {0};
      for (int t = 0; t < 10; t++) {
        shape_all_to_all(&s, n);
        drop_random(&s, r);
        compare(&c, &s, &forced, &st);
      }
      snprintf(what, sizeof what, "all-to-all %u minus %zu comms", n, r);
      print_err(what, &st);
    }
  for (size_t rw = 2; rw <= 6; rw += 2) {
    forced.region_width = rw;
    snprintf(what, sizeof what, ", regions %zu", rw);
    connected_rows(&c, &s, &forced, what);
  }
  printf(" c. short approximation (bp_sweeps n, each source alone), forced as in b:\n");
  size_t sweeps[] = {3, 5, 10};
  for (int n = 0; n < 3; n++) {
    myr_options fast = forced;
    myr_options_short_bp(&fast, sweeps[n]);
    printf("  bp_sweeps %zu:\n", sweeps[n]);
    connected_rows(&c, &s, &fast, "");
    fast.local_near = 0;
    thinned_rows(&c, &s, &fast, 16, 2500);
  }
  large_rows(&c, &s);
  shape_free(&s);
  myr_comp_free(&c);
}

static uint32_t root_of(const uint32_t *up, uint32_t v)
{
  while (up[v] != v)
    v = up[v];
  return v;
}

/* The component of comm 0 of a 4x4x4 torus halo (two components of 192
 * pairs) keeping `keep` % of its comms; 0 if it has fewer than 40. */
static int torus_part(shape *s, uint32_t keep)
{
  shape t = {0};
  shape_torus(&t, 4);
  shape_thin(&t, keep, rnd);
  s->n = 0;
  if (t.n > 0) {
    uint32_t up[128]; /* union-find: source vertices 0..63, destinations 64..127 */
    for (uint32_t v = 0; v < 128; v++)
      up[v] = v;
    for (size_t i = 0; i < t.n; i++)
      up[root_of(up, t.src[i])] = root_of(up, 64 + t.dst[i]);
    uint32_t r = root_of(up, t.src[0]);
    for (size_t i = 0; i < t.n; i++)
      if (root_of(up, t.src[i]) == r)
        shape_add(s, t.src[i], t.dst[i]);
  }
  shape_free(&t);
  return s->n >= 40;
}

/* d. large_pairs on sparse components of 96 to 192 comms that the exact
 * DP (frontier up to 12) still counts: random connected ones and parts of
 * the 64-rank halo, under large_pairs 0 (BP and regions wherever the
 * exact methods stop), the default 128, and 64. */
static void large_rows(myr_comp *c, shape *s)
{
  printf(" d. large_pairs (sparse components above it get the fast setting, named BP+regions below), as\n"
         "    used otherwise (exact_max_width %zu); graphs without an exact count at frontier 12 are skipped:\n",
         used_width);
  size_t ks[] = {0, MYR_LARGE_PAIRS_DEFAULT, 64};
  char what[64];
  for (int v = 0; v < 3; v++) {
    myr_options opt = myr_default_options(used_width);
    opt.large_pairs = ks[v];
    printf("  large_pairs %zu:\n", ks[v]);
    size_t sizes[] = {96, 128, 192};
    for (int k = 0; k < 3; k++)
      for (uint32_t per = 2; per <= 3; per++) {
        rng = 7000 + 10 * sizes[k] + per;
        errstat st = {0};
        for (int t = 0; t < 400 && st.graphs < 40; t++) {
          shape_connected(s, sizes[k], (uint32_t)(sizes[k] / per + 1), rnd);
          compare(c, s, &opt, &st);
        }
        snprintf(what, sizeof what, "random connected %zu, %zu/%u hosts", sizes[k], sizes[k], per);
        print_err(what, &st);
      }
    uint32_t keep[] = {30, 40, 50, 60};
    for (int k = 0; k < 4; k++) {
      rng = 9000 + keep[k];
      errstat st = {0};
      for (int t = 0; t < 300 && st.graphs < 30; t++)
        if (torus_part(s, keep[k]))
          compare(c, s, &opt, &st);
      snprintf(what, sizeof what, "halo 64, %u %% of comms, a component", keep[k]);
      print_err(what, &st);
    }
  }
}

/* All comms of an all-to-all start at once (one flush), then end one by
 * one in a random order (each end re-evaluates the rest). */
static void myrinet_scale(double budget)
{
  printf("\nMyrinet all-to-all: one flush for all starts, then ends one by one\n");
  for (cg_host n = 64; n <= 1024; n *= 2) {
    if (n == 512)
      continue;
    rng = 6000 + n;
    size_t m = (size_t)n * (n - 1);
    cg_comm *h = malloc(m * sizeof *h);
    cg_graph *g = cg_graph_create(&cg_tech_myrinet, NULL);
    cg_graph_set_deferred(g, 1);
    size_t k = 0;
    for (cg_host i = 0; i < n; i++)
      for (cg_host j = 0; j < n; j++)
        if (i != j)
          h[k++] = cg_graph_add(g, i, j);
    double t0 = now();
    cg_graph_flush(g);
    double cold = now() - t0;
    /* again with grown arrays, as every later collective */
    for (size_t i = 0; i < m; i++)
      cg_graph_remove(g, h[i]);
    cg_graph_flush(g);
    k = 0;
    for (cg_host i = 0; i < n; i++)
      for (cg_host j = 0; j < n; j++)
        if (i != j)
          h[k++] = cg_graph_add(g, i, j);
    t0 = now();
    cg_graph_flush(g);
    double warm = now() - t0;
    double start_pen = cg_graph_penalty(g, h[0]);
    cg_graph_set_deferred(g, 0);
    for (size_t i = m; i > 1; i--) { /* random end order */
      size_t j = rnd() % i;
      cg_comm x = h[i - 1];
      h[i - 1] = h[j];
      h[j] = x;
    }
    size_t ends = 0;
    double t2 = now(), t3;
    do {
      cg_graph_remove(g, h[m - 1 - ends]);
      ends++;
    } while ((t3 = now()) - t2 < budget && ends < m - 1);
    size_t nch;
    cg_graph_changed(g, &nch);
    printf("  %4u hosts, %7zu comms: flush %8.2f ms cold, %7.2f ms warm (penalty %.4f); end: %8.3f ms per event "
           "(%zu events), %zu penalties changed by the last\n",
           n, m, 1e3 * cold, 1e3 * warm, start_pen, 1e3 * (t3 - t2) / (double)ends, ends, nch);
    cg_graph_destroy(g);
    free(h);
  }
}

int main(int argc, char **argv)
{
  double budget = 0.3;
  if (argc > 1 && bench_seconds(argv[1], 0, 0, 86400, &budget) != 0) {
    fprintf(stderr,
            "bench_technologies: bad time budget '%s' (expected seconds, a plain number > 0 and at most 86400)\n",
            argv[1]);
    return 2;
  }
  if (argc > 2) {
    char *end;
    long w = strtol(argv[2], &end, 10);
    if (*argv[2] == '\0' || *end != '\0' || w < 0 || w > 12) {
      fprintf(stderr, "bench_technologies: bad width '%s' (expected exact_max_width, 0..12)\n", argv[2]);
      return 2;
    }
    used_width = (size_t)w;
  }
  const cg_tech *const *all = cg_tech_all();
  size_t sizes[] = {100, 1000, 10000};
  printf("Penalty evaluation throughput (random graphs, 4 comms per host, 3 racks)\n");
  for (size_t i = 0; all[i]; i++)
    for (size_t k = 0; k < 3; k++)
      throughput(all[i], sizes[k], budget);
  myrinet_cost(budget);
  myrinet_error();
  myrinet_scale(budget);
  return 0;
}
