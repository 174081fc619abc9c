/* Appending formatted text to a fixed buffer, for the library's formatters
 * (nets, permutations, metadata), which report GT_ERR_RANGE instead of
 * truncating. */
#ifndef GODTAB_TEXTBUF_H
#define GODTAB_TEXTBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

static inline int gt_textbuf_vappend(char *buf, size_t cap, size_t *len, const char *fmt, va_list ap)
{
    int w = vsnprintf(buf + *len, cap > *len ? cap - *len : 0, fmt, ap);
    if (w < 0 || *len + (size_t)w >= cap)
        return -1;
    *len += (size_t)w;
    return 0;
}

/* Appends printf-style text at buf + *len (capacity cap, NUL-terminated).
 * Returns 0, or -1 (nothing counted past *len) if it does not fit. */
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
    int rc = cap > 0 ? gt_textbuf_vappend(buf, (size_t)cap, &used, fmt, ap) : -1;
    va_end(ap);
    *len = (int)used;
    return rc;
}

#endif
