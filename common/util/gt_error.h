/* godtab error codes. Every library call returns int: 0 on success, one of the
 * negative codes below on failure; gt_strerror() names them. The programs map
 * them to exit codes with gt_exit_code() (docs/exit-codes.md). */
#ifndef GODTAB_ERROR_H
#define GODTAB_ERROR_H

#include "gt_api.h"

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

/* A static, human-readable name for an error code (never NULL). */
GT_API const char *gt_strerror(int err);

/* The documented process exit code for an error code (0 for GT_OK). */
GT_API int gt_exit_code(int err);

/* Where and why parsing failed: byte offset of the bad token in the text, its
 * length, and a one-line message naming it. Every parser fills one. */
typedef struct gt_parse_error {
    int offset, length;
    char message[160];
} gt_parse_error;

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
