/* The store's corruption hook (store_corrupt.h), linked into the test
 * binaries only: it writes through the store's internals (store_env.c). */
#include "store_corrupt.h"
#include "gt_error.h"
#include "store_db_internal.h"

#include <lmdb.h>
#include <stdlib.h>
#include <string.h>

typedef struct corrupt_job {
    const char *name;
    uint32_t chunk;
    uint64_t offset, stride; /* stride 0: one byte */
    uint8_t *copy;
} corrupt_job;

static int corrupt_body(gt_db *db, MDB_txn *txn, void *arg)
{
    corrupt_job *j = arg;
    char key[GT_NAME_MAX + 32];
    gt_store_chunk_key(j->name, j->chunk, key, sizeof key);
    MDB_val k = {strlen(key), key}, v;
    int rc = mdb_get(txn, db->dbi, &k, &v);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if (!(j->copy = malloc(v.mv_size)))
        return GT_ERR_NOMEM;
    memcpy(j->copy, v.mv_data, v.mv_size);
    if (!j->stride)
        j->copy[j->offset % v.mv_size] ^= 0x5A;
    for (uint64_t at = j->offset; j->stride && at < v.mv_size; at += j->stride)
        j->copy[at] ^= 0x5A;
    v.mv_data = j->copy;
    return gt_store_lmdb_error(db, mdb_put(txn, db->dbi, &k, &v, 0));
}

int gt_db_corrupt_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset)
{
    if (!db->writable)
        return GT_ERR_INVAL;
    corrupt_job j = {name, chunk, offset, 0, NULL};
    int rc = gt_store_run(db, 0, corrupt_body, &j);
    free(j.copy);
    return rc;
}

int gt_db_corrupt_every_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset, uint64_t stride)
{
    if (!db->writable || !stride)
        return GT_ERR_INVAL;
    corrupt_job j = {name, chunk, offset, stride, NULL};
    int rc = gt_store_run(db, 0, corrupt_body, &j);
    free(j.copy);
    return rc;
}
