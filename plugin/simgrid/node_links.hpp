/* The hosts' node links under network/model:contention: found once the
 * platform exists (the core's classifier on sampled routes), then released
 * from SimGrid's sharing so that the penalties, not max-min, divide them.
 * Links shared by several hosts are left as they are.
 *
 * Released how: SimGrid is given a bandwidth no comm reaches for them, and
 * the plugin keeps their real bandwidth (B of the comms). Making them
 * FATPIPE instead gives the same rates but costs SimGrid's solver a scan of
 * every comm of the link each time one comm's rate is fixed (O(d^2) per
 * host of degree d per solve: an integer sort's all-to-all-v at 64 ranks
 * ran over 10 times slower than plain SMPI). */
#ifndef CONTENTION_SG_NODE_LINKS_HPP
#define CONTENTION_SG_NODE_LINKS_HPP

#include <simgrid/forward.h>

#include <vector>

namespace contention_sg {

struct HostLinks {
  std::vector<simgrid::s4u::Link*> out; /* on routes leaving the host */
  std::vector<simgrid::s4u::Link*> in;  /* on routes entering it */
  bool resolved() const { return not out.empty() && not in.empty(); }
};

/* One entry per host of `hosts` (same order). Logs each host's links at
 * verbose level and warns, naming them, about hosts whose node links cannot
 * be told apart (their entry is empty). */
std::vector<HostLinks> find_node_links(const std::vector<simgrid::s4u::Host*>& hosts);

/* Bandwidth given to released links: far above any comm's bound (comms are
 * bounded at B / penalty), low enough for lmm's relative precision. */
constexpr double UNREACHABLE_BANDWIDTH = 1e15; /* B/s */

/* How node links are released. */
enum class Release {
  hide,   /* SimGrid sees UNREACHABLE_BANDWIDTH, the plugin keeps the real one */
  fatpipe /* the link becomes FATPIPE at its bandwidth: same rates, slower
             solves; used when SimGrid 3.32 traces the platform, as its Paje
             tracer aborts on a bandwidth change of a SPLITDUPLEX link's
             halves (they have no trace container) */
};

/* Releases every node link of a resolved host: records its bandwidth, then
 * hides it or makes it FATPIPE. */
void release_node_links(const std::vector<HostLinks>& links, Release how);

/* A link's real bandwidth: the recorded one for a released link, else
 * SimGrid's. */
double link_bandwidth(const simgrid::s4u::Link* link);
/* Smallest real bandwidth of the links (B/s); +inf when empty. */
double min_bandwidth(const std::vector<simgrid::s4u::Link*>& links);

/* Called when a link's bandwidth changed (profile, Link::set_bandwidth): for
 * a released link, records the new value as its real bandwidth, to be
 * hidden again by hide_changed_node_links(). Returns true for a released
 * link. (Not hidden at once: SimGrid is still inside its set_bandwidth,
 * whose bookkeeping after the signal assumes the value it set.) */
bool node_link_bandwidth_changed(const simgrid::s4u::Link& link);
/* Gives UNREACHABLE_BANDWIDTH back to the released links changed since the
 * last call; run before SimGrid solves. */
void hide_changed_node_links();

} // namespace contention_sg
#endif
