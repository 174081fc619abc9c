/* godtab-group: permutation puzzles given by generators.
 *
 *   godtab-group order FILE          exact order, base, orbit lengths
 *   godtab-group member FILE PERM    membership, a word for PERM, shortened
 *   godtab-group cube-def N [...]    print the definition of an n×n×n cube
 *
 * Only this file prints or exits; the engine is in common/ (permgroup,
 * puzdef, group_words, cubegroup). Exit codes: docs/groups.md. */
#include "cubegroup.h"
#include "group_short.h"
#include "group_words.h"
#include "gt_error.h"
#include "permgroup.h"
#include "puzdef.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: godtab-group order [--deterministic] FILE\n"
    "       godtab-group member FILE PERM\n"
    "       godtab-group cube-def N [--faces LETTERS] [--inner]\n"
    "\n"
    "FILE is a puzzle definition (docs/groups.md; examples in puzzles/).\n"
    "  order    prints the exact order of the group, its base and the orbit\n"
    "           lengths of the stabiliser chain (random Schreier-Sims, then a\n"
    "           deterministic check; --deterministic: no random phase).\n"
    "  member   says whether PERM is in the group. PERM is written in cycle\n"
    "           notation \"(1,2,3)(4,5)\" or as the list of the images of 1..n;\n"
    "           for a definition that is a 2x2x2, 3x3x3 or 4x4x4 cube (such as\n"
    "           puzzles/cube3_seed48.def) it may also be a scramble \"R U R' U'\"\n"
    "           (WCA/SiGN) or, for n = 2 and 3, a facelet string: exactly 6n^2\n"
    "           capital letters URFDLB, faces in the order U R F D L B, each row\n"
    "           by row as seen from outside (the net in README.md).\n"
    "           A member is written as a word in the generators, then shortened\n"
    "           (near the identity: a shortest word, by meet in the middle); for\n"
    "           a cube position the solution (the inverse word) is printed.\n"
    "  cube-def prints the definition of the n×n×n cube (n = 2..4) on its 6n^2\n"
    "           facelets (centres of odd n left out), from common/facecube.c:\n"
    "           --faces LETTERS keeps only these outer turns (default URFDLB),\n"
    "           --inner adds the inner slice turns 2U 2R 2F 2D 2L 2B.\n"
    "\n"
    "exit status: 0 success (member: PERM is in the group), 1 usage,\n"
    "2 malformed definition or PERM (the message gives line and column),\n"
    "3 PERM is not in the group, 6 FILE cannot be read, 9 internal error.\n";

static int usage_error(const char *msg)
{
    fprintf(stderr, "godtab-group: %s (try --help)\n", msg);
    return GT_EXIT_USAGE;
}

/* Loads FILE and builds its group; prints the one-line error itself. */
static int load_group(const char *path, const gt_group_options *opt, gt_puzdef **def, gt_group **grp)
{
    gt_puzdef_error err;
    int rc = gt_puzdef_load(path, def, &err);
    if (rc < 0) {
        if (err.line > 0)
            fprintf(stderr, "godtab-group: %s:%d:%d: %s\n", path, err.line, err.column, err.message);
        else if (rc == GT_ERR_STORAGE || rc == GT_ERR_PARSE)
            fprintf(stderr, "godtab-group: %s: %s\n", path, err.message);
        else
            fprintf(stderr, "godtab-group: %s: %s\n", path, gt_strerror(rc));
        return rc;
    }
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    gt_puzdef_gen_ptrs(*def, ptrs);
    if ((rc = gt_group_create((*def)->degree, (*def)->ngens, ptrs, opt, grp)) < 0) {
        fprintf(stderr, "godtab-group: %s: %s\n", path, gt_strerror(rc));
        gt_puzdef_free(*def);
        *def = NULL;
    }
    return rc;
}

static int cmd_order(const char *path, int deterministic)
{
    gt_puzdef *def = NULL;
    gt_group *grp = NULL;
    gt_group_options opt = {0, deterministic ? -1 : 0, 0};
    int rc = load_group(path, &opt, &def, &grp);
    if (rc < 0)
        return gt_exit_code(rc);
    mpz_t order;
    mpz_init(order);
    gt_group_order(grp, order);
    gt_group_stats st;
    gt_group_get_stats(grp, &st);
    if (def->title[0])
        printf("name: %s\n", def->title);
    printf("points: %d\ngenerators: %d\n", def->degree, def->ngens);
    gmp_printf("order: %Zd\n", order);
    printf("base:");
    for (int i = 0; i < gt_group_base_length(grp); i++)
        printf(" %d", gt_group_base_point(grp, i) + 1);
    printf("\norbit lengths:");
    for (int i = 0; i < gt_group_base_length(grp); i++)
        printf(" %d", gt_group_orbit_length(grp, i));
    printf("\nstrong generators: %d\n", st.strong_generators);
    gt_cubegroup_map *map = malloc(sizeof *map);
    if (map && gt_cubegroup_match(def, map) == GT_OK) {
        /* which turn each generator is, found from the actions alone */
        printf("cube: %dx%dx%d, generators as turns:", map->n, map->n, map->n);
        for (int k = 0; k < def->ngens; k++) {
            char move[8];
            gt_notation_format(map->n, map->gen_turn[k], move);
            printf(" %s=%s", def->names[k], move);
        }
        printf("\n");
    }
    free(map);
    printf("construction: %d random elements sifted, %d Schreier generators checked, %d added by the check\n",
           st.random_elements, st.schreier_checked, st.check_additions);
    mpz_clear(order);
    gt_group_free(grp);
    gt_puzdef_free(def);
    return GT_EXIT_OK;
}

/* Characters per printed syllable at most: a 15-letter name, "^-NNNNNNN", a blank. */
enum { SYLLABLE_TEXT = 26 };

static int print_perm_error(const char *what, const gt_puzdef_error *err, int rc)
{
    fprintf(stderr, "godtab-group: %s:%d:%d: %s\n", what, err->line, err->column, err->message);
    return gt_exit_code(rc);
}

/* Reads PERM: cycles or images, else (cube definitions) facelets or a scramble.
 * *is_position tells whether it was a cube position. */
static int read_perm(const gt_puzdef *def, const char *text, gt_point *perm, gt_cubegroup_map *map,
                     int *have_map, int *is_position)
{
    gt_puzdef_error err;
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    *is_position = 0;
    *have_map = 0;
    /* cycles, or an image list (digits, commas, blanks only); anything else,
     * such as "2R U", is a position and needs a cube definition */
    int image_list = *p && strspn(p, "0123456789, \t") == strlen(p);
    if (*p == '(' || *p == ')' || *p == '[' || image_list) {
        int rc = gt_perm_parse(def->degree, text, perm, &err);
        return rc < 0 ? print_perm_error("PERM", &err, rc) : GT_EXIT_OK;
    }
    *have_map = gt_cubegroup_match(def, map) == GT_OK;
    if (!*have_map) {
        int rc = gt_perm_parse(def->degree, text, perm, &err);
        if (rc < 0 && isdigit((unsigned char)*p))
            return print_perm_error("PERM", &err, rc);
        fprintf(stderr, "godtab-group: PERM:1:%d: expected cycles \"(1,2,3)\" or %d images; "
                        "scrambles and facelet strings need a cube definition\n",
                (int)(p - text) + 1, def->degree);
        return GT_EXIT_PARSE;
    }
    *is_position = 1;
    int n = map->n, total = 6 * n * n, facelets = (int)strlen(text) == total && n <= 3;
    /* 6n² capital letters and nothing else: a facelet string (a scramble
     * that long without blanks or suffixes would be read as one too) */
    for (int k = 0; facelets && k < total; k++)
        facelets = isupper((unsigned char)text[k]);
    int rc = facelets ? gt_cubegroup_facelet_position(map, text, perm, &err)
                      : gt_cubegroup_scramble_position(map, text, perm, &err);
    return rc < 0 ? print_perm_error(facelets ? "facelets" : "scramble", &err, rc) : GT_EXIT_OK;
}

static int cmd_member(const char *path, const char *text)
{
    gt_puzdef *def = NULL;
    gt_group *grp = NULL;
    gt_words *words = NULL;
    gt_short_words *near = NULL;
    gt_cubegroup_map *map = malloc(sizeof *map);
    gt_point *perm = malloc(GT_PERM_MAX_DEGREE * sizeof *perm);
    int *letters = NULL;
    gt_syllable *syl = NULL;
    char *buf = NULL;
    int status = GT_EXIT_INTERNAL, rc, have_map, is_position, len = 0, cap = 0, text_cap = 0;
    if (!map || !perm) {
        fprintf(stderr, "godtab-group: %s\n", gt_strerror(GT_ERR_NOMEM));
        goto out;
    }
    if ((rc = load_group(path, NULL, &def, &grp)) < 0) {
        status = gt_exit_code(rc);
        goto out;
    }
    if ((status = read_perm(def, text, perm, map, &have_map, &is_position)) != GT_EXIT_OK)
        goto out;
    if (!gt_group_contains(grp, perm, NULL)) {
        printf("member: no\n");
        if (have_map && is_position) {
            /* seed 003: say which invariant the position breaks */
            uint16_t fpos[GT_FACELETS_MAX];
            gt_cubegroup_invariants inv;
            for (int f = 0; f < 6 * map->n * map->n; f++)
                fpos[f] = (uint16_t)f;
            for (int q = 0; q < def->degree; q++)
                fpos[map->facelet_of_point[q]] = (uint16_t)map->facelet_of_point[perm[q]];
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
        status = GT_EXIT_ILLEGAL;
        goto out;
    }
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    gt_puzdef_gen_ptrs(def, ptrs);
    if ((rc = gt_words_create(grp, def->ngens, ptrs, &words)) == GT_OK) {
        cap = gt_words_max_length(words) + 1;
        text_cap = cap * SYLLABLE_TEXT + 16;
        letters = malloc((size_t)2 * cap * sizeof *letters); /* later: generators and powers */
        syl = malloc((size_t)cap * sizeof *syl);
        buf = malloc((size_t)text_cap);
        if (!letters || !syl || !buf)
            rc = GT_ERR_NOMEM;
    }
    if (rc == GT_OK && (rc = gt_words_factor(words, perm, letters, cap, &len)) == 0) {
        /* the chain and the table disagree: cannot happen */
        fprintf(stderr, "godtab-group: internal error: a member did not factorise\n");
        status = GT_EXIT_INTERNAL;
        goto out;
    }
    if (rc < 0) {
        fprintf(stderr, "godtab-group: factorisation: %s\n", gt_strerror(rc));
        status = gt_exit_code(rc);
        goto out;
    }
    printf("member: yes\n");
    /* The raw word, one letter per generator or inverse. */
    for (int k = 0; k < len; k++)
        syl[k] = (gt_syllable){letters[k] >> 1, letters[k] & 1 ? -1 : 1};
    if (gt_words_format(def->names, syl, len, buf, text_cap) == GT_OK)
        printf("word: %s\n", len ? buf : "(empty)");
    int short_len = gt_words_shorten(words, letters, len, syl);
    printf("length: %d -> %d after shortening\n", len, short_len);
    if (gt_words_format(def->names, syl, short_len, buf, text_cap) == GT_OK)
        printf("shortened: %s\n", short_len ? buf : "(empty)");
    /* Near the identity a shortest word exists by meet in the middle; it
     * replaces the table's word when it is shorter. */
    int near_len = 0;
    if (gt_short_create(def->degree, def->ngens, ptrs, 0, &near) == GT_OK && cap >= 2 * gt_short_depth(near) &&
        gt_short_find(near, perm, letters, cap, &near_len) == 1) {
        gt_syllable *nsyl = malloc((size_t)(near_len + 1) * sizeof *nsyl);
        int nlen = nsyl ? gt_words_shorten(words, letters, near_len, nsyl) : short_len;
        if (nsyl && nlen < short_len) {
            memcpy(syl, nsyl, (size_t)nlen * sizeof *syl);
            short_len = nlen;
            if (gt_words_format(def->names, syl, short_len, buf, text_cap) == GT_OK)
                printf("shortest: %s (%d moves; no word has fewer than its %d letters)\n",
                       short_len ? buf : "(empty)", short_len, near_len);
        }
        free(nsyl);
    }
    if (is_position) {
        /* The position is the product of the word; undoing it solves it. */
        gt_words_invert(words, syl, short_len);
        if (gt_words_format(def->names, syl, short_len, buf, text_cap) == GT_OK)
            printf("solution: %s\n", short_len ? buf : "(empty)");
        int *g = letters, *pw = letters + short_len;
        for (int k = 0; k < short_len; k++) {
            g[k] = syl[k].gen;
            pw[k] = syl[k].power;
        }
        if (gt_cubegroup_format_word(map, short_len, g, pw, buf, text_cap) == GT_OK)
            printf("solution in cube notation: %s\n", buf[0] ? buf : "(empty)");
    }
    status = GT_EXIT_OK;
out:
    gt_words_free(words);
    gt_short_free(near);
    gt_group_free(grp);
    gt_puzdef_free(def);
    free(map);
    free(perm);
    free(letters);
    free(syl);
    free(buf);
    return status;
}

static int cmd_cube_def(int argc, char **argv)
{
    const char *faces = "URFDLB";
    int inner = 0;
    char *end;
    long n = strtol(argv[2], &end, 10);
    if (*end || n < 2 || n > 4)
        return usage_error("cube-def: N must be 2, 3 or 4");
    for (int k = 3; k < argc; k++) {
        if (!strcmp(argv[k], "--inner"))
            inner = 1;
        else if (!strcmp(argv[k], "--faces") && k + 1 < argc)
            faces = argv[++k];
        else
            return usage_error("cube-def: unknown option");
    }
    if (!*faces || strspn(faces, "URFDLB") != strlen(faces))
        return usage_error("cube-def: --faces takes letters of URFDLB");
    if (inner && n != 4)
        return usage_error("cube-def: --inner is for N = 4");
    static char buf[1 << 16];
    if (gt_cubegroup_definition_text((int)n, faces, inner, buf, sizeof buf) < 0)
        return usage_error("cube-def: cannot build this definition");
    printf("# Generated by: godtab-group cube-def %ld%s%s%s\n", n, strcmp(faces, "URFDLB") ? " --faces " : "",
           strcmp(faces, "URFDLB") ? faces : "", inner ? " --inner" : "");
    printf("# Points are the %sfacelets of common/facecube.h, numbered from 1:\n"
           "# faces U R F D L B, each row by row as seen from outside%s.\n"
           "# Generators are clockwise quarter turns named in SiGN notation%s.\n",
           n == 3 ? "moving " : "", n == 3 ? " (centres left out)" : "",
           inner ? " (2U: the second layer from U)" : "");
    fputs(buf, stdout);
    return GT_EXIT_OK;
}


int main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))) {
        fputs(usage_text, stdout);
        return GT_EXIT_OK;
    }
    if (argc < 2)
        return usage_error("missing command");
    if (!strcmp(argv[1], "order")) {
        int deterministic = argc == 4 && !strcmp(argv[2], "--deterministic");
        if (argc != 3 + deterministic)
            return usage_error("order takes [--deterministic] FILE");
        return cmd_order(argv[2 + deterministic], deterministic);
    }
    if (!strcmp(argv[1], "member")) {
        if (argc != 4)
            return usage_error("member takes FILE and PERM");
        return cmd_member(argv[2], argv[3]);
    }
    if (!strcmp(argv[1], "cube-def")) {
        if (argc < 3)
            return usage_error("cube-def takes N");
        return cmd_cube_def(argc, argv);
    }
    return usage_error("unknown command");
}
