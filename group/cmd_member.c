/* godtab-group member [--timeout S] [--progress] FILE PERM: whether PERM is in the group; for a member
 * a word in the generators, shortened (near the identity: a shortest word),
 * and for a cube position the solution; for a cube position that is not a
 * member, the invariant it breaks. */
#include "cubegroup.h"
#include "group_cli.h"
#include "group_short.h"
#include "group_words.h"
#include "gt_error.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Characters per printed syllable at most: a 15-letter name, "^-NNNNNNN", a blank. */
enum { SYLLABLE_TEXT = 26 };

/* The question: the group and PERM read against its definition. */
typedef struct member_query {
    gt_puzdef *def;
    gt_group *grp;
    gt_cubegroup_map *map; /* filled in when have_map */
    gt_point *perm;        /* GT_PERM_MAX_DEGREE points */
    int have_map;          /* the definition is a cube */
    int is_position;       /* PERM was a scramble or a facelet string */
    const char *path;      /* FILE */
    group_cli_limits *lim; /* --timeout, --progress */
} member_query;

/* The answer: the word table of the group and the buffers a word is
 * written and printed from. */
typedef struct member_words {
    gt_words *words;
    int cap;              /* letters a word may have, plus one */
    int *letters;         /* 2 * cap: the factorisation, later generators and powers */
    gt_syllable *syl;     /* cap */
    char *text;           /* text_cap */
    int text_cap;
    int len, short_len;   /* letters of the factorisation; syllables of the shortened word */
} member_words;

/* ---- reading PERM ---- */

static int print_perm_error(const char *what, const gt_puzdef_error *err, int rc)
{
    fprintf(stderr, "godtab-group: %s:%d:%d: %s\n", what, err->line, err->column, err->message);
    return gt_exit_code(rc);
}

/* PERM is neither cycles nor an image list and the definition is no cube. */
static int print_not_a_perm(const gt_puzdef *def, const char *text, const char *p, gt_point *perm)
{
    gt_puzdef_error err;
    int rc = gt_perm_parse(def->degree, text, perm, &err);
    if (rc < 0 && isdigit((unsigned char)*p))
        return print_perm_error("PERM", &err, rc);
    fprintf(stderr, "godtab-group: PERM:1:%d: expected cycles \"(1,2,3)\" or %d images; "
                    "scrambles and facelet strings need a cube definition\n",
            (int)(p - text) + 1, def->degree);
    return GT_EXIT_PARSE;
}

/* A cube position: 6n² characters with no blank or quote and no more than
 * six different ones are a facelet string, in any colour scheme (a scramble
 * that long without blanks or suffixes would be read as one too), anything
 * else a scramble. */
static int read_position(const gt_cubegroup_map *map, const char *text, gt_point *perm)
{
    gt_puzdef_error err;
    int n = map->n, total = 6 * n * n, facelets = (int)strlen(text) == total && n <= 3;
    char seen[256] = {0};
    int kinds = 0;
    for (int k = 0; facelets && k < total; k++) {
        unsigned char ch = (unsigned char)text[k];
        facelets = isgraph(ch) && ch != '\'' && ch != '(' && ch != '[';
        kinds += !seen[ch]++;
    }
    facelets = facelets && kinds <= 7; /* seven: refused as facelets, naming the seventh */
    int rc = facelets ? gt_cubegroup_facelet_position(map, text, perm, &err)
                      : gt_cubegroup_scramble_position(map, text, perm, &err);
    return rc < 0 ? print_perm_error(facelets ? "facelets" : "scramble", &err, rc) : GT_EXIT_OK;
}

/* Reads PERM into q->perm: cycles or images, else (cube definitions)
 * facelets or a scramble. Prints the one-line error itself; returns the
 * exit code. */
static int read_perm(member_query *q, const char *text)
{
    gt_puzdef_error err;
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    /* cycles, or an image list (digits, commas, blanks only); anything else,
     * such as "2R U", is a position and needs a cube definition */
    int image_list = *p && strspn(p, "0123456789, \t") == strlen(p);
    if (*p == '(' || *p == ')' || *p == '[' || image_list) {
        int rc = gt_perm_parse(q->def->degree, text, q->perm, &err);
        return rc < 0 ? print_perm_error("PERM", &err, rc) : GT_EXIT_OK;
    }
    q->have_map = gt_cubegroup_match(q->def, q->map) == GT_OK;
    if (!q->have_map)
        return print_not_a_perm(q->def, text, p, q->perm);
    q->is_position = 1;
    return read_position(q->map, text, q->perm);
}

/* ---- answering: not a member ---- */

/* Seed 003: which invariant a cube position outside the group breaks. */
static void print_invariants(const member_query *q)
{
    const gt_cubegroup_map *map = q->map;
    uint16_t fpos[GT_FACELETS_MAX];
    gt_cubegroup_invariants inv;
    for (int f = 0; f < 6 * map->n * map->n; f++)
        fpos[f] = (uint16_t)f;
    for (int k = 0; k < q->def->degree; k++)
        fpos[map->facelet_of_point[k]] = (uint16_t)map->facelet_of_point[q->perm[k]];
    gt_cubegroup_invariants_of(map->n, fpos, &inv);
    printf("corner twist (mod 3): %d\n", inv.corner_twist);
    if (map->n == 3)
        printf("edge flip (mod 2): %d\n", inv.edge_flip);
    printf("corner parity: %s\n", inv.corner_sign > 0 ? "even" : "odd");
    if (map->n >= 3)
        printf("%s parity: %s\n", map->n == 3 ? "edge" : "wing", inv.edge_sign > 0 ? "even" : "odd");
    if (map->n == 4)
        printf("centre parity: %s\n", inv.centre_sign > 0 ? "even" : "odd");
}

static int answer_non_member(const member_query *q)
{
    printf("member: no\n");
    if (q->have_map && q->is_position)
        print_invariants(q);
    return GT_EXIT_ILLEGAL;
}

/* ---- answering: a member ---- */

/* Builds the word table and the buffers. Returns GT_OK or a GT_ERR_* code;
 * words_close releases what was made either way. */
static int words_open(member_words *w, const member_query *q, const gt_point *const *ptrs)
{
    int rc = gt_words_create_limited(q->grp, q->def->ngens, ptrs, &q->lim->lim, &w->words);
    if (rc < 0)
        return rc;
    w->cap = gt_words_max_length(w->words) + 1;
    w->text_cap = w->cap * SYLLABLE_TEXT + 16;
    w->letters = malloc((size_t)2 * w->cap * sizeof *w->letters);
    w->syl = malloc((size_t)w->cap * sizeof *w->syl);
    w->text = malloc((size_t)w->text_cap);
    return w->letters && w->syl && w->text ? GT_OK : GT_ERR_NOMEM;
}

static void words_close(member_words *w)
{
    gt_words_free(w->words);
    free(w->letters);
    free(w->syl);
    free(w->text);
}

/* Prints "LABEL: WORD" for the first len syllables of w->syl, when they fit. */
static void print_syllables(const gt_puzdef *def, const member_words *w, const char *label, int len)
{
    if (gt_words_format(def->names, w->syl, len, w->text, w->text_cap) == GT_OK)
        printf("%s: %s\n", label, len ? w->text : "(empty)");
}

/* The raw word, one letter per generator or inverse, then shortened. */
static void print_word(const gt_puzdef *def, member_words *w)
{
    for (int k = 0; k < w->len; k++)
        w->syl[k] = (gt_syllable){w->letters[k] >> 1, w->letters[k] & 1 ? -1 : 1};
    print_syllables(def, w, "word", w->len);
    w->short_len = gt_words_shorten(w->words, w->letters, w->len, w->syl);
    printf("length: %d -> %d after shortening\n", w->len, w->short_len);
    print_syllables(def, w, "shortened", w->short_len);
}

/* Near the identity a shortest word exists by meet in the middle; it
 * replaces the table's word when it is shorter. */
static void print_shortest(const member_query *q, member_words *w, const gt_point *const *ptrs)
{
    gt_short_words *near = NULL;
    gt_syllable *nsyl = NULL;
    int near_len = 0, nlen;
    if (gt_short_create(q->def->degree, q->def->ngens, ptrs, 0, &near) != GT_OK ||
        w->cap < 2 * gt_short_depth(near) || gt_short_find(near, q->perm, w->letters, w->cap, &near_len) != 1)
        goto free_near;
    if (!(nsyl = malloc((size_t)(near_len + 1) * sizeof *nsyl)))
        goto free_near;
    if ((nlen = gt_words_shorten(w->words, w->letters, near_len, nsyl)) >= w->short_len)
        goto free_nsyl;
    memcpy(w->syl, nsyl, (size_t)nlen * sizeof *w->syl);
    w->short_len = nlen;
    if (gt_words_format(q->def->names, w->syl, nlen, w->text, w->text_cap) == GT_OK)
        printf("shortest: %s (%d moves; no word has fewer than its %d letters)\n", nlen ? w->text : "(empty)",
               nlen, near_len);
free_nsyl:
    free(nsyl);
free_near:
    gt_short_free(near);
}

/* The position is the product of the word; undoing it solves it. */
static void print_solution(const member_query *q, member_words *w)
{
    int len = w->short_len, *gens = w->letters, *powers = w->letters + len;
    gt_words_invert(w->words, w->syl, len);
    print_syllables(q->def, w, "solution", len);
    for (int k = 0; k < len; k++) {
        gens[k] = w->syl[k].gen;
        powers[k] = w->syl[k].power;
    }
    if (gt_cubegroup_format_word(q->map, len, gens, powers, w->text, w->text_cap) == GT_OK)
        printf("solution in cube notation: %s\n", w->text[0] ? w->text : "(empty)");
}

static int answer_member(const member_query *q)
{
    member_words w = {0};
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    int status, rc;
    gt_puzdef_gen_ptrs(q->def, ptrs);
    if ((rc = words_open(&w, q, ptrs)) == GT_OK &&
        (rc = gt_words_factor(w.words, q->perm, w.letters, w.cap, &w.len)) == 0) {
        /* the chain and the table disagree: cannot happen */
        fprintf(stderr, "godtab-group: internal error: a member did not factorise\n");
        status = GT_EXIT_INTERNAL;
        goto close_words;
    }
    if (rc == GT_ERR_TIMEOUT && q->lim->timeout > 0) {
        status = group_cli_timeout_error(q->path, q->lim, "building the factorisation table");
        goto close_words;
    }
    if (rc < 0) {
        fprintf(stderr, "godtab-group: factorisation: %s\n", gt_strerror(rc));
        status = gt_exit_code(rc);
        goto close_words;
    }
    printf("member: yes\n");
    print_word(q->def, &w);
    print_shortest(q, &w, ptrs);
    if (q->is_position)
        print_solution(q, &w);
    status = GT_EXIT_OK;
close_words:
    words_close(&w);
    return status;
}

/* ---- the subcommand ---- */

/* Loads FILE, reads PERM against it and prints the answer. */
static int answer_query(const char *path, const char *text, group_cli_limits *lim)
{
    member_query q = {.path = path, .lim = lim};
    int status = GT_EXIT_INTERNAL, rc;
    q.map = malloc(sizeof *q.map);
    q.perm = malloc(GT_PERM_MAX_DEGREE * sizeof *q.perm);
    if (!q.map || !q.perm) {
        fprintf(stderr, "godtab-group: %s\n", gt_strerror(GT_ERR_NOMEM));
        goto free_buffers;
    }
    group_cli_start(lim);
    if ((rc = group_cli_load(path, NULL, lim, &q.def, &q.grp)) < 0) {
        status = gt_exit_code(rc);
        goto free_buffers;
    }
    if ((status = read_perm(&q, text)) != GT_EXIT_OK)
        goto free_group;
    status = gt_group_contains(q.grp, q.perm, NULL) ? answer_member(&q) : answer_non_member(&q);
free_group:
    gt_group_free(q.grp);
    gt_puzdef_free(q.def);
free_buffers:
    free(q.perm);
    free(q.map);
    return status;
}

int group_cmd_member(int argc, char **argv)
{
    group_cli_limits lim = {0};
    const char *args[2];
    int nargs = 0;
    for (int k = 2; k < argc;) {
        int r = group_cli_limit_option(argc, argv, &k, &lim);
        if (r < 0)
            return GT_EXIT_USAGE;
        if (r > 0)
            continue;
        if (nargs == 2)
            return group_cli_usage_error("member takes FILE and PERM");
        args[nargs++] = argv[k++];
    }
    if (nargs != 2)
        return group_cli_usage_error("member takes FILE and PERM");
    return answer_query(args[0], args[1], &lim);
}
