/* Definition files: every documented parse error with its line and column,
 * and the shipped definitions checked against their sources (the seed text,
 * the facelet geometry). */
#include "test_util.h"

#include "cubegroup.h"
#include "gt_error.h"
#include "puzdef.h"
#include "rng.h"

#include <gmp.h>

#define PUZ(name) GODTAB_ROOT "/puzzles/" name
#define SEED001 GODTAB_ROOT "/../shared/seeds/001_22f2ec174b3243ee.txt"

static void expect_error(const char *text, int line, int column, const char *words)
{
    gt_puzdef *def = NULL;
    gt_puzdef_error err = {0};
    int rc = gt_puzdef_parse(text, &def, &err);
    if (rc != GT_ERR_PARSE || err.line != line || err.column != column || !strstr(err.message, words))
        fprintf(stderr, "text %s\n -> rc %d, %d:%d: %s (expected %d:%d: ...%s...)\n", text, rc, err.line,
                err.column, err.message, line, column, words);
    assert_int_equal(rc, GT_ERR_PARSE);
    assert_null(def);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
    assert_null(strchr(err.message, '\n')); /* one line */
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_error("points 5\nA = (1,2\n", 2, 5, "unbalanced parentheses");
    expect_error("points 5\nA = (1,2))\n", 2, 10, "unbalanced parentheses");
    expect_error("points 5\nA = (1,(2)\n", 2, 8, "unbalanced parentheses");
    expect_error("points 5\nA = (1,2)\n  (3,4\n", 3, 3, "unbalanced parentheses");
    expect_error("points 5\nA = (1,6)\n", 2, 8, "out of range 1..5");
    expect_error("points 5\nA = (0,1)\n", 2, 6, "out of range 1..5");
    expect_error("points 5\nA = (1,2)(3,1)\n", 2, 13, "appears twice");
    expect_error("points 5\nA = (1,2)\n    (2,3)\n", 3, 6, "appears twice");
    expect_error("points 5\n# no generator\n", 3, 1, "empty generator list");
    expect_error("points 5", 1, 9, "empty generator list");
    expect_error("points 5\nA =\nB = (1,2)\n", 2, 4, "empty generator A");
    expect_error("points 5\nB = (1,2)\nA =   # nothing\n", 3, 7, "empty generator A");
    expect_error("A = (1,2)\n", 1, 1, "'points N' must come before");
    expect_error("# empty\n", 2, 1, "no 'points N' line");
    expect_error("points 5\nA = (1,2)\nA = (2,3)\n", 3, 1, "defined twice");
    expect_error("points 5\n(1,2)\n", 2, 1, "outside any generator");
    expect_error("points 5\nA = (1,2) x\n", 2, 11, "expected '('");
    expect_error("points 5\nA (1,2)\n", 2, 3, "expected '='");
    expect_error("points 0\n", 1, 8, "number of points");
    expect_error("points 5\npoints 6\n", 2, 1, "given twice");
    expect_error("points 5\nA = (1;2)\n", 2, 7, "expected a point number");
}

static void test_parse_ok(void **state)
{
    (void)state;
    gt_puzdef *def;
    gt_puzdef_error err;
    const char *text = "# comment\nname  tiny example  \npoints 5\n"
                       "A = (1,2) # a comment after cycles\n    (3 4 5)\nid = ()\n2U=(5,4)\n";
    assert_int_equal(gt_puzdef_parse(text, &def, &err), GT_OK);
    assert_string_equal(def->title, "tiny example");
    assert_int_equal(def->degree, 5);
    assert_int_equal(def->ngens, 3);
    assert_string_equal(def->names[2], "2U");
    const gt_point want_a[5] = {1, 0, 3, 4, 2};
    assert_memory_equal(def->gens, want_a, sizeof want_a);
    assert_true(gt_perm_is_identity(5, def->gens + 5));
    assert_int_equal(def->gen_line[1], 6);
    assert_int_equal(gt_puzdef_find(def, "id", 2), 1);
    gt_puzdef_free(def);
    assert_int_equal(gt_puzdef_load("/nonexistent/file.def", &def, &err), GT_ERR_STORAGE);
}

static void expect_perm_error(int n, const char *text, int column, const char *words)
{
    gt_point p[16];
    gt_puzdef_error err = {0};
    int rc = gt_perm_parse(n, text, p, &err);
    if (rc != GT_ERR_PARSE || err.column != column || !strstr(err.message, words))
        fprintf(stderr, "perm '%s' -> rc %d, col %d: %s\n", text, rc, err.column, err.message);
    assert_int_equal(rc, GT_ERR_PARSE);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, column);
    assert_non_null(strstr(err.message, words));
}

static void test_perm_errors(void **state)
{
    (void)state;
    expect_perm_error(4, "2 1 3", 6, "wrong degree");
    expect_perm_error(4, "2 1 3 4 5", 9, "wrong degree");
    expect_perm_error(4, "[2,1,3,4", 1, "unbalanced brackets");
    expect_perm_error(4, "2 1 3 3", 7, "appears twice");
    expect_perm_error(4, "2 1 3 9", 7, "out of range 1..4");
    expect_perm_error(4, "(1,2", 1, "unbalanced parentheses");
    expect_perm_error(4, "(1,2)(3,5)", 9, "out of range 1..4");
    expect_perm_error(4, "(1,2)(2,3)", 7, "appears twice");
    gt_point p[4];
    gt_puzdef_error err;
    assert_int_equal(gt_perm_parse(4, " [2, 1, 4, 3] ", p, &err), GT_OK);
    assert_int_equal(p[2], 3);
    assert_int_equal(gt_perm_parse(4, "()", p, &err), GT_OK);
    assert_true(gt_perm_is_identity(4, p));
}

static gt_puzdef *must_load(const char *path)
{
    gt_puzdef *def = NULL;
    gt_puzdef_error err;
    int rc = gt_puzdef_load(path, &def, &err);
    if (rc)
        fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.message);
    assert_int_equal(rc, GT_OK);
    return def;
}

static void assert_same_generators(const gt_puzdef *a, const gt_puzdef *b)
{
    assert_int_equal(a->degree, b->degree);
    assert_int_equal(a->ngens, b->ngens);
    for (int k = 0; k < a->ngens; k++) {
        assert_string_equal(a->names[k], b->names[k]);
        assert_memory_equal(a->gens + (size_t)k * a->degree, b->gens + (size_t)k * b->degree,
                            (size_t)a->degree * sizeof *a->gens);
    }
}

/* The shipped cube files hold exactly what the geometry generates. */
static void check_generated(const char *path, int n, const char *faces, int inner)
{
    static char text[1 << 16];
    gt_puzdef *shipped = must_load(path), *generated;
    gt_puzdef_error err;
    assert_int_equal(gt_cubegroup_definition_text(n, faces, inner, text, sizeof text), GT_OK);
    assert_int_equal(gt_puzdef_parse(text, &generated, &err), GT_OK);
    assert_same_generators(shipped, generated);
    gt_puzdef_free(shipped);
    gt_puzdef_free(generated);
}

static void test_generated_definitions(void **state)
{
    (void)state;
    check_generated(PUZ("cube2.def"), 2, "URFDLB", 0);
    check_generated(PUZ("cube2_urf.def"), 2, "URF", 0);
    check_generated(PUZ("cube4.def"), 4, "URFDLB", 1);
}

/* cube3_seed48.def holds the seed's six generators exactly: its A..F lines
 * are parsed straight out of the seed text. */
static void test_seed_generators_copied(void **state)
{
    (void)state;
    FILE *f = fopen(SEED001, "r");
    if (!f) {
        fprintf(stderr, "seed text not found at %s: check skipped\n", SEED001);
        skip();
    }
    static char text[1 << 16];
    int len = snprintf(text, sizeof text, "points 48\n");
    char line[1024];
    int found = 0;
    while (fgets(line, sizeof line, f) && found < 6)
        if (line[0] == 'A' + found && (line[1] == '=' || (line[1] == ' ' && line[2] == '='))) {
            len += snprintf(text + len, sizeof text - (size_t)len, "%s", line);
            found++;
        }
    fclose(f);
    assert_int_equal(found, 6);
    gt_puzdef *seed, *shipped = must_load(PUZ("cube3_seed48.def"));
    gt_puzdef_error err;
    assert_int_equal(gt_puzdef_parse(text, &seed, &err), GT_OK);
    assert_same_generators(seed, shipped);
    /* each: five 4-cycles, 28 fixed points (seed 001, section 4) */
    for (int k = 0; k < 6; k++) {
        int fixed = 0;
        for (int i = 0; i < 48; i++)
            fixed += seed->gens[k * 48 + i] == i;
        assert_int_equal(fixed, 28);
        assert_int_equal((int)gt_perm_order(48, seed->gens + k * 48), 4);
    }
    gt_puzdef_free(seed);
    gt_puzdef_free(shipped);
}

/* Every shipped file parses; the cube files are recognised as cubes, and
 * the ones numbered like facecube.h map to themselves. */
static void test_cube_recognition(void **state)
{
    (void)state;
    struct { const char *path; int n, identity; } cases[] = {
        {PUZ("cube2.def"), 2, 1}, {PUZ("cube2_urf.def"), 2, 1}, {PUZ("cube4.def"), 4, 1},
        {PUZ("cube3_seed48.def"), 3, 0}};
    gt_cubegroup_map *map = malloc(sizeof *map);
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        gt_puzdef *def = must_load(cases[c].path);
        assert_int_equal(gt_cubegroup_match(def, map), GT_OK);
        assert_int_equal(map->n, cases[c].n);
        if (cases[c].identity)
            for (int p = 0; p < def->degree; p++)
                assert_int_equal(map->facelet_of_point[p], p);
        gt_puzdef_free(def);
    }
    const char *others[] = {PUZ("taquin_labelled.def"), PUZ("seed_n7.def")};
    for (size_t c = 0; c < 2; c++) {
        gt_puzdef *def = must_load(others[c]);
        assert_int_equal(gt_cubegroup_match(def, map), GT_ERR_NOTFOUND);
        gt_puzdef_free(def);
    }
    free(map);
}

/* Definitions past the old facelet limit of 16, up to the format's 4096
 * points (n = 26): every generator is the geometry's layer turn, written on
 * the moving facelets, and the outer turns' group is the supercube's (a
 * quick check that the 4,056-point file is a working definition; the full
 * --inner order takes about a minute, docs/nnn.md). */
static void check_big_definition(int n, int inner)
{
    size_t cap = 1 << 18;
    char *text = malloc(cap);
    int moving[GT_FACELETS_MAX], index_of[GT_FACELETS_MAX];
    uint16_t perm[GT_FACELETS_MAX];
    gt_puzdef *def;
    gt_puzdef_error err;
    assert_non_null(text);
    assert_int_equal(gt_cubegroup_definition_text(n, "URFDLB", inner, text, (int)cap), GT_OK);
    assert_int_equal(gt_puzdef_parse(text, &def, &err), GT_OK);
    int d = gt_cubegroup_moving_facelets(n, moving);
    assert_int_equal(def->degree, d);
    assert_int_equal(d, 6 * n * n - (n % 2 ? 6 : 0));
    assert_int_equal(def->ngens, 6 * (inner ? n / 2 : 1));
    for (int f = 0; f < 6 * n * n; f++)
        index_of[f] = -1;
    for (int i = 0; i < d; i++)
        index_of[moving[i]] = i;
    for (int k = 0; k < def->ngens; k++) {
        int face = k % 6, layer = k / 6;
        assert_int_equal(gt_facecube_turn(n, face, layer, layer, 1, perm), GT_OK);
        for (int i = 0; i < d; i++)
            assert_int_equal(def->gens[(size_t)k * d + i], index_of[perm[moving[i]]]);
    }
    gt_puzdef_free(def);
    free(text);
}

static void test_big_definitions(void **state)
{
    (void)state;
    uint16_t perm[GT_FACELETS_MAX];
    assert_int_equal(GT_FACECUBE_NMAX, 26);
    assert_int_equal(GT_CUBEGROUP_DEF_NMAX, 26);
    check_big_definition(17, 1);
    check_big_definition(26, 0);
    check_big_definition(26, 1);
    assert_int_equal(gt_facecube_turn(26, GT_FACE_U, 0, 25, 1, perm), GT_OK);
    assert_int_equal(gt_facecube_turn(27, GT_FACE_U, 0, 0, 1, perm), GT_ERR_INVAL);
    char small[64];
    assert_int_equal(gt_cubegroup_definition_text(27, "U", 0, small, sizeof small), GT_ERR_INVAL);
    /* the outer turns of the 26-cube: a 3x3x3 with turnable face centres */
    static char text[1 << 17];
    assert_int_equal(gt_cubegroup_definition_text(26, "URFDLB", 0, text, sizeof text), GT_OK);
    gt_puzdef *def;
    gt_puzdef_error err;
    gt_group *g;
    const gt_point *gens[GT_PUZDEF_MAX_GENS];
    assert_int_equal(gt_puzdef_parse(text, &def, &err), GT_OK);
    gt_puzdef_gen_ptrs(def, gens);
    assert_int_equal(gt_group_create(def->degree, def->ngens, gens, NULL, &g), GT_OK);
    mpz_t order, want;
    mpz_inits(order, want, NULL);
    gt_group_order(g, order);
    mpz_set_str(want, "88580102706155225088000", 10); /* 4^6/2 · 43,252,003,274,489,856,000 */
    assert_int_equal(mpz_cmp(order, want), 0);
    mpz_clears(order, want, NULL);
    gt_group_free(g);
    gt_puzdef_free(def);
}

/* The seed 003 functions work on matched cubes (n <= 4) and refuse others,
 * rather than overrun their piece arrays. */
static void test_match_limits(void **state)
{
    (void)state;
    uint16_t pos[GT_FACELETS_MAX];
    gt_cubegroup_invariants inv;
    gt_rng rng = {1};
    assert_int_equal(gt_cubegroup_random_assembly(4, &rng, pos), GT_OK);
    assert_int_equal(gt_cubegroup_invariants_of(4, pos, &inv), GT_OK);
    assert_int_equal(gt_cubegroup_random_assembly(5, &rng, pos), GT_ERR_INVAL);
    assert_int_equal(gt_cubegroup_invariants_of(5, pos, &inv), GT_ERR_INVAL);
    assert_int_equal(gt_cubegroup_invariants_of(1, pos, &inv), GT_ERR_INVAL);
}

/* The shipped 2x2x2 by its colours (a .def with a `colours` line, as
 * godtab-gen --def reads it) is a group too: the one grammar reads the
 * colours, the generators are those of puzzles/cube2.def's facelets. */
static void test_colours_definition(void **state)
{
    (void)state;
    gt_puzdef *def;
    gt_puzdef_error err;
    gt_group *g;
    const gt_point *gens[GT_PUZDEF_MAX_GENS];
    assert_int_equal(gt_puzdef_load(PUZ("cube2_colours.def"), &def, &err), GT_OK);
    assert_int_equal(def->degree, 24);
    assert_int_equal(def->ngens, 3);
    assert_string_equal(def->names[2], "F");
    gt_puzdef_gen_ptrs(def, gens);
    assert_int_equal(gt_group_create(def->degree, def->ngens, gens, NULL, &g), GT_OK);
    mpz_t order;
    mpz_init(order);
    gt_group_order(g, order);
    assert_int_equal(mpz_cmp_ui(order, 3674160ul), 0); /* U R F: the pocket with its DBL corner fixed */
    mpz_clear(order);
    gt_group_free(g);
    gt_puzdef_free(def);
    expect_error("points 3\ncolours 1 0 1\nA = (1,2)\n", 2, 11, "colour number");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_ok),
        cmocka_unit_test(test_perm_errors),
        cmocka_unit_test(test_generated_definitions),
        cmocka_unit_test(test_seed_generators_copied),
        cmocka_unit_test(test_cube_recognition),
        cmocka_unit_test(test_big_definitions),
        cmocka_unit_test(test_match_limits),
        cmocka_unit_test(test_colours_definition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
