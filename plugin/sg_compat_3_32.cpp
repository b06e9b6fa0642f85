/* sg_compat.hpp for SimGrid 3.32: the only user of sg_private.hpp. */
#include "sg_private.hpp" /* must precede the s4u headers: defines NetworkAction */

#include "sg_compat.hpp"

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <vector>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(contention);

namespace contention_sg::compat {

const int SIMGRID_MAJOR = 3;
const int SIMGRID_MINOR = 32;
const double CROSSTRAFFIC_WEIGHT = 0.05; /* src/surf/network_cm02.cpp */

namespace {
using simgrid::kernel::resource::NetworkAction;

Model* comm_model                                        = nullptr;
void (*comm_start_fn)(Action&, const Host&, const Host&) = nullptr;
void (*comm_state_fn)(Action&)                          = nullptr;

/* The action of `comm` among the model's started actions, or nullptr (a
 * comm that failed at start). CommImpl::start() creates the action just
 * before firing on_start, so it is normally the last one; scan otherwise.
 * A CommImpl and its ActivityImpl base share one address (sg_private.hpp,
 * (3)). */
NetworkAction* started_action(Model* model, simgrid::kernel::activity::CommImpl const& comm)
{
  const void* key       = &comm;
  Action::StateSet* set = model->get_started_action_set();
  Action* action        = nullptr;
  if (!set->empty() && static_cast<const void*>(set->back().get_activity()) == key)
    action = &set->back();
  else
    for (Action& a : *set)
      if (static_cast<const void*>(a.get_activity()) == key) {
        action = &a;
        break;
      }
  return static_cast<NetworkAction*>(action);
}

void comm_started(simgrid::kernel::activity::CommImpl const& comm)
{
  NetworkAction* na = started_action(comm_model, comm);
  if (na == nullptr) { /* failed at start (link down): nothing to bound */
    XBT_DEBUG("comm %p has no running action at start", &comm);
    return;
  }
  comm_start_fn(*na, na->get_src(), na->get_dst());
}
} // namespace

void register_network_model(const char* name, const char* description, void (*init)())
{
  /* The table is const in SimGrid's headers but an ordinary heap-backed
   * vector; appending before the Engine parses --cfg is the only way in. */
  auto& table = const_cast<std::vector<surf_model_description_t>&>(surf_network_model_description);
  table.push_back(surf_model_description_t{name, description, init});
}

void init_smpi_network_model()
{
  surf_network_model_init_SMPI();
}

Model* network_model()
{
  simgrid::kernel::resource::NetworkModelIntf* intf =
      simgrid::s4u::Engine::get_instance()->get_netzone_root()->get_network_model();
  return dynamic_cast<Model*>(intf);
}

void add_model_first(std::shared_ptr<Model> model)
{
  simgrid::s4u::Engine::get_instance()->get_impl()->add_model(std::move(model));
}

void on_comm_start(Model* model, void (*fn)(Action&, const Host&, const Host&))
{
  comm_model    = model;
  comm_start_fn = fn;
  simgrid::kernel::activity::CommImpl::on_start.connect(comm_started);
}

void on_comm_state_change(void (*fn)(Action&))
{
  comm_state_fn = fn;
  simgrid::s4u::Link::on_communication_state_change_cb(
      [](NetworkAction& action, Action::State /*previous*/) { comm_state_fn(action); });
}

void update_bound(Model* model, Action& action, double bound)
{
  model->get_maxmin_system()->update_variable_bound(action.get_variable(), bound);
}

void set_link_bandwidth_keeping_weights(simgrid::s4u::Link* link, double bandwidth)
{
  /* network/weight-S is bound to the variable set_bandwidth reads
   * (sg_private.hpp, (7)). */
  double weight_s = simgrid::config::get_value<double>("network/weight-S");
  simgrid::config::set_value("network/weight-S", 0.0);
  link->set_bandwidth(bandwidth);
  simgrid::config::set_value("network/weight-S", weight_s);
}

namespace {
using simgrid::kernel::lmm::ElementView;
using simgrid::kernel::lmm::VariableView;

/* A comm's variable read through sg_private.hpp (10), or nullptr when a
 * check fails: the variable names its action, every element names its
 * variable and a constraint, and weighs more than 0. */
const VariableView* variable_view(const Action& action)
{
  const simgrid::kernel::lmm::Variable* var = action.get_variable();
  if (var == nullptr)
    return nullptr;
  const auto* view = reinterpret_cast<const VariableView*>(var);
  if (view->id != &action || view->cnsts.empty() || view->cnsts.size() > 4096)
    return nullptr;
  for (const ElementView& e : view->cnsts)
    if (static_cast<const void*>(e.variable) != static_cast<const void*>(var) || e.constraint == nullptr ||
        not(e.consumption_weight > 0))
      return nullptr;
  return view;
}
} // namespace

bool variable_terms(const Action& action, std::vector<VariableTerm>& terms)
{
  terms.clear();
  const VariableView* view = variable_view(action);
  if (view == nullptr)
    return false;
  for (const ElementView& e : view->cnsts)
    terms.push_back(VariableTerm{e.constraint, e.consumption_weight});
  return true;
}

bool replace_variable(Model* model, Action& action, const std::vector<VariableTerm>& keep)
{
  const VariableView* view = variable_view(action);
  /* A staged variable waits on a concurrency limit: left to SimGrid. */
  if (keep.empty() || view == nullptr || view->staged_sharing_penalty != 0)
    return false;
  double penalty                      = view->sharing_penalty;
  double bound                        = view->bound;
  simgrid::kernel::lmm::System* sys   = model->get_maxmin_system();
  simgrid::kernel::lmm::Variable* old = action.get_variable();
  /* The old one goes first: its elements stop counting on the constraints
   * before the new one's are added. */
  sys->variable_free(old);
  simgrid::kernel::lmm::Variable* var = sys->variable_new(&action, penalty, bound, keep.size());
  for (const VariableTerm& t : keep)
    sys->expand(static_cast<simgrid::kernel::lmm::Constraint*>(t.constraint), var, t.weight);
  action.set_variable(var);
  const VariableView* check = variable_view(action);
  xbt_assert(check != nullptr && check->cnsts.size() == keep.size(),
             "contention: a comm's new max-min variable does not read back (sg_private.hpp, (10))");
  return true;
}

void add_variable_term(Model* model, Action& action, const VariableTerm& term)
{
  model->get_maxmin_system()->expand(static_cast<simgrid::kernel::lmm::Constraint*>(term.constraint),
                                     action.get_variable(), term.weight);
}

} // namespace contention_sg::compat
