/* What the fuzz targets share: the input as a C string, and the checks of an
 * invariant, which abort so that libFuzzer (or the replay test) stops on the
 * input and reports it. Header-only so that a target stays one file. */
#ifndef GODTAB_FUZZ_UTIL_H
#define GODTAB_FUZZ_UTIL_H

#include "gt_error.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Aborts with the failed condition: a broken invariant is a finding like a
 * crash. */
#define FZ_CHECK(cond)                                                                       \
    do {                                                                                     \
        if (!(cond))                                                                         \
            fz_fail(__FILE__, __LINE__, #cond);                                              \
    } while (0)

static inline void fz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
    abort();
}

/* The input as a malloc'd NUL-terminated string, exactly size + 1 bytes, so
 * that reading past the NUL is an out-of-bounds read AddressSanitizer sees.
 * A NUL inside the input simply ends the text early. */
static inline char *fz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* Takes the first input byte as a selector (0 when the input is empty) and
 * advances past it. */
static inline unsigned fz_byte(const uint8_t **data, size_t *size)
{
    if (*size == 0)
        return 0;
    unsigned b = **data;
    (*data)++;
    (*size)--;
    return b;
}

/* 1 if the message is a NUL-terminated, non-empty string of its buffer. */
static inline int fz_message_ok(const char *msg, size_t cap)
{
    return memchr(msg, 0, cap) != NULL && msg[0] != 0;
}

/* The parse-error contract (gt_error.h): the bad token lies within the text
 * and a message names it. A one-byte token may sit on the final NUL: several
 * parsers point there for "the text ended too soon" (length 1 at offset 0 of
 * an empty text). */
static inline void fz_check_parse_error(const gt_parse_error *err, const char *text)
{
    size_t len = strlen(text);
    FZ_CHECK(err->offset >= 0 && err->length >= 0);
    FZ_CHECK((size_t)err->offset <= len && (size_t)err->length <= len + 1 - (size_t)err->offset);
    FZ_CHECK(fz_message_ok(err->message, sizeof err->message));
}

/* A parse error with every field out of range, so that a parser that
 * returns an error without filling it in fails fz_check_parse_error. */
static inline gt_parse_error fz_unset_error(void)
{
    gt_parse_error err;
    memset(&err, 0, sizeof err);
    err.offset = err.length = -1;
    return err;
}

#endif
