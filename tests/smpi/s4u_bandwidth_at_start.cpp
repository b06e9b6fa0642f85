/* s4u_bandwidth_at_start PLATFORM after|before|dip [SRC DST FIRST SECOND]
 * [--cfg=...]: host SRC (default a) sends 20 MiB to DST (default b). In the
 * instant it starts, link FIRST (default lb) goes to 4 times its bandwidth
 * first, then link SECOND (default la) to twice its bandwidth, right after
 * the comm's start (`after`) or right before it (`before`), from the sender
 * actor. With `dip`, only SECOND changes: to half its bandwidth right
 * after the start, and back at 2 ms. Prints "ab,seconds".
 *
 * Runs under network/model:contention with SMPI's bandwidth and latency
 * factors at 1 and no cross-traffic unless the command line says otherwise
 * (as s4u_suspend). */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>

#include "s4u_test_defaults.hpp"

namespace sg4 = simgrid::s4u;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static int payload;
constexpr uint64_t SIZE = 20971520;

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  std::string mode = argc >= 3 ? argv[2] : "";
  if (mode != "after" && mode != "before" && mode != "dip") {
    std::fprintf(stderr, "usage: %s PLATFORM after|before|dip [SRC DST FIRST SECOND] [--cfg=...]\n", argv[0]);
    return 2;
  }
  set_test_defaults();
  e.load_platform(argv[1]);
  bool after = mode == "after";
  bool named = argc >= 7;
  std::string src = named ? argv[3] : "a", dst = named ? argv[4] : "b";
  std::string first = named ? argv[5] : "lb", second = named ? argv[6] : "la";
  if (mode == "dip") {
    sg4::Actor::create("s", e.host_by_name(src), [second]() {
      sg4::Link* la = sg4::Link::by_name(second);
      double bw     = la->get_bandwidth();
      sg4::CommPtr c = sg4::Mailbox::by_name("ab")->put_async(&payload, SIZE);
      la->set_bandwidth(bw / 2);
      sg4::this_actor::sleep_until(0.002);
      la->set_bandwidth(bw);
      c->wait();
    });
  } else {
  sg4::Actor::create("s", e.host_by_name(src), [after, first, second]() {
    sg4::Link* la = sg4::Link::by_name(second);
    sg4::Link* lb = sg4::Link::by_name(first);
    lb->set_bandwidth(4 * lb->get_bandwidth());
    if (not after)
      la->set_bandwidth(2 * la->get_bandwidth());
    sg4::CommPtr c = sg4::Mailbox::by_name("ab")->put_async(&payload, SIZE);
    if (after)
      la->set_bandwidth(2 * la->get_bandwidth());
    c->wait();
  });
  }
  sg4::Actor::create("r", e.host_by_name(dst), []() {
    sg4::Mailbox::by_name("ab")->get<int>();
    std::printf("ab,%.12g\n", sg4::Engine::get_clock());
  });
  e.run();
  return 0;
}
