/* A solver's error (cg_error) about a scenario, printed on stderr with the
 * comm it is about named as the user wrote it: file, line and id. */
#ifndef CONTENTION_TOOLS_COMM_ERROR_H
#define CONTENTION_TOOLS_COMM_ERROR_H

#include "contention/errors.h"
#include "scenario.h"

/* Prints one line:
 *   PROG: FILE:LINE: comm 'ID' DETAIL   when e is about comm ID of sc,
 *   PROG: FILE: MESSAGE                 otherwise. */
void tool_print_comm_error(const char *prog, const scenario *sc, const cg_error *e);

/* The relative errors 100 x (T_p - T_m) / T_m of the comms with a
 * 'measured' time T_m (elapsed[i] is comm i's predicted time T_p) and the
 * sum of their magnitudes must be finite: a T_m of 1e-300 s beside a T_p
 * of 1 s printed "+inf%". Returns 0, or -1 with e about the first comm
 * whose error overflows (or about no comm when only the sum does). */
int tool_check_rel_errors(const scenario *sc, const double *elapsed, cg_error *e);

#endif
