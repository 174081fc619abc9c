/* The bottom of the store (store.h): LMDB's environment as the other store
 * files use it. Errors and their messages, guarded transactions, and the
 * records every table shares: the catalogue, the metadata, the chunk keys.
 * Calls nothing of the store above it (store_check, store_put, store_get,
 * store_mapped, store.c). */
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
#include <zstd.h>

/* The message of the last failed gt_db_open in this thread (no db to hold it). */
_Thread_local gt_error_detail gt_store_open_error;

void gt_store_versions(char *buf, size_t cap)
{
    int major, minor, patch;
    mdb_version(&major, &minor, &patch);
    snprintf(buf, cap, "LMDB %d.%d.%d, zstd %s", major, minor, patch, ZSTD_versionString());
}

int gt_store_fail(gt_db *db, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gt_error_vset(db ? &db->last_error : NULL, code, 0, 0, fmt, ap);
    va_end(ap);
    return code;
}

static unsigned reader_slots(const gt_db *db)
{
    unsigned n = 0;
    if (db && db->env)
        mdb_env_get_maxreaders(db->env, &n);
    return n;
}

int gt_store_lmdb_error(gt_db *db, int rc)
{
    switch (rc) {
    case 0: return GT_OK;
    case MDB_NOTFOUND: return GT_ERR_NOTFOUND;
    case MDB_READERS_FULL:
        return gt_store_fail(db, GT_ERR_STORAGE, "every reader slot of lock.mdb is in use (%u processes or "
                                                 "threads reading at once)", reader_slots(db));
    case MDB_CORRUPTED:
    case MDB_PAGE_NOTFOUND:
    case MDB_INVALID:
    case MDB_VERSION_MISMATCH: return gt_store_fail(db, GT_ERR_CORRUPT, "%s", mdb_strerror(rc));
    case ENOMEM: return gt_store_fail(db, GT_ERR_NOMEM, "%s", mdb_strerror(rc));
    default: return gt_store_fail(db, GT_ERR_STORAGE, "%s", mdb_strerror(rc));
    }
}

const char *gt_db_last_error(const gt_db *db)
{
    return db ? db->last_error.message : gt_store_open_error.message;
}

int gt_store_run(gt_db *db, unsigned flags, gt_store_body body, void *arg)
{
    MDB_txn *txn;
    sigjmp_buf jb, *outer;
    volatile int rc = mdb_txn_begin(db->env, NULL, flags, &txn);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if (GT_GUARD_ENTER(jb, outer)) {
        mdb_txn_abort(txn);
        return gt_store_fail(db, GT_ERR_CORRUPT, "damaged file: a page or record lies past the end of data.mdb");
    }
    rc = body(db, txn, arg);
    if (rc != GT_OK || (flags & MDB_RDONLY)) {
        mdb_txn_abort(txn);
    } else if ((rc = mdb_txn_commit(txn)) != 0) { /* frees txn whatever the outcome */
        rc = gt_store_lmdb_error(db, rc);
    }
    gt_guard_leave(outer);
    return rc;
}

void gt_store_meta_key(const char *name, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/meta", name);
}

void gt_store_chunk_key(const char *name, uint32_t chunk, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/data/%08u", name, chunk);
}

/* Is the main tree empty (no key at all)? Sets *empty. */
static int tree_is_empty(gt_db *db, MDB_txn *txn, int *empty)
{
    MDB_cursor *cur;
    MDB_val k, v;
    int rc = mdb_cursor_open(txn, db->dbi, &cur);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST);
    mdb_cursor_close(cur);
    *empty = rc == MDB_NOTFOUND;
    return rc == 0 || rc == MDB_NOTFOUND ? GT_OK : gt_store_lmdb_error(db, rc);
}

int gt_store_read_catalogue(gt_db *db, MDB_txn *txn, gt_catalogue *c)
{
    MDB_val k = {sizeof GT_CATALOGUE_KEY - 1, GT_CATALOGUE_KEY}, v;
    int empty = 0, rc = mdb_get(txn, db->dbi, &k, &v);
    memset(c, 0, sizeof *c);
    if (rc == MDB_NOTFOUND) {
        if ((rc = tree_is_empty(db, txn, &empty)) != 0)
            return rc;
        return empty ? GT_OK
                     : gt_store_fail(db, GT_ERR_CORRUPT, "the table catalogue is missing (a damaged database, "
                                                         "or one written before godtab 0.3: move it aside and rebuild)");
    }
    if (rc)
        return gt_store_lmdb_error(db, rc);
    rc = gt_catalogue_parse(v.mv_data, v.mv_size, c);
    if (rc == GT_ERR_CORRUPT)
        return gt_store_fail(db, rc, "the table catalogue is damaged");
    return rc;
}

int gt_store_write_catalogue(gt_db *db, MDB_txn *txn, const gt_catalogue *c)
{
    char *text;
    size_t len;
    int rc = gt_catalogue_format(c, &text, &len);
    if (rc)
        return rc;
    MDB_val k = {sizeof GT_CATALOGUE_KEY - 1, GT_CATALOGUE_KEY}, v = {len, text};
    rc = mdb_put(txn, db->dbi, &k, &v, 0);
    free(text);
    return gt_store_lmdb_error(db, rc);
}

/* Deletes every key starting with "NAME/" inside txn. */
int gt_store_delete_keys(gt_db *db, MDB_txn *txn, const char *name, int *deleted)
{
    MDB_cursor *cur;
    char prefix[GT_NAME_MAX + 2];
    int rc = mdb_cursor_open(txn, db->dbi, &cur);
    if (rc)
        return gt_store_lmdb_error(db, rc);
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
    return rc == 0 || rc == MDB_NOTFOUND || rc == EINVAL ? GT_OK : gt_store_lmdb_error(db, rc);
}

int gt_store_read_meta(gt_db *db, MDB_txn *txn, const gt_catalogue *c, const char *name, gt_table_meta *meta)
{
    char key[GT_NAME_MAX + 32];
    const gt_catalogue_entry *e = gt_catalogue_find(c, name);
    gt_store_meta_key(name, key, sizeof key);
    MDB_val k = {strlen(key), key}, v;
    int rc = mdb_get(txn, db->dbi, &k, &v);
    if (rc == MDB_NOTFOUND && e)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s is in the catalogue but its metadata record is gone", name);
    if (rc == MDB_NOTFOUND)
        return gt_store_fail(db, GT_ERR_NOTFOUND, "%s is not stored", name);
    if (rc)
        return gt_store_lmdb_error(db, rc);
    if (!e)
        return gt_store_fail(db, GT_ERR_CORRUPT, "%s is stored but missing from the catalogue", name);
    if (gt_checksum64(v.mv_data, v.mv_size) != e->meta_hash)
        return gt_store_fail(db, GT_ERR_CORRUPT, "metadata of %s is damaged (hash differs from the catalogue)", name);
    rc = gt_table_meta_parse(v.mv_data, v.mv_size, meta);
    if (rc == GT_OK && (strcmp(meta->name, name) != 0 || meta->checksum != e->checksum || meta->chunk_bytes == 0))
        rc = GT_ERR_CORRUPT;
    if (rc == GT_ERR_CORRUPT)
        gt_store_fail(db, rc, "metadata of %s is malformed", name);
    else if (rc == GT_ERR_VERSION)
        gt_store_fail(db, rc, "%s was written by another table format version", name);
    return rc;
}
