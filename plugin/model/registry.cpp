/* Model registration: one table entry per network model the plugin adds.
 * Adding a model = writing its init function and one line in `models`. */
#include "sg_compat.hpp"

#include "binding.hpp"
#include "loggps_model.hpp"
#include "loggps_options.hpp"
#include "lop_options.hpp"
#include "options.hpp"
#include "paje_vars.hpp"
#include "run_status.hpp"

#include <contention/simgrid.h>
#include <contention/version.h>

#include <xbt/base.h>
#include <xbt/config.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/version.h>
#include <xbt/log.h>

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

XBT_LOG_EXTERNAL_DEFAULT_CATEGORY(contention);

namespace {

/* First line of --log=contention.thres:verbose: which plugin and SimGrid
 * produced the results (what a bug report or a lab notebook needs). */
void log_start(const char* model)
{
  int major;
  int minor;
  int patch;
  sg_version_get(&major, &minor, &patch);
  XBT_VERB("contention: plugin version %s (SimGrid %d.%d.%d), network/model:%s", cg_version(), major, minor, patch,
           model);
}

/* LD_PRELOAD is only for smpimain: the simulated program and anything it
 * spawns must not inherit the plugin. Done when the platform is created
 * (whatever the model), not in the constructor, so that `-wrapper valgrind`
 * (whose launcher loads us first) still passes LD_PRELOAD on to smpimain. */
void drop_self_from_ld_preload()
{
  Dl_info info;
  const char* preload = std::getenv("LD_PRELOAD");
  if (preload == nullptr || dladdr(reinterpret_cast<void*>(&drop_self_from_ld_preload), &info) == 0 ||
      info.dli_fname == nullptr)
    return;
  const char* base = std::strrchr(info.dli_fname, '/');
  base             = base != nullptr ? base + 1 : info.dli_fname;
  std::string kept;
  std::string list(preload);
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t end = list.find_first_of(": ", pos);
    if (end == std::string::npos)
      end = list.size();
    std::string item = list.substr(pos, end - pos);
    const char* ib   = std::strrchr(item.c_str(), '/');
    ib               = ib != nullptr ? ib + 1 : item.c_str();
    if (!item.empty() && std::strcmp(ib, base) != 0)
      kept += (kept.empty() ? "" : ":") + item;
    pos = end + 1;
  }
  if (kept.empty())
    unsetenv("LD_PRELOAD");
  else
    setenv("LD_PRELOAD", kept.c_str(), 1);
}

/* SimGrid's Lazy update (network/optim's default) re-solves only the
 * constraints it marks as modified, and a variable enabled at the end of its
 * latency marks only its first constraint (lmm::System::enable_var): when
 * that one is already marked in the same instant, the others are left out
 * of the solve, and comms started together can exceed a link's capacity
 * (10 comms of Vienne et al. 2008 Fig. 7 MK2: 1.3 times node-3's downlink,
 * SimGrid 3.32 to 4.1, under its own SMPI model too). The Full update solves
 * every active constraint. An explicit network/optim is kept. */
void default_full_update()
{
  if (simgrid::config::is_default("network/optim"))
    simgrid::config::set_value<std::string>("network/optim", "Full");
  else if (simgrid::config::get_value<std::string>("network/optim") != "Full")
    XBT_WARN("contention: network/optim:%s kept as given; SimGrid's Lazy update can exceed link capacities when "
             "comms start at the same instant (the model's default is Full)",
             simgrid::config::get_value<std::string>("network/optim").c_str());
}

/* contention/p2p-params sets the seven SMPI options of cg_p2p_to_cfg: a
 * value given to one of them (command line or platform <config>) was
 * replaced without a word. */
void warn_p2p_params_overrides()
{
  std::string file = simgrid::config::get_value<std::string>("contention/p2p-params");
  if (file.empty())
    return;
  for (const char* key : {"smpi/os", "smpi/or", "smpi/ois", "smpi/bw-factor", "smpi/lat-factor",
                          "smpi/async-small-thresh", "smpi/send-is-detached-thresh"})
    if (not simgrid::config::is_default(key))
      XBT_WARN("contention: --cfg=%s is ignored: contention/p2p-params (%s) sets it", key, file.c_str());
}

/* network/model:contention: SimGrid's SMPI model, plus penalties. */
void contention_model_init()
{
  log_start("contention");
  default_full_update();
  warn_p2p_params_overrides();
  contention_sg::options_apply_p2p();
  contention_sg::binding_start(&contention_sg::compat::init_smpi_network_model,
                               contention_sg::options_binding_config());
  if (contention_sg::options_hold_detached_comms())
    contention_sg::compat::hold_detached_comms_aside();
}

void loggps_model_init()
{
  log_start("loggps");
  contention_sg::loggps_model_init();
  if (contention_sg::options_hold_detached_comms())
    contention_sg::compat::hold_detached_comms_aside();
}

struct ModelEntry {
  const char* name;
  const char* description; /* one line, shown by --cfg=network/model:help */
  void (*init)();
};

/* The models this plugin registers; a model is its init function and one
 * line here. */
const ModelEntry models[] = {
    {"contention",
     "SMPI model whose inter-host comms are slowed down by the penalties of a dynamic contention graph "
     "(see contention/technology)",
     &contention_model_init},
    {"loggps",
     "LogGPS delay model (the SMPI paper, Degomme et al., Fig. 1), single-port, parameters from the platform "
     "(see loggps/*)",
     &loggps_model_init},
};

/* A standard descriptor closed at start (smpirun ... >&-) went to the next
 * file opened: the platform took fd 1, and --cfg=contention/trace:/dev/stdout
 * then reopened it for writing, replacing the platform by the trace. Each
 * closed one gets /dev/null, open for the other direction so that the
 * program's own writes to it still fail as on a closed descriptor. */
void keep_std_fds_taken()
{
  for (int fd = 0; fd <= 2; fd++) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
      continue;
    int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY); /* the lowest free: fd */
    if (got >= 0 && got != fd) {
      dup2(got, fd);
      close(got);
    }
  }
}

/* SimGrid's parallel-task host model (host/model:ptask_L07) times every
 * comm with a network model of its own and never builds the one
 * network/model names: under 3.32 one of the plugin's models there changed
 * nothing, without a word; 4.0 and 4.1 abort when they build the host
 * model ("Changing the network or CPU model is not allowed", a backtrace).
 * Read when the platform's creation starts (4.x: after its <config>,
 * right before the models are built) and once it is loaded (3.32: its
 * <config> included). */
void refuse_ptask_host_model()
{
  if (simgrid::config::get_value<std::string>("host/model") != "ptask_L07")
    return;
  std::string model = simgrid::config::get_value<std::string>("network/model");
  for (const ModelEntry& m : models)
    if (model == m.name) {
      std::fprintf(stderr,
                   "contention: network/model:%s has no effect under host/model:ptask_L07 (SimGrid's parallel-task "
                   "model times every comm with its own network model); drop one of the two options\n",
                   m.name);
      std::_Exit(1); /* the engine is half built: its exit-time destructors would crash */
    }
}

bool version_ok()
{
  int major;
  int minor;
  int patch;
  sg_version_get(&major, &minor, &patch);
  using contention_sg::compat::SIMGRID_MAJOR;
  using contention_sg::compat::SIMGRID_MINOR;
  if (major == SIMGRID_MAJOR && minor == SIMGRID_MINOR)
    return true;
  /* Each release has its own internals (sg_compat_X_Y.cpp): a plugin
   * built for another one is refused before it touches any. */
  std::fprintf(stderr,
               "contention: this plugin was built for SimGrid %d.%d, but the running SimGrid is %d.%d.%d; "
               "rebuild the plugin against SimGrid %d.%d (supported releases: %s), or remove it from LD_PRELOAD\n",
               SIMGRID_MAJOR, SIMGRID_MINOR, major, minor, patch, major, minor, CONTENTION_SIMGRID_RELEASES);
  return false;
}

} // namespace

extern "C" int contention_simgrid_register(void)
{
  static int result = 1;
  if (result != 1)
    return result;
  keep_std_fds_taken();
  if (!version_ok()) {
    result = -1;
    return result;
  }
  for (const ModelEntry& m : models)
    contention_sg::compat::register_network_model(m.name, m.description, m.init);
  contention_sg::compat::repair_platforms();
  contention_sg::options_declare();
  contention_sg::loggps_declare_options();
  contention_sg::lop_declare_options();
  contention_sg::options_precheck_command_line();
  contention_sg::run_status_watch();
  contention_sg::paje_vars_setup(); /* before SimGrid's tracing hooks the platform creation */
  simgrid::s4u::Engine::on_platform_creation_cb(&drop_self_from_ld_preload);
  simgrid::s4u::Engine::on_platform_creation_cb(&refuse_ptask_host_model);
  simgrid::s4u::Engine::on_platform_created_cb([] {
    refuse_ptask_host_model();
    contention_sg::options_warn_unused(simgrid::config::get_value<std::string>("network/model"));
  });
  result = 0;
  return result;
}

/* Runs when the library is loaded (LD_PRELOAD, or linked with --no-as-needed):
 * before main, hence before smpi_main creates the Engine. */
__attribute__((constructor)) static void contention_simgrid_load()
{
  if (contention_simgrid_register() != 0)
    std::exit(1);
}
