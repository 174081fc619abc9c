/* Test helpers for the godtab-solve def CLI tests (test_83, test_84). */
#ifndef GODTAB_TEST_DEF_UTIL_H
#define GODTAB_TEST_DEF_UTIL_H

#include "test_util.h"

#include "def.h"
#include "gt_error.h"

#define PUZ GODTAB_ROOT "/puzzles/"

/* A temporary database holding the 2x2x2 definition's HTM table and one
 * more table built by "godtab-gen --def 2x2x2.tws MORE" (--metric qtm, ...). */
static inline int tu_def_db_setup(const char *more)
{
    char *cmd;
    int rc = tu_db_setup("--def " PUZ "2x2x2.tws");
    if (rc || asprintf(&cmd, "%s/godtab-gen --quiet --db %s --def " PUZ "2x2x2.tws %s", GODTAB_BIN, tu_db_path,
                       more) < 0)
        return -1;
    rc = tu_run(cmd, NULL, NULL);
    free(cmd);
    return rc;
}

/* The shipped definition puzzles/FILE, parsed (the test fails otherwise). */
static inline gt_def *tu_def_load(const char *file)
{
    char path[512], text[1 << 16];
    snprintf(path, sizeof path, "%s%s", PUZ, file);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    gt_def *d;
    assert_int_equal(gt_def_parse(text, n, &d, NULL), GT_OK);
    return d;
}

/* Runs "[printf IN |] godtab-solve def --db DB ARGS"; its exit code. */
static inline int tu_def_solve(const char *args, const char *in, char **out, char **err)
{
    char *cmd;
    assert_true(asprintf(&cmd, "%s%s%s%s/godtab-solve def --db %s %s", in ? "printf '" : "", in ? in : "",
                         in ? "' | " : "", GODTAB_BIN, tu_db_path, args) > 0);
    int rc = tu_run(cmd, out, err);
    free(cmd);
    return rc;
}

#endif
