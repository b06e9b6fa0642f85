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

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <list>
#include <unordered_map>
#include <vector>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(contention);

namespace contention_sg::compat {

const int SIMGRID_MAJOR = 3;
const int SIMGRID_MINOR = 32;
const double CROSSTRAFFIC_WEIGHT = 0.05; /* src/surf/network_cm02.cpp */
const char* const BW_FACTOR_OPTION  = "smpi/bw-factor";
const char* const LAT_FACTOR_OPTION = "smpi/lat-factor";
const bool DETACHED_COMMS_IN_A_LIST = true;

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

void (*comm_dropped_fn)(Action&) = nullptr;
/* Each started comm's network action, until CommImpl::post() fires
 * on_completion, where the action is still alive: SimGrid frees it right
 * after (cleanup_surf). */
std::unordered_map<const void*, Action*> comm_actions;

void comm_started(simgrid::kernel::activity::CommImpl const& comm)
{
  NetworkAction* na = started_action(comm_model, comm);
  if (na == nullptr) { /* failed at start (link down): nothing to bound */
    XBT_DEBUG("comm %p has no running action at start", &comm);
    return;
  }
  if (comm_dropped_fn != nullptr)
    comm_actions[&comm] = na;
  comm_start_fn(*na, na->get_src(), na->get_dst());
}

/* A comm ends (CommImpl::post()): one whose action still runs (its wait
 * timed out) loses the action now, and no state change will say so. */
void comm_completed(simgrid::kernel::activity::CommImpl const& comm)
{
  auto found = comm_actions.find(&comm);
  if (found == comm_actions.end())
    return;
  Action* action = found->second;
  comm_actions.erase(found);
  Action::State state = action->get_state();
  if (state != Action::State::FINISHED && state != Action::State::FAILED)
    comm_dropped_fn(*action);
}
} // namespace

void register_network_model(const char* name, const char* description, void (*init)())
{
  /* The table is const in SimGrid's headers but an ordinary heap-backed
   * vector; appending before the Engine parses --cfg is the only way in. */
  auto& table = const_cast<std::vector<surf_model_description_t>&>(surf_network_model_description);
  table.push_back(surf_model_description_t{name, description, init});
}

void repair_platforms() {} /* 3.32's ClusterZone routes to its router */

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

void report_starts() {} /* every start is reported as it happens */

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

void on_comm_dropped(void (*fn)(Action&))
{
  comm_dropped_fn = fn;
  comm_actions.clear();
  simgrid::kernel::activity::CommImpl::on_completion.connect(comm_completed);
  simgrid::s4u::Engine::on_simulation_end_cb([] { comm_actions.clear(); });
}

void set_latency_factor_cb(const FactorCb& cb)
{
  simgrid::s4u::Engine::get_instance()->get_netzone_root()->get_network_model()->set_lat_factor_cb(cb);
}

void on_link_onoff(void (*fn)(simgrid::s4u::Link const& link))
{
  simgrid::s4u::Link::on_state_change_cb(fn);
}

#include "sg_compat_variables.ipp" /* update_bound ... add_variable_term */

bool own_bound_kept(const Action& action)
{
  /* network_cm02.cpp: min(user bound, cfg_tcp_gamma / (2 lat_current_)) for
   * lat_current_ > 0, a bound of 0 (or below) for a gamma of 0 (or below):
   * no bound for the solver */
  static const double gamma = simgrid::config::get_value<double>("network/TCP-gamma");
  return gamma > 0 || not(static_cast<const NetworkAction&>(action).lat_current_ > 0);
}

namespace {
using simgrid::kernel::activity::ActivityView;
using CommList = std::list<simgrid::kernel::activity::ActivityImplPtr>;

/* The detached comms held aside, in the order maestro's list had them, and
 * where each one is (to release it in O(1) when it completes). */
struct HeldComms {
  enum class Check { pending, passed, failed };
  Check check = Check::pending;
  bool installed = false;
  const void* comm_vptr = nullptr; /* CommImpl's, sg_private.hpp (12) */
  CommList* maestro_list = nullptr;
  CommList list;
  std::unordered_map<const void*, CommList::iterator> at;
  unsigned long long held = 0;
  size_t peak = 0;
};
/* Never destroyed: the comms it holds may only be released while the
 * engine lives (on_simulation_end hands them back). */
HeldComms& held_comms()
{
  static auto* held = new HeldComms();
  return *held;
}

const ActivityView* activity_view(const void* activity)
{
  return static_cast<const ActivityView*>(activity);
}

/* Whether the words at `header` read as the header of a std::list (the
 * nodes next to it point back to it). */
bool reads_as_list_header(const void* header)
{
  auto* const* words = static_cast<void* const*>(header);
  void* next = words[0];
  void* prev = words[1];
  if (next == nullptr || prev == nullptr)
    return false;
  return static_cast<void* const*>(next)[1] == header && static_cast<void* const*>(prev)[0] == header;
}

/* The checks of sg_private.hpp (12), on the first comm start: maestro and
 * its list where the offsets say, and this comm's leading members matching
 * what its start just set (vtable, state RUNNING, start time, action). */
bool layout_checks(HeldComms& h, simgrid::kernel::activity::CommImpl const& comm)
{
  h.comm_vptr = dlsym(RTLD_DEFAULT, simgrid::kernel::COMM_IMPL_VTABLE);
  if (h.comm_vptr == nullptr)
    return false;
  h.comm_vptr = static_cast<void* const*>(h.comm_vptr) + 2;
  const ActivityView* v = activity_view(&comm);
  if (v->vptr != h.comm_vptr || v->state != simgrid::kernel::activity::ACTIVITY_STATE_RUNNING ||
      v->surf_action == nullptr || static_cast<const void*>(v->surf_action->get_activity()) != &comm ||
      v->start_time != v->surf_action->get_start_time() || v->hosts_begin > v->hosts_end ||
      v->hosts_end - v->hosts_begin > 2)
    return false;
  auto* engine  = reinterpret_cast<char*>(simgrid::s4u::Engine::get_instance()->get_impl());
  auto* maestro = *reinterpret_cast<char**>(engine + simgrid::kernel::ENGINE_MAESTRO_OFFSET);
  if (maestro == nullptr || maestro != reinterpret_cast<char*>(simgrid::kernel::actor::ActorImpl::self()))
    return false;
  void* header = maestro + simgrid::kernel::ACTOR_ACTIVITIES_OFFSET;
  if (not reads_as_list_header(header))
    return false;
  auto* list   = static_cast<CommList*>(header);
  size_t count = 0;
  for (auto it = list->begin(); it != list->end() && count <= list->size(); ++it)
    count++;
  if (count != list->size())
    return false;
  h.maestro_list = list;
  return true;
}

/* Moves the mailbox comms of maestro's list to the held list. A comm with
 * hosts (a direct one), which a host turned off looks for in that list,
 * stays there; 3.32 puts none there, this is a guard. */
void hold(HeldComms& h)
{
  CommList& from = *h.maestro_list;
  for (auto it = from.begin(); it != from.end();) {
    auto next             = std::next(it);
    const ActivityView* v = activity_view(it->get());
    if (v->vptr == h.comm_vptr && v->hosts_begin == v->hosts_end) {
      h.list.splice(h.list.end(), from, it); /* `it` now points into h.list */
      h.at.emplace(it->get(), it);
      h.held++;
    }
    it = next;
  }
  h.peak = std::max(h.peak, h.list.size());
}

void hold_at_comm_start(simgrid::kernel::activity::CommImpl const& comm)
{
  HeldComms& h = held_comms();
  if (h.check == HeldComms::Check::pending) {
    h.check = layout_checks(h, comm) ? HeldComms::Check::passed : HeldComms::Check::failed;
    if (h.check == HeldComms::Check::failed)
      XBT_VERB("contention: SimGrid's list of detached comms does not read as 3.32's (sg_private.hpp, (12)); "
               "left as it is");
  }
  if (h.check == HeldComms::Check::passed)
    hold(h);
}

/* CommImpl::post() fires this before finish() looks for the comm in
 * maestro's list; post()'s caller holds a reference, so dropping ours here
 * frees nothing under SimGrid's feet. */
void release_at_completion(simgrid::kernel::activity::CommImpl const& comm)
{
  HeldComms& h = held_comms();
  auto found   = h.at.find(&comm);
  if (found == h.at.end())
    return;
  CommList::iterator node = found->second;
  h.at.erase(found);
  h.list.erase(node);
}

void hand_back_at_end()
{
  HeldComms& h = held_comms();
  if (h.check != HeldComms::Check::passed)
    return;
  XBT_VERB("contention: %llu detached comms held out of SimGrid's list (at most %zu at once), %zu handed back",
           h.held, h.peak, h.list.size());
  h.maestro_list->splice(h.maestro_list->begin(), h.list);
  h.at.clear();
}
} // namespace

void hold_detached_comms_aside()
{
  HeldComms& h = held_comms();
  if (h.installed)
    return;
  h.installed = true;
  simgrid::kernel::activity::CommImpl::on_start.connect(hold_at_comm_start);
  simgrid::kernel::activity::CommImpl::on_completion.connect(release_at_completion);
  simgrid::s4u::Engine::on_simulation_end_cb(hand_back_at_end);
}

} // namespace contention_sg::compat
