/* Fuzz target: reading a table's stored data chunks (gt_db_get_table,
 * gt_db_check, gt_db_list, common/engine/store.h) when a chunk record is
 * damaged or missing.
 *
 * The process builds, once, a small database in a temporary directory (under
 * /dev/shm when it can: no disk writes per input): one 384-state table of
 * CHUNKS zstd chunks, stored by gt_db_put_table with its metadata and the
 * catalogue. Each input then replaces one chunk record with its own bytes
 * (written straight into LMDB, as damage would leave it), and the store reads
 * the table back. The metadata record has its own target (fuzz_meta); the
 * catalogue record is hashed against the metadata, so a fuzzed one would
 * only reach its parser, which has its own target too.
 *
 * Input: byte 0 picks the chunk (% CHUNKS), byte 1 bit 0 deletes it instead
 * of replacing it; the rest is the chunk record.
 *
 * Invariants: every read returns a documented value; a table read back
 * whole is the table stored (its checksum guards it); a missing chunk is
 * damage (GT_ERR_CORRUPT), never "not built"; the list still names the one
 * table. */
#include "fuzz_util.h"
#include "store.h"

#include <lmdb.h>
#include <sys/stat.h>
#include <unistd.h>

#define TABLE "fuzz-table"
enum { STATES = 384, CHUNK_BYTES = 64, CHUNKS = STATES / CHUNK_BYTES, MAP_BYTES = 16 << 20 };

static char db_dir[64];
static uint8_t table_data[STATES];
static MDB_val original[CHUNKS]; /* the chunk records as stored (malloc'd copies) */
static int dirty = -1;           /* the chunk the last input changed, or -1 */

static void chunk_key(int chunk, char *buf, size_t cap)
{
    snprintf(buf, cap, TABLE "/data/%08u", (unsigned)chunk);
}

static void remove_db(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/data.mdb", db_dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/lock.mdb", db_dir);
    unlink(path);
    rmdir(db_dir);
}

/* A distance table with every depth 0..8 present (floppy-like counts). */
static void make_table(gt_table_meta *m)
{
    memset(m, 0, sizeof *m);
    for (int i = 0; i < STATES; i++)
        table_data[i] = (uint8_t)(i * 7 % 9);
    m->format_version = GT_TABLE_FORMAT_VERSION;
    snprintf(m->name, sizeof m->name, TABLE);
    snprintf(m->puzzle, sizeof m->puzzle, "fuzz");
    snprintf(m->metric, sizeof m->metric, "htm");
    snprintf(m->generator, sizeof m->generator, "fuzz_store");
    m->n_states = STATES;
    m->encoding = GT_ENC_BYTE;
    m->distribution.max_depth = 8;
    for (int i = 0; i < STATES; i++)
        m->distribution.count[table_data[i]]++;
    m->distribution.reached = STATES;
    m->checksum = gt_checksum64(table_data, STATES);
    m->raw_bytes = STATES;
}

/* Opens our own handle on the environment (the store's is closed meanwhile:
 * LMDB allows one handle a process) and runs one write transaction: put
 * `value` at chunk `chunk` (NULL: delete it). */
static void write_chunk(int chunk, const MDB_val *value)
{
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi dbi;
    char key[GT_NAME_MAX + 32];
    chunk_key(chunk, key, sizeof key);
    MDB_val k = {strlen(key), key}, v = value ? *value : (MDB_val){0, NULL};
    FZ_CHECK(mdb_env_create(&env) == 0 && mdb_env_set_mapsize(env, MAP_BYTES) == 0);
    FZ_CHECK(mdb_env_open(env, db_dir, MDB_NOSYNC, 0600) == 0);
    FZ_CHECK(mdb_txn_begin(env, NULL, 0, &txn) == 0 && mdb_dbi_open(txn, NULL, 0, &dbi) == 0);
    int rc = value ? mdb_put(txn, dbi, &k, &v, 0) : mdb_del(txn, dbi, &k, NULL);
    FZ_CHECK(rc == 0 || (!value && rc == MDB_NOTFOUND));
    FZ_CHECK(mdb_txn_commit(txn) == 0);
    mdb_env_close(env);
}

/* Reads the stored chunk records, to put each back after an input. */
static void save_chunks(void)
{
    MDB_env *env;
    MDB_txn *txn;
    MDB_dbi dbi;
    FZ_CHECK(mdb_env_create(&env) == 0 && mdb_env_set_mapsize(env, MAP_BYTES) == 0);
    FZ_CHECK(mdb_env_open(env, db_dir, MDB_RDONLY, 0600) == 0);
    FZ_CHECK(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn) == 0 && mdb_dbi_open(txn, NULL, 0, &dbi) == 0);
    for (int c = 0; c < CHUNKS; c++) {
        char key[GT_NAME_MAX + 32];
        chunk_key(c, key, sizeof key);
        MDB_val k = {strlen(key), key}, v;
        FZ_CHECK(mdb_get(txn, dbi, &k, &v) == 0);
        original[c].mv_size = v.mv_size;
        FZ_CHECK((original[c].mv_data = malloc(v.mv_size)) != NULL);
        memcpy(original[c].mv_data, v.mv_data, v.mv_size);
    }
    mdb_txn_abort(txn);
    mdb_env_close(env);
}

/* Builds the database once per process; removed at exit. */
static void setup(void)
{
    gt_db *db;
    gt_table_meta m;
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(db_dir, sizeof db_dir, "%s/godtab-fuzz-store-XXXXXX", base);
    FZ_CHECK(mkdtemp(db_dir) != NULL);
    atexit(remove_db);
    gt_db_set_options(&(gt_db_options){.map_size = "16777216"}); /* the store's map: MAP_BYTES, not 256 GiB */
    make_table(&m);
    FZ_CHECK(gt_db_open(&db, db_dir, GT_DB_WRITE) == GT_OK);
    FZ_CHECK(gt_db_put_table(db, &m, table_data, 3, CHUNK_BYTES, 1) == GT_OK);
    gt_db_close(db);
    save_chunks();
}

static void read_back(int deleted)
{
    gt_db *db;
    gt_table *t = NULL;
    gt_table_meta m;
    gt_db_check_report report;
    char names[4][GT_NAME_MAX];
    int count = -1;
    FZ_CHECK(gt_db_open(&db, db_dir, GT_DB_READONLY) == GT_OK);
    FZ_CHECK(gt_db_get_meta(db, TABLE, &m) == GT_OK && m.raw_bytes == STATES);
    int rc = gt_db_get_table(db, TABLE, 1, &t);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_CORRUPT);
    if (rc == GT_OK)
        FZ_CHECK(!deleted && t->data_bytes == STATES && memcmp(t->data, table_data, STATES) == 0);
    gt_table_free(t);
    rc = gt_db_check(db, &report);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_CORRUPT);
    FZ_CHECK(!deleted || rc == GT_ERR_CORRUPT);
    FZ_CHECK(strlen(gt_db_last_error(db)) < 4096);
    FZ_CHECK(gt_db_list(db, names, 4, &count) == GT_OK && count == 1 && strcmp(names[0], TABLE) == 0);
    gt_db_close(db);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!db_dir[0])
        setup();
    int chunk = (int)(fz_byte(&data, &size) % CHUNKS);
    int deleted = fz_byte(&data, &size) & 1;
    if (dirty >= 0)
        write_chunk(dirty, &original[dirty]);
    MDB_val v = {size, (void *)data};
    write_chunk(chunk, deleted ? NULL : &v);
    dirty = chunk;
    read_back(deleted);
    return 0;
}
