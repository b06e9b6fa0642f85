/* A technology written from outside the core, with the technology writer's
 * API alone (contention/technology.h, contention/hostset.h): a comm's
 * penalty is its source's out-degree times the parameter "scale". Checks
 * the contract graph.h states for such a technology, in immediate and
 * deferred mode, per comm and per edge (edge_penalties): the changed list
 * (the comm added always, a comm whose penalty changed, never the comm
 * removed nor a self-comm), NaN before the flush, a penalty that went
 * 2 -> 3 -> 2 between two flushes not listed, and a flush with no event
 * since the previous one listing nothing (it listed the previous flush's
 * comms again, which a caller then re-applied). */
#include <math.h>
#include <stdio.h>

#include "contention/graph.h"
#include "contention/hostset.h"
#include "contention/technology.h"

static void star_edge_changed(cg_graph *g, cg_host src, cg_host dst, int delta, cg_hostset *dirty)
{
  (void)g, (void)dst, (void)delta;
  cg_hostset_add(dirty, src);
}

static void star_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  double scale = cg_graph_tech_params(g)[0];
  for (size_t i = 0; i < dirty->count; i++) {
    size_t n;
    const cg_comm *out = cg_graph_out_comms(g, dirty->items[i], &n);
    for (size_t k = 0; k < n; k++)
      cg_graph_set_penalty(g, out[k], (double)n * scale);
  }
}

static void star_edge_evaluate(cg_graph *g, const cg_hostset *dirty)
{
  double scale = cg_graph_tech_params(g)[0];
  for (size_t i = 0; i < dirty->count; i++) {
    cg_host h = dirty->items[i];
    size_t n;
    const cg_edge *out = cg_graph_out_edges(g, h, &n);
    double degree = (double)cg_graph_out_degree(g, h);
    for (size_t k = 0; k < n; k++)
      cg_graph_set_edge_penalty(g, out[k], degree * scale);
  }
}

static const cg_tech_param star_params[] = {{"scale", "multiplies the out-degree", 1.0, 1.0, 10.0, 0}};
static const cg_tech star = {"star", "out-degree", star_params, 1, star_edge_changed, star_evaluate, NULL, 0};
static const cg_tech star_edges = {"star-edges", "out-degree, per edge", star_params, 1, star_edge_changed,
                                   star_edge_evaluate, NULL, 1};

static int fails;
#define CHECK(cond, ...)                                                                                                 \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      fails++;                                                                                                         \
      printf("FAIL %s line %d: ", t->name, __LINE__);                                                                  \
      printf(__VA_ARGS__);                                                                                             \
      printf("\n");                                                                                                    \
    }                                                                                                                  \
  } while (0)

static int listed(const cg_graph *g, cg_comm c)
{
  size_t n;
  const cg_comm *ch = cg_graph_changed(g, &n);
  for (size_t i = 0; i < n; i++)
    if (ch[i] == c)
      return 1;
  return 0;
}

static size_t changed_count(const cg_graph *g)
{
  size_t n;
  cg_graph_changed(g, &n);
  return n;
}

static size_t changed_edge_count(const cg_graph *g)
{
  size_t n = 0;
  if (cg_graph_has_edges(g))
    cg_graph_changed_edges(g, &n);
  return n;
}

static void run(const cg_tech *t)
{
  cg_graph *g = cg_graph_create(t, NULL);
  /* immediate mode */
  cg_comm a = cg_graph_add(g, 0, 1);
  CHECK(cg_graph_penalty(g, a) == 1 && listed(g, a) && changed_count(g) == 1, "add a");
  cg_comm b = cg_graph_add(g, 0, 2);
  CHECK(cg_graph_penalty(g, a) == 2 && cg_graph_penalty(g, b) == 2 && listed(g, a) && listed(g, b), "add b");
  cg_comm c = cg_graph_add(g, 3, 1);
  CHECK(listed(g, c) && changed_count(g) == 1, "add c: %zu listed", changed_count(g));
  cg_comm self = cg_graph_add(g, 4, 4);
  CHECK(cg_graph_penalty(g, self) == 1 && changed_count(g) == 0, "self-comm: %zu listed", changed_count(g));
  cg_graph_remove(g, self);
  cg_graph_remove(g, b);
  CHECK(cg_graph_penalty(g, a) == 1 && listed(g, a) && !listed(g, b) && changed_count(g) == 1, "remove b");
  /* deferred mode */
  cg_graph_set_deferred(g, 1);
  cg_comm d = cg_graph_add(g, 0, 5);
  CHECK(isnan(cg_graph_penalty(g, d)), "d before the flush: %g", cg_graph_penalty(g, d));
  cg_comm e = cg_graph_add(g, 0, 6);
  cg_graph_remove(g, e); /* added and removed between two flushes */
  cg_graph_flush(g);
  CHECK(listed(g, a) && listed(g, d) && changed_count(g) == 2, "flush 1: %zu listed", changed_count(g));
  CHECK(cg_graph_penalty(g, a) == 2 && cg_graph_penalty(g, d) == 2, "flush 1 penalties");
  cg_graph_flush(g); /* no event since the previous flush */
  CHECK(changed_count(g) == 0 && changed_edge_count(g) == 0,
        "a flush without event lists %zu comms and %zu edges of the previous flush", changed_count(g),
        changed_edge_count(g));
  cg_comm h = cg_graph_add(g, 0, 7);
  cg_graph_flush(g); /* a and d: 3 */
  cg_graph_remove(g, h);
  cg_comm i = cg_graph_add(g, 0, 8);
  cg_graph_flush(g); /* a and d: 3 -> 2 -> 3, not listed */
  CHECK(!listed(g, a) && !listed(g, d) && listed(g, i) && changed_count(g) == 1, "flush 3: %zu listed",
        changed_count(g));
  cg_graph_set_deferred(g, 0); /* flushes: nothing happened since */
  CHECK(changed_count(g) == 0, "leaving deferred mode lists %zu comms of the previous flush", changed_count(g));
  CHECK(cg_graph_error(g) == NULL, "no invalid penalty");
  cg_graph_destroy(g);
  /* parameters are copied */
  double params[1] = {2.5};
  g = cg_graph_create(t, params);
  params[0] = 9;
  a = cg_graph_add(g, 0, 1);
  CHECK(cg_graph_penalty(g, a) == 2.5, "scale: %g", cg_graph_penalty(g, a));
  cg_graph_destroy(g);
}

int main(void)
{
  const cg_tech *t = &star;
  run(&star);
  run(&star_edges);
  char err[256];
  double p[1];
  cg_tech_default_params(t, p);
  CHECK(p[0] == 1.0, "default scale %g", p[0]);
  CHECK(cg_tech_set_param(t, p, "scale", "11", err, sizeof err) != 0, "scale 11 accepted");
  CHECK(cg_tech_set_param(t, p, "scale", "2e0", err, sizeof err) == 0 && p[0] == 2, "scale 2e0 refused");
  if (fails)
    return 1;
  printf("custom technology: contract holds, per comm and per edge\n");
  return 0;
}
