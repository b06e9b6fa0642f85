/* See contention/quote.h. */
#include "contention/quote.h"

#include <stdio.h>
#include <string.h>

const char *cg_quote(const char *text, char *out, size_t len)
{
  if (len == 0)
    return out;
  size_t n = strlen(text), keep = n;
  if (keep > CG_QUOTE_KEEP) {
    keep = CG_QUOTE_KEEP;
    while (keep > 0 && ((unsigned char)text[keep] & 0xC0) == 0x80)
      keep--; /* do not split a UTF-8 sequence */
  }
  size_t w = 0;
  for (size_t i = 0; i < keep && w + 5 < len; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c == '\n' || c == '\r' || c == '\t') {
      out[w++] = '\\';
      out[w++] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
    } else if (c < 0x20 || c == 0x7F) {
      w += (size_t)snprintf(out + w, len - w, "\\x%02X", c);
    } else {
      out[w++] = (char)c;
    }
  }
  if (keep < n && w + 4 <= len) {
    memcpy(out + w, "...", 3);
    w += 3;
  }
  out[w < len ? w : len - 1] = '\0';
  return out;
}
