/* s4u_set_latency PLATFORM [--cfg=...]: a plain simulator on set-latency.xml
 * in which a -> b and c -> d send 8 MiB at 0 and e -> f at 0.1 ms (its start
 * re-rates the running comms, which then drop their hidden links), while
 * Link::set_latency moves la_UP's latency to 100 us at 0.5 ms and back to
 * 1 us at 1 ms. Prints "ID,seconds" per comm, in finishing order. */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace sg4 = simgrid::s4u;

static int payload;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void comm(sg4::Engine& e, const std::string& id, const char* src, const char* dst, double start)
{
  sg4::Actor::create("s" + id, e.host_by_name(src), [id, start]() {
    sg4::this_actor::sleep_until(start);
    sg4::Mailbox::by_name(id)->put(&payload, 8388608);
  });
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
  comm(e, "ab", "a", "b", 0);
  comm(e, "cd", "c", "d", 0);
  comm(e, "ef", "e", "f", 1e-4);
  sg4::Actor::create("latency", e.host_by_name("a"), []() {
    sg4::Link* la = sg4::Link::by_name("la_UP");
    sg4::this_actor::sleep_until(5e-4);
    la->set_latency(1e-4);
    sg4::this_actor::sleep_until(1e-3);
    la->set_latency(1e-6);
  });
  e.run();
  return 0;
}
