/* s4u_suspend PLATFORM comm|actor S1 S2 [--cfg=...]: host a sends 20 MiB
 * to b (comm x) and to c (comm y) at time 0; x is suspended from S1 to S2
 * seconds (`comm`: its sender calls Comm::suspend and Comm::resume;
 * `actor`: another actor suspends and resumes x's sender, which SimGrid
 * does by suspending the comm the sender waits on). Prints "x,seconds" and
 * "y,seconds", in finishing order.
 *
 * Runs under network/model:contention with SMPI's bandwidth and latency
 * factors at 1 and no cross-traffic unless the command line says otherwise
 * (as s4u-cancel), so that on tests/smpi/fatpipe-16.xml the penalty is the
 * only limit. */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "s4u_test_defaults.hpp"

namespace sg4 = simgrid::s4u;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static int payload;
constexpr uint64_t SIZE = 20971520;

static void receive(const std::string& id)
{
  sg4::Mailbox::by_name(id)->get<int>();
  std::printf("%s,%.12g\n", id.c_str(), sg4::Engine::get_clock());
}

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc < 5 || (std::string(argv[2]) != "comm" && std::string(argv[2]) != "actor")) {
    std::fprintf(stderr, "usage: %s PLATFORM comm|actor S1 S2 [--cfg=...]\n", argv[0]);
    return 2;
  }
  set_test_defaults();
  e.load_platform(argv[1]);
  std::string how = argv[2];
  double s1       = std::atof(argv[3]);
  double s2       = std::atof(argv[4]);
  sg4::Host* a    = e.host_by_name("a");
  sg4::ActorPtr sx;
  if (how == "comm") {
    sx = sg4::Actor::create("sx", a, [s1, s2]() {
      sg4::CommPtr x = sg4::Mailbox::by_name("x")->put_async(&payload, SIZE);
      sg4::this_actor::sleep_until(s1);
      x->suspend();
      sg4::this_actor::sleep_until(s2);
      x->resume();
      x->wait();
    });
  } else {
    sx = sg4::Actor::create("sx", a, []() { sg4::Mailbox::by_name("x")->put(&payload, SIZE); });
    sg4::Actor::create("ctl", a, [sx, s1, s2]() {
      sg4::this_actor::sleep_until(s1);
      sx->suspend();
      sg4::this_actor::sleep_until(s2);
      sx->resume();
    });
  }
  sg4::Actor::create("sy", a, []() { sg4::Mailbox::by_name("y")->put(&payload, SIZE); });
  sg4::Actor::create("rx", e.host_by_name("b"), []() { receive("x"); });
  sg4::Actor::create("ry", e.host_by_name("c"), []() { receive("y"); });
  e.run();
  return 0;
}
