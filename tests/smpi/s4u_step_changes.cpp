/* s4u_step_changes PLATFORM OP... [--cfg=...]: one actor runs every OP in
 * one step at time 0, in order:
 *   c:SRC:DST:BYTES  Comm::sendto_async (the comms are named c0, c1, ...)
 *   bw:LINK:VALUE    Link::set_bandwidth
 *   lat:LINK:VALUE   Link::set_latency
 *   wifi:LINK:HOST:LEVEL  Link::set_host_wifi_rate (a WIFI link's rate level of a station)
 * Prints "cN,seconds" per comm when it ends. Runs with SimGrid's factors
 * at 1 and no cross-traffic unless the command line says otherwise. */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "s4u_test_defaults.hpp"

namespace sg4 = simgrid::s4u;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int main(int argc, char* argv[])
{
  sg4::Engine e(&argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s PLATFORM OP... [--cfg=...]\n", argv[0]);
    return 2;
  }
  set_test_defaults();
  e.load_platform(argv[1]);
  std::vector<std::vector<std::string>> ops;
  for (int i = 2; i < argc; i++) {
    std::vector<std::string> f;
    std::istringstream in(argv[i]);
    for (std::string w; std::getline(in, w, ':');)
      f.push_back(w);
    if (not((f.size() == 4 && (f[0] == "c" || f[0] == "wifi")) || (f.size() == 3 && (f[0] == "bw" || f[0] == "lat")))) {
      std::fprintf(stderr, "%s: OP '%s': accepted: c:SRC:DST:BYTES, bw:LINK:VALUE, lat:LINK:VALUE, wifi:LINK:HOST:LEVEL\n",
                   argv[0], argv[i]);
      return 2;
    }
    ops.push_back(f);
  }
  sg4::Actor::create("step", e.get_all_hosts().front(), [ops]() {
    int n = 0;
    for (const auto& f : ops) {
      if (f[0] == "c") {
        std::string name = "c" + std::to_string(n++);
        sg4::CommPtr c   = sg4::Comm::sendto_async(sg4::Host::by_name(f[1]), sg4::Host::by_name(f[2]),
                                                   std::strtoull(f[3].c_str(), nullptr, 10));
        sg4::Actor::create("w" + name, sg4::this_actor::get_host(), [name, c]() {
          c->wait();
          std::printf("%s,%.12g\n", name.c_str(), sg4::Engine::get_clock());
        });
      } else if (f[0] == "wifi")
        sg4::Link::by_name(f[1])->set_host_wifi_rate(sg4::Host::by_name(f[2]), std::atoi(f[3].c_str()));
      else if (f[0] == "bw")
        sg4::Link::by_name(f[1])->set_bandwidth(std::atof(f[2].c_str()));
      else
        sg4::Link::by_name(f[1])->set_latency(std::atof(f[2].c_str()));
    }
  });
  e.run();
  return 0;
}
