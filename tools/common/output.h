/* Checked output for every tool: a write that fails (full disk, closed
 * pipe, I/O error) must not end in exit status 0.
 *
 * Usage, once everything is written (stdout or a file opened with fopen):
 *
 *     if (tool_close_output(PROG, stdout, NULL) != 0)
 *       status = 1;
 *     if (tool_close_output(PROG, out, "out.xml") != 0)
 *       status = 1;
 *
 * stdio reports a failed write only through the stream's error flag and
 * the result of fflush/fclose, so checking printf's return value alone
 * misses buffered data. */
#ifndef CONTENTION_TOOLS_OUTPUT_H
#define CONTENTION_TOOLS_OUTPUT_H

#include <stdio.h>

/* Flushes and closes `f` (stdout included: call it last) and checks the
 * stream's error flag. `name` is the file's path, or NULL for standard
 * output. Returns 0, or -1 after printing one line on stderr:
 *   PROG: NAME: write error: <strerror>
 * (NAME "standard output" when name is NULL). */
int tool_close_output(const char *prog, FILE *f, const char *name);

/* `name` (a file's path) as messages and tables show it: whole, with each
 * control character written \n, \r, \t or \xNN, so that a name holding
 * a newline keeps an error message on one line. Returns a malloc'd copy
 * (never NULL; the caller frees it). */
char *tool_display_name(const char *name);

/* A table cell: `v` right-aligned in `width` columns with `decimals`
 * decimals (and a + sign if `sign`); with fewer decimals when that is
 * wider than the column, and in %g form (6 significant digits) when even
 * none fit (a time near 1e308 is not a 300-digit cell). Writes into buf
 * (of size len, 64 is enough) and returns it. */
const char *tool_cell(double v, int width, int decimals, int sign, char *buf, size_t len);

#endif
