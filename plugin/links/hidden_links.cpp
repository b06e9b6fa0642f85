#include "hidden_links.hpp"

#include "sg_compat.hpp"

#include <simgrid/s4u/Link.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace contention_sg {
namespace {

using simgrid::s4u::Link;

struct Hidden {
  Link* link;
  double bandwidth; /* real */
};

/* Function-local statics: destroyed after the last use at exit. */
std::unordered_map<const Link*, Hidden>& hidden()
{
  static std::unordered_map<const Link*, Hidden> h;
  return h;
}
std::vector<Link*>& to_rehide()
{
  static std::vector<Link*> v;
  return v;
}
bool changing = false;
uint64_t version = 0; /* bumped whenever the hidden set changes */

void set(Link* link, double bandwidth)
{
  changing = true;
  compat::set_link_bandwidth_keeping_weights(link, bandwidth); /* no comm's max-min weight moves */
  changing = false;
}

} // namespace

void hide_link(Link* link)
{
  if (hidden().emplace(link, Hidden{link, compat::held_bandwidth(*link)}).second) {
    version++;
    set(link, UNREACHABLE_BANDWIDTH);
  }
}

void unhide_link(Link* link)
{
  auto it = hidden().find(link);
  if (it == hidden().end())
    return;
  double real = it->second.bandwidth;
  hidden().erase(it);
  version++;
  set(link, real);
}

bool link_hidden(const Link* link)
{
  return hidden().count(link) != 0;
}

uint64_t hidden_links_version()
{
  return version;
}

bool hiding_in_progress()
{
  return changing;
}

double link_bandwidth(const Link* link)
{
  auto it = hidden().find(link);
  return it != hidden().end() ? it->second.bandwidth : compat::held_bandwidth(*link);
}

double real_bandwidth(const Link& link, double held)
{
  auto it = hidden().find(&link);
  return it != hidden().end() ? it->second.bandwidth : held;
}

double min_bandwidth(const std::vector<Link*>& links)
{
  double bw = std::numeric_limits<double>::infinity();
  for (const Link* l : links)
    bw = std::min(bw, link_bandwidth(l));
  return bw;
}

bool hidden_link_bandwidth_changed(const Link& link)
{
  auto it = hidden().find(&link);
  if (it == hidden().end())
    return false;
  it->second.bandwidth = compat::held_bandwidth(link);
  to_rehide().push_back(it->second.link);
  return true;
}

bool hidden_link_before_change(const Link& link, double* held, double* real)
{
  auto it = hidden().find(&link);
  if (it == hidden().end())
    return false;
  *real = it->second.bandwidth;
  const std::vector<Link*>& pending = to_rehide();
  bool changed = std::find(pending.begin(), pending.end(), it->second.link) != pending.end();
  *held = changed ? it->second.bandwidth : UNREACHABLE_BANDWIDTH;
  return true;
}

void rehide_links()
{
  for (Link* l : to_rehide())
    if (link_hidden(l) && compat::held_bandwidth(*l) != UNREACHABLE_BANDWIDTH)
      set(l, UNREACHABLE_BANDWIDTH);
  to_rehide().clear();
}

} // namespace contention_sg
