/* The LMDB + zstd store: round trips, replacement, corruption, full map,
 * missing tables, and a build killed at random moments. */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "gt_error.h"
#include "store.h"
#include "store_corrupt.h"
#include "store_internal.h"

#include <dlfcn.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <zstd.h>
#include <zstd_errors.h>

/* zstd failing on demand: this definition of ZSTD_compress2 comes before
 * libzstd's, so the store calls it. While zstd_fail is set it gives zstd a
 * destination of 0 bytes, for a real zstd error ("Destination buffer is too
 * small"); otherwise it passes the call on. */
static int zstd_fail;
static size_t (*real_compress2)(ZSTD_CCtx *, void *, size_t, const void *, size_t);

size_t ZSTD_compress2(ZSTD_CCtx *cctx, void *dst, size_t cap, const void *src, size_t len)
{
    return real_compress2(cctx, dst, zstd_fail ? 0 : cap, src, len);
}

typedef struct fixture {
    char *dir;
    gt_puzzle *puzzle[2];
    uint8_t *data[2];
    uint64_t bytes[2];
    gt_table_meta meta[2];
} fixture;

static fixture fx;
static const char *names[2] = {"pocket-htm", "pocket-qtm"};

static int setup(void **state)
{
    (void)state;
    if (!(real_compress2 = (size_t(*)(ZSTD_CCtx *, void *, size_t, const void *, size_t))dlsym(RTLD_NEXT,
                                                                                              "ZSTD_compress2")))
        return -1;
    fx.dir = tu_mkdtemp();
    for (int i = 0; i < 2; i++) {
        const gt_table_spec *spec = gt_catalog_find(names[i]);
        uint8_t *dist;
        gt_distribution d;
        if (spec->make_puzzle(spec, &fx.puzzle[i]) || gt_bfs_run(fx.puzzle[i], NULL, &dist, &d) ||
            gt_table_encode(dist, fx.puzzle[i]->n_states, spec->encoding, 0, &fx.data[i], &fx.bytes[i]))
            return -1;
        gt_table_meta_init(&fx.meta[i], names[i], fx.puzzle[i], spec->encoding, &d, fx.data[i], fx.bytes[i]);
        free(dist);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_rmrf(fx.dir);
    free(fx.dir);
    free(fx.data[0]);
    free(fx.data[1]);
    return 0;
}

static char *db_path(const char *leaf)
{
    char *p;
    assert_true(asprintf(&p, "%s/%s", fx.dir, leaf) > 0);
    return p;
}

static void test_round_trip_every_table_and_metadata(void **state)
{
    (void)state;
    char *path = db_path("round");
    gt_db *db;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    for (int i = 0; i < 2; i++) {
        gt_table_meta m = fx.meta[i];
        assert_int_equal(gt_db_put_table(db, &m, fx.data[i], 3, 0, 2), GT_OK);
        assert_true(m.stored_bytes > 0 && m.stored_bytes < fx.bytes[i]);
    }
    gt_db_close(db);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    char list[8][GT_NAME_MAX];
    int count;
    assert_int_equal(gt_db_list(db, list, 8, &count), GT_OK);
    assert_int_equal(count, 2);
    assert_string_equal(list[0], "pocket-htm");
    assert_string_equal(list[1], "pocket-qtm");
    for (int i = 0; i < 2; i++) {
        gt_table *t;
        assert_int_equal(gt_db_get_table(db, names[i], 2, &t), GT_OK);
        assert_int_equal(t->data_bytes, fx.bytes[i]);
        assert_memory_equal(t->data, fx.data[i], fx.bytes[i]);
        assert_int_equal(t->meta.checksum, fx.meta[i].checksum);
        assert_true(gt_distribution_equal(&t->meta.distribution, &fx.meta[i].distribution));
        assert_string_equal(t->meta.metric, fx.meta[i].metric);
        gt_table_free(t);
        /* and through the catalog, with its consistency checks */
        gt_puzzle *p;
        assert_int_equal(gt_catalog_load(db, names[i], &p, &t), GT_OK);
        gt_table_free(t);
    }
    gt_db_close(db);
    free(path);
}

static void test_small_chunks_and_replacement(void **state)
{
    /* A table stored in many chunks, then replaced by one stored in one
     * chunk: the stale chunks must be gone and the data exact. */
    (void)state;
    char *path = db_path("chunks");
    gt_db *db;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    gt_table_meta m = fx.meta[0];
    assert_int_equal(gt_db_put_table(db, &m, fx.data[0], 1, 65536, 2), GT_OK);
    assert_int_equal(m.chunk_bytes, 65536);
    gt_table *t;
    assert_int_equal(gt_db_get_table(db, names[0], 2, &t), GT_OK);
    assert_memory_equal(t->data, fx.data[0], fx.bytes[0]);
    gt_table_free(t);
    m = fx.meta[0];
    assert_int_equal(gt_db_put_table(db, &m, fx.data[0], 3, 0, 1), GT_OK);
    assert_int_equal(gt_db_get_table(db, names[0], 1, &t), GT_OK);
    assert_memory_equal(t->data, fx.data[0], fx.bytes[0]);
    gt_table_free(t);
    /* a stale chunk 1 would have been left over: it must not exist */
    assert_int_equal(gt_db_corrupt_for_test(db, names[0], 1, 0), GT_ERR_NOTFOUND);
    assert_int_equal(gt_db_delete_table(db, names[0]), GT_OK);
    assert_int_equal(gt_db_get_table(db, names[0], 1, &t), GT_ERR_NOTFOUND);
    assert_int_equal(gt_db_delete_table(db, names[0]), GT_ERR_NOTFOUND);
    gt_db_close(db);
    free(path);
}

static void test_corruption_is_detected(void **state)
{
    (void)state;
    char *path = db_path("corrupt");
    gt_db *db;
    gt_table *t;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    for (uint64_t offset = 100; offset < 400000; offset += 99991) {
        gt_table_meta m = fx.meta[0];
        assert_int_equal(gt_db_put_table(db, &m, fx.data[0], 3, 0, 1), GT_OK);
        assert_int_equal(gt_db_corrupt_for_test(db, names[0], 0, offset), GT_OK);
        assert_int_equal(gt_db_get_table(db, names[0], 1, &t), GT_ERR_CORRUPT);
        assert_non_null(strstr(gt_db_last_error(db), "pocket-htm"));
    }
    /* data intact but the recorded checksum wrong */
    gt_table_meta m = fx.meta[0];
    m.checksum ^= 1;
    assert_int_equal(gt_db_put_table(db, &m, fx.data[0], 3, 0, 1), GT_OK);
    assert_int_equal(gt_db_get_table(db, names[0], 1, &t), GT_ERR_CORRUPT);
    assert_non_null(strstr(gt_db_last_error(db), "checksum"));
    gt_db_close(db);
    free(path);
}

static void test_missing_database_and_table(void **state)
{
    (void)state;
    char *path = db_path("nothing-here");
    gt_db *db;
    gt_table *t;
    gt_table_meta m;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_ERR_NOTFOUND);
    assert_non_null(strstr(gt_db_last_error(NULL), "no database"));
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_db_get_table(db, "pocket-htm", 1, &t), GT_ERR_NOTFOUND);
    assert_int_equal(gt_db_get_meta(db, "pocket-htm", &m), GT_ERR_NOTFOUND);
    gt_db_close(db);
    assert_int_equal(gt_db_open(&db, "/proc/godtab-cannot-create/x", GT_DB_WRITE), GT_ERR_STORAGE);
    assert_non_null(strstr(gt_db_last_error(NULL), "cannot create"));
    gt_db_set_options(&(gt_db_options){.godtab_db = path});
    assert_string_equal(gt_db_default_path(NULL), path);
    assert_string_equal(gt_db_default_path("/elsewhere"), "/elsewhere");
    gt_db_set_options(NULL);
    free(path);
}

/* Issue 26: a database's own folder is created, never a missing parent
 * (godtab-gen --db /nonexistent/x.lmdb made /nonexistent), and the error
 * names the folder that is missing. */
static void test_only_the_database_folder_is_created(void **state)
{
    (void)state;
    char *parent = db_path("no-such-folder"), *path, *own = db_path("own/");
    struct stat st;
    gt_db *db;
    assert_true(asprintf(&path, "%s/x.lmdb", parent) > 0);
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_ERR_STORAGE);
    char *want;
    assert_true(asprintf(&want, "cannot create %s: its folder %s does not exist", path, parent) > 0);
    assert_non_null(strstr(gt_db_last_error(NULL), want));
    assert_int_not_equal(stat(parent, &st), 0); /* nothing was made */
    assert_int_equal(gt_db_open(&db, own, GT_DB_WRITE), GT_OK); /* the last component, trailing '/' too */
    gt_db_close(db);
    assert_int_equal(stat(own, &st), 0);
    free(want);
    free(path);
    free(parent);
    free(own);
}

/* Run from the build tree (build/tests/), without GODTAB_DB: the tree's
 * tables/godtab.lmdb, found from the executable at run time. */
static void test_default_is_the_tree_database(void **state)
{
    (void)state;
    const char *saved = getenv("GODTAB_DB");
    char *keep = saved ? strdup(saved) : NULL;
    unsetenv("GODTAB_DB");
    char *want, real_root[4096];
    assert_non_null(realpath(GODTAB_ROOT, real_root));
    assert_true(asprintf(&want, "%s/tables/godtab.lmdb", real_root) > 0);
    assert_string_equal(gt_db_default_path(NULL), want);
    if (keep)
        setenv("GODTAB_DB", keep, 1);
    free(keep);
    free(want);
}

/* Issue 27: the library reads no environment variable; the programs pass
 * GODTAB_DB, XDG_DATA_HOME, HOME and GODTAB_MAP_SIZE in (gt_db_options). */
static void test_the_library_reads_no_environment(void **state)
{
    (void)state;
    char *want, real_root[4096];
    assert_non_null(realpath(GODTAB_ROOT, real_root));
    assert_true(asprintf(&want, "%s/tables/godtab.lmdb", real_root) > 0);
    setenv("GODTAB_DB", "/from/the/environment", 1);
    gt_db_set_options(NULL);
    assert_string_equal(gt_db_default_path(NULL), want); /* the tree, not $GODTAB_DB */
    gt_db_set_options(&(gt_db_options){.godtab_db = "/from/the/program"});
    assert_string_equal(gt_db_default_path(NULL), "/from/the/program");
    assert_string_equal(gt_db_default_path("/explicit"), "/explicit");
    gt_db_set_options(NULL);
    unsetenv("GODTAB_DB");
    free(want);
}

static void test_full_map_fails_cleanly_and_keeps_old_table(void **state)
{
    /* A database capped at 512 KiB takes the QTM table (about 430 KB stored)
     * but not the HTM one on top of it: the write fails like a full disk and
     * what was stored stays readable. */
    (void)state;
    char *path = db_path("full");
    gt_db *db;
    gt_db_set_options(&(gt_db_options){.map_size = "524288"});
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    gt_table_meta m = fx.meta[1];
    assert_int_equal(gt_db_put_table(db, &m, fx.data[1], 3, 0, 1), GT_OK);
    m = fx.meta[0];
    assert_int_equal(gt_db_put_table(db, &m, fx.data[0], 3, 0, 1), GT_ERR_STORAGE);
    assert_true(strlen(gt_db_last_error(db)) > 0);
    gt_table *t;
    assert_int_equal(gt_db_get_table(db, names[1], 1, &t), GT_OK);
    assert_memory_equal(t->data, fx.data[1], fx.bytes[1]);
    gt_table_free(t);
    assert_int_equal(gt_db_get_table(db, names[0], 1, &t), GT_ERR_NOTFOUND);
    gt_db_close(db);
    gt_db_set_options(NULL);
    free(path);
}

static void test_zstd_failure_is_a_storage_error(void **state)
{
    /* zstd refusing to compress: GT_ERR_STORAGE (not GT_ERR_NOMEM) with zstd's
     * message, and the table already stored stays as it was. */
    (void)state;
    char *path = db_path("zstd");
    gt_db *db;
    gt_table *t;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    gt_table_meta m = fx.meta[1];
    assert_int_equal(gt_db_put_table(db, &m, fx.data[1], 3, 0, 1), GT_OK);
    zstd_fail = 1;
    for (int i = 0; i < 2; i++) {
        m = fx.meta[i];
        assert_int_equal(gt_db_put_table(db, &m, fx.data[i], 3, 65536, 2), GT_ERR_STORAGE);
        assert_non_null(strstr(gt_db_last_error(db), names[i]));
        assert_non_null(strstr(gt_db_last_error(db), "zstd"));
        assert_non_null(strstr(gt_db_last_error(db), ZSTD_getErrorString(ZSTD_error_dstSize_tooSmall)));
    }
    zstd_fail = 0;
    assert_int_equal(gt_db_get_table(db, names[1], 1, &t), GT_OK);
    assert_memory_equal(t->data, fx.data[1], fx.bytes[1]);
    gt_table_free(t);
    assert_int_equal(gt_db_get_table(db, names[0], 1, &t), GT_ERR_NOTFOUND);
    gt_db_close(db);
    free(path);
}

static void test_killed_build_leaves_a_whole_table(void **state)
{
    /* godtab-gen is killed at various moments while rebuilding; every time the
     * database must hold a complete table that verifies (the old or the new). */
    (void)state;
    char *path = db_path("killed"), *cmd;
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s pocket", GODTAB_BIN, path) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    for (int delay_ms = 5; delay_ms <= 200; delay_ms += 15) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) { /* godtab-gen itself, no shell: the kill reaches it and only it */
            execl(GODTAB_BIN "/godtab-gen", "godtab-gen", "--quiet", "--db", path, "pocket", (char *)NULL);
            _exit(127);
        }
        struct timespec ts = {0, delay_ms * 1000000L};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int status;
        waitpid(pid, &status, 0);
        /* (a pkill by name here also killed other test runs' godtab-gen) */
        char *verify;
        assert_true(asprintf(&verify, "%s/godtab-gen --quiet --verify --db %s pocket", GODTAB_BIN, path) > 0);
        char *err;
        int rc = tu_run(verify, NULL, &err);
        if (rc != 0)
            fail_msg("after a kill at %d ms: verify exit %d: %s", delay_ms, rc, err);
        free(err);
        free(verify);
    }
    free(cmd);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_table_and_metadata),
        cmocka_unit_test(test_small_chunks_and_replacement),
        cmocka_unit_test(test_corruption_is_detected),
        cmocka_unit_test(test_missing_database_and_table),
        cmocka_unit_test(test_only_the_database_folder_is_created),
        cmocka_unit_test(test_default_is_the_tree_database),
        cmocka_unit_test(test_the_library_reads_no_environment),
        cmocka_unit_test(test_full_map_fails_cleanly_and_keeps_old_table),
        cmocka_unit_test(test_zstd_failure_is_a_storage_error),
        cmocka_unit_test(test_killed_build_leaves_a_whole_table),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
