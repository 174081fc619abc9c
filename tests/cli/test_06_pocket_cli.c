/* godtab-gen and godtab-solve end to end against a real LMDB in a temporary
 * directory: every documented option and error path of the pocket cube. */
#include "test_util.h"

#include "gt_error.h"
#include "pocket.h"
#include "store.h"
#include "store_corrupt.h"
#include "store_internal.h"

#define dir tu_db_dir
#define db tu_db_path

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("pocket");
}

#define teardown tu_db_teardown

/* Runs "godtab-solve pocket --db DB ARGS"; returns the exit code. */
static int solve(const char *args, char **out, char **err)
{
    char *cmd;
    assert_true(asprintf(&cmd, "%s/godtab-solve pocket --db %s %s", GODTAB_BIN, db, args) > 0);
    int rc = tu_run(cmd, out, err);
    free(cmd);
    return rc;
}

static void expect(const char *args, int code, const char *out_has, const char *err_has)
{
    char *out, *err;
    int rc = solve(args, &out, &err);
    if (rc != code || (out_has && !strstr(out, out_has)) || (err_has && !strstr(err, err_has)))
        fail_msg("godtab-solve pocket %s: exit %d (want %d)\nstdout: %s\nstderr: %s", args, rc, code, out, err);
    /* errors are one line */
    if (code != 0 && code != GT_EXIT_PARTIAL)
        assert_true(strchr(err, '\n') == strrchr(err, '\n'));
    free(out);
    free(err);
}

static void test_gen_prints_and_verifies(void **state)
{
    (void)state;
    char *cmd, *out;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s pocket-htm", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "God's number 11"));
    assert_non_null(strstr(out, "matches the published counts"));
    assert_non_null(strstr(out, "1887748"));
    assert_non_null(strstr(out, "stored"));
    free(out);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s --verify", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "pocket-htm: ok"));
    assert_non_null(strstr(out, "pocket-qtm: ok"));
    free(out);
    free(cmd);
    /* usage errors */
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s no-such-table", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), GT_EXIT_USAGE);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/godtab-gen --threads 0", GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), GT_EXIT_USAGE);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/godtab-gen --list --db %s", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "pocket-qtm"));
    free(out);
    free(cmd);
}

static void test_gen_tables_identical_at_1_and_2_threads(void **state)
{
    (void)state;
    char *cmd, *out1, *out2;
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --threads 1 --db %s/t1 pocket && %s/godtab-gen --quiet "
                               "--threads 2 --db %s/t2 pocket", GODTAB_BIN, dir, GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/godtab-gen --verify --db %s/t1", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, &out1, NULL), 0);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/godtab-gen --verify --db %s/t2", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, &out2, NULL), 0);
    free(cmd);
    /* same checksums of the uncompressed data */
    assert_string_equal(out1, out2);
    free(out1);
    free(out2);
}

static void test_solve_scramble_both_metrics(void **state)
{
    (void)state;
    expect("\"R U R' U'\"", 0, "U R U' R' (4)", NULL);
    expect("R U \"R'\" \"U'\"", 0, "U R U' R' (4)", NULL);
    /* issue 26: two quarter turns are written R2 (counted 2), as cube3 and
     * twsearch write them, never "R R" */
    expect("--metric qtm \"R2 U\"", 0, "U' R2 (3)", NULL);
    expect("--metric qtm \"R2 U2\"", 0, "U2 R2 (4)", NULL);
    expect("--metric qtm --json \"R2 U\"", 0, "\"distance\":3,\"solution\":\"U' R2\"", NULL);
    expect("\"\"", 0, "(0)", NULL); /* the empty scramble: already solved */
}

static void test_solution_solves_the_scramble(void **state)
{
    /* Feed scramble + printed solution back: distance 0. */
    (void)state;
    const char *scrambles[] = {"R U2 F' L D' B2 U", "x R' D2 y L F", "B L' D R2 z U F2", "F R U' R' U' R U R' F'"};
    for (int metric = 0; metric < 2; metric++)
        for (size_t i = 0; i < sizeof scrambles / sizeof *scrambles; i++) {
            char args[256], *out;
            snprintf(args, sizeof args, "--metric %s \"%s\"", metric ? "qtm" : "htm", scrambles[i]);
            assert_int_equal(solve(args, &out, NULL), 0);
            char *paren = strrchr(out, '(');
            assert_non_null(paren);
            *paren = 0;
            snprintf(args, sizeof args, "--metric %s \"%s %s\"", metric ? "qtm" : "htm", scrambles[i], out);
            free(out);
            expect(args, 0, "(0)", NULL);
        }
}

static void test_json_show_all(void **state)
{
    (void)state;
    expect("--json \"R U\"", 0, "{\"puzzle\":\"pocket\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"U' R'\"}", NULL);
    expect("--show \"R\"", 0, "    U F\n    U F\nL L F D R R U B\n", NULL);
    expect("--all \"R U\"", 0, "1 optimal solution of length 2", NULL);
    /* "R R" and "R' R'" are both written R2: listed once */
    expect("--all --metric qtm \"R2\"", 0, "R2\n1 optimal solution of length 2", NULL);
    expect("--all --json --metric qtm \"R2\"", 0, "\"solutions\":[\"R2\"],\"count\":1", NULL);
    expect("--all --json \"R2 U2\"", 0, "\"count\":", NULL);
    expect("--all \"\"", 0, "(solved)\n1 optimal solution of length 0", NULL);
}

static void test_facelets(void **state)
{
    (void)state;
    expect("--facelets UUUURRRRFFFFDDDDLLLLBBBB", 0, "(0)", NULL);
    expect("--facelets \"WYRG YBYO GOWR OGYG BWOB RRWB\"", 0, "U' F2 U R' F U2 R' (7)", NULL);
    expect("--facelets UUUURRRRFFFFDDDDLLLLBBB", GT_EXIT_PARSE, NULL, "23 stickers");
    expect("--facelets UUUUURRRFFFFDDDDLLLLBBBB", GT_EXIT_PARSE, NULL, "4 times");
    expect("--facelets UUUDRRRRFFFFUDDDLLLLBBBB", GT_EXIT_ILLEGAL, NULL, "impossible cube");
    /* twisted corner: URF's stickers U R F rotated to F U R */
    expect("--facelets UUUFURRRFRFFDDDDLLLLBBBB", GT_EXIT_ILLEGAL, NULL, "twisted corner");
    /* duplicated corner: UBR painted U R F, DFR's F sticker made B */
    expect("--facelets UUUURFRRFFFBDDDDLLLLRBBB", GT_EXIT_ILLEGAL, NULL, "appears twice");
}

static void test_bad_scrambles(void **state)
{
    (void)state;
    expect("\"R U Q\"", GT_EXIT_PARSE, NULL, "unknown move 'Q' at column 5");
    expect("\"R M\"", GT_EXIT_PARSE, NULL, "slice");
    expect("--metric ftm R", GT_EXIT_USAGE, NULL, "htm or qtm");
    expect("--random 2 --facelets UUUURRRRFFFFDDDDLLLLBBBB", GT_EXIT_USAGE, NULL, "one of");
    expect("--seed 3 R", GT_EXIT_USAGE, NULL, "--random");
    expect("--random -1", GT_EXIT_USAGE, NULL, NULL);
    expect("--bogus", GT_EXIT_USAGE, NULL, NULL);
}

static void test_random_states(void **state)
{
    (void)state;
    char *out1, *out2;
    assert_int_equal(solve("--random 20 --seed 7", &out1, NULL), 0);
    assert_int_equal(solve("--random 20 --seed 7", &out2, NULL), 0);
    assert_string_equal(out1, out2); /* reproducible */
    int lines = 0;
    for (char *line = strtok(out1, "\n"); line; line = strtok(NULL, "\n")) {
        lines++;
        /* issue 26's one shape: the state, a tab, an optimal scramble; the
         * scramble and the state are both at its length */
        char facelets[32], scramble[256] = "";
        assert_true(sscanf(line, "%24[A-Z]\t%255[^\n]", facelets, scramble) >= 1);
        assert_int_equal(strlen(facelets), 24);
        assert_int_equal(line[24], '\t');
        int d = 0;
        for (const char *p = scramble; *p; p++)
            d += *p != ' ' && (p == scramble || p[-1] == ' ');
        char args[300], want[16];
        snprintf(want, sizeof want, "(%d)", d);
        snprintf(args, sizeof args, "\"%s\"", scramble);
        expect(args, 0, want, NULL);
        snprintf(args, sizeof args, "--facelets %s", facelets);
        expect(args, 0, want, NULL);
    }
    assert_int_equal(lines, 20);
    free(out1);
    free(out2);
    expect("--random 1 --json --metric qtm --seed 3", 0, "{\"puzzle\":\"pocket\",\"metric\":\"qtm\",\"state\":\"", NULL);
    expect("--random 1 --json --seed 3", 0, "\",\"length\":", NULL);
}

/* QTM --random: scrambles and solutions never repeat a turn ("R R" is R2). */
static void test_qtm_random_half_turns(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(solve("--metric qtm --random 40 --seed 7", &out, NULL), 0);
    char prev[8] = "";
    for (char *tok = strtok(out, " \n"); tok; tok = strtok(NULL, " \n")) {
        if (strcmp(tok, "scramble:") && strcmp(tok, "solution:") && tok[0] != '(' && !strcmp(tok, prev))
            fail_msg("QTM move %s written twice in a row", tok);
        snprintf(prev, sizeof prev, "%s", tok);
    }
    free(out);
}

/* -h and -V of the program itself (issue 26). */
static void test_help_and_version(void **state)
{
    (void)state;
    static const char *const args[] = {"-h", "--help", "-V", "--version"};
    for (int i = 0; i < 4; i++) {
        char *cmd, *out;
        assert_true(asprintf(&cmd, "%s/godtab-solve %s", GODTAB_BIN, args[i]) > 0);
        assert_int_equal(tu_run(cmd, &out, NULL), 0);
        assert_non_null(strstr(out, i < 2 ? "usage: godtab-solve" : "godtab-solve: godtab "));
        free(out);
        free(cmd);
    }
}

static void test_stdin_batch(void **state)
{
    (void)state;
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "printf \"R U\\n\\n# comment\\nR U Q\\nR2\\n\" | %s/godtab-solve pocket --db %s", GODTAB_BIN,
                         db) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "U' R' (2)\nerror: unknown move 'Q' at column 5\nR2 (1)\n");
    assert_non_null(strstr(err, "line 4: unknown move 'Q'"));
    free(cmd);
    free(out);
    free(err);
    assert_true(asprintf(&cmd, "printf \"UUUURRRRFFFFDDDDLLLLBBBB\\nUUUU\\n\" | %s/godtab-solve pocket --db %s --format facelets",
                         GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "(0)\nerror: facelets: 4 stickers, a 2x2x2 has 24\n");
    assert_non_null(strstr(err, "line 2:"));
    free(cmd);
    free(out);
    free(err);
    /* many lines keep their order */
    assert_true(asprintf(&cmd, "for i in $(seq 1 20000); do echo \"R U\"; echo \"F\"; done | %s/godtab-solve pocket "
                               "--db %s | sort | uniq -c | sort -n", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "20000 F' (1)"));
    assert_non_null(strstr(out, "20000 U' R' (2)"));
    free(cmd);
    free(out);
}

static void test_missing_and_corrupted_tables(void **state)
{
    (void)state;
    char *cmd, *err;
    assert_true(asprintf(&cmd, "%s/godtab-solve pocket --db %s/absent R", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "godtab-gen --db ")); /* the hint names the database asked for */
    assert_non_null(strstr(err, "/absent pocket"));
    free(cmd);
    free(err);
    /* GODTAB_DB chooses the database too */
    assert_true(asprintf(&cmd, "GODTAB_DB=%s %s/godtab-solve pocket R", db, GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    /* only the QTM table present */
    char *one;
    assert_true(asprintf(&one, "%s/one", dir) > 0);
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s pocket-qtm && %s/godtab-solve pocket --db %s R", GODTAB_BIN,
                         one, GODTAB_BIN, one) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "table pocket-htm is not in"));
    free(cmd);
    free(err);
    /* damage the QTM table's data */
    gt_db *h;
    assert_int_equal(gt_db_open(&h, one, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_db_corrupt_for_test(h, "pocket-qtm", 0, 5000), GT_OK);
    gt_db_close(h);
    assert_true(asprintf(&cmd, "%s/godtab-solve pocket --metric qtm --db %s R", GODTAB_BIN, one) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_CORRUPT);
    assert_non_null(strstr(err, "corrupted"));
    assert_non_null(strstr(err, "rebuild"));
    free(cmd);
    free(err);
    assert_true(asprintf(&cmd, "%s/godtab-gen --verify --db %s", GODTAB_BIN, one) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_CORRUPT);
    free(cmd);
    free(err);
    assert_true(asprintf(&cmd, "%s/godtab-gen --verify --db %s/absent", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_NOTABLE);
    free(cmd);
    free(err);
    free(one);
}

static void test_full_database(void **state)
{
    /* A database that cannot grow (as on a full disk): exit 6, one line per
     * table, nothing half-written, and the tables stored before survive. */
    (void)state;
    char *cmd, *err;
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s/full pocket-qtm && GODTAB_MAP_SIZE=600000 "
                               "%s/godtab-gen --quiet --db %s/full pocket-htm",
                         GODTAB_BIN, dir, GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_STORAGE);
    assert_non_null(strstr(err, "pocket-htm: storage error"));
    free(cmd);
    free(err);
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --verify --db %s/full pocket-qtm && %s/godtab-solve pocket "
                               "--metric qtm --db %s/full R",
                         GODTAB_BIN, dir, GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gen_prints_and_verifies),
        cmocka_unit_test(test_gen_tables_identical_at_1_and_2_threads),
        cmocka_unit_test(test_solve_scramble_both_metrics),
        cmocka_unit_test(test_solution_solves_the_scramble),
        cmocka_unit_test(test_json_show_all),
        cmocka_unit_test(test_facelets),
        cmocka_unit_test(test_bad_scrambles),
        cmocka_unit_test(test_random_states),
        cmocka_unit_test(test_stdin_batch),
        cmocka_unit_test(test_qtm_random_half_turns),
        cmocka_unit_test(test_help_and_version),
        cmocka_unit_test(test_missing_and_corrupted_tables),
        cmocka_unit_test(test_full_database),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
