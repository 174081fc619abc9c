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

/* The scramble then the answer line's moves ("MOVES (N)") solve the
 * definition (the test fails otherwise). */
static inline void tu_def_check_replay(const gt_def *d, const char *scramble, const char *line)
{
    char sol[1024];
    const char *open = strrchr(line, '(');
    assert_non_null(open);
    snprintf(sol, sizeof sol, "%.*s", (int)(open - line), line);
    uint8_t perm[64], ori[64];
    memcpy(perm, d->solved_perm, (size_t)d->total);
    memcpy(ori, d->solved_ori, (size_t)d->total);
    assert_int_equal(gt_def_apply_scramble(d, scramble, perm, ori, NULL), GT_OK);
    assert_int_equal(gt_def_apply_scramble(d, sol, perm, ori, NULL), GT_OK);
    assert_true(gt_def_is_solved(d, perm, ori));
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
