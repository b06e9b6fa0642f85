/* The hosts' node links under network/model:contention: found once the
 * platform exists (the core's classifier on sampled routes), then released
 * from SimGrid's sharing so that the penalties, not max-min, divide them.
 * Links shared by several hosts are left as they are.
 *
 * Released how: hidden from SimGrid's solver (hidden_links.hpp), the plugin
 * keeping their real bandwidth (B of the comms). Making them FATPIPE
 * instead gives the same rates but costs SimGrid's solver a scan of every
 * comm of the link each time one comm's rate is fixed (O(d^2) per host of
 * degree d per solve: an integer sort's all-to-all-v at 64 ranks ran over
 * 10 times slower than plain SMPI). */
#ifndef CONTENTION_SG_NODE_LINKS_HPP
#define CONTENTION_SG_NODE_LINKS_HPP

#include "hidden_links.hpp"

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

/* How node links are released. */
enum class Release {
  hide,   /* hidden from SimGrid's solver (hidden_links.hpp) */
  fatpipe /* the link becomes FATPIPE at its bandwidth: same rates, slower
             solves; used when SimGrid 3.32 traces the platform, as its Paje
             tracer aborts on a bandwidth change of a SPLITDUPLEX link's
             halves (they have no trace container); a link of both
             directions (SHARED private link, limiter) stays SHARED */
};

/* Releases every node link of a resolved host. */
void release_node_links(const std::vector<HostLinks>& links, Release how);
/* True for a released node link. */
bool node_link(const simgrid::s4u::Link* link);

} // namespace contention_sg
#endif
