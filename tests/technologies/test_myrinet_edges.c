/* Myrinet on parallel comms held as one edge of multiplicity k
 * (edge_penalties): the penalties must be, bit for bit, those of the
 * per-comm path, where each comm is an item of its component and the
 * bipartite graph counts the comms of a pair.
 *
 * 1. Random dynamic graphs where 3 or 6 added comms in 8 copy the pair of a
 *    live one (so edges of multiplicity up to 23 come and go): after every
 *    event (immediate mode) or batch (deferred mode), each live comm's
 *    penalty equals that of its component solved from its comms one by
 *    one (myr_comp_add, in shuffled order), with the technology's options;
 *    at exact_max_width 8 (closed forms, subset counts, DP), 2 and 0 (BP
 *    and regions), bp_sweeps 5, and large_pairs 12 (the fast setting).
 * 2. The rule on a pair: k parallel comms alone get penalty k (k state
 *    sets, each comm sends in one), and with one more comm of the same
 *    source elsewhere k + 1.
 * 3. The memo by host ids keys multiplicities too: a component recalled
 *    with the same hosts in the same order but other multiplicities must
 *    not get the first one's penalties. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "changed_check.h"
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"
#include "myrinet_sets.h"

typedef struct scenario {
  double width;  /* exact_max_width */
  uint32_t hosts;
  size_t target; /* live comms oscillate around it */
  double sweeps; /* bp_sweeps */
  double large;  /* large_pairs */
  uint32_t copy; /* per 8 additions, those copying a live comm's pair */
} scenario;

static int bad_value, bad_list;
static size_t parallel_seen; /* largest multiplicity met */
static int seen[MYR_METHODS];

/* The options the technology derives from its parameters (tech_myrinet.c). */
static myr_options tech_options(const scenario *sc)
{
  myr_options opt = myr_default_options((size_t)sc->width);
  opt.threads = 1;
  opt.large_pairs = (size_t)sc->large;
  if (sc->sweeps >= 1)
    myr_options_short_bp(&opt, (size_t)sc->sweeps);
  return opt;
}

static size_t find(size_t *up, size_t x)
{
  while (up[x] != x)
    x = up[x] = up[up[x]];
  return x;
}

/* Every live comm's penalty against its component solved comm by comm
 * (vertices: sources 0..h-1, destinations h..2h-1). */
static void compare_per_comm(const scenario *sc, const cg_graph *g, const cg_comm *live, size_t nlive)
{
  size_t h = sc->hosts, *up = malloc(2 * h * sizeof *up);
  for (size_t v = 0; v < 2 * h; v++)
    up[v] = v;
  for (size_t i = 0; i < nlive; i++)
    up[find(up, cg_graph_comm_src(g, live[i]))] = find(up, h + cg_graph_comm_dst(g, live[i]));
  cg_comm *order = malloc((nlive + 1) * sizeof *order);
  memcpy(order, live, nlive * sizeof *order);
  for (size_t j = nlive; j > 1; j--) { /* another order than the graph's */
    size_t r = check_rand() % j;
    cg_comm t = order[j - 1];
    order[j - 1] = order[r];
    order[r] = t;
  }
  uint8_t *done = calloc(2 * h, 1);
  myr_options opt = tech_options(sc);
  myr_comp c = {0};
  for (size_t i = 0; i < nlive; i++) {
    size_t root = find(up, cg_graph_comm_src(g, order[i]));
    if (done[root])
      continue;
    done[root] = 1;
    myr_comp_clear(&c);
    for (size_t k = 0; k < nlive; k++)
      if (find(up, cg_graph_comm_src(g, order[k])) == root)
        myr_comp_add(&c, order[k], cg_graph_comm_src(g, order[k]), cg_graph_comm_dst(g, order[k]));
    myr_comp_solve(&c, &opt);
    seen[c.method] = 1;
    for (size_t k = 0; k < c.n; k++)
      bad_value += cg_graph_penalty(g, c.items[k].comm) != c.items[k].penalty;
  }
  for (size_t i = 0; i < nlive; i++) {
    size_t m = cg_graph_edge_mult(g, cg_graph_comm_edge(g, live[i]));
    parallel_seen = m > parallel_seen ? m : parallel_seen;
  }
  myr_comp_free(&c);
  free(done);
  free(order);
  free(up);
}

/* Adds (sc->copy times in 8 a copy of a live comm's pair) or removes. */
static void random_event(const scenario *sc, cg_graph *g, cg_comm *live, size_t *nlive)
{
  if (*nlive < sc->target / 2 || (*nlive < 2 * sc->target && check_rand() % 2)) {
    cg_host s, d;
    if (*nlive > 0 && check_rand() % 8 < sc->copy) {
      cg_comm o = live[check_rand() % *nlive];
      s = cg_graph_comm_src(g, o);
      d = cg_graph_comm_dst(g, o);
    } else {
      s = check_rand() % sc->hosts;
      d = (s + 1 + check_rand() % (sc->hosts - 1)) % sc->hosts;
    }
    live[(*nlive)++] = cg_graph_add(g, s, d);
  } else if (*nlive > 0) {
    size_t k = check_rand() % *nlive;
    cg_graph_remove(g, live[k]);
    live[k] = live[--*nlive];
  }
}

static void run(const scenario *sc, size_t events, int deferred)
{
  double p[] = {sc->width, 1, sc->sweeps, sc->large}; /* exact_max_width, threads, bp_sweeps, large_pairs */
  cg_graph *g = cg_graph_create(&cg_tech_myrinet, p);
  CHECK(cg_graph_has_edges(g));
  cg_graph_set_deferred(g, deferred);
  size_t cap = 2 * sc->target + 16, nlive = 0;
  cg_comm *live = calloc(cap, sizeof *live);
  changed_check cc;
  changed_check_init(&cc, cap + events * 8);
  for (size_t ev = 0; ev < events; ev++) {
    changed_check_before(&cc, g, live, nlive);
    size_t batch = deferred ? 1 + check_rand() % 6 : 1;
    for (size_t b = 0; b < batch; b++) {
      size_t old = nlive;
      random_event(sc, g, live, &nlive);
      if (nlive > old)
        changed_check_added(&cc, live[nlive - 1]);
    }
    if (deferred)
      cg_graph_flush(g);
    CHECK(cg_graph_error(g) == NULL);
    bad_list += changed_check_missing(&cc, g, live, nlive);
    compare_per_comm(sc, g, live, nlive);
  }
  free(live);
  changed_check_free(&cc);
  cg_graph_destroy(g);
}

/* k comms 0 -> 1: penalty k each; one more 0 -> 2: k + 1 for all. */
static void check_pair(size_t k)
{
  cg_graph *g = cg_graph_create(&cg_tech_myrinet, NULL);
  cg_comm c[16];
  for (size_t i = 0; i < k; i++)
    c[i] = cg_graph_add(g, 0, 1);
  for (size_t i = 0; i < k; i++)
    CHECK(cg_graph_penalty(g, c[i]) == (double)k);
  cg_comm x = cg_graph_add(g, 0, 2);
  for (size_t i = 0; i < k; i++)
    CHECK(cg_graph_penalty(g, c[i]) == (double)(k + 1));
  CHECK(cg_graph_penalty(g, x) == (double)(k + 1));
  cg_graph_destroy(g);
}

/* Solves the three items (src, dst, mult) with `opt` into pen[]. */
static void solve3(myr_comp *c, const myr_options *opt, const uint32_t mult[3], double pen[3])
{
  static const cg_host src[3] = {1, 1, 2}, dst[3] = {5, 6, 5};
  myr_comp_clear(c);
  for (uint32_t i = 0; i < 3; i++)
    myr_comp_add_edge(c, i, src[i], dst[i], mult[i]);
  myr_comp_solve(c, opt);
  for (size_t i = 0; i < 3; i++)
    pen[c->items[i].comm] = c->items[i].penalty;
}

static void check_memo_keys_multiplicity(void)
{
  myr_options opt = myr_default_options(8), plain = opt;
  plain.memo = 0;
  const uint32_t ma[3] = {2, 1, 1}, mb[3] = {1, 2, 1};
  double a[3], b[3], ref_a[3], ref_b[3];
  myr_comp ref = {0}, c = {0};
  solve3(&ref, &plain, ma, ref_a);
  solve3(&ref, &plain, mb, ref_b);
  CHECK(memcmp(ref_a, ref_b, sizeof ref_a) != 0); /* the multiplicities matter */
  for (int twice = 0; twice < 3; twice++) /* kept by host ids once its graph repeats */
    solve3(&c, &opt, ma, a);
  CHECK(c.memo.recalls == 1);
  CHECK(memcmp(a, ref_a, sizeof a) == 0);
  solve3(&c, &opt, mb, b); /* the same hosts in the same order */
  CHECK(c.memo.recalls == 1);
  CHECK(memcmp(b, ref_b, sizeof b) == 0);
  myr_comp_free(&ref);
  myr_comp_free(&c);
}

int main(void)
{
  check_seed(77);
  for (size_t k = 1; k <= 12; k++)
    check_pair(k);
  check_memo_keys_multiplicity();
  scenario exact = {8, 10, 40, 0, 0, 6}, sparse2 = {2, 30, 70, 0, 0, 3}, sparse0 = {0, 30, 70, 0, 0, 3},
           short2 = {2, 30, 70, 5, 0, 3}, large = {8, 24, 70, 0, 12, 3};
  run(&exact, 250, 0);
  run(&exact, 120, 1);
  run(&sparse2, 250, 0);
  run(&sparse0, 150, 1);
  run(&short2, 250, 0);
  run(&large, 250, 0);
  run(&large, 120, 1);
  if (bad_value || bad_list)
    fprintf(stderr, "%d per-comm, %d changed-list mismatches\n", bad_value, bad_list);
  CHECK(bad_value == 0);
  CHECK(bad_list == 0);
  printf("largest multiplicity %zu; methods:", parallel_seen);
  for (int m = 0; m < MYR_METHODS; m++)
    printf(" %d", seen[m]);
  printf("\n");
  CHECK(parallel_seen >= 8);
  CHECK(seen[MYR_APPROX]);
  CHECK(seen[MYR_EXACT]);
  CHECK(seen[MYR_SUBSET] || seen[MYR_CLOSED]);
  CHECK_DONE();
}
