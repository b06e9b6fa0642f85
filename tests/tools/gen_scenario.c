/* Writes large or hostile scenario files for the loader's tests, so the
 * repository does not carry them:
 *   gen_scenario distinct N FILE     N comms between 2N distinct hosts
 *   gen_scenario bad-line L FILE     valid comms, then one with size -1 on line L
 *   gen_scenario entity N FILE       a DOCTYPE entity referenced N times
 *   gen_scenario huge-attr N FILE    a comm whose id is N characters long
 *   gen_scenario hosts N FILE        N host declarations, then one comm
 *   gen_scenario star N FILE         N comms of 1000 B from s0 to d0..d(N-1)
 *   gen_scenario incast N FILE       N comms of 1000 B from s0..s(N-1) to d0
 *   gen_scenario comments N FILE     N comment lines of 17 bytes, then one comm
 * FILE "-" is standard output (tests pipe it into the tools). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  if (argc != 4) {
    fprintf(stderr, "usage: gen_scenario distinct|bad-line|entity|huge-attr|hosts|star|incast|comments N FILE\n");
    return 2;
  }
  char *end;
  long n = strtol(argv[2], &end, 10);
  if (*end || n < 2) {
    fprintf(stderr, "gen_scenario: N must be an integer >= 2, got '%s'\n", argv[2]);
    return 2;
  }
  FILE *f = strcmp(argv[3], "-") == 0 ? stdout : fopen(argv[3], "w");
  if (!f) {
    perror(argv[3]);
    return 1;
  }
  const char *mode = argv[1];
  if (strcmp(mode, "entity") == 0)
    fprintf(f, "<?xml version=\"1.0\"?>\n<!DOCTYPE scenario [<!ENTITY e \"1\">]>\n");
  fprintf(f, "<scenario bandwidth=\"1GBps\">\n"); /* line 1, or 3 with a DOCTYPE */
  if (strcmp(mode, "distinct") == 0) {
    for (long i = 0; i < n; i++)
      fprintf(f, "<comm id=\"c%ld\" src=\"s%ld\" dst=\"d%ld\" size=\"1000\"/>\n", i, i, i);
  } else if (strcmp(mode, "bad-line") == 0) {
    for (long line = 2; line < n; line++)
      fprintf(f, "<comm id=\"c%ld\" src=\"h%ld\" dst=\"h%ld\" size=\"1\"/>\n", line, line % 7, (line + 1) % 7);
    fprintf(f, "<comm id=\"bad\" src=\"x\" dst=\"y\" size=\"-1\"/>\n");
  } else if (strcmp(mode, "entity") == 0) {
    fprintf(f, "<comm id=\"a\" src=\"x\" dst=\"y\" size=\"");
    for (long i = 0; i < n; i++)
      fputs("&e;", f);
    fprintf(f, "\"/>\n");
  } else if (strcmp(mode, "huge-attr") == 0) {
    fprintf(f, "<comm id=\"");
    for (long i = 0; i < n; i++)
      fputc('x', f);
    fprintf(f, "\" src=\"x\" dst=\"y\" size=\"1\"/>\n");
  } else if (strcmp(mode, "hosts") == 0) {
    for (long i = 0; i < n; i++)
      fprintf(f, "<host id=\"h%ld\" rack=\"r\"/>\n", i);
    fprintf(f, "<comm id=\"a\" src=\"h0\" dst=\"h1\" size=\"1\"/>\n");
  } else if (strcmp(mode, "comments") == 0) {
    for (long i = 0; i < n; i++)
      fputs("<!-- comment -->\n", f);
    fprintf(f, "<comm id=\"a\" src=\"h0\" dst=\"h1\" size=\"1\"/>\n");
  } else if (strcmp(mode, "star") == 0 || strcmp(mode, "incast") == 0) {
    int star = mode[0] == 's';
    for (long i = 0; i < n; i++)
      fprintf(f, "<comm id=\"c%ld\" src=\"s%ld\" dst=\"d%ld\" size=\"1000\"/>\n", i, star ? 0 : i, star ? i : 0);
  } else {
    fprintf(stderr, "gen_scenario: unknown mode '%s' (accepted: distinct, bad-line, entity, huge-attr, hosts, star, "
            "incast, comments)\n",
            mode);
    fclose(f);
    return 2;
  }
  fprintf(f, "</scenario>\n");
  if (fclose(f) != 0) {
    perror(argv[3]);
    return 1;
  }
  return 0;
}
