/* The .tws notation of the one definition grammar (defn.h). Line based,
 * like ksolve's reader: a keyword line, then inside a block a set name line,
 * its permutation line and an optional orientation line. Every error names
 * the line and column of the token. */
#include "defn_internal.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKENS 512

typedef struct token {
    const char *s;
    int len, column;
} token;

/* One line split into tokens (comments removed). */
typedef struct line_toks {
    int line, n, end_column;
    token t[MAX_TOKENS];
} line_toks;

enum { BLOCK_NONE, BLOCK_SOLVED, BLOCK_START, BLOCK_MOVE };

typedef struct parser {
    const char *text;
    size_t len, at;
    int line;
    gt_def *def;
    gt_def_error *err;
    int block, block_line, block_move;
    int cur_set;             /* set whose numbers come next, -1 for none */
    int want;                /* 1: permutation line next, 2: orientation line may come */
    uint8_t set_seen[GT_DEF_MAX_SETS];
    int frozen;              /* no Set after a Solved or a Move */
    int new_style;           /* StartState, MoveTransformation: 0-based, orientation by destination */
    int seen_solved;
    int n_seqs;              /* MoveSequence lines, resolved once every Move is read */
    struct move_seq {
        int move, line, n;   /* the move slot it fills, its line, its steps */
        token *step;
    } seq[GT_DEF_MAX_MOVES];
} parser;

/* The shared formatter, through the parser's err. */
#define fail(ps, ...) gt_error_set((ps)->err, GT_ERR_PARSE, __VA_ARGS__)

/* Is the rest of a line starting with '#' a godtab annotation,
 * "@published" or "@pdb"? */
static int annotation(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return (end - p >= 10 && !memcmp(p, "@published", 10)) ||
           (end - p >= 4 && !memcmp(p, "@pdb", 4) && (end - p == 4 || strchr(" \t\r\n", p[4])));
}

/* Reads the next line into lt; returns 0 at the end of the text, 1 for a
 * line, or GT_ERR_PARSE (a NUL byte or too many tokens). */
static int next_line(parser *ps, line_toks *lt)
{
    if (ps->at >= ps->len)
        return 0;
    ps->line++;
    lt->line = ps->line;
    lt->n = 0;
    size_t start = ps->at;
    int in_comment = 0;
    while (ps->at < ps->len && ps->text[ps->at] != '\n' && ps->text[ps->at] != '\r') {
        size_t i = ps->at;
        char c = ps->text[i];
        int column = (int)(i - start) + 1;
        if (c == '\0')
            return fail(ps, ps->line, column, "NUL byte");
        if (c == '#' && lt->n == 0 && !in_comment && annotation(ps->text + i + 1, ps->text + ps->len)) {
            ps->at++; /* "# @published ...": a godtab annotation, read as words */
            continue;
        }
        if (c == '#')
            in_comment = 1;
        if (in_comment || c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            ps->at++;
            continue;
        }
        if (lt->n == MAX_TOKENS)
            return fail(ps, ps->line, column, "more than %d words on a line", MAX_TOKENS);
        size_t j = i;
        while (j < ps->len && !strchr(" \t\f\v\r\n#", ps->text[j]) && ps->text[j] != '\0')
            j++;
        lt->t[lt->n++] = (token){ps->text + i, (int)(j - i), column};
        ps->at = j;
    }
    lt->end_column = (int)(ps->at - start) + 1;
    /* "\n", "\r\n" and a lone "\r" each end a line */
    if (ps->at < ps->len && ps->text[ps->at] == '\r')
        ps->at++;
    else if (ps->at < ps->len && ps->text[ps->at] == '\n')
        ps->at++;
    if (ps->at < ps->len && ps->text[ps->at - 1] == '\r' && ps->text[ps->at] == '\n')
        ps->at++;
    return 1;
}

static int tok_is(const token *t, const char *word)
{
    return (size_t)t->len == strlen(word) && !memcmp(t->s, word, (size_t)t->len);
}

/* A decimal number in lo..hi. */
static int tok_number(parser *ps, int line, const token *t, int lo, int hi, int *out)
{
    long v = 0;
    for (int i = 0; i < t->len; i++) {
        if (t->s[i] < '0' || t->s[i] > '9')
            return fail(ps, line, t->column, "'%.*s' is not a number", t->len > 40 ? 40 : t->len, t->s);
        v = v * 10 + (t->s[i] - '0');
        if (v > 1000000)
            break;
    }
    if (v < lo || v > hi)
        return fail(ps, line, t->column, "%.*s is out of range %d..%d", t->len > 40 ? 40 : t->len, t->s, lo,
                    hi);
    *out = (int)v;
    return GT_OK;
}

static int copy_name(parser *ps, int line, const token *t, char *out)
{
    if (t->len >= GT_DEF_NAME_MAX)
        return fail(ps, line, t->column, "name '%.*s...' longer than %d characters", 20, t->s,
                    GT_DEF_NAME_MAX - 1);
    memcpy(out, t->s, (size_t)t->len);
    out[t->len] = '\0';
    return GT_OK;
}

static int find_set(const gt_def *def, const token *t)
{
    for (int s = 0; s < def->n_sets; s++)
        if (tok_is(t, def->set[s].name))
            return s;
    return -1;
}

static int parse_set(parser *ps, const line_toks *lt)
{
    gt_def *def = ps->def;
    gt_def_set *s = &def->set[def->n_sets];
    int rc;
    if (ps->frozen)
        return fail(ps, lt->line, lt->t[0].column, "Set after a Solved or Move block");
    if (lt->n != 4)
        return fail(ps, lt->line, lt->n > 4 ? lt->t[4].column : lt->end_column,
                    lt->n > 4 ? "Set takes 3 words: NAME PIECES ORIENTATIONS, not more"
                              : "Set takes 3 words: NAME PIECES ORIENTATIONS");
    if (def->n_sets == GT_DEF_MAX_SETS)
        return fail(ps, lt->line, lt->t[0].column, "more than %d sets (godtab reads at most %d)", GT_DEF_MAX_SETS,
                    GT_DEF_MAX_SETS);
    if (find_set(def, &lt->t[1]) >= 0)
        return fail(ps, lt->line, lt->t[1].column, "set '%.*s' defined twice", lt->t[1].len, lt->t[1].s);
    if ((rc = copy_name(ps, lt->line, &lt->t[1], s->name)) != 0 ||
        (rc = tok_number(ps, lt->line, &lt->t[2], 1, GT_DEF_MAX_PIECES, &s->n)) != 0 ||
        (rc = tok_number(ps, lt->line, &lt->t[3], 1, 255, &s->omod)) != 0)
        return rc;
    if (def->total + s->n > GT_DEF_MAX_POSITIONS)
        return fail(ps, lt->line, lt->t[2].column, "more than %d positions in all sets (godtab reads at most %d)",
                    GT_DEF_MAX_POSITIONS, GT_DEF_MAX_POSITIONS);
    s->offset = def->total;
    def->total += s->n;
    def->n_sets++;
    return GT_OK;
}

/* The arrays of the block being read (a state block: perm; a move: mperm). */
static void block_arrays(parser *ps, uint8_t **perm, uint8_t **ori, uint16_t **mperm)
{
    gt_def *def = ps->def;
    *mperm = NULL;
    *perm = NULL;
    if (ps->block == BLOCK_MOVE) {
        *mperm = def->move_perm + (size_t)ps->block_move * (size_t)def->total;
        *ori = def->move_ori + (size_t)ps->block_move * (size_t)def->total;
    } else if (ps->block == BLOCK_START) {
        *perm = def->start_perm;
        *ori = def->start_ori;
    } else {
        *perm = def->solved_perm;
        *ori = def->solved_ori;
    }
}

/* A permutation line of the current set: a permutation of 1..n in a move,
 * any labels 1..n in a state (repeats: identical pieces). */
static int parse_perm_line(parser *ps, const line_toks *lt)
{
    const gt_def_set *s = &ps->def->set[ps->cur_set];
    uint8_t *perm, *ori, seen[GT_DEF_MAX_PIECES + 1] = {0};
    uint16_t *mperm;
    int rc, v;
    block_arrays(ps, &perm, &ori, &mperm);
    if (lt->n != s->n)
        return fail(ps, lt->line, lt->n > s->n ? lt->t[s->n].column : lt->end_column,
                    "set %s has %d pieces: expected %d numbers, found %d", s->name, s->n, s->n, lt->n);
    const int base = ps->new_style ? 0 : 1;
    for (int j = 0; j < s->n; j++) {
        if (tok_is(&lt->t[j], "?") && ps->block != BLOCK_MOVE)
            return fail(ps, lt->line, lt->t[j].column, "'?' wildcards in a state's permutation are not supported");
        if ((rc = tok_number(ps, lt->line, &lt->t[j], base, s->n - 1 + base, &v)) != 0)
            return rc;
        if (ps->block == BLOCK_MOVE && seen[v]++)
            return fail(ps, lt->line, lt->t[j].column, "%d appears twice in a move's permutation", v);
        if (mperm)
            mperm[s->offset + j] = (uint16_t)(s->offset + v - base);
        else
            perm[s->offset + j] = (uint8_t)(v - base);
    }
    return GT_OK;
}

static int parse_ori_line(parser *ps, const line_toks *lt)
{
    const gt_def_set *s = &ps->def->set[ps->cur_set];
    uint8_t *perm, *ori;
    uint16_t *mperm;
    int rc, v;
    block_arrays(ps, &perm, &ori, &mperm);
    if (lt->n != s->n)
        return fail(ps, lt->line, lt->n > s->n ? lt->t[s->n].column : lt->end_column,
                    "set %s has %d pieces: expected %d orientations, found %d", s->name, s->n, s->n, lt->n);
    for (int j = 0; j < s->n; j++) {
        const token *t = &lt->t[j];
        if (tok_is(t, "?") && ps->block != BLOCK_MOVE && s->omod == 1) {
            ori[s->offset + j] = 0; /* twsearch too: no orientation to ignore */
            continue;
        }
        if (tok_is(t, "?") && ps->block != BLOCK_MOVE)
            return fail(ps, lt->line, t->column,
                        "'?' orientation wildcards (a piece whose twist does not count) are not supported");
        if ((rc = tok_number(ps, lt->line, t, 0, s->omod - 1, &v)) != 0)
            return rc;
        ori[s->offset + j] = (uint8_t)v;
    }
    return GT_OK;
}

/* Identity for every set of the block; the lines then overwrite listed sets. */
static void block_identity(parser *ps)
{
    uint8_t *perm, *ori;
    uint16_t *mperm;
    block_arrays(ps, &perm, &ori, &mperm);
    for (int s = 0; s < ps->def->n_sets; s++)
        for (int j = 0; j < ps->def->set[s].n; j++) {
            int at = ps->def->set[s].offset + j;
            if (mperm)
                mperm[at] = (uint16_t)at;
            else
                perm[at] = (uint8_t)j;
            ori[at] = 0;
        }
    memset(ps->set_seen, 0, sizeof ps->set_seen);
    ps->cur_set = -1;
    ps->want = 0;
}

/* The arrays, once the sets are known (at the first block). */
static int freeze(parser *ps, const line_toks *lt)
{
    gt_def *def = ps->def;
    if (ps->frozen)
        return GT_OK;
    if (def->n_sets == 0)
        return fail(ps, lt->line, lt->t[0].column, "%.*s before any Set", lt->t[0].len, lt->t[0].s);
    if (gt_def_alloc_arrays(def, GT_DEF_MAX_MOVES) != GT_OK)
        return GT_ERR_NOMEM;
    ps->frozen = 1;
    return GT_OK;
}

static int open_block(parser *ps, const line_toks *lt)
{
    gt_def *def = ps->def;
    const token *k = &lt->t[0];
    int is_move = tok_is(k, "Move") || tok_is(k, "MoveTransformation"), rc;
    if (lt->n != (is_move ? 2 : 1))
        return fail(ps, lt->line, lt->n > (is_move ? 2 : 1) ? lt->t[is_move ? 2 : 1].column : lt->end_column,
                    is_move ? "%.*s takes one word: its name" : "%.*s takes no words after it", k->len, k->s);
    if ((rc = freeze(ps, lt)) != 0)
        return rc;
    ps->block_line = lt->line;
    ps->new_style = tok_is(k, "MoveTransformation") || tok_is(k, "StartState");
    if (is_move) {
        if (gt_def_find_move(def, lt->t[1].s, (size_t)lt->t[1].len) >= 0)
            return fail(ps, lt->line, lt->t[1].column, "move '%.*s' defined twice", lt->t[1].len, lt->t[1].s);
        if (def->n_moves == GT_DEF_MAX_MOVES)
            return fail(ps, lt->line, k->column, "more than %d moves", GT_DEF_MAX_MOVES);
        if ((rc = copy_name(ps, lt->line, &lt->t[1], def->move_name[def->n_moves])) != 0)
            return rc;
        def->move_line[def->n_moves] = lt->line;
        ps->block = BLOCK_MOVE;
        ps->block_move = def->n_moves++;
    } else if (tok_is(k, "Solved")) {
        if (ps->seen_solved++)
            return fail(ps, lt->line, k->column, "a second Solved block");
        ps->block = BLOCK_SOLVED;
    } else {
        ps->block = BLOCK_START;
        def->has_start = 1;
    }
    block_identity(ps);
    return GT_OK;
}

/* "@pdb PROJECTION": a projection the pattern databases may be built from
 * (godtab-gen --pdb file); read by the model, kept here as text. */
static int parse_pdb(parser *ps, const line_toks *lt)
{
    gt_def *def = ps->def;
    if (def->n_pdb == GT_DEF_MAX_PDB)
        return fail(ps, lt->line, lt->t[0].column, "more than %d @pdb lines", GT_DEF_MAX_PDB);
    if (lt->n != 2)
        return fail(ps, lt->line, lt->n < 2 ? lt->end_column : lt->t[2].column,
                    "@pdb wants one projection (no blanks: \"CORNERS;EDGES=1-6\")");
    if ((size_t)lt->t[1].len >= sizeof def->pdb[0])
        return fail(ps, lt->line, lt->t[1].column, "projection longer than %d characters", (int)sizeof def->pdb[0] - 1);
    memcpy(def->pdb[def->n_pdb], lt->t[1].s, (size_t)lt->t[1].len);
    def->pdb[def->n_pdb][lt->t[1].len] = '\0';
    def->pdb_line[def->n_pdb++] = lt->line;
    return GT_OK;
}

/* "@published METRIC MOVES c0 c1 ...": counts per depth, each positive. */
static int parse_published(parser *ps, const line_toks *lt)
{
    gt_def *def = ps->def;
    gt_def_published *pub = &def->published[def->n_published];
    if (def->n_published == GT_DEF_MAX_PUBLISHED)
        return fail(ps, lt->line, lt->t[0].column, "more than %d @published lines", GT_DEF_MAX_PUBLISHED);
    if (lt->n < 4)
        return fail(ps, lt->line, lt->end_column, "@published wants METRIC MOVES COUNT...");
    if (lt->n - 3 > GT_DEF_MAX_DEPTH + 1)
        return fail(ps, lt->line, lt->t[GT_DEF_MAX_DEPTH + 4].column, "more than %d depths", GT_DEF_MAX_DEPTH + 1);
    if (!tok_is(&lt->t[1], "htm") && !tok_is(&lt->t[1], "qtm"))
        return fail(ps, lt->line, lt->t[1].column, "metric '%.*s' is neither htm nor qtm",
                    lt->t[1].len > 20 ? 20 : lt->t[1].len, lt->t[1].s);
    pub->metric = tok_is(&lt->t[1], "qtm") ? GT_DEF_QTM : GT_DEF_HTM;
    if ((size_t)lt->t[2].len >= sizeof pub->moves)
        return fail(ps, lt->line, lt->t[2].column, "move list too long");
    memcpy(pub->moves, lt->t[2].s, (size_t)lt->t[2].len);
    pub->moves[lt->t[2].len] = '\0';
    pub->line = lt->line;
    memset(pub->count, 0, sizeof pub->count);
    for (int i = 3; i < lt->n; i++) {
        uint64_t v = 0;
        const token *t = &lt->t[i];
        for (int j = 0; j < t->len; j++) {
            if (t->s[j] < '0' || t->s[j] > '9' || v > UINT64_MAX / 10 - 10)
                return fail(ps, lt->line, t->column, "'%.*s' is not a count", t->len > 20 ? 20 : t->len, t->s);
            v = v * 10 + (uint64_t)(t->s[j] - '0');
        }
        if (v == 0)
            return fail(ps, lt->line, t->column, "a count of 0 (list the depths up to God's number)");
        pub->count[i - 3] = v;
    }
    def->n_published++;
    return GT_OK;
}

/* Keywords of ksolve and twsearch that godtab knows but does not read: the
 * error names the feature (docs/definitions.md, "twsearch's samples"). */
static const struct {
    const char *keyword, *what;
} refused[] = {
    {"Illegal", "a piece forbidden at a position"},
    {"MoveAlias", "a second name for a move"},
    {"SwizzleSet", "sets whose pieces may be swapped"},
    {"Ignore", "ksolve's pieces to ignore"},
    {"Block", "ksolve's pieces moving together"},
    {"ForbiddenPairs", "ksolve's forbidden move pairs"},
    {"ForbiddenGroups", "ksolve's forbidden move groups"},
    {"Multiplicities", "ksolve's move multiplicities"},
};

/* Keywords of twsearch's scramble files (.scr): a position to solve. */
static const char *const scramble_keywords[] = {"Scramble", "ScrambleState", "ScrambleAlg"};

/* "MoveSequence NAME STEP...": a new generator NAME, the steps applied left
 * to right (twsearch's trapentrix: "MoveSequence R Fv L Fv"). Each step is
 * a Move's name, optionally a power and/or "'" (R, R2, R', R2'). The steps
 * are resolved once every Move is read (they may come later in the file). */
static int parse_sequence(parser *ps, const line_toks *lt)
{
    gt_def *def = ps->def;
    int rc;
    if (!ps->frozen)
        return fail(ps, lt->line, lt->t[0].column, "MoveSequence before the Solved block");
    if (lt->n < 3)
        return fail(ps, lt->line, lt->end_column, "MoveSequence takes a name and at least one move");
    if (gt_def_find_move(def, lt->t[1].s, (size_t)lt->t[1].len) >= 0)
        return fail(ps, lt->line, lt->t[1].column, "move '%.*s' defined twice", lt->t[1].len, lt->t[1].s);
    if (def->n_moves == GT_DEF_MAX_MOVES)
        return fail(ps, lt->line, lt->t[0].column, "more than %d moves", GT_DEF_MAX_MOVES);
    if ((rc = copy_name(ps, lt->line, &lt->t[1], def->move_name[def->n_moves])) != 0)
        return rc;
    struct move_seq *q = &ps->seq[ps->n_seqs];
    if (!(q->step = malloc((size_t)(lt->n - 2) * sizeof *q->step)))
        return GT_ERR_NOMEM;
    memcpy(q->step, lt->t + 2, (size_t)(lt->n - 2) * sizeof *q->step);
    q->n = lt->n - 2;
    q->line = lt->line;
    q->move = def->n_moves;
    def->move_line[def->n_moves++] = lt->line;
    ps->n_seqs++;
    return GT_OK;
}

static int top_line(parser *ps, const line_toks *lt)
{
    const token *k = &lt->t[0];
    if (tok_is(k, "Name")) {
        if (lt->n < 2)
            return fail(ps, lt->line, lt->end_column, "Name wants a name");
        const char *from = lt->t[1].s, *to = lt->t[lt->n - 1].s + lt->t[lt->n - 1].len;
        snprintf(ps->def->title, sizeof ps->def->title, "%.*s", (int)(to - from), from);
        return GT_OK;
    }
    if (tok_is(k, "Set"))
        return parse_set(ps, lt);
    if (tok_is(k, "@published"))
        return parse_published(ps, lt);
    if (tok_is(k, "@pdb"))
        return parse_pdb(ps, lt);
    if (tok_is(k, "Solved") || tok_is(k, "StartState") || tok_is(k, "Move") || tok_is(k, "MoveTransformation"))
        return open_block(ps, lt);
    if (tok_is(k, "End"))
        return fail(ps, lt->line, k->column, "End outside a block");
    if (tok_is(k, "MoveSequence"))
        return parse_sequence(ps, lt);
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (tok_is(k, refused[i].keyword))
            return fail(ps, lt->line, k->column, "%s lines (%s) are not supported by godtab", refused[i].keyword,
                        refused[i].what);
    for (size_t i = 0; i < sizeof scramble_keywords / sizeof scramble_keywords[0]; i++)
        if (tok_is(k, scramble_keywords[i]))
            return fail(ps, lt->line, k->column,
                        "%s: a twsearch scramble file (a position to solve), not a definition", scramble_keywords[i]);
    return fail(ps, lt->line, k->column,
                "unknown keyword '%.*s' (Name, Set, Solved, StartState, Move, MoveTransformation, MoveSequence)",
                k->len > 40 ? 40 : k->len, k->s);
}

/* A `Move` block's orientation line is indexed by the position a piece
 * comes from (ksolve's convention, kept by twsearch): the twist of the
 * piece arriving at j is ori[perm[j]]. Rewritten here to the destination
 * indexing the model composes with (def.h). */
static void source_indexed(parser *ps)
{
    gt_def *def = ps->def;
    uint8_t *ori = def->move_ori + (size_t)ps->block_move * (size_t)def->total, o[GT_DEF_MAX_POSITIONS];
    const uint16_t *perm = def->move_perm + (size_t)ps->block_move * (size_t)def->total;
    for (int j = 0; j < def->total; j++)
        o[j] = ori[perm[j]];
    memcpy(ori, o, (size_t)def->total);
}

/* A line inside a block: End, a set name, or the set's numbers. */
static int block_line(parser *ps, const line_toks *lt)
{
    const token *k = &lt->t[0];
    int is_number = k->s[0] >= '0' && k->s[0] <= '9';
    if (tok_is(k, "@published"))
        return fail(ps, lt->line, k->column, "@published inside a block");
    if (ps->want == 1) {
        ps->want = 2;
        return parse_perm_line(ps, lt);
    }
    if (ps->want == 2 && (is_number || tok_is(k, "?"))) {
        ps->want = 0;
        return parse_ori_line(ps, lt);
    }
    if (tok_is(k, "End")) {
        if (lt->n > 1)
            return fail(ps, lt->line, lt->t[1].column, "End takes no words after it");
        if (ps->block == BLOCK_MOVE && !ps->new_style)
            source_indexed(ps);
        ps->block = BLOCK_NONE;
        return GT_OK;
    }
    int s = find_set(ps->def, k);
    if (s < 0)
        return fail(ps, lt->line, k->column, "'%.*s' is not a set name (or End is missing)",
                    k->len > 40 ? 40 : k->len, k->s);
    if (ps->set_seen[s]++)
        return fail(ps, lt->line, k->column, "set %s given twice in one block", ps->def->set[s].name);
    if (lt->n > 1)
        return fail(ps, lt->line, lt->t[1].column, "the numbers of set %s go on the next line",
                    ps->def->set[s].name);
    ps->cur_set = s;
    ps->want = 1;
    return GT_OK;
}

static int parse_lines(parser *ps)
{
    line_toks *lt = malloc(sizeof *lt); /* 8 KB: kept off small thread stacks */
    int rc;
    if (!lt)
        return GT_ERR_NOMEM;
    while ((rc = next_line(ps, lt)) == 1) {
        if (lt->n == 0)
            continue;
        rc = ps->block == BLOCK_NONE ? top_line(ps, lt) : block_line(ps, lt);
        if (rc)
            break;
    }
    free(lt);
    return rc;
}

/* The move a sequence step names, its power and direction (R, R2, R',
 * R2'); the whole word is tried as a name first (names may end in digits). */
static int sequence_step(parser *ps, const struct move_seq *q, const token *t, int *move, int *power, int *inverse)
{
    const gt_def *def = ps->def;
    int len = t->len, p = 0, scale = 1;
    *inverse = 0;
    *power = 1;
    if ((*move = gt_def_find_move(def, t->s, (size_t)len)) < 0) {
        if (len > 1 && t->s[len - 1] == '\'')
            *inverse = 1, len--;
        for (; len > 1 && t->s[len - 1] >= '0' && t->s[len - 1] <= '9' && scale <= 1000; len--, scale *= 10)
            p += (t->s[len - 1] - '0') * scale;
        if (scale > 1)
            *power = p;
        *move = gt_def_find_move(def, t->s, (size_t)len);
    }
    if (*move < 0)
        return fail(ps, q->line, t->column, "MoveSequence step '%.*s' is not a Move of the file",
                    t->len > 40 ? 40 : t->len, t->s);
    for (int i = 0; i < ps->n_seqs; i++)
        if (ps->seq[i].move == *move)
            return fail(ps, q->line, t->column, "a MoveSequence inside a MoveSequence ('%s') is not supported",
                        def->move_name[*move]);
    if (*power < 1 || *power > 255)
        return fail(ps, q->line, t->column, "MoveSequence step '%.*s': a power out of range 1..255",
                    t->len > 40 ? 40 : t->len, t->s);
    return GT_OK;
}

/* The step's (perm, ori) in from/twist: move m, or its inverse (position
 * perm[j] receives the piece at j, less its twist). omod: each flat
 * position's orientation count. */
static void step_transform(const gt_def *def, const uint8_t *omod, int m, int inverse, uint16_t *from,
                           uint8_t *twist)
{
    const size_t n = (size_t)def->total;
    const uint16_t *mp = def->move_perm + (size_t)m * n;
    const uint8_t *mo = def->move_ori + (size_t)m * n;
    for (size_t j = 0; j < n; j++) {
        if (!inverse) {
            from[j] = mp[j];
            twist[j] = mo[j];
        } else {
            from[mp[j]] = (uint16_t)j;
            twist[mp[j]] = (uint8_t)((omod[j] - mo[j]) % omod[j]);
        }
    }
}

/* acc := acc followed by the step (from, twist); both destination indexed
 * (defn.h). tp, to: scratch of total entries. */
static void compose_step(const gt_def *def, const uint8_t *omod, uint16_t *acc, uint8_t *acc_ori,
                         const uint16_t *from, const uint8_t *twist, uint16_t *tp, uint8_t *to)
{
    const size_t n = (size_t)def->total;
    for (size_t j = 0; j < n; j++) {
        tp[j] = acc[from[j]];
        to[j] = (uint8_t)((acc_ori[from[j]] + twist[j]) % omod[j]);
    }
    memcpy(acc, tp, n * sizeof *acc);
    memcpy(acc_ori, to, n);
}

/* Fills every MoveSequence's move slot with the product of its steps. */
static int resolve_sequences(parser *ps)
{
    gt_def *def = ps->def;
    const size_t n = (size_t)def->total;
    int rc = GT_OK;
    uint8_t *omod = malloc(n), *to = malloc(n), *twist = malloc(n);
    uint16_t *tp = malloc(n * sizeof *tp), *from = malloc(n * sizeof *from);
    if (!omod || !to || !twist || !tp || !from)
        rc = GT_ERR_NOMEM;
    for (int s = 0; rc == GT_OK && s < def->n_sets; s++)
        memset(omod + def->set[s].offset, def->set[s].omod, (size_t)def->set[s].n);
    for (int i = 0; rc == GT_OK && i < ps->n_seqs; i++) {
        const struct move_seq *q = &ps->seq[i];
        uint16_t *acc = def->move_perm + (size_t)q->move * n;
        uint8_t *acc_ori = def->move_ori + (size_t)q->move * n;
        for (size_t j = 0; j < n; j++)
            acc[j] = (uint16_t)j, acc_ori[j] = 0;
        for (int k = 0; rc == GT_OK && k < q->n; k++) {
            int m, power, inverse;
            if ((rc = sequence_step(ps, q, &q->step[k], &m, &power, &inverse)) != GT_OK)
                break;
            step_transform(def, omod, m, inverse, from, twist);
            for (int r = 0; r < power; r++)
                compose_step(def, omod, acc, acc_ori, from, twist, tp, to);
        }
    }
    free(omod);
    free(to);
    free(twist);
    free(tp);
    free(from);
    return rc;
}

static int check_end(parser *ps)
{
    int line = ps->line ? ps->line : 1;
    if (ps->block != BLOCK_NONE)
        return fail(ps, line, 1, ps->want == 1 ? "missing the numbers of set %s and End of the block opened on line %d"
                                                : "%smissing End of the block opened on line %d",
                    ps->want == 1 ? ps->def->set[ps->cur_set].name : "", ps->block_line);
    if (ps->def->n_sets == 0)
        return fail(ps, line, 1, "no Set in the definition");
    if (!ps->seen_solved)
        return fail(ps, line, 1, "no Solved block in the definition");
    if (ps->def->n_moves == 0)
        return fail(ps, line, 1, "no Move in the definition");
    return resolve_sequences(ps);
}

int gt_def_parse(const char *text, size_t len, gt_def **out, gt_def_error *err)
{
    parser ps = {.text = text, .len = len, .err = err, .block = BLOCK_NONE, .cur_set = -1};
    int rc;
    *out = NULL;
    if (err)
        memset(err, 0, sizeof *err);
    if (!(ps.def = calloc(1, sizeof *ps.def)))
        return GT_ERR_NOMEM;
    if ((rc = parse_lines(&ps)) == GT_OK)
        rc = check_end(&ps);
    for (int i = 0; i < ps.n_seqs; i++)
        free(ps.seq[i].step);
    if (rc) {
        gt_def_free(ps.def);
        return rc;
    }
    gt_def_set_move_orders(ps.def);
    *out = ps.def;
    return GT_OK;
}

