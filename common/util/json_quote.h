/* A JSON string literal for the programs that print small JSON objects
 * without jansson (godtab-gen --list --json, godtab-group order --json). */
#ifndef GODTAB_JSON_QUOTE_H
#define GODTAB_JSON_QUOTE_H

#include <stdio.h>

/* Writes s to f as a JSON string, quotes included: '"' and '\' escaped,
 * control bytes as \u00XX; other bytes (UTF-8) as they are. */
static inline void gt_json_quote(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            putc(c, f);
    }
    putc('"', f);
}

#endif
