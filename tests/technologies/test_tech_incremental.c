/* For gige, myrinet and hier-ethernet, on random dynamic graphs, after
 * every add or remove: (1) comms outside the changed list kept their
 * penalty, those inside changed (except the comm just added), (2) a full
 * recomputation changes nothing, (3) a graph rebuilt from the active comms
 * in shuffled order gives the same penalties (bit-identical for gige,
 * myrinet and hier-ethernet). This checks each technology's dirty-host
 * logic.
 * The same in deferred mode (cg_graph_set_deferred): batches of events,
 * one flush, then every live comm equals a rebuilt graph and every comm
 * whose penalty changed across the batch is in the changed list. Then the
 * same checks for every technology of the registry (cg_tech_all()), so a
 * technology added there is checked without editing this test. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "changed_check.h"
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

static void set_racks(cg_graph *g, uint32_t hosts)
{
  for (uint32_t h = 0; h < hosts; h++)
    cg_graph_set_host_group(g, h, (int32_t)(h % 3) - (h % 7 == 0)); /* some -1 */
}

static void run(const cg_tech *t, const double *params, uint32_t hosts, size_t target, size_t events,
                double tol)
{
  cg_graph *g = cg_graph_create(t, params);
  set_racks(g, hosts);
  cg_comm *live = calloc(events + 1, sizeof *live);
  size_t nlive = 0, cap = 4 * events + 16;
  double *before = calloc(cap, sizeof *before);
  uint8_t *active = calloc(cap, 1);
  int bad_list = 0, bad_full = 0, bad_rebuild = 0;
  for (size_t ev = 0; ev < events; ev++) {
    for (size_t i = 0; i < nlive; i++)
      before[live[i]] = cg_graph_penalty(g, live[i]);
    cg_comm added = CG_NO_COMM;
    if (nlive < target / 2 || (nlive < 2 * target && check_rand() % 2)) {
      cg_host s, d;
      do {
        s = check_rand() % hosts;
        d = check_rand() % (check_rand() % 2 ? 4 : hosts); /* some hot receivers */
      } while (s == d);
      added = cg_graph_add(g, s, d);
      live[nlive++] = added;
      active[added] = 1;
    } else {
      size_t k = check_rand() % nlive;
      cg_graph_remove(g, live[k]);
      active[live[k]] = 0;
      live[k] = live[--nlive];
    }
    size_t nch;
    const cg_comm *ch = cg_graph_changed(g, &nch);
    uint8_t *listed = calloc(cap, 1);
    for (size_t i = 0; i < nch; i++) {
      listed[ch[i]] = 1;
      if (ch[i] != added && cg_graph_penalty(g, ch[i]) == before[ch[i]])
        bad_list++;
    }
    for (size_t i = 0; i < nlive; i++)
      if (live[i] != added && !listed[live[i]] && cg_graph_penalty(g, live[i]) != before[live[i]])
        bad_list++;
    free(listed);
    if (ev % 7 == 0) {
      cg_graph_recompute_all(g);
      cg_graph_changed(g, &nch);
      bad_full += nch != 0;
      /* Rebuild in shuffled order. */
      cg_graph *r = cg_graph_create(t, params);
      set_racks(r, hosts);
      size_t *perm = malloc(nlive * sizeof *perm);
      cg_comm *map = malloc(nlive * sizeof *map);
      for (size_t i = 0; i < nlive; i++)
        perm[i] = i;
      for (size_t i = nlive; i > 1; i--) {
        size_t j = check_rand() % i, x = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = x;
      }
      for (size_t i = 0; i < nlive; i++)
        map[perm[i]] = cg_graph_add(r, cg_graph_comm_src(g, live[perm[i]]), cg_graph_comm_dst(g, live[perm[i]]));
      for (size_t i = 0; i < nlive; i++) {
        double a = cg_graph_penalty(g, live[i]), b = cg_graph_penalty(r, map[i]);
        if (!(fabs(a - b) <= tol * a))
          bad_rebuild++;
      }
      free(perm);
      free(map);
      cg_graph_destroy(r);
    }
  }
  if (bad_list || bad_full || bad_rebuild)
    fprintf(stderr, "%s: %d changed-list, %d full-recompute, %d rebuild mismatches\n", t->name, bad_list,
            bad_full, bad_rebuild);
  CHECK(bad_list == 0);
  CHECK(bad_full == 0);
  CHECK(bad_rebuild == 0);
  free(live);
  free(before);
  free(active);
  cg_graph_destroy(g);
}

static cg_graph *rebuild(const cg_tech *t, const double *params, uint32_t hosts, const cg_graph *g,
                         const cg_comm *live, size_t nlive, cg_comm *map)
{
  cg_graph *r = cg_graph_create(t, params);
  set_racks(r, hosts);
  for (size_t i = nlive; i-- > 0;) /* reverse order: another history */
    map[i] = cg_graph_add(r, cg_graph_comm_src(g, live[i]), cg_graph_comm_dst(g, live[i]));
  return r;
}

static void run_deferred(const cg_tech *t, const double *params, uint32_t hosts, size_t target,
                         size_t batches, double tol)
{
  cg_graph *g = cg_graph_create(t, params);
  set_racks(g, hosts);
  cg_graph_set_deferred(g, 1);
  size_t cap = 16 * batches + 16, nlive = 0;
  cg_comm *live = calloc(cap, sizeof *live), *map = calloc(cap, sizeof *map);
  changed_check cc;
  changed_check_init(&cc, cap);
  int bad_value = 0, bad_list = 0;
  for (size_t b = 0; b < batches; b++) {
    changed_check_before(&cc, g, live, nlive);
    size_t nev = 1 + check_rand() % 8;
    for (size_t e = 0; e < nev; e++) {
      if (nlive < target / 2 || (nlive < 2 * target && check_rand() % 2)) {
        cg_host s, d;
        do {
          s = check_rand() % hosts;
          d = check_rand() % (check_rand() % 2 ? 4 : hosts);
        } while (s == d);
        cg_comm c = cg_graph_add(g, s, d);
        changed_check_added(&cc, c);
        live[nlive++] = c;
      } else {
        size_t k = check_rand() % nlive;
        cg_graph_remove(g, live[k]);
        live[k] = live[--nlive];
      }
    }
    cg_graph_flush(g);
    bad_list += changed_check_missing(&cc, g, live, nlive);
    cg_graph *r = rebuild(t, params, hosts, g, live, nlive, map);
    for (size_t i = 0; i < nlive; i++) {
      double x = cg_graph_penalty(g, live[i]), y = cg_graph_penalty(r, map[i]);
      if (!(fabs(x - y) <= tol * y))
        bad_value++;
    }
    cg_graph_destroy(r);
  }
  if (bad_value || bad_list)
    fprintf(stderr, "%s deferred: %d value, %d changed-list mismatches\n", t->name, bad_value, bad_list);
  CHECK(bad_value == 0);
  CHECK(bad_list == 0);
  free(live);
  free(map);
  changed_check_free(&cc);
  cg_graph_destroy(g);
}

int main(void)
{
  check_seed(7);
  run(&cg_tech_gige, NULL, 20, 40, 600, 0);
  run(&cg_tech_gige, NULL, 200, 300, 600, 0);
  /* Myrinet: small sparse graphs stay exact; 40 comms on 20 hosts make
   * components above the bound, so the neighbourhood path is checked too. */
  run(&cg_tech_myrinet, NULL, 60, 12, 600, 0);
  run(&cg_tech_myrinet, NULL, 20, 40, 300, 0);
  double few[] = {8, 1, 0, 0}; /* myrinet: exact_max_width, threads, bp_sweeps, large_pairs */
  run(&cg_tech_myrinet, few, 20, 40, 300, 0);
  run(&cg_tech_hier_ethernet, NULL, 20, 40, 600, 0);
  run(&cg_tech_hier_ethernet, NULL, 200, 300, 300, 0);
  run_deferred(&cg_tech_gige, NULL, 30, 60, 300, 0);
  /* gige with its receive term: a comm into d changes the penalties of the
   * comms leaving d. */
  double recv[] = {0.75, 0.115, 0.036, 0.74}; /* beta, gamma_o, gamma_i, recv */
  run(&cg_tech_gige, recv, 20, 40, 600, 0);
  run_deferred(&cg_tech_gige, recv, 30, 60, 300, 0);
  run_deferred(&cg_tech_myrinet, NULL, 60, 12, 300, 0);
  run_deferred(&cg_tech_myrinet, few, 20, 40, 200, 0);
  run_deferred(&cg_tech_hier_ethernet, NULL, 30, 60, 300, 0);
  /* Ties between parallel comms may be broken by handle: 1e-12. */
  for (const cg_tech *const *t = cg_tech_all(); *t; t++) {
    run(*t, NULL, 20, 40, 300, 1e-12);
    run_deferred(*t, NULL, 30, 60, 200, 1e-12);
  }
  CHECK_DONE();
}
