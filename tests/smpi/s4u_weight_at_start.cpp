/* s4u_weight_at_start PLATFORM LINK FACTOR [--cfg=...]: in one instant,
 * h3 sends 1000 B to h5 (c0), then h1 sends 4 MB to h2 (c1); right after
 * c1's start, h1's actor sets LINK to FACTOR times its bandwidth (FACTOR 1:
 * the same value). Prints "c0,seconds" and "c1,seconds".
 *
 * The change falls while both comms are in their latency phase, before
 * SimGrid 4.x's model has told the plugin of either start: the plugin
 * learns of them inside the change's signal, and must give c0 its start
 * weight as of its start, not as of the change. Runs with SMPI's factors
 * at 1 and no cross-traffic unless the command line says otherwise. */
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

static void send(sg4::Engine& e, const char* name, const char* src, uint64_t size, const std::string& link,
                 double factor)
{
  sg4::Actor::create(name, e.host_by_name(src), [name, size, link, factor]() {
    sg4::CommPtr c = sg4::Mailbox::by_name(name)->put_async(&payload, size);
    if (not link.empty()) {
      sg4::Link* l = sg4::Link::by_name(link);
      l->set_bandwidth(l->get_bandwidth() * factor);
    }
    c->wait();
    std::printf("%s,%.12g\n", name, sg4::Engine::get_clock());
  });
}

static void receive(sg4::Engine& e, const char* name, const char* dst)
{
  sg4::Actor::create(std::string("r") + name, e.host_by_name(dst),
                     [name]() { sg4::Mailbox::by_name(name)->get<int>(); });
}

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s PLATFORM LINK FACTOR [--cfg=...]\n", argv[0]);
    return 2;
  }
  set_test_defaults();
  e.load_platform(argv[1]);
  receive(e, "c0", "h5");
  receive(e, "c1", "h2");
  send(e, "c0", "h3", 1000, "", 1);
  send(e, "c1", "h1", 4000000, argv[2], std::atof(argv[3]));
  e.run();
  return 0;
}
