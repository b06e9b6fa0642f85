/* Myrinet approximations are pure functions of the graph: on random
 * dynamic graphs, after every event (immediate mode) or batch (deferred
 * mode), every live comm's penalty must equal, bit for bit, that of a graph
 * rebuilt from the live comms in another order, and every comm whose
 * penalty changed must be in the changed list. The bounds make the
 * approximations run: exact_max_width 0 and 2 (belief propagation and
 * regions, and BP cut short by bp_sweeps 5 or for components above
 * large_pairs), and a dense host set where
 * most components are close to complete (local closed form). A snapshot of each scenario is solved
 * through the solver to check that these methods were indeed reached. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "changed_check.h"
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"
#include "myrinet_sets.h"

typedef struct scenario {
  double width;      /* exact_max_width */
  uint32_t hosts;
  size_t target;     /* live comms oscillate around it */
  int dense;         /* draw pairs without repetition, so graphs fill up */
  double sweeps;     /* bp_sweeps */
  double large;      /* large_pairs */
} scenario;

static int bad_value, bad_list;

static void compare_with_rebuild(const scenario *sc, cg_graph *g, const cg_comm *live, size_t nlive)
{
  double p[] = {sc->width, 1, sc->sweeps, sc->large}; /* exact_max_width, threads, bp_sweeps, large_pairs */
  cg_graph *r = cg_graph_create(&cg_tech_myrinet, p);
  cg_comm *map = malloc((nlive + 1) * sizeof *map);
  for (size_t i = nlive; i-- > 0;) /* reverse order: another history */
    map[i] = cg_graph_add(r, cg_graph_comm_src(g, live[i]), cg_graph_comm_dst(g, live[i]));
  for (size_t i = 0; i < nlive; i++)
    bad_value += cg_graph_penalty(g, live[i]) != cg_graph_penalty(r, map[i]);
  free(map);
  cg_graph_destroy(r);
}

static int has_pair(const cg_graph *g, const cg_comm *live, size_t nlive, cg_host s, cg_host d)
{
  for (size_t i = 0; i < nlive; i++)
    if (cg_graph_comm_src(g, live[i]) == s && cg_graph_comm_dst(g, live[i]) == d)
      return 1;
  return 0;
}

static void random_event(const scenario *sc, cg_graph *g, cg_comm *live, size_t *nlive)
{
  /* dense graphs: three adds for one removal, so they stay nearly full */
  if (*nlive < sc->target / 2 || (*nlive < 2 * sc->target && check_rand() % 4 < (sc->dense ? 3u : 2u))) {
    cg_host s, d;
    int tries = 0;
    do {
      s = check_rand() % sc->hosts;
      d = check_rand() % sc->hosts;
    } while ((s == d || (sc->dense && has_pair(g, live, *nlive, s, d))) && ++tries < 1000);
    if (s != d && !(sc->dense && has_pair(g, live, *nlive, s, d)))
      live[(*nlive)++] = cg_graph_add(g, s, d);
  } else if (*nlive > 0) {
    size_t k = check_rand() % *nlive;
    cg_graph_remove(g, live[k]);
    live[k] = live[--*nlive];
  }
}

/* Which methods the live graph's components need (one comp per call is
 * enough here: the whole live set is solved as one item list). */
static void note_method(const scenario *sc, const cg_graph *g, const cg_comm *live, size_t nlive, int *seen)
{
  myr_comp c = {0};
  for (size_t i = 0; i < nlive; i++)
    myr_comp_add(&c, live[i], cg_graph_comm_src(g, live[i]), cg_graph_comm_dst(g, live[i]));
  myr_options opt = myr_default_options((size_t)sc->width);
  myr_comp_solve(&c, &opt);
  seen[c.method] = 1;
  myr_comp_free(&c);
}

static void run(const scenario *sc, size_t events, int deferred, int *seen)
{
  double p[] = {sc->width, 1, sc->sweeps, sc->large}; /* exact_max_width, threads, bp_sweeps, large_pairs */
  cg_graph *g = cg_graph_create(&cg_tech_myrinet, p);
  cg_graph_set_deferred(g, deferred);
  size_t cap = 4 * sc->target + 16, nlive = 0;
  cg_comm *live = calloc(cap, sizeof *live);
  changed_check cc;
  changed_check_init(&cc, 8 * cap + events * 2);
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
    bad_list += changed_check_missing(&cc, g, live, nlive);
    if (ev % 5 == 0) {
      compare_with_rebuild(sc, g, live, nlive);
      note_method(sc, g, live, nlive, seen);
    }
  }
  free(live);
  changed_check_free(&cc);
  cg_graph_destroy(g);
}

int main(void)
{
  check_seed(2024);
  int seen[MYR_METHODS] = {0};
  /* sparse: many components, some wide enough for the approximation */
  scenario sparse0 = {0, 30, 40, 0, 0, 0}, sparse2 = {2, 30, 50, 0, 0, 0}, short2 = {2, 30, 50, 0, 5, 0};
  /* components cross large_pairs 12 both ways as they grow and shrink */
  scenario large = {8, 24, 40, 0, 0, 12};
  /* 9 hosts without repeated pairs: up to 72 comms, graphs near complete */
  scenario dense = {2, 9, 70, 1, 0, 0};
  run(&sparse0, 300, 0, seen);
  run(&sparse2, 300, 0, seen);
  run(&short2, 300, 0, seen);
  run(&short2, 150, 1, seen);
  run(&large, 300, 0, seen);
  run(&large, 150, 1, seen);
  run(&dense, 300, 0, seen);
  run(&sparse0, 150, 1, seen);
  run(&dense, 150, 1, seen);
  if (bad_value || bad_list)
    fprintf(stderr, "%d rebuild, %d changed-list mismatches\n", bad_value, bad_list);
  CHECK(bad_value == 0);
  CHECK(bad_list == 0);
  CHECK(seen[MYR_APPROX]);
  CHECK(seen[MYR_LOCAL]);
  CHECK(seen[MYR_EXACT]);
  CHECK_DONE();
}
