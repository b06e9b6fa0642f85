/* cg_graph_host_view: counts and largest penalty per host, on seed 000
 * Fig. 2 graph 3 (a -> b, c, d; d -> b, c: penalties 4, 4, 4, 8/3, 8/3),
 * in immediate and deferred mode. */
#include "check.h"

#include "contention/graph.h"
#include "contention/host_view.h"
#include "contention/technology.h"

enum { A, B, C, D, E };

static void check_view(const cg_graph *g, cg_host h, size_t out, size_t in, double pen, int line)
{
  cg_host_view v = cg_graph_host_view(g, h);
  if (v.out != out || v.in != in || fabs(v.max_penalty - pen) > 1e-12) {
    fprintf(stderr, "line %d: host %u: out %zu in %zu max %.12g, want %zu %zu %.12g\n", line, (unsigned)h, v.out,
            v.in, v.max_penalty, out, in, pen);
    check_failures++;
  }
}
#define VIEW(g, h, out, in, pen) check_view(g, h, out, in, pen, __LINE__)

int main(void)
{
  const cg_tech *ib = cg_tech_find("infiniband");
  CHECK(ib != NULL);
  cg_graph *g = cg_graph_create(ib, NULL);
  VIEW(g, A, 0, 0, 0); /* never seen */
  cg_comm ab = cg_graph_add(g, A, B);
  cg_graph_add(g, A, C);
  cg_comm ad = cg_graph_add(g, A, D);
  cg_comm db = cg_graph_add(g, D, B);
  cg_comm dc = cg_graph_add(g, D, C);
  VIEW(g, A, 3, 0, 4);
  VIEW(g, B, 0, 2, 4);     /* ab 4, db 8/3 */
  VIEW(g, D, 2, 1, 4);     /* ad 4 in, db and dc 8/3 out */
  VIEW(g, E, 0, 0, 0);     /* beyond the hosts seen */
  cg_graph_remove(g, db);
  cg_graph_remove(g, dc);  /* d's comms end: a's three get d+(a) = 3 */
  VIEW(g, B, 0, 1, 3);
  VIEW(g, D, 0, 1, 3);
  cg_graph_add(g, C, C);   /* a self-comm never enters the graph */
  VIEW(g, C, 0, 1, 3);

  /* Deferred: counts at once, penalties after the flush; a new comm's NaN
   * penalty never wins the maximum. */
  cg_graph_set_deferred(g, 1);
  cg_comm eb = cg_graph_add(g, E, B);
  VIEW(g, E, 1, 0, 0);
  VIEW(g, B, 0, 2, 3);
  cg_graph_flush(g);
  VIEW(g, E, 1, 0, cg_graph_penalty(g, eb));
  CHECK(cg_graph_penalty(g, eb) >= 1);
  cg_graph_remove(g, ab);
  cg_graph_remove(g, ad);
  cg_graph_remove(g, eb);
  VIEW(g, D, 0, 0, 0);
  VIEW(g, B, 0, 0, 0);
  cg_graph_destroy(g);
  return check_failures != 0;
}
