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
    char sol[1024];
    int dist = -1;
    const char *open = strrchr(line, '(');
    assert_non_null(open);
    snprintf(sol, sizeof sol, "%.*s", (int)(open - line), line);
    assert_int_equal(sscanf(open, "(%d)", &dist), 1);
    assert_int_equal(dist, distance);
    uint8_t perm[64], ori[64];
    memcpy(perm, d->solved_perm, (size_t)d->total);
    memcpy(ori, d->solved_ori, (size_t)d->total);
    assert_int_equal(gt_def_apply_scramble(d, scramble, perm, ori, NULL), GT_OK);
    assert_int_equal(gt_def_apply_scramble(d, sol, perm, ori, NULL), GT_OK);
    assert_true(gt_def_is_solved(d, perm, ori));
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
    /* QTM table of <R,U>: a half turn is two quarter turns */
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws --moves R,U --metric qtm \"R2 U\"", NULL, &out, &err), 0);
    assert_non_null(strstr(out, "(3)"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--def " PUZ "2x2x2.tws", "R\\nQ\\nU2\\n", &out, &err), GT_EXIT_PARTIAL);
    assert_string_equal(out, "R' (1)\nU2 (1)\n");
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
    assert_non_null(strstr(err, "build it with: godtab-gen --def"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("R", NULL, &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--def FILE is required"));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers_replay),
        cmocka_unit_test(test_json_and_batch),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
