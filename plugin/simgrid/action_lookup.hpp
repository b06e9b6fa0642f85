/* Finding the network action of a comm that just started: shared by the
 * models of this plugin. */
#ifndef CONTENTION_SG_ACTION_LOOKUP_HPP
#define CONTENTION_SG_ACTION_LOOKUP_HPP

#include "sg_private.hpp"

namespace contention_sg {

/* The action of `comm` among `model`'s started actions, or nullptr (a comm
 * that failed at start). CommImpl::start() creates the action just before
 * firing on_start, so it is normally the last one; scan otherwise. */
simgrid::kernel::resource::NetworkAction* started_action(simgrid::kernel::resource::Model* model,
                                                         simgrid::kernel::activity::CommImpl const& comm);

/* The base network model built by the last surf_network_model_init_*(). */
simgrid::kernel::resource::Model* current_network_model();

} // namespace contention_sg
#endif
