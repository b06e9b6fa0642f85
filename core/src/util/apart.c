/* See contention/apart.h. */
#include "contention/apart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cg_format_apart(double v, double ref, char *vtext, char *rtext, size_t len)
{
  snprintf(rtext, len, "%g", ref);
  snprintf(vtext, len, "%g", v);
  if (strcmp(vtext, rtext) != 0)
    return;
  for (int digits = 7; digits <= 17; digits++) { /* 17 digits always give v back */
    snprintf(vtext, len, "%.*g", digits, v);
    if (strtod(vtext, NULL) == v)
      return;
  }
}
