/* Event translation: SimGrid comm start/end -> contention graph updates ->
 * new bounds of the comms whose penalty changed. No model logic here: the
 * penalties come from the core's graph, each comm's bound and rate factor
 * from the core's rate plan (contention/rate_plan.h). */
#ifndef CONTENTION_SG_BINDING_HPP
#define CONTENTION_SG_BINDING_HPP

#include <string>

struct cg_tech;

namespace contention_sg {

/* contention/node-links: who divides a host's own links among its comms. */
enum class NodeLinkMode {
  penalty, /* the penalties: node links become non-sharing (default) */
  maxmin   /* SimGrid's max-min, the penalties bound comms on top of it */
};

struct BindingConfig {
  const cg_tech* tech;
  const double* params;   /* tech->param_count doubles */
  double bandwidth;       /* contention/bandwidth in B/s; 0: each comm's node links */
  NodeLinkMode node_links;
  std::string trace_path; /* CSV trace, empty: none */
  bool detach_hidden_links; /* contention/detach-hidden-links (detached_links.hpp) */
};

/* Builds the base network model with `base_init` (SimGrid's SMPI model) and
 * starts applying the penalties of cfg.tech to its comms. Called once, from
 * a model's init.
 *
 * When the root zone is sealed, every host's node links are found (node_links.hpp)
 * and, in NodeLinkMode::penalty, released from SimGrid's sharing. A running
 * inter-host comm src -> dst with penalty p then runs at f * min(b0, B) / p
 * (contention/comm_rate.h, contention/rate_plan.h): b0 is the bound the
 * base model gave it at start, B the bandwidth it gets alone on its node
 * links (the smaller of src's out
 * and dst's in node links, read again whenever a link's bandwidth changes),
 * or contention/bandwidth, or the route's bottleneck for a host whose node
 * links could not be told apart; f is SMPI's bandwidth factor for its size.
 * Capacities the penalties do not divide (shared links, a host's links of
 * both directions, one-way node links an intra-host comm crosses) share
 * the demands max-min (shared_links.hpp); an intra-host comm crossing node
 * links is bounded at what it gets alone on its route.
 * min(b0, B) is the comm's bound in SimGrid's solver, f / p its rate factor:
 * a penalty change re-times the comm without adding a distinct bound to the
 * solver (whose cost grows with the number of distinct bounds).
 *
 * Rates are applied lazily: graph events only mark comms dirty, and a
 * "flush" model registered before the base model asks the rate plan, once,
 * for the new pairs of every dirty comm with its final penalty, and applies
 * them just before the base model solves. Between
 * two solves nothing reads the bounds, so results are those of immediate
 * updates; but a burst of N simultaneous starts (an alltoall) costs one
 * evaluation instead of N. */
void binding_start(void (*base_init)(), const BindingConfig& cfg);

} // namespace contention_sg
#endif
