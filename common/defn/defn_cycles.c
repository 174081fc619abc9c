/* The cycle notation of the one definition grammar (defn.h): `.def` files
 * (name, points, colours, NAME = cycles) and single permutations. */
#include "defn_internal.h"
#include "gt_error.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A position in the text, so every error can name its line and column. */
typedef struct cursor {
    const char *p;
    const char *line_start;
    int line;
} cursor;

/* The shared formatter at the column of `at` on the cursor's line. */
#define fail_at(err, c, at, ...) gt_error_set((err), GT_ERR_PARSE, (c)->line, (int)((at) - (c)->line_start) + 1, __VA_ARGS__)

static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }
static int at_line_end(const char *p) { return *p == 0 || *p == '\n' || *p == '#'; }
static int is_name_char(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

static void skip_blanks(cursor *c)
{
    while (is_blank(*c->p))
        c->p++;
}

/* Reads a decimal point number in 1..n at c->p (0-based into *value). */
static int read_point(cursor *c, int n, int *value, gt_def_error *err)
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

/* Reads a point not yet in the permutation (seen[] marks those that are). */
static int read_new_point(cursor *c, int n, unsigned char *seen, int *value, gt_def_error *err)
{
    const char *at = c->p;
    int rc = read_point(c, n, value, err);
    if (rc < 0)
        return rc;
    if (seen[*value])
        return fail_at(err, c, at, "point %d appears twice in one permutation", *value + 1);
    seen[*value] = 1;
    return GT_OK;
}

/* Reads one cycle "(a,b,c)" at c->p (a '(') into images; seen[] marks the
 * points used so far in this permutation. */
static int parse_cycle(cursor *c, int n, uint16_t *images, unsigned char *seen, gt_def_error *err)
{
    int pts[GT_DEF_MAX_POINTS], len = 0;
    const char *open = c->p++;
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
        int v, rc = read_new_point(c, n, seen, &v, err);
        if (rc < 0)
            return rc;
        pts[len++] = v;
    }
    for (int k = 0; k < len; k++)
        images[pts[k]] = (uint16_t)pts[(k + 1) % len];
    return GT_OK;
}

/* Parses cycles "(a,b,c)(d,e)" up to the end of the line into images, which
 * must start as the identity; seen[] is shared across continuation lines and
 * *cycles counts the cycles read. */
static int parse_cycles(cursor *c, int n, uint16_t *images, unsigned char *seen, int *cycles, gt_def_error *err)
{
    for (;;) {
        skip_blanks(c);
        if (at_line_end(c->p))
            return GT_OK;
        if (*c->p == ')')
            return fail_at(err, c, c->p, "unbalanced parentheses: ')' without a matching '('");
        if (*c->p != '(')
            return fail_at(err, c, c->p, "expected '(' to start a cycle, found '%c'", *c->p);
        int rc = parse_cycle(c, n, images, seen, err);
        if (rc < 0)
            return rc;
        (*cycles)++;
    }
}

static void identity(int n, uint16_t *images)
{
    for (int i = 0; i < n; i++)
        images[i] = (uint16_t)i;
}

/* ---- definitions ---- */

typedef struct parser {
    cursor c;
    gt_def *def;
    gt_def_error *err;
    int current;         /* the generator a '(' continuation line belongs to, -1 for none */
    int cycles;          /* cycles of the current generator */
    cursor eq;           /* just after the current generator's '=', for "no cycles" */
    unsigned char *seen; /* points of the current generator */
    int n_colours;
    uint8_t colour[GT_DEF_MAX_POINTS];
} parser;

static uint16_t *gen_images(parser *ps, int g) { return ps->def->move_perm + (size_t)g * (size_t)ps->def->total; }

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
static int expect_line_end(cursor *c, gt_def_error *err)
{
    skip_blanks(c);
    if (!at_line_end(c->p))
        return fail_at(err, c, c->p, "unexpected '%c' after the end of the statement", *c->p);
    return GT_OK;
}

/* The generator just finished must have had a cycle. */
static int close_generator(parser *ps)
{
    if (ps->current >= 0 && ps->cycles == 0)
        return fail_at(ps->err, &ps->eq, ps->eq.p, "empty generator %s: no cycles (write () for the identity)",
                       ps->def->move_name[ps->current]);
    ps->current = -1;
    return GT_OK;
}

static void parse_title(parser *ps)
{
    cursor *c = &ps->c;
    skip_blanks(c);
    const char *end = c->p;
    while (*end && *end != '\n' && *end != '#')
        end++;
    while (end > c->p && is_blank(end[-1]))
        end--;
    snprintf(ps->def->title, sizeof ps->def->title, "%.*s", (int)(end - c->p), c->p);
}

static int parse_points(parser *ps, const char *start)
{
    cursor *c = &ps->c;
    gt_def *def = ps->def;
    int rc;
    if (def->total)
        return fail_at(ps->err, c, start, "the number of points is given twice");
    skip_blanks(c);
    const char *at = c->p;
    long v = 0;
    while (isdigit((unsigned char)*c->p) && v <= GT_DEF_MAX_POINTS)
        v = v * 10 + (*c->p++ - '0');
    if (at == c->p || v < 1 || v > GT_DEF_MAX_POINTS || isdigit((unsigned char)*c->p))
        return fail_at(ps->err, c, at, "expected a number of points in 1..%d", GT_DEF_MAX_POINTS);
    if ((rc = expect_line_end(c, ps->err)) < 0)
        return rc;
    def->total = (int)v;
    def->n_sets = 1;
    def->set[0] = (gt_def_set){.name = "POINTS", .n = (int)v, .omod = 1, .offset = 0};
    if (gt_def_alloc_arrays(def, GT_DEF_MAX_GENS) != GT_OK || !(ps->seen = malloc((size_t)v)))
        return GT_ERR_NOMEM;
    return GT_OK;
}

/* "colours c1 c2 ...": one number 1..GT_DEF_MAX_PIECES a point (blanks or
 * commas between); equal numbers mark points that cannot be told apart. */
static int parse_colours(parser *ps, const char *start)
{
    cursor *c = &ps->c;
    if (ps->def->has_colours)
        return fail_at(ps->err, c, start, "the colours are given twice");
    ps->def->has_colours = 1;
    for (;;) {
        c->p += strspn(c->p, " \t\r,");
        if (at_line_end(c->p))
            return GT_OK;
        const char *at = c->p;
        long v = 0;
        while (isdigit((unsigned char)*c->p) && v <= GT_DEF_MAX_PIECES)
            v = v * 10 + (*c->p++ - '0');
        if (at == c->p || v < 1 || v > GT_DEF_MAX_PIECES || ps->n_colours == GT_DEF_MAX_POINTS ||
            !(at_line_end(c->p) || is_blank(*c->p) || *c->p == ','))
            return fail_at(ps->err, c, at, "colours: a colour number 1..%d expected", GT_DEF_MAX_PIECES);
        ps->colour[ps->n_colours++] = (uint8_t)(v - 1);
    }
}

/* "NAME = cycles": a new generator, its first cycles. */
static int parse_generator(parser *ps)
{
    cursor *c = &ps->c;
    gt_def *def = ps->def;
    const char *name = c->p;
    while (is_name_char(*c->p))
        c->p++;
    int len = (int)(c->p - name), letters = 0;
    for (int k = 0; k < len; k++)
        letters += isalpha((unsigned char)name[k]) != 0;
    if (len == 0 || letters == 0)
        return fail_at(ps->err, c, name, "expected 'points N' or a generator 'NAME = (...)'");
    if (len >= GT_DEF_GEN_NAME_MAX)
        return fail_at(ps->err, c, name, "generator name longer than %d characters", GT_DEF_GEN_NAME_MAX - 1);
    skip_blanks(c);
    if (*c->p != '=')
        return fail_at(ps->err, c, c->p, "expected '=' after the generator name '%.*s'", len, name);
    c->p++;
    if (!def->total)
        return fail_at(ps->err, c, name, "'points N' must come before the first generator");
    if (gt_def_find_move(def, name, (size_t)len) >= 0)
        return fail_at(ps->err, c, name, "generator '%.*s' is defined twice", len, name);
    if (def->n_moves == GT_DEF_MAX_GENS)
        return fail_at(ps->err, c, name, "more than %d generators", GT_DEF_MAX_GENS);
    int g = ps->current = def->n_moves++;
    memcpy(def->move_name[g], name, (size_t)len);
    def->move_name[g][len] = 0;
    def->move_line[g] = c->line;
    identity(def->total, gen_images(ps, g));
    memset(ps->seen, 0, (size_t)def->total);
    ps->cycles = 0;
    skip_blanks(c);
    ps->eq = *c;
    return parse_cycles(c, def->total, gen_images(ps, g), ps->seen, &ps->cycles, ps->err);
}

/* One statement line (not blank, not a comment). */
static int parse_statement(parser *ps)
{
    cursor *c = &ps->c;
    int rc;
    if (*c->p == '(') {
        if (ps->current < 0)
            return fail_at(ps->err, c, c->p, "a cycle outside any generator (write NAME = (...) first)");
        return parse_cycles(c, ps->def->total, gen_images(ps, ps->current), ps->seen, &ps->cycles, ps->err);
    }
    if ((rc = close_generator(ps)) < 0)
        return rc;
    const char *start = c->p;
    if (keyword(c, "name")) {
        parse_title(ps);
        return GT_OK;
    }
    if (keyword(c, "points"))
        return parse_points(ps, start);
    if (keyword(c, "colours"))
        return parse_colours(ps, start);
    return parse_generator(ps);
}

/* After the last line: the checks of the whole text, then the generators'
 * images turned into moves (position j receives the piece at perm[j]) and
 * the colours into the solved state. */
static int finish(parser *ps)
{
    gt_def *def = ps->def;
    int rc;
    if ((rc = close_generator(ps)) < 0)
        return rc;
    if (!def->total)
        return fail_at(ps->err, &ps->c, ps->c.p, "no 'points N' line");
    if (def->n_moves == 0)
        return fail_at(ps->err, &ps->c, ps->c.p, "empty generator list: no 'NAME = (...)' line");
    if (def->has_colours && ps->n_colours != def->total)
        return gt_error_set(ps->err, GT_ERR_PARSE, 1, 1, "colours: %d colours for %d points", ps->n_colours, def->total);
    uint16_t *images = malloc((size_t)def->total * sizeof *images);
    if (!images)
        return GT_ERR_NOMEM;
    for (int g = 0; g < def->n_moves; g++) {
        memcpy(images, gen_images(ps, g), (size_t)def->total * sizeof *images);
        for (int i = 0; i < def->total; i++)
            gen_images(ps, g)[images[i]] = (uint16_t)i;
    }
    free(images);
    for (int j = 0; j < def->total; j++)
        def->solved_perm[j] = def->has_colours ? ps->colour[j] : (uint8_t)j;
    return GT_OK;
}

static int parse_text(parser *ps)
{
    int rc;
    for (; *ps->c.p; next_line(&ps->c)) {
        skip_blanks(&ps->c);
        if (at_line_end(ps->c.p))
            continue;
        if ((rc = parse_statement(ps)) < 0)
            return rc;
    }
    return finish(ps);
}

int gt_def_parse_cycles(const char *text, size_t len, gt_def **out, gt_def_error *err)
{
    int rc = GT_ERR_NOMEM;
    char *copy = NULL;
    parser *ps = NULL;
    *out = NULL;
    if (err)
        memset(err, 0, sizeof *err);
    if (memchr(text, 0, len))
        return gt_error_set(err, GT_ERR_PARSE, 1, 1, "NUL byte");
    /* the text may end without a NUL (a stored record) */
    if (!(copy = malloc(len + 1)) || !(ps = calloc(1, sizeof *ps)) || !(ps->def = calloc(1, sizeof *ps->def)))
        goto free_parser;
    memcpy(copy, text, len);
    copy[len] = 0;
    ps->c = (cursor){copy, copy, 1};
    ps->err = err;
    ps->current = -1;
    ps->def->notation = GT_DEF_CYCLES;
    if ((rc = parse_text(ps)) == GT_OK) {
        gt_def_set_move_orders(ps->def);
        *out = ps->def;
        ps->def = NULL;
    }
free_parser:
    if (ps) {
        gt_def_free(ps->def);
        free(ps->seen);
    }
    free(ps);
    free(copy);
    return rc;
}

/* ---- single permutations ---- */

/* n images "2 3 1" (optionally in brackets, commas allowed). */
static int parse_image_list(cursor *c, int n, uint16_t *images, unsigned char *seen, gt_def_error *err)
{
    const char *open = NULL;
    int count = 0, rc;
    if (*c->p == '[')
        open = c->p++;
    for (;;) {
        skip_blanks(c);
        if (*c->p == ',' && count > 0) {
            c->p++;
            skip_blanks(c);
        }
        if (*c->p == ']') {
            if (!open)
                return fail_at(err, c, c->p, "unbalanced brackets: ']' without a matching '['");
            c->p++;
            skip_blanks(c);
            if (*c->p && *c->p != '\n')
                return fail_at(err, c, c->p, "unexpected '%c' after ']'", *c->p);
            break;
        }
        if (*c->p == 0 || *c->p == '\n') {
            if (open)
                return fail_at(err, c, open, "unbalanced brackets: '[' is never closed");
            break;
        }
        const char *at = c->p;
        int v;
        if (!isdigit((unsigned char)*c->p))
            return fail_at(err, c, at, "expected cycles '(...)' or a list of %d images, found '%c'", n, *at);
        if (count == n)
            return fail_at(err, c, at, "wrong degree: more than %d images", n);
        if ((rc = read_new_point(c, n, seen, &v, err)) < 0)
            return rc;
        images[count++] = (uint16_t)v;
    }
    if (count != n)
        return fail_at(err, c, c->p, "wrong degree: %d images for %d points", count, n);
    return GT_OK;
}

int gt_def_parse_perm(int n, const char *text, uint16_t *images, gt_def_error *err)
{
    if (n < 1 || n > GT_DEF_MAX_POINTS)
        return GT_ERR_INVAL;
    cursor c = {text, text, 1};
    unsigned char seen[GT_DEF_MAX_POINTS] = {0};
    const char *newline = strchr(text, '\n');
    identity(n, images);
    skip_blanks(&c);
    if (newline && newline[strspn(newline, " \t\r\n")])
        return fail_at(err, &c, newline, "a permutation must be on one line");
    if (*c.p == '(' || *c.p == ')') {
        int cycles = 0, rc = parse_cycles(&c, n, images, seen, &cycles, err);
        if (rc == GT_OK && *c.p == '#')
            rc = fail_at(err, &c, c.p, "unexpected '#'");
        return rc;
    }
    return parse_image_list(&c, n, images, seen, err);
}
