#include "detached_links.hpp"

#include "hidden_links.hpp"
#include "sg_compat.hpp"
#include "variable_links.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

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

struct State {
  simgrid::kernel::resource::Model* model = nullptr;
  bool enabled                            = false;
  std::vector<Comm> comms; /* by cg_comm */
  uint64_t detached = 0, dropped = 0, reattached = 0, skipped = 0;
  /* scratch */
  std::vector<Link*> links;
  std::vector<compat::VariableTerm> terms, keep;
  std::vector<Dropped> drop;
};
State st;

void on_link_state(Link const& link)
{
  /* SimGrid fails the comms of a turned-off link's constraint right after
   * this signal: the comms that dropped the link must be there. */
  if (not link.is_on())
    reattach_link(&link);
}

} // namespace

void detached_links_start(simgrid::kernel::resource::Model* model, bool enabled)
{
  st.model   = model;
  st.enabled = enabled;
  if (enabled)
    simgrid::s4u::Link::on_state_change_cb(on_link_state);
}

bool detach_hidden_links(cg_comm c, Action& action, const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst)
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
  if (not variable_links(st.terms, src, dst, st.links)) { /* a route SimGrid built otherwise: left alone */
    XBT_DEBUG("comm %u: %zu terms that its routes do not give, variable left alone", c, st.terms.size());
    st.skipped++;
    return false;
  }
  /* One pass: what stays (the first link, links not hidden) and what goes. */
  st.keep.clear();
  st.drop.clear();
  for (size_t i = 0; i < st.links.size(); i++) {
    if (st.links[i]->get_sharing_policy() == Link::SharingPolicy::WIFI) /* weighted by host rate */
      return false;
    if (i == 0 || not link_hidden(st.links[i]))
      st.keep.push_back(st.terms[i]);
    else
      st.drop.push_back(Dropped{st.links[i], st.terms[i]});
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

void detached_links_comm_end(cg_comm c)
{
  if (c < st.comms.size())
    st.comms[c].action = nullptr;
}

void detached_links_end()
{
  XBT_VERB("contention: %llu comms' variables without their hidden links (%llu terms dropped, %llu re-attached, "
           "%llu left alone)",
           static_cast<unsigned long long>(st.detached), static_cast<unsigned long long>(st.dropped),
           static_cast<unsigned long long>(st.reattached), static_cast<unsigned long long>(st.skipped));
  st = State();
}

} // namespace contention_sg
