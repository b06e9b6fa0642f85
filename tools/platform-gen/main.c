/* contention-platform-gen: writes single-switch and hierarchical cluster
 * platforms for SimGrid 3.32 from a few figures (see --help and
 * doc/platforms.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "output.h"
#include "writer.h"
#include "version.h"

int main(int argc, char **argv)
{
  int version_rc = tool_version_option("contention-platform-gen", argc, argv);
  if (version_rc >= 0)
    return version_rc;
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
    char *shown = tool_display_name(o.output); /* one line, whatever the name holds */
    fprintf(stderr, "contention-platform-gen: --output: cannot write '%s': %s\n", shown, strerror(errno));
    free(shown);
    return 1;
  }
  /* A full disk shows at the flush or the close: tool_close_output checks
   * both and the stream's error flag. */
  pgen_write(out, &o, command);
  return tool_close_output("contention-platform-gen", out, o.output) != 0;
}
