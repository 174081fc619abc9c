/* Reading a table (store.h): its metadata, its zstd chunks decompressed in
 * parallel, or a mapped table copied (store_mapped.c) or used in place.
 * Above store_env.c and store_mapped.c; nothing of the store calls it. */
#include "store.h"
#include "gt_error.h"
#include "store_db_internal.h"
#include "store_guard.h"

#include <errno.h>
#include <lmdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include <zstd.h>

typedef struct get_job {
    const char *name;
    gt_table_meta *meta;
    gt_table *table;
    int threads;
    gt_catalogue catalogue;
    MDB_val *frames;
} get_job;

static int get_meta_body(gt_db *db, MDB_txn *txn, void *arg)
{
    get_job *j = arg;
    int rc = gt_store_read_catalogue(db, txn, &j->catalogue);
    return rc ? rc : gt_store_read_meta(db, txn, &j->catalogue, j->name, j->meta);
}

int gt_db_get_meta(gt_db *db, const char *name, gt_table_meta *meta)
{
    if (!db || !name || !meta || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    get_job j = {name, meta, NULL, 0, {NULL, 0, 0}, NULL};
    int rc = gt_store_run(db, MDB_RDONLY, get_meta_body, &j);
    gt_catalogue_free(&j.catalogue);
    return rc;
}

/* Decompresses one frame (a pointer into the map) under this thread's own
 * fault guard: the OpenMP workers are not inside the caller's guard.
 * Returns GT_OK when the frame gives exactly len bytes, GT_ERR_CORRUPT
 * otherwise, GT_ERR_NOMEM without a zstd context. */
static int decompress_frame(uint8_t *dst, size_t len, const MDB_val *frame)
{
    sigjmp_buf jb, *outer;
    ZSTD_DCtx *dctx = ZSTD_createDCtx(); /* ours, so a fault does not leak zstd's */
    volatile int ok = 0;
    if (!dctx)
        return GT_ERR_NOMEM;
    if (!GT_GUARD_ENTER(jb, outer)) {
        size_t z = ZSTD_decompressDCtx(dctx, dst, len, frame->mv_data, frame->mv_size);
        ok = !ZSTD_isError(z) && z == len;
        gt_guard_leave(outer);
    }
    ZSTD_freeDCtx(dctx);
    return ok ? GT_OK : GT_ERR_CORRUPT;
}

/* Fetches the chunks' frames (an LMDB transaction belongs to one thread),
 * then decompresses them in parallel. */
static int read_chunks(gt_db *db, MDB_txn *txn, get_job *j, uint32_t n_chunks)
{
    gt_table *t = j->table;
    uint32_t chunk_bytes = t->meta.chunk_bytes;
    uint64_t stored = 0;
    if (!(j->frames = calloc(n_chunks, sizeof *j->frames)))
        return GT_ERR_NOMEM;
    for (uint32_t c = 0; c < n_chunks; c++) {
        char key[GT_NAME_MAX + 32];
        gt_store_chunk_key(j->name, c, key, sizeof key);
        MDB_val k = {strlen(key), key};
        int rc = mdb_get(txn, db->dbi, &k, &j->frames[c]);
        if (rc == MDB_NOTFOUND)
            return gt_store_fail(db, GT_ERR_CORRUPT, "%s: data chunk %u is missing", j->name, c);
        if (rc)
            return gt_store_lmdb_error(db, rc);
        stored += j->frames[c].mv_size;
    }
    if (stored != t->meta.stored_bytes)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: stored size differs from the metadata", j->name);
    int failed = 0;
#pragma omp parallel for num_threads(n_chunks > 1 ? j->threads : 1) schedule(dynamic, 1) reduction(| : failed)
    for (int64_t c = 0; c < (int64_t)n_chunks; c++) {
        uint64_t off = (uint64_t)c * chunk_bytes;
        size_t len = (size_t)(t->data_bytes - off < chunk_bytes ? t->data_bytes - off : chunk_bytes);
        failed |= decompress_frame(t->data + off, len, &j->frames[c]) != 0;
    }
    if (failed)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: a compressed chunk is damaged", j->name);
    return GT_OK;
}

static int get_table_body(gt_db *db, MDB_txn *txn, void *arg)
{
    get_job *j = arg;
    gt_table *t = j->table;
    int rc = get_meta_body(db, txn, arg);
    if (rc)
        return rc;
    if (t->meta.storage == GT_STORAGE_MAPPED)
        return gt_store_copy_mapped(db, txn, gt_catalogue_find(&j->catalogue, j->name), t);
    uint64_t n = (t->meta.raw_bytes + t->meta.chunk_bytes - 1) / t->meta.chunk_bytes;
    uint32_t n_chunks = n ? (uint32_t)n : 1;
    if (n > 999999999u || n_chunks != gt_catalogue_find(&j->catalogue, j->name)->chunks)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: chunk count differs from the catalogue", j->name);
    t->data_bytes = t->meta.raw_bytes;
    if (!(t->data = malloc(t->data_bytes ? t->data_bytes : 1)))
        return GT_ERR_NOMEM;
    if ((rc = read_chunks(db, txn, j, n_chunks)) != 0)
        return rc;
    if (gt_checksum64(t->data, t->data_bytes) != t->meta.checksum)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s: checksum mismatch", j->name);
    t->view = (gt_view){.data = t->data, .bytes = t->data_bytes, .damaged = &t->damaged};
    return GT_OK;
}

int gt_db_get_table(gt_db *db, const char *name, int threads, gt_table **out)
{
    if (!db || !name || !out || strlen(name) >= GT_NAME_MAX)
        return GT_ERR_INVAL;
    gt_table *t = calloc(1, sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    get_job j = {name, &t->meta, t, threads > 0 ? threads : omp_get_max_threads(), {NULL, 0, 0}, NULL};
    int rc = gt_store_run(db, MDB_RDONLY, get_table_body, &j);
    gt_catalogue_free(&j.catalogue);
    free(j.frames);
    if (rc) {
        gt_table_free(t);
        return rc;
    }
    *out = t;
    return GT_OK;
}


int gt_db_map_table_flags(gt_db *db, const char *name, int flags, gt_table **out)
{
    if (flags & ~GT_MAP_IN_PARTS)
        return GT_ERR_INVAL;
    int rc = gt_store_map_in_place(db, name, flags, out);
    return rc == GT_STORE_NOT_MAPPED ? gt_db_get_table(db, name, 0, out) : rc;
}

int gt_db_map_table(gt_db *db, const char *name, gt_table **out)
{
    return gt_db_map_table_flags(db, name, 0, out);
}
