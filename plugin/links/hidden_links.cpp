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
  double held;      /* what SimGrid holds while the link is hidden: hidden_bandwidth(bandwidth) */
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

/* Each link's real bandwidth as of its last reported change (or of the
 * platform's seal), and the link whose change is being reported: SimGrid
 * signals a change after making it, and what is read of that link before
 * the change must be its former bandwidth. */
std::unordered_map<const Link*, double>& reported()
{
  static std::unordered_map<const Link*, double> r;
  return r;
}
const Link* reading_before = nullptr;
double bandwidth_before    = 0;

void set(Link* link, double bandwidth)
{
  changing = true;
  compat::set_link_bandwidth_keeping_weights(link, bandwidth); /* no comm's max-min weight moves */
  changing = false;
}

} // namespace

double hidden_bandwidth(double real)
{
  /* a link without bandwidth (a profile's outage) limits nothing in
   * SimGrid's solver, which skips a constraint of bound 0 (B and the
   * bottlenecks leave it out too, min_bandwidth): held at 1e15 B/s like
   * the others, not at 0, where a comm with no other constraint in its
   * variable was never solved again (a comm started inside the outage
   * never ended) */
  if (!(real > UNREACHABLE_BANDWIDTH / 1e3))
    return UNREACHABLE_BANDWIDTH;
  /* a million comms' rates on the link still sum to a finite double: held
   * at the largest double (a link of 1.7e308 B/s, or inf), SimGrid's solver
   * overflowed and the run never ended */
  return std::min(real * 1e3, std::numeric_limits<double>::max() / 1e6);
}

void hide_link(Link* link)
{
  double real = compat::held_bandwidth(*link);
  if (hidden().emplace(link, Hidden{link, real, hidden_bandwidth(real)}).second) {
    version++;
    set(link, hidden_bandwidth(real));
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

void record_link_bandwidths(const std::vector<Link*>& links)
{
  for (const Link* l : links)
    reported()[l] = link_bandwidth(l);
}

void read_bandwidths_before(const Link& link, bool on)
{
  reading_before = nullptr;
  auto it        = reported().find(&link);
  if (not on || it == reported().end())
    return;
  reading_before   = &link;
  bandwidth_before = it->second;
}

void link_bandwidth_reported(const Link& link)
{
  reported()[&link] = link_bandwidth(&link);
}

double held_bandwidth_before(const Link& link)
{
  if (&link != reading_before)
    return compat::held_bandwidth(link);
  double held;
  double real;
  return hidden_link_before_change(link, &held, &real) ? held : bandwidth_before;
}

double link_bandwidth(const Link* link)
{
  if (link == reading_before)
    return bandwidth_before;
  auto it = hidden().find(link);
  return it != hidden().end() ? it->second.bandwidth : compat::held_bandwidth(*link);
}

double real_bandwidth(const Link& link, double held)
{
  auto it = hidden().find(&link);
  return it != hidden().end() ? it->second.bandwidth : held;
}

namespace {
/* A WIFI link's bandwidth is no rate (SimGrid gives it 1: its capacity is
 * shared by the stations' rates, which weigh their comms' terms), and
 * SimGrid leaves it out of a comm's bound. */
bool radio(const Link* l)
{
  return l->get_sharing_policy() == Link::SharingPolicy::WIFI;
}
} // namespace

double min_bandwidth(const std::vector<Link*>& links)
{
  /* SimGrid's solver skips a constraint whose bound is not above 0: a link
   * of 0 B/s (a profile's outage) limits none of its comms, which keep
   * their bound and the other links' shares (lmm::System::lmm_solve) */
  double bw = std::numeric_limits<double>::infinity();
  for (const Link* l : links) {
    if (radio(l))
      continue;
    double b = link_bandwidth(l);
    if (b > 0)
      bw = std::min(bw, b);
  }
  return bw;
}

double start_bandwidth(const std::vector<Link*>& links)
{
  for (const Link* l : links)
    if (not radio(l) && !(link_bandwidth(l) > 0))
      return 0;
  return min_bandwidth(links);
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
  *held = changed ? it->second.bandwidth : it->second.held;
  return true;
}

void rehide_links()
{
  for (Link* l : to_rehide()) {
    auto it = hidden().find(l);
    if (it == hidden().end())
      continue;
    it->second.held = hidden_bandwidth(it->second.bandwidth);
    if (compat::held_bandwidth(*l) != it->second.held)
      set(l, it->second.held);
  }
  to_rehide().clear();
}

} // namespace contention_sg
