/* sg_compat.hpp for SimGrid 4.0 (and 4.1, through sg_compat_4_1.cpp): the
 * only user of sg_private_4_0.hpp. */
#include "sg_private_4_0.hpp"

#include "sg_compat.hpp"

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/kernel/routing/NetPoint.hpp>
#include <simgrid/kernel/routing/StarZone.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <stdexcept>
#include <unordered_set>
#include <vector>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(contention);

namespace contention_sg::compat {

const int SIMGRID_MAJOR = SIMGRID_VERSION_MAJOR;
const int SIMGRID_MINOR = SIMGRID_VERSION_MINOR;
const double CROSSTRAFFIC_WEIGHT = 0.05; /* src/kernel/resource/models/network_cm02.cpp */
const char* const BW_FACTOR_OPTION  = "network/bandwidth-factor";
const char* const LAT_FACTOR_OPTION = "network/latency-factor";
const bool DETACHED_COMMS_IN_A_LIST = false;

namespace {
using simgrid::kernel::resource::NetworkAction;

/* The network model table, or nullptr (with a line on stderr) when the
 * symbol is missing or the group does not read as 4.x's (sg_private_4_0.hpp
 * (1)). */
simgrid::ModuleGroup* network_models()
{
  static simgrid::ModuleGroup* group = [] {
    void* sym = dlsym(RTLD_DEFAULT, simgrid::NETWORK_MODELS_SYMBOL);
    const auto* view = static_cast<const simgrid::ModuleGroupView*>(sym);
    /* The table's three pointers (ordered, whole entries), then the kind. */
    auto* const* words = view != nullptr ? reinterpret_cast<char* const*>(view->table) : nullptr;
    bool ok = words != nullptr && words[0] != nullptr && words[0] <= words[1] && words[1] <= words[2] &&
              (words[1] - words[0]) % sizeof(simgrid::Module) == 0 && view->kind == "network model";
    if (ok)
      return static_cast<simgrid::ModuleGroup*>(sym);
    std::fprintf(stderr, "contention: SimGrid %d.%d's network model table does not read as expected "
                         "(sg_private_4_0.hpp, (1)); the plugin cannot add its models\n",
                 SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR);
    return static_cast<simgrid::ModuleGroup*>(nullptr);
  }();
  return group;
}

/* Comm starts. SimGrid 4.x fires no signal when a comm gets its network
 * action (3.32's CommImpl::on_start is gone; s4u::Comm::on_start is not
 * fired for SMPI's comms, which start through kernel simcalls, nor for
 * detached sends). Every action of the network model is created in its
 * started set, appended at the end; the scanner, a model the engine asks
 * for its next event before any other (before the binding's flush), hands
 * the actions appended since its last call to the binding, in their start
 * order: the same comms, at the same simulated instant and in the same
 * order as a start signal (the binding adds starts at its flush anyway).
 * A comm that failed at start is in the failed set, hence not reported,
 * as in 3.32. */
Model* comm_model                                        = nullptr;
void (*comm_start_fn)(Action&, const Host&, const Host&) = nullptr;
void (*comm_state_fn)(Action&)                          = nullptr;
std::unordered_set<const Action*> seen; /* started actions already reported */
std::vector<Action*> fresh;

void scan_started()
{
  if (comm_model == nullptr || comm_start_fn == nullptr)
    return;
  Action::StateSet* set = comm_model->get_started_action_set();
  fresh.clear();
  for (auto it = set->rbegin(); it != set->rend() && seen.count(&*it) == 0; ++it)
    fresh.push_back(&*it);
  for (auto it = fresh.rbegin(); it != fresh.rend(); ++it) {
    seen.insert(*it);
    auto* na = static_cast<NetworkAction*>(*it);
    comm_start_fn(*na, na->get_src(), na->get_dst());
  }
}

class StartScanner : public Model {
public:
  StartScanner() : Model("contention-comm-starts") {}
  double next_occurring_event(double /*now*/) override
  {
    scan_started();
    return -1; /* no event of its own */
  }
  void update_actions_state(double /*now*/, double /*delta*/) override {}
};
} // namespace

void register_network_model(const char* name, const char* description, void (*init)())
{
  simgrid::ModuleGroup* g = network_models();
  if (g != nullptr)
    g->add(name, description, init);
}

namespace {
/* A <cluster> becomes a StarZone whose router (router_id, the gateway of
 * zoneRoutes) is added after the hosts' routes and gets none
 * (src/kernel/xml/sg_platf.cpp, sg_platf_new_cluster_flat): any route
 * through it throws std::out_of_range from StarZone::get_local_route.
 * 3.32's ClusterZone routed a host to its router over the host's links
 * up (limiter, private link, backbone) and back over its links down: an
 * empty symmetrical route for the router gives exactly that. Routers that
 * have a route are left alone. Public API only (installed StarZone.hpp). */
void add_missing_router_routes()
{
  for (simgrid::kernel::routing::NetPoint* np : simgrid::s4u::Engine::get_instance()->get_all_netpoints()) {
    if (not np->is_router())
      continue;
    auto* star = dynamic_cast<simgrid::kernel::routing::StarZone*>(np->get_englobing_zone());
    if (star == nullptr)
      continue;
    simgrid::kernel::routing::Route probe;
    double latency = 0;
    try {
      star->get_local_route(np, np, &probe, &latency);
      continue; /* it has one */
    } catch (const std::out_of_range&) {
    }
    star->add_route(np, nullptr, nullptr, nullptr, {}, true);
    XBT_DEBUG("contention: router %s of star zone %s given its empty route", np->get_cname(), star->get_cname());
  }
}
} // namespace

void repair_platforms()
{
  simgrid::s4u::Engine::on_platform_created_cb(add_missing_router_routes);
}

void init_smpi_network_model()
{
  simgrid::ModuleGroup* g = network_models();
  xbt_assert(g != nullptr, "contention: no network model table");
  g->by_name("SMPI").init(); /* by_name dies naming the known models if SMPI is missing */
}

Model* network_model()
{
  /* NetworkModel is declared only; Model is its first (primary) base
   * (src/kernel/resource/NetworkModel.hpp), so both share one address. The
   * model's name, set by the SMPI entry's init, checks it. */
  auto* net = simgrid::s4u::Engine::get_instance()->get_netzone_root()->get_network_model();
  auto* model = reinterpret_cast<Model*>(net);
  if (model == nullptr || model->get_name().rfind("Network_", 0) != 0) {
    XBT_WARN("contention: the root zone's network model does not read as a SimGrid %d.%d Model",
             SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR);
    return nullptr;
  }
  return model;
}

void add_model_first(std::shared_ptr<Model> model)
{
  static bool scanner = false;
  if (not scanner) {
    scanner = true;
    simgrid::s4u::Engine::get_instance()->get_impl()->add_model(std::make_shared<StartScanner>());
  }
  simgrid::s4u::Engine::get_instance()->get_impl()->add_model(std::move(model));
}

void report_starts()
{
  scan_started();
}

void on_comm_start(Model* model, void (*fn)(Action&, const Host&, const Host&))
{
  comm_model    = model;
  comm_start_fn = fn;
  seen.clear();
  simgrid::s4u::Link::on_communication_state_change_cb([](NetworkAction& action, Action::State /*previous*/) {
    if (action.get_state() != Action::State::STARTED)
      seen.erase(&action);
  });
  simgrid::s4u::Engine::on_simulation_end_cb([] {
    seen.clear();
    comm_model = nullptr;
  });
}

void on_comm_state_change(void (*fn)(Action&))
{
  comm_state_fn = fn;
  simgrid::s4u::Link::on_communication_state_change_cb(
      [](NetworkAction& action, Action::State /*previous*/) { comm_state_fn(action); });
}

/* Nothing to do: 4.0 and 4.1 cancel a comm whose Mailbox::get or put timed
 * out (Activity::wait_for_or_cancel, a state change), and a bare
 * Comm::wait_for that times out leaves its comm running. */
void on_comm_dropped(void (* /*fn*/)(Action&)) {}

void set_latency_factor_cb(const FactorCb& cb)
{
  simgrid::s4u::Engine::get_instance()->get_netzone_root()->set_latency_factor_cb(cb);
}

void on_link_onoff(void (*fn)(simgrid::s4u::Link const& link))
{
  simgrid::s4u::Link::on_onoff_cb(fn);
}

#include "sg_compat_variables.ipp" /* update_bound ... add_variable_term */

bool own_bound_kept(const Action& /*action*/)
{
  return true; /* the TCP part is left out when TCP-gamma is not above 0 */
}

/* SimGrid 3.34 and later keep detached comms in a set: nothing to do; a
 * verbose line says so when the option was given. */
void hold_detached_comms_aside()
{
  if (simgrid::config::is_default("contention/hold-detached-comms"))
    return; /* said only to whoever asked for it */
  XBT_VERB("contention: SimGrid %d.%d keeps detached comms in a set: contention/hold-detached-comms has nothing to "
           "do",
           SIMGRID_VERSION_MAJOR, SIMGRID_VERSION_MINOR);
}

} // namespace contention_sg::compat
