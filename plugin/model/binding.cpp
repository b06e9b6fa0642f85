#include "binding.hpp"

#include "detached_links.hpp"
#include "lop_hook.hpp"
#include "hidden_links.hpp"
#include "node_links.hpp"
#include "shared_links.hpp"
#include "variable_links.hpp"
#include "paje_vars.hpp"
#include "penalty_trace.hpp"
#include "sg_compat.hpp"

#include <contention/comm_rate.h>
#include <contention/rate_plan.h>
#include <contention/step_factor.h>
#include <contention/graph.h>
#include <contention/ptr_index.h>
#include <contention/technology.h>

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/asserts.h>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

XBT_LOG_NEW_DEFAULT_CATEGORY(contention, "Contention network model plugin (penalties, bounds)");

namespace contention_sg {
namespace {

using simgrid::kernel::resource::Action;
using simgrid::s4u::Host;

/* One per active inter-host comm, indexed by cg_comm; its rate state is
 * the plan's (contention/rate_plan.h). */
struct SlotInfo {          /* read at the comm's start, first re-rating, end, and for trace rows */
  uint64_t id;             /* trace id: start order, never reused */
  cg_host src, dst;
  double rate_traced;      /* rate of the last trace or debug row */
  double penalty_traced;   /* penalty of that row */
  double own_b0;           /* b0 without the TCP window bound (<= 0: none) */
  double b0;               /* the plan's b0: own_b0 and the TCP window bound now */
  double f;                /* SimGrid's own rate factor of the comm, read at its start */
  bool resumed;            /* back from a suspension after its start row: its rows are updates */
};

struct State {
  cg_graph* graph                         = nullptr;
  cg_rate_plan* plan                      = nullptr; /* every comm's (bound, factor), the shared links' states */
  simgrid::kernel::resource::Model* model = nullptr;
  const cg_tech* tech                     = nullptr;
  double user_bandwidth                   = 0; /* contention/bandwidth; 0: none */
  NodeLinkMode mode                       = NodeLinkMode::penalty;
  uint64_t next_id                        = 0;
  uint64_t rate_changes                   = 0;
  uint64_t updates                        = 0; /* bound updates given to SimGrid's solver */
  bool timed                              = false; /* verbose: time the flushes (steady clock, vDSO) */
  double core_seconds                     = 0;     /* in the core's evaluation of the graph */
  double flush_seconds                    = 0;     /* in whole flushes (evaluation and re-rating) */
  uint64_t flushes                        = 0;     /* so far (the verbose end-of-run count) */
  double weight_s = 0; /* network/weight-S */
  bool retime_all = false; /* CONTENTION_RETIME_ALL=1: a bound update for every rate change (tests) */
  std::vector<const Host*> hosts; /* by index */
  cg_ptr_index index{};           /* Host* -> its index */
  std::unordered_map<const simgrid::s4u::NetZone*, int32_t> zones;
  std::unordered_set<const Host*> known_hosts; /* validates the compat layer's action hosts */
  std::vector<HostLinks> links;                /* per host; empty entries: not owned by penalties */
  std::vector<HostLinks> own;                  /* per host: the node links B is read from, in both modes */
  std::vector<double> b_out, b_in;             /* per host: real bandwidth of its out / in node links (own) */
  cg_ptr_index active{}; /* Action* of a running inter-host comm -> its cg_comm */
  std::vector<Action*> actions; /* by cg_comm; nullptr when free */
  std::vector<SlotInfo> info;   /* by cg_comm */
  bool rows = false;            /* trace rows or debug lines wanted (each flush) */
  struct Bottleneck {
    double bw;    /* min_bandwidth of the route */
    double start; /* start_bandwidth of the route */
  };
  std::unordered_map<uint64_t, Bottleneck> bottleneck; /* (src << 32 | dst), until a bandwidth changes */
  cg_step_factor bw_factor{};                      /* smpi/bw-factor */
  struct Start {
    Action* action;
    const Host* src;
    const Host* dst;
    /* its route's bandwidth as it started, when a bandwidth changed after
     * its start in the same flush (NaN: read at the flush) */
    double at_start = std::numeric_limits<double>::quiet_NaN();
  };
  std::vector<Start> starts; /* comms started since the last flush, in start order */
  /* Suspended comms (Activity::suspend, or their actor's): out of the graph
   * and the plan, their slot kept for their resume. */
  struct Suspended {
    Action* action;
    SlotInfo info;
  };
  std::vector<Suspended> suspended;
  bool suspension_changed = false; /* an activity was suspended or resumed since the last flush */
  /* Intra-host comms whose route crosses node links ("plain": no penalty
   * rates them), by handle: SimGrid no longer sees those links' capacity,
   * so each is bounded at what it gets alone and loads the ledger. */
  struct Plain {
    Action* action;    /* nullptr when free */
    const Host* host;
    double base_bound; /* SimGrid's at start */
    double bound;      /* in force */
  };
  std::vector<Plain> plain;
  std::vector<uint32_t> plain_free; /* free handles */
  cg_ptr_index plain_index{};       /* Action* -> handle */
  bool pending           = false;                  /* graph events since the last flush */
  bool bandwidth_changed = false;                  /* a link's bandwidth changed since the last flush */
  bool bandwidths_stale  = false;                  /* ... and b_out, b_in, bottleneck not read again since */
};
State st;

cg_host host_index(const Host* h)
{
  cg_host idx;
  if (cg_ptr_index_get(&st.index, h, &idx))
    return idx;
  /* A host created after the platform (s4u API): no node links known. */
  idx = static_cast<cg_host>(st.hosts.size());
  cg_ptr_index_put(&st.index, h, idx);
  st.hosts.push_back(h);
  auto z = st.zones.emplace(h->get_englobing_zone(), static_cast<int32_t>(st.zones.size())).first;
  cg_graph_set_host_group(st.graph, idx, z->second); /* before the host's first comm */
  return idx;
}

bool platform_traced()
{
  return simgrid::config::get_value<bool>("tracing") && simgrid::config::get_value<bool>("tracing/platform");
}

/* Per host, what one comm alone gets through its own links, each way. */
void read_node_bandwidths()
{
  st.b_out.assign(st.own.size(), 0);
  st.b_in.assign(st.own.size(), 0);
  for (size_t h = 0; h < st.own.size(); h++) {
    st.b_out[h] = min_bandwidth(st.own[h].out);
    st.b_in[h]  = min_bandwidth(st.own[h].in);
  }
}

/* After a bandwidth change, once: the node links' bandwidths read again and
 * the kept route bottlenecks dropped. */
void refresh_bandwidths()
{
  if (not st.bandwidths_stale)
    return;
  st.bandwidths_stale = false;
  read_node_bandwidths();
  st.bottleneck.clear();
}

/* Hosts get dense indices in name order, racks in order of first host.
 * Called when the root zone is sealed (at the start of the run, or by the
 * program), not when the XML file's end is read: the node links are found
 * from routes, which SimGrid can only give once every zone is sealed (a
 * Floyd zone computes its multi-hop routes then, and a Full zone without a
 * route of its own has no table before; SimGrid 3.32 threw or crashed on
 * those route requests). A platform built through the s4u API, which has
 * no XML end, is indexed too. */
void index_platform_hosts()
{
  std::vector<Host*> all = simgrid::s4u::Engine::get_instance()->get_all_hosts();
  std::sort(all.begin(), all.end(), [](const Host* a, const Host* b) { return a->get_name() < b->get_name(); });
  for (const Host* h : all)
    host_index(h);
  record_link_bandwidths(simgrid::s4u::Engine::get_instance()->get_all_links());
  /* Under node-links:maxmin the node links stay SimGrid's, but B is still
   * what a comm gets alone on them: its route's bottleneck (an uplink of
   * several hosts) divided by a penalty held a comm at a fraction of a
   * link that the penalties never divide. */
  st.own = find_node_links(all);
  read_node_bandwidths();
  if (st.mode != NodeLinkMode::penalty)
    return;
  st.links = st.own;
  release_node_links(st.links, platform_traced() ? Release::fatpipe : Release::hide);
  shared_links_set_node_links(st.links);
}

void check_host(const Host* h)
{
  if (st.known_hosts.count(h) != 0)
    return;
  for (const Host* k : simgrid::s4u::Engine::get_instance()->get_all_hosts())
    st.known_hosts.insert(k);
  xbt_assert(st.known_hosts.count(h) != 0,
             "contention: a network action's host is not a known host: the NetworkAction layout differs from "
             "the one plugin/compat/sg_compat_3_32.cpp was written for (sg_private.hpp)");
}

/* host_index of a host read from an action, checked against the engine's
 * hosts the first time it is seen (the hosts indexed from the platform
 * are the engine's, so a hit needs no check). */
cg_host known_host_index(const Host* h)
{
  cg_host idx;
  if (cg_ptr_index_get(&st.index, h, &idx))
    return idx;
  check_host(h);
  return host_index(h);
}

bool owned(cg_host h)
{
  return h < st.links.size() && st.links[h].resolved();
}

/* Whether B of a comm of h is read from h's own links (in both modes). */
bool measured(cg_host h)
{
  return h < st.own.size() && st.own[h].resolved();
}

const State::Bottleneck& route_limits(cg_host s, cg_host d)
{
  uint64_t key = (static_cast<uint64_t>(s) << 32) | d;
  auto it      = st.bottleneck.find(key);
  if (it != st.bottleneck.end())
    return it->second;
  std::vector<simgrid::s4u::Link*> route;
  st.hosts[s]->route_to(st.hosts[d], route, nullptr);
  return st.bottleneck.emplace(key, State::Bottleneck{min_bandwidth(route), start_bandwidth(route)}).first->second;
}

double route_bottleneck(cg_host s, cg_host d)
{
  return route_limits(s, d).bw;
}

/* The bound SimGrid gave a comm of s -> d starting now, `real` being its
 * links_bandwidth: its route's slowest link, 0 (none) when a link of the
 * route is at 0 B/s (SimGrid takes the minimum over the route). */
double start_bound(cg_host s, cg_host d, double real)
{
  const State::Bottleneck& b = route_limits(s, d);
  if (!(b.start > 0))
    return 0;
  return owned(s) && owned(d) ? std::min(real, b.bw) : real;
}

/* The bandwidth of the comm's links, as they are now (hidden ones at their
 * real bandwidth). */
double links_bandwidth(cg_host src, cg_host dst)
{
  return owned(src) && owned(dst) ? cg_node_bandwidth(st.b_out[src], st.b_in[dst]) : route_bottleneck(src, dst);
}

/* B of a comm whose links give `links` (comm_bandwidth: from src to dst):
 * what it gets alone through its node links (its route's bottleneck for a
 * host without), or contention/bandwidth when that is smaller: an
 * effective bandwidth never makes a comm faster than its links allow. */
double alone_on(double links)
{
  return st.user_bandwidth > 0 ? cg_comm_alone(st.user_bandwidth, links) : links;
}

/* What a comm of src -> dst gets alone on its hosts' own links, under
 * either node-link mode (links_bandwidth under penalty). */
double node_bandwidth(cg_host src, cg_host dst)
{
  return measured(src) && measured(dst) ? cg_node_bandwidth(st.b_out[src], st.b_in[dst])
                                        : route_bottleneck(src, dst);
}

double comm_bandwidth(cg_host src, cg_host dst)
{
  return alone_on(node_bandwidth(src, dst));
}

/* The trace row and debug line of a comm whose rate or penalty moved
 * since its last row ("start" for its first rate). */
void row(cg_comm c, double rate, bool first)
{
  SlotInfo& i    = st.info[c];
  double penalty = cg_graph_penalty(st.graph, c);
  if (not first && rate == i.rate_traced && penalty == i.penalty_traced)
    return;
  XBT_DEBUG("comm %llu %s -> %s: penalty %g, rate %g B/s", static_cast<unsigned long long>(i.id),
            st.hosts[i.src]->get_cname(), st.hosts[i.dst]->get_cname(), penalty, rate);
  if (trace_enabled())
    trace_row(simgrid::s4u::Engine::get_clock(), i.id, st.hosts[i.src]->get_cname(), st.hosts[i.dst]->get_cname(),
              penalty, rate, first && not i.resumed ? "start" : "update");
  i.rate_traced    = rate;
  i.penalty_traced = penalty;
}

/* Rows of the comms whose penalty changed under an unchanged rate (a
 * bound such as the TCP window's holds them): the plan re-rated none of
 * them, and their last row would show the former penalty. */
void penalty_rows()
{
  size_t n;
  const cg_comm* changed = cg_graph_changed(st.graph, &n);
  for (size_t k = 0; k < n; k++) {
    cg_comm c = changed[k];
    if (st.actions[c] != nullptr && not std::isnan(st.info[c].rate_traced))
      row(c, st.info[c].rate_traced, false);
  }
}

/* A comm's new (bound, factor) from the plan, told to SimGrid: a new bound
 * goes to the solver (which re-solves the comms of the comm's links and
 * re-times those whose rate moved); a new factor under the same bound
 * only needs this comm re-timed, which compat::retime asks without a
 * solve; neither (a bound held at b0 while the rate f * d moved) only the
 * trace row. At its first pair, the comm's variable drops its hidden links. */
void apply(const cg_rate_change& ch)
{
  Action& action = *st.actions[ch.comm];
  if (ch.first) {
    const SlotInfo& i = st.info[ch.comm];
    detach_hidden_links(ch.comm, action, i.src, i.dst, st.hosts[i.src], st.hosts[i.dst]);
  }
  if (ch.factor_changed)
    action.set_rate_factor(ch.factor);
  if (ch.first || ch.bound_changed || ch.factor_changed) { /* else only its rate moved, under a held bound */
    if (ch.bound_changed || st.retime_all) {
      compat::update_bound(st.model, action, ch.bound);
      st.updates++;
    } else {
      compat::retime(st.model, action);
    }
    st.rate_changes++;
  }
  if (st.rows)
    row(ch.comm, ch.rate, ch.first);
}

/* contention/lop hook: a small comm's demand capped at its LoP bound. */
double lop_cap(void* /*ctx*/, cg_comm c, double demand)
{
  return lop_bound(c, demand);
}

/* A technology's rules must give finite penalties >= 1: anything else stops
 * the simulation with the comm, its hosts and the technology named. */
void check_penalties()
{
  const cg_penalty_error* e = cg_graph_error(st.graph);
  if (e == nullptr)
    return;
  char comm[32];
  char msg[512];
  std::snprintf(comm, sizeof comm, "%llu", static_cast<unsigned long long>(st.info[e->comm].id));
  cg_penalty_error_format(e, comm, st.hosts[e->src]->get_cname(), st.hosts[e->dst]->get_cname(), msg, sizeof msg);
  xbt_die("contention: at %.9g s, %s", simgrid::s4u::Engine::get_clock(), msg);
}

void add_started_comms();
void apply_suspensions();

/* Evaluates the graph once for all the events of this instant (deferred
 * mode) and applies the plan's new (bound, factor) pairs of the comms whose
 * penalty changed, in the core's order (a function of the event sequence
 * only: runs are reproducible). After a bandwidth change every comm is
 * re-rated, in handle order. */
void flush()
{
  st.pending = false;
  st.flushes++;
  add_started_comms(); /* not timed: the comm starts were not, and the rules' time is the core's */
  apply_suspensions();
  st.rows = trace_enabled() || XBT_LOG_ISENABLED(contention, xbt_log_priority_debug);
  using clock = std::chrono::steady_clock;
  clock::time_point t0;
  if (st.timed)
    t0 = clock::now();
  cg_graph_flush(st.graph);
  if (st.timed)
    st.core_seconds += std::chrono::duration<double>(clock::now() - t0).count();
  check_penalties();
  rehide_links();
  if (st.bandwidth_changed) { /* B may have changed for any comm: the plan re-rates them all */
    st.bandwidth_changed = false;
    refresh_bandwidths();
    for (size_t c = 0; c < st.actions.size(); c++)
      if (st.actions[c] != nullptr)
        cg_rate_plan_set_bandwidth(st.plan, static_cast<cg_comm>(c), comm_bandwidth(st.info[c].src, st.info[c].dst));
    for (uint32_t k = 0; k < st.plain.size(); k++) {
      State::Plain& p = st.plain[k];
      if (p.action == nullptr)
        continue;
      double alone = shared_links_plain_rerate(k, p.base_bound);
      if (alone != p.bound) {
        p.bound = alone;
        compat::update_bound(st.model, *p.action, alone);
        st.updates++;
      }
    }
  }
  size_t n_lop; /* contention/lop hook: small comms whose LoP time changed */
  const cg_comm* lop_changed = lop_take_dirty(&n_lop);
  cg_rate_plan_result plan   = cg_rate_plan_flush(st.plan, st.graph, lop_changed, n_lop, lop_cap, nullptr);
  shared_links_apply(plan.links, plan.nlinks);
  for (size_t i = 0; i < plan.ncomms; i++)
    apply(plan.comms[i]);
  if (st.rows)
    penalty_rows();
  paje_vars_after_flush(st.graph, st.hosts); /* hook: Paje trace variables */
  trace_flush();
  if (st.timed)
    st.flush_seconds += std::chrono::duration<double>(clock::now() - t0).count();
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

/* b0 (<= 0: none) with the comm's TCP window bound now; none where
 * SimGrid frees the comm from its own bound (3.32 under TCP-gamma 0: SMPI's
 * comm then follows its links' later rises). */
double with_tcp_bound(double b0, const Action& action)
{
  if (not compat::own_bound_kept(action))
    return -1;
  double tcp = compat::tcp_bound(action);
  return std::isfinite(tcp) && tcp > 0 && (b0 <= 0 || tcp < b0) ? tcp : b0;
}

/* A started comm into the graph and the binding's tables; `resumed`: its
 * slot from before its suspension (b0 and f as read at its start: its
 * action holds the plugin's bound and factor). */
void add_comm(Action& action, const Host* src, const Host* dst, const SlotInfo* resumed = nullptr,
              double at_start = std::numeric_limits<double>::quiet_NaN())
{
  cg_host s = known_host_index(src);
  cg_host d = known_host_index(dst);
  cg_comm c = cg_graph_add(st.graph, s, d);
  if (c >= st.actions.size()) {
    st.actions.resize(c + 1);
    st.info.resize(c + 1);
  }
  st.actions[c] = &action;
  st.info[c]    = resumed != nullptr ? *resumed
                                     : SlotInfo{st.next_id++, s, d, std::numeric_limits<double>::quiet_NaN(),
                                             std::numeric_limits<double>::quiet_NaN(), -1, -1,
                                             compat::rate_factor(action), false};
  const uint32_t* links;
  const double* weights;
  size_t n = shared_links_comm_links(s, d, action, src, dst, &links, &weights);
  /* b0: SimGrid bounds a comm at start by its route's slowest link, and
   * keeps that bound (SMPI keeps a comm started inside a bandwidth dip at
   * the dip's rate). A hidden link counts there at its hidden bandwidth: its real
   * bandwidth now is taken instead, for the node links and for the shared
   * links the ledger hides (a backbone inside its dip). */
  double real = links_bandwidth(s, d);
  double b0   = resumed != nullptr ? resumed->own_b0 : compat::own_bound(action);
  double start = not std::isnan(at_start) ? at_start : start_bound(s, d, real);
  if (resumed == nullptr && start > 0 && (b0 < 0 || start < b0))
    b0 = start;
  else if (resumed == nullptr && not(start > 0)) /* a link at 0 B/s: SimGrid's minimum, no bound (start_bound) */
    b0 = -1;
  /* SimGrid's TCP window bound is part of b0: a comm whose links are all
   * hidden runs at the bound min(b0, B) with the factor d / min(b0, B), and
   * SimGrid's solver applies the TCP bound to that bound, so a TCP bound
   * below min(b0, B) outside b0 got the penalty's factor on top (two
   * comms into one host at half the TCP-bound rate). It moves with the
   * route's latency (on_latency_changed). */
  st.info[c].own_b0 = b0;
  st.info[c].b0     = with_tcp_bound(b0, action);
  b0                = st.info[c].b0;
  /* f: SimGrid's own factor of the comm (SMPI's bandwidth factor, or a
   * factor callback's value, which the smpi/bw-factor option does not see) */
  cg_rate_plan_add_comm(st.plan, c, b0, st.info[c].f, comm_bandwidth(s, d), links, weights, n);
  cg_ptr_index_put(&st.active, &action, c);
  lop_comm_start(c, &action, src, dst, s, d); /* contention/lop hook */
}

/* An intra-host comm on a host with node links: bounded at what it gets
 * alone on its route (SimGrid no longer sees a released link's
 * bandwidth), and its load on those links told to the ledger. A route
 * without node links (a loopback link) is left to SimGrid. */
void add_plain(Action& action, const Host* h, double at_start)
{
  uint32_t k;
  if (st.plain_free.empty()) {
    k = static_cast<uint32_t>(st.plain.size());
    st.plain.push_back({});
  } else {
    k = st.plain_free.back();
    st.plain_free.pop_back();
  }
  double base  = compat::own_bound(action); /* capped below at the route's real bandwidth, as b0 (add_comm) */
  double alone =
      shared_links_add_plain(k, h, &base, compat::own_bound_kept(action), owned(known_host_index(h)), at_start);
  if (alone <= 0) {
    st.plain_free.push_back(k);
    return;
  }
  st.plain[k] = State::Plain{&action, h, base, alone};
  compat::update_bound(st.model, action, alone);
  st.updates++;
  cg_ptr_index_put(&st.plain_index, &action, k);
}

/* The comms started since the last flush, added in their start order. */
void add_started_comms()
{
  /* SimGrid applies a profile event of a link no variable holds without
   * stopping there, so a bandwidth change and the next starts may reach
   * one flush (or a comm's end): the starts must see the new bandwidths. */
  if (not st.starts.empty())
    refresh_bandwidths();
  for (const State::Start& start : st.starts)
    if (start.src == start.dst)
      add_plain(*start.action, start.src, start.at_start);
    else
      add_comm(*start.action, start.src, start.dst, nullptr, start.at_start);
  st.starts.clear();
}

/* A comm's start is recorded, and the comm added at the next flush with
 * the other starts of its instant, in their order. Nothing reads the graph
 * in between (SimGrid solves after the flush), and adding them together,
 * just before the evaluation, meets the binding's code and tables in the
 * caches once per instant instead of once per comm: SimGrid runs the
 * ranks' MPI code between two starts. (Ends come in a row already, from
 * SimGrid's update of the finished actions, and are handled at once.) */
/* SimGrid has just set the comm's max-min weight from its route's
 * bandwidths (network/weight-S / bandwidth per link): a link hidden now
 * (hidden_bandwidth()) would count for nothing, and comms of one route
 * would share max-min with weights that depend on which links happened to
 * be hidden at their start. Each hidden link of the route is counted at
 * its real bandwidth instead, as SimGrid counts it without the plugin (a
 * link changed since its last re-hiding is at its real bandwidth in
 * SimGrid already, and needs nothing). Bandwidths are read as of the
 * start: SimGrid 4.x tells of starts inside a later change's signal, after
 * the change (held_bandwidth_before). The
 * variable still has no weight (latency phase): SimGrid applies this one
 * when the phase ends. Route terms weigh 1 (1.05 with the reverse route's
 * cross-traffic), reverse-route-only terms 0.05.
 * The weight is SMPI's to the last bit where the route's terms give back
 * SimGrid's own sum (its latency, then weight-S / bandwidth per link, in
 * route order): a bit off can decide a solver tie, a comm bound at a
 * FATPIPE link's capacity as that link saturates at the same level
 * (smpi.fatpipe_weights_node_profile). Elsewhere (routes across zones,
 * whose order the terms may not keep) the hidden terms are added. */
void restore_hidden_weights(Action& action, const Host& src, const Host& dst)
{
  static std::vector<compat::VariableTerm> terms;
  static std::vector<simgrid::s4u::Link*> links;
  double given;
  if (st.weight_s <= 0 || not compat::start_weight(action, &given) || not compat::variable_terms(action, terms) ||
      not variable_links(terms, &src, &dst, links))
    return;
  double add     = 0;
  double latency = 0;
  for (size_t i = 0; i < links.size(); i++)
    if (terms[i].weight >= 1) {
      latency += links[i]->get_latency();
      if (link_hidden(links[i]))
        add += st.weight_s / link_bandwidth(links[i]) - st.weight_s / held_bandwidth_before(*links[i]);
    }
  if (not(add > 0))
    return;
  double simgrid = latency;
  double smpi    = latency;
  for (size_t i = 0; i < links.size(); i++)
    if (terms[i].weight >= 1) {
      double held = held_bandwidth_before(*links[i]);
      simgrid += st.weight_s / held;
      smpi += st.weight_s / (link_hidden(links[i]) ? link_bandwidth(links[i]) : held);
    }
  compat::set_start_weight(action, simgrid == given ? smpi : given + add);
}

void on_comm_start(Action& action, const Host& src_host, const Host& dst_host)
{
  if (st.graph == nullptr) /* after the end of the simulation */
    return;
  restore_hidden_weights(action, src_host, dst_host);
  if (&src_host == &dst_host) { /* intra-host: stays out of the graph, as in the papers */
    check_host(&src_host);
    /* Its route may cross the host's released node links, or (a host
     * without them: node-links:maxmin, or links it cannot tell apart)
     * links the ledger hides while the comms it counts fit in them. */
    st.starts.push_back(State::Start{&action, &src_host, &dst_host});
    st.pending = true;
    return;
  }
  st.starts.push_back(State::Start{&action, &src_host, &dst_host});
  st.pending = true;
}

/* A comm leaves the graph: finished, or failed (cancelled, killed, link
 * or host off, wait timed out). */
void comm_gone(Action& action, bool finished)
{
  if (not st.starts.empty()) /* an end before the flush (a comm failed at once): the starts first */
    add_started_comms();
  cg_comm c;
  if (cg_ptr_index_take(&st.plain_index, &action, &c)) {
    shared_links_remove_plain(c);
    st.plain[c].action = nullptr;
    st.plain_free.push_back(c);
    st.pending = true;
    return;
  }
  if (not cg_ptr_index_take(&st.active, &action, &c)) {
    for (size_t k = 0; k < st.suspended.size(); k++)
      if (st.suspended[k].action == &action) { /* cancelled, failed or finished while suspended */
        const SlotInfo& i = st.suspended[k].info;
        if (trace_enabled() && not std::isnan(i.rate_traced))
          trace_row(simgrid::s4u::Engine::get_clock(), i.id, st.hosts[i.src]->get_cname(),
                    st.hosts[i.dst]->get_cname(), 0, 0, finished ? "end" : "failed");
        st.suspended[k] = st.suspended.back();
        st.suspended.pop_back();
        break;
      }
    return;
  }
  const SlotInfo& i = st.info[c];
  /* A comm gone in the instant it started, before any rate (a receive
   * cancelled at once), has no start row: it gets no end row either. */
  if (trace_enabled() && not std::isnan(i.rate_traced))
    trace_row(simgrid::s4u::Engine::get_clock(), i.id, st.hosts[i.src]->get_cname(), st.hosts[i.dst]->get_cname(),
              0, 0, finished ? "end" : "failed");
  lop_comm_end(c); /* contention/lop hook */
  detached_links_comm_end(c);
  cg_rate_plan_remove_comm(st.plan, c);
  cg_graph_remove(st.graph, c);
  paje_vars_comm_end(st.graph, st.hosts, i.src, i.dst); /* hook: Paje trace variables */
  st.actions[c] = nullptr;
  st.pending    = true;
}

/* A suspended comm sends nothing: it leaves the graph (its hosts' other
 * comms are re-rated without it) and the plan, its action given back its
 * hidden links; resumed, it comes back with its slot, b0 and f. Checked at
 * the flush after a suspension or resume, from the actions' own state (a
 * scan of the running and suspended comms, at those instants only). */
void apply_suspensions()
{
  if (not st.suspension_changed)
    return;
  st.suspension_changed = false;
  for (size_t c = 0; c < st.actions.size(); c++) {
    Action* a = st.actions[c];
    if (a == nullptr || not a->is_suspended())
      continue;
    SlotInfo i = st.info[c];
    if (trace_enabled() && not std::isnan(i.rate_traced))
      trace_row(simgrid::s4u::Engine::get_clock(), i.id, st.hosts[i.src]->get_cname(), st.hosts[i.dst]->get_cname(),
                0, 0, "suspended");
    XBT_DEBUG("comm %llu %s -> %s: suspended", static_cast<unsigned long long>(i.id), st.hosts[i.src]->get_cname(),
              st.hosts[i.dst]->get_cname());
    i.resumed = not std::isnan(i.rate_traced); /* suspended before its first row: its resume starts it */
    cg_comm taken;
    cg_ptr_index_take(&st.active, a, &taken);
    lop_comm_end(static_cast<cg_comm>(c)); /* contention/lop hook */
    detached_links_comm_restore(static_cast<cg_comm>(c));
    cg_rate_plan_remove_comm(st.plan, static_cast<cg_comm>(c));
    cg_graph_remove(st.graph, static_cast<cg_comm>(c));
    paje_vars_comm_end(st.graph, st.hosts, i.src, i.dst); /* hook: Paje trace variables */
    st.actions[c] = nullptr;
    st.suspended.push_back(State::Suspended{a, i});
  }
  for (size_t k = 0; k < st.suspended.size();) {
    State::Suspended s = st.suspended[k];
    if (s.action->is_suspended()) {
      k++;
      continue;
    }
    st.suspended[k] = st.suspended.back();
    st.suspended.pop_back();
    add_comm(*s.action, st.hosts[s.info.src], st.hosts[s.info.dst], &s.info);
  }
}

void on_suspension()
{
  if (st.graph == nullptr)
    return;
  st.suspension_changed = true;
  st.pending            = true;
}

void on_comm_state(Action& action)
{
  Action::State now = action.get_state();
  if (now == Action::State::FINISHED || now == Action::State::FAILED)
    comm_gone(action, now == Action::State::FINISHED);
}

/* SimGrid drops the action of a comm whose wait timed out, without a state
 * change: the comm fails for the model. */
void on_comm_dropped(Action& action)
{
  if (st.graph != nullptr)
    comm_gone(action, false);
}

/* SimGrid's Link::set_bandwidth, right after this signal, shifts the
 * max-min weight of every comm on the link by weight-S / new - weight-S /
 * held, `held` being the bandwidth it held for the link: hidden_bandwidth() for
 * a hidden link, where SMPI, with the link at its real bandwidth, shifts
 * it by weight-S / new - weight-S / real. Each comm whose variable holds
 * the link gets its weight set first so that SimGrid's shift ends on
 * SMPI's weight, to the last bit: otherwise every change of a hidden
 * link's bandwidth added weight-S / real to its comms, and a comm sharing
 * a visible link with others got less than its max-min share there (and
 * a bit off flipped a FATPIPE tie, smpi.fatpipe_weights_node_profile).
 * A scan of the running comms, at a hidden link's bandwidth change only. */
void keep_weights_on(const simgrid::s4u::Link& link, double shift, double then)
{
  static std::vector<compat::VariableTerm> terms;
  static std::vector<simgrid::s4u::Link*> links;
  auto shift_if_on_link = [&link, shift, then](Action& action, const Host* src, const Host* dst) {
    if (compat::variable_terms(action, terms) && variable_links(terms, src, dst, links) &&
        std::find(links.begin(), links.end(), &link) != links.end())
      compat::shift_sharing_penalty(action, shift, then);
  };
  for (size_t c = 0; c < st.actions.size(); c++)
    if (st.actions[c] != nullptr)
      shift_if_on_link(*st.actions[c], st.hosts[st.info[c].src], st.hosts[st.info[c].dst]);
  for (const State::Plain& p : st.plain)
    if (p.action != nullptr)
      shift_if_on_link(*p.action, p.host, p.host);
  for (const State::Start& start : st.starts)
    shift_if_on_link(*start.action, start.src, start.dst);
  for (const State::Suspended& s : st.suspended)
    shift_if_on_link(*s.action, st.hosts[s.info.src], st.hosts[s.info.dst]);
}

/* A bandwidth is about to be recorded as changed: the comms that started
 * before it in this flush keep their route's bandwidth as it was (SimGrid
 * bounded them at its slowest link then; hidden links count at their real
 * bandwidth, which the plugin has not recorded anew yet). */
void keep_start_bandwidths()
{
  compat::report_starts(); /* SimGrid 4.x: the starts before this change */
  for (State::Start& start : st.starts) {
    if (not std::isnan(start.at_start))
      continue;
    if (start.src == start.dst) {
      std::vector<simgrid::s4u::Link*> route;
      start.src->route_to(start.dst, route, nullptr);
      start.at_start = start_bandwidth(route);
      continue;
    }
    refresh_bandwidths();
    cg_host s      = known_host_index(start.src);
    cg_host d      = known_host_index(start.dst);
    double real    = links_bandwidth(s, d);
    start.at_start = start_bound(s, d, real);
  }
}

void on_bandwidth_change(simgrid::s4u::Link const& link)
{
  if (st.graph == nullptr || hiding_in_progress()) /* our own hiding */
    return;
  read_bandwidths_before(link, true); /* the comms started before it read the former bandwidth */
  keep_start_bandwidths();
  read_bandwidths_before(link, false);
  double held;
  double real;
  bool hidden = hidden_link_before_change(link, &held, &real);
  hidden_link_bandwidth_changed(link);  /* records the real bandwidth of a hidden link */
  keep_link_attached(&link);            /* SimGrid must stop at its next change */
  shared_links_bandwidth_changed(link); /* a shared link's capacity follows */
  if (hidden && st.weight_s > 0 && held != real) /* SMPI's shift, then SimGrid's */
    keep_weights_on(link, st.weight_s / compat::held_bandwidth(link) - st.weight_s / real,
                    st.weight_s / compat::held_bandwidth(link) - st.weight_s / held);
  link_bandwidth_reported(link);
  st.bandwidth_changed = true;
  st.bandwidths_stale  = true;
  st.pending           = true;
}

/* A link's latency changed (SimGrid's kernel, after its own re-bounding):
 * a comm whose route latency SimGrid now sums to 0 or a residue below it
 * was freed by SimGrid's negative TCP bound (under TCP-gamma 0, 3.32 frees
 * every comm of the link with a bound of 0), and gets its bound back. A
 * scan of the running comms, at latency changes only. */
void on_latency_changed()
{
  if (st.graph == nullptr)
    return;
  for (size_t c = 0; c < st.actions.size(); c++) {
    Action* a = st.actions[c];
    if (a == nullptr)
      continue;
    if (compat::keep_bound_below_latency_residue(st.model, *a))
      st.updates++;
    /* the TCP window bound in b0 follows the latency */
    double b0 = with_tcp_bound(st.info[c].own_b0, *a);
    if (b0 != st.info[c].b0) {
      st.info[c].b0 = b0;
      cg_rate_plan_set_base_bound(st.plan, static_cast<cg_comm>(c), b0);
      st.pending = true;
    }
  }
  for (const State::Plain& p : st.plain)
    if (p.action != nullptr && compat::keep_bound_below_latency_residue(st.model, *p.action))
      st.updates++;
}

void on_end()
{
  XBT_VERB("contention: %llu comms, %llu flushes, %llu rate changes, %llu bound updates",
           static_cast<unsigned long long>(st.next_id), static_cast<unsigned long long>(st.flushes),
           static_cast<unsigned long long>(st.rate_changes), static_cast<unsigned long long>(st.updates));
  XBT_VERB("contention: %.3f s in flushes, of which %.3f s in the %s rules (wall clock)", st.flush_seconds,
           st.core_seconds, st.tech->name);
  trace_close();
  lop_end(); /* contention/lop hook */
  shared_links_end();
  cg_rate_plan_destroy(st.plan);
  st.plan = nullptr;
  detached_links_end();
  variable_links_end();
  cg_graph_destroy(st.graph);
  st.graph = nullptr;
  cg_step_factor_free(&st.bw_factor);
  cg_ptr_index_free(&st.active);
  cg_ptr_index_free(&st.plain_index);
  st.plain.clear();
  st.plain_free.clear();
  st.actions.clear();
  st.info.clear();
  st.starts.clear();
  st.suspended.clear();
  st.suspension_changed = false;
  st.pending = false;
}

} // namespace

void binding_start(void (*base_init)(), const BindingConfig& cfg)
{
  compat::add_model_first(std::make_shared<FlushModel>());
  base_init();
  st.model = compat::network_model();
  xbt_assert(st.model != nullptr, "contention: the base network model is not a SimGrid Model");
  st.tech  = cfg.tech;
  /* SMPI's own factor of each comm, which the penalty divides (read as SMPI
   * reads it: its model has just been built from the final options). */
  std::string bw_factor = simgrid::config::get_value<std::string>(compat::BW_FACTOR_OPTION);
  char err[256];
  if (cg_step_factor_parse(bw_factor.c_str(), &st.bw_factor, err, sizeof err) != 0) {
    /* the command line's value was checked at load: this one came from
     * the platform's <config> */
    std::fprintf(stderr,
                 "contention: %s '%s' (the platform's <config>): %s; accepted: "
                 "THRESHOLD:VALUE[;THRESHOLD:VALUE...], thresholds in bytes\n",
                 compat::BW_FACTOR_OPTION, bw_factor.c_str(), err);
    std::_Exit(1); /* not exit(): SimGrid's static destructors crash while the platform loads */
  }
  st.graph = cg_graph_create(cfg.tech, cfg.params);
  cg_graph_set_deferred(st.graph, 1); /* one evaluation per simulated instant */
  st.user_bandwidth = cfg.bandwidth;
  /* Test hook: the re-timing rule must not change a digit (tests/smpi/retime_rule.sh). */
  const char* retime_all = std::getenv("CONTENTION_RETIME_ALL");
  st.retime_all          = retime_all != nullptr && std::string(retime_all) == "1";
  st.mode           = cfg.node_links;
  st.timed          = XBT_LOG_ISENABLED(contention, xbt_log_priority_verbose);
  trace_open(cfg.trace_path);
  lop_start(st.model); /* contention/lop hook */
  /* No hiding under a platform trace: SimGrid's tracer would record it. */
  bool crosstraffic = simgrid::config::get_value<bool>("network/crosstraffic");
  st.weight_s       = simgrid::config::get_value<double>("network/weight-S");
  /* Test hook (tests/smpi/ledger_ceilings.sh): 0, no ceilings, every
   * shared link counted at every re-rating. */
  const char* ceilings = std::getenv("CONTENTION_LEDGER_CEILINGS");
  st.plan = cg_rate_plan_create(not platform_traced(), ceilings == nullptr || std::string(ceilings) != "0");
  shared_links_start(st.plan, crosstraffic);
  variable_links_start(crosstraffic);
  detached_links_start(st.model, cfg.detach_hidden_links && not platform_traced());
  XBT_VERB("contention: technology %s, node links %s, effective bandwidth %s", cfg.tech->name,
           cfg.node_links == NodeLinkMode::penalty ? "governed by the penalties" : "shared max-min (maxmin)",
           cfg.bandwidth > 0 ? (std::to_string(cfg.bandwidth) + " B/s").c_str() : "of each comm's node links");
  simgrid::s4u::NetZone::on_seal_cb([](const simgrid::s4u::NetZone& zone) {
    /* the root, sealed after every other zone (NetZone::get_parent of the
     * root is not null in SimGrid 3.32: an offset from a null pointer) */
    if (&zone == simgrid::s4u::Engine::get_instance()->get_netzone_root())
      index_platform_hosts();
  });
  compat::on_comm_start(st.model, on_comm_start);
  compat::on_comm_state_change(on_comm_state);
  compat::on_comm_dropped(on_comm_dropped);
  compat::on_suspension(on_suspension);
  simgrid::s4u::Link::on_bandwidth_change_cb(on_bandwidth_change);
  compat::on_latency_changed(on_latency_changed);
  compat::on_get_bandwidth(real_bandwidth); /* a program reads a hidden link's real bandwidth */
  simgrid::s4u::Engine::on_simulation_end_cb(on_end);
}

} // namespace contention_sg
