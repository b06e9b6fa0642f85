/* See output.h. */
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "contention/alloc.h"

char *tool_display_name(const char *name)
{
  char *out = cg_xmalloc(4 * strlen(name) + 1), *w = out; /* \xNN: 4 bytes per byte at most */
  for (const unsigned char *p = (const unsigned char *)name; *p; p++)
    if (*p == '\n' || *p == '\r' || *p == '\t') {
      *w++ = '\\';
      *w++ = *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't';
    } else if (*p < 0x20 || *p == 0x7F) {
      w += sprintf(w, "\\x%02X", *p);
    } else {
      *w++ = (char)*p;
    }
  *w = '\0';
  return out;
}

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
  char *shown = tool_display_name(name ? name : "standard output");
  fprintf(stderr, "%s: %s: write error: %s\n", prog, shown, strerror(e));
  free(shown);
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
