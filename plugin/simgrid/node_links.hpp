/* The hosts' node links under network/model:contention: found once the
 * platform exists (the core's classifier on sampled routes), then made
 * non-sharing so that the penalties, not SimGrid's max-min, divide them.
 * Links shared by several hosts are left as they are. */
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

/* Turns every node link of a resolved host into a FATPIPE link (each comm
 * alone is limited by its bandwidth, comms do not share it). */
void release_node_links(const std::vector<HostLinks>& links);

/* Smallest current bandwidth of the links (B/s); +inf when empty. */
double min_bandwidth(const std::vector<simgrid::s4u::Link*>& links);

} // namespace contention_sg
#endif
