/* Writing a zstd table (store.h): compression, the chunk records and the
 * catalogue in one write transaction. Above store_env.c; store_mapped.c
 * writes its tables through gt_store_put_body. */
#include "store.h"
#include "gt_error.h"
#include "store_db_internal.h"
#include "store_guard.h"
#include "alloc.h"

#include <errno.h>
#include <lmdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include <zstd.h>
#include <zstd_errors.h>

#define DEFAULT_CHUNK_BYTES (16u << 20)
#define META_CAP 8192

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

/* Compresses every chunk of data (in parallel) into frames[c], sizes[c]. */
static int compress_all(gt_db *db, const gt_table_meta *meta, const uint8_t *data, int level,
                        uint32_t chunk_bytes, int threads, uint32_t n_chunks, void **frames, size_t *sizes)
{
    uint64_t raw = meta->raw_bytes;
    int failed = 0; /* 1 out of memory, 2 zstd failed */
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1) reduction(| : failed)
    for (int64_t c = 0; c < (int64_t)n_chunks; c++) {
        uint64_t off = (uint64_t)c * chunk_bytes;
        size_t len = (size_t)(raw - off < chunk_bytes ? raw - off : chunk_bytes);
        int crc = compress_chunk(data + off, len, level, &frames[c], &sizes[c]);
        failed |= crc == GT_ERR_NOMEM ? 1 : crc != GT_OK ? 2 : 0;
    }
    if (!failed)
        return GT_OK;
    for (uint32_t c = 0; c < n_chunks; c++)
        if (ZSTD_isError(sizes[c]))
            return gt_store_fail(db, failed & 1 ? GT_ERR_NOMEM : GT_ERR_STORAGE, "%s: zstd failed on chunk %u: %s",
                                 meta->name, c, ZSTD_getErrorName(sizes[c]));
    return failed & 1 ? GT_ERR_NOMEM : GT_ERR_STORAGE;
}

static int put_records(gt_db *db, MDB_txn *txn, const gt_store_put_job *j)
{
    char key[GT_NAME_MAX + 32];
    int rc, deleted;
    if (j->first == 0 && (rc = gt_store_delete_keys(db, txn, j->meta->name, &deleted)) != 0)
        return rc;
    gt_store_meta_key(j->meta->name, key, sizeof key);
    MDB_val k = {strlen(key), key}, v = {j->meta_len, (void *)j->meta_text};
    if ((rc = mdb_put(txn, db->dbi, &k, &v, 0)) != 0)
        return gt_store_lmdb_error(db, rc);
    for (uint32_t c = j->first; c < j->n_chunks; c++) {
        gt_store_chunk_key(j->meta->name, c, key, sizeof key);
        k = (MDB_val){strlen(key), key};
        v = (MDB_val){j->sizes[c], j->frames[c]};
        if ((rc = mdb_put(txn, db->dbi, &k, &v, 0)) != 0)
            return gt_store_lmdb_error(db, rc);
        const uint8_t *frame = j->frames[c];
        if (j->release && frame >= j->release && frame < j->release + j->release_bytes)
            gt_release_pages(j->frames[c], j->sizes[c]); /* LMDB holds its copy now */
    }
    return GT_OK;
}

int gt_store_put_body(gt_db *db, MDB_txn *txn, void *arg)
{
    gt_store_put_job *j = arg;
    int rc = gt_store_read_catalogue(db, txn, &j->catalogue);
    if (rc == GT_OK && (rc = put_records(db, txn, j)) == GT_OK) {
        gt_catalogue_entry e = {"", gt_checksum64((const uint8_t *)j->meta_text, j->meta_len), j->meta->checksum,
                                j->n_chunks};
        snprintf(e.name, sizeof e.name, "%s", j->meta->name);
        if ((rc = gt_catalogue_set(&j->catalogue, &e)) == GT_OK)
            rc = gt_store_write_catalogue(db, txn, &j->catalogue);
    }
    return rc;
}

int gt_db_put_table(gt_db *db, gt_table_meta *meta, const uint8_t *data, int level,
                    uint32_t chunk_bytes, int threads)
{
    int rc;
    if (!db || !db->writable || !meta || (!data && meta->raw_bytes) || !gt_catalogue_name_ok(meta->name))
        return GT_ERR_INVAL;
    threads = threads > 0 ? threads : omp_get_max_threads();
    chunk_bytes = chunk_bytes ? chunk_bytes : DEFAULT_CHUNK_BYTES;
    meta->storage = GT_STORAGE_ZSTD;
    meta->format_version = GT_TABLE_FORMAT_VERSION;
    meta->n_sections = 0;
    uint64_t n = (meta->raw_bytes + chunk_bytes - 1) / chunk_bytes;
    if (n > 999999999u)
        return gt_store_fail(db, GT_ERR_RANGE, "%s: too many chunks", meta->name);
    gt_store_put_job j = {meta, NULL, 0, n ? (uint32_t)n : 1, NULL, NULL, {NULL, 0, 0}, 0, NULL, 0};
    j.frames = calloc(j.n_chunks, sizeof *j.frames);
    j.sizes = calloc(j.n_chunks, sizeof *j.sizes);
    char meta_text[META_CAP];
    if (!j.frames || !j.sizes) {
        rc = GT_ERR_NOMEM;
        goto free_frames;
    }
    if ((rc = compress_all(db, meta, data, level, chunk_bytes, threads, j.n_chunks, j.frames, j.sizes)) != 0)
        goto free_frames;
    meta->chunk_bytes = chunk_bytes;
    meta->stored_bytes = 0;
    for (uint32_t c = 0; c < j.n_chunks; c++)
        meta->stored_bytes += j.sizes[c];
    if ((rc = gt_table_meta_format(meta, meta_text, sizeof meta_text, &j.meta_len)) != 0)
        goto free_frames;
    j.meta_text = meta_text;
    rc = gt_store_run(db, 0, gt_store_put_body, &j);
    gt_catalogue_free(&j.catalogue);
free_frames:
    for (uint32_t c = 0; j.frames && c < j.n_chunks; c++)
        free(j.frames[c]);
    free(j.frames);
    free(j.sizes);
    return rc;
}
