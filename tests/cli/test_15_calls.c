/* The call-graph rules (docs/architecture.md) as tests/check_calls.sh
 * enforces them on compiled objects: two files of one folder calling each
 * other (directly or round a longer loop) fail, and so does a library file
 * reading the environment; calls down a folder and across folders pass. */
#include "test_util.h"

#define SCRIPT GODTAB_ROOT "/tests/check_calls.sh"

/* Writes text to dir/file (a .c path) and compiles it to dir/build/file.o. */
static void source(const char *dir, const char *file, const char *text)
{
    char *cmd, *obj = strdup(file);
    assert_non_null(obj);
    obj[strlen(obj) - 1] = 'o';
    assert_true(asprintf(&cmd, "cd '%s' && mkdir -p \"$(dirname '%s')\" \"build/$(dirname '%s')\" && "
                               "printf '%%s\\n' '%s' > '%s' && cc -c '%s' -o 'build/%s'",
                         dir, file, file, text, file, file, obj) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    free(obj);
}

/* Runs the script on dir; returns its exit status, *out its standard output. */
static int check(const char *dir, char **out)
{
    return tu_run_check(SCRIPT, dir, out);
}

/* a.c calls b.c, b.c calls c.c (one folder), and x.c of another folder calls a.c. */
static char *downward_tree(void)
{
    char *dir = tu_mkdtemp();
    source(dir, "common/f/a.c", "int gt_b(void); int gt_a(void) { return gt_b(); }");
    source(dir, "common/f/b.c", "int gt_c(void); int gt_b(void) { return gt_c(); }");
    source(dir, "common/f/c.c", "int gt_c(void) { return 1; }");
    source(dir, "common/g/x.c", "int gt_a(void); int gt_x(void) { return gt_a(); }");
    return dir;
}

static void test_calls_downward_pass(void **state)
{
    (void)state;
    char *dir = downward_tree(), *out;
    assert_int_equal(check(dir, &out), 0);
    assert_non_null(strstr(out, "calls: 4 files, 2 folders, 0 cycles, 0 environment reads"));
    free(out);
    tu_rmrf(dir);
    free(dir);
}

static void test_two_files_calling_each_other_fail(void **state)
{
    (void)state;
    char *dir = downward_tree(), *out;
    source(dir, "common/f/c.c", "int gt_b(void); int gt_c(void) { return gt_b(); }");
    assert_int_equal(check(dir, &out), 1);
    assert_non_null(strstr(out, "cycle: common/f: b.c c.c"));
    assert_non_null(strstr(out, "  b.c <-> c.c  (gt_c / gt_b)"));
    assert_non_null(strstr(out, "1 cycles"));
    free(out);
    tu_rmrf(dir);
    free(dir);
}

static void test_a_longer_loop_fails(void **state)
{
    (void)state;
    char *dir = downward_tree(), *out;
    source(dir, "common/f/c.c", "int gt_a(void); int gt_c(void) { return gt_a(); }");
    assert_int_equal(check(dir, &out), 1);
    assert_non_null(strstr(out, "cycle: common/f: a.c b.c c.c"));
    free(out);
    tu_rmrf(dir);
    free(dir);
}

static void test_the_library_may_not_read_the_environment(void **state)
{
    (void)state;
    char *dir = downward_tree(), *out;
    source(dir, "common/f/c.c", "char *getenv(const char *); int gt_c(void) { return getenv(\"X\") != 0; }");
    source(dir, "gen/main.c", "char *getenv(const char *); int main(void) { return getenv(\"X\") != 0; }");
    assert_int_equal(check(dir, &out), 1);
    assert_non_null(strstr(out, "common/f/c.c: the library may not read the environment: getenv"));
    assert_null(strstr(out, "gen/main.c")); /* a program may */
    assert_non_null(strstr(out, "1 environment reads"));
    free(out);
    tu_rmrf(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_calls_downward_pass),
        cmocka_unit_test(test_two_files_calling_each_other_fail),
        cmocka_unit_test(test_a_longer_loop_fails),
        cmocka_unit_test(test_the_library_may_not_read_the_environment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
