/* godtab-solve cube3 over mapped tables (issue 11): the corner table read in
 * place (--load map, the default) and copied (--load copy) give the same
 * answers; a damaged block that the search reads fails the query with exit
 * 5 and no answer, in both modes, and --verify finds it. */
#include "test_util.h"

#include "cube3.h"
#include "cube3_tables.h"
#include "gt_error.h"
#include "table.h"

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("cube3-corners");
}

static int solve(const char *args, char **out, char **err)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db %s --quiet --corners-only %s", GODTAB_BIN, tu_db_path,
             args);
    return tu_run(cmd, out, err);
}

static void test_map_and_copy_agree(void **state)
{
    (void)state;
    static const char *const queries[] = {"\"R U R' U'\"", "--json \"R U2 F\"", "--all \"R2 U2\"",
                                          "--metric qtm \"R U' F\""};
    for (int i = 0; i < 4; i++) {
        char args[256], *out1, *err1, *out2, *err2;
        snprintf(args, sizeof args, "--load map %s", queries[i]);
        assert_int_equal(solve(args, &out1, &err1), 0);
        snprintf(args, sizeof args, "--load copy %s", queries[i]);
        assert_int_equal(solve(args, &out2, &err2), 0);
        char *n1 = strstr(out1, "\"nodes\""), *n2 = strstr(out2, "\"nodes\"");
        if (n1 && n2) /* JSON: compare up to the timing fields */
            *n1 = *n2 = 0;
        assert_string_equal(out1, out2);
        free(out1);
        free(err1);
        free(out2);
        free(err2);
    }
    char *out, *err;
    assert_int_equal(solve("--load huge \"R U\"", &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--load wants map or copy"));
    free(out);
    free(err);
}

/* The block holding the start position's corner entry is damaged: the
 * search reads it first, so no answer is printed, in either mode. */
static void test_damaged_block_fails_the_query(void **state)
{
    (void)state;
    gt_cube3 c;
    assert_int_equal(gt_cube3_from_scramble("R U F D L B", &c, NULL), GT_OK);
    uint64_t at = gt_cube3_corner_index(&c) / 2;
    tu_lmdb_flip(tu_db_path, GT_CUBE3_CORNERS_TABLE "/data/00000000", at);
    assert_int_equal(gt_cube3_from_scramble("U2", &c, NULL), GT_OK); /* the sound query below */
    assert_int_not_equal(gt_cube3_corner_index(&c) / 2 >> GT_BLOCK_SHIFT, at >> GT_BLOCK_SHIFT);
    char *out, *err;
    assert_int_equal(solve("\"R U F D L B\"", &out, &err), GT_EXIT_CORRUPT);
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "damaged"));
    free(out);
    free(err);
    assert_int_equal(solve("--load copy \"R U F D L B\"", &out, &err), GT_EXIT_CORRUPT);
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "damaged"));
    free(out);
    free(err);
    /* a query that reads only sound blocks is still answered, and exactly */
    assert_int_equal(solve("\"U2\"", &out, &err), 0);
    assert_string_equal(out, "U2 (1)\n");
    free(out);
    free(err);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-gen --db %s --verify cube3-corners", GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_CORRUPT);
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_and_copy_agree),
        cmocka_unit_test(test_damaged_block_fails_the_query),
    };
    return cmocka_run_group_tests(tests, setup, tu_db_teardown);
}
