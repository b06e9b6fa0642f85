// platform_info PLATFORM.xml [SRC DST | link=NAME]...
// Loads a platform with SimGrid and prints, as CSV rows "key,value", the
// number of hosts and links; for each SRC DST pair, the route's link count,
// smallest and largest link bandwidth (B/s) and summed latency (s); for each
// link=NAME, its bandwidth, latency and sharing (0 FATPIPE, 1 SHARED, 2
// other). The load tests compare these rows with figures computed by hand
// from the papers.
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

int main(int argc, char** argv)
{
  simgrid::s4u::Engine e(&argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml [SRC DST | link=NAME]...\n", argv[0]);
    return 2;
  }
  try {
    e.load_platform(argv[1]);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "platform_info: cannot load '%s': %s\n", argv[1], ex.what());
    return 1;
  }
  std::printf("hosts,%zu\nlinks,%zu\n", e.get_host_count(), e.get_link_count());
  for (int i = 2; i < argc; i += 2) {
    if (std::strncmp(argv[i], "link=", 5) == 0) {
      auto const* link = simgrid::s4u::Link::by_name_or_null(argv[i] + 5);
      if (link == nullptr) {
        std::fprintf(stderr, "platform_info: no link named '%s'\n", argv[i] + 5);
        return 1;
      }
      auto policy = link->get_sharing_policy();
      std::printf("linkbw:%s,%.10g\nlinklat:%s,%.10g\nlinkshare:%s,%d\n", argv[i] + 5, link->get_bandwidth(),
                  argv[i] + 5, link->get_latency(), argv[i] + 5,
                  policy == simgrid::s4u::Link::SharingPolicy::FATPIPE  ? 0
                  : policy == simgrid::s4u::Link::SharingPolicy::SHARED ? 1
                                                                        : 2);
      i--; // one argument, not a pair
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "platform_info: host '%s' has no destination\n", argv[i]);
      return 2;
    }
    auto* src = simgrid::s4u::Host::by_name_or_null(argv[i]);
    auto* dst = simgrid::s4u::Host::by_name_or_null(argv[i + 1]);
    if (src == nullptr || dst == nullptr) {
      std::fprintf(stderr, "platform_info: no host named '%s'\n", src == nullptr ? argv[i] : argv[i + 1]);
      return 1;
    }
    std::vector<simgrid::s4u::Link*> links;
    double latency = 0;
    src->route_to(dst, links, &latency);
    double lo = -1;
    double hi = -1;
    for (auto const* l : links) {
      if (lo < 0 || l->get_bandwidth() < lo)
        lo = l->get_bandwidth();
      if (l->get_bandwidth() > hi)
        hi = l->get_bandwidth();
    }
    const char* s = argv[i];
    const char* d = argv[i + 1];
    std::printf("hops:%s:%s,%zu\nbw:%s:%s,%.10g\nmaxbw:%s:%s,%.10g\nlat:%s:%s,%.10g\n", s, d, links.size(), s, d, lo, s,
                d, hi, s, d, latency);
  }
  return 0;
}
