/* s4u_zero_bytes PLATFORM [--cfg=...]: host a sends 0 bytes to b at 0, c
 * sends 0 bytes to d at 1 ms (s4u adds no envelope: the comms have no
 * bytes at all). Prints "ID,seconds" per receive, then "end,seconds". */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>

namespace sg4 = simgrid::s4u;

static int payload;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void comm(sg4::Engine& e, const std::string& src, const std::string& dst, double start)
{
  std::string id = src + dst;
  sg4::Actor::create("s" + id, e.host_by_name(src), [id, start]() {
    sg4::this_actor::sleep_until(start);
    sg4::Mailbox::by_name(id)->put(&payload, 0);
  });
  sg4::Actor::create("r" + id, e.host_by_name(dst), [id]() {
    sg4::Mailbox::by_name(id)->get<int>();
    std::printf("%s,%.9f\n", id.c_str(), sg4::Engine::get_clock());
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
  comm(e, "a", "b", 0);
  comm(e, "c", "d", 0.001);
  e.run();
  std::printf("end,%.9f\n", sg4::Engine::get_clock());
  return 0;
}
