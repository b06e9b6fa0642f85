#include "binding.hpp"

#include "sg_private.hpp" /* must precede the s4u headers: defines NetworkAction */

#include "action_lookup.hpp"

#include <contention/graph.h>
#include <contention/technology.h>

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

XBT_LOG_NEW_DEFAULT_CATEGORY(contention, "Contention network model plugin (penalties, bounds)");

namespace contention_sg {
namespace {

using simgrid::kernel::resource::Action;
using simgrid::kernel::resource::NetworkAction;
using simgrid::s4u::Host;

struct Slot {              /* one per active inter-host comm, indexed by cg_comm */
  NetworkAction* action;   /* nullptr when free */
  uint64_t id;             /* trace id: start order, never reused */
  double base_bound;       /* bound the base model gave at start; <= 0: none */
  double bandwidth;        /* effective bandwidth divided by the penalty */
  double applied_penalty;  /* penalty of the bound in force; 0: none yet */
};

struct State {
  cg_graph* graph                        = nullptr;
  simgrid::kernel::resource::Model* model = nullptr;
  double bandwidth                       = 0;
  FILE* trace                            = nullptr;
  uint64_t next_id                       = 0;
  uint64_t updates                       = 0;
  std::unordered_map<const Host*, cg_host> hosts;
  std::unordered_map<const simgrid::s4u::NetZone*, int32_t> zones;
  std::unordered_set<const Host*> known_hosts; /* validates the NetworkAction layout */
  std::unordered_map<const NetworkAction*, cg_comm> active;
  std::vector<Slot> slots;
  bool pending = false; /* graph events since the last flush */
  std::unordered_map<uint64_t, double> bottleneck; /* (src << 32 | dst) -> B/s */
};
State st;

cg_host host_index(const Host* h)
{
  auto it = st.hosts.find(h);
  if (it != st.hosts.end())
    return it->second;
  auto idx = static_cast<cg_host>(st.hosts.size());
  st.hosts.emplace(h, idx);
  const simgrid::s4u::NetZone* zone = h->get_englobing_zone();
  auto z = st.zones.emplace(zone, static_cast<int32_t>(st.zones.size())).first;
  cg_graph_set_host_group(st.graph, idx, z->second); /* before the host's first comm */
  return idx;
}

void check_host(const Host* h)
{
  if (st.known_hosts.count(h) != 0)
    return;
  for (const Host* k : simgrid::s4u::Engine::get_instance()->get_all_hosts())
    st.known_hosts.insert(k);
  xbt_assert(st.known_hosts.count(h) != 0,
             "contention: a network action's host is not a known host: the NetworkAction layout differs from "
             "SimGrid 3.32's (see plugin/simgrid/sg_private.hpp)");
}

double route_bottleneck(const Host* src, cg_host s, const Host* dst, cg_host d)
{
  uint64_t key = (static_cast<uint64_t>(s) << 32) | d;
  auto it      = st.bottleneck.find(key);
  if (it != st.bottleneck.end())
    return it->second;
  std::vector<simgrid::s4u::Link*> links;
  src->route_to(dst, links, nullptr);
  double bw = std::numeric_limits<double>::infinity();
  for (const simgrid::s4u::Link* l : links)
    bw = std::min(bw, l->get_bandwidth());
  st.bottleneck.emplace(key, bw);
  return bw;
}

void trace_row(const Slot& s, double penalty, double bound, const char* event)
{
  if (st.trace == nullptr)
    return;
  std::fprintf(st.trace, "%.17g,%llu,%s,%s,%.17g,%.17g,%s\n", simgrid::s4u::Engine::get_clock(),
               static_cast<unsigned long long>(s.id), s.action->get_src().get_cname(), s.action->get_dst().get_cname(),
               penalty, bound, event);
}

/* Evaluates the graph once for all the events of this instant (deferred
 * mode) and re-bounds the comms whose penalty changed, in the core's order (a
 * function of the event sequence only: runs are reproducible). */
void flush()
{
  st.pending = false;
  cg_graph_flush(st.graph);
  size_t n;
  const cg_comm* changed = cg_graph_changed(st.graph, &n);
  for (size_t i = 0; i < n; i++) {
    Slot& s = st.slots[changed[i]];
    if (s.action == nullptr)
      continue;
    double penalty = cg_graph_penalty(st.graph, changed[i]);
    if (penalty == s.applied_penalty)
      continue;
    /* bandwidth / penalty, never more than SMPI's own bound. */
    double bound = s.bandwidth / penalty;
    if (s.base_bound > 0 && s.base_bound < bound)
      bound = s.base_bound;
    st.model->get_maxmin_system()->update_variable_bound(s.action->get_variable(), bound);
    st.updates++;
    XBT_DEBUG("comm %llu %s -> %s: penalty %g, bound %g B/s", static_cast<unsigned long long>(s.id),
              s.action->get_src().get_cname(), s.action->get_dst().get_cname(), penalty, bound);
    trace_row(s, penalty, bound, s.applied_penalty == 0 ? "start" : "update");
    s.applied_penalty = penalty;
  }
}

/* A model without actions, registered before the base network model: the
 * engine asks every model for its next event, in registration order, before
 * anything is solved, which is the moment to flush. */
class FlushModel : public simgrid::kernel::resource::Model {
public:
  FlushModel() : Model("contention-flush") {}
  double next_occurring_event(double /*now*/) override
  {
    if (st.pending)
      flush();
    return -1; /* no event of its own */
  }
  void update_actions_state(double /*now*/, double /*delta*/) override {}
};

void on_comm_start(simgrid::kernel::activity::CommImpl const& comm)
{
  if (st.graph == nullptr) /* after the end of the simulation */
    return;
  NetworkAction* na = started_action(st.model, comm);
  if (na == nullptr) { /* failed at start (link down): nothing to bound */
    XBT_DEBUG("comm %p has no running action at start", &comm);
    return;
  }
  Action* action = na;
  const Host* src = &na->get_src();
  const Host* dst = &na->get_dst();
  check_host(src);
  check_host(dst);
  if (src == dst) /* loopback: stays out of the graph, as in the papers */
    return;
  cg_host s = host_index(src);
  cg_host d = host_index(dst);
  cg_comm c = cg_graph_add(st.graph, s, d);
  if (c >= st.slots.size())
    st.slots.resize(c + 1, Slot{nullptr, 0, 0, 0, 0});
  Slot& slot           = st.slots[c];
  slot.action          = na;
  slot.id              = st.next_id++;
  slot.base_bound      = action->get_bound();
  slot.bandwidth       = st.bandwidth > 0 ? st.bandwidth : route_bottleneck(src, s, dst, d);
  slot.applied_penalty = 0;
  st.active.emplace(na, c);
  st.pending = true;
}

void on_comm_state(NetworkAction& action, Action::State /*previous*/)
{
  Action::State now = action.get_state();
  if (now != Action::State::FINISHED && now != Action::State::FAILED)
    return;
  auto it = st.active.find(&action);
  if (it == st.active.end())
    return;
  cg_comm c = it->second;
  st.active.erase(it);
  trace_row(st.slots[c], 0, 0, now == Action::State::FINISHED ? "end" : "failed");
  cg_graph_remove(st.graph, c);
  st.slots[c].action = nullptr;
  st.pending = true;
}

void on_end()
{
  XBT_VERB("contention: %llu comms, %llu bound updates", static_cast<unsigned long long>(st.next_id),
           static_cast<unsigned long long>(st.updates));
  if (st.trace != nullptr)
    std::fclose(st.trace);
  st.trace = nullptr;
  cg_graph_destroy(st.graph);
  st.graph = nullptr;
  st.active.clear();
  st.slots.clear();
  st.pending = false;
}

} // namespace

void binding_start(void (*base_init)(), const cg_tech* tech, const double* params, double bandwidth,
                   const char* trace_path)
{
  simgrid::s4u::Engine::get_instance()->get_impl()->add_model(std::make_shared<FlushModel>());
  base_init();
  st.model = current_network_model();
  xbt_assert(st.model != nullptr, "contention: the base network model is not a SimGrid Model");
  st.graph     = cg_graph_create(tech, params);
  cg_graph_set_deferred(st.graph, 1); /* one evaluation per simulated instant */
  st.bandwidth = bandwidth;
  if (trace_path != nullptr && trace_path[0] != '\0') {
    st.trace = std::fopen(trace_path, "w");
    if (st.trace == nullptr) {
      std::fprintf(stderr, "contention: --cfg=contention/trace:%s: cannot open the file for writing\n", trace_path);
      std::fflush(nullptr);
      std::_Exit(1); /* exit() would run destructors of a half-initialised engine */
    }
    std::fprintf(st.trace, "time,comm,src,dst,penalty,bound,event\n");
  }
  XBT_VERB("contention: technology %s, effective bandwidth %s", tech->name,
           bandwidth > 0 ? std::to_string(bandwidth).c_str() : "route bottleneck");
  simgrid::kernel::activity::CommImpl::on_start.connect(on_comm_start);
  simgrid::s4u::Link::on_communication_state_change_cb(on_comm_state);
  simgrid::s4u::Engine::on_simulation_end_cb(on_end);
}

} // namespace contention_sg
