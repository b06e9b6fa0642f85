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
   * XML comment cannot hold "--", so "--key value" is written "key=value".
   * Sized for the options: a fixed buffer cut them at 4096 characters (a
   * long --id, a --nodes list of many cabinets), and the header then
   * described another platform. */
  static const char intro[] = "contention-platform-gen with these options (key=value stands for the long option key):\n   ";
  size_t size = sizeof intro;
  for (int i = 1; i + 1 < argc; i += 2)
    size += strlen(argv[i]) + strlen(argv[i + 1]) + 2;
  char *command = malloc(size);
  if (!command) {
    fprintf(stderr, "contention-platform-gen: out of memory for the options of the header\n");
    return 1;
  }
  char *end = command + sprintf(command, "%s", intro);
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--comment") == 0 || strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0)
      continue;
    end += sprintf(end, " %s=%s", argv[i] + 2, argv[i + 1]);
  }
  FILE *out = o.output ? fopen(o.output, "w") : stdout;
  if (!out) {
    char *shown = tool_display_name(o.output); /* one line, whatever the name holds */
    fprintf(stderr, "contention-platform-gen: --output: cannot write '%s': %s\n", shown, strerror(errno));
    free(shown);
    free(command);
    return 1;
  }
  /* A full disk shows at the flush or the close: tool_close_output checks
   * both and the stream's error flag. */
  pgen_write(out, &o, command);
  free(command);
  return tool_close_output("contention-platform-gen", out, o.output) != 0;
}
