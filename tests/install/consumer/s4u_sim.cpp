/* An s4u simulator of a user of the installed plugin: node-1 of the shipped
 * InfiniBand testbed platform sends 20 MiB to node-2, node-3 and node-4 at
 * once, and prints each comm's finish time. Under network/model:contention
 * (InfiniBand rules: out-degree 3) each comm gets a third of the link.
 * Usage: s4u_sim PLATFORM [--cfg=...] */
#include <contention/simgrid.h>

#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>

namespace sg4 = simgrid::s4u;

static int payload;

static void sender()
{
  std::vector<sg4::CommPtr> comms;
  for (const char* to : {"node-2", "node-3", "node-4"})
    comms.push_back(sg4::Mailbox::by_name(to)->put_async(&payload, 20971520));
  for (auto const& c : comms)
    c->wait();
}

static void receiver(std::string box)
{
  sg4::Mailbox::by_name(box)->get<int>();
  std::printf("node-1 -> %s: %.9f\n", box.c_str(), sg4::Engine::get_clock());
}

int main(int argc, char** argv)
{
  /* Explicit registration (also keeps the library linked with --as-needed). */
  if (contention_simgrid_register() != 0)
    return 1;
  sg4::Engine e(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLATFORM [--cfg=...]\n", argv[0]);
    return 2;
  }
  e.load_platform(argv[1]);
  sg4::Actor::init("sender", e.host_by_name("node-1"))->start(sender); /* SimGrid 3.32 to 4.1 */
  for (const char* to : {"node-2", "node-3", "node-4"})
    sg4::Actor::init("receiver", e.host_by_name(to))->start(receiver, std::string(to));
  e.run();
  return 0;
}
