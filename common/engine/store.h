/* The table store: the only module that touches LMDB and zstd.
 *
 * One LMDB environment (a directory) holds every table. Table NAME is stored
 * as the key "NAME/meta" (its gt_table_meta as text) and the keys
 * "NAME/data/00000000", "NAME/data/00000001", ... (one zstd frame each, of
 * meta.chunk_bytes uncompressed bytes). A table is written in a single write
 * transaction, so readers see the old table or the new one, never a mix, and a
 * killed build leaves the previous table intact. Any number of processes may
 * read at once (LMDB's readers never block).
 *
 * Errors: an LMDB failure maps to GT_ERR_STORAGE (disk or map full, I/O,
 * permissions), GT_ERR_CORRUPT (a damaged file, or not an LMDB environment)
 * or GT_ERR_NOMEM; a zstd compression failure to GT_ERR_STORAGE (GT_ERR_NOMEM
 * if zstd could not allocate). gt_db_last_error() then holds the message LMDB,
 * zstd or the system gave. Test hooks are in store_internal.h (tests only). */
#ifndef GODTAB_STORE_H
#define GODTAB_STORE_H

#include "table.h"

#include <stddef.h>

typedef struct gt_db gt_db;

enum {
    GT_DB_READONLY = 0,
    GT_DB_WRITE = 1, /* create the directory and environment if missing */
};

/* The database path to use: `explicit_path` if not NULL, else $GODTAB_DB if
 * set and non-empty, else the build's default (tables/godtab.lmdb in the repo). */
const char *gt_db_default_path(const char *explicit_path);

/* Opens the environment at path. The map (the most the database may grow
 * to) is 256 GiB of address space, or $GODTAB_MAP_SIZE bytes if set; a write
 * past it fails with GT_ERR_STORAGE, like a full disk, and stores nothing.
 * Parameters: flags, GT_DB_READONLY or GT_DB_WRITE.
 * Return values: GT_OK (*out to close with gt_db_close), GT_ERR_NOTFOUND
 * (read-only opening of a missing database), GT_ERR_STORAGE (cannot create
 * the directory, or LMDB cannot open it), GT_ERR_CORRUPT (not an LMDB
 * environment, or a damaged one), GT_ERR_NOMEM. The message is in
 * gt_db_last_error(NULL). */
int gt_db_open(gt_db **out, const char *path, int flags);
void gt_db_close(gt_db *db);

/* The underlying system, LMDB or zstd message of the last failure on db
 * ("" if none; db NULL: of the last failed gt_db_open in this thread), for
 * the programs' one-line errors. */
const char *gt_db_last_error(const gt_db *db);

/* Compresses and stores a table (data of meta->raw_bytes bytes) in one write
 * transaction, replacing any previous table of that name; on failure the
 * previous table is kept.
 * Parameters: level, the zstd level; chunk_bytes, the uncompressed bytes a
 * chunk (0: the default, 16 MiB); threads, how many chunks to compress at
 * once (<= 0: all cores). meta->stored_bytes and meta->chunk_bytes are set to
 * what was stored.
 * Return values: GT_OK, GT_ERR_INVAL (db NULL or read-only, meta NULL, or
 * data NULL with raw_bytes > 0), GT_ERR_STORAGE (disk or map full, I/O; or
 * zstd failed to compress a chunk: gt_db_last_error() names the table, the
 * chunk and zstd's error), GT_ERR_CORRUPT (LMDB found its file damaged),
 * GT_ERR_RANGE (metadata text over 8 KiB), GT_ERR_NOMEM (an allocation
 * failed, ours or zstd's). */
int gt_db_put_table(gt_db *db, gt_table_meta *meta, const uint8_t *data, int level,
                    uint32_t chunk_bytes, int threads);

/* Reads a table's metadata only.
 * Return values: GT_OK, GT_ERR_INVAL (db or name NULL, name too long),
 * GT_ERR_NOTFOUND (no such table), GT_ERR_CORRUPT (malformed metadata, or a
 * damaged file), GT_ERR_VERSION (another table format version),
 * GT_ERR_STORAGE, GT_ERR_NOMEM (LMDB failures). */
int gt_db_get_meta(gt_db *db, const char *name, gt_table_meta *meta);

/* Loads, decompresses and checksums a table; on success *out is malloc'd
 * (gt_table_free).
 * Parameters: threads, how many chunks to decompress at once (<= 0: all cores).
 * Return values: GT_OK, GT_ERR_INVAL (db, name or out NULL, name too long),
 * GT_ERR_NOTFOUND (no such table), GT_ERR_CORRUPT (malformed metadata, a
 * missing chunk, a bad frame, size or checksum), GT_ERR_VERSION (another
 * table format version), GT_ERR_NOMEM, GT_ERR_STORAGE (LMDB failures). */
int gt_db_get_table(gt_db *db, const char *name, int threads, gt_table **out);

/* Lists stored table names (sorted): fills up to cap names, sets *count to the
 * number stored (which may exceed cap).
 * Return values: GT_OK, GT_ERR_STORAGE, GT_ERR_CORRUPT, GT_ERR_NOMEM (LMDB
 * failures). */
int gt_db_list(gt_db *db, char (*names)[GT_NAME_MAX], int cap, int *count);

/* Deletes a table (used by tests and by --clean).
 * Return values: GT_OK, GT_ERR_INVAL (db opened read-only), GT_ERR_NOTFOUND
 * (no such table), GT_ERR_STORAGE, GT_ERR_CORRUPT, GT_ERR_NOMEM (LMDB
 * failures). */
int gt_db_delete_table(gt_db *db, const char *name);

#endif
