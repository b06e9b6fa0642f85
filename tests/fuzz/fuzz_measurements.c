/* The CSV reader of contention-calibrate-p2p (tools/calibrate-p2p/
 * measurements.c), with 2 and 3 columns as the tool reads them. It takes a
 * path, so the input goes through an in-memory file (memfd). */
#define _GNU_SOURCE /* memfd_create */
#include <math.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "measurements.h"

static void read_as(const char *path, size_t columns)
{
  measurements m;
  char err[1024] = "";
  if (measurements_read(path, columns, "a,b,c", &m, err, sizeof err) == 0) {
    FUZZ_CHECK(m.rows >= 1 && m.columns == columns && m.v, "%zu rows", m.rows);
    for (size_t r = 0; r < m.rows; r++)
      for (size_t c = 0; c < columns; c++) {
        double v = m.v[r * columns + c];
        FUZZ_CHECK(isfinite(v) && v >= 0 && (c + 1 < columns || v > 0), "row %zu column %zu = %g", r, c, v);
      }
    measurements_free(&m);
  } else {
    fuzz_check_message(err, path);
    FUZZ_CHECK(m.v == NULL && m.rows == 0, "measurements not freed after an error");
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  int fd = memfd_create("fuzz.csv", 0);
  if (fd < 0 || write(fd, data, size) != (ssize_t)size)
    abort();
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  read_as(path, 2);
  read_as(path, 3);
  close(fd);
  return 0;
}
