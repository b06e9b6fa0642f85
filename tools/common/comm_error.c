/* See comm_error.h. */
#include "comm_error.h"

#include <math.h>
#include <stdio.h>

void tool_print_comm_error(const char *prog, const scenario *sc, const cg_error *e)
{
  if (e->comm < sc->comm_count) {
    const scenario_comm *c = &sc->comms[e->comm];
    fprintf(stderr, "%s: %s:%d: comm '%s' %s\n", prog, sc->file, c->line, c->id, e->msg + e->detail);
  } else {
    fprintf(stderr, "%s: %s: %s\n", prog, sc->file, e->msg);
  }
}

int tool_check_rel_errors(const scenario *sc, const double *elapsed, cg_error *e)
{
  double sum = 0;
  for (size_t i = 0; i < sc->comm_count; i++) {
    double tm = sc->comms[i].measured;
    if (tm < 0) /* no 'measured' (the loader ensures > 0 when given) */
      continue;
    double rel = (elapsed[i] - tm) / tm * 100;
    sum += fabs(rel);
    if (!isfinite(rel)) {
      cg_error_set(e, i, " ",
                   "has a relative error (T_p - T_m) / T_m that overflows a double (T_p %g s, T_m %g s): "
                   "check its 'measured' time",
                   elapsed[i], tm);
      return -1;
    }
  }
  if (!isfinite(sum)) {
    cg_error_set(e, CG_ERROR_NO_COMM, "",
                 "the sum of the relative errors (T_p - T_m) / T_m overflows a double: check the 'measured' times");
    return -1;
  }
  return 0;
}
