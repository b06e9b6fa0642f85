/* User text inside error messages: a message is one line, so the text
 * quoted in it must not break it (a value can hold a newline, e.g. through
 * XML's "&#10;") nor drown it (an attribute can be megabytes long). */
#ifndef CONTENTION_QUOTE_H
#define CONTENTION_QUOTE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of `text` kept by cg_quote; longer text is cut and ends in "...". */
enum { CG_QUOTE_KEEP = 64 };
/* A buffer this large always holds the result. */
enum { CG_QUOTE_SIZE = 4 * CG_QUOTE_KEEP + 8 };

/* Length in bytes (2 or 3) of the UTF-8 character at p if it is a C1
 * control (U+0080..U+009F, NEL among them) or U+2028 / U+2029, which
 * Unicode line splitters (Python's str.splitlines) take as line breaks;
 * else 0. */
size_t cg_utf8_line_break(const char *p);

/* Writes `text` into out (of size len) with control characters shown as
 * \n, \r, \t or \xNN (C1 controls and U+2028, U+2029 as \uXXXX) and at
 * most CG_QUOTE_KEEP bytes kept (cut at a UTF-8 character boundary).
 * Returns out. */
const char *cg_quote(const char *text, char *out, size_t len);

#ifdef __cplusplus
}
#endif
#endif
