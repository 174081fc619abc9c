/* docs/architecture.md's tables as tests/check_architecture.sh checks them
 * (issue 27: the file table had drifted): the tree passes, and a copy with a
 * file the table misses, a row naming a file that is gone, or a program
 * file newly naming a model fails with exit 1 and a line naming it. */
#include "test_util.h"

#define SCRIPT GODTAB_ROOT "/tests/check_architecture.sh"

/* Runs the script on dir; returns its exit status, *out its standard output. */
static int check(const char *dir, char **out)
{
    return tu_run_check(SCRIPT, dir, out);
}

/* A copy of the checked folders and the document in a temporary directory. */
static char *copy_tree(void)
{
    char *dir = tu_mkdtemp(), *cmd;
    assert_true(asprintf(&cmd, "cd '%s' && mkdir '%s/docs' && cp docs/architecture.md '%s/docs/' && "
                               "for d in common gen solve group serve mpi python man; do "
                               "[ ! -d \"$d\" ] || cp -R \"$d\" '%s/' || exit 1; done",
                         GODTAB_ROOT, dir, dir, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    return dir;
}

/* Runs cmd in a fresh copy, then expects exit 1 and `want` in the output. */
static void expect_problem(const char *cmd, const char *want)
{
    char *dir = copy_tree(), *out, *full;
    assert_int_equal(check(dir, &out), 0); /* the copy itself is clean */
    free(out);
    assert_true(asprintf(&full, "cd '%s' && %s", dir, cmd) > 0);
    assert_int_equal(tu_run(full, NULL, NULL), 0);
    free(full);
    assert_int_equal(check(dir, &out), 1);
    if (!strstr(out, want) || !strstr(out, " files, 1 problems"))
        fail_msg("expected \"%s\", got:\n%s", want, out);
    free(out);
    tu_rmrf(dir);
    free(dir);
}

static void test_tree_passes(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(check(GODTAB_ROOT, &out), 0);
    assert_non_null(strstr(out, " files, 0 problems"));
    free(out);
}

static void test_file_in_no_row(void **state)
{
    (void)state;
    expect_problem("touch common/engine/new_file.c",
                   "common/engine/new_file.c is in no row of \"What each folder holds\"");
}

static void test_row_names_a_missing_file(void **state)
{
    (void)state;
    expect_problem("rm group/cmd_count.c", "names group/cmd_count.c, which does not exist");
}

static void test_program_newly_names_a_model(void **state)
{
    (void)state;
    expect_problem("echo '#include \"pocket.h\"' >> group/cmd_order.c",
                   "group/cmd_order.c includes the model headers pocket.h");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_passes),
        cmocka_unit_test(test_file_in_no_row),
        cmocka_unit_test(test_row_names_a_missing_file),
        cmocka_unit_test(test_program_newly_names_a_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
