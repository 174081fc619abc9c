/* godtab error codes. Every library call returns int: 0 on success, one of the
 * negative codes below on failure; gt_strerror() names them. The programs map
 * them to exit codes with gt_exit_code() (docs/exit-codes.md). */
#ifndef GODTAB_ERROR_H
#define GODTAB_ERROR_H

#include "gt_api.h"
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GT_OK            =   0,
    GT_ERR_NOMEM     =  -1,  /* allocation failed */
    GT_ERR_INVAL     =  -2,  /* a bad argument from the calling program */
    GT_ERR_PARSE     =  -3,  /* malformed input text (unknown token, wrong length, bad character) */
    GT_ERR_ILLEGAL   =  -4,  /* well-formed input describing an impossible / unreachable state */
    GT_ERR_NOTFOUND  =  -5,  /* the table (or key) is not in the database */
    GT_ERR_CORRUPT   =  -6,  /* stored data fails its checksum, format or consistency checks */
    GT_ERR_STORAGE   =  -7,  /* LMDB / file system failure: disk full, permissions, I/O */
    GT_ERR_MISMATCH  =  -8,  /* a computed distribution differs from the published one */
    GT_ERR_VERSION   =  -9,  /* stored table written by an incompatible format version */
    GT_ERR_RANGE     = -10,  /* a caller's buffer is too small */
    GT_ERR_TIMEOUT   = -11,  /* a search stopped at its time or depth limit */
    GT_ERR_INTERRUPT = -12,  /* stopped by the caller (signal / cancel flag) */
};

/* Not an error code: what a lookup returning an index or a value (a move, a
 * generator, a facelet, a residue) gives when there is none. It equals -1
 * (GT_ERR_NOMEM's value), so such functions never return error codes. */
#define GT_NONE (-1)

/* A static, human-readable name for an error code (never NULL). */
GT_API const char *gt_strerror(int err);

/* The documented process exit code for an error code (0 for GT_OK). */
GT_API int gt_exit_code(int err);

/* What went wrong, where: the one error detail of the library. Parsers,
 * definition loaders and the store fill one next to the code they return.
 * line and column are 1-based (0 when the error belongs to no line, as in a
 * one-line query); offset and length locate the bad token as bytes of a
 * one-line text (0 when unused); message is one line naming the cause. */
#define GT_ERROR_MESSAGE_MAX 256
typedef struct gt_error_detail {
    int code;            /* the GT_ERR_* code returned with this detail */
    int line, column;
    int offset, length;
    char message[GT_ERROR_MESSAGE_MAX];
} gt_error_detail;

/* Fills d (if not NULL): code, line, column, and the printf-style message,
 * cut to fit (always NUL-terminated); offset and length are reset to 0.
 * Returns code, so a failing function can `return gt_error_set(...)`. */
__attribute__((format(printf, 5, 6))) int gt_error_set(gt_error_detail *d, int code, int line, int column,
                                                       const char *fmt, ...);

/* The same with a va_list, for wrappers that add their own position. */
int gt_error_vset(gt_error_detail *d, int code, int line, int column, const char *fmt, va_list ap);

/* The former names of the detail (a query parser's, a definition's). */
typedef gt_error_detail gt_parse_error;

/* Exit codes shared by all godtab programs (docs/exit-codes.md). */
enum {
    GT_EXIT_OK       = 0,
    GT_EXIT_USAGE    = 1,   /* bad command line */
    GT_EXIT_PARSE    = 2,   /* malformed input */
    GT_EXIT_ILLEGAL  = 3,   /* impossible / illegal state */
    GT_EXIT_NOTABLE  = 4,   /* table missing: build it with godtab-gen */
    GT_EXIT_CORRUPT  = 5,   /* table corrupted */
    GT_EXIT_STORAGE  = 6,   /* storage error (disk full, permissions, LMDB) */
    GT_EXIT_MISMATCH = 7,   /* verification failed: distribution differs */
    GT_EXIT_PARTIAL  = 8,   /* batch mode: some lines failed, the others were answered */
    GT_EXIT_INTERNAL = 9,   /* out of memory or internal error */
    GT_EXIT_TIMEOUT  = 10,  /* search stopped by --timeout / --max-depth without an answer */
};

/* The one-word kind of an exit code, for error objects in JSON:
 * "ok", "usage", "malformed", "impossible", "missing", "corrupt", "storage",
 * "mismatch", "partial", "internal", "limit" (exit codes 0..10 in order). */
GT_API const char *gt_exit_kind(int code);

#ifdef __cplusplus
}
#endif

#endif
