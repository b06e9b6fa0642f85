/* See contention/quote.h. */
#include "contention/quote.h"

#include <stdio.h>
#include <string.h>

size_t cg_utf8_line_break(const char *p)
{
  const unsigned char *u = (const unsigned char *)p;
  if (u[0] == 0xC2 && u[1] >= 0x80 && u[1] <= 0x9F)
    return 2;
  if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xA8 || u[2] == 0xA9))
    return 3;
  return 0;
}

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
    } else if (cg_utf8_line_break(text + i)) { /* C1 controls, U+2028, U+2029 */
      unsigned cp = c == 0xC2 ? (unsigned char)text[i + 1] : 0x2000u | ((unsigned char)text[i + 2] & 0x3Fu);
      w += (size_t)snprintf(out + w, len - w, "\\u%04X", cp);
      i += c == 0xC2 ? 1 : 2;
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
