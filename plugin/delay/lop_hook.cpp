/* contention/lop: SimGrid side. The model (peers, D(p), progress) is the
 * core's; this file reads what SimGrid will do with a small comm (the
 * latency phase SMPI gives it, its bandwidth factor) and turns the time the
 * core asks for into a bound. */
#include "lop_hook.hpp"
#include "sg_compat.hpp"

#include "lop_options.hpp"

#include <contention/lop.h>
#include <contention/p2p_model.h>
#include <contention/smpi_piecewise.h>

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <xbt/asserts.h>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

XBT_LOG_NEW_DEFAULT_SUBCATEGORY(contention_lop, contention, "LoP timing of small messages (contention/lop)");

namespace contention_sg {
namespace {


struct Comm {
  simgrid::kernel::resource::Action* action = nullptr; /* nullptr: not timed by LoP */
  bool small            = false;   /* payload <= contention/lop/threshold: a peer */
  double cost           = 0;       /* bytes on the wire (payload + envelope) */
  double latency_end    = 0;       /* when SMPI's latency phase ends */
  double factor         = 1;       /* SMPI's bandwidth factor: bytes per unit of bound */
};

struct State {
  cg_lop* lop                             = nullptr; /* nullptr: contention/lop:off */
  double threshold                        = 0;
  simgrid::kernel::resource::Model* model = nullptr;
  cg_piecewise lat_factor{}, bw_factor{};
  std::vector<Comm> comms;                         /* by graph handle */
  std::unordered_map<uint64_t, double> latencies; /* (src << 32 | dst) -> route latency */
  unsigned long long timed = 0;
  bool warned_latency      = false;
};
State st;

void parse_factor(const char* key, cg_piecewise* out)
{
  std::string value = simgrid::config::get_value<std::string>(key);
  char err[512];
  xbt_assert(cg_piecewise_parse(value.c_str(), out, err, sizeof err) == 0, "contention/lop: %s '%s': %s", key,
             value.c_str(), err);
}

double route_latency(const simgrid::s4u::Host* src, const simgrid::s4u::Host* dst, cg_host s, cg_host d)
{
  uint64_t key = (static_cast<uint64_t>(s) << 32) | d;
  auto it      = st.latencies.find(key);
  if (it != st.latencies.end())
    return it->second;
  std::vector<simgrid::s4u::Link*> links;
  double latency = 0;
  src->route_to(dst, links, &latency);
  st.latencies.emplace(key, latency);
  return latency;
}

/* SMPI sends a message of k payload bytes eagerly (its transfer starts
 * without waiting for the receive) when k < smpi/async-small-thresh, and
 * detaches the send when k < smpi/send-is-detached-thresh. LoP's curves
 * time a message from its post, whether or not its receive is posted: the
 * paper's adapters deliver a small message eagerly. So, unless the user set
 * them, both thresholds become at least threshold + 1; a lower value the
 * user set is kept, with a warning: the rows then include a receive wait. */
void make_small_messages_eager(double threshold)
{
  long long want = std::min(static_cast<double>(INT_MAX), std::floor(threshold) + 1);
  struct Key {
    const char* name;
    const char* why;
  };
  for (const Key& k : {Key{"smpi/async-small-thresh", "starts when it is posted, as LoP times it"},
                       Key{"smpi/send-is-detached-thresh", "is sent detached, as SMPI's eager sends are"}}) {
    const char* key = k.name;
    long long have  = simgrid::config::get_value<int>(key);
    if (have >= want)
      continue;
    if (simgrid::config::is_default(key)) {
      simgrid::config::set_value<int>(key, static_cast<int>(want));
      XBT_VERB("contention/lop: %s set to %lld (was SMPI's default %lld): a message up to contention/lop/threshold "
               "(%g B) %s",
               key, want, have, threshold, k.why);
    } else {
      XBT_WARN("contention/lop: %s is %lld, below contention/lop/threshold + 1 = %lld: a message of %lld to %g B "
               "waits for its receive before its LoP time starts (the rows then include that wait)",
               key, have, want, have, threshold);
    }
  }
}

} // namespace

void lop_start(simgrid::kernel::resource::Model* model)
{
  LopConfig cfg = lop_config();
  if (cfg.curve == nullptr)
    return;
  st.lop = cg_lop_create(cfg.curve);
  xbt_assert(st.lop != nullptr, "contention/lop: out of memory");
  st.threshold = cfg.threshold;
  make_small_messages_eager(cfg.threshold);
  st.model     = model;
  /* Read when the model starts: contention/p2p-params has set them. */
  parse_factor(compat::LAT_FACTOR_OPTION, &st.lat_factor);
  parse_factor(compat::BW_FACTOR_OPTION, &st.bw_factor);
  XBT_VERB("contention/lop:%s: messages up to %g B; one message with p peers lasts D(p) = p t(p) / 2: D(1) = %g us, "
           "D(8) = %g us, D(64) = %g us",
           cfg.curve->name, cfg.threshold, cg_lop_message_time(cfg.curve, 1) * 1e6,
           cg_lop_message_time(cfg.curve, 8) * 1e6, cg_lop_message_time(cfg.curve, 64) * 1e6);
}

void lop_comm_start(cg_comm c, simgrid::kernel::resource::Action* action, const simgrid::s4u::Host* src_host,
                    const simgrid::s4u::Host* dst_host, cg_host src, cg_host dst)
{
  if (st.lop == nullptr)
    return;
  if (c >= st.comms.size())
    st.comms.resize(c + 1);
  st.comms[c] = Comm{};
  const simgrid::kernel::resource::Action* a = action;
  double cost                                = a->get_cost();
  /* Every message pays LoP's start-up D(p); only the small ones are peers
   * (a larger one is its bytes at the contention bound after it): the
   * time grows with the size across the threshold. */
  bool small     = cost - CG_P2P_ENVELOPE <= st.threshold;
  double latency = route_latency(src_host, dst_host, src, dst) *
                   cg_piecewise_factor(&st.lat_factor, cost);
  /* SMPI put the comm in its latency phase exactly when it has one: a
   * check of this file's reading of smpi/lat-factor (lazy updates only). */
  xbt_assert(not st.model->is_update_lazy() ||
                 (a->get_type() == simgrid::kernel::resource::ActionHeap::Type::latency) == (latency > 0),
             "contention/lop: SimGrid gave a comm of %g bytes %s latency phase, the plugin computed %g s from "
             "smpi/lat-factor: SimGrid differs from 3.32",
             cost, latency > 0 ? "no" : "a", latency);
  st.comms[c] = Comm{action, small, cost, a->get_start_time() + latency, cg_piecewise_factor(&st.bw_factor, cost)};
  double now  = simgrid::s4u::Engine::get_clock();
  xbt_assert((small ? cg_lop_start(st.lop, c, src, dst, now) : cg_lop_start_large(st.lop, c, src, dst, now)) == 0,
             "contention/lop: out of memory");
  st.timed++;
}

void lop_comm_end(cg_comm c)
{
  if (st.lop == nullptr || c >= st.comms.size() || st.comms[c].action == nullptr)
    return;
  cg_lop_end(st.lop, c);
  st.comms[c].action = nullptr;
}

double lop_bound(cg_comm c, double bound)
{
  if (st.lop == nullptr || c >= st.comms.size() || st.comms[c].action == nullptr)
    return bound;
  const Comm& m  = st.comms[c];
  const simgrid::kernel::resource::Action* a = m.action;
  double now     = simgrid::s4u::Engine::get_clock();
  /* Its bytes at the contention bound count on top of D(p). */
  double transfer  = bound > 0 ? m.cost / (bound * m.factor) : 0;
  double remaining = cg_lop_retime(st.lop, c, now, transfer);
  /* Bytes left, as SimGrid's lazy update would compute them now (without
   * updating the action: that could finish it in the middle of a flush). */
  double bytes = a->get_remains_no_update() - a->get_last_value() * (now - a->get_last_update());
  bytes        = std::clamp(bytes, 0.0, m.cost);
  /* No bytes left (an s4u comm of 0 bytes: no envelope): no rate can
   * stretch it to its LoP time, and a bound of 0 would stall it. */
  if (not(bytes > 0))
    return bound;
  double latency_left = std::max(0.0, m.latency_end - now);
  if (m.small && remaining <= latency_left && not st.warned_latency) {
    st.warned_latency = true;
    XBT_WARN("contention/lop: SMPI's latency of a %g-byte message (%g us left) exceeds its LoP time (%g us): the "
             "platform's latency decides (reported once)",
             m.cost - CG_P2P_ENVELOPE, latency_left * 1e6, remaining * 1e6);
  }
  return cg_lop_bound(bytes, remaining, latency_left, m.factor, bound);
}

const cg_comm* lop_take_dirty(size_t* n)
{
  if (st.lop == nullptr) {
    *n = 0;
    return nullptr;
  }
  return cg_lop_dirty(st.lop, n);
}

void lop_end()
{
  if (st.lop == nullptr)
    return;
  XBT_VERB("contention/lop: %llu messages timed", st.timed);
  cg_lop_destroy(st.lop);
  st.lop = nullptr;
  st.comms.clear();
  st.latencies.clear();
}

} // namespace contention_sg
