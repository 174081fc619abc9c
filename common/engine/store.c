/* The only module that touches LMDB and zstd (see store.h for the layout). */
#include "store.h"
#include "gt_error.h"
#include "store_internal.h"

#include <errno.h>
#include <lmdb.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zstd.h>
#include <zstd_errors.h>

#define DEFAULT_CHUNK_BYTES (16u << 20)
/* Address space reserved for the map; the file grows only as data is written. */
#define MAP_SIZE ((size_t)1 << 38)
#define META_CAP 8192

#ifndef GODTAB_DEFAULT_DB
#define GODTAB_DEFAULT_DB "tables/godtab.lmdb"
#endif

/* The message of the last failed gt_db_open in this thread (no db to hold it). */
static _Thread_local char open_error[256];

struct gt_db {
    MDB_env *env;
    MDB_dbi dbi;
    int writable;
    char last_error[256];
};

const char *gt_db_default_path(const char *explicit_path)
{
    if (explicit_path && *explicit_path)
        return explicit_path;
    const char *env = getenv("GODTAB_DB");
    return env && *env ? env : GODTAB_DEFAULT_DB;
}

/* Records the LMDB / errno message and maps it to a godtab code. */
static int lmdb_error(gt_db *db, int rc)
{
    if (db)
        snprintf(db->last_error, sizeof db->last_error, "%s", mdb_strerror(rc));
    switch (rc) {
    case 0: return GT_OK;
    case MDB_NOTFOUND: return GT_ERR_NOTFOUND;
    case MDB_CORRUPTED:
    case MDB_PAGE_NOTFOUND:
    case MDB_INVALID:
    case MDB_VERSION_MISMATCH: return GT_ERR_CORRUPT;
    case ENOMEM: return GT_ERR_NOMEM;
    default: return GT_ERR_STORAGE;
    }
}

const char *gt_db_last_error(const gt_db *db)
{
    return db ? db->last_error : open_error;
}

static int make_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return -1;
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* GODTAB_MAP_SIZE (bytes) caps the database's growth; a write that would
 * pass it fails like a full disk (the tests use it to exercise that path). */
static size_t map_size(void)
{
    const char *env = getenv("GODTAB_MAP_SIZE");
    char *end;
    unsigned long long v = env ? strtoull(env, &end, 10) : 0;
    return env && *env && !*end && v >= 65536 ? (size_t)v : MAP_SIZE;
}

int gt_db_open(gt_db **out, const char *path, int flags)
{
    int rc;
    MDB_txn *txn = NULL;
    gt_db *db = calloc(1, sizeof *db);
    if (!db)
        return GT_ERR_NOMEM;
    db->writable = flags & GT_DB_WRITE;
    if (db->writable) {
        if (make_dirs(path) != 0) {
            snprintf(db->last_error, sizeof db->last_error, "cannot create %s: %s", path, strerror(errno));
            rc = GT_ERR_STORAGE;
            goto free_db;
        }
    } else {
        char data_file[4200];
        struct stat st;
        snprintf(data_file, sizeof data_file, "%s/data.mdb", path);
        if (stat(data_file, &st) != 0) {
            snprintf(db->last_error, sizeof db->last_error, "no database at %s", path);
            rc = GT_ERR_NOTFOUND;
            goto free_db;
        }
    }
    if ((rc = mdb_env_create(&db->env)) != 0) {
        rc = lmdb_error(db, rc);
        goto free_db;
    }
    if ((rc = mdb_env_set_mapsize(db->env, map_size())) != 0 ||
        (rc = mdb_env_open(db->env, path, db->writable ? 0 : MDB_RDONLY, 0664)) != 0) {
        rc = lmdb_error(db, rc);
        goto close_env;
    }
    if ((rc = mdb_txn_begin(db->env, NULL, MDB_RDONLY, &txn)) != 0 ||
        (rc = mdb_dbi_open(txn, NULL, 0, &db->dbi)) != 0) {
        rc = lmdb_error(db, rc);
        goto abort_txn;
    }
    mdb_txn_abort(txn);
    *out = db;
    return GT_OK;

abort_txn:
    if (txn)
        mdb_txn_abort(txn);
close_env:
    mdb_env_close(db->env);
free_db:
    snprintf(open_error, sizeof open_error, "%s", db->last_error);
    free(db);
    return rc;
}

void gt_db_close(gt_db *db)
{
    if (!db)
        return;
    mdb_env_close(db->env);
    free(db);
}

static void meta_key(const char *name, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/meta", name);
}

static void chunk_key(const char *name, uint32_t chunk, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/data/%08u", name, chunk);
}

/* Deletes every key starting with "NAME/" inside txn. */
static int delete_table_keys(gt_db *db, MDB_txn *txn, const char *name, int *deleted)
{
    MDB_cursor *cur;
    char prefix[GT_NAME_MAX + 2];
    int rc = mdb_cursor_open(txn, db->dbi, &cur);
    if (rc)
        return lmdb_error(db, rc);
    size_t plen = (size_t)snprintf(prefix, sizeof prefix, "%s/", name);
    MDB_val key = {plen, prefix}, val;
    *deleted = 0;
    rc = mdb_cursor_get(cur, &key, &val, MDB_SET_RANGE);
    while (rc == 0 && key.mv_size >= plen && memcmp(key.mv_data, prefix, plen) == 0) {
        if ((rc = mdb_cursor_del(cur, 0)) != 0)
            break;
        (*deleted)++;
        rc = mdb_cursor_get(cur, &key, &val, MDB_GET_CURRENT);
        if (rc == MDB_NOTFOUND || rc == EINVAL) /* deleted the last key */
            break;
        if (rc == 0 && !(key.mv_size >= plen && memcmp(key.mv_data, prefix, plen) == 0))
            break;
    }
    mdb_cursor_close(cur);
    return rc == 0 || rc == MDB_NOTFOUND || rc == EINVAL ? GT_OK : lmdb_error(db, rc);
}

/* Ends a write transaction: commits it if rc is GT_OK, else aborts it.
 * Returns rc, or the commit's failure. */
static int end_write(gt_db *db, MDB_txn *txn, int rc)
{
    if (rc != GT_OK) {
        mdb_txn_abort(txn);
        return rc;
    }
    rc = mdb_txn_commit(txn); /* frees txn whatever the outcome */
    return rc ? lmdb_error(db, rc) : GT_OK;
}

/* Compresses len bytes at src into a new malloc'd *frame (zstd level, with
 * its content checksum). *result receives the frame's size, or zstd's error
 * code (ZSTD_isError) if zstd failed (0 if an allocation here failed).
 * Return values: GT_OK, GT_ERR_NOMEM (malloc, or zstd, could not allocate),
 * GT_ERR_STORAGE (any other zstd failure). */
static int compress_chunk(const uint8_t *src, size_t len, int level, void **frame, size_t *result)
{
    size_t cap = ZSTD_compressBound(len), z = cap;
    *result = 0;
    if (!ZSTD_isError(z)) {
        ZSTD_CCtx *cctx = ZSTD_createCCtx();
        *frame = malloc(cap ? cap : 1);
        if (!cctx || !*frame) {
            ZSTD_freeCCtx(cctx);
            return GT_ERR_NOMEM;
        }
        if (!ZSTD_isError(z = ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level)) &&
            !ZSTD_isError(z = ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1)))
            z = ZSTD_compress2(cctx, *frame, cap, src, len);
        ZSTD_freeCCtx(cctx);
    }
    *result = z;
    if (!ZSTD_isError(z))
        return GT_OK;
    return ZSTD_getErrorCode(z) == ZSTD_error_memory_allocation ? GT_ERR_NOMEM : GT_ERR_STORAGE;
}

int gt_db_put_table(gt_db *db, gt_table_meta *meta, const uint8_t *data, int level,
                    uint32_t chunk_bytes, int threads)
{
    int rc = GT_OK;
    if (!db || !db->writable || !meta || (!data && meta->raw_bytes))
        return GT_ERR_INVAL;
    if (threads <= 0)
        threads = omp_get_max_threads();
    chunk_bytes = chunk_bytes ? chunk_bytes : DEFAULT_CHUNK_BYTES;
    uint64_t raw = meta->raw_bytes;
    uint32_t n_chunks = (uint32_t)((raw + chunk_bytes - 1) / chunk_bytes);
    if (n_chunks == 0)
        n_chunks = 1;
    void **frames = calloc(n_chunks, sizeof *frames);
    size_t *frame_size = calloc(n_chunks, sizeof *frame_size);
    MDB_txn *txn = NULL;
    if (!frames || !frame_size) {
        rc = GT_ERR_NOMEM;
        goto free_frames;
    }

    int failed = 0; /* 1 out of memory, 2 zstd failed */
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(| : failed)
    for (int64_t c = 0; c < (int64_t)n_chunks; c++) {
        uint64_t off = (uint64_t)c * chunk_bytes;
        size_t len = (size_t)(raw - off < chunk_bytes ? raw - off : chunk_bytes);
        int crc = compress_chunk(data + off, len, level, &frames[c], &frame_size[c]);
        failed |= crc == GT_ERR_NOMEM ? 1 : crc != GT_OK ? 2 : 0;
    }
    if (failed) {
        for (uint32_t c = 0; c < n_chunks; c++)
            if (ZSTD_isError(frame_size[c])) {
                snprintf(db->last_error, sizeof db->last_error, "%s: zstd failed on chunk %u: %s", meta->name,
                         c, ZSTD_getErrorName(frame_size[c]));
                break;
            }
        rc = failed & 1 ? GT_ERR_NOMEM : GT_ERR_STORAGE;
        goto free_frames;
    }
    meta->chunk_bytes = chunk_bytes;
    meta->stored_bytes = 0;
    for (uint32_t c = 0; c < n_chunks; c++)
        meta->stored_bytes += frame_size[c];

    char meta_text[META_CAP];
    size_t meta_len;
    if ((rc = gt_table_meta_format(meta, meta_text, sizeof meta_text, &meta_len)) != 0)
        goto free_frames;

    int deleted;
    char key[GT_NAME_MAX + 32];
    if ((rc = mdb_txn_begin(db->env, NULL, 0, &txn)) != 0) {
        rc = lmdb_error(db, rc);
        goto free_frames;
    }
    if ((rc = delete_table_keys(db, txn, meta->name, &deleted)) != 0)
        goto end_txn;
    meta_key(meta->name, key, sizeof key);
    MDB_val k = {strlen(key), key}, v = {meta_len, meta_text};
    if ((rc = mdb_put(txn, db->dbi, &k, &v, 0)) != 0) {
        rc = lmdb_error(db, rc);
        goto end_txn;
    }
    for (uint32_t c = 0; c < n_chunks; c++) {
        chunk_key(meta->name, c, key, sizeof key);
        k = (MDB_val){strlen(key), key};
        v = (MDB_val){frame_size[c], frames[c]};
        if ((rc = mdb_put(txn, db->dbi, &k, &v, 0)) != 0) {
            rc = lmdb_error(db, rc);
            goto end_txn;
        }
    }
end_txn:
    rc = end_write(db, txn, rc);
free_frames:
    if (frames)
        for (uint32_t c = 0; c < n_chunks; c++)
            free(frames[c]);
    free(frames);
    free(frame_size);
    return rc;
}

/* Reads and parses NAME/meta inside txn. */
static int read_meta(gt_db *db, MDB_txn *txn, const char *name, gt_table_meta *meta)
{
    char key[GT_NAME_MAX + 32];
    meta_key(name, key, sizeof key);
    MDB_val k = {strlen(key), key}, v;
    int rc = mdb_get(txn, db->dbi, &k, &v);
    if (rc)
        return lmdb_error(db, rc);
    rc = gt_table_meta_parse(v.mv_data, v.mv_size, meta);
    if (rc == GT_OK && strcmp(meta->name, name) != 0)
        rc = GT_ERR_CORRUPT;
    if (rc)
        snprintf(db->last_error, sizeof db->last_error, "metadata of %s is malformed", name);
    return rc;
}

int gt_db_get_meta(gt_db *db, const char *name, gt_table_meta *meta)
{
    MDB_txn *txn;
    if (!db || !name || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    int rc = mdb_txn_begin(db->env, NULL, MDB_RDONLY, &txn);
    if (rc)
        return lmdb_error(db, rc);
    rc = read_meta(db, txn, name, meta);
    mdb_txn_abort(txn);
    return rc;
}

int gt_db_get_table(gt_db *db, const char *name, int threads, gt_table **out)
{
    MDB_txn *txn;
    if (!db || !name || !out || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    if (threads <= 0)
        threads = omp_get_max_threads();
    gt_table *t = calloc(1, sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    int rc = mdb_txn_begin(db->env, NULL, MDB_RDONLY, &txn);
    if (rc) {
        rc = lmdb_error(db, rc);
        goto free_table;
    }
    if ((rc = read_meta(db, txn, name, &t->meta)) != 0)
        goto abort_txn;
    t->data_bytes = t->meta.raw_bytes;
    t->data = malloc(t->data_bytes ? t->data_bytes : 1);
    if (!t->data) {
        rc = GT_ERR_NOMEM;
        goto abort_txn;
    }
    uint32_t chunk_bytes = t->meta.chunk_bytes;
    uint32_t n_chunks = (uint32_t)((t->data_bytes + chunk_bytes - 1) / chunk_bytes);
    if (n_chunks == 0)
        n_chunks = 1;
    /* An LMDB transaction belongs to one thread: fetch the frames (pointers
     * into the map, valid until the transaction ends) first, then decompress
     * them in parallel. */
    MDB_val *frames = calloc(n_chunks, sizeof *frames);
    if (!frames) {
        rc = GT_ERR_NOMEM;
        goto abort_txn;
    }
    int failed = 0; /* 1 missing chunk, 2 bad frame */
    uint64_t stored = 0;
    for (uint32_t c = 0; c < n_chunks && !failed; c++) {
        char key[GT_NAME_MAX + 32];
        chunk_key(name, c, key, sizeof key);
        MDB_val k = {strlen(key), key};
        if (mdb_get(txn, db->dbi, &k, &frames[c]) != 0)
            failed |= 1;
        stored += frames[c].mv_size;
    }
    if (!failed) {
#pragma omp parallel for num_threads(n_chunks > 1 ? threads : 1) schedule(dynamic, 1) reduction(| : failed)
        for (int64_t c = 0; c < (int64_t)n_chunks; c++) {
            uint64_t off = (uint64_t)c * chunk_bytes;
            size_t len = (size_t)(t->data_bytes - off < chunk_bytes ? t->data_bytes - off : chunk_bytes);
            size_t z = ZSTD_decompress(t->data + off, len, frames[c].mv_data, frames[c].mv_size);
            if (ZSTD_isError(z) || z != len)
                failed |= 2;
        }
    }
    free(frames);
    if (failed || stored != t->meta.stored_bytes) {
        snprintf(db->last_error, sizeof db->last_error, "%s: %s", name,
                 failed & 1 ? "a data chunk is missing"
                 : failed   ? "a compressed chunk is damaged"
                            : "stored size differs from the metadata");
        rc = GT_ERR_CORRUPT;
        goto abort_txn;
    }
    if (gt_checksum64(t->data, t->data_bytes) != t->meta.checksum) {
        snprintf(db->last_error, sizeof db->last_error, "%s: checksum mismatch", name);
        rc = GT_ERR_CORRUPT;
        goto abort_txn;
    }
    mdb_txn_abort(txn);
    *out = t;
    return GT_OK;

abort_txn:
    mdb_txn_abort(txn);
free_table:
    gt_table_free(t);
    return rc;
}

int gt_db_list(gt_db *db, char (*names)[GT_NAME_MAX], int cap, int *count)
{
    MDB_txn *txn;
    MDB_cursor *cur;
    int rc = mdb_txn_begin(db->env, NULL, MDB_RDONLY, &txn);
    if (rc)
        return lmdb_error(db, rc);
    if ((rc = mdb_cursor_open(txn, db->dbi, &cur)) != 0) {
        rc = lmdb_error(db, rc);
        goto abort_txn;
    }
    MDB_val k, v;
    int n = 0;
    for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == 0; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
        const char *key = k.mv_data;
        if (k.mv_size > 5 && k.mv_size - 5 < GT_NAME_MAX && memcmp(key + k.mv_size - 5, "/meta", 5) == 0) {
            if (n < cap) {
                memcpy(names[n], key, k.mv_size - 5);
                names[n][k.mv_size - 5] = 0;
            }
            n++;
        }
    }
    *count = n;
    rc = rc == MDB_NOTFOUND ? GT_OK : lmdb_error(db, rc);
    mdb_cursor_close(cur);
abort_txn:
    mdb_txn_abort(txn);
    return rc;
}

int gt_db_delete_table(gt_db *db, const char *name)
{
    MDB_txn *txn;
    int deleted = 0;
    if (!db->writable)
        return GT_ERR_INVAL;
    int rc = mdb_txn_begin(db->env, NULL, 0, &txn);
    if (rc)
        return lmdb_error(db, rc);
    if ((rc = delete_table_keys(db, txn, name, &deleted)) == GT_OK && !deleted)
        rc = GT_ERR_NOTFOUND;
    return end_write(db, txn, rc);
}

int gt_db_corrupt_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset)
{
    MDB_txn *txn;
    char key[GT_NAME_MAX + 32];
    if (!db->writable)
        return GT_ERR_INVAL;
    int rc = mdb_txn_begin(db->env, NULL, 0, &txn);
    if (rc)
        return lmdb_error(db, rc);
    chunk_key(name, chunk, key, sizeof key);
    MDB_val k = {strlen(key), key}, v;
    if ((rc = mdb_get(txn, db->dbi, &k, &v)) != 0)
        return end_write(db, txn, lmdb_error(db, rc));
    uint8_t *copy = malloc(v.mv_size);
    if (!copy)
        return end_write(db, txn, GT_ERR_NOMEM);
    memcpy(copy, v.mv_data, v.mv_size);
    copy[offset % v.mv_size] ^= 0x5A;
    v.mv_data = copy;
    rc = mdb_put(txn, db->dbi, &k, &v, 0);
    free(copy);
    return end_write(db, txn, rc ? lmdb_error(db, rc) : GT_OK);
}
