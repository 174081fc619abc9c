/* Appending formatted text to a fixed buffer, for the library's formatters
 * (nets, permutations, metadata), which report GT_ERR_RANGE instead of
 * truncating; and the text sink through which a report hands its lines to
 * the program that prints them (the library itself never prints). */
#ifndef GODTAB_TEXTBUF_H
#define GODTAB_TEXTBUF_H

#include "gt_error.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

static inline int gt_textbuf_vappend(char *buf, size_t cap, size_t *len, const char *fmt, va_list ap)
{
    int w = vsnprintf(buf + *len, cap > *len ? cap - *len : 0, fmt, ap);
    if (w < 0 || *len + (size_t)w >= cap)
        return GT_ERR_RANGE;
    *len += (size_t)w;
    return 0;
}

/* Appends printf-style text at buf + *len (capacity cap, NUL-terminated).
 * Returns 0, or GT_ERR_RANGE (nothing counted past *len) if it does not fit. */
static inline __attribute__((format(printf, 4, 5))) int gt_textbuf_append(char *buf, size_t cap, size_t *len,
                                                                           const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = gt_textbuf_vappend(buf, cap, len, fmt, ap);
    va_end(ap);
    return rc;
}

/* The same for callers that keep int lengths. */
static inline __attribute__((format(printf, 4, 5))) int gt_textbuf_appendi(char *buf, int cap, int *len,
                                                                            const char *fmt, ...)
{
    va_list ap;
    size_t used = *len < 0 ? 0 : (size_t)*len;
    va_start(ap, fmt);
    int rc = cap > 0 ? gt_textbuf_vappend(buf, (size_t)cap, &used, fmt, ap) : GT_ERR_RANGE;
    va_end(ap);
    *len = (int)used;
    return rc;
}

/* The appends above, for a function returning int that holds `buf`, `cap` and
 * a length `len` (size_t for GT_APPEND, int for GT_APPENDI): returns
 * GT_ERR_RANGE from the enclosing function when the text does not fit. */
#define GT_APPEND(...)                                                                             \
    do {                                                                                           \
        if (gt_textbuf_append(buf, cap, &len, __VA_ARGS__))                                        \
            return GT_ERR_RANGE;                                                                   \
    } while (0)
#define GT_APPENDI(...)                                                                            \
    do {                                                                                           \
        if (gt_textbuf_appendi(buf, cap, &len, __VA_ARGS__))                                       \
            return GT_ERR_RANGE;                                                                   \
    } while (0)

/* A text sink: write(user, text, length) takes text the library produced
 * (a report's lines); the program decides where it goes. */
typedef struct gt_out {
    void (*write)(void *user, const char *text, size_t length);
    void *user;
} gt_out;

/* printf-style text into a sink (long text is cut at 4 KiB a call). */
__attribute__((format(printf, 2, 3))) void gt_out_printf(const gt_out *out, const char *fmt, ...);

#ifdef __cplusplus
}
#endif

#endif
