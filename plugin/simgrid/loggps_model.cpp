/* network/model:loggps: the LogGPS delay model of seed 003 Fig. 1, with no
 * contention at all, as a comparison point. The formulas are the core's
 * (contention/loggps.h); this file only wires them into SimGrid:
 *  - smpi/os, smpi/or, smpi/ois and the two thresholds reproduce the
 *    overheads; the SMPI factors are set to 1;
 *  - every link becomes a FATPIPE of latency 0 and a bandwidth no comm can
 *    reach, so no comm ever shares anything with another;
 *  - each comm gets the bound size / wire time, so it lasts exactly the
 *    LogGPS wire time (cg_loggps_wire_time) whatever else runs. */
#include "loggps_model.hpp"

#include "sg_private.hpp" /* must precede the s4u headers: defines NetworkAction */

#include "action_lookup.hpp"
#include "options.hpp"

#include <contention/loggps.h>

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(loggps, contention, "LogGPS network model of the contention plugin");

namespace contention_sg {
namespace {

/* SimGrid adds this envelope to the bytes of every MPI message. */
constexpr double SMPI_ENVELOPE = 16;
/* Bandwidth given to every link: far above any LogGPS rate, so links never
 * constrain a comm (its bound does). 1 PB/s keeps lmm's precision sane. */
constexpr double UNREACHABLE_BW = 1e15;

cg_loggps& params()
{
  static cg_loggps p = [] {
    cg_loggps d;
    cg_loggps_defaults(&d);
    return d;
  }();
  return p;
}

simgrid::kernel::resource::Model* model = nullptr;

void neutralise_links()
{
  for (simgrid::s4u::Link* link : simgrid::s4u::Engine::get_instance()->get_all_links()) {
    link->set_sharing_policy(simgrid::s4u::Link::SharingPolicy::FATPIPE);
    link->set_latency(0);
    link->set_bandwidth(UNREACHABLE_BW);
  }
}

void on_comm_start(simgrid::kernel::activity::CommImpl const& comm)
{
  if (model == nullptr)
    return;
  simgrid::kernel::resource::NetworkAction* a = started_action(model, comm);
  if (a == nullptr)
    return;
  double cost = a->get_cost();
  double k    = std::max(0.0, cost - SMPI_ENVELOPE);
  double t    = cg_loggps_wire_time(&params(), k);
  if (cost <= 0 || t <= 0)
    return; /* nothing to send, or nothing to wait: SimGrid ends it at once */
  model->get_maxmin_system()->update_variable_bound(a->get_variable(), cost / t);
  XBT_DEBUG("%g bytes: wire time %g s", k, t);
}

void set(const char* key, const std::string& value)
{
  simgrid::config::set_as_string(key, value);
}

} // namespace

void loggps_declare_options()
{
  static bool declared = false;
  if (declared)
    return;
  declared = true;
  const char* names[] = {"L", "o", "Os", "Or", "g", "G", "s", "S"};
  const char* help[]  = {"latency [s]",
                         "fixed overhead of a send or a receive [s]",
                         "per-byte send overhead [s/B]",
                         "per-byte receive overhead [s/B]",
                         "gap per byte below s [s/B]",
                         "gap per byte from s on [s/B]",
                         "size where g switches to G [B]",
                         "rendez-vous threshold [B]"};
  const cg_loggps& d = params();
  const double defaults[] = {d.L, d.o, d.Os, d.Or, d.g, d.G, d.s, d.S};
  for (int i = 0; i < 8; i++) {
    char def[64];
    std::snprintf(def, sizeof def, "%.17g", defaults[i]);
    std::string key = std::string("loggps/") + names[i];
    options_register_key(key);
    simgrid::config::declare_flag<std::string>(
        key, std::string("LogGPS ") + help[i] + " of network/model:loggps", def,
        [key, name = names[i]](const std::string& value) {
          char err[512];
          if (cg_loggps_set(&params(), name, value.c_str(), err, sizeof err) != 0) {
            std::fprintf(stderr, "contention: --cfg=%s:%s: %s\n", key.c_str(), value.c_str(), err);
            std::exit(1);
          }
        });
  }
}

void loggps_model_init()
{
  const cg_loggps& p = params();
  char os[128], orr[128], ois[128];
  cg_loggps_smpi_overheads(&p, os, orr, ois, sizeof os);
  /* SMPI is asynchronous (and detached) for k < threshold, as LogGPS for k < S. */
  std::string thresh = std::to_string(static_cast<long long>(std::ceil(p.S)));
  set("smpi/os", os);
  set("smpi/or", orr);
  set("smpi/ois", ois);
  set("smpi/bw-factor", "0:1");
  set("smpi/lat-factor", "0:1");
  set("smpi/async-small-thresh", thresh);
  set("smpi/send-is-detached-thresh", thresh);
  set("network/crosstraffic", "0");
  surf_network_model_init_SMPI();
  model = current_network_model();
  simgrid::s4u::Engine::on_platform_created_cb(&neutralise_links);
  simgrid::kernel::activity::CommImpl::on_start.connect(on_comm_start);
  simgrid::s4u::Engine::on_simulation_end_cb([] { model = nullptr; });
}

} // namespace contention_sg
