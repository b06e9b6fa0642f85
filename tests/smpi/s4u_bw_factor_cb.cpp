/* s4u_bw_factor_cb PLATFORM [--cfg=...]: a plain simulator that sets a
 * bandwidth-factor callback on the root zone's network model (0.5 for
 * messages of 1 MB and more, 2 below), then a -> b sends 2 MB and c -> d
 * 500 kB at 0. Prints "ID,seconds" per comm, in finishing order. */
#include <simgrid/s4u.hpp>
#include <simgrid/version.h> /* not self-contained in 3.32: after s4u.hpp */
#if SIMGRID_VERSION_MAJOR < 4
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#endif

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

namespace sg4 = simgrid::s4u;

static int payload;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static double factor(double size, const sg4::Host*, const sg4::Host*, const std::vector<sg4::Link*>&,
                     const std::unordered_set<sg4::NetZone*>&)
{
  return size >= 1e6 ? 0.5 : 2.0;
}

static void comm(sg4::Engine& e, const std::string& id, const char* src, const char* dst, double size)
{
  sg4::Actor::create("s" + id, e.host_by_name(src),
                     [id, size]() { sg4::Mailbox::by_name(id)->put(&payload, static_cast<uint64_t>(size)); });
  sg4::Actor::create("r" + id, e.host_by_name(dst), [id]() {
    sg4::Mailbox::by_name(id)->get<int>();
    std::printf("%s,%.12g\n", id.c_str(), sg4::Engine::get_clock());
  });
}

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PLATFORM [--cfg=...]\n", argv[0]);
    return EXIT_FAILURE;
  }
  e.load_platform(argv[1]);
#if SIMGRID_VERSION_MAJOR < 4
  e.get_netzone_root()->get_network_model()->set_bw_factor_cb(factor);
#else
  e.get_netzone_root()->set_bandwidth_factor_cb(factor);
#endif
  comm(e, "ab", "a", "b", 2e6);
  comm(e, "cd", "c", "d", 5e5);
  e.run();
  return 0;
}
