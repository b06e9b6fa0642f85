/* network/model:loggps: the LogGPS delay model of seed 003 Fig. 1, single-
 * port by default, as a comparison point (doc/loggps.md). The formulas,
 * the parameter sources and the cards are the core's (contention/loggps.h);
 * this file only wires them into SimGrid:
 *  - smpi/os, smpi/or, smpi/ois and the two thresholds reproduce the
 *    overheads and the rendez-vous threshold; the SMPI bandwidth factor is 1;
 *  - a comm's whole LogGPS time (wire time, plus its wait for the cards) is
 *    spent in SimGrid's latency phase, set through the public latency-factor
 *    callback when the comm starts: a comm in its latency phase is outside
 *    the max-min system, so no solver work grows with the number of comms
 *    in flight (a delay model costs what a delay costs);
 *  - every link gets a bandwidth that no set of comms can use up, and the
 *    latency LINK_LATENCY (the factor needs a latency to multiply); the data
 *    phase after the latency phase then takes size / LINK_BW x (the comms
 *    in their data phase on the link at once), at most 1.1e-10 s for 16384
 *    comms of 64 MiB. The links stay SHARED: lmm spends O(comms) on a
 *    SHARED link, O(comms^2) on a FATPIPE one (it recomputes the largest
 *    usage after each variable it fixes). */
#include "loggps_model.hpp"

#include "sg_compat.hpp"

#include "loggps_options.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(loggps, contention, "LogGPS network model of the contention plugin");

namespace contention_sg {
namespace {

using simgrid::s4u::Host;
using simgrid::s4u::Link;

/* Far above any rate: links never constrain a comm's time. lmm's precision
 * is relative, so the magnitude is harmless. */
constexpr double LINK_BW = 1e22;
/* Latency of every link once neutralised: any value > 0 works (the factor
 * callback scales it to the comm's time); 1 s keeps the factor readable. */
constexpr double LINK_LATENCY = 1.0;

struct Route {
  double latency, bandwidth; /* of the platform as written */
};

struct State {
  LoggpsSetup setup;
  cg_loggps_ports* ports = nullptr; /* single-port cards; nullptr: multi-port */
  std::unordered_map<const Link*, Route> links; /* platform values of every link */
  std::unordered_map<const Host*, uint32_t> host_index;
  std::unordered_map<uint64_t, Route> routes; /* (src << 32 | dst) */
  std::unordered_set<uint64_t> logged;         /* routes whose parameters were logged */
};
State st;

uint32_t index_of(const Host* h)
{
  auto it = st.host_index.find(h);
  if (it != st.host_index.end())
    return it->second;
  auto i = static_cast<uint32_t>(st.host_index.size());
  st.host_index.emplace(h, i);
  return i;
}

bool neutralising = false; /* our own set_bandwidth below */

/* A profile event or Link::set_bandwidth gave a link a real bandwidth
 * again: its comms' data phase would then take size / bandwidth on top of
 * their LogGPS time (the platform's values are read once, as written).
 * The link gets LINK_BW back at once; SimGrid's set_bandwidth, which fires
 * this signal, has nothing left to do after it (network/weight-S is 0:
 * no max-min weight to shift). */
void keep_neutral(Link const& link)
{
  if (neutralising || link.get_bandwidth() == LINK_BW)
    return;
  neutralising = true;
  const_cast<Link&>(link).set_bandwidth(LINK_BW);
  neutralising = false;
}

void record_and_neutralise_links()
{
  for (Link* link : simgrid::s4u::Engine::get_instance()->get_all_links()) {
    st.links.emplace(link, Route{link->get_latency(), link->get_bandwidth()});
    link->set_sharing_policy(Link::SharingPolicy::SHARED);
    link->set_latency(LINK_LATENCY);
    link->set_bandwidth(LINK_BW);
  }
}

/* Total latency and bottleneck bandwidth of a route, as the platform gave them. */
Route platform_route(uint32_t s, uint32_t d, const std::vector<Link*>& links)
{
  uint64_t key = (static_cast<uint64_t>(s) << 32) | d;
  auto it      = st.routes.find(key);
  if (it != st.routes.end())
    return it->second;
  Route r{0, INFINITY};
  for (const Link* l : links) {
    auto known = st.links.find(l);
    xbt_assert(known != st.links.end(), "contention: network/model:loggps: link %s was not in the platform",
               l->get_cname());
    r.latency += known->second.latency;
    r.bandwidth = std::min(r.bandwidth, known->second.bandwidth);
  }
  st.routes.emplace(key, r);
  return r;
}

void log_route(const Host* src, const Host* dst, uint64_t key, const cg_loggps& m)
{
  if (not XBT_LOG_ISENABLED(loggps, xbt_log_priority_verbose) || not st.logged.insert(key).second)
    return;
  XBT_VERB("route %s -> %s: L = %g s, g = %g s/B, G = %g s/B (%g B/s)", src->get_cname(), dst->get_cname(), m.L, m.g,
           m.G, m.G > 0 ? 1 / m.G : INFINITY);
}

/* The latency-factor callback: the comm's whole LogGPS time becomes its
 * latency phase (the route's latency is links x LINK_LATENCY). */
double comm_factor(double size, const Host* src, const Host* dst, const std::vector<Link*>& links,
                   const std::unordered_set<simgrid::s4u::NetZone*>& /*zones*/)
{
  double raw = 0;
  for (const Link* l : links)
    raw += l->get_latency();
  if (raw <= 0)
    return 1; /* no latency to scale: the comm takes its data phase only */
  uint32_t s = index_of(src);
  uint32_t d = index_of(dst);
  Route r    = platform_route(s, d, links);
  cg_loggps m = st.setup.m;
  cg_loggps_for_route(&m, st.setup.fixed, r.latency, r.bandwidth);
  log_route(src, dst, (static_cast<uint64_t>(s) << 32) | d, m);
  double k = std::max(0.0, size - CG_P2P_ENVELOPE);
  double t = cg_loggps_comm_time(&m, k, st.ports, s, d, simgrid::s4u::Engine::get_clock());
  xbt_assert(t >= 0, "contention: network/model:loggps: out of memory");
  double latency = std::max(0.0, t - size / LINK_BW); /* the data phase of a comm alone */
  XBT_DEBUG("%s -> %s, %g bytes: %g s", src->get_cname(), dst->get_cname(), k, t);
  return latency / raw;
}

void set(const char* key, const std::string& value)
{
  simgrid::config::set_as_string(key, value);
}

void log_setup(const LoggpsSetup& s)
{
  XBT_VERB("%s-port LogGPS (loggps/ports)", s.multi_port ? "multi" : "single");
  const char* unit[CG_LOGGPS_NPARAMS] = {"s", "s", "s/B", "s/B", "s/B", "s/B", "B", "B"};
  for (int i = 0; i < CG_LOGGPS_NPARAMS; i++) {
    bool per_route = (s.fixed & (1u << i)) == 0 && (i == CG_LOGGPS_L || i == CG_LOGGPS_GS || i == CG_LOGGPS_GL);
    if (per_route)
      XBT_VERB("%s: %s", cg_loggps_param_name(i), s.source[i].c_str());
    else
      XBT_VERB("%s = %.9g %s (%s)", cg_loggps_param_name(i), cg_loggps_get(&s.m, i), unit[i], s.source[i].c_str());
  }
}

} // namespace

void loggps_model_init()
{
  try {
    (void)simgrid::config::get_value<std::string>("smpi/os");
  } catch (const std::out_of_range&) { /* SMPI declares its options: a plain s4u simulator has none */
    std::fprintf(stderr, "contention: network/model:loggps times MPI comms with SMPI's overheads (smpi/os, smpi/or): "
                         "run the program under smpirun\n");
    std::fflush(stderr);
    std::_Exit(1); /* the engine is half built: its exit-time destructors would crash */
  }
  st.setup = loggps_setup();
  log_setup(st.setup);
  /* LogGPS sets these below from its own parameters: a value given to one
   * of them was replaced without a word (smpi/os, smpi/or and
   * smpi/send-is-detached-thresh are read above as parameter sources). */
  for (const char* key : {"smpi/ois", compat::BW_FACTOR_OPTION, "smpi/async-small-thresh"})
    if (not simgrid::config::is_default(key))
      XBT_WARN("contention: --cfg=%s is ignored: network/model:loggps sets it (doc/loggps.md)", key);
  const cg_loggps& p = st.setup.m;
  char os[128], orr[128], ois[128];
  cg_loggps_smpi_overheads(&p, os, orr, ois, sizeof os);
  /* SMPI is asynchronous (and detached) for k < threshold, as LogGPS for k < S. */
  std::string thresh = std::to_string(static_cast<long long>(std::ceil(p.S)));
  set("smpi/os", os);
  set("smpi/or", orr);
  set("smpi/ois", ois);
  set(compat::BW_FACTOR_OPTION, "0:1");
  set("smpi/async-small-thresh", thresh);
  set("smpi/send-is-detached-thresh", thresh);
  set("network/crosstraffic", "0");
  set("network/TCP-gamma", "1e300"); /* no TCP-window bound on the (vanishing) data phase */
  /* No max-min weights: no link ever limits a comm, and SimGrid's
   * Link::set_bandwidth (a profile event) shifts the weight of every comm
   * on the link by weight-S / bandwidth, which takes a comm out of its
   * latency phase, where its whole LogGPS time is spent (the comms then
   * never completed: SimGrid reported a deadlock). */
  set("network/weight-S", "0");
  /* The model's own loopback link (hosts without one in the platform) is
   * among the engine's links: neutralised with the others. */
  compat::init_smpi_network_model();
  if (not st.setup.multi_port)
    st.ports = cg_loggps_ports_create();
  xbt_assert(st.setup.multi_port || st.ports != nullptr, "contention: network/model:loggps: out of memory");
  try {
    compat::set_latency_factor_cb(comm_factor);
  } catch (const std::invalid_argument&) {
    std::fprintf(stderr, "contention: network/model:loggps times every comm itself: remove --cfg=smpi/lat-factor "
                         "(LogGPS takes L from the platform or loggps/L)\n");
    std::fflush(stderr);
    std::_Exit(1); /* the engine is half built: its exit-time destructors would crash */
  }
  simgrid::s4u::Engine::on_platform_created_cb(&record_and_neutralise_links);
  simgrid::s4u::Link::on_bandwidth_change_cb(&keep_neutral);
  simgrid::s4u::Engine::on_simulation_end_cb([] {
    cg_loggps_ports_destroy(st.ports);
    st.ports = nullptr;
  });
}

} // namespace contention_sg
