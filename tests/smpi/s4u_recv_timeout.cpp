/* s4u_recv_timeout PLATFORM [--cfg=...]: host a sends 20 MiB to b and to c
 * at 0; b's receive times out at 4 ms, which ends a -> b (SimGrid drops
 * its network action without a state change); at 20 ms, after every comm,
 * b's link gets a new bandwidth. Prints "ID,seconds,how" per comm, in
 * finishing order, then "end,seconds". */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>

namespace sg4 = simgrid::s4u;

static int payload;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void comm(sg4::Engine& e, const std::string& dst, double timeout)
{
  std::string id = "a" + dst;
  sg4::Actor::create("s" + id, e.host_by_name("a"), [id]() {
    try {
      sg4::Mailbox::by_name(id)->put(&payload, 20971520);
    } catch (const simgrid::Exception&) {
      /* the receiver gave up */
    }
  });
  sg4::Actor::create("r" + id, e.host_by_name(dst), [id, timeout]() {
    const char* how = "ok";
    try {
      if (timeout > 0)
        sg4::Mailbox::by_name(id)->get<int>(timeout);
      else
        sg4::Mailbox::by_name(id)->get<int>();
    } catch (const simgrid::TimeoutException&) {
      how = "timeout";
    }
    std::printf("%s,%.9f,%s\n", id.c_str(), sg4::Engine::get_clock(), how);
  });
}

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PLATFORM [--cfg=...]\n", argv[0]);
    return 2;
  }
  e.load_platform(argv[1]);
  comm(e, "b", 0.004);
  comm(e, "c", -1);
  sg4::Actor::create("bandwidth", e.host_by_name("d"), []() {
    sg4::this_actor::sleep_until(0.02);
    sg4::Link::by_name("lb")->set_bandwidth(1e9);
  });
  e.run();
  std::printf("end,%.9f\n", sg4::Engine::get_clock());
  return 0;
}
