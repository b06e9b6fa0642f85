#include "paje_vars.hpp"

#include <contention/host_view.h>

#include <simgrid/instr.h>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <xbt/config.hpp>
#include <xbt/log.h>

#include <string>
#include <vector>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(contention);

namespace contention_sg {
namespace {

const char* const VAR_OUT     = "contention_out";
const char* const VAR_IN      = "contention_in";
const char* const VAR_PENALTY = "contention_penalty";

struct Emitted { /* last values written for a host: every host starts at 0 */
  double out     = 0;
  double in      = 0;
  double penalty = 0;
};

bool enabled = false;
std::vector<Emitted> emitted;    /* by cg_host */
std::vector<char> dirty;         /* by cg_host: listed in dirty_list */
std::vector<cg_host> dirty_list; /* hosts to refresh at the next flush, each once */

void mark(cg_host h)
{
  if (h >= dirty.size())
    dirty.resize(h + 1, 0);
  if (dirty[h] == 0) {
    dirty[h] = 1;
    dirty_list.push_back(h);
  }
}

void set_if_changed(const simgrid::s4u::Host* h, const char* var, double& last, double value)
{
  if (value == last)
    return;
  last = value;
  simgrid::instr::set_host_variable(h->get_name(), var, value, simgrid::s4u::Engine::get_clock());
}

Emitted& slot(cg_host h)
{
  if (h >= emitted.size())
    emitted.resize(h + 1);
  return emitted[h];
}

/* Writes a host's counts, and its largest penalty when `with_penalty`. */
void refresh(const cg_graph* g, const HostTable& hosts, cg_host h, bool with_penalty)
{
  if (h >= hosts.size())
    return;
  cg_host_view v = cg_graph_host_view(g, h);
  Emitted& e     = slot(h);
  set_if_changed(hosts[h], VAR_OUT, e.out, static_cast<double>(v.out));
  set_if_changed(hosts[h], VAR_IN, e.in, static_cast<double>(v.in));
  if (with_penalty || v.out + v.in == 0) /* no comm left: 0 is exact now */
    set_if_changed(hosts[h], VAR_PENALTY, e.penalty, v.max_penalty);
}

/* Engine::on_platform_creation, before SimGrid's tracing starts (our
 * callback was connected first): decide. Host variables need host
 * containers, which SimGrid creates only under tracing/platform; that stays
 * the user's choice, as SimGrid's platform tracer crashes on common
 * platforms (3.32: <cluster>s inside a zone, SPLITDUPLEX links with a
 * bandwidth profile; 4.x: a <cluster>) whatever the network model, and a
 * plain -trace worked under SMPI's model. */
void on_platform_creation()
{
  namespace cfg = simgrid::config;
  if (cfg::get_value<std::string>("network/model") != "contention" || not cfg::get_value<bool>("tracing") ||
      cfg::get_value<std::string>("tracing/smpi/format") != "Paje")
    return;
  if (not cfg::get_value<bool>("tracing/platform")) {
    XBT_INFO("contention: tracing/platform is off, so the trace has no contention_* host variables "
             "(--cfg=tracing/platform:yes adds them)");
    return;
  }
  /* SimGrid 3.32 aborts while extracting the topology graph of a <cluster>
   * ("container with name ..._UP not found"), and the variables do not
   * need it: off unless given. */
  if (cfg::is_default("tracing/platform/topology"))
    cfg::set_default<bool>("tracing/platform/topology", false);
  enabled = true;
}

/* Engine::on_platform_created: the host types exist, the variables can be
 * declared; every host starts at 0. */
void on_platform_created()
{
  if (not enabled)
    return;
  simgrid::instr::declare_host_variable(VAR_OUT, "0.2 0.4 0.8");
  simgrid::instr::declare_host_variable(VAR_IN, "0.2 0.7 0.3");
  simgrid::instr::declare_host_variable(VAR_PENALTY, "0.9 0.2 0.2");
  for (const simgrid::s4u::Host* h : simgrid::s4u::Engine::get_instance()->get_all_hosts())
    for (const char* var : {VAR_OUT, VAR_IN, VAR_PENALTY})
      simgrid::instr::set_host_variable(h->get_name(), var, 0, 0);
  XBT_VERB("contention: Paje trace variables %s, %s and %s on every host", VAR_OUT, VAR_IN, VAR_PENALTY);
}

} // namespace

void paje_vars_setup()
{
  simgrid::s4u::Engine::on_platform_creation_cb(on_platform_creation);
  simgrid::s4u::Engine::on_platform_created_cb(on_platform_created);
}

void paje_vars_after_flush(const cg_graph* g, const HostTable& hosts)
{
  if (not enabled)
    return;
  size_t n;
  const cg_comm* changed = cg_graph_changed(g, &n);
  for (size_t i = 0; i < n; i++) {
    mark(cg_graph_comm_src(g, changed[i]));
    mark(cg_graph_comm_dst(g, changed[i]));
  }
  for (cg_host h : dirty_list) {
    refresh(g, hosts, h, true);
    dirty[h] = 0;
  }
  dirty_list.clear();
}

void paje_vars_comm_end(const cg_graph* g, const HostTable& hosts, cg_host src, cg_host dst)
{
  if (not enabled)
    return;
  refresh(g, hosts, src, false);
  refresh(g, hosts, dst, false);
  mark(src);
  mark(dst);
}

} // namespace contention_sg
