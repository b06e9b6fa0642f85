/* --version, the same for every tool: one call at the top of main. */
#ifndef CONTENTION_TOOLS_VERSION_H
#define CONTENTION_TOOLS_VERSION_H

/* When an argument before "--" is exactly "--version", prints
 * "PROG (contention) VERSION" on stdout and returns 1 (the tool then exits
 * with status 0); otherwise returns 0 and prints nothing. */
int tool_version_option(const char *prog, int argc, char **argv);

#endif
