#include "node_links.hpp"

#include <contention/nodelinks.h>

#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <exception>
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

/* A link of both directions of a host (a limiter, a SHARED private link)
 * below one of its one-way links, or two such links: a platform that
 * likely means something else (a limiter smaller than the card). The
 * capacities all hold (binding.hpp); the log says which one binds. */
void log_binding_capacity(const Host* h, const HostLinks& hl)
{
  std::vector<Link*> both;
  double one_way = 0; /* fastest one-way link */
  for (Link* l : hl.out) {
    if (std::find(hl.in.begin(), hl.in.end(), l) != hl.in.end())
      both.push_back(l);
    else
      one_way = std::max(one_way, link_bandwidth(l));
  }
  for (const Link* l : hl.in)
    if (std::find(hl.out.begin(), hl.out.end(), l) == hl.out.end())
      one_way = std::max(one_way, link_bandwidth(l));
  if (both.empty())
    return;
  const Link* smallest = both[0];
  for (const Link* l : both)
    if (link_bandwidth(l) < link_bandwidth(smallest))
      smallest = l;
  if (both.size() > 1)
    XBT_VERB("host %s: %zu links carry both its directions ({%s}); the smallest, %s (%.17g B/s), binds the sum of "
             "its in and out traffic",
             h->get_cname(), both.size(), names(both).c_str(), smallest->get_cname(), link_bandwidth(smallest));
  else if (link_bandwidth(smallest) < one_way)
    XBT_VERB("host %s: %s (%.17g B/s), which carries both its directions, is below its one-way links (up to %.17g "
             "B/s): it binds every comm of the host, alone or not",
             h->get_cname(), smallest->get_cname(), link_bandwidth(smallest), one_way);
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
  size_t unroutable = 0;
  for (uint32_t h = 0; h < hosts.size(); h++)
    for (unsigned k = 1; k <= 2; k++) {
      uint32_t p = cg_nodelinks_partner(hosts.size(), h, k);
      if (p == CG_NO_HOST)
        continue;
      for (int dir = 0; dir < 2; dir++) {
        Sample s{dir == 0 ? h : p, dir == 0 ? p : h, {}};
        std::vector<Link*> route;
        try {
          hosts[s.src]->route_to(hosts[s.dst], route, nullptr);
        } catch (const std::exception& e) {
          /* SimGrid accepts a platform whose zones are not all joined
           * (a zone without a gateway) as long as no comm crosses them:
           * a pair it cannot route is no sample. */
          XBT_DEBUG("no route %s -> %s to sample: %s", hosts[s.src]->get_cname(), hosts[s.dst]->get_cname(), e.what());
          unroutable++;
          continue;
        }
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

  if (unroutable > 0)
    XBT_VERB("contention: %zu of the sampled host pairs have no route (zones not joined); the other pairs tell the "
             "node links apart", unroutable);
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
    log_binding_capacity(hosts[h], result[h]);
  }
  cg_nodelinks_destroy(nl);
  if (unresolved_count > 0) {
    if (unresolved_count > WARN_HOSTS)
      unresolved += " and " + std::to_string(unresolved_count - WARN_HOSTS) + " more";
    XBT_WARN("contention: cannot tell the node links of host(s) %s apart from links other hosts use; their comms keep "
             "SimGrid's max-min sharing on every link, bounded at B/penalty with B their route's bottleneck",
             unresolved.c_str());
  }
  return result;
}

/* A link of the host's routes both ways (a SHARED private link, a
 * limiter): it carries the comms of both directions, which no penalty
 * adds up. Made FATPIPE, nothing held their sum at its bandwidth (the
 * ledger gives a link back to SimGrid's solver, which then saw a FATPIPE
 * link): it stays SimGrid's SHARED link, whose max-min binds where the
 * ledger would give it back. */
namespace {
bool both_ways(const HostLinks& h, const Link* l)
{
  return std::find(h.out.begin(), h.out.end(), l) != h.out.end() &&
         std::find(h.in.begin(), h.in.end(), l) != h.in.end();
}
} // namespace

void release_node_links(const std::vector<HostLinks>& links, Release how)
{
  for (const HostLinks& h : links)
    for (const auto* side : {&h.out, &h.in})
      for (Link* l : *side) {
        if (not released().insert(l).second)
          continue;
        if (how == Release::hide)
          hide_link(l);
        else if (l->get_sharing_policy() != Link::SharingPolicy::FATPIPE && not both_ways(h, l))
          l->set_sharing_policy(Link::SharingPolicy::FATPIPE); /* its bandwidth stays SimGrid's */
      }
}

bool node_link(const Link* link)
{
  return released().count(link) != 0;
}

} // namespace contention_sg
