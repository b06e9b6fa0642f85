/* Seed 000, Fig. 2: the four contention graphs and their printed penalties,
 * plus rule corner cases (pure incast, parallel edges, self-comm). */
#include "check.h"
#include "contention/graph.h"
#include "contention/technology.h"

enum { A, B, C, D, E, F };

static cg_graph *ib(void) { return cg_graph_create(&cg_tech_infiniband, NULL); }

int main(void)
{
  const double tol = 1e-9;
  { /* graph 1: a sends to b, c, d */
    cg_graph *g = ib();
    cg_comm e[3] = {cg_graph_add(g, A, B), cg_graph_add(g, A, C), cg_graph_add(g, A, D)};
    for (int i = 0; i < 3; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 3.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 2: b and c each send to a and to d: rule (a) nullifies k */
    cg_graph *g = ib();
    cg_comm e[4] = {cg_graph_add(g, B, A), cg_graph_add(g, B, D), cg_graph_add(g, C, A),
                    cg_graph_add(g, C, D)};
    for (int i = 0; i < 4; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 2.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 2, other reading: b -> a, b -> e; c -> a, c -> f */
    cg_graph *g = ib();
    cg_comm e[4] = {cg_graph_add(g, B, A), cg_graph_add(g, B, E), cg_graph_add(g, C, A),
                    cg_graph_add(g, C, F)};
    for (int i = 0; i < 4; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 2.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 3: a -> b, c, d; d -> b, c: rule (c) gives 4 and 2 + 2/3 */
    cg_graph *g = ib();
    cg_comm ab = cg_graph_add(g, A, B), ac = cg_graph_add(g, A, C), ad = cg_graph_add(g, A, D);
    cg_comm db = cg_graph_add(g, D, B), dc = cg_graph_add(g, D, C);
    CHECK_REL(cg_graph_penalty(g, ab), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, ac), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, ad), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, db), 8.0 / 3.0, tol);
    CHECK_REL(cg_graph_penalty(g, dc), 8.0 / 3.0, tol);
    cg_graph_destroy(g);
  }
  { /* graph 4: a -> b, c; d -> b; e -> c: rule (c) gives 4, rule (b) 4/3 */
    cg_graph *g = ib();
    cg_comm ab = cg_graph_add(g, A, B), ac = cg_graph_add(g, A, C);
    cg_comm db = cg_graph_add(g, D, B), ec = cg_graph_add(g, E, C);
    CHECK_REL(cg_graph_penalty(g, ab), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, ac), 4.0, tol);
    CHECK_REL(cg_graph_penalty(g, db), 4.0 / 3.0, tol);
    CHECK_REL(cg_graph_penalty(g, ec), 4.0 / 3.0, tol);
    /* Removing a -> c: a has one comm left; b receives from two singles. */
    cg_graph_remove(g, ac);
    CHECK_REL(cg_graph_penalty(g, ab), 2.0, tol);
    CHECK_REL(cg_graph_penalty(g, db), 2.0, tol);
    CHECK_REL(cg_graph_penalty(g, ec), 1.0, tol);
    cg_graph_destroy(g);
  }
  { /* pure incast of 4 single senders: rule (b) has no multi-out source,
       rule (c) gives the fair share 4 */
    cg_graph *g = ib();
    cg_comm e[4];
    for (int i = 0; i < 4; i++)
      e[i] = cg_graph_add(g, (cg_host)(1 + i), 0);
    for (int i = 0; i < 4; i++)
      CHECK_REL(cg_graph_penalty(g, e[i]), 4.0, tol);
    cg_graph_destroy(g);
  }
  { /* self-comm: penalty 1, not in the graph, changes nothing */
    cg_graph *g = ib();
    cg_comm x = cg_graph_add(g, A, B);
    cg_comm s = cg_graph_add(g, A, A);
    size_t n;
    cg_graph_changed(g, &n);
    CHECK(n == 0);
    CHECK(cg_graph_comm_count(g) == 1);
    CHECK_REL(cg_graph_penalty(g, s), 1.0, 0);
    CHECK_REL(cg_graph_penalty(g, x), 1.0, 0);
    cg_graph_remove(g, s);
    cg_graph_remove(g, x);
    CHECK(cg_graph_comm_count(g) == 0);
    cg_graph_destroy(g);
  }
  { /* changed list: adding a second comm from a changes both of a's comms */
    cg_graph *g = ib();
    cg_comm x = cg_graph_add(g, A, B);
    size_t n;
    const cg_comm *ch = cg_graph_changed(g, &n);
    CHECK(n == 1 && ch[0] == x);
    cg_comm y = cg_graph_add(g, A, C);
    ch = cg_graph_changed(g, &n);
    CHECK(n == 2 && ((ch[0] == x && ch[1] == y) || (ch[0] == y && ch[1] == x)));
    cg_comm z = cg_graph_add(g, E, F); /* disjoint: only itself */
    ch = cg_graph_changed(g, &n);
    CHECK(n == 1 && ch[0] == z);
    cg_graph_remove(g, y);
    ch = cg_graph_changed(g, &n);
    CHECK(n == 1 && ch[0] == x);
    CHECK_REL(cg_graph_penalty(g, x), 1.0, 0);
    cg_graph_destroy(g);
  }
  { /* lookup and names */
    CHECK(cg_tech_find("infiniband") == &cg_tech_infiniband);
    CHECK(cg_tech_find("token-ring") == NULL);
    char names[256];
    cg_tech_names(names, sizeof names);
    CHECK_STR_CONTAINS(names, "infiniband");
  }
  CHECK_DONE();
}
