/* SimGrid functions this library defines in front of libsimgrid's, for
 * what SimGrid (3.32 to 4.1) neither signals nor lets one read. The
 * library is loaded before libsimgrid (LD_PRELOAD by the launchers, first
 * on an s4u program's link line); each definition does its part and calls
 * SimGrid's.
 *
 * - Profile::schedule(FutureEvtSet*, Resource*), exported under the same
 *   name by 3.32, 4.0 and 4.1: notes which links have a profile
 *   (link_has_profile), SimGrid offering no getter. A link's
 *   implementation starts with its Resource base, so the noted pointer is
 *   Link::get_impl()'s. Whether libsimgrid's calls reach this definition
 *   depends on how the program was linked (profiles_seen).
 * - s4u::Link::set_latency(double): a hook (on_set_latency).
 * - The kernel's NetworkCm02Link::set_latency(double), exported under the
 *   same name by 3.32, 4.0 and 4.1 and called through the link's vtable
 *   (a latency_file event, s4u::Link::set_latency): a hook after it
 *   (on_latency_changed).
 * - s4u::Link::get_bandwidth() const and the C API's sg_link_get_bandwidth
 *   (same names in 3.32, 4.0 and 4.1): the program's reading of a link's
 *   bandwidth goes through a hook (on_get_bandwidth), which gives a link
 *   the plugin holds at another value its real one; the plugin's own
 *   readings call libsimgrid's definition (held_bandwidth). libsimgrid's
 *   own callers (sg_host_get_route_bandwidth, the Paje tracer's bandwidth
 *   variable) reach the hook as its Profile::schedule calls do.
 * - The kernel's Action::suspend() and Action::resume(), exported under the
 *   same names by 3.32, 4.0 and 4.1 and called through the action's vtable
 *   (a comm's CommImpl::suspend and resume, which fire no signal): a hook
 *   after each (on_suspension). */
#include "sg_compat.hpp"

#include <simgrid/link.h>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Link.hpp>

#include <dlfcn.h>
#include <link.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

namespace {

std::unordered_set<const void*>& profiled()
{
  static std::unordered_set<const void*> set; /* built at first use: schedule() runs during platform parsing */
  return set;
}

} // namespace

#define SCHEDULE_SYMBOL "_ZN7simgrid6kernel7profile7Profile8scheduleEPNS1_12FutureEvtSetEPNS0_8resource8ResourceE"

/* simgrid::kernel::profile::Event* Profile::schedule(FutureEvtSet*, Resource*):
 * a member function, `this` first (Itanium C++ ABI). */
extern "C" void* _ZN7simgrid6kernel7profile7Profile8scheduleEPNS1_12FutureEvtSetEPNS0_8resource8ResourceE(
    void* self, void* fes, void* resource)
{
  using Schedule = void* (*)(void*, void*, void*);
  static auto simgrid_schedule = reinterpret_cast<Schedule>(dlsym(RTLD_NEXT, SCHEDULE_SYMBOL));
  if (simgrid_schedule == nullptr) {
    std::fprintf(stderr, "contention: SimGrid's Profile::schedule not found (%s)\n", dlerror());
    std::abort();
  }
  profiled().insert(resource);
  return simgrid_schedule(self, fes, resource);
}

/* This library's own definition: its exported name would give the first
 * one the loader finds, SimGrid's when libsimgrid comes first. */
extern "C" __attribute__((visibility("hidden"), alias(SCHEDULE_SYMBOL))) void* contention_schedule(void*, void*,
                                                                                                    void*);

namespace {

#if __ELF_NATIVE_CLASS == 64
#define RELA_SYM ELF64_R_SYM
#else
#define RELA_SYM ELF32_R_SYM
#endif

/* A dynamic entry's address: the loader rebases some entries in place. */
const char* dyn_address(const dl_phdr_info* info, ElfW(Addr) value)
{
  return reinterpret_cast<const char*>(value < info->dlpi_addr ? info->dlpi_addr + value : value);
}

struct Probe {
  const char* simgrid; /* libsimgrid's file name, as the loader has it */
  void* theirs;        /* its own Profile::schedule */
  int seen;            /* -1: libsimgrid not found; 0: its call does not reach us; 1: it does */
};

/* Whether libsimgrid's own calls to Profile::schedule go through a GOT slot
 * that holds this library's definition (BIND_NOW, as Debian's builds of
 * 3.32, 4.0 and 4.1 are), or, for a slot not bound yet (lazy binding),
 * would resolve to it. No slot: the calls are bound inside libsimgrid
 * (-Bsymbolic-functions, LTO) and nothing can see them. */
int probe_object(dl_phdr_info* info, size_t, void* data)
{
  auto* probe = static_cast<Probe*>(data);
  if (info->dlpi_name == nullptr || std::strcmp(info->dlpi_name, probe->simgrid) != 0)
    return 0;
  probe->seen = 0;
  const ElfW(Dyn)* dyn = nullptr;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
      dyn = reinterpret_cast<const ElfW(Dyn)*>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
  if (dyn == nullptr)
    return 1;
  const ElfW(Sym)* symtab = nullptr;
  const char* strtab      = nullptr;
  const char* tables[2]   = {nullptr, nullptr}; /* DT_JMPREL, DT_RELA */
  size_t sizes[2]         = {0, 0};
  bool plt_rela           = false;
  for (; dyn->d_tag != DT_NULL; dyn++) {
    switch (dyn->d_tag) {
      case DT_SYMTAB: symtab = reinterpret_cast<const ElfW(Sym)*>(dyn_address(info, dyn->d_un.d_ptr)); break;
      case DT_STRTAB: strtab = dyn_address(info, dyn->d_un.d_ptr); break;
      case DT_JMPREL: tables[0] = dyn_address(info, dyn->d_un.d_ptr); break;
      case DT_PLTRELSZ: sizes[0] = dyn->d_un.d_val; break;
      case DT_PLTREL: plt_rela = dyn->d_un.d_val == DT_RELA; break;
      case DT_RELA: tables[1] = dyn_address(info, dyn->d_un.d_ptr); break;
      case DT_RELASZ: sizes[1] = dyn->d_un.d_val; break;
      default: break;
    }
  }
  if (symtab == nullptr || strtab == nullptr)
    return 1;
  auto* mine = reinterpret_cast<void*>(&contention_schedule);
  for (int t = 0; t < 2; t++) {
    if (tables[t] == nullptr || (t == 0 && not plt_rela))
      continue;
    const auto* rela = reinterpret_cast<const ElfW(Rela)*>(tables[t]);
    for (size_t r = 0; r < sizes[t] / sizeof(ElfW(Rela)); r++) {
      const ElfW(Sym)& sym = symtab[RELA_SYM(rela[r].r_info)];
      if (sym.st_name == 0 || std::strcmp(strtab + sym.st_name, SCHEDULE_SYMBOL) != 0)
        continue;
      void* slot = *reinterpret_cast<void* const*>(info->dlpi_addr + rela[r].r_offset);
      /* Not bound yet: the slot holds a stub of libsimgrid's PLT. */
      Dl_info where;
      bool unbound = slot != mine && slot != probe->theirs && dladdr(slot, &where) != 0 &&
                     reinterpret_cast<ElfW(Addr)>(where.dli_fbase) == info->dlpi_addr;
      if (slot == mine || (unbound && dlsym(RTLD_DEFAULT, SCHEDULE_SYMBOL) == mine))
        probe->seen = 1;
    }
  }
  return 1;
}

} // namespace

namespace {
void (*latency_hook)(const simgrid::s4u::Link&) = nullptr;
void (*latency_changed_hook)()                  = nullptr;
} // namespace

/* NetworkCm02Link::set_latency (compat::on_latency_changed). */
#define KERNEL_SET_LATENCY_SYMBOL "_ZN7simgrid6kernel8resource15NetworkCm02Link11set_latencyEd"
extern "C" void _ZN7simgrid6kernel8resource15NetworkCm02Link11set_latencyEd(void* self, double value)
{
  using SetLatency = void (*)(void*, double);
  static auto simgrid_set_latency = reinterpret_cast<SetLatency>(dlsym(RTLD_NEXT, KERNEL_SET_LATENCY_SYMBOL));
  if (simgrid_set_latency == nullptr) {
    std::fprintf(stderr, "contention: SimGrid's NetworkCm02Link::set_latency not found (%s)\n", dlerror());
    std::abort();
  }
  simgrid_set_latency(self, value);
  if (latency_changed_hook != nullptr)
    latency_changed_hook();
}


/* s4u::Link::set_latency (compat::on_set_latency): SimGrid gives no signal
 * for it. The hook runs before SimGrid's function. */
#define SET_LATENCY_SYMBOL "_ZN7simgrid3s4u4Link11set_latencyEd"
extern "C" void* _ZN7simgrid3s4u4Link11set_latencyEd(void* self, double value)
{
  using SetLatency = void* (*)(void*, double);
  static auto simgrid_set_latency = reinterpret_cast<SetLatency>(dlsym(RTLD_NEXT, SET_LATENCY_SYMBOL));
  if (simgrid_set_latency == nullptr) {
    std::fprintf(stderr, "contention: SimGrid's Link::set_latency not found (%s)\n", dlerror());
    std::abort();
  }
  /* SimGrid's set_latency gives the comms of the link their max-min
   * weight at once, also those in their latency phase; SimGrid 4.x tells
   * of starts later, and a start of this actor step not told yet kept the
   * weight the plugin had not corrected (its hidden links' terms). */
  contention_sg::compat::report_starts();
  if (latency_hook != nullptr)
    latency_hook(*static_cast<const simgrid::s4u::Link*>(self));
  return simgrid_set_latency(self, value);
}

namespace {
double (*bandwidth_hook)(const simgrid::s4u::Link&, double) = nullptr;

/* libsimgrid's own s4u::Link::get_bandwidth, found in libsimgrid itself
 * (RTLD_NEXT misses it when the program links libsimgrid before this
 * library). */
#define GET_BANDWIDTH_SYMBOL "_ZNK7simgrid3s4u4Link13get_bandwidthEv"
using GetBandwidth = double (*)(const void*);
GetBandwidth simgrid_get_bandwidth()
{
  static GetBandwidth theirs = nullptr;
  if (theirs == nullptr) {
    Dl_info where;
    if (dladdr(reinterpret_cast<void*>(&simgrid::s4u::Engine::get_clock), &where) != 0 && where.dli_fname != nullptr)
      if (void* lib = dlopen(where.dli_fname, RTLD_LAZY | RTLD_NOLOAD)) {
        theirs = reinterpret_cast<GetBandwidth>(dlsym(lib, GET_BANDWIDTH_SYMBOL));
        dlclose(lib);
      }
    if (theirs == nullptr) {
      std::fprintf(stderr, "contention: SimGrid's Link::get_bandwidth not found (%s)\n", dlerror());
      std::abort();
    }
  }
  return theirs;
}
} // namespace

/* s4u::Link::get_bandwidth() const (compat::on_get_bandwidth). */
extern "C" double _ZNK7simgrid3s4u4Link13get_bandwidthEv(const void* self)
{
  double held = simgrid_get_bandwidth()(self);
  return bandwidth_hook != nullptr ? bandwidth_hook(*static_cast<const simgrid::s4u::Link*>(self), held) : held;
}

/* The C API's reading: libsimgrid's calls s4u's inside libsimgrid. */
extern "C" double sg_link_get_bandwidth(const_sg_link_t link)
{
  return _ZNK7simgrid3s4u4Link13get_bandwidthEv(link);
}

namespace {
void (*suspension_hook)() = nullptr;

using ActionFn = void (*)(void*);
ActionFn simgrid_action_fn(const char* symbol, const char* what)
{
  auto fn = reinterpret_cast<ActionFn>(dlsym(RTLD_NEXT, symbol));
  if (fn == nullptr) {
    std::fprintf(stderr, "contention: SimGrid's %s not found (%s)\n", what, dlerror());
    std::abort();
  }
  return fn;
}
} // namespace

#define ACTION_SUSPEND_SYMBOL "_ZN7simgrid6kernel8resource6Action7suspendEv"
#define ACTION_RESUME_SYMBOL "_ZN7simgrid6kernel8resource6Action6resumeEv"

/* simgrid::kernel::resource::Action::suspend() (compat::on_suspension). */
extern "C" void _ZN7simgrid6kernel8resource6Action7suspendEv(void* self)
{
  static ActionFn theirs = simgrid_action_fn(ACTION_SUSPEND_SYMBOL, "Action::suspend");
  theirs(self);
  if (suspension_hook != nullptr)
    suspension_hook();
}

/* simgrid::kernel::resource::Action::resume() (compat::on_suspension). */
extern "C" void _ZN7simgrid6kernel8resource6Action6resumeEv(void* self)
{
  static ActionFn theirs = simgrid_action_fn(ACTION_RESUME_SYMBOL, "Action::resume");
  theirs(self);
  if (suspension_hook != nullptr)
    suspension_hook();
}

namespace contention_sg::compat {

void on_suspension(void (*hook)())
{
  suspension_hook = hook;
}

void on_get_bandwidth(double (*hook)(const simgrid::s4u::Link& link, double held))
{
  bandwidth_hook = hook;
}

double held_bandwidth(const simgrid::s4u::Link& link)
{
  return simgrid_get_bandwidth()(&link);
}

void on_latency_changed(void (*hook)())
{
  latency_changed_hook = hook;
}

void on_set_latency(void (*hook)(const simgrid::s4u::Link& link))
{
  latency_hook = hook;
}

bool profiles_seen()
{
  static int seen = -2;
  if (seen == -2) {
    Dl_info where;
    Probe probe{nullptr, nullptr, -1};
    if (dladdr(reinterpret_cast<void*>(&simgrid::s4u::Engine::get_clock), &where) != 0 && where.dli_fname != nullptr) {
      probe.simgrid = where.dli_fname;
      if (void* lib = dlopen(where.dli_fname, RTLD_LAZY | RTLD_NOLOAD)) {
        probe.theirs = dlsym(lib, SCHEDULE_SYMBOL);
        dlclose(lib);
      }
      dl_iterate_phdr(probe_object, &probe);
    }
    seen = probe.seen;
  }
  return seen == 1;
}

bool link_has_profile(const simgrid::s4u::Link& link)
{
  return not profiled().empty() && profiled().count(static_cast<const void*>(link.get_impl())) != 0;
}

} // namespace contention_sg::compat
