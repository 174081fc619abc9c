/* The layer rules (docs/architecture.md) as tests/check_layers.sh enforces
 * them: the tree passes, and a copy of it with one injected violation fails
 * with exit 1 and a line naming the file. */
#include "test_util.h"

#define SCRIPT GODTAB_ROOT "/tests/check_layers.sh"

/* Runs the script on dir; returns its exit status, *out its standard output. */
static int check(const char *dir, char **out)
{
    return tu_run_check(SCRIPT, dir, out);
}

/* A fresh copy of the checked folders in a temporary directory. */
static char *copy_tree(void)
{
    char *dir = tu_mkdtemp(), *cmd;
    assert_true(asprintf(&cmd, "cd '%s' && for d in common gen solve group; do "
                               "[ ! -d \"$d\" ] || cp -R \"$d\" '%s/' || exit 1; done",
                         GODTAB_ROOT, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    return dir;
}

/* Appends a line to dir/file. */
static void append(const char *dir, const char *file, const char *line)
{
    char *path;
    assert_true(asprintf(&path, "%s/%s", dir, file) > 0);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fprintf(f, "%s\n", line);
    fclose(f);
    free(path);
}

static void test_tree_passes(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(check(GODTAB_ROOT, &out), 0);
    assert_non_null(strstr(out, "layers: "));
    assert_non_null(strstr(out, " files, 0 violations"));
    free(out);
}

/* One violation injected into a copy: exit 1, "FILE:LINE: layer ..." naming
 * it, and the closing count. */
static void expect_violation(const char *file, const char *line, const char *why)
{
    char *dir = copy_tree(), *out, *where;
    assert_int_equal(check(dir, &out), 0); /* the copy itself is clean */
    free(out);
    append(dir, file, line);
    assert_int_equal(check(dir, &out), 1);
    assert_true(asprintf(&where, "%s:", file) > 0);
    if (!strstr(out, where) || !strstr(out, why) || !strstr(out, " files, 1 violations"))
        fail_msg("expected a violation in %s (%s), got:\n%s", file, why, out);
    free(where);
    free(out);
    tu_rmrf(dir);
    free(dir);
}

static void test_model_may_not_include_store(void **state)
{
    (void)state;
    expect_violation("common/models/pocket/pocket.c", "#include \"store.h\"",
                     "layer models/pocket may not include store.h (layer engine)");
}

static void test_model_may_not_include_another_model(void **state)
{
    (void)state;
    expect_violation("common/models/taquin/taquin.c", "#include \"pocket.h\"",
                     "may not include pocket.h (layer models/pocket)");
}

/* issue 27: the registry (the GT_FAMILY list) is included by the catalog
 * only, and includes nothing. */
static void test_only_the_catalog_includes_the_registry(void **state)
{
    (void)state;
    expect_violation("solve/godtab-solve.c", "#include \"families.h\"",
                     "layer solve may not include families.h (layer registry)");
    expect_violation("common/models/pocket/pocket.c", "#include \"families.h\"",
                     "layer models/pocket may not include families.h (layer registry)");
    expect_violation("common/models/families.h", "#include \"pocket.h\"",
                     "layer registry may not include pocket.h (layer models/pocket)");
}

static void test_groups_may_not_include_engine(void **state)
{
    (void)state;
    expect_violation("common/groups/permgroup.c", "#include \"bfs.h\"",
                     "layer groups may not include bfs.h (layer engine)");
}

static void test_util_depends_on_nothing(void **state)
{
    (void)state;
    expect_violation("common/util/error.c", "#include \"facecube.h\"",
                     "layer util may not include facecube.h (layer cube)");
}

static void test_only_the_store_touches_lmdb(void **state)
{
    (void)state;
    expect_violation("solve/godtab-solve.c", "#include <lmdb.h>", "only common/engine/store.c");
}

static void test_library_never_prints(void **state)
{
    (void)state;
    expect_violation("common/util/error.c", "void gt_shout(void) { puts(\"hi\"); }",
                     "layer util may not print or exit: puts");
}

static void test_library_never_exits(void **state)
{
    (void)state;
    expect_violation("common/engine/bfs.c", "static void die(void) { exit(1); }",
                     "layer engine may not print or exit: exit");
}

static void test_unknown_header(void **state)
{
    (void)state;
    expect_violation("gen/godtab-gen.c", "#include \"no_such_header.h\"",
                     "may not include no_such_header.h (layer not found)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_passes),
        cmocka_unit_test(test_model_may_not_include_store),
        cmocka_unit_test(test_model_may_not_include_another_model),
        cmocka_unit_test(test_only_the_catalog_includes_the_registry),
        cmocka_unit_test(test_groups_may_not_include_engine),
        cmocka_unit_test(test_util_depends_on_nothing),
        cmocka_unit_test(test_only_the_store_touches_lmdb),
        cmocka_unit_test(test_library_never_prints),
        cmocka_unit_test(test_library_never_exits),
        cmocka_unit_test(test_unknown_header),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
