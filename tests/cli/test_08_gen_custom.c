/* godtab-gen --verify on a table too costly to rebuild (verify_by_recount):
 * the checksum and a recount of its distribution from the data must agree
 * with the metadata. A small stand-in stored under the catalog name
 * exercises the path without the 3-minute build. */
#include "test_util.h"

#include "catalog.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

static void store_stand_in(const char *db_path, int lie_about_counts)
{
    const gt_table_spec *spec = gt_catalog_find("cube3-fss16-twist");
    assert_non_null(spec);
    assert_true(spec->verify_by_recount);
    assert_non_null(spec->make_puzzle);
    enum { N = 1000 };
    uint8_t dist[N];
    for (int i = 0; i < N; i++)
        dist[i] = (uint8_t)(i % 7);
    gt_distribution d;
    gt_distribution_count(dist, N, 1, &d);
    if (lie_about_counts) {
        d.count[1]++;
        d.count[2]--;
    }
    uint8_t *data;
    uint64_t bytes;
    assert_int_equal(gt_table_encode(dist, N, GT_ENC_NIBBLE, 1, &data, &bytes), GT_OK);
    gt_puzzle stand_in = {.name = "cube3", .metric = "htm", .n_states = N};
    gt_table_meta meta;
    gt_table_meta_init(&meta, spec->name, &stand_in, GT_ENC_NIBBLE, &d, data, bytes);
    gt_db *db;
    assert_int_equal(gt_db_open(&db, db_path, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_db_put_table(db, &meta, data, 3, 0, 1), GT_OK);
    gt_db_close(db);
    free(data);
}

static void test_verify_recounts_model_built_tables(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp(), *db, *cmd, *out, *err;
    assert_true(asprintf(&db, "%s/db", dir) > 0);
    assert_true(asprintf(&cmd, "%s/godtab-gen --verify --db %s cube3-fss16-twist", GODTAB_BIN, db) > 0);
    store_stand_in(db, 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "distribution recounted from the data"));
    free(out);
    store_stand_in(db, 1); /* counts in the metadata that the data does not have */
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_CORRUPT);
    assert_non_null(strstr(err, "recounted distribution differs"));
    free(err);
    /* the catalog loader builds the real descriptor and refuses a table
     * whose state count is not the model's */
    gt_db *h;
    gt_puzzle *p;
    gt_table *t;
    assert_int_equal(gt_db_open(&h, db, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_catalog_load(h, "cube3-fss16-twist", &p, &t), GT_ERR_CORRUPT);
    gt_db_close(h);
    tu_rmrf(dir);
    free(dir);
    free(db);
    free(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verify_recounts_model_built_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
