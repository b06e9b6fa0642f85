/* The `--cfg=loggps/...` options of network/model:loggps: declared at
 * plugin load (listed by --help with types and units), checked as they are
 * set (a bad value: one line naming the option, exit status 1). */
#ifndef CONTENTION_SG_LOGGPS_OPTIONS_HPP
#define CONTENTION_SG_LOGGPS_OPTIONS_HPP

#include <contention/loggps.h>

#include <string>

namespace contention_sg {

/* The LogGPS parameters as known at model init, before any route. */
struct LoggpsSetup {
  cg_loggps m;                           /* every value known so far */
  unsigned fixed;                        /* parameters that no route changes (bit per index) */
  bool multi_port;                       /* loggps/ports:multi */
  std::string source[CG_LOGGPS_NPARAMS]; /* where each value comes from, for the log */
};

/* Declares loggps/L, o, Os, Or, g, G, s, S (empty: derived), loggps/ports
 * and loggps/params. Idempotent. */
void loggps_declare_options();

/* The parameters, by priority: a loggps/NAME option; the loggps/params
 * file; SMPI's own options (o, Os, Or from smpi/os and smpi/or, S from
 * smpi/send-is-detached-thresh); L, g, G from each route (not fixed). Run
 * in the model init, before the model overrides the smpi options. Exits
 * with status 1 and one line on an invalid result. */
LoggpsSetup loggps_setup();

} // namespace contention_sg
#endif
