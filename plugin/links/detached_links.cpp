#include "detached_links.hpp"

#include "hidden_links.hpp"
#include "sg_compat.hpp"
#include "variable_links.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(contention_detach, contention, "Hidden links taken out of comms' max-min variables");

namespace contention_sg {
namespace {

using simgrid::kernel::resource::Action;
using simgrid::s4u::Link;

struct Dropped {
  const Link* link;
  compat::VariableTerm term;
};

struct Comm {
  Action* action = nullptr;
  std::vector<Dropped> dropped;
};

/* What the comms of one host pair keep and drop, found from their links
 * while the hidden set stays as it was (hidden_links_version): SimGrid
 * builds every comm of a pair the same variable, so the next comm of the
 * pair only compares its constraints with the plan's instead of finding
 * each term's link and asking whether it is hidden. */
constexpr size_t PLAN_TERMS = 8; /* longer variables: no plan */
struct Plan {
  uint64_t pair    = UINT64_MAX;
  uint64_t version = 0;
  uint32_t n       = 0;
  uint32_t keep    = 0; /* bit i: term i stays */
  const void* constraint[PLAN_TERMS];
  const Link* link[PLAN_TERMS];
};
/* Two ways per set, by the pair's hash, most recent first: the pairs a
 * program keeps meeting (the halo's six per host) stay, a program meeting
 * each pair once only misses. */
constexpr size_t PLAN_SETS = 2048;

struct State {
  simgrid::kernel::resource::Model* model = nullptr;
  bool enabled                            = false;
  bool plans_on                           = true; /* CONTENTION_DETACH_PLANS=0: every comm's links found anew */
  std::vector<Comm> comms;                        /* by cg_comm */
  std::vector<Plan> plans;
  std::unordered_set<const Link*> varying; /* links whose bandwidth changed: never dropped */
  uint64_t detached = 0, dropped = 0, reattached = 0, skipped = 0, planned = 0;
  /* scratch */
  std::vector<Link*> links;
  std::vector<compat::VariableTerm> terms, keep;
  std::vector<Dropped> drop;
};
State st;

/* The first of the pair's two slots. */
size_t plan_set(uint64_t pair)
{
  uint64_t h = pair * 0x9E3779B97F4A7C15ull;
  return static_cast<size_t>(h >> 53) * 2; /* the top 11 bits: PLAN_SETS sets */
}
static_assert(PLAN_SETS == 1u << 11, "plan_set takes 11 bits");

/* The plan holds for these terms: same pair, same hidden set, same
 * constraints in the same order. */
bool plan_fits(const Plan& p, uint64_t pair, const std::vector<compat::VariableTerm>& terms)
{
  if (p.pair != pair || p.version != hidden_links_version() || p.n != terms.size())
    return false;
  for (size_t i = 0; i < terms.size(); i++)
    if (p.constraint[i] != terms[i].constraint)
      return false;
  return true;
}

/* The pair's plan for these terms, moved first in its set; null if none. */
const Plan* find_plan(uint64_t pair, const std::vector<compat::VariableTerm>& terms)
{
  size_t i = plan_set(pair);
  if (plan_fits(st.plans[i], pair, terms))
    return &st.plans[i];
  if (not plan_fits(st.plans[i + 1], pair, terms))
    return nullptr;
  std::swap(st.plans[i], st.plans[i + 1]);
  return &st.plans[i];
}

/* A slot for a new plan of the pair: the set's first, its plan moved second. */
Plan& new_plan(uint64_t pair)
{
  size_t i = plan_set(pair);
  if (st.plans[i].pair != pair) /* else the stale plan of the same pair goes */
    st.plans[i + 1] = st.plans[i];
  return st.plans[i];
}

/* st.keep and st.drop from the plan. */
void split_by_plan(const Plan& p)
{
  for (size_t i = 0; i < p.n; i++) {
    if (p.keep & (1u << i))
      st.keep.push_back(st.terms[i]);
    else
      st.drop.push_back(Dropped{p.link[i], st.terms[i]});
  }
}

/* st.keep and st.drop from the terms' links (st.links): the first link, the
 * links with a profile and those not hidden stay. Records the plan when it
 * fits one. False for a WIFI link (its terms are weighted by host rate:
 * left alone). */
bool split_by_links(uint64_t pair)
{
  uint32_t keep = 0;
  for (size_t i = 0; i < st.links.size(); i++) {
    if (st.links[i]->get_sharing_policy() == Link::SharingPolicy::WIFI)
      return false;
    if (i == 0 || not link_hidden(st.links[i]) || st.varying.count(st.links[i]) != 0 ||
        compat::link_has_profile(*st.links[i])) {
      st.keep.push_back(st.terms[i]);
      keep |= i < PLAN_TERMS ? 1u << i : 0;
    } else
      st.drop.push_back(Dropped{st.links[i], st.terms[i]});
  }
  if (not st.plans_on || st.terms.size() > PLAN_TERMS)
    return true;
  Plan& p   = new_plan(pair);
  p.pair    = pair;
  p.version = hidden_links_version();
  p.n       = static_cast<uint32_t>(st.terms.size());
  p.keep    = keep;
  for (size_t i = 0; i < p.n; i++) {
    p.constraint[i] = st.terms[i].constraint;
    p.link[i]       = st.links[i];
  }
  return true;
}

void on_link_state(Link const& link)
{
  /* SimGrid fails the comms of a turned-off link's constraint right after
   * this signal: the comms that dropped the link must be there. */
  if (not link.is_on())
    reattach_link(&link);
}

/* s4u::Link::set_latency (not signalled by SimGrid, 3.32 to 4.1) shifts
 * the max-min weight and TCP bound of the comms whose variable holds the
 * link: a comm that dropped the link kept its old weight and lost or won
 * share on a link it shares (2 % on a backbone, smpi.set_latency_detach).
 * Later comms start with the new latency; platform creation (every link's
 * first latency) finds no comm. */
void on_latency_set(Link const& link)
{
  reattach_link(&link);
}

} // namespace

void detached_links_start(simgrid::kernel::resource::Model* model, bool enabled)
{
  st.model   = model;
  st.enabled = enabled;
  /* Test hook (tests/smpi/detach_identical.sh): 0, no plans. */
  const char* plans = std::getenv("CONTENTION_DETACH_PLANS");
  st.plans_on       = plans == nullptr || std::string(plans) != "0";
  if (enabled && not compat::profiles_seen()) {
    XBT_INFO("contention: libsimgrid's calls to Profile::schedule do not reach the plugin (a program linked with "
             "libsimgrid before libcontention-simgrid?), so the links with a profile are unknown: every link stays "
             "in the comms' variables (contention/detach-hidden-links:no), slower");
    st.enabled = false;
  }
  if (not st.enabled)
    return;
  st.plans.assign(2 * PLAN_SETS, Plan{});
  st.varying.clear();
  compat::on_link_onoff(on_link_state);
  compat::on_set_latency(on_latency_set);
}

bool detach_hidden_links(cg_comm c, Action& action, cg_host s, cg_host d, const simgrid::s4u::Host* src,
                         const simgrid::s4u::Host* dst)
{
  if (not st.enabled)
    return false;
  if (not compat::variable_terms(action, st.terms)) {
    /* The variable does not read as SimGrid 3.32's: stop trying. */
    XBT_WARN("contention: cannot read a comm's max-min variable; hidden links stay in the solver "
             "(contention/detach-hidden-links off)");
    st.enabled = false;
    return false;
  }
  st.keep.clear();
  st.drop.clear();
  uint64_t pair = (static_cast<uint64_t>(s) << 32) | d;
  const Plan* plan = st.plans_on ? find_plan(pair, st.terms) : nullptr;
  if (plan != nullptr) {
    split_by_plan(*plan);
    st.planned++;
  } else {
    if (not variable_links(st.terms, src, dst, st.links)) { /* a route SimGrid built otherwise: left alone */
      XBT_DEBUG("comm %u: %zu terms that its routes do not give, variable left alone", c, st.terms.size());
      st.skipped++;
      return false;
    }
    if (not split_by_links(pair))
      return false;
  }
  if (st.drop.empty())
    return false;
  if (not compat::replace_variable(st.model, action, st.keep)) {
    st.skipped++;
    return false;
  }
  if (c >= st.comms.size())
    st.comms.resize(c + 1);
  Comm& comm   = st.comms[c];
  comm.dropped = st.drop;
  comm.action  = &action;
  st.detached++;
  st.dropped += comm.dropped.size();
  return true;
}

void reattach_link(const Link* link)
{
  /* Rare (a link given back or turned off): a scan of the running comms. */
  size_t n = 0;
  for (Comm& comm : st.comms) {
    if (comm.action == nullptr)
      continue;
    for (size_t i = 0; i < comm.dropped.size(); i++)
      if (comm.dropped[i].link == link) {
        compat::add_variable_term(st.model, *comm.action, comm.dropped[i].term);
        comm.dropped[i] = comm.dropped.back();
        comm.dropped.pop_back();
        n++;
        break;
      }
  }
  st.reattached += n;
  if (n > 0)
    XBT_DEBUG("link %s re-attached to %zu comms", link->get_cname(), n);
}

void keep_link_attached(const Link* link)
{
  if (not st.enabled || not st.varying.insert(link).second)
    return;
  st.plans.assign(2 * PLAN_SETS, Plan{}); /* they may drop it */
  reattach_link(link);
  XBT_DEBUG("link %s changes: kept in every comm's variable from now on", link->get_cname());
}

void detached_links_comm_end(cg_comm c)
{
  if (c < st.comms.size())
    st.comms[c].action = nullptr;
}

void detached_links_comm_restore(cg_comm c)
{
  if (c >= st.comms.size() || st.comms[c].action == nullptr)
    return;
  Comm& comm = st.comms[c];
  for (const Dropped& d : comm.dropped)
    compat::add_variable_term(st.model, *comm.action, d.term);
  st.reattached += comm.dropped.size();
  comm.dropped.clear();
  comm.action = nullptr;
}

void detached_links_end()
{
  XBT_VERB("contention: %llu comms' variables without their hidden links (%llu terms dropped, %llu re-attached, "
           "%llu left alone; %llu comms split by their pair's plan)",
           static_cast<unsigned long long>(st.detached), static_cast<unsigned long long>(st.dropped),
           static_cast<unsigned long long>(st.reattached), static_cast<unsigned long long>(st.skipped),
           static_cast<unsigned long long>(st.planned));
  st = State();
}

} // namespace contention_sg
