/* States written in a definition's own .tws syntax (def.h), read as
 * queries: the body of a `Solved` block, optionally inside `State` /
 * `Solved` ... `End`. Line breaks are blanks here, so one command-line
 * argument "CORNERS 2 1 3 ... 0 0 ..." and a multi-line block read alike;
 * a set's orientations are the numbers that follow its N piece numbers. */
#include "def.h"
#include "gt_error.h"

#include <stdio.h>
#include <string.h>

typedef struct state_tok {
    const char *text, *p; /* the whole input, the next byte to read */
    int line, column;     /* of the last token read (1-based) */
    const char *line_start;
    size_t len;           /* its length (0 at the end) */
    const char *start;
} state_tok;

/* An error at the last token read (its line and column). */
#define state_fail(err, t, rc, ...) gt_error_set((err), (rc), (t)->line, (t)->column, __VA_ARGS__)

/* Reads the next blank-separated token ('#' starts a comment to the end of
 * the line); t->len is 0 at the end of the input. */
static void state_next(state_tok *t)
{
    for (;;) {
        while (*t->p == ' ' || *t->p == '\t')
            t->p++;
        if (*t->p == '#')
            t->p += strcspn(t->p, "\r\n");
        if (*t->p != '\n' && *t->p != '\r')
            break;
        t->p += t->p[0] == '\r' && t->p[1] == '\n' ? 2 : 1;
        t->line++;
        t->line_start = t->p;
    }
    t->start = t->p;
    t->len = strcspn(t->p, " \t\r\n#");
    t->p += t->len;
    t->column = (int)(t->start - t->line_start) + 1;
}

static int state_is(const state_tok *t, const char *word)
{
    return t->len == strlen(word) && !memcmp(t->start, word, t->len);
}

/* The token as a number in [0, 999], or -1 if it is not one. */
static int state_number(const state_tok *t)
{
    int v = 0;
    if (t->len == 0 || t->len > 3)
        return t->len > 3 && strspn(t->start, "0123456789") >= t->len ? 1000 : -1;
    for (size_t i = 0; i < t->len; i++) {
        if (t->start[i] < '0' || t->start[i] > '9')
            return -1;
        v = v * 10 + (t->start[i] - '0');
    }
    return v;
}

/* The N numbers of one line of set s into out (labels 1-based, stored
 * 0-based; orientations below the set's count). */
static int state_numbers(const gt_def *def, int s, int orientations, state_tok *t, uint8_t *out, gt_def_error *err)
{
    const gt_def_set *set = &def->set[s];
    int hi = orientations ? set->omod - 1 : set->n, lo = orientations ? 0 : 1;
    for (int j = 0; j < set->n; j++) {
        state_next(t);
        int v = state_number(t);
        if (v < 0)
            return state_fail(err, t, GT_ERR_PARSE, "set %s wants %d %s, found %s%.*s%s after %d", set->name, set->n,
                              orientations ? "orientations" : "piece numbers", t->len ? "'" : "the end",
                              (int)(t->len > 40 ? 40 : t->len), t->start, t->len ? "'" : "", j);
        if (v < lo || v > hi)
            return state_fail(err, t, GT_ERR_PARSE, "%s %.*s of set %s is not in %d..%d",
                              orientations ? "orientation" : "piece", (int)(t->len > 40 ? 40 : t->len), t->start,
                              set->name, lo, hi);
        out[j] = (uint8_t)(v - lo);
    }
    return GT_OK;
}

/* A set's pieces must be the solved state's, identical pieces included:
 * the moves only rearrange them. */
static int state_same_pieces(const gt_def *def, int s, const uint8_t *perm, const state_tok *at, gt_def_error *err)
{
    const gt_def_set *set = &def->set[s];
    int have[GT_DEF_MAX_PIECES + 1] = {0}, want[GT_DEF_MAX_PIECES + 1] = {0};
    for (int j = 0; j < set->n; j++) {
        have[perm[set->offset + j]]++;
        want[def->solved_perm[set->offset + j]]++;
    }
    for (int l = 0; l < set->n; l++)
        if (have[l] != want[l])
            return state_fail(err, at, GT_ERR_ILLEGAL, "set %s holds piece %d %d times, the solved state %d",
                              set->name, l + 1, have[l], want[l]);
    return GT_OK;
}

/* One set: its name (already read), its pieces, its optional orientations.
 * Leaves the token after them in t. */
static int state_set(const gt_def *def, int s, state_tok *t, uint8_t *perm, uint8_t *ori, gt_def_error *err)
{
    const gt_def_set *set = &def->set[s];
    state_tok name = *t;
    int rc = state_numbers(def, s, 0, t, perm + set->offset, err);
    if (rc || (rc = state_same_pieces(def, s, perm, &name, err)) != 0)
        return rc;
    memset(ori + set->offset, 0, (size_t)set->n);
    state_tok save = *t;
    state_next(t);
    if (state_number(t) < 0)
        return GT_OK; /* no orientation line: zeros */
    *t = save;
    if ((rc = state_numbers(def, s, 1, t, ori + set->offset, err)) != 0)
        return rc;
    state_next(t);
    return GT_OK;
}

static int state_find_set(const gt_def *def, const state_tok *t)
{
    for (int s = 0; s < def->n_sets; s++)
        if (state_is(t, def->set[s].name))
            return s;
    return -1;
}

int gt_def_parse_state(const gt_def *def, const char *text, uint8_t *perm, uint8_t *ori, gt_def_error *err)
{
    state_tok t = {text, text, 1, 1, text, 0, text};
    int seen[GT_DEF_MAX_SETS] = {0}, block = 0, rc;
    memcpy(perm, def->solved_perm, (size_t)def->total);
    memcpy(ori, def->solved_ori, (size_t)def->total);
    state_next(&t);
    if (state_is(&t, "State") || state_is(&t, "Solved")) {
        block = 1;
        state_next(&t);
    }
    while (t.len && !(block && state_is(&t, "End"))) {
        int s = state_find_set(def, &t);
        if (s < 0 && state_number(&t) >= 0)
            return state_fail(err, &t, GT_ERR_PARSE, "a set name expected, not the number %.*s (too many numbers?)",
                              (int)(t.len > 40 ? 40 : t.len), t.start);
        if (s < 0)
            return state_fail(err, &t, GT_ERR_PARSE, "'%.*s' is not a set of the definition",
                              (int)(t.len > 40 ? 40 : t.len), t.start);
        if (seen[s]++)
            return state_fail(err, &t, GT_ERR_PARSE, "set %s given twice", def->set[s].name);
        if ((rc = state_set(def, s, &t, perm, ori, err)) != 0)
            return rc;
    }
    if (block && !t.len)
        return state_fail(err, &t, GT_ERR_PARSE, "the state block has no End");
    if (block)
        state_next(&t);
    if (t.len)
        return state_fail(err, &t, GT_ERR_PARSE, "'%.*s' after the state's End", (int)(t.len > 40 ? 40 : t.len),
                          t.start);
    return GT_OK;
}
