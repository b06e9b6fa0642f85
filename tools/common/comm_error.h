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

#endif
