/* What contention-predict does with a scenario, on arbitrary bytes: load
 * it, then (for at most 24 comms, to stay within the 1 s per input) run the
 * step solver with the step table and the static graph of one technology,
 * picked by the last byte. A solved comm ends at or after its start with a
 * finite time or is an error about it; every static penalty is finite and
 * >= 1. */
#include <math.h>

#include "contention/graph.h"
#include "contention/step_solver.h"
#include "fuzz.h"
#include "scenario.h"

enum { MAX_SOLVED = 24 };

static void solve(const scenario *sc, const cg_tech *t, const double *params)
{
  size_t n = sc->comm_count;
  cg_step_comm *c = calloc(n, sizeof *c);
  double *finish = calloc(n, sizeof *finish);
  if (!c || !finish)
    abort();
  for (size_t i = 0; i < n; i++)
    c[i] = (cg_step_comm){sc->comms[i].src, sc->comms[i].dst, sc->comms[i].size, sc->comms[i].start,
                          sc->comms[i].penalties, sc->comms[i].penalty_count};
  cg_step_table tab = {0};
  char err[1024] = "";
  if (cg_solve_steps_grouped(c, n, 1.0 / sc->bandwidth, sc->all_given ? NULL : t, params, sc->racks,
                             sc->host_count, finish, &tab, err, sizeof err) == 0) {
    for (size_t i = 0; i < n; i++)
      FUZZ_CHECK(!(finish[i] < sc->comms[i].start), "comm %zu ends at %g before its start %g", i, finish[i],
                 sc->comms[i].start);
    for (size_t r = 0; r < tab.count; r++)
      FUZZ_CHECK(tab.rows[r].comm < n && !(tab.rows[r].end < tab.rows[r].begin), "step row %zu", r);
  } else {
    fuzz_check_message(err, "");
  }
  cg_step_table_free(&tab);
  free(finish);
  free(c);
}

static void static_graph(const scenario *sc, const cg_tech *t, const double *params)
{
  cg_graph *g = cg_graph_create(t, params);
  for (size_t h = 0; h < sc->host_count; h++)
    cg_graph_set_host_group(g, (cg_host)h, sc->racks[h]);
  cg_comm *h = calloc(sc->comm_count, sizeof *h);
  if (!h)
    abort();
  for (size_t i = 0; i < sc->comm_count; i++)
    h[i] = cg_graph_add(g, sc->comms[i].src, sc->comms[i].dst);
  for (size_t i = 0; i < sc->comm_count; i++) {
    double p = cg_graph_penalty(g, h[i]);
    FUZZ_CHECK(isfinite(p) && p >= 1, "comm %zu has penalty %g with %s", i, p, t->name);
  }
  free(h);
  cg_graph_destroy(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  scenario sc;
  char err[1024];
  if (scenario_parse("fuzz.xml", (const char *)data, size, &sc, err, sizeof err) != 0)
    return 0;
  if (sc.comm_count <= MAX_SOLVED) {
    const cg_tech *const *all = cg_tech_all();
    size_t nt = 0;
    while (all[nt])
      nt++;
    const cg_tech *t = all[data[size - 1] % nt];
    double params[16];
    FUZZ_CHECK(t->param_count < 16, "%zu parameters", t->param_count);
    cg_tech_default_params(t, params);
    solve(&sc, t, params);
    static_graph(&sc, t, params);
  }
  scenario_free(&sc);
  return 0;
}
