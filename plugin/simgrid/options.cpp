#include "options.hpp"

#include <contention/p2p_model.h>
#include <contention/technology.h>
#include <contention/units.h>

#include <xbt/config.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace contention_sg {
namespace {

/* Function-local statics: options_declare() runs from the library
 * constructor, possibly before this file's globals would be constructed. */
struct Values {
  std::vector<std::vector<double>> tech_params; /* one block per technology, cg_tech_all() order */
  const cg_tech* technology = &cg_tech_infiniband;
  double bandwidth          = 0; /* 0: each route's bottleneck */
  std::string trace_path;
  std::string p2p_path;
};
Values& values()
{
  static Values v;
  return v;
}

[[noreturn]] void option_error(const std::string& option, const std::string& value, const std::string& what)
{
  std::fprintf(stderr, "contention: --cfg=%s:%s: %s\n", option.c_str(), value.c_str(), what.c_str());
  std::exit(1);
}

size_t tech_index(const cg_tech* t)
{
  const cg_tech* const* all = cg_tech_all();
  for (size_t i = 0; all[i] != nullptr; i++)
    if (all[i] == t)
      return i;
  return 0; // unreachable: every technology comes from cg_tech_all()
}

void declare_tech_params(const cg_tech* t, size_t index)
{
  values().tech_params[index].assign(t->param_count + 1, 0.0);
  cg_tech_default_params(t, values().tech_params[index].data());
  for (size_t p = 0; p < t->param_count; p++) {
    const cg_tech_param& par = t->params[p];
    std::string name         = std::string("contention/") + t->name + "/" + par.name;
    char def[64];
    std::snprintf(def, sizeof def, "%.17g", par.default_value);
    simgrid::config::declare_flag<std::string>(
        name, std::string(par.description) + " (technology " + t->name + ")", def,
        [t, index, name, pname = par.name](const std::string& value) {
          char err[256];
          if (cg_tech_set_param(t, values().tech_params[index].data(), pname, value.c_str(), err, sizeof err) != 0)
            option_error(name, value, err);
        });
  }
}

} // namespace

void options_declare()
{
  static bool declared = false;
  if (declared)
    return;
  declared = true;

  char names[512];
  cg_tech_names(names, sizeof names);
  simgrid::config::declare_flag<std::string>(
      "contention/technology", std::string("Penalty rules of the contention model (") + names + ")",
      values().technology->name, [](const std::string& value) {
        const cg_tech* t = cg_tech_find(value.c_str());
        if (t == nullptr) {
          char accepted[512];
          cg_tech_names(accepted, sizeof accepted);
          option_error("contention/technology", value, std::string("unknown technology; accepted: ") + accepted);
        }
        values().technology = t;
      });
  simgrid::config::declare_flag<std::string>(
      "contention/bandwidth",
      "Effective bandwidth that the contention penalties divide (SimGrid units, e.g. 1.82GiBps); "
      "empty: the bottleneck bandwidth of each comm's route",
      "", [](const std::string& value) {
        if (value.empty()) {
          values().bandwidth = 0;
          return;
        }
        char err[256];
        double bw;
        if (cg_parse_quantity(value.c_str(), CG_UNIT_BANDWIDTH, &bw, err, sizeof err) != 0)
          option_error("contention/bandwidth", value, err);
        if (!(bw > 0))
          option_error("contention/bandwidth", value, "the bandwidth must be > 0");
        values().bandwidth = bw;
      });
  simgrid::config::declare_flag<std::string>(
      "contention/trace", "CSV file receiving time,comm,src,dst,penalty,bound,event at every penalty change", "",
      [](const std::string& value) { values().trace_path = value; });
  simgrid::config::declare_flag<std::string>(
      "contention/p2p-params",
      "Piecewise point-to-point parameter file (doc/p2p-model.md) turned into the smpi/os, smpi/or, smpi/ois, "
      "smpi/bw-factor, smpi/lat-factor and threshold options; empty: SMPI's own",
      "", [](const std::string& value) { values().p2p_path = value; });

  const cg_tech* const* all = cg_tech_all();
  size_t count              = 0;
  while (all[count] != nullptr)
    count++;
  values().tech_params.resize(count);
  for (size_t i = 0; i < count; i++)
    declare_tech_params(all[i], i);
}

const cg_tech* options_technology()
{
  return values().technology;
}

const double* options_params(const cg_tech* tech)
{
  return values().tech_params[tech_index(tech)].data();
}

double options_bandwidth()
{
  return values().bandwidth;
}

const std::string& options_trace()
{
  return values().trace_path;
}

void options_apply_p2p()
{
  const std::string& path = values().p2p_path;
  if (path.empty())
    return;
  cg_p2p_params p;
  cg_p2p_cfg cfg;
  char err[1024];
  if (cg_p2p_parse_file(path.c_str(), &p, err, sizeof err) != 0 || cg_p2p_to_cfg(&p, &cfg, err, sizeof err) != 0)
    option_error("contention/p2p-params", path, err);
  for (int i = 0; i < CG_P2P_CFG_COUNT; i++)
    simgrid::config::set_as_string(cfg.key[i], cfg.value[i]);
}

} // namespace contention_sg
