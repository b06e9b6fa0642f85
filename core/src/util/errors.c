#include "contention/errors.h"

#include <stdarg.h>
#include <stdio.h>

void cg_error_set(cg_error *e, size_t comm, const char *sep, const char *fmt, ...)
{
  int w = 0;
  if (comm != CG_ERROR_NO_COMM)
    w = snprintf(e->msg, sizeof e->msg, "comm %zu%s", comm, sep);
  if (w < 0 || (size_t)w >= sizeof e->msg)
    w = 0;
  e->comm = comm;
  e->detail = (size_t)w;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->msg + w, sizeof e->msg - (size_t)w, fmt, ap);
  va_end(ap);
}

void cg_error_text(const cg_error *e, char *err, size_t errlen)
{
  if (errlen)
    snprintf(err, errlen, "%s", e->msg);
}
