#include "node_links.hpp"

#include <contention/nodelinks.h>

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(contention_links, contention, "Node links of the contention model");

namespace contention_sg {
namespace {

using simgrid::s4u::Host;
using simgrid::s4u::Link;

constexpr size_t WARN_HOSTS = 5; /* hosts named in the warning before "and N more" */

/* The node links released to the penalties. */
std::unordered_set<const Link*>& released()
{
  static std::unordered_set<const Link*> r;
  return r;
}

std::string names(const std::vector<Link*>& links)
{
  std::string s;
  for (const Link* l : links)
    s += (s.empty() ? "" : ", ") + l->get_name();
  return s.empty() ? "none" : s;
}

} // namespace

std::vector<HostLinks> find_node_links(const std::vector<Host*>& hosts)
{
  std::vector<HostLinks> result(hosts.size());
  if (hosts.size() < 2)
    return result;
  std::unordered_map<Link*, uint32_t> ids;
  std::vector<Link*> by_id;
  /* Sample the routes first (link ids assigned in order of appearance). */
  struct Sample {
    uint32_t src, dst;
    std::vector<uint32_t> links;
  };
  std::vector<Sample> samples;
  for (uint32_t h = 0; h < hosts.size(); h++)
    for (unsigned k = 1; k <= 2; k++) {
      uint32_t p = cg_nodelinks_partner(hosts.size(), h, k);
      if (p == CG_NO_HOST)
        continue;
      for (int dir = 0; dir < 2; dir++) {
        Sample s{dir == 0 ? h : p, dir == 0 ? p : h, {}};
        std::vector<Link*> route;
        hosts[s.src]->route_to(hosts[s.dst], route, nullptr);
        for (Link* l : route) {
          if (l->get_sharing_policy() == Link::SharingPolicy::WIFI)
            continue; /* a radio medium is never one host's own */
          auto it = ids.emplace(l, static_cast<uint32_t>(by_id.size())).first;
          if (it->second == by_id.size())
            by_id.push_back(l);
          s.links.push_back(it->second);
        }
        samples.push_back(std::move(s));
      }
    }

  cg_nodelinks* nl = cg_nodelinks_create(hosts.size(), by_id.size());
  for (const Sample& s : samples)
    cg_nodelinks_add_route(nl, s.src, s.dst, s.links.data(), s.links.size());
  cg_nodelinks_finish(nl);

  std::string unresolved;
  size_t unresolved_count = 0;
  for (uint32_t h = 0; h < hosts.size(); h++) {
    if (not cg_nodelinks_resolved(nl, h)) {
      if (unresolved_count++ < WARN_HOSTS)
        unresolved += (unresolved.empty() ? "" : ", ") + hosts[h]->get_name();
      continue;
    }
    size_t n;
    const uint32_t* l = cg_nodelinks_out(nl, h, &n);
    for (size_t i = 0; i < n; i++)
      result[h].out.push_back(by_id[l[i]]);
    l = cg_nodelinks_in(nl, h, &n);
    for (size_t i = 0; i < n; i++)
      result[h].in.push_back(by_id[l[i]]);
    XBT_VERB("host %s: node links out {%s} in {%s}, B out %.17g B/s, B in %.17g B/s", hosts[h]->get_cname(),
             names(result[h].out).c_str(), names(result[h].in).c_str(), min_bandwidth(result[h].out),
             min_bandwidth(result[h].in));
  }
  cg_nodelinks_destroy(nl);
  if (unresolved_count > 0) {
    if (unresolved_count > WARN_HOSTS)
      unresolved += " and " + std::to_string(unresolved_count - WARN_HOSTS) + " more";
    XBT_WARN("contention: cannot tell the node links of host(s) %s apart from links other hosts use; their comms keep "
             "SimGrid's max-min sharing on every link, bounded at B/penalty with B their route's bottleneck "
             "(as with --cfg=contention/node-links:maxmin)",
             unresolved.c_str());
  }
  return result;
}

void release_node_links(const std::vector<HostLinks>& links, Release how)
{
  for (const HostLinks& h : links)
    for (const auto* side : {&h.out, &h.in})
      for (Link* l : *side) {
        if (not released().insert(l).second)
          continue;
        if (how == Release::hide)
          hide_link(l);
        else if (l->get_sharing_policy() != Link::SharingPolicy::FATPIPE)
          l->set_sharing_policy(Link::SharingPolicy::FATPIPE); /* its bandwidth stays SimGrid's */
      }
}

bool node_link(const Link* link)
{
  return released().count(link) != 0;
}

} // namespace contention_sg
