/* The alg syntax as cubing.js reads it, over a move reader: the cube's of
 * notation.c (notation.h), or any caller's (gt_alg_parse: a definition's move
 * names, def_scramble.c): repetitions "(R U)2" and "(R U)'", commutators "[A, B]" =
 * A B A' B', conjugates "[A: B]" = A B A', nested, "." pauses, "//"
 * comments to the end of the line. An alg is expanded into the caller's
 * turn array in place: a group's turns are parsed where they will stay,
 * then inverted and repeated there. */
#include "notation.h"
#include "notation_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct alg {
    const gt_alg_moves *m; /* the move reader and inverse */
    const char *text, *p;
    gt_turn *out;
    long cap, count; /* cap: the caller's, bounded by GT_NOTATION_EXPAND_MAX */
    int depth, over; /* over: expanded past cap */
    gt_parse_error *err;
} alg;

static int alg_fail(alg *a, const char *at, int length, const char *why)
{
    return gt_alg_fail(a->err, a->text, at, length, why);
}

/* Skips whitespace, pauses and comments. */
static void skip_blank(alg *a)
{
    for (;;) {
        while (*a->p && (isspace((unsigned char)*a->p) || *a->p == '.'))
            a->p++;
        if (a->p[0] != '/' || a->p[1] != '/')
            return;
        while (*a->p && *a->p != '\n')
            a->p++;
    }
}

/* Appends a turn; past cap only counts, so the caller learns the size. */
static void put(alg *a, gt_turn t)
{
    if (a->count < a->cap)
        a->out[a->count] = t;
    else
        a->over = 1;
    a->count++;
}

/* Turns [from, to) reversed and each inverted. */
static void invert_span(alg *a, long from, long to)
{
    for (long i = from, j = to - 1; i < j; i++, j--) {
        gt_turn t = a->out[i];
        a->out[i] = a->out[j];
        a->out[j] = t;
    }
    for (long i = from; i < to; i++)
        a->out[i].quarters = a->m->inverse(a->m->ctx, a->out[i]);
}

/* Appends a copy of [from, to), inverted when inverse is set. */
static void repeat_span(alg *a, long from, long to, int inverse)
{
    long start = a->count;
    for (long i = from; i < to && !a->over; i++)
        put(a, a->out[i]);
    if (!a->over && inverse)
        invert_span(a, start, a->count);
    if (a->over)
        a->count = start + (to - from);
}

static int parse_seq(alg *a, const char *stop);

/* Applies an amount to the group at [from, a->count): amount k repeats it
 * |k| times, inverted when k < 0. */
static int apply_amount(alg *a, long from, const char *open)
{
    long amount;
    const char *why;
    a->p = gt_alg_read_amount(a->p, &amount, &why);
    if (why)
        return alg_fail(a, open, (int)(a->p - open), why);
    long len = a->count - from, reps = amount < 0 ? -amount : amount;
    if (reps && len > GT_NOTATION_EXPAND_MAX / reps)
        return alg_fail(a, open, (int)(a->p - open), "alg expands past " GT_NOTATION_EXPAND_MAX_TEXT " turns in");
    if (a->over) {
        a->count = from + len * reps;
        return GT_OK;
    }
    if (amount < 0)
        invert_span(a, from, a->count);
    for (long k = 1; k < reps; k++)
        repeat_span(a, from, from + len, 0);
    if (!reps)
        a->count = from;
    return GT_OK;
}

/* "[A, B]" or "[A: B]" at a->p (past the '['). */
static int parse_bracket(alg *a, const char *open, long from)
{
    int rc = parse_seq(a, ",:]");
    if (rc)
        return rc;
    char sep = *a->p;
    if (sep != ',' && sep != ':')
        return alg_fail(a, open, (int)(a->p - open) + (*a->p != 0), "no comma or colon in");
    long mid = a->count;
    a->p++;
    if ((rc = parse_seq(a, "]")) != GT_OK)
        return rc;
    if (*a->p != ']')
        return alg_fail(a, open, (int)(a->p - open), "unclosed bracket in");
    a->p++;
    long end = a->count;
    repeat_span(a, from, mid, 1);
    if (sep == ',')
        repeat_span(a, mid, end, 1);
    return GT_OK;
}

/* One unit at a->p: a move, "( ... )" or "[ ... ]", with its amount. */
static int parse_unit(alg *a)
{
    const char *open = a->p;
    long from = a->count;
    int rc;
    if (*open != '(' && *open != '[') {
        gt_turn t;
        if ((rc = a->m->read(a->m->ctx, a->text, &a->p, &t, a->err)) != GT_OK)
            return rc;
        if (t.quarters)
            put(a, t);
        return GT_OK;
    }
    if (++a->depth > GT_NOTATION_DEPTH_MAX)
        return alg_fail(a, open, 1, "nesting deeper than " GT_NOTATION_DEPTH_MAX_TEXT " at");
    a->p++;
    if (*open == '(') {
        if ((rc = parse_seq(a, ")")) != GT_OK)
            return rc;
        if (*a->p != ')')
            return alg_fail(a, open, (int)(a->p - open), "unclosed bracket in");
        a->p++;
    } else if ((rc = parse_bracket(a, open, from)) != GT_OK) {
        return rc;
    }
    a->depth--;
    return apply_amount(a, from, open);
}

/* Units up to a character of stop (or the end, which the caller checks). */
static int parse_seq(alg *a, const char *stop)
{
    for (;;) {
        skip_blank(a);
        if (!*a->p || strchr(stop, *a->p))
            return GT_OK;
        if (strchr(")],:", *a->p))
            return alg_fail(a, a->p, 1, "unexpected");
        int rc = parse_unit(a);
        if (rc)
            return rc;
        if (a->count > GT_NOTATION_EXPAND_MAX)
            return alg_fail(a, a->p - 1, 1, "alg expands past " GT_NOTATION_EXPAND_MAX_TEXT " turns at");
    }
}

int gt_alg_parse(const gt_alg_moves *m, const char *text, gt_turn *turns, int cap, int *count, gt_parse_error *err)
{
    if (!m || !m->read || !m->inverse || !text || !count || cap < 0 || (cap > 0 && !turns))
        return GT_ERR_INVAL;
    alg a = {.m = m, .text = text, .p = text, .out = turns, .cap = cap, .err = err};
    int rc = parse_seq(&a, "");
    if (rc)
        return rc;
    if (a.over)
        return GT_ERR_RANGE;
    *count = (int)a.count;
    return GT_OK;
}

int gt_alg_parse_alloc(const gt_alg_moves *m, const char *text, gt_turn **turns, long *count, gt_parse_error *err)
{
    if (!m || !m->read || !m->inverse || !text || !turns || !count)
        return GT_ERR_INVAL;
    *turns = NULL;
    *count = 0;
    /* a first pass only counts (no room: nothing is written) */
    alg a = {.m = m, .text = text, .p = text, .err = err};
    int rc = parse_seq(&a, "");
    if (rc || a.count == 0)
        return rc;
    gt_turn *t = malloc((size_t)a.count * sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    alg b = {.m = m, .text = text, .p = text, .out = t, .cap = a.count, .err = err};
    if ((rc = parse_seq(&b, "")) != GT_OK || b.over) {
        free(t);
        return rc ? rc : GT_ERR_RANGE;
    }
    *turns = t;
    *count = b.count;
    return GT_OK;
}

/* The cube's moves (notation.c): n and the kinds allowed. */
typedef struct cube_moves {
    int n;
    unsigned allow;
} cube_moves;

static int cube_read(void *ctx, const char *text, const char **p, gt_turn *t, gt_parse_error *err)
{
    const cube_moves *c = ctx;
    return gt_notation_read_move(c->n, text, p, c->allow, t, err);
}

static uint8_t cube_inverse(void *ctx, gt_turn t)
{
    (void)ctx;
    return (uint8_t)((4 - t.quarters) & 3);
}

int gt_notation_parse(int n, const char *text, unsigned allow, gt_turn *turns, int cap, int *count,
                      gt_parse_error *err)
{
    if (n < 2 || n > GT_NOTATION_NMAX)
        return GT_ERR_INVAL;
    cube_moves c = {n, allow};
    gt_alg_moves m = {cube_read, cube_inverse, &c};
    return gt_alg_parse(&m, text, turns, cap, count, err);
}

int gt_notation_parse_alloc(int n, const char *text, unsigned allow, gt_turn **turns, long *count,
                            gt_parse_error *err)
{
    if (n < 2 || n > GT_NOTATION_NMAX)
        return GT_ERR_INVAL;
    cube_moves c = {n, allow};
    gt_alg_moves m = {cube_read, cube_inverse, &c};
    return gt_alg_parse_alloc(&m, text, turns, count, err);
}
