#include "options.hpp"
#include "sg_compat.hpp"

#include <contention/p2p_model.h>
#include <contention/step_factor.h>
#include <contention/technology.h>
#include <contention/units.h>

#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <stdexcept>
#include <type_traits>
#include <vector>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(contention);

namespace contention_sg {
namespace {

/* Below this a comm never progresses within SimGrid's precision. */
constexpr double MIN_BANDWIDTH = 1.0; /* B/s */

/* Function-local statics: options_declare() runs from the library
 * constructor, possibly before this file's globals would be constructed. */
struct Values {
  std::vector<std::vector<double>> tech_params; /* one block per technology, cg_tech_all() order */
  const cg_tech* technology = cg_tech_default(); /* the core names the default */
  double bandwidth          = 0; /* 0: each comm's node links */
  std::string trace_path;
  bool p2p_set = false;
  cg_p2p_cfg p2p_cfg{};
  NodeLinkMode node_links = NodeLinkMode::penalty;
  bool detach_hidden_links = true;
  bool hold_detached_comms = true;
  std::vector<std::string> keys; /* every option this plugin declares */
  std::vector<std::string> bool_keys, number_keys; /* for the messages and checks of the command line */
  std::map<std::string, std::string> accepted; /* number option -> its accepted values, for the messages */
  std::vector<std::string> given;               /* plugin options of the command line, NAME:VALUE, in order */
  std::vector<std::string> plugins;             /* the --cfg=plugin:NAME values of the command line */
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

std::string format_range(double lo, double hi)
{
  char buf[96];
  std::snprintf(buf, sizeof buf, "[%g, %g]", lo, hi);
  return buf;
}

template <class T>
void declare(const std::string& name, const std::string& description, T def, std::function<void(const T&)> cb,
             const std::string& accepted = "")
{
  values().keys.push_back(name);
  if (std::is_same<T, bool>::value)
    values().bool_keys.push_back(name);
  if (std::is_same<T, double>::value) {
    values().number_keys.push_back(name);
    values().accepted[name] = accepted;
  }
  simgrid::config::declare_flag<T>(name, description, def, std::move(cb));
}

void declare_tech_params(const cg_tech* t, size_t index)
{
  values().tech_params[index].assign(t->param_count + 1, 0.0);
  cg_tech_default_params(t, values().tech_params[index].data());
  for (size_t p = 0; p < t->param_count; p++) {
    const cg_tech_param& par = t->params[p];
    std::string name         = std::string("contention/") + t->name + "/" + par.name;
    std::string accepted     = (par.integer ? "an integer in " : "a number in ") + format_range(par.min_value, par.max_value);
    declare<double>(name, std::string(par.description) + "; technology " + t->name + ", " + accepted,
                    par.default_value, [t, index, name, pname = par.name](const double& value) {
                      char err[256];
                      /* the fewest digits that give the same double (0.000999
                         as typed, not 0.0009990000000000001), whole numbers
                         without an exponent (100, not 1e+02) */
                      int digits = 1;
                      char text[64];
                      for (; digits < 17; digits++) {
                        std::snprintf(text, sizeof text, "%.*g", digits, value);
                        if (std::strtod(text, nullptr) == value)
                          break;
                      }
                      if (std::fabs(value) >= 1 && std::fabs(value) < 1e17)
                        digits = std::max(digits, (int)std::floor(std::log10(std::fabs(value))) + 1);
                      std::snprintf(text, sizeof text, "%.*g", digits, value);
                      if (cg_tech_set_param(t, values().tech_params[index].data(), pname, text, err, sizeof err) != 0)
                        option_error(name, text, err);
                    },
                    accepted);
  }
}

std::string plugin_keys()
{
  std::string s;
  for (const std::string& k : values().keys)
    s += (s.empty() ? "" : ", ") + k;
  return s;
}

/* Edit distance between a and b (insertions, deletions, substitutions):
 * a dropped, doubled or wrong letter is one edit wherever it is. */
size_t edit_distance(const std::string& a, const std::string& b)
{
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); j++)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); i++) {
    size_t diag = row[0]; /* row i - 1, column j - 1 */
    row[0]      = i;
    for (size_t j = 1; j <= b.size(); j++) {
      size_t up = row[j];
      row[j]    = std::min({up + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag      = up;
    }
  }
  return row[b.size()];
}

std::string lower(std::string s)
{
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/* The known key with the fewest edits, case aside (then the fewest with
 * case: loggps/G and loggps/g both exist; then the first declared); ""
 * beyond 3. */
std::string closest_key(const std::string& key)
{
  std::string best;
  size_t best_d = std::string::npos, best_case = 0;
  const std::string key_lower = lower(key);
  for (const std::string& k : values().keys) {
    size_t d     = edit_distance(lower(k), key_lower);
    size_t dcase = edit_distance(k, key);
    if (d < best_d || (d == best_d && dcase < best_case)) {
      best_d    = d;
      best_case = dcase;
      best      = k;
    }
  }
  return best_d <= 3 ? best : "";
}

/* Whether key names one of the plugin's options or misspells one before
 * or at its first '/' ("contention.technology", "contention", "LogGPS/L"):
 * SimGrid would refuse such a key with an uncaught exception. */
bool plugin_key(const std::string& key)
{
  for (const char* prefix : {"contention", "loggps"}) {
    size_t n = std::strlen(prefix);
    bool same = key.size() >= n;
    for (size_t i = 0; same && i < n; i++)
      same = std::tolower((unsigned char)key[i]) == prefix[i];
    if (same)
      return true;
  }
  return false;
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
  declare<std::string>("contention/technology",
                       std::string("Penalty rules of network/model:contention; one of: ") + names,
                       values().technology->name, [](const std::string& value) {
                         const cg_tech* t = cg_tech_find(value.c_str());
                         if (t == nullptr) {
                           char accepted[512];
                           cg_tech_names(accepted, sizeof accepted);
                           option_error("contention/technology", value,
                                        std::string("unknown technology; accepted: ") + accepted);
                         }
                         values().technology = t;
                       });
  declare<std::string>(
      "contention/bandwidth",
      "Effective bandwidth B that the penalties divide, in SimGrid bandwidth units (e.g. 1.82GiBps, 10Gbps; a plain "
      "number is B/s; at least 1Bps); empty: what each comm gets alone on its node links",
      "", [](const std::string& value) {
        if (value.empty()) {
          values().bandwidth = 0;
          return;
        }
        char err[256];
        double bw;
        if (cg_parse_quantity(value.c_str(), CG_UNIT_BANDWIDTH, &bw, err, sizeof err) != 0)
          option_error("contention/bandwidth", value, err);
        if (!(bw >= MIN_BANDWIDTH))
          option_error("contention/bandwidth", value, "the bandwidth must be at least 1Bps");
        values().bandwidth = bw;
      });
  declare<std::string>("contention/trace",
                       "CSV file (path) receiving time,comm,src,dst,penalty,bound,event at every bound change; "
                       "empty: no trace",
                       "", [](const std::string& value) { values().trace_path = value; });
  declare<std::string>(
      "contention/p2p-params",
      "Piecewise point-to-point parameter file (path, doc/p2p-model.md) turned into the smpi/os, smpi/or, "
      "smpi/ois, smpi/bw-factor, smpi/lat-factor and threshold options; empty: SMPI's own",
      "", [](const std::string& value) {
        /* Parsed here, while the command line is read: an error exits
         * before the engine has anything to tear down. */
        values().p2p_set = false;
        if (value.empty())
          return;
        cg_p2p_params p;
        char err[1024];
        if (cg_p2p_parse_file(value.c_str(), &p, err, sizeof err) != 0 ||
            cg_p2p_to_cfg(&p, &values().p2p_cfg, err, sizeof err) != 0)
          option_error("contention/p2p-params", value, err);
        values().p2p_set = true;
      });
  declare<std::string>(
      "contention/node-links",
      "Who shares a host's own links (private link or up/down pair, limiter) among its comms; one of: penalty (the "
      "contention penalties, the links stop sharing), maxmin (SimGrid's max-min, the penalties bound comms on top)",
      "penalty", [](const std::string& value) {
        if (value == "penalty")
          values().node_links = NodeLinkMode::penalty;
        else if (value == "maxmin")
          values().node_links = NodeLinkMode::maxmin;
        else
          option_error("contention/node-links", value, "unknown value; accepted: penalty, maxmin");
      });
  declare<bool>("contention/detach-hidden-links",
                "Take the links hidden from SimGrid's solver (node links, shared links that cannot limit any comm) "
                "out of each comm's max-min variable: faster solves, same results; yes or no",
                true, [](const bool& value) { values().detach_hidden_links = value; });
  declare<bool>("contention/hold-detached-comms",
                compat::DETACHED_COMMS_IN_A_LIST
                    ? "Hold detached comms (SMPI's eager sends) out of SimGrid 3.32's single list of them, which it "
                      "walks at every finished comm (network/model:contention and loggps): faster, same results; "
                      "yes or no"
                    : "Does nothing under this SimGrid release, which keeps detached comms in a set (only SimGrid "
                      "3.32 walks a list of them at every finished comm); yes or no",
                true, [](const bool& value) { values().hold_detached_comms = value; });

  const cg_tech* const* all = cg_tech_all();
  size_t count              = 0;
  while (all[count] != nullptr)
    count++;
  values().tech_params.resize(count);
  for (size_t i = 0; i < count; i++)
    declare_tech_params(all[i], i);
}

void options_register_key(const std::string& key, bool number, const std::string& accepted)
{
  values().keys.push_back(key);
  if (number) {
    values().number_keys.push_back(key);
    values().accepted[key] = accepted;
  }
}

void options_precheck_command_line()
{
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string arg;
  std::string model, bw_factor, bw_factor_key; /* the last network/model and bandwidth factor given */
  bool bw_factor_given = false;
  std::vector<std::string> items; /* NAME:VALUE pieces, cut as SimGrid's config::set_parse cuts them */
  while (std::getline(in, arg, '\0')) {
    if (arg.rfind("--cfg=", 0) != 0)
      continue;
    /* SimGrid cuts a --cfg argument at blanks and commas: an option after
     * the first piece escaped these checks (0x1 taken as 1), and a piece
     * without ':' (a path with a comma) ended in its abort and backtrace. */
    static const char* const separators = " \t\n,";
    for (size_t at = arg.find_first_not_of(separators, 6); at != std::string::npos;) {
      size_t end        = arg.find_first_of(separators, at);
      std::string piece = arg.substr(at, end == std::string::npos ? std::string::npos : end - at);
      if (piece.find(':') == std::string::npos && piece == arg.substr(6)) {
        std::fprintf(stderr, "contention: %s: missing ':' between the option and its value\n", arg.c_str());
        std::exit(1);
      }
      if (piece.find(':') == std::string::npos) {
        std::fprintf(stderr,
                     "contention: %s: SimGrid cuts --cfg values at blanks and commas, leaving '%s', which is not "
                     "NAME:VALUE\n",
                     arg.c_str(), piece.c_str());
        std::exit(1);
      }
      items.push_back(piece);
      at = end == std::string::npos ? end : arg.find_first_not_of(separators, end);
    }
  }
  for (const std::string& kv : items) {
    size_t colon    = kv.find(':');
    std::string key = kv.substr(0, colon);
    if (colon != std::string::npos && key == "network/model")
      model = kv.substr(colon + 1);
    /* smpi/bw-factor is an alias of network/bandwidth-factor from 3.34 on */
    if (colon != std::string::npos && (key == compat::BW_FACTOR_OPTION || key == "smpi/bw-factor")) {
      bw_factor_key   = key;
      bw_factor       = kv.substr(colon + 1);
      bw_factor_given = true;
    }
    if (colon != std::string::npos && key == "plugin")
      values().plugins.push_back(kv.substr(colon + 1));
    if (!plugin_key(key))
      continue;
    std::string value = colon == std::string::npos ? "" : kv.substr(colon + 1);
    values().given.push_back(kv);
    bool known        = false;
    for (const std::string& k : values().keys)
      known = known || k == key;
    if (not known) {
      std::string hint = closest_key(key);
      option_error(key, value,
                   "unknown option" + (hint.empty() ? std::string() : " (did you mean " + hint + "?)") +
                       "; the plugin's options are: " + plugin_keys());
    }
    auto is = [&key](const std::vector<std::string>& v) { return std::find(v.begin(), v.end(), key) != v.end(); };
    if (is(values().number_keys)) { /* SimGrid's parser takes 0x1 and " 1" */
      char err[256];
      double unused;
      if (cg_parse_number(value.c_str(), &unused, err, sizeof err) != 0) {
        const std::string& accepted = values().accepted[key];
        option_error(key, value, std::string(err) + "; accepted: " + (accepted.empty() ? "a decimal number" : accepted));
      }
    }
    try { /* our callbacks check the value; SimGrid's parsers throw */
      simgrid::config::set_as_string(key.c_str(), value);
    } catch (const std::exception& e) {
      if (is(values().bool_keys))
        option_error(key, value, "not a boolean; accepted: yes, no (or 1, 0, true, false, on, off)");
      option_error(key, value, std::string("not a number (") + e.what() + "); see --help for the accepted values");
    }
  }
  /* The model divides SMPI's factor of each comm, read when it starts: a
   * factor it cannot read ended in an assertion and a backtrace. */
  if (model == "contention" && bw_factor_given) {
    cg_step_factor f{};
    char err[256];
    if (cg_step_factor_parse(bw_factor.c_str(), &f, err, sizeof err) != 0)
      option_error(bw_factor_key, bw_factor,
                   std::string(err) + "; accepted: THRESHOLD:VALUE[;THRESHOLD:VALUE...], thresholds in bytes");
    cg_step_factor_free(&f);
  }
}

bool options_used_by(const std::string& key, const std::string& model)
{
  if (key == "contention/hold-detached-comms")
    return model == "contention" || model == "loggps";
  if (key.rfind("loggps/", 0) == 0)
    return model == "loggps";
  return model == "contention";
}

void options_warn_unused(const std::string& model)
{
  for (const std::string& kv : values().given) {
    std::string key = kv.substr(0, kv.find(':'));
    if (options_used_by(key, model))
      continue;
    std::string owner = key.rfind("loggps/", 0) == 0 ? "network/model:loggps" : "network/model:contention";
    if (key == "contention/hold-detached-comms")
      owner = "network/model:contention and loggps";
    XBT_WARN("contention: --cfg=%s is ignored: it applies to %s, and this run's model is network/model:%s",
             kv.c_str(), owner.c_str(), model.c_str());
  }
  if (model != "contention")
    return;
  for (const std::string& p : values().plugins)
    if (p == "link_energy" || p == "link_load")
      XBT_WARN("contention: --cfg=plugin:%s does not give SMPI's figures under network/model:contention (the "
               "links the penalties replace count at 1e15 B/s and a comm at its bound, not its rate); simulated "
               "times are unaffected",
               p.c_str());
}

void options_apply_p2p()
{
  if (not values().p2p_set)
    return;
  const cg_p2p_cfg& cfg = values().p2p_cfg;
  for (int i = 0; i < CG_P2P_CFG_COUNT; i++)
    simgrid::config::set_as_string(cfg.key[i], cfg.value[i]);
}

bool options_hold_detached_comms()
{
  return values().hold_detached_comms;
}

BindingConfig options_binding_config()
{
  const cg_tech* t = values().technology;
  return BindingConfig{t, values().tech_params[tech_index(t)].data(), values().bandwidth, values().node_links,
                       values().trace_path, values().detach_hidden_links};
}

} // namespace contention_sg
