/* s4u_cancel_at_start PLATFORM [--cfg=...]: host a sends 1000 B to b and
 * 1 MB to c at 0; b starts its receive (get_async) and cancels it at once,
 * in the instant the comm started, before the model gave it a rate. Prints
 * "ID,seconds,how" per receive, then "end,seconds". */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <string>

namespace sg4 = simgrid::s4u;

static int payload;

/* Actor::create is deprecated from SimGrid 4.1 on; its successor,
 * Host::add_actor, does not exist in 3.32. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void comm(sg4::Engine& e, const std::string& dst, uint64_t bytes, bool cancel)
{
  std::string id = "a" + dst;
  sg4::Actor::create("s" + id, e.host_by_name("a"), [id, bytes]() {
    try {
      sg4::Mailbox::by_name(id)->put(&payload, bytes);
    } catch (const simgrid::Exception&) {
      /* the receiver cancelled */
    }
  });
  sg4::Actor::create("r" + id, e.host_by_name(dst), [id, cancel]() {
    int* got          = nullptr;
    sg4::CommPtr c    = sg4::Mailbox::by_name(id)->get_async<int>(&got);
    const char* how   = "ok";
    if (cancel && not c->test()) {
      c->cancel();
      how = "cancelled";
    } else {
      c->wait();
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
  comm(e, "b", 1000, true);
  comm(e, "c", 1000000, false);
  e.run();
  std::printf("end,%.9f\n", sg4::Engine::get_clock());
  return 0;
}
