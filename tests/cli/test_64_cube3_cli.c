/* godtab-solve cube3 end to end, on a private database holding only the
 * corner table (built here with godtab-gen, ~4 s): output formats, exit
 * codes, batch mode, limits, the missing-table message. */
#include "test_util.h"

#include "gt_error.h"

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("cube3-corners");
}

/* Runs godtab-solve cube3 on the private database with extra arguments
 * (and optional stdin text). */
static int solve(const char *args, const char *input, char **out, char **err)
{
    char cmd[4096];
    if (input)
        snprintf(cmd, sizeof cmd, "printf '%s' | %s/godtab-solve cube3 --db %s --quiet %s", input, GODTAB_BIN,
                 tu_db_path, args);
    else
        snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db %s --quiet %s", GODTAB_BIN, tu_db_path, args);
    return tu_run(cmd, out, err);
}

static void test_scramble_and_json(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve("--corners-only \"R U R' U'\"", NULL, &out, &err), 0);
    assert_string_equal(out, "U R U' R' (4)\n");
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only --json \"R U2\"", NULL, &out, &err), 0);
    assert_non_null(strstr(out, "{\"puzzle\":\"cube3\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"U2 R'\",\"nodes\":"));
    assert_non_null(strstr(out, "\"seconds\":"));
    free(out);
    free(err);
    /* wide, slice and rotation moves, read in the final frame */
    /* the comparison switches change the work, never the answer */
    assert_int_equal(solve("--corners-only --no-inverse --no-axis-masks --no-symmetry \"U2 D2 F2 B2 L2 R2\"",
                           NULL, &out, &err), 0);
    assert_non_null(strstr(out, " (6)\n"));
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only \"M x\"", NULL, &out, &err), 0);
    assert_string_equal(out, "R' L (2)\n");
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only --metric qtm R2", NULL, &out, &err), 0);
    assert_string_equal(out, "R2 (2)\n"); /* a half turn counts two quarter turns */
    free(out);
    free(err);
}

static void test_facelets_and_verdicts(void **state)
{
    (void)state;
    char *out, *err;
    /* R applied, written in western colours */
    assert_int_equal(solve("--corners-only --facelets wwgwwgwwgrrrrrrrrrggyggyggyyybyybyyboooooooooWbbwbbwbb", NULL,
                           &out, &err), GT_EXIT_PARSE); /* 'W' is no centre's colour */
    assert_non_null(strstr(err, "'W'"));
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only --facelets wwgwwgwwgrrrrrrrrrggyggyggyyybyybyybooooooooowbbwbbwbb", NULL,
                           &out, &err), 0);
    assert_string_equal(out, "R' (1)\n");
    free(out);
    free(err);
    /* one edge flipped: a legal-looking assembly in orbit 3 */
    assert_int_equal(solve("--corners-only --facelets UUUUURUUURUFRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", NULL,
                           &out, &err), GT_EXIT_PARSE);
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only --facelets UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", NULL,
                           &out, &err), GT_EXIT_ILLEGAL);
    assert_non_null(strstr(err, "orbit 3 of 12"));
    assert_non_null(strstr(err, "edge flip sum odd"));
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only \"R Q\"", NULL, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "Q"));
    free(out);
    free(err);
}

static void test_batch(void **state)
{
    (void)state;
    char *out, *err;
    int rc = solve("--corners-only", "R U\\nnot a move\\n\\n# comment\\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\\nF2\\n",
                   &out, &err);
    assert_int_equal(rc, GT_EXIT_PARTIAL);
    assert_string_equal(out, "U' R' (2)\nerror: unknown move 'not' at column 1\n(0)\nF2 (1)\n");
    assert_non_null(strstr(err, "line 2:"));
    free(out);
    free(err);
}

static void test_limits_and_all(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve("--corners-only --max-depth 3 --json \"R U F D L\"", NULL, &out, &err), GT_EXIT_TIMEOUT);
    assert_non_null(strstr(out, "\"distance\":null"));
    assert_non_null(strstr(err, "at least"));
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only --all \"U2 D2\"", NULL, &out, &err), 0);
    assert_string_equal(out, "U2 D2\n1 optimal solution of length 2\n");
    free(out);
    free(err);
    assert_int_equal(solve("--corners-only --threads 1 --all --json \"R2 L2 U2 D2\"", NULL, &out, &err), 0);
    assert_non_null(strstr(out, "\"solutions\":[\""));
    assert_non_null(strstr(out, "\"count\":"));
    free(out);
    free(err);
    assert_int_equal(solve("--metric xtm R", NULL, &out, &err), GT_EXIT_USAGE);
    free(out);
    free(err);
}

static void test_missing_tables(void **state)
{
    (void)state;
    char *out, *err;
    /* the corner table is there, the edge tables are not */
    assert_int_equal(solve("R", NULL, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "godtab-gen --db ")); /* the database asked for */
    assert_non_null(strstr(err, " cube3"));
    free(out);
    free(err);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db %s/none R", GODTAB_BIN, tu_db_dir);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_NOTABLE);
    snprintf(cmd, sizeof cmd, "godtab-gen --db %s/none cube3", tu_db_dir);
    assert_non_null(strstr(err, cmd));
    free(out);
    free(err);
}

/* --edges names a rung of the table ladder: an unknown name is a usage
 * error, a rung not stored says how to build it (the 2-bit one with the
 * table it falls back on), and any run of the corner table alone still
 * answers with --corners-only. */
static void test_edges_option(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve("--edges cube3-huge R", NULL, &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--edges wants cube3-fsud16-twist-2bit"));
    free(out);
    free(err);
    assert_int_equal(solve("--edges cube3-fsud16-twist-2bit R", NULL, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, " cube3-fsud16-twist-2bit cube3-twophase"));
    assert_non_null(strstr(err, "godtab-gen --db "));
    free(out);
    free(err);
    assert_int_equal(solve("--load copy --edges cube3-fss16-twist R", NULL, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "table cube3-fss16-twist is not in"));
    free(out);
    free(err);
    assert_int_equal(solve("--load copy R", NULL, &out, &err), GT_EXIT_NOTABLE); /* no rung at all */
    free(out);
    free(err);
    assert_int_equal(solve("--edges cube3-fsud16-twist --corners-only \"R U\"", NULL, &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "U' R' (2)"));
    free(out);
    free(err);
}

/* --max-memory: a malformed size is a usage error; a good one with no
 * rung stored still says which tables to build (exit 9 for a limit below
 * every stored rung needs a stored rung: the choice itself is
 * tests/unit/test_71_cube3_rung.c). */
static void test_max_memory_option(void **state)
{
    (void)state;
    char *out, *err;
    const char *bad[] = {"--max-memory 2X R", "--max-memory 0 R", "--max-memory -1G R", "--max-memory G R"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(solve(bad[i], NULL, &out, &err), GT_EXIT_USAGE);
        assert_non_null(strstr(err, "--max-memory wants a size in bytes (suffix K, M, G or T)"));
        free(out);
        free(err);
    }
    assert_int_equal(solve("--max-memory 2G R", NULL, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "godtab-gen --db "));
    free(out);
    free(err);
    assert_int_equal(solve("--max-memory 512M --corners-only \"R U\"", NULL, &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "U' R' (2)"));
    free(out);
    free(err);
    assert_int_equal(solve("--json --corners-only \"R U\"", NULL, &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "\"rung\":{\"table\":\"cube3-corners\",\"load\":\"map\"}"));
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scramble_and_json),
        cmocka_unit_test(test_facelets_and_verdicts),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_limits_and_all),
        cmocka_unit_test(test_missing_tables),
        cmocka_unit_test(test_edges_option),
        cmocka_unit_test(test_max_memory_option),
    };
    return cmocka_run_group_tests(tests, setup, tu_db_teardown);
}
