/* A JSON string literal into a buffer, for the programs that print small
 * JSON objects without jansson (godtab-gen --list --json, godtab-group order
 * --json). The library never prints: the caller writes the buffer. */
#ifndef GODTAB_JSON_QUOTE_H
#define GODTAB_JSON_QUOTE_H

#include "textbuf.h"

#include <stddef.h>

/* Appends s as a JSON string, quotes included, at buf + *len (capacity cap,
 * NUL-terminated): '"' and '\' escaped, control bytes as \u00XX, other bytes
 * (UTF-8) as they are. Returns 0, or GT_ERR_RANGE if it does not fit (*len then
 * unchanged). */
static inline int gt_json_quote(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = *len;
    if (gt_textbuf_append(buf, cap, &n, "\"") != 0)
        return GT_ERR_RANGE;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        int rc = c == '"' || c == '\\' ? gt_textbuf_append(buf, cap, &n, "\\%c", c)
                 : c < 0x20            ? gt_textbuf_append(buf, cap, &n, "\\u%04x", c)
                                       : gt_textbuf_append(buf, cap, &n, "%c", c);
        if (rc != 0)
            return GT_ERR_RANGE;
    }
    if (gt_textbuf_append(buf, cap, &n, "\"") != 0)
        return GT_ERR_RANGE;
    *len = n;
    return 0;
}

#endif
