#include "run_status.hpp"

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <xbt/config.hpp>

#include <cstdio>
#include <cstdlib>

#include <stdlib.h> /* on_exit (glibc) */
#include <unistd.h>

/* SMPI's public C API (smpi/mpi.h), declared here to keep its macros out
 * of the binding. The PMPI names bypass SMPI's tracing wrappers. */
extern "C" int PMPI_Initialized(int* flag);
extern "C" int PMPI_Finalized(int* flag);

namespace contention_sg {
namespace {

/* Plain data: the report runs after the exit-time destructors of this
 * library (ld.so's fini is registered after our on_exit handler). */
struct Status {
  bool deadlock        = false;
  double deadlock_time = 0;
  unsigned killed      = 0; /* ranks that ended without MPI_Finalize */
  double killed_time   = 0; /* when the first of them ended */
  bool killed_first    = false; /* before any deadlock (not killed by its report) */
  char first[256]      = {}; /* "actor@host" of the first of them */
};
Status& status()
{
  static Status s;
  return s;
}

bool smpi_run()
{
  try {
    return simgrid::config::get_value<int>("smpi/np") > 0;
  } catch (const std::exception&) { /* not declared: an s4u simulator */
    return false;
  }
}

void on_actor_exit(bool failed)
{
  if (not failed)
    return;
  int init = 0;
  int fin  = 0;
  PMPI_Initialized(&init);
  PMPI_Finalized(&fin);
  if (init == 0 || fin != 0) /* not an MPI rank, or exit() after MPI_Finalize */
    return;
  Status& s = status();
  if (s.killed++ == 0) {
    std::snprintf(s.first, sizeof s.first, "%s@%s", simgrid::s4u::this_actor::get_cname(),
                  simgrid::s4u::this_actor::get_host()->get_cname());
    s.killed_time  = simgrid::s4u::Engine::get_clock();
    s.killed_first = not s.deadlock;
  }
}

/* glibc's on_exit() handler: unlike atexit(), it receives the status given
 * to exit(), so a status the program set itself is kept. */
void report_at_exit(int exit_status, void* /*arg*/)
{
  if (exit_status != 0)
    return;
  const Status& s = status();
  int code        = 0;
  /* A deadlock after ranks were killed (MPI_Abort leaves comms behind) is
   * a consequence: report the first cause. */
  if (s.killed > 0 && s.killed_first) {
    std::fprintf(stderr,
                 "contention: the simulation did not complete: %u rank(s) ended without MPI_Finalize (MPI_Abort, a "
                 "failed host or exit() before MPI_Finalize), the first %s at %.9g s; exit status 1\n",
                 s.killed, s.first, s.killed_time);
    code = 1;
  } else if (s.deadlock) {
    std::fprintf(stderr, "contention: the simulation deadlocked at %.9g s (SimGrid's report above); exit status 2\n",
                 s.deadlock_time);
    code = 2;
  }
  if (code != 0) {
    std::fflush(nullptr);
    _exit(code); /* smpimain would exit 0 */
  }
}

} // namespace

void run_status_watch()
{
  static bool watching = false;
  if (watching)
    return;
  watching = true;
  status(); /* constructed before on_exit() below: destroyed after the report */
  simgrid::s4u::Engine::on_deadlock_cb([] {
    status().deadlock      = true;
    status().deadlock_time = simgrid::s4u::Engine::get_clock();
  });
  simgrid::s4u::Actor::on_creation_cb([](simgrid::s4u::Actor& actor) {
    if (smpi_run())
      actor.on_exit(on_actor_exit);
  });
  ::on_exit(report_at_exit, nullptr);
}

} // namespace contention_sg
