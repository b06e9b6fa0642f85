/* contention/lop inside network/model:contention (doc/lop.md): the binding
 * tells this hook about the graph's comms; the hook times them with the
 * core's LoP model (contention/lop.h) by lowering their bound.
 * With contention/lop:off every call returns at once and changes nothing.
 *
 * Hooks in binding.cpp: lop_start (binding_start), lop_comm_start and
 * lop_comm_end (comm events), lop_bound (the rate plan's cap at a flush:
 * contention/rate_plan.h), lop_take_dirty (flush),
 * lop_end (end of simulation). */
#ifndef CONTENTION_SG_LOP_HOOK_HPP
#define CONTENTION_SG_LOP_HOOK_HPP

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>

#include <contention/graph.h>

#include <cstddef>

namespace contention_sg {

/* Reads the contention/lop options and SMPI's factors; `model` is the base
 * network model. Raises smpi/async-small-thresh and
 * smpi/send-is-detached-thresh to contention/lop/threshold + 1 unless the
 * user set them (small messages eager, as LoP times them). */
void lop_start(simgrid::kernel::resource::Model* model);
/* Comm c (a graph handle) started: timed by LoP (D(p) plus its bytes); a
 * peer of its hosts if its payload is at most contention/lop/threshold. */
void lop_comm_start(cg_comm c, simgrid::kernel::resource::Action* action, const simgrid::s4u::Host* src_host,
                    const simgrid::s4u::Host* dst_host, cg_host src, cg_host dst);
/* Comm c ended (finished or failed). */
void lop_comm_end(cg_comm c);
/* The bound to give comm c whose contention bound is `bound`: the LoP
 * bound (never above `bound`) for a small comm, `bound` otherwise. */
double lop_bound(cg_comm c, double bound);
/* Comms whose LoP time changed since the last call (a host of theirs
 * gained or lost a peer, or they started): re-apply their bounds. */
const cg_comm* lop_take_dirty(size_t* n);
void lop_end();

} // namespace contention_sg
#endif
