/* The README's library example, as a program another project would write:
 * one include, open, solve, close. Only "godtab.h" comes from godtab (no
 * tests/test_util.h), so this also checks that the umbrella header is enough
 * on its own; the rest is the C library and cmocka. */
#include "godtab.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

/* Runs a shell command (its output discarded) and returns its exit status. */
static int run(const char *cmd)
{
    char *full;
    assert_true(asprintf(&full, "%s >/dev/null", cmd) > 0);
    int status = system(full);
    free(full);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_open_solve_close(void **state)
{
    (void)state;
    char dir[] = "/tmp/godtab-test-XXXXXX", *db_path, *cmd;
    assert_non_null(mkdtemp(dir));
    assert_true(asprintf(&db_path, "%s/db", dir) > 0);
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s pocket-htm", GODTAB_BIN, db_path) > 0);
    assert_int_equal(run(cmd), 0);

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
    gt_catalog_unload("pocket-htm", p, t);
    gt_db_close(db);

    free(cmd);
    assert_true(asprintf(&cmd, "rm -rf '%s'", dir) > 0);
    assert_int_equal(run(cmd), 0);
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
