/* check_csv REL_TOL KEY=VALUE... -- COMMAND [ARGS...]
 * Runs COMMAND, reads its CSV output and checks, for each KEY=VALUE, that
 * the last column of the row whose first field is KEY equals VALUE within
 * the relative tolerance. Also checks the command exits with 0. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define MAX_ROWS 4096

int main(int argc, char **argv)
{
  if (argc < 4) {
    fprintf(stderr, "usage: check_csv REL_TOL KEY=VALUE... -- COMMAND [ARGS...]\n");
    return 2;
  }
  double tol = atof(argv[1]);
  int sep = 2;
  while (sep < argc && strcmp(argv[sep], "--") != 0)
    sep++;
  char cmd[8192] = "";
  for (int i = sep + 1; i < argc; i++) {
    strncat(cmd, "'", sizeof cmd - strlen(cmd) - 1);
    strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
    strncat(cmd, "' ", sizeof cmd - strlen(cmd) - 1);
  }
  FILE *p = popen(cmd, "r");
  if (!p) {
    perror("popen");
    return 2;
  }
  static char keys[MAX_ROWS][128];
  static double vals[MAX_ROWS];
  int nrows = 0;
  char line[4096];
  while (fgets(line, sizeof line, p) && nrows < MAX_ROWS) {
    line[strcspn(line, "\r\n")] = '\0';
    char *comma = strchr(line, ',');
    char *last = strrchr(line, ',');
    if (!comma)
      continue;
    *comma = '\0';
    snprintf(keys[nrows], sizeof keys[nrows], "%.127s", line);
    vals[nrows++] = atof(last + 1);
  }
  int status = pclose(p);
  int fails = 0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "command exited with status %d: %s\n", WEXITSTATUS(status), cmd);
    fails++;
  }
  for (int i = 2; i < sep; i++) {
    char key[128];
    const char *eq = strrchr(argv[i], '=');
    if (!eq) {
      fprintf(stderr, "bad expectation '%s'\n", argv[i]);
      return 2;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - argv[i]), argv[i]);
    double want = atof(eq + 1);
    int found = 0;
    for (int r = 0; r < nrows; r++) {
      if (strcmp(keys[r], key) != 0)
        continue;
      found = 1;
      if (!(fabs(vals[r] - want) <= tol * fabs(want))) {
        fprintf(stderr, "row %s: got %.10g, want %.10g (rel tol %g)\n", key, vals[r], want, tol);
        fails++;
      }
    }
    if (!found) {
      fprintf(stderr, "no row '%s' in the output\n", key);
      fails++;
    }
  }
  if (fails)
    fprintf(stderr, "%d check(s) failed for: %s\n", fails, cmd);
  return fails ? 1 : 0;
}
