#include "gt_error.h"

#include <stdarg.h>
#include <stdio.h>

const char *gt_strerror(int err)
{
    switch (err) {
    case GT_OK:            return "success";
    case GT_ERR_NOMEM:     return "out of memory";
    case GT_ERR_INVAL:     return "invalid argument";
    case GT_ERR_PARSE:     return "malformed input";
    case GT_ERR_ILLEGAL:   return "impossible state";
    case GT_ERR_NOTFOUND:  return "table not found";
    case GT_ERR_CORRUPT:   return "table corrupted";
    case GT_ERR_STORAGE:   return "storage error";
    case GT_ERR_MISMATCH:  return "distribution differs from the published one";
    case GT_ERR_VERSION:   return "unsupported table format version";
    case GT_ERR_RANGE:     return "buffer too small";
    case GT_ERR_TIMEOUT:   return "search limit reached";
    case GT_ERR_INTERRUPT: return "interrupted";
    default:               return "unknown error";
    }
}

int gt_exit_code(int err)
{
    switch (err) {
    case GT_OK:            return GT_EXIT_OK;
    case GT_ERR_INVAL:     return GT_EXIT_USAGE;
    case GT_ERR_PARSE:     return GT_EXIT_PARSE;
    case GT_ERR_ILLEGAL:   return GT_EXIT_ILLEGAL;
    case GT_ERR_NOTFOUND:  return GT_EXIT_NOTABLE;
    case GT_ERR_CORRUPT:
    case GT_ERR_VERSION:   return GT_EXIT_CORRUPT;
    case GT_ERR_STORAGE:   return GT_EXIT_STORAGE;
    case GT_ERR_MISMATCH:  return GT_EXIT_MISMATCH;
    case GT_ERR_TIMEOUT:   return GT_EXIT_TIMEOUT;
    default:               return GT_EXIT_INTERNAL;
    }
}

const char *gt_exit_kind(int code)
{
    static const char *const kinds[] = {"ok",      "usage",    "malformed", "impossible", "missing", "corrupt",
                                        "storage", "mismatch", "partial",   "internal",   "limit"};
    return code >= 0 && code <= GT_EXIT_TIMEOUT ? kinds[code] : "internal";
}

/* The one formatter behind every error detail (gt_error.h). */
int gt_error_vset(gt_error_detail *d, int code, int line, int column, const char *fmt, va_list ap)
{
    if (!d)
        return code;
    *d = (gt_error_detail){.code = code, .line = line, .column = column};
    if (vsnprintf(d->message, sizeof d->message, fmt, ap) < 0)
        d->message[0] = 0;
    return code;
}

int gt_error_set(gt_error_detail *d, int code, int line, int column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gt_error_vset(d, code, line, column, fmt, ap);
    va_end(ap);
    return code;
}
