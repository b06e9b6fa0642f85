/* contention-platform-gen: writes single-switch and hierarchical cluster
 * platforms for SimGrid 3.32 from a few figures (see --help and
 * doc/platforms.md). */
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "writer.h"
#include "version.h"

int main(int argc, char **argv)
{
  if (tool_version_option("contention-platform-gen", argc, argv))
    return 0;
  pgen_options o;
  int rc = pgen_parse(argc, argv, &o);
  if (rc >= 0)
    return rc;
  /* The options go into the header so a file says how to rebuild it. An
   * XML comment cannot hold "--", so "--key value" is written "key=value". */
  char command[4096] = "contention-platform-gen with these options (key=value stands for the long option key):\n   ";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--comment") == 0 || strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0)
      continue;
    size_t len = strlen(command);
    snprintf(command + len, sizeof command - len, " %s=%s", argv[i] + 2, argv[i + 1]);
  }
  FILE *out = o.output ? fopen(o.output, "w") : stdout;
  if (!out) {
    fprintf(stderr, "contention-platform-gen: --output: cannot write '%s'\n", o.output);
    return 1;
  }
  int bad = pgen_write(out, &o, command) != 0;
  if (o.output && fclose(out) != 0)
    bad = 1;
  if (bad) {
    fprintf(stderr, "contention-platform-gen: write error on '%s'\n", o.output ? o.output : "stdout");
    return 1;
  }
  return 0;
}
