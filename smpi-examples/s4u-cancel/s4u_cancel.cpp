/* A plain s4u simulator using the contention model, and the check that a comm
 * which fails or is cancelled mid-transfer releases its penalty.
 *
 * Host a sends SIZE bytes to b and to c at time 0: the two comms of a share
 * a's card, penalty P2 each (2 under InfiniBand rules, 1.5 under GigE's,
 * computed by the core for the technology in force). At time T the comm to
 * c is stopped (`cancel`: a cancels it; `kill`: c's receiver is killed;
 * `linkoff`: the last link of the route a -> c, c's own, is turned off, and
 * SimGrid fails the comms it finds on that link; `hostoff`: the comm to c is
 * a detached send, the kind SimGrid 3.32 keeps in its list of detached
 * comms (contention/hold-detached-comms), and host c is turned off, which
 * kills c's receiver in mid-transfer), so
 * the comm to b runs alone (penalty P1, 1) from then on and must finish at
 *     T + (SIZE - T * B / P2) P1 / B = P1 SIZE / B + T (1 - P1 / P2)
 * (SIZE / B + T / 2 under InfiniBand rules),
 * instead of P2 SIZE / B if the penalty were kept. `cancel-at-start`: the
 * receivers wait first, and a cancels the comm to c at time 0, in the step
 * that starts it, before the model's first evaluation; the comm to b must
 * finish at SIZE / B (T = 0 above).
 *
 * Usage: s4u-cancel PLATFORM cancel|cancel-at-start|kill|linkoff|hostoff [--cfg=...]; the platform must have
 * hosts a, b, c with uncontended bandwidth B = 1958863858 B/s between them
 * (tests/smpi/fatpipe-16.xml). Prints the finish time and exits 1 if it is
 * not the expected one within 1e-4 (relative).
 *
 * The formula holds when the penalty is the only thing that slows the comms,
 * so unless the command line says otherwise the program runs under
 * network/model:contention with SMPI's bandwidth and latency factors at 1
 * and no cross-traffic (a --cfg=... given by the user wins).
 *
 * The model is available because the program is linked with
 * -Wl,--no-as-needed against libcontention-simgrid (its constructor registers
 * it); contention_simgrid_register() makes this explicit. */
#include <contention/graph.h>
#include <contention/simgrid.h>
#include <contention/technology.h>

#include <simgrid/s4u.hpp>
#include <simgrid/version.h>
#include <xbt/config.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {
constexpr double SIZE = 20971520; /* 20 MiB */
constexpr double B    = 1958863858;
constexpr double T    = 0.004;
double finish_b       = -1;
std::string mode;
sg4::ActorPtr receiver_c;
int payload;
} // namespace

static void sender()
{
  if (mode == "cancel-at-start")
    sg4::this_actor::yield(); /* the receivers post first: both comms start at once */
  sg4::CommPtr to_b = sg4::Mailbox::by_name("b")->put_async(&payload, SIZE);
  sg4::CommPtr to_c;
  if (mode == "hostoff")
    sg4::Mailbox::by_name("c")->put_init(&payload, SIZE)->detach();
  else
    to_c = sg4::Mailbox::by_name("c")->put_async(&payload, SIZE);
  if (mode != "cancel-at-start")
    sg4::this_actor::sleep_for(T);
  if (mode == "hostoff") {
    sg4::Host::by_name("c")->turn_off();
  } else if (mode == "kill") {
    receiver_c->kill();
  } else if (mode == "linkoff") {
    std::vector<sg4::Link*> route;
    sg4::this_actor::get_host()->route_to(sg4::Host::by_name("c"), route, nullptr);
    route.back()->turn_off();
  } else
    to_c->cancel();
  to_b->wait();
  finish_b = sg4::Engine::get_clock();
  try {
    if (to_c != nullptr)
      to_c->wait();
  } catch (const simgrid::Exception&) { /* expected: the comm was stopped */
  }
}

/* The penalties of a's comm to b with the comm to c (P2) and alone (P1),
 * under the technology and parameters the command line chose. */
static void penalties(double* p2, double* p1)
{
  std::string name    = simgrid::config::get_value<std::string>("contention/technology");
  const cg_tech* tech = cg_tech_find(name.c_str());
  std::vector<double> params(tech->param_count + 1);
  for (size_t i = 0; i < tech->param_count; i++)
    params[i] = simgrid::config::get_value<double>("contention/" + name + "/" + tech->params[i].name);
  cg_graph* g  = cg_graph_create(tech, params.data());
  cg_comm to_b = cg_graph_add(g, 0, 1);
  cg_comm to_c = cg_graph_add(g, 0, 2);
  *p2          = cg_graph_penalty(g, to_b);
  cg_graph_remove(g, to_c);
  *p1 = cg_graph_penalty(g, to_b);
  cg_graph_destroy(g);
}

static void receiver(const char* box)
{
  try {
    sg4::Mailbox::by_name(box)->get<int>();
  } catch (const simgrid::Exception&) { /* the cancelled comm */
  }
}

int main(int argc, char** argv)
{
  if (contention_simgrid_register() != 0)
    return 1;
  sg4::Engine e(&argc, argv);
  /* Defaults only: what the command line set is left alone. The model is
   * set as a value, since SimGrid uses network/model only once it is no
   * longer at its default. */
  if (simgrid::config::is_default("network/model"))
    sg4::Engine::set_config("network/model:contention");
#if SIMGRID_VERSION_MAJOR >= 4
  /* SimGrid 4.x's SMPI model sets its own factor defaults when it is built,
   * after this: the factors are set (silently) as values, when the command
   * line left them at their defaults. */
  for (const char* f : {"network/bandwidth-factor", "network/latency-factor"})
    if (simgrid::config::is_default(f))
      simgrid::config::set_value<std::string>(f, "0:1");
#else
  simgrid::config::set_default<std::string>("smpi/bw-factor", "0:1");
  simgrid::config::set_default<std::string>("smpi/lat-factor", "0:1");
#endif
  simgrid::config::set_default<bool>("network/crosstraffic", false);
  const std::vector<std::string> modes = {"cancel", "cancel-at-start", "kill", "linkoff", "hostoff"};
  if (argc < 3 || std::find(modes.begin(), modes.end(), argv[2]) == modes.end()) {
    std::string list;
    for (const std::string& m : modes)
      list += (list.empty() ? "" : "|") + m;
    std::fprintf(stderr, "usage: %s PLATFORM %s [--cfg=...]\n", argv[0], list.c_str());
    return 2;
  }
  mode = argv[2];
  e.load_platform(argv[1]);
  sg4::Actor::init("sender", e.host_by_name("a"))->start(sender); /* init+start: SimGrid 3.32 to 4.1 */
  sg4::Actor::init("recv-b", e.host_by_name("b"))->start(receiver, "b");
  receiver_c = sg4::Actor::init("recv-c", e.host_by_name("c"))->start(receiver, "c");
  e.run();
  receiver_c = nullptr;

  double p2, p1;
  penalties(&p2, &p1);
  double stop     = mode == "cancel-at-start" ? 0 : T;
  double expected = SIZE * p1 / B + stop * (1 - p1 / p2); /* stop + (SIZE - stop B / p2) p1 / B */
  double rel      = std::fabs(finish_b - expected) / expected;
  std::printf("%s: comm a->b finished at %.9g s, expected %.9g s (penalty released at %g s), rel %.2e\n", argv[2],
              finish_b, expected, stop, rel);
  return rel <= 1e-4 ? 0 : 1;
}
