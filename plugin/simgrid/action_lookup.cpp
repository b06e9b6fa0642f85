#include "action_lookup.hpp"

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

namespace contention_sg {

namespace {
bool same_object(const void* a, const void* b)
{
  return a == b;
}
} // namespace

simgrid::kernel::resource::NetworkAction* started_action(simgrid::kernel::resource::Model* model,
                                                         simgrid::kernel::activity::CommImpl const& comm)
{
  using simgrid::kernel::resource::Action;
  Action::StateSet* set = model->get_started_action_set();
  Action* action        = nullptr;
  if (!set->empty() && same_object(set->back().get_activity(), &comm))
    action = &set->back();
  else
    for (Action& a : *set)
      if (same_object(a.get_activity(), &comm)) {
        action = &a;
        break;
      }
  return static_cast<simgrid::kernel::resource::NetworkAction*>(action);
}

simgrid::kernel::resource::Model* current_network_model()
{
  simgrid::kernel::resource::NetworkModelIntf* intf =
      simgrid::s4u::Engine::get_instance()->get_netzone_root()->get_network_model();
  return dynamic_cast<simgrid::kernel::resource::Model*>(intf);
}

} // namespace contention_sg
