/* s4u_rate_comm PLATFORM START RATE [--cfg=...]: a -> b sends 2 MB from
 * START (seconds) at most at RATE B/s (Comm::set_rate), c -> d 1 MB from
 * START without a rate. Prints "ID,seconds" per comm, in finishing order. */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace sg4 = simgrid::s4u;

/* Actor::create is deprecated from SimGrid 4.0 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static int payload;

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc < 4) {
    std::fprintf(stderr, "usage: s4u_rate_comm PLATFORM START RATE [--cfg=...]\n");
    return 2;
  }
  e.load_platform(argv[1]);
  double start = std::atof(argv[2]);
  double rate  = std::atof(argv[3]);
  struct Comm {
    const char *id, *src, *dst;
    double size, rate;
  };
  for (Comm c : {Comm{"ab", "a", "b", 2e6, rate}, Comm{"cd", "c", "d", 1e6, -1}}) {
    std::string id = c.id;
    sg4::Actor::create("s" + id, e.host_by_name(c.src), [id, c, start]() {
      sg4::this_actor::sleep_until(start);
      sg4::CommPtr comm = sg4::Mailbox::by_name(id)->put_init(&payload, static_cast<uint64_t>(c.size));
      if (c.rate > 0)
        comm->set_rate(c.rate);
      comm->wait();
    });
    sg4::Actor::create("r" + id, e.host_by_name(c.dst), [id]() {
      sg4::Mailbox::by_name(id)->get<int>();
      std::printf("%s,%.12g\n", id.c_str(), sg4::Engine::get_clock());
    });
  }
  e.run();
  return 0;
}
