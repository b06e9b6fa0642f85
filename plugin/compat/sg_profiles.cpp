/* Which links have a profile (sg_compat.hpp, link_has_profile), for every
 * supported release: SimGrid gives a profile to a resource through
 * Profile::schedule(FutureEvtSet*, Resource*), exported under the same
 * name by 3.32, 4.0 and 4.1, and offers no getter. This library, loaded
 * before libsimgrid (LD_PRELOAD by the launchers), defines that symbol,
 * notes the resource and calls SimGrid's. A link's implementation starts
 * with its Resource base, so the noted pointer is Link::get_impl()'s. */
#include "sg_compat.hpp"

#include <simgrid/s4u/Link.hpp>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
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

namespace contention_sg::compat {

bool link_has_profile(const simgrid::s4u::Link& link)
{
  return not profiled().empty() && profiled().count(static_cast<const void*>(link.get_impl())) != 0;
}

} // namespace contention_sg::compat
