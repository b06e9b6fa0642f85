/* Per-host view of the graph (see host_view.h). */
#include "contention/host_view.h"

/* Largest penalty of a list of comms; NaN (not evaluated yet) never wins. */
static double max_penalty(const cg_graph *g, const cg_comm *comms, size_t n, double m)
{
  for (size_t i = 0; i < n; i++) {
    double p = cg_graph_penalty(g, comms[i]);
    if (p > m)
      m = p;
  }
  return m;
}

cg_host_view cg_graph_host_view(const cg_graph *g, cg_host h)
{
  cg_host_view v = {0, 0, 0.0};
  const cg_comm *out = cg_graph_out_comms(g, h, &v.out);
  const cg_comm *in = cg_graph_in_comms(g, h, &v.in);
  v.max_penalty = max_penalty(g, in, v.in, max_penalty(g, out, v.out, 0.0));
  return v;
}
