/* See comm_error.h. */
#include "comm_error.h"

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
