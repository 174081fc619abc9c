/* godtab-solve def end to end: tables built by godtab-gen --def in a
 * temporary LMDB, answers replayed here on the definition (the scramble then
 * the printed solution gives the solved state), the printed distance against
 * the table's, JSON, standard-input batches and every error exit code. */
#include "test_def_util.h"

#include "def.h"
#include "gt_error.h"

#define db tu_db_path

static int setup(void **state)
{
    (void)state;
    return tu_def_db_setup("--moves R,U --metric qtm");
}

#define teardown tu_db_teardown


/* The scramble then the answer's moves solve the definition, and the
 * answer has `distance` moves. */
static void check_answer(const gt_def *d, const char *scramble, const char *line, int distance)
{
    int dist = -1;
    const char *open = strrchr(line, '(');
    assert_non_null(open);
    assert_int_equal(sscanf(open, "(%d)", &dist), 1);
    assert_int_equal(dist, distance);
    tu_def_check_replay(d, scramble, line);
}

static void test_answers_replay(void **state)
{
    (void)state;
    gt_def *d = tu_def_load("2x2x2.tws");
    static const struct { const char *scramble; int distance; } cases[] = {
        {"R U R' U'", 4}, {"", 0}, {"R2", 1}, {"F2 U' R F R2 U F' R U2", -1}, {"U R U2 R' U' F2 R U F' R2 U' F", -1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[256], *out, *err;
        snprintf(args, sizeof args, "--def %s2x2x2.tws \"%s\"", PUZ, cases[i].scramble);
        assert_int_equal(tu_def_solve(args, NULL, &out, &err), 0);
        int want = cases[i].distance;
        if (want < 0) { /* a long scramble: no longer than it, and at most God's number 11 */
            want = atoi(strrchr(out, '(') + 1);
            assert_true(want <= 11 && want > 0);
        }
        check_answer(d, cases[i].scramble, out, want);
        free(out);
        free(err);
    }
    gt_def_free(d);
}

static void test_json_and_batch(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --json \"R U\"", NULL, &out, &err), 0);
    assert_string_equal(out, "{\"puzzle\":\"def-2x2x2-htm\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"U' R'\"}\n");
    free(out);
    free(err);
    /* QTM table of <R,U>: a half turn is two quarter turns, written R2
     * (as every family writes them) and counted 2 */
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --moves R,U --metric qtm \"R2 U\"", NULL, &out, &err), 0);
    assert_string_equal(out, "U' R2 (3)\n");
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --moves R,U --metric qtm --json \"R2 U\"", NULL, &out, &err),
                     0);
    assert_string_equal(out, "{\"puzzle\":\"def-2x2x2-R.U-qtm\",\"metric\":\"qtm\",\"distance\":3,\"solution\":\"U' R2\"}\n");
    free(out);
    free(err);
    /* --all: U' R R and U' R' R' are one written solution */
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --moves R,U --metric qtm --all", "R2 U\\n", &out, &err), 0);
    assert_string_equal(out, "U' R2\n1 optimal solution of length 3\n");
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws", "R\\nQ\\nU2\\n", &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "R' (1)\nerror: unknown move 'Q' at column 1\nU2 (1)\n");
    assert_non_null(strstr(err, "line 2: unknown move 'Q' at column 1"));
    free(out);
    free(err);
}

static void test_errors(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws \"R Rw\"", NULL, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "unknown move 'Rw' at column 3"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --moves R,U --metric qtm F", NULL, &out, &err), GT_EXIT_ILLEGAL);
    assert_non_null(strstr(err, "outside this table"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "floppy.tws R", NULL, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "build it with: godtab-gen --db "));
    assert_non_null(strstr(err, "/floppy.tws"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("R", NULL, &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--def FILE (or the --name of a table built from one) is required"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def /nonexistent.tws R", NULL, &out, &err), GT_EXIT_STORAGE);
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --metric stm R", NULL, &out, &err), GT_EXIT_USAGE);
    free(out);
    free(err);
    /* a table of the same name from another definition */
    assert_int_equal(tu_def_solve("--def " PUZ "pyraminx.tws --name def-2x2x2-htm U", NULL, &out, &err), GT_EXIT_CORRUPT);
    assert_non_null(strstr(err, "another definition"));
    free(out);
    free(err);
}

/* Runs "[printf IN |] godtab-solve ARGS" (ARGS name the puzzle); its exit code. */
static int solve_raw(const char *args, const char *in, char **out, char **err)
{
    char *cmd;
    assert_true(asprintf(&cmd, "%s%s%s%s/godtab-solve %s", in ? "printf '" : "", in ? in : "", in ? "' | " : "",
                         GODTAB_BIN, args) > 0);
    int rc = tu_run(cmd, out, err);
    free(cmd);
    return rc;
}

/* Standard input follows every family's rules (cli.c's batch reader): '#'
 * and blank lines skipped, a bad line answered by an error line (an error
 * object with --json) in its place, a NUL byte refused, never cut at. */
static void test_batch_stdin_rules(void **state)
{
    (void)state;
    char *out, *err;
    const char *in = "# a comment\\nR\\n\\n   \\nQ\\nU2\\n";
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws", in, &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "R' (1)\nerror: unknown move 'Q' at column 1\nU2 (1)\n");
    assert_non_null(strstr(err, "line 5: unknown move 'Q' at column 1"));
    assert_null(strstr(err, "line 1"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --json", in, &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "{\"puzzle\":\"def-2x2x2-htm\",\"metric\":\"htm\",\"distance\":1,\"solution\":\"R'\"}\n"
                             "{\"line\":5,\"query\":\"Q\",\"error\":{\"code\":2,\"kind\":\"malformed\","
                             "\"message\":\"unknown move 'Q' at column 1\"}}\n"
                             "{\"puzzle\":\"def-2x2x2-htm\",\"metric\":\"htm\",\"distance\":1,\"solution\":\"U2\"}\n");
    free(out);
    free(err);
    /* "R\0": refused as the other families refuse it, not answered as R */
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws", "R\\0\\nU\\n", &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "error: a NUL byte at column 2: a query is text\nU' (1)\n");
    assert_non_null(strstr(err, "line 1: a NUL byte at column 2"));
    free(out);
    free(err);
}

/* The answer of `alg` equals that of `expanded`. */
static void check_same_answer(const char *alg, const char *expanded)
{
    char args[256], *out1, *out2, *err;
    snprintf(args, sizeof args, "--def %s2x2x2.tws \"%s\"", PUZ, alg);
    assert_int_equal(tu_def_solve(args, NULL, &out1, &err), 0);
    free(err);
    snprintf(args, sizeof args, "--def %s2x2x2.tws \"%s\"", PUZ, expanded);
    assert_int_equal(tu_def_solve(args, NULL, &out2, &err), 0);
    free(err);
    assert_string_equal(out1, out2);
    free(out1);
    free(out2);
}

/* Scrambles take the cubes' alg syntax (common/cube/alg.c). */
static void test_alg_syntax(void **state)
{
    (void)state;
    check_same_answer("R3", "R'");
    check_same_answer("R2'", "R2");
    check_same_answer("R4 U", "U");
    check_same_answer("[R, U]", "R U R' U'");
    check_same_answer("[R: U]", "R U R'");
    check_same_answer("(R U)2", "R U R U");
    check_same_answer("(R U)'", "U' R'");
    check_same_answer("[F: [R, U]] // a comment", "F R U R' U' F'");
    char *out, *err;
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws \"(R U\"", NULL, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "unclosed bracket in '(R U' at column 1"));
    free(out);
    free(err);
}

/* A table built with --name is a puzzle of its own ("godtab-solve skewb"),
 * and the file given again finds it whatever its name. */
static void test_table_name(void **state)
{
    (void)state;
    char *cmd, *out, *err, args[1024], copy[512];
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s --def " PUZ "skewb.tws --name skewb", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    snprintf(args, sizeof args, "skewb --db %s \"R U\"", db);
    assert_int_equal(solve_raw(args, NULL, &out, &err), 0);
    assert_string_equal(out, "U' R' (2)\n");
    free(out);
    free(err);
    snprintf(args, sizeof args, "skewb --db %s --json \"[R, U]\"", db);
    assert_int_equal(solve_raw(args, NULL, &out, &err), 0);
    assert_non_null(strstr(out, "{\"puzzle\":\"skewb\",\"metric\":\"htm\",\"distance\":4,\"solution\":\""));
    free(out);
    free(err);
    /* the issue's line: refused, not answered */
    snprintf(args, sizeof args, "def --db %s --def " PUZ "skewb.tws --name skewb", db);
    assert_int_equal(solve_raw(args, "R\\0\\n", &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "error: a NUL byte at column 2: a query is text\n");
    free(out);
    free(err);
    /* --name alone: the stored definition */
    assert_int_equal(tu_def_solve("--name skewb \"R U\"", NULL, &out, &err), 0);
    assert_string_equal(out, "U' R' (2)\n");
    free(out);
    free(err);
    /* the file without --name: found by its stored definition */
    gt_def *d = tu_def_load("skewb.tws");
    assert_int_equal(tu_def_solve("--def " PUZ "skewb.tws \"R U L\"", NULL, &out, &err), 0);
    check_answer(d, "R U L", out, 3);
    free(out);
    free(err);
    gt_def_free(d);
    /* other bytes are another definition: not found, and the hint has --name */
    snprintf(copy, sizeof copy, "%s/skewb-edited.tws", db);
    assert_true(asprintf(&cmd, "cp " PUZ "skewb.tws %s && echo '# edited' >> %s", copy, copy) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    snprintf(args, sizeof args, "--def %s R", copy);
    assert_int_equal(tu_def_solve(args, NULL, &out, &err), GT_EXIT_NOTABLE);
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "skewb.tws --name other R", NULL, &out, &err), GT_EXIT_NOTABLE);
    snprintf(args, sizeof args, "build it with: godtab-gen --db %s --def " PUZ "skewb.tws --name other\n", db);
    assert_non_null(strstr(err, args));
    free(out);
    free(err);
    snprintf(args, sizeof args, "nosuch --db %s R", db);
    assert_int_equal(solve_raw(args, NULL, &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "unknown puzzle 'nosuch'"));
    free(out);
    free(err);
}

/* Every missing-table hint names the --db that was given. */
static void test_hints_name_the_db(void **state)
{
    (void)state;
    static const struct { const char *args, *hint; } cases[] = {
        {"pocket --db '/tmp/gt no db' R", "build them with: godtab-gen --db '/tmp/gt no db' pocket\n"},
        {"floppy --db /tmp/gt-no-db R", "build them with: godtab-gen --db /tmp/gt-no-db floppy\n"},
        {"cube3 --db /tmp/gt-no-db R", "build them with: godtab-gen --db /tmp/gt-no-db cube3\n"},
        {"taquin --db /tmp/gt-no-db 123456780", "build them with: godtab-gen --db /tmp/gt-no-db taquin-3x3\n"},
        {"def --db /tmp/gt-no-db --def " PUZ "2x2x2.tws --name n R",
         "build them with: godtab-gen --db /tmp/gt-no-db --def " PUZ "2x2x2.tws --name n\n"},
    };
    char *out, *err, args[512], want[512];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(solve_raw(cases[i].args, NULL, &out, &err), GT_EXIT_NOTABLE);
        if (!strstr(err, cases[i].hint))
            fail_msg("%s: %s", cases[i].args, err);
        free(out);
        free(err);
    }
    /* a database without the table */
    snprintf(args, sizeof args, "pocket --db %s R", db);
    assert_int_equal(solve_raw(args, NULL, &out, &err), GT_EXIT_NOTABLE);
    snprintf(want, sizeof want, "build it with: godtab-gen --db %s pocket\n", db);
    assert_non_null(strstr(err, want));
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers_replay),
        cmocka_unit_test(test_json_and_batch),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_batch_stdin_rules),
        cmocka_unit_test(test_alg_syntax),
        cmocka_unit_test(test_table_name),
        cmocka_unit_test(test_hints_name_the_db),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
