/* What store.c and store_check.c share: the handle and the guarded
 * transaction runner. Only files of the store include this header. */
#ifndef GODTAB_STORE_DB_INTERNAL_H
#define GODTAB_STORE_DB_INTERNAL_H

#include "gt_error.h"
#include "store_internal.h"

#include <lmdb.h>

/* Reader slots in lock.mdb: "any number of readers" means a few thousand
 * processes (or threads) at once; each slot costs 64 bytes of lock file. */
#define GT_STORE_MAX_READERS 4096

struct gt_db {
    MDB_env *env;
    MDB_dbi dbi;
    int writable;
    int no_lock; /* opened MDB_NOLOCK: the lock file was not writable */
    /* Mapped data over single_max bytes is written in parts of part_bytes
     * (store_mapped.c); 0: the defaults. Readers take the parts from the
     * records, so tests may set small sizes with gt_store_set_parts. */
    uint64_t single_max, part_bytes;
    gt_error_detail last_error; /* of the last failure on this db */
};

/* Sets the sizes above (part_bytes a multiple of 64 KiB), for tests.
 * Return values: GT_OK, GT_ERR_INVAL. */
int gt_store_set_parts(gt_db *db, uint64_t single_max, uint64_t part_bytes);

/* Records LMDB's (or the system's) message for rc and maps rc to a godtab
 * code. */
int gt_store_lmdb_error(gt_db *db, int rc);

/* Records a formatted message on db (if not NULL) and returns code. */
int gt_store_fail(gt_db *db, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The body of a transaction: works inside txn, returns a godtab code. */
typedef int (*gt_store_body)(gt_db *db, MDB_txn *txn, void *arg);

/* Runs body in a new transaction (write: flags 0, committed when body
 * returns GT_OK; read: MDB_RDONLY, always aborted) under the fault guard: a
 * fault on the map becomes GT_ERR_CORRUPT. Whatever body allocates must be
 * reachable from arg, so the caller can free it after a fault.
 * Return values: body's, GT_ERR_CORRUPT, or LMDB's (begin or commit). */
int gt_store_run(gt_db *db, unsigned flags, gt_store_body body, void *arg);

/* Reads the catalogue inside txn into *c (empty if the database is empty).
 * Return values: GT_OK, GT_ERR_CORRUPT (a damaged catalogue, or tables
 * stored without one), GT_ERR_NOMEM, LMDB's. */
int gt_store_read_catalogue(gt_db *db, MDB_txn *txn, gt_catalogue *c);

/* Before LMDB opens the file at path/data.mdb (store_check.c): it exists,
 * is not empty, and its two meta pages are sound and agree.
 * Return values: GT_OK, GT_ERR_NOTFOUND (no file), GT_ERR_CORRUPT,
 * GT_ERR_STORAGE (cannot read it). */
int gt_store_check_file(gt_db *db, const char *path);

/* After LMDB opened it, inside txn: the file against the last page, and
 * every page accounted for by the trees and the free list.
 * Return values: GT_OK, GT_ERR_CORRUPT, LMDB's. */
int gt_store_check_open(gt_db *db, MDB_txn *txn);

/* The key of a table's chunk: "NAME/data/%08u". */
void gt_store_chunk_key(const char *name, uint32_t chunk, char *buf, size_t cap);

/* Reads NAME/meta inside txn and checks it against the catalogue c.
 * Return values: GT_OK, GT_ERR_NOTFOUND, GT_ERR_CORRUPT, GT_ERR_VERSION, LMDB's. */
int gt_store_read_meta(gt_db *db, MDB_txn *txn, const gt_catalogue *c, const char *name, gt_table_meta *meta);

/* What a table's write transaction stores: its metadata text and its
 * records (chunk c is frames[c], sizes[c] bytes). */
typedef struct gt_store_put_job {
    const gt_table_meta *meta;
    const char *meta_text;
    size_t meta_len;
    uint32_t n_chunks;
    void **frames;
    size_t *sizes;
    gt_catalogue catalogue; /* read and rewritten in the transaction */
    uint32_t first;         /* 0, or: the chunks below already written in this transaction, after the
                               table's old keys were deleted (gt_db_put_mapped_fill) */
    /* gt_db_put_mapped_release: the frames inside [release, release +
     * release_bytes) have their pages dropped once put */
    const uint8_t *release;
    uint64_t release_bytes;
} gt_store_put_job;

/* The gt_store_run body that replaces a table's records and its catalogue
 * entry (arg: a gt_store_put_job); also called inside another body, for
 * the chunks from j->first on. */
int gt_store_put_body(gt_db *db, MDB_txn *txn, void *arg);

/* Inside txn, for a mapped table whose metadata t->meta was read: copies
 * its data and sections into memory and checks them whole (store_mapped.c;
 * e is its catalogue entry).
 * Return values: GT_OK, GT_ERR_CORRUPT, GT_ERR_NOMEM, LMDB's. */
int gt_store_copy_mapped(gt_db *db, MDB_txn *txn, const gt_catalogue_entry *e, gt_table *t);

/* The message of the last failed gt_db_open in this thread (store_env.c). */
extern _Thread_local gt_error_detail gt_store_open_error;

/* The XDG default path (store_path.c), whose folders gt_db_open creates. */
const char *gt_store_xdg_path(void);

/* The map size in bytes: the program's gt_db_options.map_size, or 256 GiB. */
size_t gt_store_map_size(void);

/* The key of a table's metadata record: "NAME/meta". */
void gt_store_meta_key(const char *name, char *buf, size_t cap);

/* Writes the catalogue record inside txn. Return values: GT_OK,
 * GT_ERR_NOMEM, an LMDB failure (gt_store_lmdb_error). */
int gt_store_write_catalogue(gt_db *db, MDB_txn *txn, const gt_catalogue *c);

/* Deletes every key starting with "NAME/" inside txn; *deleted counts them. */
int gt_store_delete_keys(gt_db *db, MDB_txn *txn, const char *name, int *deleted);

/* gt_store_map_in_place: the table is a zstd one, to be read by gt_db_get_table. */
#define GT_STORE_NOT_MAPPED 1

/* gt_db_map_table for a mapped table (store_mapped.c): GT_STORE_NOT_MAPPED
 * for a zstd table, which the caller (store_get.c) loads instead. */
int gt_store_map_in_place(gt_db *db, const char *name, int flags, gt_table **out);

#endif
