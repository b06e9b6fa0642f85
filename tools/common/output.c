/* See output.h. */
#include "output.h"

#include <errno.h>
#include <string.h>

int tool_close_output(const char *prog, FILE *f, const char *name)
{
  int had_error = ferror(f);
  errno = 0;
  int e = 0;
  if (fflush(f) != 0)
    e = errno;
  if (!e && had_error)
    e = EIO; /* the failed write's errno is gone; stdio kept only the flag */
  if (fclose(f) != 0 && !e)
    e = errno ? errno : EIO;
  if (!e)
    return 0;
  fprintf(stderr, "%s: %s: write error: %s\n", prog, name ? name : "standard output", strerror(e));
  return -1;
}

const char *tool_cell(double v, int width, int decimals, int sign, char *buf, size_t len)
{
  for (int d = decimals; d >= 0; d--) { /* fewer decimals before the %g form */
    int n = snprintf(buf, len, sign ? "%+*.*f" : "%*.*f", width, d, v);
    if (n >= 0 && n <= width && (size_t)n < len)
      return buf;
  }
  snprintf(buf, len, sign ? "%+*.6g" : "%*.6g", width, v);
  return buf;
}
