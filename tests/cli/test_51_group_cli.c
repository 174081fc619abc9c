/* godtab-group end to end: output, exit codes, one-line errors with line and
 * column, and the printed solutions really solving the positions. */
#include "test_util.h"

#include "facecube.h"
#include "gt_error.h"
#include "notation.h"

#define BIN GODTAB_BIN "/godtab-group"
#define PUZ(name) GODTAB_ROOT "/puzzles/" name

/* Runs godtab-group with the arguments (already shell-quoted). */
static int run(const char *args, char **out, char **err)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s %s", BIN, args);
    return tu_run(cmd, out, err);
}

/* The value after "key: " on its own line of out, copied into buf. */
static const char *field(const char *out, const char *key, char *buf, size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, "%s: ", key);
    const char *p = out;
    while ((p = strstr(p, pat)) && p != out && p[-1] != '\n')
        p++;
    if (!p)
        return NULL;
    p += strlen(pat);
    size_t len = strcspn(p, "\n");
    if (len >= cap)
        len = cap - 1;
    memcpy(buf, p, len);
    buf[len] = 0;
    return buf;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void expect_order(const char *file, const char *order)
{
    char *out, *err, args[512], buf[256];
    snprintf(args, sizeof args, "order %s", file);
    assert_int_equal(run(args, &out, &err), GT_EXIT_OK);
    assert_non_null(field(out, "order", buf, sizeof buf));
    assert_string_equal(buf, order);
    assert_non_null(field(out, "base", buf, sizeof buf));
    assert_non_null(field(out, "orbit lengths", buf, sizeof buf));
    assert_string_equal(err, "");
    free(out);
    free(err);
}

static void test_order_command(void **state)
{
    (void)state;
    expect_order(PUZ("cube3_seed48.def"), "43252003274489856000");
    expect_order(PUZ("cube2_urf.def"), "3674160");
    expect_order(PUZ("cube2.def"), "88179840");
    expect_order(PUZ("taquin_labelled.def"), "768");
    expect_order(PUZ("seed_n7.def"), "168");
    /* one grammar: the colours line godtab-gen --def reads is no error here */
    expect_order(PUZ("cube2_colours.def"), "3674160");
    /* the plain deterministic algorithm gives the same order */
    char *d_out, dbuf[64], rbuf[64];
    assert_int_equal(run("order --deterministic " PUZ("cube3_seed48.def"), &d_out, NULL), 0);
    assert_string_equal(field(d_out, "order", dbuf, sizeof dbuf), "43252003274489856000");
    assert_non_null(strstr(field(d_out, "construction", rbuf, sizeof rbuf), "0 random elements"));
    free(d_out);
    /* seed 001's table for n = 7 has rows of 7, 6, 4 */
    char *out, buf[64];
    assert_int_equal(run("order " PUZ("seed_n7.def"), &out, NULL), 0);
    assert_string_equal(field(out, "orbit lengths", buf, sizeof buf), "7 6 4");
    free(out);
}

static void test_usage(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(run("--help", &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "godtab-group order [--deterministic] [--timeout SECONDS] [--progress] [--json] FILE"));
    assert_non_null(strstr(out, "exit status"));
    free(out);
    free(err);
    const char *bad[] = {"", "frobnicate", "order", "member " PUZ("seed_n7.def"), "cube-def 27",
                         "cube-def 3 --inner", "cube-def 2 --faces XYZ", "order --fast " PUZ("seed_n7.def")};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        assert_int_equal(run(bad[k], &out, &err), GT_EXIT_USAGE);
        assert_int_equal(count_lines(err), 1);
        free(out);
        free(err);
    }
    assert_int_equal(run("order /nonexistent/x.def", &out, &err), GT_EXIT_STORAGE);
    assert_int_equal(count_lines(err), 1);
    free(out);
    free(err);
}

/* Issue 26: -h/-V like every program, the unknown command named, order
 * --json, and "-" for a FILE read from standard input. */
static void test_conventions(void **state)
{
    (void)state;
    char *out, *err;
    static const char *const help[] = {"-h", "--help", "order --help", "member -h"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(run(help[i], &out, &err), GT_EXIT_OK);
        assert_non_null(strstr(out, "usage: godtab-group"));
        free(out);
        free(err);
    }
    assert_int_equal(run("-V", &out, &err), GT_EXIT_OK);
    assert_true(!strncmp(out, "godtab-group: godtab ", 21));
    free(out);
    free(err);
    assert_int_equal(run("bogus", &out, &err), GT_EXIT_USAGE);
    assert_string_equal(err, "godtab-group: unknown command 'bogus' (try --help)\n");
    free(out);
    free(err);
    assert_int_equal(run("--bogus", &out, &err), GT_EXIT_USAGE);
    assert_string_equal(err, "godtab-group: unknown option '--bogus' (try --help)\n");
    free(out);
    free(err);
    assert_int_equal(run("order --json " PUZ("cube2.def"), &out, &err), GT_EXIT_OK);
    assert_true(!strncmp(out, "{\"name\":\"", 9));
    assert_non_null(strstr(out, ",\"points\":24,\"generators\":6,\"order\":\"88179840\",\"base\":["));
    assert_non_null(strstr(out, "],\"orbit_lengths\":[24,"));
    assert_non_null(strstr(out, "\"cube\":{\"n\":2,\"turns\":{\"U\":\"U\","));
    assert_int_equal(count_lines(out), 1);
    free(out);
    free(err);
    assert_int_equal(run("order - < " PUZ("cube2.def"), &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "order: 88179840\n"));
    free(out);
    free(err);
    assert_int_equal(run("order - < /dev/null", &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "godtab-group: standard input"));
    free(out);
    free(err);
}

/* A malformed definition: exit 2, one line "FILE:LINE:COL: message". */
static void expect_def_error(const char *dir, const char *text, const char *where, const char *words)
{
    char path[512], args[600], want[600];
    snprintf(path, sizeof path, "%s/bad.def", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    char *out, *err;
    snprintf(args, sizeof args, "order %s", path);
    assert_int_equal(run(args, &out, &err), GT_EXIT_PARSE);
    snprintf(want, sizeof want, "%s:%s: ", path, where);
    if (!strstr(err, want) || !strstr(err, words))
        fprintf(stderr, "got: %s", err);
    assert_non_null(strstr(err, want));
    assert_non_null(strstr(err, words));
    assert_int_equal(count_lines(err), 1);
    assert_string_equal(out, "");
    free(out);
    free(err);
    /* member reports the same error for the same file */
    snprintf(args, sizeof args, "member %s '()'", path);
    assert_int_equal(run(args, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, want));
    free(out);
    free(err);
}

static void test_definition_errors(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp();
    expect_def_error(dir, "points 6\nA = (1,2,3\n", "2:5", "unbalanced parentheses");
    expect_def_error(dir, "points 6\n\nA = (1,2)\nB = (4,7)\n", "4:8", "point 7 is out of range 1..6");
    expect_def_error(dir, "points 6\nA = (1,2)(3,4,1)\n", "2:15", "point 1 appears twice");
    expect_def_error(dir, "# nothing but points\npoints 6\n", "3:1", "empty generator list");
    expect_def_error(dir, "points 6\nA =\n", "2:4", "empty generator A");
    tu_rmrf(dir);
    free(dir);
}

static void test_perm_errors(void **state)
{
    (void)state;
    struct { const char *perm, *where, *words; } cases[] = {
        {"'2 1 3'", "PERM:1:6", "wrong degree: 3 images for 7 points"},
        {"'2 1 3 4 5 6 7 8'", "PERM:1:15", "wrong degree"},
        {"'(1,2'", "PERM:1:1", "unbalanced parentheses"},
        {"'(1,8)'", "PERM:1:4", "out of range 1..7"},
        {"'(1,2)(2,3)'", "PERM:1:7", "appears twice"},
        {"'R U'", "PERM:1:1", "need a cube definition"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char args[256], *out, *err;
        snprintf(args, sizeof args, "member %s %s", PUZ("seed_n7.def"), cases[k].perm);
        assert_int_equal(run(args, &out, &err), GT_EXIT_PARSE);
        if (!strstr(err, cases[k].where) || !strstr(err, cases[k].words))
            fprintf(stderr, "got: %s", err);
        assert_non_null(strstr(err, cases[k].where));
        assert_non_null(strstr(err, cases[k].words));
        assert_int_equal(count_lines(err), 1);
        free(out);
        free(err);
    }
    char *out, *err;
    /* a 3x3x3 scramble with a slice move shifts the centres the file leaves out */
    assert_int_equal(run("member " PUZ("cube3_seed48.def") " 'R M'", &out, &err), GT_EXIT_ILLEGAL);
    assert_non_null(strstr(err, "centres"));
    free(out);
    free(err);
    assert_int_equal(run("member " PUZ("cube3_seed48.def") " 'R Q'", &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "scramble:1:3"));
    free(out);
    free(err);
}

/* The seed's own n = 7 example: the generator a is a member, a
 * transposition is not (the group is simple of order 168, all even). */
static void test_member_small(void **state)
{
    (void)state;
    char *out, *err, buf[256];
    assert_int_equal(run("member " PUZ("seed_n7.def") " '(2,6)(4,5)'", &out, &err), GT_EXIT_OK);
    assert_string_equal(field(out, "member", buf, sizeof buf), "yes");
    assert_string_equal(field(out, "shortened", buf, sizeof buf), "a");
    free(out);
    free(err);
    assert_int_equal(run("member " PUZ("seed_n7.def") " '(1,2)'", &out, &err), GT_EXIT_ILLEGAL);
    assert_string_equal(field(out, "member", buf, sizeof buf), "no");
    free(out);
    free(err);
    /* an image list: s^-1 */
    assert_int_equal(run("member " PUZ("seed_n7.def") " '7 1 2 3 4 5 6'", &out, &err), GT_EXIT_OK);
    assert_string_equal(field(out, "shortened", buf, sizeof buf), "s'");
    free(out);
    free(err);
}

/* Applies moves in notation to a solved n-cube, returning the colours. */
static void apply_moves(int n, const char *moves, uint8_t *colours)
{
    gt_turn turns[4096];
    int count;
    uint8_t tmp[GT_FACELETS_MAX];
    uint16_t perm[GT_FACELETS_MAX];
    assert_int_equal(gt_notation_parse(n, moves, GT_NOTATION_ALL, turns, 4096, &count, NULL), GT_OK);
    for (int k = 0; k < count; k++) {
        gt_notation_turn_perm(n, turns[k], perm);
        gt_facecube_apply(n, perm, colours, tmp);
        memcpy(colours, tmp, (size_t)(6 * n * n));
    }
}

/* member on a scramble prints a solution that, applied after the scramble,
 * gives back the solved cube. */
static void expect_solution(const char *file, int n, const char *scramble)
{
    char args[1024], *out, *err;
    static char solution[1 << 17];
    snprintf(args, sizeof args, "member %s \"%s\"", file, scramble);
    assert_int_equal(run(args, &out, &err), GT_EXIT_OK);
    assert_non_null(field(out, "solution in cube notation", solution, sizeof solution));
    if (!strcmp(solution, "(empty)"))
        solution[0] = 0;
    uint8_t colours[GT_FACELETS_MAX], solved[GT_FACELETS_MAX];
    gt_facecube_solved(n, colours);
    gt_facecube_solved(n, solved);
    apply_moves(n, scramble, colours);
    apply_moves(n, solution, colours);
    assert_memory_equal(colours, solved, (size_t)(6 * n * n));
    /* the length line: before -> after, never longer */
    char buf[64];
    int before, after;
    assert_non_null(field(out, "length", buf, sizeof buf));
    assert_int_equal(sscanf(buf, "%d -> %d", &before, &after), 2);
    assert_true(after <= before);
    free(out);
    free(err);
}

static void test_member_scrambles(void **state)
{
    (void)state;
    /* near solved, the solution is a shortest one (meet in the middle) */
    char *out, buf[256];
    assert_int_equal(run("member " PUZ("cube3_seed48.def") " \"R U R' U'\"", &out, NULL), GT_EXIT_OK);
    assert_string_equal(field(out, "solution in cube notation", buf, sizeof buf), "U R U' R'");
    assert_non_null(field(out, "shortest", buf, sizeof buf));
    free(out);
    expect_solution(PUZ("cube3_seed48.def"), 3, "R U R' U' R' F R2 U' R' U' R U R' F'");
    expect_solution(PUZ("cube3_seed48.def"), 3, "D2 B' L2 U F R' D L' B2 U2 F2 R D' B U' L F' R2 U D2");
    expect_solution(PUZ("cube3_seed48.def"), 3, "");
    expect_solution(PUZ("cube2.def"), 2, "R U2 F' D L2 B x y'");
    expect_solution(PUZ("cube2_urf.def"), 2, "R U2 F' R2 U F2 R' U'");
    expect_solution(PUZ("cube4.def"), 4, "R 2U' Fw2 3Rw B' 2L D");
}

/* A facelet string gives the same answer as the scramble that made it. */
static void test_member_facelets(void **state)
{
    (void)state;
    static const char *scr = "F2 U' L B2 D R' U2 B L' D2";
    uint8_t colours[54];
    gt_facecube_solved(3, colours);
    apply_moves(3, scr, colours);
    char facelets[55], args[256], *out, *err, buf[4096];
    for (int f = 0; f < 54; f++)
        facelets[f] = gt_face_letters[colours[f]];
    facelets[54] = 0;
    snprintf(args, sizeof args, "member %s %s", PUZ("cube3_seed48.def"), facelets);
    assert_int_equal(run(args, &out, &err), GT_EXIT_OK);
    assert_non_null(field(out, "solution in cube notation", buf, sizeof buf));
    apply_moves(3, buf, colours);
    uint8_t solved[54];
    gt_facecube_solved(3, solved);
    assert_memory_equal(colours, solved, 54);
    free(out);
    free(err);
    /* twist one corner of the string: no longer a member, the twist is named */
    gt_facecube_solved(3, colours);
    memcpy(facelets, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 55);
    /* corner U(8) R(9) F(2) -> rotate its colours */
    char u = facelets[8], r = facelets[9], f = facelets[20];
    facelets[8] = f;
    facelets[9] = u;
    facelets[20] = r;
    snprintf(args, sizeof args, "member %s %s", PUZ("cube3_seed48.def"), facelets);
    assert_int_equal(run(args, &out, &err), GT_EXIT_ILLEGAL);
    assert_string_equal(field(out, "member", buf, sizeof buf), "no");
    assert_non_null(field(out, "corner twist (mod 3)", buf, sizeof buf));
    assert_string_not_equal(buf, "0");
    free(out);
    free(err);
    /* malformed strings: a seventh symbol, a piece that does not exist,
     * two centres alike */
    facelets[8] = 'X';
    snprintf(args, sizeof args, "member %s %s", PUZ("cube3_seed48.def"), facelets);
    assert_int_equal(run(args, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "facelets:1:9: 'X' is a seventh symbol"));
    free(out);
    free(err);
    memcpy(facelets, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 55);
    facelets[9] = 'D'; /* the UFR corner gets U, D and F stickers: no piece */
    facelets[27] = 'R';
    snprintf(args, sizeof args, "member %s %s", PUZ("cube3_seed48.def"), facelets);
    assert_int_equal(run(args, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "no piece"));
    free(out);
    free(err);
    memcpy(facelets, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 55);
    facelets[4] = 'R';
    facelets[9] = 'U';
    snprintf(args, sizeof args, "member %s %s", PUZ("cube3_seed48.def"), facelets);
    assert_int_equal(run(args, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "two centres alike"));
    free(out);
    free(err);
}

/* The same position in other colour schemes (godtab-solve's facelets: any
 * six symbols; the centres, or for the 2x2x2 the DBL corner, give them). */
static void test_member_facelets_any_scheme(void **state)
{
    (void)state;
    static const struct {
        int n;
        const char *def, *scramble, *scheme;
    } cases[] = {
        {3, "cube3_seed48.def", "F2 U' L B2 D R' U2 B L' D2", "WRGYOB"},
        {3, "cube3_seed48.def", "R U R' U' x", "wrgyob"},
        {2, "cube2.def", "R U2 F' R", "YOGWRB"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int n = cases[i].n, total = 6 * n * n;
        uint8_t colours[54];
        char urfdlb[55], other[55], args[256], *out[2], *err, buf[2][4096];
        gt_facecube_solved(n, colours);
        apply_moves(n, cases[i].scramble, colours);
        for (int f = 0; f < total; f++) {
            urfdlb[f] = gt_face_letters[colours[f]];
            other[f] = cases[i].scheme[colours[f]];
        }
        urfdlb[total] = other[total] = 0;
        for (int k = 0; k < 2; k++) {
            snprintf(args, sizeof args, "member %s/puzzles/%s %s", GODTAB_ROOT, cases[i].def, k ? other : urfdlb);
            assert_int_equal(run(args, &out[k], &err), GT_EXIT_OK);
            assert_non_null(field(out[k], "solution in cube notation", buf[k], sizeof buf[k]));
            free(err);
        }
        assert_string_equal(buf[0], buf[1]);
        apply_moves(n, buf[1], colours);
        /* solved up to the whole cube's orientation: each face one colour */
        for (int f = 0; f < total; f++)
            assert_int_equal(colours[f], colours[f / (n * n) * n * n]);
        free(out[0]);
        free(out[1]);
    }
}

static void test_cube_def_command(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(run("cube-def 2 --faces URF", &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "points 24\n"));
    assert_non_null(strstr(out, "\nU = "));
    assert_null(strstr(out, "\nD = "));
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_command),
        cmocka_unit_test(test_usage),
        cmocka_unit_test(test_conventions),
        cmocka_unit_test(test_definition_errors),
        cmocka_unit_test(test_perm_errors),
        cmocka_unit_test(test_member_small),
        cmocka_unit_test(test_member_scrambles),
        cmocka_unit_test(test_member_facelets),
        cmocka_unit_test(test_member_facelets_any_scheme),
        cmocka_unit_test(test_cube_def_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
