/* Command-line handling shared by the scenario tools: --format,
 * --technology, --param, --list-technologies, --help, tool-specific flags
 * and one scenario file. */
#ifndef CONTENTION_TOOLS_CLI_H
#define CONTENTION_TOOLS_CLI_H

#include <stdio.h>

#include "contention/technology.h"

typedef struct cli_flag {
  const char *name; /* e.g. "--steps" */
  int *value;       /* set to 1 when given */
} cli_flag;

typedef struct cli_options {
  const char *file;
  int csv;
  const cg_tech *tech;
  double *params; /* tech->param_count values */
} cli_options;

/* Parses argv. Returns -1 when the tool should go on, else the exit status
 * to return (0 after --help/--list-technologies, 1 if writing that text
 * failed (stdout is then closed), 2 after a usage error, which is printed
 * with the accepted values). */
int cli_parse(const char *prog, int argc, char **argv, const cli_flag *flags, cli_options *o,
              void (*usage)(FILE *));
void cli_free(cli_options *o);

#endif
