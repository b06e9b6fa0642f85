#include "contention/errors.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int cg_error_comm(const char *err, size_t *index, const char **rest)
{
  if (strncmp(err, "comm ", 5) != 0 || !isdigit((unsigned char)err[5]))
    return 0;
  char *end;
  unsigned long long i = strtoull(err + 5, &end, 10);
  if (*end != ' ' && *end != ':')
    return 0;
  *index = (size_t)i;
  *rest = end + 1 + (*end == ':' && end[1] == ' ');
  return 1;
}
