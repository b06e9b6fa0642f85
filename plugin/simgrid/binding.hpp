/* Event translation: SimGrid comm start/end -> contention graph updates ->
 * new bounds of the comms whose penalty changed. No model logic here. */
#ifndef CONTENTION_SG_BINDING_HPP
#define CONTENTION_SG_BINDING_HPP

struct cg_tech;

namespace contention_sg {

/* Builds the base network model with `base_init` (e.g. SimGrid's SMPI
 * model) and starts applying penalties of `tech` (parameters `params`) to its
 * comms.
 * `bandwidth` is the effective bandwidth in B/s, 0 for each route's
 * bottleneck bandwidth; `trace_path` a CSV file or empty. Bound of a running
 * inter-host comm: min(b0, B / penalty), b0 being the bound the base model
 * gave it at start. Called once, from a model's init.
 *
 * Bounds are applied lazily: graph events only mark comms dirty, and a
 * "flush" model registered before the base model re-bounds every dirty comm
 * once, with its final penalty, just before the base model solves. Between
 * two solves nothing reads the bounds, so results are those of immediate
 * updates; but a burst of N simultaneous starts (an alltoall) costs N bound
 * updates instead of up to N x N. */
void binding_start(void (*base_init)(), const cg_tech* tech, const double* params, double bandwidth, const char* trace_path);

} // namespace contention_sg
#endif
