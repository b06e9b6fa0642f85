/* The exit status of an SMPI run that did not complete. SimGrid 3.32's
 * smpimain exits with status 0 after a deadlock and after MPI_Abort (the
 * ranks are killed, the simulation then ends normally), so scripts count
 * such runs as successes. With the plugin loaded (by the project's
 * launchers, whatever the network model), such a run ends with one line on
 * stderr saying what happened and exit status 2 (deadlock) or 1 (a rank was
 * killed before MPI_Finalize: MPI_Abort, a failed host, exit() in the
 * program before MPI_Finalize). */
#ifndef CONTENTION_SG_RUN_STATUS_HPP
#define CONTENTION_SG_RUN_STATUS_HPP

namespace contention_sg {

/* Starts watching; call once, from the library constructor. */
void run_status_watch();

} // namespace contention_sg
#endif
