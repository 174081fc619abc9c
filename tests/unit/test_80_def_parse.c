/* The definition grammar (common/defn/defn.h) as the def model reads it:
 * .tws and cycle-notation .def. The golden cases of
 * tests/golden/def.txt (format: tests/golden/README.md), then what a golden
 * line cannot show: identical pieces, flat move positions, line endings,
 * the move list of --moves and the @published annotations.
 *
 * `test_80_def_parse --print` prints the golden file with every expectation
 * replaced by what the parser does now (review the diff before keeping it). */
#include "test_util.h"

#include "catalog_def.h"
#include "def.h"
#include "gt_error.h"
#include "notation.h"

#define GOLDEN GODTAB_ROOT "/tests/golden/def.txt"

static int print_mode;

/* Input text escapes: \t \n \r \\ \xHH. */
static size_t unescape(const char *in, char *out)
{
    size_t n = 0;
    for (const char *p = in; *p; p++) {
        if (*p != '\\' || !p[1]) {
            out[n++] = *p;
            continue;
        }
        p++;
        if (*p == 'n') out[n++] = '\n';
        else if (*p == 't') out[n++] = '\t';
        else if (*p == 'r') out[n++] = '\r';
        else if (*p == 'x' && p[1] && p[2]) {
            char hex[3] = {p[1], p[2], 0};
            out[n++] = (char)strtol(hex, NULL, 16);
            p += 2;
        } else out[n++] = *p;
    }
    return n;
}

/* A parsed definition in one line: sets, moves with their orders, solved
 * labels, start. */
static void summary(const gt_def *d, char *buf, size_t cap)
{
    size_t len = 0;
    len += (size_t)snprintf(buf + len, cap - len, "sets=");
    for (int s = 0; s < d->n_sets; s++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s/%d/%d", s ? "," : "", d->set[s].name, d->set[s].n,
                                d->set[s].omod);
    len += (size_t)snprintf(buf + len, cap - len, " moves=");
    for (int m = 0; m < d->n_moves; m++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s/%d", m ? "," : "", d->move_name[m], d->move_order[m]);
    len += (size_t)snprintf(buf + len, cap - len, " solved=");
    for (int j = 0; j < d->total && len + 8 < cap; j++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%d", j ? "." : "", d->solved_perm[j] + 1);
    if (d->title[0])
        len += (size_t)snprintf(buf + len, cap - len, " name=\"%s\"", d->title);
    if (d->n_published)
        len += (size_t)snprintf(buf + len, cap - len, " published=%d", d->n_published);
    if (d->has_start)
        snprintf(buf + len, cap - len, " start");
}

/* A "> state TEXT" case: the '|' lines are a definition, TEXT (escaped)
 * a state for gt_def_parse_state; the result is the state's labels and
 * orientations, or the error. */
static void run_state_case(const char *text, size_t n, const char *query, char *actual, size_t cap)
{
    gt_def *d = NULL;
    gt_def_error err;
    char q[4096];
    q[unescape(query, q)] = 0;
    assert_int_equal(gt_def_parse(text, n, &d, &err), GT_OK);
    uint8_t perm[256], ori[256];
    int rc = gt_def_parse_state(d, q, perm, ori, &err);
    if (rc == GT_OK) {
        size_t len = (size_t)snprintf(actual, cap, "= perm=");
        for (int j = 0; j < d->total; j++)
            len += (size_t)snprintf(actual + len, cap - len, "%s%d", j ? "." : "", perm[j] + 1);
        len += (size_t)snprintf(actual + len, cap - len, " ori=");
        for (int j = 0; j < d->total; j++)
            len += (size_t)snprintf(actual + len, cap - len, "%s%d", j ? "." : "", ori[j]);
    } else {
        snprintf(actual, cap, "! %d state:%d:%d: %s", gt_exit_code(rc), err.line, err.column, err.message);
    }
    gt_def_free(d);
}

/* A "> alg TEXT" case: the '|' lines are a definition, TEXT (escaped) an
 * alg for gt_def_parse_alg; the result is its turns, each the move's name,
 * '*' and its power ("A*1 B*3"), or the error. */
static void run_alg_case(const char *text, size_t n, const char *query, char *actual, size_t cap)
{
    gt_def *d = NULL;
    gt_def_error err;
    gt_turn *turns = NULL;
    long count = 0;
    char q[4096];
    q[unescape(query, q)] = 0;
    assert_int_equal(gt_def_parse(text, n, &d, &err), GT_OK);
    int rc = gt_def_parse_alg(d, q, &turns, &count, &err);
    if (rc == GT_OK) {
        size_t len = (size_t)snprintf(actual, cap, "=");
        for (long i = 0; i < count && len + 40 < cap; i++)
            len += (size_t)snprintf(actual + len, cap - len, " %s*%d", d->move_name[turns[i].face], turns[i].quarters);
    } else {
        assert_null(turns);
        snprintf(actual, cap, "! %d alg:%d:%d: %s", gt_exit_code(rc), err.line, err.column, err.message);
    }
    free(turns);
    gt_def_free(d);
}

/* Runs one case ("> tws", or "> def": the cycle notation as godtab-gen
 * --def reads it, held to the model's limits); returns its actual
 * expectation line. */
static void run_case(const char *text, size_t n, int cycles, char *actual, size_t cap)
{
    gt_def *d = NULL;
    gt_def_error err;
    int rc = gt_catalog_def_parse(text, n, cycles, &d, &err);
    if (rc == GT_OK) {
        char s[2048];
        summary(d, s, sizeof s);
        snprintf(actual, cap, "= %s", s);
        gt_def_free(d);
    } else {
        assert_null(d);
        snprintf(actual, cap, "! %d %s:%d:%d: %s", gt_exit_code(rc), cycles ? "def" : "tws", err.line, err.column,
                 err.message);
    }
}

static void test_golden(void **state)
{
    (void)state;
    FILE *f = fopen(GOLDEN, "r");
    assert_non_null(f);
    char line[4096], text[65536], actual[4096], query[4096] = "";
    size_t n = 0;
    int states = 0, algs = 0;
    int cases = 0, failures = 0, in_case = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '>') {
            n = 0;
            query[0] = 0;
            if (!strncmp(line, "> state", 7)) /* the query after "> state " (may be empty) */
                snprintf(query, sizeof query, "%s", line[7] ? line + 8 : "");
            if (!strncmp(line, "> alg", 5)) /* the alg after "> alg " (may be empty) */
                snprintf(query, sizeof query, "%s", line[5] ? line + 6 : "");
            in_case = !strncmp(line, "> state", 7) ? 2 : !strncmp(line, "> alg", 5) ? 3 : !strcmp(line, "> def") ? 4 : 1;
        } else if (line[0] == '|' && in_case) {
            n += unescape(line[1] == ' ' ? line + 2 : line + 1, text + n);
            text[n++] = '\n';
        } else if ((line[0] == '=' || line[0] == '!') && in_case) {
            if (in_case == 2) {
                run_state_case(text, n, query, actual, sizeof actual);
                states++;
            } else if (in_case == 3) {
                run_alg_case(text, n, query, actual, sizeof actual);
                algs++;
            } else
                run_case(text, n, in_case == 4, actual, sizeof actual);
            cases++;
            in_case = 0;
            if (print_mode) {
                puts(actual);
                continue;
            }
            /* a '!' line may give only the start of the message */
            if (line[0] == '!' ? strncmp(actual, line, strlen(line)) != 0 : strcmp(actual, line) != 0) {
                print_error("golden case %d:\n  want %s\n  got  %s\n", cases, line, actual);
                failures++;
            }
            continue;
        }
        if (print_mode)
            puts(line);
    }
    fclose(f);
    if (print_mode)
        return;
    assert_true(cases >= 30);
    assert_true(states >= 10);
    assert_true(algs >= 12);
    assert_int_equal(failures, 0);
}

static const char *const pocket_like =
    "Set C 4 3\nSolved\nC\n1 1 2 2\n0 0 0 0\nEnd\nMove A\nC\n2 3 4 1\n1 0 0 2\nEnd\nMove B\nC\n1 2 4 3\nEnd\n";

static void test_identical_pieces_and_optional_orientation(void **state)
{
    (void)state;
    gt_def *d;
    gt_def_error err;
    assert_int_equal(gt_def_parse(pocket_like, strlen(pocket_like), &d, &err), GT_OK);
    assert_int_equal(d->total, 4);
    assert_memory_equal(d->solved_perm, ((uint8_t[]){0, 0, 1, 1}), 4);
    /* move perms are flat positions; an omitted orientation line is zeros */
    assert_int_equal(d->move_perm[0], 1);
    assert_int_equal(d->move_perm[3], 0);
    /* source-indexed in the file: the piece from position 0 (arriving at 3)
     * turns by 1, the one from 3 (arriving at 2) by 2 */
    assert_memory_equal(d->move_ori, ((uint8_t[]){0, 0, 2, 1}), 4);
    assert_memory_equal(d->move_ori + d->total, ((uint8_t[]){0, 0, 0, 0}), 4);
    gt_def_free(d);
}

/* The same definition with \n, \r\n and lone \r line ends parses alike. */
static void test_line_endings(void **state)
{
    (void)state;
    char crlf[1024], cr[1024];
    size_t a = 0, b = 0;
    for (const char *p = pocket_like; *p; p++) {
        if (*p == '\n') {
            crlf[a++] = '\r';
            cr[b++] = '\r';
            crlf[a++] = '\n';
        } else {
            crlf[a++] = *p;
            cr[b++] = *p;
        }
    }
    gt_def *d1, *d2, *d3;
    assert_int_equal(gt_def_parse(pocket_like, strlen(pocket_like), &d1, NULL), GT_OK);
    assert_int_equal(gt_def_parse(crlf, a, &d2, NULL), GT_OK);
    assert_int_equal(gt_def_parse(cr, b, &d3, NULL), GT_OK);
    assert_memory_equal(d1->move_perm, d2->move_perm, 2 * d1->total * sizeof *d1->move_perm);
    assert_memory_equal(d1->move_perm, d3->move_perm, 2 * d1->total * sizeof *d1->move_perm);
    assert_memory_equal(d1->move_ori, d3->move_ori, 2 * (size_t)d1->total);
    gt_def_free(d1);
    gt_def_free(d2);
    gt_def_free(d3);
}

/* A Move's orientation line is indexed by where a piece comes from (ksolve,
 * twsearch); MoveTransformation's by where it goes, 0-based: the same move
 * written both ways gives the same arrays. */
static void test_orientation_indexing(void **state)
{
    (void)state;
    static const char *const old_style = "Set A 3 3\nSolved\nA\n1 2 3\nEnd\nMove X\nA\n2 3 1\n1 0 2\nEnd\n";
    static const char *const new_style =
        "Set A 3 3\nSolved\nA\n1 2 3\nEnd\nMoveTransformation X\nA\n1 2 0\n0 2 1\nEnd\n";
    gt_def *a, *b;
    assert_int_equal(gt_def_parse(old_style, strlen(old_style), &a, NULL), GT_OK);
    assert_int_equal(gt_def_parse(new_style, strlen(new_style), &b, NULL), GT_OK);
    assert_memory_equal(a->move_perm, ((uint16_t[]){1, 2, 0}), 3 * sizeof(uint16_t));
    assert_memory_equal(a->move_perm, b->move_perm, 3 * sizeof(uint16_t));
    assert_memory_equal(a->move_ori, ((uint8_t[]){0, 2, 1}), 3);
    assert_memory_equal(a->move_ori, b->move_ori, 3);
    gt_def_free(a);
    gt_def_free(b);
}

static void test_moves_mask(void **state)
{
    (void)state;
    gt_def *d;
    gt_def_error err;
    uint64_t mask;
    assert_int_equal(gt_def_parse(pocket_like, strlen(pocket_like), &d, NULL), GT_OK);
    assert_int_equal(gt_def_moves_mask(d, "all", &mask, &err), GT_OK);
    assert_int_equal(mask, 3);
    assert_int_equal(gt_def_moves_mask(d, "B", &mask, &err), GT_OK);
    assert_int_equal(mask, 2);
    assert_int_equal(gt_def_moves_mask(d, "B,A", &mask, &err), GT_OK);
    assert_int_equal(mask, 3);
    assert_int_equal(gt_def_moves_mask(d, "A,Q", &mask, &err), GT_ERR_PARSE);
    assert_int_equal(err.column, 3);
    assert_non_null(strstr(err.message, "no move 'Q'"));
    assert_int_equal(gt_def_moves_mask(d, "A,A", &mask, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "twice"));
    assert_int_equal(gt_def_moves_mask(d, "A,", &mask, &err), GT_ERR_PARSE);
    gt_def_free(d);
}

static void test_published_annotation(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, "# @published qtm B 1 1\n#   @published htm all 1 2 3\n# @ignored 1 2\n%s",
             pocket_like);
    gt_def *d;
    assert_int_equal(gt_def_parse(text, strlen(text), &d, NULL), GT_OK);
    assert_int_equal(d->n_published, 2);
    const uint64_t *c = gt_def_find_published(d, GT_DEF_HTM, 3);
    assert_non_null(c);
    assert_int_equal(c[2], 3);
    assert_int_equal(c[3], 0);
    assert_non_null(gt_def_find_published(d, GT_DEF_QTM, 2));
    assert_null(gt_def_find_published(d, GT_DEF_QTM, 3));
    assert_null(gt_def_find_published(d, GT_DEF_HTM, 2));
    gt_def_free(d);
}

/* Every prefix of a good definition is refused or accepted without a crash,
 * and an error always has a line and a column inside the text. */
static void test_prefixes(void **state)
{
    (void)state;
    size_t n = strlen(pocket_like);
    for (size_t k = 0; k < n; k++) {
        gt_def *d = NULL;
        gt_def_error err;
        int rc = gt_def_parse(pocket_like, k, &d, &err);
        if (rc == GT_OK) {
            gt_def_free(d);
            continue;
        }
        assert_int_equal(rc, GT_ERR_PARSE);
        assert_true(err.line >= 1 && err.column >= 1);
        assert_true(err.message[0] != 0);
    }
}

/* The record godtab-gen stores with a definition table (catalog_def.h):
 * read back as written, the moves in the definition's order whatever the
 * order given (so one selection has one checksum), damage refused. */
static void test_definition_record(void **state)
{
    (void)state;
    gt_def *d = NULL;
    uint64_t ab, ba;
    char *r1, *r2;
    size_t n1, n2;
    gt_catalog_def_source src;
    assert_int_equal(gt_def_parse(pocket_like, strlen(pocket_like), &d, NULL), GT_OK);
    assert_int_equal(gt_def_moves_mask(d, "A,B", &ab, NULL), GT_OK);
    assert_int_equal(gt_def_moves_mask(d, "B,A", &ba, NULL), GT_OK);
    assert_int_equal(gt_catalog_def_record(d, pocket_like, strlen(pocket_like), 0, GT_DEF_QTM, ab, &r1, &n1), GT_OK);
    assert_int_equal(gt_catalog_def_record(d, pocket_like, strlen(pocket_like), 0, GT_DEF_QTM, ba, &r2, &n2), GT_OK);
    assert_int_equal(n1, n2);
    assert_memory_equal(r1, r2, n1);
    assert_int_equal(gt_catalog_def_read(r1, n1, &src), GT_OK);
    assert_int_equal(src.cycle_notation, 0);
    assert_int_equal(src.metric, GT_DEF_QTM);
    assert_string_equal(src.moves, "all");
    assert_int_equal(src.len, strlen(pocket_like));
    assert_memory_equal(src.text, pocket_like, src.len);
    free(r2);
    assert_int_equal(gt_def_moves_mask(d, "B", &ba, NULL), GT_OK);
    assert_int_equal(gt_catalog_def_record(d, "x", 1, 1, GT_DEF_HTM, ba, &r2, &n2), GT_OK);
    assert_int_equal(gt_catalog_def_read(r2, n2, &src), GT_OK);
    assert_string_equal(src.moves, "B");
    assert_int_equal(src.cycle_notation, 1);
    assert_int_equal(src.metric, GT_DEF_HTM);
    r2[0] = 'G'; /* not a record */
    assert_int_equal(gt_catalog_def_read(r2, n2, &src), GT_ERR_CORRUPT);
    assert_int_equal(gt_catalog_def_read(r1, 20, &src), GT_ERR_CORRUPT); /* cut short */
    free(r1);
    free(r2);
    gt_def_free(d);
}

/* The two notations are one definition: the same puzzle written as .def
 * and as .tws parses to the same gt_def (moves as flat positions, labels),
 * and the moves' images are the cycles of the .def. */
static void test_one_definition_two_notations(void **state)
{
    (void)state;
    const char *cycles = "name Two moves\npoints 4\nA = (1,2,3,4)\nB = (1,2)\ncolours 1 1 2 2\n";
    const char *tws = "Name Two moves\nSet POINTS 4 1\nSolved\nPOINTS\n1 1 2 2\nEnd\n"
                      "Move A\nPOINTS\n4 1 2 3\nEnd\nMove B\nPOINTS\n2 1 3 4\nEnd\n";
    gt_def *a = NULL, *b = NULL;
    gt_def_error err;
    assert_int_equal(gt_def_parse_cycles(cycles, strlen(cycles), &a, &err), GT_OK);
    assert_int_equal(gt_def_parse(tws, strlen(tws), &b, &err), GT_OK);
    assert_int_equal(a->notation, GT_DEF_CYCLES);
    assert_int_equal(b->notation, GT_DEF_TWS);
    assert_true(a->has_colours);
    assert_string_equal(a->title, b->title);
    assert_int_equal(a->total, b->total);
    assert_int_equal(a->n_moves, b->n_moves);
    assert_memory_equal(a->move_perm, b->move_perm, (size_t)(a->n_moves * a->total) * sizeof *a->move_perm);
    assert_memory_equal(a->move_ori, b->move_ori, (size_t)(a->n_moves * a->total));
    assert_memory_equal(a->solved_perm, b->solved_perm, (size_t)a->total);
    uint16_t images[4];
    gt_def_move_images(a, 0, images); /* (1,2,3,4): 0 -> 1 -> 2 -> 3 -> 0 */
    assert_int_equal(images[0], 1);
    assert_int_equal(images[3], 0);
    assert_int_equal(a->move_line[1], 4);
    gt_def_free(a);
    gt_def_free(b);
    /* the text is read, never written: a read-only text parses (no patching) */
    static const char ro[] = "points 2\ncolours 1 1\nS = (1,2)\n";
    assert_int_equal(gt_catalog_def_parse(ro, sizeof ro - 1, 1, &a, &err), GT_OK);
    assert_int_equal(a->solved_perm[1], 0);
    gt_def_free(a);
    /* a single permutation, as godtab-group member reads it */
    assert_int_equal(gt_def_parse_perm(4, "[2 1 4 3]", images, &err), GT_OK);
    assert_int_equal(images[0], 1);
    assert_int_equal(gt_def_parse_perm(4, "(1,2)(1,3)", images, &err), GT_ERR_PARSE);
    assert_int_equal(err.column, 7);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--print")) {
        print_mode = 1;
        test_golden(NULL);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden),
        cmocka_unit_test(test_identical_pieces_and_optional_orientation),
        cmocka_unit_test(test_line_endings),
        cmocka_unit_test(test_orientation_indexing),
        cmocka_unit_test(test_moves_mask),
        cmocka_unit_test(test_published_annotation),
        cmocka_unit_test(test_prefixes),
        cmocka_unit_test(test_definition_record),
        cmocka_unit_test(test_one_definition_two_notations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
