/* Errors of the solvers, with the comm they are about as data: callers
 * name the comm their own way (file, line, id) without parsing the text. */
#ifndef CONTENTION_ERRORS_H
#define CONTENTION_ERRORS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* cg_error.comm of an error that is not about one comm. */
#define CG_ERROR_NO_COMM ((size_t)-1)

typedef struct cg_error {
  size_t comm;   /* index of the comm in the caller's array, or CG_ERROR_NO_COMM */
  size_t detail; /* msg + detail: the message without its "comm N " or "comm N: " */
  char msg[512]; /* one line, e.g. "comm 3 lives in 2 steps but has 1 given penalties" */
} cg_error;

/* Sets an error about no comm (comm == CG_ERROR_NO_COMM) or about comm `comm`:
 * msg becomes "comm N" + sep + the formatted text (sep is " " or ": "),
 * detail points after sep. */
void cg_error_set(cg_error *e, size_t comm, const char *sep, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Copies e->msg into err (of size errlen): the text form of the error. */
void cg_error_text(const cg_error *e, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
