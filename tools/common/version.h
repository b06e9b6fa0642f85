/* --version, the same for every tool: one call at the top of main. */
#ifndef CONTENTION_TOOLS_VERSION_H
#define CONTENTION_TOOLS_VERSION_H

/* When an argument before "--" is exactly "--version", prints
 * "PROG (contention) VERSION" on stdout and returns the tool's exit status:
 * 0, or 1 after the error line of a failed write (a full disk, a closed
 * stdout). Otherwise returns -1 and prints nothing. */
int tool_version_option(const char *prog, int argc, char **argv);

#endif
