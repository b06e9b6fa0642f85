#include "loggps_options.hpp"

#include "options.hpp"

#include <contention/p2p_model.h>

#include <xbt/config.hpp>

#include <cstdio>
#include <cstdlib>

namespace contention_sg {
namespace {

struct Values {
  cg_loggps given{};     /* values of the loggps/NAME options that are set */
  unsigned given_mask = 0;
  bool multi_port     = false;
  bool file_set       = false;
  std::string file;
  cg_p2p_params file_params{};
};
Values& values()
{
  static Values v;
  return v;
}

[[noreturn]] void option_error(const std::string& key, const std::string& value, const std::string& what)
{
  std::fprintf(stderr, "contention: --cfg=%s:%s: %s\n", key.c_str(), value.c_str(), what.c_str());
  std::exit(1);
}

/* During the model init the engine is half built: its exit-time
 * destructors would crash, so leave without them. */
[[noreturn]] void init_error(const char* what)
{
  std::fprintf(stderr, "contention: network/model:loggps: %s\n", what);
  std::fflush(stderr);
  std::_Exit(1);
}

const char* const help[CG_LOGGPS_NPARAMS] = {
    "latency L, a time in [0, 1e6 s] (50us); empty: each route's latency",
    "fixed overhead o of a send or a receive, a time in [0, 1e6 s] (5us); empty: the mean of the first offsets of smpi/os and "
    "smpi/or",
    "per-byte send overhead Os, seconds per byte in [0, 1] (2e-10); empty: the first per-byte term of smpi/os",
    "per-byte receive overhead Or, seconds per byte in [0, 1] (2e-10); empty: the first per-byte term of smpi/or",
    "gap per byte g below s, seconds per byte in [0, 1] (1e-8) or a bandwidth of at least 1 B/s (100MBps: g = 1/bandwidth); empty: G",
    "gap per byte G from s on, seconds per byte in [0, 1] (8.5e-9) or a bandwidth of at least 1 B/s (10Gbps: G = 1/bandwidth); empty: 1 / each "
    "route's bottleneck bandwidth",
    "size s where g switches to G, a size in [0, S] (1420B); empty: 0",
    "rendez-vous threshold S, a size (64KiB, at most 2147483647B); empty: smpi/send-is-detached-thresh"};

} // namespace

void loggps_declare_options()
{
  static bool declared = false;
  if (declared)
    return;
  declared = true;
  for (int i = 0; i < CG_LOGGPS_NPARAMS; i++) {
    std::string key = std::string("loggps/") + cg_loggps_param_name(i);
    options_register_key(key);
    simgrid::config::declare_flag<std::string>(
        key, std::string("network/model:loggps: ") + help[i], "", [key, i](const std::string& value) {
          Values& v = values();
          v.given_mask &= ~(1u << i);
          if (value.empty())
            return;
          char err[512];
          if (cg_loggps_set(&v.given, cg_loggps_param_name(i), value.c_str(), err, sizeof err) < 0)
            option_error(key, value, err);
          v.given_mask |= 1u << i;
        });
  }
  options_register_key("loggps/ports");
  simgrid::config::declare_flag<std::string>(
      "loggps/ports",
      "network/model:loggps: single (a host's card takes part in one transfer at a time, sending or receiving: the "
      "LogGPS of the SMPI paper, Degomme et al.) or multi (no card is ever busy)",
      "single", [](const std::string& value) {
        if (value != "single" && value != "multi")
          option_error("loggps/ports", value, "unknown value; accepted: single, multi");
        values().multi_port = value == "multi";
      });
  options_register_key("loggps/params");
  simgrid::config::declare_flag<std::string>(
      "loggps/params",
      "network/model:loggps: contention-calibrate-p2p parameter file (path, doc/p2p-model.md) giving every LogGPS "
      "parameter (doc/loggps.md); empty: derived from the platform and the smpi options",
      "", [](const std::string& value) {
        Values& v  = values();
        v.file_set = false;
        if (value.empty())
          return;
        char err[1024];
        if (cg_p2p_parse_file(value.c_str(), &v.file_params, err, sizeof err) != 0)
          option_error("loggps/params", value, err);
        v.file     = value;
        v.file_set = true;
      });
}

LoggpsSetup loggps_setup()
{
  const Values& v = values();
  LoggpsSetup s{};
  s.multi_port = v.multi_port;
  std::string os  = simgrid::config::get_value<std::string>("smpi/os");
  std::string orr = simgrid::config::get_value<std::string>("smpi/or");
  int detached    = simgrid::config::get_value<int>("smpi/send-is-detached-thresh");
  char err[1024];
  if (cg_loggps_from_smpi(os.c_str(), orr.c_str(), detached, &s.m, err, sizeof err) != 0)
    init_error(err);
  const char* smpi_source[CG_LOGGPS_NPARAMS] = {"each route's latency",
                                                "mean of the first offsets of smpi/os and smpi/or",
                                                "first per-byte term of smpi/os",
                                                "first per-byte term of smpi/or",
                                                "equal to G",
                                                "1 / each route's bottleneck bandwidth",
                                                "default",
                                                "smpi/send-is-detached-thresh"};
  for (int i = 0; i < CG_LOGGPS_NPARAMS; i++)
    s.source[i] = smpi_source[i];
  if (v.file_set) {
    cg_loggps_from_p2p(&v.file_params, &s.m);
    s.fixed = CG_LOGGPS_ALL;
    for (auto& src : s.source)
      src = "loggps/params " + v.file;
  }
  for (int i = 0; i < CG_LOGGPS_NPARAMS; i++)
    if (v.given_mask & (1u << i)) {
      cg_loggps_put(&s.m, i, cg_loggps_get(&v.given, i));
      s.fixed |= 1u << i;
      s.source[i] = std::string("--cfg=loggps/") + cg_loggps_param_name(i);
    }
  if (cg_loggps_validate(&s.m, err, sizeof err) != 0)
    init_error(err);
  return s;
}

} // namespace contention_sg
