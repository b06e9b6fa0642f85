#include "version.h"

#include <stdio.h>
#include <string.h>

#include "contention/version.h"
#include "output.h"

int tool_version_option(const char *prog, int argc, char **argv)
{
  for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], "--version") == 0) {
      /* The library's version, which is also the tool's: they are built together. */
      printf("%s (contention) %s\n", prog, cg_version());
#ifdef CONTENTION_SIMGRID_RELEASE
      printf("SimGrid plugin built for SimGrid %s\n", CONTENTION_SIMGRID_RELEASE);
#else
      printf("built without the SimGrid plugin\n");
#endif
      /* a failed write must not pass for success */
      return tool_close_output(prog, stdout, NULL) != 0;
    }
  return -1;
}
