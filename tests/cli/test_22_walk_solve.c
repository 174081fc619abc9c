/* The generic front end of godtab-solve end to end: the Floppy (a family
 * added as one folder plus one registry line, with no edit to gen/ or
 * solve/) answered by family name, by table name, in JSON, with --all,
 * --random and stdin batches; and a table name standing for a family's
 * metric (pocket-qtm). */
#include "test_util.h"

#include "gt_error.h"

#define dir tu_db_dir
#define db tu_db_path

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("floppy pocket taquin-3x3");
}

#define teardown tu_db_teardown

/* Runs "[INPUT |] godtab-solve ARGS --db DB ..." and checks exit code, stdout
 * equal to want_out (if not NULL) and stderr holding err_has (if not NULL). */
static void expect(const char *input, const char *args, int code, const char *want_out, const char *err_has)
{
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "%s%s%s %s/godtab-solve %s", input ? "printf '" : "", input ? input : "",
                         input ? "' |" : "", GODTAB_BIN, args) > 0);
    char *full;
    assert_true(asprintf(&full, "export GODTAB_DB=%s; %s", db, cmd) > 0);
    int rc = tu_run(full, &out, &err);
    if (rc != code || (want_out && strcmp(out, want_out)) || (err_has && !strstr(err, err_has)))
        fail_msg("%s: exit %d (want %d)\nstdout: %s\nstderr: %s", cmd, rc, code, out, err);
    free(cmd);
    free(full);
    free(out);
    free(err);
}

static void test_floppy_answers(void **state)
{
    (void)state;
    expect(NULL, "floppy 'R F L B'", 0, "B L F R (4)\n", NULL);
    expect(NULL, "floppy-htm 'R F L B'", 0, "B L F R (4)\n", NULL); /* by table name */
    expect(NULL, "floppy \"R2 R'\"", 0, "(0)\n", NULL);
    expect(NULL, "floppy --json 'R F'", 0,
           "{\"puzzle\":\"floppy\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"F R\"}\n", NULL);
    expect(NULL, "floppy --all 'R L'", 0, "R L\nL R\n2 optimal solutions of length 2\n", NULL);
    expect(NULL, "floppy --state 4231/1000", 0, "R (1)\n", NULL);
}

static void test_floppy_batch_and_errors(void **state)
{
    (void)state;
    expect("R F\\n\\n# comment\\nR X\\nB\\n", "floppy", GT_EXIT_PARTIAL,
           "F R (2)\nerror: unknown move 'X' at column 3\nB (1)\n", "line 4: unknown move 'X' at column 3");
    /* --json: one object a line, the failed one in its place (README) */
    expect("R F\\n\\n# comment\\nR X\\nB\\n", "floppy --json", GT_EXIT_PARTIAL,
           "{\"puzzle\":\"floppy\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"F R\"}\n"
           "{\"line\":4,\"query\":\"R X\",\"error\":{\"code\":2,\"kind\":\"malformed\","
           "\"message\":\"unknown move 'X' at column 3\"}}\n"
           "{\"puzzle\":\"floppy\",\"metric\":\"htm\",\"distance\":1,\"solution\":\"B\"}\n",
           "line 4: unknown move 'X' at column 3");
    expect("1234/0000\\n", "floppy --format state", 0, "(0)\n", NULL);
    expect(NULL, "floppy 'R X'", GT_EXIT_PARSE, "", "unknown move 'X'");
    expect(NULL, "floppy --metric qtm R", GT_EXIT_USAGE, "", "--metric wants htm");
    expect(NULL, "floppy-htm --metric htm R", GT_EXIT_USAGE, "", "unknown option");
    expect(NULL, "floppy --random 2 R", GT_EXIT_USAGE, "", "give one of SCRAMBLE, --state or --random");
    expect(NULL, "floppy --seed -5 --random 1", GT_EXIT_USAGE, "", "--seed wants a non-negative integer");
}

/* Random states are reachable ones, reproducible from the seed, and their
 * scramble is solved by their solution. */
static void test_floppy_random(void **state)
{
    (void)state;
    char *cmd, *a, *b;
    assert_true(asprintf(&cmd, "GODTAB_DB=%s %s/godtab-solve floppy --random 50 --seed 9", db, GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, &a, NULL), 0);
    assert_int_equal(tu_run(cmd, &b, NULL), 0);
    assert_string_equal(a, b);
    int lines = 0;
    for (char *line = strtok(a, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        /* issue 26's one shape: the state, a tab, an optimal scramble */
        char *tab = strchr(line, '\t'), *check, *out, *out2;
        assert_non_null(tab);
        *tab = 0;
        int d = 0;
        for (const char *p = tab + 1; *p; p++)
            d += *p != ' ' && (p == tab + 1 || p[-1] == ' ');
        /* the scramble's and the state's optimal distances are its length */
        assert_true(asprintf(&check, "GODTAB_DB=%s %s/godtab-solve floppy '%s' | sed 's/.*(//'", db, GODTAB_BIN,
                             tab + 1) > 0);
        assert_int_equal(tu_run(check, &out, NULL), 0);
        free(check);
        assert_true(asprintf(&check, "GODTAB_DB=%s %s/godtab-solve floppy --state '%s' | sed 's/.*(//'", db,
                             GODTAB_BIN, line) > 0);
        assert_int_equal(tu_run(check, &out2, NULL), 0);
        assert_int_equal(atoi(out), d);
        assert_int_equal(atoi(out2), d);
        free(check);
        free(out);
        free(out2);
    }
    assert_int_equal(lines, 50);
    free(a);
    free(b);
    free(cmd);
}

/* A malformed query is refused before any table is opened. */
static void test_parse_before_load(void **state)
{
    (void)state;
    expect(NULL, "pocket --db /nonexistent/db 'R Q'", GT_EXIT_PARSE, "", "unknown move 'Q'");
    expect(NULL, "floppy --db /nonexistent/db --state 1134/0000", GT_EXIT_ILLEGAL, "", NULL);
    expect(NULL, "pocket --db /nonexistent/db R", GT_EXIT_NOTABLE, "",
           "build them with: godtab-gen --db /nonexistent/db pocket");
}

static void test_table_name_stands_for_metric(void **state)
{
    (void)state;
    expect(NULL, "pocket-qtm 'R2 U'", 0, "U' R2 (3)\n", NULL);
    expect(NULL, "pocket --metric qtm 'R2 U'", 0, "U' R2 (3)\n", NULL);
    expect(NULL, "cube3-corners R", GT_EXIT_USAGE, "", "no query front end");
    /* a taquin table by name: moves applied to the goal, or a configuration */
    expect(NULL, "taquin-3x3 'L1 C1 L1'", 0, "L1 C1 L1 (3)\n", NULL);
    expect(NULL, "taquin-3x3 --config 110/101/100", 0, "L1 C1 L1 C3 L1 (5)\n", NULL);
    expect(NULL, "taquin-3x3 --config 100/000/000", GT_EXIT_ILLEGAL, "", "corner sum is odd");
    expect(NULL, "taquin-4x4 --config 0000/0000/0000/0000", GT_EXIT_NOTABLE, "", " taquin-4x4\n");
    expect(NULL, "nosuch R", GT_EXIT_USAGE, "", "unknown puzzle 'nosuch'");
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* --antipodes and --at-depth: the states at one distance, their scrambles
 * solving back at that distance; refusals and a missing table. */
static void test_states_at_a_depth(void **state)
{
    (void)state;
    char *cmd, *out, *err;
    expect(NULL, "floppy --antipodes", 0, NULL, "1 state at distance 8 (God's number 8)");
    assert_true(asprintf(&cmd, "GODTAB_DB=%s %s/godtab-solve pocket --at-depth 1", tu_db_path, GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_int_equal(count_lines(out), 9); /* the 9 HTM moves */
    assert_non_null(strstr(err, "9 states at distance 1"));
    free(cmd);
    free(err);
    /* each line's scramble is solved in exactly its distance */
    char scramble[64];
    assert_int_equal(sscanf(strchr(out, ' ') + 2, "%63[^(]", scramble), 1);
    free(out);
    assert_true(asprintf(&cmd, "GODTAB_DB=%s %s/godtab-solve pocket \"%s\"", tu_db_path, GODTAB_BIN, scramble) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "(1)"));
    free(out);
    free(cmd);
    assert_true(asprintf(&cmd, "GODTAB_DB=%s %s/godtab-solve pocket --antipodes --limit 5 --json", tu_db_path,
                         GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_int_equal(count_lines(out), 5);
    assert_non_null(strstr(out, "\"distance\":11}"));
    assert_non_null(strstr(out, "\"facelets\":\""));
    free(out);
    free(cmd);
    expect(NULL, "pocket --antipodes 'R U'", GT_EXIT_USAGE, "", "and no query");
    expect(NULL, "pocket --antipodes --at-depth 3", GT_EXIT_USAGE, "", "give --antipodes or --at-depth");
    expect(NULL, "pocket --limit 3", GT_EXIT_USAGE, "", "give --antipodes or --at-depth");
    expect(NULL, "pocket --at-depth 65", GT_EXIT_USAGE, "", "--at-depth wants a number from 0 to 64");
    expect(NULL, "taquin-4x4 --antipodes", GT_EXIT_NOTABLE, "", " taquin-4x4\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_states_at_a_depth),
        cmocka_unit_test(test_floppy_answers),
        cmocka_unit_test(test_floppy_batch_and_errors),
        cmocka_unit_test(test_floppy_random),
        cmocka_unit_test(test_table_name_stands_for_metric),
        cmocka_unit_test(test_parse_before_load),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
