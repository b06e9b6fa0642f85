#include "shared_links.hpp"

#include "detached_links.hpp"
#include "hidden_links.hpp"
#include "node_links.hpp"
#include "sg_compat.hpp"
#include "variable_links.hpp"

#include <contention/rate_plan.h>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(contention_shared, contention, "Shared links of the contention model");

namespace contention_sg {
namespace {

using simgrid::s4u::Link;

/* Shared links kept: a row per source host, made at its first comm, of 4
 * bytes per host; rows stop being made past this many bytes in all (4
 * million pairs), and later sources' comms are read at every start. */
constexpr size_t ROUTE_ROW_BYTES = size_t{16} << 20;

/* A comm's shared links (ledger ids) and its weight on each. */
using Route = std::pair<std::vector<uint32_t>, std::vector<double>>;

struct State {
  cg_rate_plan* plan = nullptr; /* the binding's: holds the ledger and the links' hidden states */
  bool crosstraffic  = false;
  std::unordered_map<const Link*, uint32_t> index;
  std::vector<Link*> links; /* by ledger index */
  std::vector<bool> node; /* by ledger index: a host's node link */
  std::vector<std::vector<uint32_t>> node_out, node_in; /* by host: ledger ids of its node links */
  std::vector<Route> plain; /* by plain comm: its links and weights */
  std::vector<uint32_t> ids;   /* scratch */
  std::vector<double> weights; /* scratch */
  /* Each host pair's shared links and weights: SimGrid's routes do not
   * change during a run, and a pair's are read once. rows[src][dst]: 0,
   * not read yet, or 1 + the index in `routes` of a key of `distinct`:
   * equal ones are stored once (a cluster's routes all cross its backbone
   * alone). */
  std::vector<std::vector<uint32_t>> rows;
  std::map<Route, uint32_t> distinct; /* -> its entry */
  std::vector<const Route*> routes;   /* by entry - 1 */
  uint32_t last_entry = 0;            /* the entry intern_route gave last */
  size_t row_bytes  = 0;
  size_t row_budget = ROUTE_ROW_BYTES;
  size_t host_count = 0; /* the platform's, at the first row (later hosts: a row grows to d + 1) */
  bool keep_routes  = true;
  bool check_routes = false;
  bool from_routes  = false; /* test hook: every comm's links asked of SimGrid's routes */
  /* scratch */
  std::vector<compat::VariableTerm> terms;
  std::vector<Link*> vlinks;
  uint64_t node_hides = 0, node_shows = 0; /* node links' (not in the shared links' counts) */
  uint64_t hides = 0, shows = 0, pairs_kept = 0, route_hits = 0, read_variables = 0, asked_routes = 0;
};
State st;

/* A node link's capacity in the ledger: its bandwidth, with room for the
 * rounding of demands that divide it exactly (B / 3 three times). */
constexpr double NODE_ROUNDING = 1e-9;

/* A link's bandwidth as a capacity: a link of 0 B/s (a profile's outage)
 * limits nothing, as in SimGrid's solver (min_bandwidth), so it has no
 * capacity; 0 would keep it at risk and give it back to the solver, where
 * a comm with no other constraint was never solved again. */
double capacity_of(const Link* l)
{
  double b = link_bandwidth(l);
  return b > 0 ? b : std::numeric_limits<double>::infinity();
}

double node_capacity(const Link* l)
{
  return capacity_of(l) * (1 + NODE_ROUNDING);
}

uint32_t node_link_id(Link* l, bool direction)
{
  auto it = st.index.find(l);
  if (it != st.index.end())
    return it->second;
  bool fatpipe = l->get_sharing_policy() == Link::SharingPolicy::FATPIPE;
  /* released: hidden already, unless the platform is traced */
  uint32_t id = cg_rate_plan_add_node_link(st.plan, node_capacity(l), fatpipe, direction, link_hidden(l));
  st.index.emplace(l, id);
  st.links.push_back(l);
  st.node.resize(id + 1, false);
  st.node[id] = true;
  return id;
}

/* A shared link's capacity in the ledger: its bandwidth, or 0 for a link
 * never hidden. A radio medium or a non-linear link (capacity set by a
 * callback): a FATPIPE capacity of 0 keeps it at risk. A FATPIPE link:
 * SimGrid's solver does not give each of its comms the whole capacity when
 * their max-min weights (route latencies) differ (a comm without latency
 * beside one with 100 us: half of it, also under SMPI), so it must see the
 * link. Also after a bandwidth change (smpi.fatpipe_weights_profile). */
double shared_capacity(const Link* l, bool* fatpipe)
{
  auto policy = l->get_sharing_policy();
  *fatpipe    = policy == Link::SharingPolicy::FATPIPE || policy == Link::SharingPolicy::WIFI ||
             policy == Link::SharingPolicy::NONLINEAR;
  return *fatpipe ? 0 : capacity_of(l);
}

/* What SimGrid's solver holds on a shared link while it is shown: its
 * bandwidth, for a SHARED or FATPIPE link; nothing (INFINITY) for a radio
 * medium or a non-linear link, whose capacity a callback sets, nor for a
 * link at 0 B/s, which SimGrid's solver leaves out. */
double held_capacity(const Link* l)
{
  auto policy = l->get_sharing_policy();
  bool plain  = policy == Link::SharingPolicy::SHARED || policy == Link::SharingPolicy::FATPIPE;
  double bw   = link_bandwidth(l);
  return plain && bw > 0 ? bw : std::numeric_limits<double>::infinity();
}

uint32_t link_id(Link* l)
{
  auto it = st.index.find(l);
  if (it != st.index.end())
    return it->second;
  bool fatpipe;
  double capacity = shared_capacity(l, &fatpipe);
  uint32_t id     = cg_rate_plan_add_link(st.plan, capacity, fatpipe); /* hidden at the next flush if free */
  cg_rate_plan_set_held_capacity(st.plan, id, held_capacity(l));
  st.index.emplace(l, id);
  st.links.push_back(l);
  st.node.resize(id + 1, false);
  return id;
}

/* Adds link `id` at `weight` to `ids` / `weights`, merging a link seen
 * twice as SimGrid's solver does (sum; largest weight on FATPIPE). */
void add_link(std::vector<uint32_t>& ids, std::vector<double>& weights, uint32_t id, double weight)
{
  auto pos = std::find(ids.begin(), ids.end(), id);
  if (pos == ids.end()) {
    ids.push_back(id);
    weights.push_back(weight);
    return;
  }
  double& w = weights[static_cast<size_t>(pos - ids.begin())];
  w         = st.links[id]->get_sharing_policy() == Link::SharingPolicy::FATPIPE ? std::max(w, weight) : w + weight;
}

/* Adds `links` (a route) at `weight` into `route`. */
void add_route(const std::vector<Link*>& links, double weight, Route& route)
{
  for (Link* l : links)
    add_link(route.first, route.second, node_link(l) ? st.index.at(l) : link_id(l), weight);
}

/* min over a plain comm's links of bandwidth / weight. */
double plain_bandwidth(const Route& r)
{
  double bw = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < r.first.size(); i++) {
    double b = link_bandwidth(st.links[r.first[i]]); /* 0 B/s limits nothing (min_bandwidth) */
    if (b > 0)
      bw = std::min(bw, b / r.second[i]);
  }
  return bw;
}

void collect(const simgrid::s4u::Host* from, const simgrid::s4u::Host* to, double weight)
{
  std::vector<Link*> route;
  from->route_to(to, route, nullptr);
  for (Link* l : route)
    if (not node_link(l)) {
      st.ids.push_back(link_id(l));
      st.weights.push_back(weight);
    }
}

/* The shared links of a comm and its weights on them, into st.ids /
 * st.weights: one entry per link of its variable, weighted as SimGrid's
 * solver weighs it (a link on both routes: 1 + 0.05 if SHARED, 1 if
 * FATPIPE), read from the variable (variable_links.hpp); from its routes,
 * one entry per link of each (the ledger's sums are the same), when the
 * variable cannot be read. True when read from the variable. */
bool collect_links(const simgrid::kernel::resource::Action& action, const simgrid::s4u::Host* src,
                   const simgrid::s4u::Host* dst)
{
  if (not st.from_routes && compat::variable_terms(action, st.terms) &&
      variable_links(st.terms, src, dst, st.vlinks)) {
    for (size_t i = 0; i < st.vlinks.size(); i++)
      if (not node_link(st.vlinks[i])) {
        st.ids.push_back(link_id(st.vlinks[i]));
        st.weights.push_back(st.terms[i].weight);
      }
    return true;
  }
  collect(src, dst, 1.0);
  if (st.crosstraffic)
    collect(dst, src, compat::CROSSTRAFFIC_WEIGHT);
  return false;
}

/* Test hook: a kept entry read back must be what this comm gives now. */
void check_kept(const simgrid::kernel::resource::Action& action, const simgrid::s4u::Host* src,
                const simgrid::s4u::Host* dst)
{
  std::vector<uint32_t> ids   = st.ids;
  std::vector<double> weights = st.weights;
  st.ids.clear();
  st.weights.clear();
  collect_links(action, src, dst);
  xbt_assert(ids == st.ids && weights == st.weights,
             "contention: the kept shared links of %s -> %s differ from this comm's in their links or their weights "
             "(%zu links kept, %zu now)",
             src->get_cname(), dst->get_cname(), ids.size(), st.ids.size());
}

/* Where pair (s, d)'s route is kept, or nullptr when it cannot be. */
uint32_t* route_slot(cg_host s, cg_host d)
{
  if (not st.keep_routes)
    return nullptr;
  if (s >= st.rows.size())
    st.rows.resize(s + 1);
  std::vector<uint32_t>& row = st.rows[s];
  if (d >= row.size()) {
    if (st.host_count == 0) /* SimGrid 3.32 counts them at every call: asked once */
      st.host_count = simgrid::s4u::Engine::get_instance()->get_host_count();
    size_t n = std::max<size_t>(d + 1, st.host_count);
    if (st.row_bytes + (n - row.size()) * sizeof(uint32_t) > st.row_budget)
      return nullptr;
    st.row_bytes += (n - row.size()) * sizeof(uint32_t);
    row.resize(n, 0);
  }
  return &row[d];
}

/* The entry of st.ids / st.weights, stored once. */
uint32_t intern_route()
{
  /* Most pairs give the last entry again (a cluster's all give one): no
   * key built then. */
  if (not st.routes.empty()) {
    const Route& last = *st.routes[st.last_entry - 1];
    if (last.first == st.ids && last.second == st.weights)
      return st.last_entry;
  }
  auto [it, added] = st.distinct.emplace(Route{st.ids, st.weights}, static_cast<uint32_t>(st.routes.size() + 1));
  if (added)
    st.routes.push_back(&it->first); /* map keys stay where they are */
  st.last_entry = it->second;
  return it->second;
}

/* Appends a host's node links (ledger ids) at `weight` to st.ids /
 * st.weights; a link on both routes of a comm is merged (a SHARED
 * private link: 1 + 0.05). */
void add_node_links(const std::vector<uint32_t>& links, double weight)
{
  for (uint32_t id : links)
    add_link(st.ids, st.weights, id, weight);
}

} // namespace

void shared_links_start(cg_rate_plan* plan, bool crosstraffic)
{
  st.plan         = plan;
  st.crosstraffic = crosstraffic;
  /* Test hooks (tests/smpi/route_cache.sh): 0, every comm's shared links
   * read from its variable; routes, every comm's asked of SimGrid's
   * routes; check, every kept entry read back compared with the comm's. */
  const char* cache = std::getenv("CONTENTION_ROUTE_CACHE");
  std::string mode  = cache == nullptr ? "" : cache;
  st.keep_routes    = mode != "0" && mode != "routes";
  st.check_routes   = mode == "check";
  st.from_routes    = mode == "routes";
  /* Test hook: a smaller budget for the rows of kept routes, in bytes. */
  if (const char* budget = std::getenv("CONTENTION_ROUTE_ROW_BYTES"))
    st.row_budget = std::strtoull(budget, nullptr, 10);
}

size_t shared_links_comm_links(cg_host s, cg_host d, const simgrid::kernel::resource::Action& action,
                               const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst, const uint32_t** ids,
                               const double** weights)
{
  st.ids.clear();
  st.weights.clear();
  uint32_t* slot = route_slot(s, d);
  if (slot != nullptr && *slot != 0) {
    const Route& r = *st.routes[*slot - 1];
    st.ids.assign(r.first.begin(), r.first.end());
    st.weights.assign(r.second.begin(), r.second.end());
    st.route_hits++;
    if (st.check_routes)
      check_kept(action, src, dst);
  } else {
    if (collect_links(action, src, dst))
      st.read_variables++;
    else
      st.asked_routes++;
    if (slot != nullptr) {
      *slot = intern_route();
      st.pairs_kept++;
    }
  }
  if (s < st.node_out.size())
    add_node_links(st.node_out[s], 1);
  if (d < st.node_in.size())
    add_node_links(st.node_in[d], 1);
  if (st.crosstraffic) { /* the reverse route: the comm's acknowledgements load it too, as under SMPI */
    if (s < st.node_in.size())
      add_node_links(st.node_in[s], compat::CROSSTRAFFIC_WEIGHT);
    if (d < st.node_out.size())
      add_node_links(st.node_out[d], compat::CROSSTRAFFIC_WEIGHT);
  }
  *ids     = st.ids.data();
  *weights = st.weights.data();
  return st.ids.size();
}

void shared_links_set_node_links(const std::vector<HostLinks>& links)
{
  st.node_out.assign(links.size(), {});
  st.node_in.assign(links.size(), {});
  for (size_t h = 0; h < links.size(); h++) {
    const HostLinks& hl = links[h];
    if (not hl.resolved())
      continue;
    auto both = [&hl](const Link* l) {
      return std::find(hl.out.begin(), hl.out.end(), l) != hl.out.end() &&
             std::find(hl.in.begin(), hl.in.end(), l) != hl.in.end();
    };
    for (Link* l : hl.out)
      st.node_out[h].push_back(node_link_id(l, not both(l)));
    for (Link* l : hl.in)
      st.node_in[h].push_back(node_link_id(l, not both(l)));
  }
}

double shared_links_add_plain(uint32_t k, const simgrid::s4u::Host* h, double* base, bool kept, bool owned,
                              double at_start)
{
  std::vector<Link*> route;
  h->route_to(h, route, nullptr);
  bool crosses = not owned && not route.empty();
  for (const Link* l : route) {
    if (l->get_sharing_policy() == Link::SharingPolicy::WIFI)
      return 0;
    crosses = crosses || node_link(l);
  }
  if (not crosses)
    return 0;
  /* SimGrid's bound at the start: the route's slowest link, as it was then
   * (at_start, when a bandwidth changed after the start in its flush), none
   * when a link of the route was at 0 B/s, which SimGrid, seeing a hidden
   * link at its held bandwidth, does not know */
  double real = std::isnan(at_start) ? start_bandwidth(route) : at_start;
  if (not kept || !(real > 0))
    *base = -1;
  else if (*base <= 0 || real < *base)
    *base = real;
  double base_bound = *base;
  if (k >= st.plain.size())
    st.plain.resize(k + 1);
  Route& r = st.plain[k];
  r.first.clear();
  r.second.clear();
  add_route(route, 1.0, r);
  if (st.crosstraffic)
    add_route(route, compat::CROSSTRAFFIC_WEIGHT, r); /* the reverse route is the same */
  double alone = std::min(plain_bandwidth(r), base_bound > 0 ? base_bound : std::numeric_limits<double>::infinity());
  cg_rate_plan_add_plain(st.plan, k, r.first.data(), r.second.data(), r.first.size(), alone);
  return alone;
}

double shared_links_plain_rerate(uint32_t k, double base_bound)
{
  double alone =
      std::min(plain_bandwidth(st.plain[k]), base_bound > 0 ? base_bound : std::numeric_limits<double>::infinity());
  cg_rate_plan_set_plain_alone(st.plan, k, alone);
  return alone;
}

void shared_links_remove_plain(uint32_t k)
{
  cg_rate_plan_remove_plain(st.plan, k);
}

void shared_links_apply(const cg_rate_link_change* changes, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    uint32_t id = changes[i].link;
    Link* l     = st.links[id];
    if (changes[i].hidden) {
      hide_link(l);
      (st.node[id] ? st.node_hides : st.hides)++;
    } else {
      unhide_link(l);
      reattach_link(l); /* it can limit comms again */
      (st.node[id] ? st.node_shows : st.shows)++;
    }
    XBT_DEBUG("link %s %s", l->get_cname(),
              changes[i].hidden ? "hidden (cannot limit any comm)" : "given back to the solver");
  }
}

bool shared_links_bandwidth_changed(const Link& link)
{
  auto it = st.index.find(&link);
  if (it == st.index.end())
    return false;
  bool fatpipe;
  cg_rate_plan_set_capacity(st.plan, it->second, st.node[it->second] ? node_capacity(&link) : shared_capacity(&link, &fatpipe));
  if (not st.node[it->second])
    cg_rate_plan_set_held_capacity(st.plan, it->second, held_capacity(&link));
  return true;
}

void shared_links_end()
{
  uint64_t counted;
  uint64_t skipped;
  cg_ledger_demand_counts(cg_rate_plan_ledger(st.plan), &counted, &skipped);
  XBT_VERB("contention: %zu shared links, hidden %llu times, given back %llu times; routes of %llu host pairs kept "
           "(%zu distinct), %llu comm starts read them; demand changes counted on a shared link %llu, left out %llu "
           "(every shared link of the comm within its comms' bandwidths alone); comms' shared links read from their "
           "variables %llu times, from their routes %llu times",
           st.links.size() - static_cast<size_t>(std::count(st.node.begin(), st.node.end(), true)),
           static_cast<unsigned long long>(st.hides), static_cast<unsigned long long>(st.shows),
           static_cast<unsigned long long>(st.pairs_kept), st.distinct.size(),
           static_cast<unsigned long long>(st.route_hits), static_cast<unsigned long long>(counted),
           static_cast<unsigned long long>(skipped), static_cast<unsigned long long>(st.read_variables),
           static_cast<unsigned long long>(st.asked_routes));
  if (st.node_hides + st.node_shows > 0)
    XBT_VERB("contention: node links given back to the solver %llu times (a capacity of both directions, an "
             "intra-host comm's or a direction's with cross-traffic filled), hidden again %llu times",
             static_cast<unsigned long long>(st.node_shows), static_cast<unsigned long long>(st.node_hides));
  st = State(); /* the plan is the binding's */
}

} // namespace contention_sg
