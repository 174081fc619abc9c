/* The store against damage (issue 10): the catalogue record's parser, a
 * table whose key vanished, a database without its catalogue, stray keys,
 * empty and truncated files, damaged meta pages, and a file shortened under
 * an open handle (the SIGBUS guard). Each case failed before the catalogue,
 * the opening checks and the guard existed. */
#include "test_util.h"

#include "gt_error.h"
#include "store.h"
#include "store_internal.h"
#include "table.h"

#include <fcntl.h>
#include <lmdb.h>
#include <sys/stat.h>

static char *dir;

static int setup(void **state)
{
    (void)state;
    dir = tu_mkdtemp();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_rmrf(dir);
    free(dir);
    return 0;
}

/* A database at dir/leaf with n small tables "t0", "t1", ... (each several
 * chunks of 4 KiB, so the file has overflow, leaf and branch pages). */
static char *make_db(const char *leaf, int n)
{
    char *path;
    assert_true(asprintf(&path, "%s/%s", dir, leaf) > 0);
    gt_db *db;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    enum { BYTES = 20000 };
    static uint8_t data[BYTES];
    uint64_t x = 12345;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < BYTES; k++) /* incompressible: overflow pages */
            data[k] = (uint8_t)((x = x * 6364136223846793005ull + 1442695040888963407ull) >> 56);
        gt_puzzle p = {.name = "test", .metric = "htm", .n_states = BYTES};
        gt_distribution d = {.count = {BYTES}, .reached = BYTES, .max_depth = 0};
        gt_table_meta m;
        char name[16];
        snprintf(name, sizeof name, "t%d", i);
        gt_table_meta_init(&m, name, &p, GT_ENC_BYTE, &d, data, BYTES);
        assert_int_equal(gt_db_put_table(db, &m, data, 1, 4096, 1), GT_OK);
    }
    gt_db_close(db);
    return path;
}

/* Runs a raw LMDB edit on the database, bypassing the store. */
static void raw_delete(const char *path, const char *key)
{
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi dbi;
    tu_lmdb_begin(path, &env, &txn, &dbi);
    MDB_val k = {strlen(key), (void *)key};
    assert_int_equal(mdb_del(txn, dbi, &k, NULL), 0);
    tu_lmdb_commit(env, txn);
}

static void test_catalogue_round_trip_and_every_bit_flip(void **state)
{
    (void)state;
    gt_catalogue c = {NULL, 0, 0}, back;
    gt_catalogue_entry e = {"pocket-htm", 0x0123456789abcdefull, 42, 1};
    assert_int_equal(gt_catalogue_set(&c, &e), GT_OK);
    snprintf(e.name, sizeof e.name, "floppy-htm");
    e.chunks = 7;
    assert_int_equal(gt_catalogue_set(&c, &e), GT_OK);
    char *text;
    size_t len;
    assert_int_equal(gt_catalogue_format(&c, &text, &len), GT_OK);
    assert_int_equal(gt_catalogue_parse(text, len, &back), GT_OK);
    assert_int_equal(back.count, 2);
    assert_string_equal(back.entries[0].name, "floppy-htm");
    assert_int_equal(back.entries[0].chunks, 7);
    assert_int_equal(back.entries[1].meta_hash, 0x0123456789abcdefull);
    gt_catalogue_free(&back);
    /* any one flipped bit, any shortening or extension, is refused */
    for (size_t i = 0; i < len; i++)
        for (int bit = 0; bit < 8; bit++) {
            text[i] ^= (char)(1 << bit);
            assert_int_equal(gt_catalogue_parse(text, len, &back), GT_ERR_CORRUPT);
            assert_int_equal(back.count, 0);
            text[i] ^= (char)(1 << bit);
        }
    for (size_t cut = 0; cut < len; cut++)
        assert_int_equal(gt_catalogue_parse(text, cut, &back), GT_ERR_CORRUPT);
    free(text);
    gt_catalogue_free(&c);
}

static void test_catalogue_names_and_removal(void **state)
{
    (void)state;
    assert_true(gt_catalogue_name_ok("taquin-6x6"));
    assert_false(gt_catalogue_name_ok(""));
    assert_false(gt_catalogue_name_ok("a b"));
    assert_false(gt_catalogue_name_ok("#catalogue"));
    assert_false(gt_catalogue_name_ok("x/meta"));
    gt_catalogue c = {NULL, 0, 0};
    gt_catalogue_entry e = {"b", 1, 2, 3};
    assert_int_equal(gt_catalogue_set(&c, &e), GT_OK);
    assert_int_equal(gt_catalogue_remove(&c, "a"), GT_ERR_NOTFOUND);
    assert_int_equal(gt_catalogue_remove(&c, "b"), GT_OK);
    assert_null(gt_catalogue_find(&c, "b"));
    gt_catalogue_free(&c);
}

/* The reported case: one flipped bit renamed a table's key, and the table
 * read as "not built" (exit 4) while --verify passed. */
static void test_a_vanished_table_is_damage_not_missing(void **state)
{
    (void)state;
    char *path = make_db("vanished", 3);
    raw_delete(path, "t1/meta");
    gt_db *db;
    gt_table_meta m;
    gt_table *t;
    gt_db_check_report r;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_get_meta(db, "t1", &m), GT_ERR_CORRUPT);
    assert_int_equal(gt_db_get_table(db, "t1", 1, &t), GT_ERR_CORRUPT);
    assert_int_equal(gt_db_get_meta(db, "t0", &m), GT_OK);
    assert_int_equal(gt_db_get_meta(db, "never-built", &m), GT_ERR_NOTFOUND);
    assert_int_equal(gt_db_check(db, &r), GT_ERR_CORRUPT);
    assert_non_null(strstr(gt_db_last_error(db), "t1"));
    gt_db_close(db);
    /* a lost chunk too */
    raw_delete(path, "t2/data/00000003");
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_get_table(db, "t2", 1, &t), GT_ERR_CORRUPT);
    assert_int_equal(gt_db_check(db, &r), GT_ERR_CORRUPT);
    gt_db_close(db);
    /* deleting the damaged table repairs the database */
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_db_delete_table(db, "t1"), GT_OK);
    assert_int_equal(gt_db_delete_table(db, "t2"), GT_OK);
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    assert_int_equal(r.tables, 1);
    gt_db_close(db);
    free(path);
}

static void test_a_missing_catalogue_hides_nothing(void **state)
{
    (void)state;
    char *path = make_db("nocatalogue", 2);
    raw_delete(path, GT_CATALOGUE_KEY);
    gt_db *db;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_ERR_CORRUPT);
    assert_non_null(strstr(gt_db_last_error(NULL), "catalogue"));
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_ERR_CORRUPT); /* and is not overwritten */
    free(path);
}

static void test_the_walk_counts_every_key_and_page(void **state)
{
    (void)state;
    char *path = make_db("walk", 4);
    gt_db *db;
    gt_db_check_report r;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    print_message("walk: %d tables, %llu keys, %llu leaf, %llu overflow, %llu bytes\n", r.tables,
                  (unsigned long long)r.keys, (unsigned long long)r.leaf_pages, (unsigned long long)r.overflow_pages,
                  (unsigned long long)r.file_bytes);
    assert_int_equal(r.tables, 4);
    assert_int_equal(r.keys, 1 + 4 * (1 + 5)); /* catalogue, 4 x (meta + 5 chunks) */
    /* 4 incompressible chunks of 4 KiB take 2 overflow pages each, the 5th 1 */
    assert_true(r.leaf_pages >= 1 && r.overflow_pages == 4 * (4 * 2 + 1) && r.file_bytes >= 4096 * (r.leaf_pages + 2));
    gt_db_close(db);
    free(path);
}

static void write_file(const char *path, const void *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

static void test_empty_and_truncated_files_are_corrupt(void **state)
{
    (void)state;
    char *path = make_db("short", 2), *data;
    assert_true(asprintf(&data, "%s/data.mdb", path) > 0);
    struct stat st;
    assert_int_equal(stat(data, &st), 0);
    gt_db *db;
    off_t cuts[] = {st.st_size - 4096, st.st_size / 2, 8192, 4097, 4096, 100, 1, 0};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        assert_int_equal(truncate(data, cuts[i]), 0);
        assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_ERR_CORRUPT);
    }
    /* a writer may fill an empty file (a first build killed early) */
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    gt_db_close(db);
    free(data);
    free(path);
}

/* Meta page 0's transaction id made huge (the reported flip at offset 149
 * of a compacted copy) would make LMDB show the stale, empty tree. */
static void test_damaged_meta_pages_are_corrupt(void **state)
{
    (void)state;
    char *path = make_db("meta", 2), *data;
    assert_true(asprintf(&data, "%s/data.mdb", path) > 0);
    size_t offsets[] = {149, 4096 + 149, 16, 4096 + 16, 40, 4096 + 43};
    for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++) {
        int fd = open(data, O_RDWR);
        uint8_t b;
        assert_true(fd >= 0);
        assert_int_equal(pread(fd, &b, 1, (off_t)offsets[i]), 1);
        b ^= 0x10;
        assert_int_equal(pwrite(fd, &b, 1, (off_t)offsets[i]), 1);
        gt_db *db;
        assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_ERR_CORRUPT);
        b ^= 0x10;
        assert_int_equal(pwrite(fd, &b, 1, (off_t)offsets[i]), 1);
        close(fd);
        assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
        gt_db_close(db);
    }
    write_file(data, "", 0);
    free(data);
    free(path);
}

/* The file shortened after the opening checks passed: the reads fault, the
 * guard turns the fault into GT_ERR_CORRUPT. */
static void test_a_fault_on_the_map_is_corrupt_not_a_crash(void **state)
{
    (void)state;
    char *path = make_db("guard", 3), *data;
    assert_true(asprintf(&data, "%s/data.mdb", path) > 0);
    gt_db *db;
    gt_table *t;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(truncate(data, 2 * 4096), 0);
    assert_int_equal(gt_db_get_table(db, "t2", 1, &t), GT_ERR_CORRUPT);
    assert_non_null(strstr(gt_db_last_error(db), "past the end"));
    gt_db_close(db);
    free(data);
    free(path);
}

static void test_bad_names_are_refused(void **state)
{
    (void)state;
    char *path;
    assert_true(asprintf(&path, "%s/names", dir) > 0);
    gt_db *db;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    uint8_t data[4] = {0};
    gt_puzzle p = {.name = "test", .metric = "htm", .n_states = 4};
    gt_distribution d = {.count = {4}, .reached = 4, .max_depth = 0};
    gt_table_meta m;
    gt_table_meta_init(&m, "a/b", &p, GT_ENC_BYTE, &d, data, 4);
    assert_int_equal(gt_db_put_table(db, &m, data, 1, 0, 1), GT_ERR_INVAL);
    gt_db_close(db);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalogue_round_trip_and_every_bit_flip),
        cmocka_unit_test(test_catalogue_names_and_removal),
        cmocka_unit_test(test_a_vanished_table_is_damage_not_missing),
        cmocka_unit_test(test_a_missing_catalogue_hides_nothing),
        cmocka_unit_test(test_the_walk_counts_every_key_and_page),
        cmocka_unit_test(test_empty_and_truncated_files_are_corrupt),
        cmocka_unit_test(test_damaged_meta_pages_are_corrupt),
        cmocka_unit_test(test_a_fault_on_the_map_is_corrupt_not_a_crash),
        cmocka_unit_test(test_bad_names_are_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
