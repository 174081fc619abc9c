/* The puzzle definition parser (format in puzdef.h and docs/groups.md). */
#include "puzdef.h"
#include "alloc.h"
#include "gt_error.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A position in the text, so every error can name its line and column. */
typedef struct cursor {
    const char *p;
    const char *line_start;
    int line;
} cursor;

static int column_of(const cursor *c, const char *at) { return (int)(at - c->line_start) + 1; }

static int fail_at(gt_puzdef_error *err, const cursor *c, const char *at, const char *fmt, ...)
{
    if (err) {
        err->line = c->line;
        err->column = column_of(c, at);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return GT_ERR_PARSE;
}

static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }
static int at_line_end(const char *p) { return *p == 0 || *p == '\n' || *p == '#'; }

static void skip_blanks(cursor *c)
{
    while (is_blank(*c->p))
        c->p++;
}

/* Reads a decimal point number in 1..n at c->p. */
static int read_point(cursor *c, int n, int *value, gt_puzdef_error *err)
{
    const char *start = c->p;
    long v = 0;
    if (!isdigit((unsigned char)*c->p))
        return fail_at(err, c, start, "expected a point number, found '%.1s'", *start ? start : "end");
    while (isdigit((unsigned char)*c->p)) {
        if (v < 1000000)
            v = v * 10 + (*c->p - '0');
        c->p++;
    }
    if (v < 1 || v > n)
        return fail_at(err, c, start, "point %.*s is out of range 1..%d", (int)(c->p - start > 24 ? 24 : c->p - start),
                       start, n);
    *value = (int)v - 1;
    return GT_OK;
}

/* Parses cycles "(a,b,c)(d,e)" up to the end of the line into perm, which
 * must start as the identity; seen[] marks the points used so far (shared
 * across continuation lines) and *cycles counts the cycles read. */
static int parse_cycles(cursor *c, int n, gt_point *perm, unsigned char *seen, int *cycles,
                        gt_puzdef_error *err)
{
    int pts[GT_PERM_MAX_DEGREE];
    for (;;) {
        skip_blanks(c);
        if (at_line_end(c->p))
            return GT_OK;
        if (*c->p == ')')
            return fail_at(err, c, c->p, "unbalanced parentheses: ')' without a matching '('");
        if (*c->p != '(')
            return fail_at(err, c, c->p, "expected '(' to start a cycle, found '%c'", *c->p);
        const char *open = c->p++;
        int len = 0;
        for (;;) {
            skip_blanks(c);
            if (at_line_end(c->p))
                return fail_at(err, c, open, "unbalanced parentheses: '(' is never closed");
            if (*c->p == ')') {
                c->p++;
                break;
            }
            if (len > 0 && *c->p == ',') {
                c->p++;
                skip_blanks(c);
            }
            if (*c->p == '(')
                return fail_at(err, c, c->p, "unbalanced parentheses: '(' inside a cycle");
            if (at_line_end(c->p))
                return fail_at(err, c, open, "unbalanced parentheses: '(' is never closed");
            const char *at = c->p;
            int v;
            int rc = read_point(c, n, &v, err);
            if (rc < 0)
                return rc;
            if (seen[v])
                return fail_at(err, c, at, "point %d appears twice in one permutation", v + 1);
            seen[v] = 1;
            pts[len++] = v;
        }
        for (int k = 0; k < len; k++)
            perm[pts[k]] = (gt_point)pts[(k + 1) % len];
        (*cycles)++;
    }
}

void gt_puzdef_free(gt_puzdef *def)
{
    if (!def)
        return;
    free(def->gens);
    free(def);
}

int gt_puzdef_find(const gt_puzdef *def, const char *name, int len)
{
    for (int k = 0; k < def->ngens; k++)
        if ((int)strlen(def->names[k]) == len && memcmp(def->names[k], name, (size_t)len) == 0)
            return k;
    return -1;
}

void gt_puzdef_gen_ptrs(const gt_puzdef *def, const gt_point **ptrs)
{
    for (int k = 0; k < def->ngens; k++)
        ptrs[k] = def->gens + (size_t)k * def->degree;
}

static int is_name_char(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

/* Directive keywords are matched as whole words. */
static int keyword(cursor *c, const char *word)
{
    size_t len = strlen(word);
    if (strncmp(c->p, word, len) == 0 && !is_name_char(c->p[len])) {
        c->p += len;
        return 1;
    }
    return 0;
}

static void next_line(cursor *c)
{
    while (*c->p && *c->p != '\n')
        c->p++;
    if (*c->p == '\n') {
        c->p++;
        c->line++;
        c->line_start = c->p;
    }
}

/* After a complete statement only blanks or a comment may follow. */
static int expect_line_end(cursor *c, gt_puzdef_error *err)
{
    skip_blanks(c);
    if (!at_line_end(c->p))
        return fail_at(err, c, c->p, "unexpected '%c' after the end of the statement", *c->p);
    return GT_OK;
}

int gt_puzdef_parse(const char *text, gt_puzdef **out, gt_puzdef_error *err)
{
    int rc = GT_ERR_NOMEM;
    gt_puzdef *def = calloc(1, sizeof *def);
    unsigned char *seen = NULL;
    if (!def)
        goto out;
    cursor c = {text, text, 1};
    int current = -1; /* the generator a '(' continuation line belongs to */
    int cycles = 0;
    cursor eq = c; /* just after the current generator's '=', for "no cycles" */
    for (; *c.p; next_line(&c)) {
        skip_blanks(&c);
        if (at_line_end(c.p))
            continue;
        if (*c.p == '(') {
            if (current < 0) {
                rc = fail_at(err, &c, c.p, "a cycle outside any generator (write NAME = (...) first)");
                goto fail_def;
            }
            if ((rc = parse_cycles(&c, def->degree, def->gens + (size_t)current * def->degree, seen,
                                   &cycles, err)) < 0)
                goto fail_def;
            continue;
        }
        if (current >= 0 && cycles == 0) {
            rc = fail_at(err, &eq, eq.p, "empty generator %s: no cycles (write () for the identity)",
                         def->names[current]);
            goto fail_def;
        }
        current = -1;
        const char *start = c.p;
        if (keyword(&c, "name")) {
            skip_blanks(&c);
            const char *end = c.p;
            while (*end && *end != '\n' && *end != '#')
                end++;
            while (end > c.p && is_blank(end[-1]))
                end--;
            snprintf(def->title, sizeof def->title, "%.*s", (int)(end - c.p), c.p);
            continue;
        }
        if (keyword(&c, "points")) {
            if (def->degree) {
                rc = fail_at(err, &c, start, "the number of points is given twice");
                goto fail_def;
            }
            skip_blanks(&c);
            const char *at = c.p;
            long v = 0;
            while (isdigit((unsigned char)*c.p) && v <= GT_PERM_MAX_DEGREE)
                v = v * 10 + (*c.p++ - '0');
            if (at == c.p || v < 1 || v > GT_PERM_MAX_DEGREE || isdigit((unsigned char)*c.p)) {
                rc = fail_at(err, &c, at, "expected a number of points in 1..%d", GT_PERM_MAX_DEGREE);
                goto fail_def;
            }
            if ((rc = expect_line_end(&c, err)) < 0)
                goto fail_def;
            def->degree = (int)v;
            rc = GT_ERR_NOMEM;
            if (!(def->gens = malloc((size_t)GT_PUZDEF_MAX_GENS * def->degree * sizeof *def->gens)) ||
                !(seen = malloc((size_t)def->degree)))
                goto fail_def;
            continue;
        }
        /* NAME = cycles */
        const char *name = c.p;
        while (is_name_char(*c.p))
            c.p++;
        int len = (int)(c.p - name), letters = 0;
        for (int k = 0; k < len; k++)
            letters += isalpha((unsigned char)name[k]) != 0;
        if (len == 0 || letters == 0) {
            rc = fail_at(err, &c, name, "expected 'points N' or a generator 'NAME = (...)'");
            goto fail_def;
        }
        if (len >= GT_PUZDEF_NAME_MAX) {
            rc = fail_at(err, &c, name, "generator name longer than %d characters", GT_PUZDEF_NAME_MAX - 1);
            goto fail_def;
        }
        skip_blanks(&c);
        if (*c.p != '=') {
            rc = fail_at(err, &c, c.p, "expected '=' after the generator name '%.*s'", len, name);
            goto fail_def;
        }
        c.p++;
        if (!def->degree) {
            rc = fail_at(err, &c, name, "'points N' must come before the first generator");
            goto fail_def;
        }
        if (gt_puzdef_find(def, name, len) >= 0) {
            rc = fail_at(err, &c, name, "generator '%.*s' is defined twice", len, name);
            goto fail_def;
        }
        if (def->ngens == GT_PUZDEF_MAX_GENS) {
            rc = fail_at(err, &c, name, "more than %d generators", GT_PUZDEF_MAX_GENS);
            goto fail_def;
        }
        current = def->ngens++;
        memcpy(def->names[current], name, (size_t)len);
        def->names[current][len] = 0;
        def->gen_line[current] = c.line;
        gt_perm_identity(def->degree, def->gens + (size_t)current * def->degree);
        memset(seen, 0, (size_t)def->degree);
        cycles = 0;
        skip_blanks(&c);
        eq = c;
        if ((rc = parse_cycles(&c, def->degree, def->gens + (size_t)current * def->degree, seen,
                               &cycles, err)) < 0)
            goto fail_def;
    }
    if (current >= 0 && cycles == 0) {
        rc = fail_at(err, &eq, eq.p, "empty generator %s: no cycles (write () for the identity)",
                     def->names[current]);
        goto fail_def;
    }
    if (!def->degree) {
        rc = fail_at(err, &c, c.p, "no 'points N' line");
        goto fail_def;
    }
    if (def->ngens == 0) {
        rc = fail_at(err, &c, c.p, "empty generator list: no 'NAME = (...)' line");
        goto fail_def;
    }
    free(seen);
    *out = def;
    return GT_OK;
fail_def:
    free(seen);
    gt_puzdef_free(def);
out:
    return rc;
}

int gt_puzdef_load(const char *path, gt_puzdef **out, gt_puzdef_error *err)
{
    int rc = GT_ERR_STORAGE;
    char *text = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (err) {
            err->line = err->column = 0;
            snprintf(err->message, sizeof err->message, "cannot open: %s", strerror(errno));
        }
        goto out;
    }
    size_t cap = 0, len = 0, got;
    rc = GT_ERR_NOMEM;
    if (gt_array_reserve((void **)&text, &cap, (size_t)1 << 16, 1, 0) != GT_OK)
        goto close_file;
    /* room for at least one more byte read and the final NUL */
    while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (gt_array_reserve((void **)&text, &cap, len + 2, 1, 0) != GT_OK)
            goto close_file;
    }
    text[len] = 0;
    if (memchr(text, 0, len)) {
        rc = GT_ERR_PARSE;
        if (err) {
            err->line = err->column = 0;
            snprintf(err->message, sizeof err->message, "not a text file (contains a NUL byte)");
        }
        goto close_file;
    }
    rc = gt_puzdef_parse(text, out, err);
close_file:
    free(text);
    fclose(f);
out:
    return rc;
}

int gt_perm_parse(int n, const char *text, gt_point *out, gt_puzdef_error *err)
{
    int rc = GT_ERR_PARSE;
    if (n < 1 || n > GT_PERM_MAX_DEGREE)
        return GT_ERR_INVAL;
    cursor c = {text, text, 1};
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    gt_perm_identity(n, out);
    skip_blanks(&c);
    if (strchr(text, '\n') && strchr(text, '\n')[strspn(strchr(text, '\n'), " \t\r\n")])
        return fail_at(err, &c, strchr(text, '\n'), "a permutation must be on one line");
    if (*c.p == '(' || *c.p == ')') {
        int cycles = 0;
        rc = parse_cycles(&c, n, out, seen, &cycles, err);
        if (rc == GT_OK && *c.p == '#')
            rc = fail_at(err, &c, c.p, "unexpected '#'");
        return rc;
    }
    /* An image list: n numbers, each point once. */
    const char *open = NULL;
    if (*c.p == '[')
        open = c.p++;
    int count = 0;
    for (;;) {
        skip_blanks(&c);
        if (*c.p == ',' && count > 0) {
            c.p++;
            skip_blanks(&c);
        }
        if (*c.p == ']') {
            if (!open)
                return fail_at(err, &c, c.p, "unbalanced brackets: ']' without a matching '['");
            c.p++;
            skip_blanks(&c);
            if (*c.p && *c.p != '\n')
                return fail_at(err, &c, c.p, "unexpected '%c' after ']'", *c.p);
            break;
        }
        if (*c.p == 0 || *c.p == '\n') {
            if (open)
                return fail_at(err, &c, open, "unbalanced brackets: '[' is never closed");
            break;
        }
        const char *at = c.p;
        int v;
        if (!isdigit((unsigned char)*c.p))
            return fail_at(err, &c, at, "expected cycles '(...)' or a list of %d images, found '%c'", n, *at);
        if (count == n)
            return fail_at(err, &c, at, "wrong degree: more than %d images", n);
        if ((rc = read_point(&c, n, &v, err)) < 0)
            return rc;
        if (seen[v])
            return fail_at(err, &c, at, "point %d appears twice in one permutation", v + 1);
        seen[v] = 1;
        out[count++] = (gt_point)v;
    }
    if (count != n)
        return fail_at(err, &c, c.p, "wrong degree: %d images for %d points", count, n);
    return GT_OK;
}
