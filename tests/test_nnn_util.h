/* Test helpers for the godtab-solve nnn CLI tests. */
#ifndef GODTAB_TEST_NNN_UTIL_H
#define GODTAB_TEST_NNN_UTIL_H

#include "test_util.h"

/* Runs godtab-solve nnn ARGS, capturing stdout and stderr; its exit code. */
static inline int tu_nnn(const char *args, char **out, char **err)
{
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve nnn %s", GODTAB_BIN, args);
    return tu_run(cmd, out, err);
}

/* Fails unless godtab-solve nnn ARGS exits with code and its stdout and
 * stderr contain in_out and in_err (either NULL: not checked). */
static inline void tu_nnn_expect(const char *args, int code, const char *in_out, const char *in_err)
{
    char *out, *err;
    int rc = tu_nnn(args, &out, &err);
    if (rc != code || (in_out && !strstr(out, in_out)) || (in_err && !strstr(err, in_err)))
        fail_msg("nnn %s: exit %d (wanted %d)\nstdout: %s\nstderr: %s", args, rc, code, out, err);
    free(out);
    free(err);
}

#endif
