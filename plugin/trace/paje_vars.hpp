/* The contention model's state in SimGrid's Paje trace (`smpirun -trace`,
 * or --cfg=tracing:yes in an s4u simulator), as three variables of every
 * host container:
 *   contention_out      comms the host sends (its out-degree in the graph)
 *   contention_in       comms it receives (its in-degree)
 *   contention_penalty  largest penalty among those comms (0: none)
 * A Paje viewer (Vite, pajeng) then draws them next to SimGrid's own states
 * and variables. Only under network/model:contention with the Paje format;
 * host variables need host containers, so only with --cfg=tracing/platform:yes
 * (then tracing/platform/topology defaults to no). doc/simgrid-plugin.md,
 * "Paje trace", says why these three and why the platform is not traced by
 * default. */
#ifndef CONTENTION_SG_PAJE_VARS_HPP
#define CONTENTION_SG_PAJE_VARS_HPP

#include <contention/graph.h>

#include <simgrid/forward.h>

#include <vector>

namespace contention_sg {

using HostTable = std::vector<const simgrid::s4u::Host*>; /* by cg_host */

/* Called when the plugin is registered, before the Engine exists: hooks the
 * platform creation, where tracing is set up. */
void paje_vars_setup();

/* Binding hooks. After the graph's flush of a simulated instant: the hosts of
 * the comms whose penalty changed, and those touched by an end since the
 * last flush, get their new values. */
void paje_vars_after_flush(const cg_graph* g, const HostTable& hosts);
/* A comm src -> dst left the graph: the two hosts' counts change now (the
 * penalties of their other comms at the next flush). */
void paje_vars_comm_end(const cg_graph* g, const HostTable& hosts, cg_host src, cg_host dst);

} // namespace contention_sg
#endif
