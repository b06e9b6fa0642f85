/* contention-calibrate --fit: parses the options and the measured schemes,
 * runs the core's fit (contention/fit_params.h) and prints it. */
#ifndef CONTENTION_TOOLS_FIT_CLI_H
#define CONTENTION_TOOLS_FIT_CLI_H

#include <stdio.h>

/* The --fit part of the --help text. */
void fit_usage(FILE *out);
/* Runs the tool in --fit mode; returns the exit status (0 ok, 1 input or a
 * fit that fails, 2 usage). usage prints the whole --help text. */
int fit_main(const char *prog, int argc, char **argv, void (*usage)(FILE *));

#endif
