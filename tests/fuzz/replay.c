/* main() of the harnesses when libFuzzer is not linked in (gcc builds, the
 * ASan CI run): runs LLVMFuzzerTestOneInput on every file named on the
 * command line, so the seed corpus and the saved regressions are replayed
 * as an ordinary test. Arguments starting with '-' (libFuzzer flags) are
 * ignored. */
#include "fuzz.h"

int main(int argc, char **argv)
{
  int ran = 0;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-')
      continue;
    FILE *f = fopen(argv[i], "rb");
    if (!f) {
      perror(argv[i]);
      return 1;
    }
    size_t cap = 1 << 16, len = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
      len += got;
      if (len == cap)
        buf = realloc(buf, cap *= 2);
    }
    if (!buf || ferror(f)) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      return 1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    ran++;
  }
  printf("replay: %d inputs, no invariant broken\n", ran);
  return ran == 0;
}
