/* Measurement files of contention-calibrate-p2p: CSV with a fixed number
 * of numeric columns, an optional header line (the first non-comment line,
 * when none of its fields is a number; it must have as many columns),
 * '#' comments and blank lines. */
#ifndef CALIBRATE_P2P_MEASUREMENTS_H
#define CALIBRATE_P2P_MEASUREMENTS_H

#include <stddef.h>

typedef struct measurements {
  size_t rows, columns;
  double *v;  /* rows * columns values, row-major */
  int *lines; /* the file line of each row, for messages */
} measurements;

/* Largest size accepted in a column named "size": 2^53 bytes, past which
 * byte counts are no longer exact and a fit may overflow to infinity. */
#define MEASUREMENTS_MAX_SIZE 9007199254740992.0

/* Lines of one file: a benchmark sweep has thousands; an endless stream
 * (a pipe of comments) stops with an error instead of reading forever. */
#define MEASUREMENTS_MAX_LINES 10000000

/* Reads `path` with exactly `columns` columns, all finite and >= 0 (the
 * last, a duration, > 0), the column named "size" in `header` at most
 * MEASUREMENTS_MAX_SIZE. `header` names the columns, comma-separated
 * ("size,duration"): a header line must name the same columns, in that
 * order (case and spaces aside). `path` "-" is standard input, named
 * "standard input" in messages. Returns 0, or -1 with "FILE:LINE: ..." in
 * err. */
int measurements_read(const char *path, size_t columns, const char *header, measurements *m, char *err,
                      size_t errlen);
void measurements_free(measurements *m);
/* The name of `path` in messages, to free: "standard input" for "-", else
 * tool_display_name(path). */
char *measurements_display_name(const char *path);

#endif
