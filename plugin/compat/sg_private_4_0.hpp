/* The ONLY place with declarations of non-public SimGrid 4.0 / 4.1
 * internals, included by sg_compat_4_0.cpp only (sg_compat_4_1.cpp builds
 * that same source). Each one says why it is needed; each matches tags
 * v4.0 and v4.1 of SimGrid's sources (the two releases do not differ in
 * anything declared here). What 4.x offers publicly is used instead:
 * factor callbacks (s4u::NetZone), the comm state signal (s4u::Link), the
 * network model of a zone (s4u::NetZone::get_network_model). */
#ifndef CONTENTION_SG_PRIVATE_4_0_HPP
#define CONTENTION_SG_PRIVATE_4_0_HPP

#include <xbt/base.h> /* version.h needs its macros */
#include <simgrid/version.h>
#if SIMGRID_VERSION_MAJOR != 4 || (SIMGRID_VERSION_MINOR != 0 && SIMGRID_VERSION_MINOR != 1)
#error "sg_private_4_0.hpp re-declares SimGrid 4.0 / 4.1 internals: build sg_compat_4_0.cpp against those releases only."
#endif

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <simgrid/forward.h>
#include <simgrid/kernel/resource/Action.hpp>

/* (1) The network model table that `--cfg=network/model:` is checked
 * against: the ModuleGroup returned by simgrid_network_models()
 * (src/simgrid/module.hpp), whose own models register from library
 * constructors (SIMGRID_REGISTER_NETWORK_MODEL). The function is inline and
 * the group is its static local, which libsimgrid exports as the symbol
 * below (found with dlsym); ModuleGroup::add and ::by_name are exported
 * members. Layout sensitive only in the check sg_compat_4_0.cpp makes
 * before using the group: its table (first member) reads as a vector and
 * its kind (second member) is "network model".
 * (2) The "SMPI" entry's init function builds SimGrid's own SMPI network
 * model (every smpi/ and network/ option applies). */
namespace simgrid {
struct Module {
  const char* name_;
  const char* description_;
  std::function<void()> init;
};
class ModuleGroup {
public:
  ModuleGroup() = delete;
  ModuleGroup& add(const char* id, const char* desc, std::function<void()> init);
  Module const& by_name(const std::string& name) const;
};
struct ModuleGroupView {
  void* table[3]; /* std::vector<Module> */
  std::string kind;
};
constexpr const char* NETWORK_MODELS_SYMBOL = "_ZZ22simgrid_network_modelsvE6models";

namespace kernel {
/* (6) Registering the binding's flush model (binding.cpp) and the start
 * scanner (sg_compat_4_0.cpp), which the engine asks for their next event
 * before the network model. The engine is reached with the public
 * s4u::Engine::get_impl(); only this member is declared. */
class EngineImpl {
public:
  void add_model(std::shared_ptr<resource::Model> model, const std::vector<resource::Model*>& dep_models = {});
};

namespace lmm {
/* (4) Changing a running comm's bound: Action::set_bound() is public but,
 * in Lazy mode, drops the action from the event heap and a comm still in
 * its latency phase never completes (as in 3.32).
 * (9) Giving a comm a new variable without the constraints of its hidden
 * links (sg_compat.hpp, replace_variable): SimGrid can add a constraint to
 * a variable but not remove one. Only non-virtual, exported members. */
class System {
public:
  void update_variable_bound(Variable* var, double bound);
  Variable* variable_new(resource::Action* id, double sharing_penalty, double bound, size_t number_of_constraints);
  void variable_free(Variable* var);
  void expand(Constraint* cnst, Variable* var, double consumption_weight, bool force_creation = false);
};

/* (10) Reading a variable's constraints, weights, sharing penalty and bound
 * (src/kernel/lmm/System.hpp, unchanged from 3.32 in 4.0 and 4.1 up to the
 * members read here). Read only, through a pointer to the real object;
 * sg_compat_4_0.cpp checks each read and leaves the variable alone on any
 * mismatch. */
struct ElementView {
  void* hooks[6]; /* enabled, disabled, active element set hooks */
  Constraint* constraint;
  Variable* variable;
  double consumption_weight;
  double max_consumption_weight;
};
static_assert(sizeof(ElementView) == 80, "lmm::Element is 80 bytes in SimGrid 4.0 and 4.1");
struct VariableView {
  void* hooks[4]; /* variable set, saturated variable set hooks */
  std::vector<ElementView> cnsts;
  double sharing_penalty;
  double staged_sharing_penalty;
  double bound;
  double value;
  resource::Action* id;
};
} // namespace lmm

namespace resource {
/* (5) The source and destination hosts of a comm's action (the two
 * references directly follow the Action base, src/kernel/resource/
 * NetworkModel.hpp), and the type s4u::Link's comm state signal passes.
 * Layout sensitive: the binding checks that they point to known hosts.
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
} // namespace kernel
} // namespace simgrid

/* (7) Not a declaration: NetworkCm02Link::set_bandwidth() still shifts the
 * max-min weight of every comm on the link by network/weight-S / bandwidth
 * (src/kernel/resource/models/network_cm02.cpp), read from the config flag
 * NetworkModel::cfg_weight_S_parameter; hidden_links.cpp sets the option
 * to 0 around its own bandwidth changes, as under 3.32. */

#endif
