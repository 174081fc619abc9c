/* Helpers shared by the cmocka tests: temporary directories and running the
 * programs end to end. Header-only so each test stays one file. */
#ifndef GODTAB_TEST_UTIL_H
#define GODTAB_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

/* Makes a fresh temporary directory; the caller frees the returned path. */
static inline char *tu_mkdtemp(void)
{
    char *dir = strdup("/tmp/godtab-test-XXXXXX");
    assert_non_null(dir);
    assert_non_null(mkdtemp(dir));
    return dir;
}

static inline void tu_rmrf(const char *dir)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Runs a shell command line, captures stdout (and stderr if err != NULL) into
 * malloc'd strings, returns the exit status (or -1 if killed by a signal). */
static inline int tu_run(const char *cmdline, char **out, char **err)
{
    char errfile[] = "/tmp/godtab-err-XXXXXX";
    int efd = mkstemp(errfile);
    assert_true(efd >= 0);
    close(efd);
    char *full = NULL;
    assert_true(asprintf(&full, "( %s ) 2>%s", cmdline, errfile) > 0);
    FILE *p = popen(full, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0) {
        len += n;
        if (cap - len < 4096) { cap *= 2; buf = realloc(buf, cap); assert_non_null(buf); }
    }
    buf[len] = 0;
    int status = pclose(p);
    free(full);
    if (out) *out = buf; else free(buf);
    if (err) {
        FILE *f = fopen(errfile, "r");
        assert_non_null(f);
        char *e = calloc(1, 1 << 16);
        assert_non_null(e);
        size_t el = fread(e, 1, (1 << 16) - 1, f);
        e[el] = 0;
        fclose(f);
        *err = e;
    }
    unlink(errfile);
    if (!WIFEXITED(status)) return -1;
    return WEXITSTATUS(status);
}

/* Runs the check script `script` (sh) on folder dir, for the tests of the
 * tree checks (layers, calls, architecture); returns its exit status, *out
 * its standard output. */
static inline int tu_run_check(const char *script, const char *dir, char **out)
{
    char *cmd;
    assert_true(asprintf(&cmd, "sh '%s' '%s'", script, dir) > 0);
    int rc = tu_run(cmd, out, NULL);
    free(cmd);
    return rc;
}

/* A temporary directory holding a database: tu_db_dir and tu_db_path are
 * set by tu_db_setup, which builds into it with "godtab-gen --quiet --db DB
 * GEN_ARGS" unless gen_args is NULL, and removed by tu_db_teardown. For
 * tests that run the programs against one database. */
static char *tu_db_dir, *tu_db_path;

static inline int tu_db_setup(const char *gen_args)
{
    tu_db_dir = tu_mkdtemp();
    if (asprintf(&tu_db_path, "%s/db", tu_db_dir) < 0)
        return -1;
    if (!gen_args)
        return 0;
    char *cmd;
    if (asprintf(&cmd, "%s/godtab-gen --quiet --db %s %s", GODTAB_BIN, tu_db_path, gen_args) < 0)
        return -1;
    int rc = tu_run(cmd, NULL, NULL);
    free(cmd);
    return rc;
}

static inline int tu_db_teardown(void **state)
{
    (void)state;
    tu_rmrf(tu_db_dir);
    free(tu_db_dir);
    free(tu_db_path);
    return 0;
}

/* Raw LMDB access for the tests of the store's checks, bypassing godtab
 * (every test links -llmdb). */
#include <lmdb.h>

/* Opens the environment at path and begins a write transaction on its main
 * tree; end it with tu_lmdb_commit. */
static inline void tu_lmdb_begin(const char *path, MDB_env **env, MDB_txn **txn, MDB_dbi *dbi)
{
    assert_int_equal(mdb_env_create(env), 0);
    assert_int_equal(mdb_env_set_mapsize(*env, (size_t)1 << 32), 0);
    assert_int_equal(mdb_env_open(*env, path, 0, 0664), 0);
    assert_int_equal(mdb_txn_begin(*env, NULL, 0, txn), 0);
    assert_int_equal(mdb_dbi_open(*txn, NULL, 0, dbi), 0);
}

static inline void tu_lmdb_commit(MDB_env *env, MDB_txn *txn)
{
    assert_int_equal(mdb_txn_commit(txn), 0);
    mdb_env_close(env);
}

/* Flips bit 4 of byte `at` (modulo its size) of the record `key`: damage. */
static inline void tu_lmdb_flip(const char *path, const char *key, uint64_t at)
{
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi dbi;
    tu_lmdb_begin(path, &env, &txn, &dbi);
    MDB_val k = {strlen(key), (void *)key}, v;
    assert_int_equal(mdb_get(txn, dbi, &k, &v), 0);
    uint8_t *copy = malloc(v.mv_size);
    assert_non_null(copy);
    memcpy(copy, v.mv_data, v.mv_size);
    copy[at % v.mv_size] ^= 0x10;
    MDB_val nv = {v.mv_size, copy};
    assert_int_equal(mdb_put(txn, dbi, &k, &nv, 0), 0);
    tu_lmdb_commit(env, txn);
    free(copy);
}

#endif
