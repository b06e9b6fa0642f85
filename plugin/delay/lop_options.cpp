#include "lop_options.hpp"

#include "options.hpp"

#include <xbt/config.hpp>
#include <xbt/log.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <type_traits>

XBT_LOG_EXTERNAL_CATEGORY(contention_lop);

namespace contention_sg {
namespace {

/* A small message fits in one InfiniBand packet of the adapters of seed 004
 * (2048-byte MTU, an assumption: the seed measures 1-byte messages). */
constexpr double DEFAULT_THRESHOLD = 2048;

struct Values {
  cg_lop_curve curves[2]; /* send, rdma-write: the presets, then the options */
  int selected     = -1;  /* index in curves; -1: off */
  double threshold = DEFAULT_THRESHOLD;
};
Values& values()
{
  static Values v = [] {
    Values d;
    d.curves[0] = *cg_lop_preset("send");
    d.curves[1] = *cg_lop_preset("rdma-write");
    return d;
  }();
  return v;
}

[[noreturn]] void option_error(const std::string& key, const std::string& value, const std::string& what)
{
  std::fprintf(stderr, "contention: --cfg=%s:%s: %s\n", key.c_str(), value.c_str(), what.c_str());
  std::exit(1);
}

const char* const coef_help[CG_LOP_COEFS] = {
    "l1 of the round trip per peer t(p) = l3 + l1 / (l2 + p) + l4 (1 - exp(l5 (p - l6))), microseconds x peers",
    "l2 of t(p), peers (> -1)",
    "l3 of t(p), microseconds",
    "l4 of t(p), microseconds",
    "l5 of t(p), 1 / peers",
    "l6 of t(p), peers",
    "m1 of the posting overhead o(p) = m1 + m2 / (m3 + p), microseconds (o and L(p) are reported, D(p) uses t)",
    "m2 of o(p), microseconds x peers",
    "m3 of o(p), peers (> -1)"};

std::string text(double v)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

template <class T>
void declare(const std::string& key, const std::string& help, T def, std::function<void(const T&)> cb,
             const std::string& accepted = "")
{
  options_register_key(key, std::is_same<T, double>::value, accepted);
  simgrid::config::declare_flag<T>(key, help, def, std::move(cb));
}

} // namespace

void lop_declare_options()
{
  static bool declared = false;
  if (declared)
    return;
  declared = true;
  declare<std::string>(
      "contention/lop",
      "LoP timing of small messages under network/model:contention (doc/lop.md): off, send (the LoP paper's "
      "send/receive round trips) or rdma-write (its RDMA write round trips)",
      "off", [](const std::string& value) {
        Values& v = values();
        if (value == "off") {
          v.selected = -1;
          return;
        }
        for (int i = 0; i < 2; i++)
          if (value == v.curves[i].name) {
            v.selected = i;
            return;
          }
        option_error("contention/lop", value, std::string("unknown value; accepted: off, ") + cg_lop_preset_names());
      });
  declare<double>("contention/lop/threshold",
                  "Largest message (payload, bytes, a number >= 0) that counts in contention/lop's p (its hosts' "
                  "peers) and is sent eagerly (smpi/async-small-thresh); every message lasts D(p) plus its bytes at "
                  "the contention bound",
                  DEFAULT_THRESHOLD, [](const double& value) {
                    if (!(std::isfinite(value) && value >= 0))
                      option_error("contention/lop/threshold", text(value),
                                   "the threshold must be a finite number of bytes >= 0");
                    values().threshold = value;
                  },
                  "a finite number of bytes >= 0");
  for (int c = 0; c < 2; c++)
    for (int k = 0; k < CG_LOP_COEFS; k++) {
      cg_lop_curve& curve = values().curves[c];
      std::string key     = std::string("contention/lop/") + curve.name + "/" + cg_lop_coef_name(k);
      declare<double>(key, std::string("LoP curve ") + curve.name + ": " + coef_help[k], *cg_lop_coef(&curve, k),
                      [key, c, k](const double& value) {
                        if (!std::isfinite(value))
                          option_error(key, text(value), "a finite number is expected");
                        *cg_lop_coef(&values().curves[c], k) = value;
                      },
                      "a finite decimal number");
    }
}

/* A coefficient of a curve that is not selected (or the threshold with
 * contention/lop:off) changes nothing: say so, as for the options of
 * another network model (smpi.unused_options). */
void warn_unused_lop_options(const Values& v)
{
  const char* selected = v.selected < 0 ? "off" : v.curves[v.selected].name;
  if (v.selected < 0 && not simgrid::config::is_default("contention/lop/threshold"))
    XBT_CWARN(contention_lop,
          "contention: --cfg=contention/lop/threshold is ignored: contention/lop is off");
  for (int c = 0; c < 2; c++)
    for (int k = 0; k < CG_LOP_COEFS; k++) {
      std::string key = std::string("contention/lop/") + v.curves[c].name + "/" + cg_lop_coef_name(k);
      if (c != v.selected && not simgrid::config::is_default(key.c_str()))
        XBT_CWARN(contention_lop, "contention: --cfg=%s is ignored: contention/lop is %s",
              key.c_str(), selected);
    }
}

LopConfig lop_config()
{
  const Values& v = values();
  warn_unused_lop_options(v);
  if (v.selected < 0)
    return LopConfig{nullptr, v.threshold};
  const cg_lop_curve* curve = &v.curves[v.selected];
  char err[512];
  if (cg_lop_validate(curve, err, sizeof err) != 0) {
    std::fprintf(stderr, "contention: --cfg=contention/lop:%s: %s\n", curve->name, err);
    std::fflush(stderr);
    std::_Exit(1); /* called during the model init: the engine's exit-time destructors would crash */
  }
  return LopConfig{curve, v.threshold};
}

} // namespace contention_sg
