/* Measurement files of contention-calibrate-p2p: CSV with a fixed number
 * of numeric columns, an optional header line (the first non-comment line,
 * when none of its fields is a number; it must have as many columns),
 * '#' comments and blank lines. */
#ifndef CALIBRATE_P2P_MEASUREMENTS_H
#define CALIBRATE_P2P_MEASUREMENTS_H

#include <stddef.h>

typedef struct measurements {
  size_t rows, columns;
  double *v; /* rows * columns values, row-major */
} measurements;

/* Reads `path` with exactly `columns` columns, all finite and >= 0 (the
 * last, a duration, > 0). Returns 0, or -1 with "FILE:LINE: ..." in err. */
int measurements_read(const char *path, size_t columns, const char *header, measurements *m, char *err,
                      size_t errlen);
void measurements_free(measurements *m);

#endif
