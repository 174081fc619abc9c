/* Mapped tables (issue 11, store_mapped.c): stored as the searched bytes
 * plus sections and block checksums, read in place from the map with each
 * 64 KiB block checked on first use; the copy path checks everything. Every
 * damage case gives GT_ERR_CORRUPT or a refused block, never a silent read. */
#include "test_util.h"

#include "alloc.h"
#include "gt_error.h"
#include "store.h"
#include "store_db_internal.h"
#include "store_internal.h"
#include "table.h"

enum { DATA_BYTES = 6 << 20, SMALL_BYTES = 3000, BIG_SECTION = 5 << 20 };

static char *dir, *path;
static uint8_t *data, *small, *big;

static void fill(uint8_t *p, size_t n, uint64_t seed)
{
    for (size_t k = 0; k < n; k++) /* incompressible, so nothing is shared by accident */
        p[k] = (uint8_t)((seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 56);
}

static int setup(void **state)
{
    (void)state;
    dir = tu_mkdtemp();
    assert_true(asprintf(&path, "%s/db", dir) > 0);
    data = malloc(DATA_BYTES);
    small = malloc(SMALL_BYTES);
    big = malloc(BIG_SECTION);
    fill(data, DATA_BYTES, 1);
    fill(small, SMALL_BYTES, 2);
    fill(big, BIG_SECTION, 3);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_rmrf(dir);
    free(dir);
    free(path);
    free(data);
    free(small);
    free(big);
    return 0;
}

static void meta_of(gt_table_meta *m, const char *name)
{
    gt_puzzle p = {.name = "test", .metric = "htm", .n_states = DATA_BYTES};
    gt_distribution d = {.count = {DATA_BYTES}, .reached = DATA_BYTES, .max_depth = 0};
    gt_table_meta_init(m, name, &p, GT_ENC_BYTE, &d, data, DATA_BYTES);
}

/* Stores table "m" (data, a small and a big section) in a fresh database. */
static void store_mapped(void)
{
    tu_rmrf(path);
    gt_db *db;
    gt_table_meta m;
    gt_section_data sec[2] = {{"small_one", small, SMALL_BYTES}, {"big_one", big, BIG_SECTION}};
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    meta_of(&m, "m");
    assert_int_equal(gt_db_put_mapped(db, &m, data, sec, 2), GT_OK);
    assert_int_equal(m.storage, GT_STORAGE_MAPPED);
    assert_int_equal(m.format_version, GT_TABLE_FORMAT_MAPPED);
    gt_db_close(db);
}

/* Flips a byte of record "m/data/%08u", bypassing the store. */
static void raw_flip(uint32_t chunk, size_t at)
{
    char key[64];
    snprintf(key, sizeof key, "m/data/%08u", chunk);
    tu_lmdb_flip(path, key, at);
}

static void test_mapped_round_trip_in_place(void **state)
{
    (void)state;
    store_mapped();
    gt_db *db;
    gt_table *t;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_OK);
    assert_int_equal(t->data_bytes, DATA_BYTES);
    assert_non_null(t->view.sums); /* lazily checked, not copied */
    assert_int_equal(gt_view_check_all(&t->view), GT_OK);
    assert_memory_equal(t->data, data, DATA_BYTES);
    const gt_view *s = gt_table_section(t, "small_one"), *b = gt_table_section(t, "big_one");
    assert_non_null(s);
    assert_non_null(b);
    assert_null(gt_table_section(t, "none"));
    assert_null(s->sums); /* small: checked whole when mapped */
    assert_non_null(b->sums);
    assert_int_equal(gt_view_check_all(b), GT_OK);
    assert_memory_equal(s->data, small, SMALL_BYTES);
    assert_memory_equal(b->data, big, BIG_SECTION);
    assert_int_equal(t->damaged, 0);
    /* a second mapping in the same thread at the same time (MDB_NOTLS) */
    gt_table *t2;
    assert_int_equal(gt_db_map_table(db, "m", &t2), GT_OK);
    assert_ptr_equal(t2->data, t->data); /* the same pages of the map */
    gt_table_free(t2);
    /* the map's pages forgotten (a search holding its own copy): read again
     * from the page cache, the same bytes */
    gt_table_forget_pages(t, 0, DATA_BYTES);
    gt_table_forget_pages(t, DATA_BYTES, 1);
    assert_memory_equal(t->data, data, DATA_BYTES);
    gt_table_free(t);
    gt_db_check_report r;
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    assert_int_equal(r.tables, 1);
    assert_int_equal(gt_db_get_table(db, "m", 1, &t), GT_OK); /* the copy path */
    assert_null(t->view.sums);
    gt_table_forget_pages(t, 0, DATA_BYTES); /* a copy is left alone (its pages would come back as zeros) */
    assert_memory_equal(t->data, data, DATA_BYTES);
    assert_memory_equal(gt_table_section(t, "big_one")->data, big, BIG_SECTION);
    gt_table_free(t);
    gt_db_close(db);
}

/* Data too big for one LMDB write is stored in parts (here 1 MiB parts of
 * the 6 MiB data, set for the test; the real cut is at 2 GiB). A reader
 * with the default sizes finds the parts from the records, joins them into
 * one private array checked whole, and refuses a damaged part. */
static void test_data_in_parts(void **state)
{
    (void)state;
    tu_rmrf(path);
    gt_db *db;
    gt_table *t;
    gt_table_meta m;
    gt_section_data sec[1] = {{"small_one", small, SMALL_BYTES}};
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_store_set_parts(db, 1 << 20, 1000), GT_ERR_INVAL); /* not a multiple of 64 KiB */
    assert_int_equal(gt_store_set_parts(db, 2 << 20, 1 << 20), GT_OK);
    meta_of(&m, "m");
    assert_int_equal(gt_db_put_mapped(db, &m, data, sec, 1), GT_OK);
    gt_db_close(db);
    assert_int_equal(gt_db_maps_in_place(&m, 0), 1); /* by the default cut: 6 MiB is one record */
    gt_table_meta other = m;
    other.raw_bytes = (uint64_t)3 << 30;
    assert_int_equal(gt_db_maps_in_place(&other, 0), 0);
    assert_int_equal(gt_db_maps_in_place(&other, GT_MAP_IN_PARTS), 1);
    other.raw_bytes = 1000;
    other.storage = GT_STORAGE_ZSTD;
    assert_int_equal(gt_db_maps_in_place(&other, GT_MAP_IN_PARTS), 0);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_OK);
    assert_int_equal(t->data_bytes, DATA_BYTES);
    assert_null(t->view.sums); /* joined and checked whole */
    gt_table_forget_pages(t, 0, DATA_BYTES); /* the joined copy is left alone */
    assert_memory_equal(t->data, data, DATA_BYTES);
    assert_memory_equal(gt_table_section(t, "small_one")->data, small, SMALL_BYTES);
    gt_table_free(t);
    assert_int_equal(gt_db_get_table(db, "m", 1, &t), GT_OK);
    assert_memory_equal(t->data, data, DATA_BYTES);
    gt_table_free(t);
    gt_db_check_report r;
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    gt_db_close(db);
    raw_flip(2 + 1 + 3 - 1, 12345); /* part 3: after the sums and the one section */
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_ERR_CORRUPT);
    assert_int_equal(gt_db_get_table(db, "m", 1, &t), GT_ERR_CORRUPT);
    gt_db_close(db);
}

/* Stores "m" (data and one section) in parts of part_bytes. */
static void store_in_parts(uint64_t part_bytes)
{
    tu_rmrf(path);
    gt_db *db;
    gt_table_meta m;
    gt_section_data sec[1] = {{"small_one", small, SMALL_BYTES}};
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_store_set_parts(db, 2 << 20, part_bytes), GT_OK);
    meta_of(&m, "m");
    assert_int_equal(gt_db_put_mapped(db, &m, data, sec, 1), GT_OK);
    gt_db_close(db);
}

/* This process's resident pages (/proc/self/statm's second field), or -1. */
static long resident_pages(void)
{
    long size = -1, resident = -1;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f && fscanf(f, "%ld %ld", &size, &resident) != 2)
        resident = -1;
    if (f)
        fclose(f);
    return resident;
}

/* With GT_MAP_IN_PARTS, data in parts is read in place: no copy, each
 * byte found through its part (gt_view_at), each block checked on first
 * use, and a damaged block refused alone. Parts of another size than a
 * power of two are joined as without the flag. */
static void test_data_in_parts_read_in_place(void **state)
{
    (void)state;
    static const uint64_t at[] = {0, 1, (1 << 20) - 1, 1 << 20, (3 << 20) + 12345, DATA_BYTES - 1};
    uint8_t *copy = malloc(DATA_BYTES);
    gt_db *db;
    gt_table *t;
    store_in_parts(1 << 20);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table_flags(db, "m", 2, &t), GT_ERR_INVAL);
    assert_int_equal(gt_db_map_table_flags(db, "m", GT_MAP_IN_PARTS, &t), GT_OK);
    assert_null(t->data);
    assert_non_null(t->view.parts);
    assert_non_null(t->view.sums); /* checked block by block */
    assert_int_equal(t->view.part_shift, 20);
    assert_int_equal(t->view.bytes, DATA_BYTES);
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        assert_int_equal(*gt_view_at(&t->view, at[i]), data[at[i]]);
    gt_view_copy(&t->view, 0, DATA_BYTES, copy);
    assert_memory_equal(copy, data, DATA_BYTES);
    gt_view_copy(&t->view, (1 << 20) - 7, 20, copy); /* across a part's end */
    assert_memory_equal(copy, data + (1 << 20) - 7, 20);
    assert_int_equal(gt_view_check_all(&t->view), GT_OK);
    assert_memory_equal(gt_table_section(t, "small_one")->data, small, SMALL_BYTES);
    /* the parts' pages forgotten (a search holding its own copy): this
     * process lets go of them, and reads the same bytes again */
    long before = resident_pages();
    gt_table_forget_pages(t, 0, DATA_BYTES);
    gt_table_forget_pages(t, DATA_BYTES, 1);
    assert_true(before - resident_pages() >= (long)(DATA_BYTES / 4096) * 3 / 4);
    gt_view_copy(&t->view, 0, DATA_BYTES, copy);
    assert_memory_equal(copy, data, DATA_BYTES);
    gt_table_free(t);
    gt_db_close(db);
    raw_flip(2 + 1 + 3 - 1, 12345); /* part 3 = bytes [3 MiB, 4 MiB) */
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table_flags(db, "m", GT_MAP_IN_PARTS, &t), GT_OK);
    assert_int_equal(gt_view_ok(&t->view, 2 << 20), 1);
    assert_int_equal(gt_view_ok(&t->view, (3 << 20) + 12345), 0);
    assert_int_equal(t->damaged, 1);
    assert_int_equal(gt_view_check_all(&t->view), GT_ERR_CORRUPT);
    gt_table_free(t);
    gt_db_close(db);
    store_in_parts(3 << 16); /* 192 KiB: not a power of two */
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table_flags(db, "m", GT_MAP_IN_PARTS, &t), GT_OK);
    assert_null(t->view.parts);
    assert_memory_equal(t->data, data, DATA_BYTES);
    gt_table_free(t);
    gt_db_close(db);
    free(copy);
}

/* gt_db_put_mapped_fill's callback: the test data written in place, the
 * metadata completed as a builder does; *(int *)user != 0 fails it, -1
 * changes the size. */
static int fill_test_data(void *user, uint8_t *out, gt_table_meta *meta)
{
    const int how = *(const int *)user;
    if (how > 0)
        return GT_ERR_INTERRUPT;
    char name[GT_NAME_MAX];
    snprintf(name, sizeof name, "%s", meta->name); /* meta_of clears meta first */
    memcpy(out, data, DATA_BYTES);
    meta_of(meta, name);
    if (how < 0)
        meta->raw_bytes--;
    return GT_OK;
}

/* A table filled in LMDB's own pages reads back as gt_db_put_mapped's
 * does; a failed fill, a size changed by it or data past one record
 * leave the stored table as it was. */
static void test_put_mapped_fill(void **state)
{
    (void)state;
    store_mapped(); /* "m": data, and two sections */
    gt_db *db;
    gt_table *t;
    gt_table_meta m = {.raw_bytes = DATA_BYTES};
    gt_section_data sec[1] = {{"small_one", small, SMALL_BYTES}};
    int how = 0;
    snprintf(m.name, sizeof m.name, "f");
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_db_put_mapped_fill(db, &m, fill_test_data, &how, sec, 1), GT_OK);
    assert_int_equal(m.storage, GT_STORAGE_MAPPED);
    assert_int_equal(m.stored_bytes, DATA_BYTES + SMALL_BYTES + (DATA_BYTES / (64 << 10) + 1) * 8);
    gt_table_meta failing = {.raw_bytes = DATA_BYTES};
    snprintf(failing.name, sizeof failing.name, "m");
    for (how = 1; how >= -1; how -= 2) /* the fill fails, then changes the size */
        assert_int_equal(gt_db_put_mapped_fill(db, &failing, fill_test_data, &how, sec, 1),
                         how > 0 ? GT_ERR_INTERRUPT : GT_ERR_INVAL);
    how = 0;
    assert_int_equal(gt_store_set_parts(db, 2 << 20, 1 << 20), GT_OK);
    assert_int_equal(gt_db_put_mapped_fill(db, &failing, fill_test_data, &how, sec, 1), GT_ERR_RANGE);
    assert_int_equal(gt_db_put_mapped_fill(db, &failing, NULL, &how, sec, 1), GT_ERR_INVAL);
    gt_db_close(db);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table(db, "f", &t), GT_OK);
    assert_int_equal(gt_view_check_all(&t->view), GT_OK);
    assert_memory_equal(t->data, data, DATA_BYTES);
    assert_memory_equal(gt_table_section(t, "small_one")->data, small, SMALL_BYTES);
    gt_table_free(t);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_OK); /* untouched by the failed fills */
    assert_memory_equal(t->data, data, DATA_BYTES);
    assert_non_null(gt_table_section(t, "big_one"));
    gt_table_free(t);
    gt_db_check_report r;
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    assert_int_equal(r.tables, 2);
    gt_db_close(db);
}

static void test_damaged_data_block_is_refused_alone(void **state)
{
    (void)state;
    store_mapped();
    raw_flip(0, 3 * GT_BLOCK_BYTES + 77);
    gt_db *db;
    gt_table *t;
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_OK); /* nothing read yet */
    assert_int_equal(gt_view_ok(&t->view, 0), 1);
    assert_int_equal(gt_view_ok(&t->view, 2 * GT_BLOCK_BYTES + 5), 1);
    assert_int_equal(t->damaged, 0);
    assert_int_equal(gt_view_ok(&t->view, 3 * GT_BLOCK_BYTES), 0);
    assert_int_equal(t->damaged, 1);
    assert_int_equal(gt_view_ok(&t->view, 4 * GT_BLOCK_BYTES), 1);
    assert_int_equal(gt_view_check_all(&t->view), GT_ERR_CORRUPT);
    gt_table_free(t);
    assert_int_equal(gt_db_get_table(db, "m", 1, &t), GT_ERR_CORRUPT);
    gt_db_close(db);
}

static void test_damaged_small_section_or_sums_fail_the_mapping(void **state)
{
    (void)state;
    const uint32_t chunks[3] = {2, 1, 3}; /* the small section, the sums, a big-section block */
    const int expect_map[3] = {GT_ERR_CORRUPT, GT_ERR_CORRUPT, GT_OK};
    for (int i = 0; i < 3; i++) {
        store_mapped();
        raw_flip(chunks[i], 100);
        gt_db *db;
        gt_table *t = NULL;
        assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
        assert_int_equal(gt_db_map_table(db, "m", &t), expect_map[i]);
        if (t) {
            assert_int_equal(gt_view_ok(gt_table_section(t, "big_one"), 100), 0);
            gt_table_free(t);
        }
        assert_int_equal(gt_db_get_table(db, "m", 1, &t), GT_ERR_CORRUPT);
        gt_db_close(db);
    }
}

/* The file shortened under an open mapping: the block check faults past
 * the end, and the SIGBUS guard turns that into a refused block. */
static void test_file_shortened_under_a_mapping(void **state)
{
    (void)state;
    store_mapped();
    gt_db *db;
    gt_table *t;
    char *file;
    assert_true(asprintf(&file, "%s/data.mdb", path) > 0);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_OK);
    assert_int_equal(truncate(file, 8192), 0);
    assert_int_equal(gt_view_ok(&t->view, DATA_BYTES - 1), 0);
    assert_int_equal(t->damaged, 1);
    gt_table_free(t);
    gt_db_close(db);
    free(file);
}

static void test_replace_delete_and_zstd_fallback(void **state)
{
    (void)state;
    store_mapped();
    gt_db *db;
    gt_table *t;
    gt_table_meta m;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    meta_of(&m, "m");
    assert_int_equal(gt_db_put_table(db, &m, data, 1, 1 << 20, 1), GT_OK); /* mapped -> zstd */
    assert_int_equal(m.storage, GT_STORAGE_ZSTD);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_OK); /* a zstd table is loaded */
    assert_null(t->view.sums);
    assert_int_equal(t->meta.n_sections, 0);
    assert_memory_equal(t->data, data, DATA_BYTES);
    gt_table_free(t);
    assert_int_equal(gt_db_put_mapped(db, &m, data, NULL, 0), GT_OK); /* and back, no sections */
    gt_db_check_report r;
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    assert_int_equal(gt_db_delete_table(db, "m"), GT_OK);
    assert_int_equal(gt_db_map_table(db, "m", &t), GT_ERR_NOTFOUND);
    assert_int_equal(gt_db_check(db, &r), GT_OK);
    gt_db_close(db);
}

static void test_bad_sections_are_refused(void **state)
{
    (void)state;
    tu_rmrf(path);
    gt_db *db;
    gt_table_meta m;
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    meta_of(&m, "m");
    gt_section_data bad_name[1] = {{"Upper", small, 10}}, dup[2] = {{"a", small, 1}, {"a", small, 1}},
                    null_data[1] = {{"a", NULL, 5}};
    gt_section_data many[GT_TABLE_SECTIONS_MAX + 1];
    for (int i = 0; i <= GT_TABLE_SECTIONS_MAX; i++)
        many[i] = (gt_section_data){"x", small, 1};
    assert_int_equal(gt_db_put_mapped(db, &m, data, bad_name, 1), GT_ERR_INVAL);
    assert_int_equal(gt_db_put_mapped(db, &m, data, dup, 2), GT_ERR_INVAL);
    assert_int_equal(gt_db_put_mapped(db, &m, data, null_data, 1), GT_ERR_INVAL);
    assert_int_equal(gt_db_put_mapped(db, &m, data, many, GT_TABLE_SECTIONS_MAX + 1), GT_ERR_INVAL);
    gt_db_close(db);
}

/* The metadata of a mapped table round-trips; a mapped format version
 * without its storage line (or the reverse) is refused. */
static void test_mapped_metadata_text(void **state)
{
    (void)state;
    gt_table_meta m, back;
    char text[8192];
    size_t len;
    meta_of(&m, "m");
    m.storage = GT_STORAGE_MAPPED;
    m.format_version = GT_TABLE_FORMAT_MAPPED;
    m.chunk_bytes = GT_BLOCK_BYTES;
    m.n_sections = 1;
    m.sections[0] = (gt_section_meta){"class_of", 97321, 0xabcdef};
    m.sums_checksum = 0x1234;
    assert_int_equal(gt_table_meta_format(&m, text, sizeof text, &len), GT_OK);
    assert_int_equal(gt_table_meta_parse(text, len, &back), GT_OK);
    assert_int_equal(back.storage, GT_STORAGE_MAPPED);
    assert_int_equal(back.n_sections, 1);
    assert_string_equal(back.sections[0].name, "class_of");
    assert_int_equal(back.sections[0].bytes, 97321);
    assert_int_equal(back.sections[0].checksum, 0xabcdef);
    assert_int_equal(back.sums_checksum, 0x1234);
    m.storage = GT_STORAGE_ZSTD; /* version 2 without storage=mapped */
    assert_int_equal(gt_table_meta_format(&m, text, sizeof text, &len), GT_OK);
    assert_int_equal(gt_table_meta_parse(text, len, &back), GT_ERR_CORRUPT);
    m.format_version = 3;
    assert_int_equal(gt_table_meta_format(&m, text, sizeof text, &len), GT_OK);
    assert_int_equal(gt_table_meta_parse(text, len, &back), GT_ERR_VERSION);
}

/* gt_db_put_mapped_release: each part's pages are given back once LMDB
 * holds its copy (the buffer then reads zeros), and what is stored is the
 * data, part for part. */
static void test_put_mapped_release(void **state)
{
    (void)state;
    tu_rmrf(path);
    gt_db *db;
    gt_table *t;
    gt_table_meta m;
    uint8_t *spent = gt_alloc_huge(DATA_BYTES);
    assert_non_null(spent);
    memcpy(spent, data, DATA_BYTES);
    assert_int_equal(gt_db_open(&db, path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_store_set_parts(db, 2 << 20, 1 << 20), GT_OK);
    meta_of(&m, "m");
    assert_int_equal(gt_db_put_mapped_release(db, &m, spent, NULL, 0), GT_OK);
    gt_db_close(db);
    for (size_t k = 0; k < DATA_BYTES; k += 4096)
        assert_int_equal(spent[k], 0);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_get_table(db, "m", 1, &t), GT_OK);
    assert_memory_equal(t->data, data, DATA_BYTES);
    gt_table_free(t);
    gt_db_close(db);
    free(spent);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mapped_round_trip_in_place),
        cmocka_unit_test(test_data_in_parts),
        cmocka_unit_test(test_data_in_parts_read_in_place),
        cmocka_unit_test(test_put_mapped_fill),
        cmocka_unit_test(test_put_mapped_release),
        cmocka_unit_test(test_damaged_data_block_is_refused_alone),
        cmocka_unit_test(test_damaged_small_section_or_sums_fail_the_mapping),
        cmocka_unit_test(test_file_shortened_under_a_mapping),
        cmocka_unit_test(test_replace_delete_and_zstd_fallback),
        cmocka_unit_test(test_bad_sections_are_refused),
        cmocka_unit_test(test_mapped_metadata_text),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
