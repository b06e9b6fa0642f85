/* Command-line handling shared by the scenario tools: --format,
 * --technology, --param, --list-technologies, --help, tool-specific flags
 * and the scenario file(s). */
#ifndef CONTENTION_TOOLS_CLI_H
#define CONTENTION_TOOLS_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "contention/technology.h"

typedef struct cli_flag {
  const char *name; /* e.g. "--steps" */
  int *value;       /* set to 1 when given */
} cli_flag;

/* What a tool accepts besides the common options. */
typedef struct cli_spec {
  const cli_flag *flags; /* tool-specific flags, ended by {NULL, NULL}; may be NULL */
  void (*usage)(FILE *); /* the --help text */
  int many_files;        /* several scenario files instead of exactly one */
  int tech_all;          /* --technology also takes "all", the default: tech NULL
                            (then --param is refused: it needs one technology) */
} cli_spec;

typedef struct cli_options {
  const char **files; /* the scenario files, in order */
  size_t nfiles;      /* exactly 1 unless many_files */
  const char *file;   /* files[0] */
  int csv;
  const cg_tech *tech; /* cg_tech_default() unless --technology; NULL = all (tech_all) */
  double *params;      /* tech->param_count values; NULL when tech is NULL */
  int rules_given;     /* --technology or --param given: a tool that will not use
                          the rules for its input says so */
} cli_options;

/* Parses argv. Returns -1 when the tool should go on (then cli_free(o)
 * after use), else the exit status to return (0 after
 * --help/--list-technologies, 1 if writing that text failed (stdout is then
 * closed), 2 after a usage error, which is printed with the accepted
 * values). */
int cli_parse(const char *prog, int argc, char **argv, const cli_spec *spec, cli_options *o);
void cli_free(cli_options *o);
/* --list-technologies: every technology and its parameters, to stdout. */
void cli_list_technologies(void);

#endif
