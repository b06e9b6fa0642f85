#include "shared_links.hpp"

#include "detached_links.hpp"
#include "hidden_links.hpp"
#include "node_links.hpp"
#include "sg_compat.hpp"

#include <contention/link_ledger.h>

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/asserts.h>
#include <xbt/log.h>

#include <algorithm>
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

/* Routes kept: a row per source host, made at its first comm, of 4 bytes
 * per host; rows stop being made past this many bytes in all (4 million
 * pairs), and later sources' routes are asked for at every comm. */
constexpr size_t ROUTE_ROW_BYTES = size_t{16} << 20;

struct State {
  cg_ledger* ledger = nullptr;
  bool can_hide     = false;
  bool crosstraffic = false;
  std::unordered_map<const Link*, uint32_t> index;
  std::vector<Link*> links; /* by ledger index */
  std::vector<bool> hidden;
  std::vector<uint64_t> mark;  /* re-timing epoch, by ledger index */
  std::vector<uint32_t> fresh; /* links registered since the last update */
  std::vector<uint32_t> ids;   /* scratch */
  std::vector<double> weights; /* scratch */
  /* Each host pair's ledger ids, forward route first: SimGrid's routes do
   * not change during a run, and asking for one costs as much as the rest
   * of a comm's start in the binding. rows[src][dst]: 0, not asked yet, or
   * 1 + the index in `routes` of {n_fwd, id...}, a key of `distinct`:
   * equal routes are stored once (a cluster's routes all cross its
   * backbone alone). */
  std::vector<std::vector<uint32_t>> rows;
  std::map<std::vector<uint32_t>, uint32_t> distinct; /* {n_fwd, id...} -> its entry */
  std::vector<const std::vector<uint32_t>*> routes;   /* by entry - 1 */
  size_t row_bytes  = 0;
  size_t row_budget = ROUTE_ROW_BYTES;
  bool keep_routes  = true;
  bool check_routes = false;
  bool ceilings     = true; /* comms' ceilings given to the ledger */
  uint64_t hides = 0, shows = 0, pairs_kept = 0, route_hits = 0;
};
State st;

uint32_t link_id(Link* l)
{
  auto it = st.index.find(l);
  if (it != st.index.end())
    return it->second;
  double capacity = link_bandwidth(l);
  auto policy     = l->get_sharing_policy();
  bool fatpipe    = policy == Link::SharingPolicy::FATPIPE;
  /* A radio medium or a non-linear link (capacity set by a callback) is
   * never hidden: a FATPIPE capacity of 0 keeps it at risk. */
  if (policy == Link::SharingPolicy::WIFI || policy == Link::SharingPolicy::NONLINEAR) {
    capacity = 0;
    fatpipe  = true;
  }
  uint32_t id = cg_ledger_add_link(st.ledger, capacity, fatpipe);
  st.index.emplace(l, id);
  st.links.push_back(l);
  st.hidden.push_back(false);
  st.mark.push_back(0);
  st.fresh.push_back(id);
  return id;
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

/* Both routes of a comm into st.ids / st.weights; returns the forward
 * route's count. */
size_t collect_routes(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst)
{
  collect(src, dst, 1.0);
  size_t n_fwd = st.ids.size();
  if (st.crosstraffic)
    collect(dst, src, compat::CROSSTRAFFIC_WEIGHT);
  return n_fwd;
}

/* Test hook: a kept route read back must be what SimGrid gives now. */
void check_kept(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst)
{
  std::vector<uint32_t> ids   = st.ids;
  std::vector<double> weights = st.weights;
  st.ids.clear();
  st.weights.clear();
  collect_routes(src, dst);
  xbt_assert(ids == st.ids && weights == st.weights,
             "contention: the kept route %s -> %s differs from SimGrid's in its links or their weights (%zu links "
             "kept, %zu now)",
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
    size_t n = std::max<size_t>(d + 1, simgrid::s4u::Engine::get_instance()->get_host_count());
    if (st.row_bytes + (n - row.size()) * sizeof(uint32_t) > st.row_budget)
      return nullptr;
    st.row_bytes += (n - row.size()) * sizeof(uint32_t);
    row.resize(n, 0);
  }
  return &row[d];
}

/* The entry of the route in st.ids (n_fwd of them forward), stored once. */
uint32_t intern_route(size_t n_fwd)
{
  std::vector<uint32_t> key;
  key.reserve(st.ids.size() + 1);
  key.push_back(static_cast<uint32_t>(n_fwd));
  key.insert(key.end(), st.ids.begin(), st.ids.end());
  auto [it, added] = st.distinct.emplace(std::move(key), static_cast<uint32_t>(st.routes.size() + 1));
  if (added)
    st.routes.push_back(&it->first); /* map keys stay where they are */
  return it->second;
}

void set_hidden(uint32_t id, bool hide)
{
  if (st.hidden[id] == hide)
    return;
  st.hidden[id] = hide;
  if (hide) {
    hide_link(st.links[id]);
    st.hides++;
  } else {
    unhide_link(st.links[id]);
    reattach_link(st.links[id]); /* it can limit comms again */
    st.shows++;
  }
  XBT_DEBUG("link %s %s", st.links[id]->get_cname(), hide ? "hidden (cannot limit any comm)" : "given back to the solver");
}

} // namespace

void shared_links_start(bool can_hide, bool crosstraffic)
{
  st.ledger       = cg_ledger_create();
  st.can_hide     = can_hide;
  st.crosstraffic = crosstraffic;
  /* Test hooks (tests/smpi/route_cache.sh): 0, every route asked of
   * SimGrid; check, every kept route read back compared with SimGrid's. */
  const char* cache = std::getenv("CONTENTION_ROUTE_CACHE");
  st.keep_routes    = cache == nullptr || std::string(cache) != "0";
  st.check_routes   = cache != nullptr && std::string(cache) == "check";
  /* Test hook (tests/smpi/ledger_ceilings.sh): 0, no ceilings, every
   * shared link counted at every re-rating. */
  const char* ceilings = std::getenv("CONTENTION_LEDGER_CEILINGS");
  st.ceilings          = ceilings == nullptr || std::string(ceilings) != "0";
  /* Test hook: a smaller budget for the rows of kept routes, in bytes. */
  if (const char* budget = std::getenv("CONTENTION_ROUTE_ROW_BYTES"))
    st.row_budget = std::strtoull(budget, nullptr, 10);
}

void shared_links_add_comm(cg_comm c, cg_host s, cg_host d, const simgrid::s4u::Host* src,
                           const simgrid::s4u::Host* dst, double alone)
{
  st.ids.clear();
  st.weights.clear();
  uint32_t* slot = route_slot(s, d);
  if (slot != nullptr && *slot != 0) {
    const std::vector<uint32_t>& r = *st.routes[*slot - 1];
    st.ids.assign(r.begin() + 1, r.end());
    st.weights.assign(r[0], 1.0);
    st.weights.resize(st.ids.size(), compat::CROSSTRAFFIC_WEIGHT);
    st.route_hits++;
    if (st.check_routes)
      check_kept(src, dst);
  } else {
    size_t n_fwd = collect_routes(src, dst);
    if (slot != nullptr) {
      *slot = intern_route(n_fwd);
      st.pairs_kept++;
    }
  }
  cg_ledger_add_comm(st.ledger, c, st.ids.data(), st.weights.data(), st.ids.size(),
                     st.ceilings ? alone : std::numeric_limits<double>::infinity());
}

void shared_links_remove_comm(cg_comm c)
{
  cg_ledger_remove_comm(st.ledger, c);
}

void shared_links_set_alone(cg_comm c, double alone)
{
  if (st.ceilings)
    cg_ledger_set_ceiling(st.ledger, c, alone);
}

void shared_links_set_demand(cg_comm c, double demand)
{
  cg_ledger_set_demand(st.ledger, c, demand);
}

bool shared_links_update()
{
  size_t n;
  const uint32_t* flipped = cg_ledger_update(st.ledger, &n);
  bool changed            = n > 0;
  for (size_t i = 0; i < n; i++)
    set_hidden(flipped[i], st.can_hide && not cg_ledger_at_risk(st.ledger, flipped[i]));
  for (uint32_t id : st.fresh) /* new links start free */
    if (st.can_hide && not cg_ledger_at_risk(st.ledger, id) && not st.hidden[id]) {
      set_hidden(id, true);
      changed = true;
    }
  st.fresh.clear();
  return changed;
}

bool shared_links_comm_free(cg_comm c)
{
  return st.can_hide && cg_ledger_comm_free(st.ledger, c);
}

bool shared_links_marked(cg_comm c, uint64_t epoch)
{
  size_t n;
  const uint32_t* ids = cg_ledger_comm_links(st.ledger, c, &n);
  for (size_t i = 0; i < n; i++)
    if (st.mark[ids[i]] == epoch)
      return true;
  return false;
}

void shared_links_mark(cg_comm c, uint64_t epoch)
{
  size_t n;
  const uint32_t* ids = cg_ledger_comm_links(st.ledger, c, &n);
  for (size_t i = 0; i < n; i++)
    st.mark[ids[i]] = epoch;
}

bool shared_links_bandwidth_changed(const Link& link)
{
  auto it = st.index.find(&link);
  if (it == st.index.end())
    return false;
  cg_ledger_set_capacity(st.ledger, it->second, link_bandwidth(&link));
  return true;
}

void shared_links_end()
{
  uint64_t counted;
  uint64_t skipped;
  cg_ledger_demand_counts(st.ledger, &counted, &skipped);
  XBT_VERB("contention: %zu shared links, hidden %llu times, given back %llu times; routes of %llu host pairs kept "
           "(%zu distinct), %llu comm starts read them; demand changes counted on a shared link %llu, left out %llu "
           "(every shared link of the comm within its comms' bandwidths alone)",
           st.links.size(), static_cast<unsigned long long>(st.hides), static_cast<unsigned long long>(st.shows),
           static_cast<unsigned long long>(st.pairs_kept), st.distinct.size(),
           static_cast<unsigned long long>(st.route_hits), static_cast<unsigned long long>(counted),
           static_cast<unsigned long long>(skipped));
  cg_ledger_destroy(st.ledger);
  st = State();
}

} // namespace contention_sg
