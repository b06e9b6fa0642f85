/* For gige, myrinet and hier-ethernet, on random dynamic graphs, after
 * every add or remove: (1) comms outside the changed list kept their
 * penalty, those inside changed (except the comm just added), (2) a full
 * recomputation changes nothing, (3) a graph rebuilt from the active comms
 * in shuffled order gives the same penalties (bit-identical for gige and
 * myrinet; hier-ethernet within 1e-12, since ties between parallel comms
 * are broken by handle). This checks each technology's dirty-host logic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

static uint64_t rng = 7;
static uint32_t next_rand(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

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
    if (nlive < target / 2 || (nlive < 2 * target && next_rand() % 2)) {
      cg_host s, d;
      do {
        s = next_rand() % hosts;
        d = next_rand() % (next_rand() % 2 ? 4 : hosts); /* some hot receivers */
      } while (s == d);
      added = cg_graph_add(g, s, d);
      live[nlive++] = added;
      active[added] = 1;
    } else {
      size_t k = next_rand() % nlive;
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
        size_t j = next_rand() % i, x = perm[i - 1];
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

int main(void)
{
  run(&cg_tech_gige, NULL, 20, 40, 600, 0);
  run(&cg_tech_gige, NULL, 200, 300, 600, 0);
  /* Myrinet: small sparse graphs stay exact; 40 comms on 20 hosts make
   * components above the bound, so the neighbourhood path is checked too. */
  run(&cg_tech_myrinet, NULL, 60, 12, 600, 0);
  run(&cg_tech_myrinet, NULL, 20, 40, 300, 0);
  double few[] = {8};
  run(&cg_tech_myrinet, few, 20, 40, 300, 0);
  run(&cg_tech_hier_ethernet, NULL, 20, 40, 600, 1e-12);
  run(&cg_tech_hier_ethernet, NULL, 200, 300, 300, 1e-12);
  CHECK_DONE();
}
