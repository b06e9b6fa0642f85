/* s4u_get_bandwidth PLATFORM [--cfg=...]: on set-latency.xml, a -> b sends
 * 8 MiB at 0; at 1 ms the program reads the bandwidth of la_UP (a's private
 * link), ma (a's limiter) and bb (the backbone) through s4u and the C API,
 * and the bandwidth of the route a -> b through the C API
 * (sg_host_get_route_bandwidth), then halves la_UP's bandwidth from the
 * value it read. Prints "LINK,s4u,c" per link, "route,B/s", then
 * "ab,seconds". */
#include <simgrid/host.h>
#include <simgrid/link.h>
#include <simgrid/s4u.hpp>

#include <cstdio>

namespace sg4 = simgrid::s4u;

static int payload;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PLATFORM [--cfg=...]\n", argv[0]);
    return 2;
  }
  e.load_platform(argv[1]);
  sg4::Actor::create("sab", e.host_by_name("a"), []() { sg4::Mailbox::by_name("ab")->put(&payload, 8388608); });
  sg4::Actor::create("rab", e.host_by_name("b"), []() {
    sg4::Mailbox::by_name("ab")->get<int>();
    std::printf("ab,%.9f\n", sg4::Engine::get_clock());
  });
  sg4::Actor::create("reader", e.host_by_name("c"), []() {
    sg4::this_actor::sleep_until(0.001);
    for (const char* name : {"la_UP", "ma", "bb"}) {
      const sg4::Link* link = sg4::Link::by_name(name);
      std::printf("%s,%.0f,%.0f\n", name, link->get_bandwidth(), sg_link_get_bandwidth(link));
    }
    std::printf("route,%.0f\n", sg_host_get_route_bandwidth(sg4::Host::by_name("a"), sg4::Host::by_name("b")));
    sg4::Link* la = sg4::Link::by_name("la_UP");
    la->set_bandwidth(la->get_bandwidth() / 2);
  });
  e.run();
  return 0;
}
