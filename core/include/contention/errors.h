/* Error messages of the solvers that concern one comm start with
 * "comm N " (N = its index in the caller's array), so callers can name the
 * comm their own way (file, line, id). */
#ifndef CONTENTION_ERRORS_H
#define CONTENTION_ERRORS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* If err is about one comm, stores its index and the rest of the message
 * (after "comm N ") and returns 1; else returns 0. */
int cg_error_comm(const char *err, size_t *index, const char **rest);

#ifdef __cplusplus
}
#endif
#endif
