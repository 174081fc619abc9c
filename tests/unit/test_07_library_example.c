/* The README's library example, as a program another project would write:
 * one include, open, solve, close. */
#include "test_util.h"

#include "godtab.h"

static void test_open_solve_close(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp(), *db_path, *cmd;
    assert_true(asprintf(&db_path, "%s/db", dir) > 0);
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s pocket-htm", GODTAB_BIN, db_path) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);

    gt_db *db;
    gt_puzzle *p;
    gt_table *t;
    gt_pocket pos;
    uint8_t moves[GT_MAX_DEPTH];
    int length;
    assert_int_equal(gt_db_open(&db, gt_db_default_path(db_path), GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_catalog_load(db, "pocket-htm", &p, &t), GT_OK);
    assert_int_equal(gt_pocket_from_scramble("R U R' U'", &pos, NULL), GT_OK);
    assert_int_equal(gt_solve_walk(p, t, pos.index, moves, GT_MAX_DEPTH, &length), GT_OK);
    assert_int_equal(length, 4);
    assert_string_equal(p->move_names[moves[0]], "U");
    /* a table the database does not hold */
    gt_puzzle *q;
    gt_table *u;
    assert_int_equal(gt_catalog_load(db, "pocket-qtm", &q, &u), GT_ERR_NOTFOUND);
    assert_int_equal(gt_catalog_load(db, "no-such-table", &q, &u), GT_ERR_NOTFOUND);
    assert_string_equal(gt_strerror(GT_ERR_NOTFOUND), "table not found");
    assert_int_equal(gt_exit_code(GT_ERR_NOTFOUND), GT_EXIT_NOTABLE);
    gt_catalog_find("pocket-htm")->free_puzzle(p);
    gt_table_free(t);
    gt_db_close(db);
    tu_rmrf(dir);
    free(dir);
    free(db_path);
    free(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_solve_close),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
