/* The ONLY place with declarations of non-public SimGrid 3.32 internals,
 * included by sg_compat_3_32.cpp only (the rest of the plugin goes through
 * sg_compat.hpp).
 *
 * SimGrid 3.32 installs no API to add a network model or to re-bound a
 * running comm, so the binding re-declares the few internal symbols it needs.
 * Each one below says why it is needed. They match SimGrid 3.32 exactly
 * (checked against its sources, tag v3.32) and nothing else: 3.34+ replaced
 * the model table by a ModuleGroup and moved the comm start signal. Hence the
 * compile-time check here and the run-time check in registry.cpp. */
#ifndef CONTENTION_SG_PRIVATE_HPP
#define CONTENTION_SG_PRIVATE_HPP

#include <xbt/base.h> /* version.h needs its macros */
#include <simgrid/version.h>
#if SIMGRID_VERSION_MAJOR != 3 || SIMGRID_VERSION_MINOR != 32
#error "The contention plugin supports SimGrid 3.32 only: it re-declares SimGrid 3.32 internals (see sg_private.hpp)."
#endif

#include <atomic>
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <string>
#include <vector>

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>
#include <xbt/signal.hpp>

/* (1) The network model table that `--cfg=network/model:` is checked against
 * (src/surf/surf_interface.hpp). The only way to add a model name: the
 * plugin's library constructor appends an entry before the Engine parses the
 * command line. 48-byte entries; `description` is a const char*. */
struct surf_model_description_t {
  const char* name;
  const char* description;
  std::function<void()> model_init_preparse;
};
extern const std::vector<surf_model_description_t> surf_network_model_description;

/* (2) Builds SimGrid's own SMPI network model (the base of ours), so every
 * smpi option keeps working. */
void surf_network_model_init_SMPI();

namespace simgrid::kernel {
/* (6) Registering the binding's flush model (binding.cpp), which applies the
 * bounds changed at one simulated instant once, right before the network
 * model solves. The engine is reached with the public
 * s4u::Engine::get_impl(); only this member is declared. */
class EngineImpl {
public:
  void add_model(std::shared_ptr<resource::Model> model, const std::vector<resource::Model*>& dep_models = {});
};

namespace activity {
/* (3) The only signal fired when a comm gets its network action (s4u::Comm's
 * on_start is never fired in 3.32; on_send/on_recv fire before the action
 * exists). Only the static member is declared: never use sizeof(CommImpl).
 * CommImpl derives from ActivityImpl by single, non-virtual inheritance, so a
 * CommImpl and its ActivityImpl base share one address (used to match the
 * action, see binding.cpp). */
class CommImpl {
public:
  static xbt::signal<void(CommImpl const&)> on_start;
  /* (11) Fired by CommImpl::post() before finish(), which is where a
   * detached comm leaves maestro's list (hold_detached_comms_aside()). Every
   * caller of post() holds a reference to the comm during the call. */
  static xbt::signal<void(CommImpl const&)> on_completion;
};

/* (12) The leading members of ActivityImpl (src/kernel/activity/
 * ActivityImpl.hpp): read only, through a pointer to a real CommImpl whose
 * vtable has been checked. Layout sensitive: sg_compat_3_32.cpp checks the
 * vtable, state, start time, action and hosts of the first comm started
 * against what CommImpl::start() has just set, and moves nothing if one
 * differs. */
struct ActivityView {
  void* vptr;
  unsigned char refcount[sizeof(std::atomic_int_fast32_t)];
  unsigned char name[sizeof(std::string)];
  void* actor;
  int state; /* enum class State: WAITING, READY, RUNNING, ... */
  double start_time;
  double finish_time;
  s4u::Host** hosts_begin; /* std::vector<s4u::Host*> hosts_, set for */
  s4u::Host** hosts_end;   /* direct (host to host) comms only */
  s4u::Host** hosts_capacity;
  unsigned char simcalls[sizeof(std::list<void*>)];
  void* piface;
  resource::Action* surf_action;
};
static_assert(sizeof(std::vector<s4u::Host*>) == 3 * sizeof(void*), "a std::vector is three pointers");
static_assert(offsetof(ActivityView, state) == 56 && offsetof(ActivityView, hosts_begin) == 80 &&
                  offsetof(ActivityView, surf_action) == 136,
              "ActivityImpl's leading members in SimGrid 3.32");
constexpr int ACTIVITY_STATE_RUNNING = 2;
} // namespace activity

namespace actor {
/* (12) The running actor: maestro while the kernel starts a comm, which
 * checks ENGINE_MAESTRO_OFFSET below. */
class ActorImpl {
public:
  static ActorImpl* self();
};
} // namespace actor

/* (12) Where SimGrid 3.32 keeps its detached comms: CommImpl::detach()
 * appends each to maestro's `activities_`, a
 * std::list<ActivityImplPtr> (src/kernel/activity/CommImpl.cpp), and
 * finish() removes it with std::list::remove, a walk over the whole list.
 * The two offsets are those CommImpl::detach() uses in Debian's
 * libsimgrid.so.3.32 (EngineImpl::maestro_, ActorImpl::activities_); the
 * first is checked against ActorImpl::self() and the list's links and size
 * are checked before anything is moved. */
constexpr size_t ENGINE_MAESTRO_OFFSET    = 0x1d0;
constexpr size_t ACTOR_ACTIVITIES_OFFSET  = 0xc0;
/* The mangled name of CommImpl's vtable (exported): an activity is a
 * CommImpl when its vptr points two entries into it. */
constexpr const char* COMM_IMPL_VTABLE = "_ZTVN7simgrid6kernel8activity8CommImplE";

namespace lmm {
/* (4) Changing a running comm's bound. Action::set_bound() is public but, in
 * the default Lazy update mode, drops the action from the event heap and a
 * comm still in its latency phase never completes; SimGrid's own IB model
 * uses this member instead.
 * (9) Giving a comm a new variable without the constraints of its hidden
 * links (sg_compat.hpp, replace_variable): SimGrid can add a constraint to a
 * variable but not remove one. Only non-virtual members are declared. */
class System {
public:
  void update_variable_bound(Variable* var, double bound);
  Variable* variable_new(resource::Action* id, double sharing_penalty, double bound, size_t number_of_constraints);
  void variable_free(Variable* var);
  void expand(Constraint* cnst, Variable* var, double consumption_weight, bool force_creation = false);
};

/* (10) Reading a variable's constraints, weights, sharing penalty and bound
 * (their getters are inline): the leading members of lmm::Element and
 * lmm::Variable (src/kernel/lmm/System.hpp), each boost intrusive list hook
 * two pointers. Read only, through a pointer to the real object; never
 * constructed. Layout sensitive: sg_compat_3_32.cpp checks each read (the
 * variable's action, each element's back pointer, the number of elements)
 * and leaves the variable alone on any mismatch. */
struct ElementView {
  void* hooks[6]; /* enabled, disabled, active element set hooks */
  Constraint* constraint;
  Variable* variable;
  double consumption_weight;
  double max_consumption_weight;
};
static_assert(sizeof(ElementView) == 80, "lmm::Element is 80 bytes in SimGrid 3.32");
struct VariableView {
  void* hooks[4]; /* variable set, saturated variable set hooks */
  std::vector<ElementView> cnsts; /* the real vector<Element>: same three pointers, same element size */
  double sharing_penalty;
  double staged_sharing_penalty;
  double bound;
  double value;
  resource::Action* id;
};
} // namespace lmm

namespace resource {
/* (5) The source and destination hosts of a comm's action: the two
 * references directly follow the Action base (NetworkModel.hpp). Layout
 * sensitive: the binding checks at run time that they point to known hosts.
 * Only the leading members are declared; never construct or size it. */
class NetworkAction : public Action {
  s4u::Host& src_;
  s4u::Host& dst_;

public:
  /* Public members that follow (NetworkModel.hpp): the route's latency,
   * before and after the latency factor, and the max-min weight SimGrid
   * gives the variable when the latency phase ends (latency + weight-S /
   * bandwidth over the route), which shadows Action's. */
  double latency_;
  double lat_current_;
  double sharing_penalty_;

  NetworkAction() = delete;
  s4u::Host& get_src() const { return src_; }
  s4u::Host& get_dst() const { return dst_; }
};
} // namespace resource
} // namespace simgrid::kernel

/* (7) Not a declaration: SimGrid 3.32's Link::set_bandwidth() also shifts the
 * max-min weight of every comm on the link by network/weight-S / bandwidth
 * (src/surf/network_cm02.cpp), including comms still in their latency phase,
 * which that starts early (a lone comm then never completes in Lazy mode,
 * and a flow-heavy link crashed the solver). The option is bound to the
 * variable SimGrid reads there, so hidden_links.cpp sets it to 0 around its
 * own bandwidth changes: hiding a link never changes a comm's weight.
 */

#endif
