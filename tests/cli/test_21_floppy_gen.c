/* godtab-gen end to end for the Floppy cube: build, verify and list the
 * floppy-htm table in a temporary LMDB. */
#include "test_util.h"

#include "gt_error.h"

#define dir tu_db_dir
#define db tu_db_path

static int setup(void **state)
{
    (void)state;
    return tu_db_setup(NULL);
}

#define teardown tu_db_teardown

/* Runs "godtab-gen --db DB ARGS", checks the exit code and that stdout has
 * each of the wanted strings (NULL-terminated). */
static void gen(const char *args, int code, const char *const *wanted)
{
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s %s", GODTAB_BIN, db, args) > 0);
    int rc = tu_run(cmd, &out, &err);
    for (const char *const *w = wanted; rc == code && *w; w++)
        if (!strstr(out, *w))
            rc = -100;
    if (rc != code)
        fail_msg("godtab-gen %s: exit %d (want %d)\nstdout: %s\nstderr: %s", args, rc, code, out, err);
    free(cmd);
    free(out);
    free(err);
}

static void test_build_verify_list(void **state)
{
    (void)state;
    static const char *const built[] = {"floppy-htm: ",
                                        "God's number 8; 192 states reached of 384; matches the published counts",
                                        "      5           64\n",
                                        "stored",
                                        NULL};
    gen("floppy", 0, built);
    static const char *const verified[] = {"floppy-htm: ok", "God's number 8", "published counts match", NULL};
    gen("--verify floppy", 0, verified);
    static const char *const listed[] = {"floppy-htm", "floppy", "stored", NULL};
    gen("--list", 0, listed);
    /* the table alone, by name, and again quietly */
    static const char *const none[] = {NULL};
    gen("--quiet --threads 1 floppy-htm", 0, none);
    gen("--quiet --verify floppy-htm", 0, none);
}

static void test_unbuilt_table_is_reported(void **state)
{
    (void)state;
    char *cmd, *err;
    /* no database at all */
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s/absent --verify floppy", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_NOTABLE);
    free(cmd);
    free(err);
    /* a database without the floppy table: the hint names it */
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s/other pocket-htm && %s/godtab-gen --db %s/other "
                               "--verify floppy", GODTAB_BIN, dir, GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "godtab-gen floppy-htm"));
    free(cmd);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_verify_list),
        cmocka_unit_test(test_unbuilt_table_is_reported),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
