/* The defaults of the s4u test programs: network/model:contention, SMPI's
 * bandwidth and latency factors at 1 and no cross-traffic, each unless
 * the command line set it. Call after the Engine's creation, before the
 * platform's loading. */
#ifndef CONTENTION_TESTS_S4U_TEST_DEFAULTS_HPP
#define CONTENTION_TESTS_S4U_TEST_DEFAULTS_HPP

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/version.h>
#include <xbt/config.hpp>

#include <string>

inline void set_test_defaults()
{
  /* the model as a value: SimGrid reads network/model only once it is no
   * longer at its default */
  if (simgrid::config::is_default("network/model"))
    simgrid::s4u::Engine::set_config("network/model:contention");
#if SIMGRID_VERSION_MAJOR >= 4
  /* SimGrid 4.x's SMPI model sets its factors' defaults when it is built,
   * after this: values, where the command line left the defaults */
  for (const char* f : {"network/bandwidth-factor", "network/latency-factor"})
    if (simgrid::config::is_default(f))
      simgrid::config::set_value<std::string>(f, "0:1");
#else
  simgrid::config::set_default<std::string>("smpi/bw-factor", "0:1");
  simgrid::config::set_default<std::string>("smpi/lat-factor", "0:1");
#endif
  simgrid::config::set_default<bool>("network/crosstraffic", false);
}

#endif
