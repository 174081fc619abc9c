/* The table store: the only module that touches LMDB and zstd.
 *
 * One LMDB environment (a directory) holds every table. Table NAME is stored
 * as the key "NAME/meta" (its gt_table_meta as text) and the keys
 * "NAME/data/00000000", "NAME/data/00000001", ... (one zstd frame each, of
 * meta.chunk_bytes uncompressed bytes). A table is written in a single write
 * transaction, so readers see the old table or the new one, never a mix, and a
 * killed build leaves the previous table intact. Any number of processes may
 * read at once (LMDB's readers never block). */
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
 * past it fails with GT_ERR_STORAGE, like a full disk, and stores nothing. Read-only opening of a missing database
 * returns GT_ERR_NOTFOUND; other failures GT_ERR_STORAGE. */
int gt_db_open(gt_db **out, const char *path, int flags);
void gt_db_close(gt_db *db);

/* The underlying system or LMDB message of the last failure on db ("" if
 * none), for the programs' one-line errors. */
const char *gt_db_last_error(const gt_db *db);

/* Compresses and stores a table (data of meta->raw_bytes bytes) in one write
 * transaction, replacing any previous table of that name. level is the zstd
 * level; chunk_bytes 0 picks the default. meta->stored_bytes and
 * meta->chunk_bytes are set to what was stored. threads > 1 compresses chunks
 * in parallel. Returns 0, GT_ERR_STORAGE (disk/map full, I/O), GT_ERR_NOMEM. */
int gt_db_put_table(gt_db *db, gt_table_meta *meta, const uint8_t *data, int level,
                    uint32_t chunk_bytes, int threads);

/* Reads a table's metadata only. GT_ERR_NOTFOUND, GT_ERR_CORRUPT, GT_ERR_VERSION. */
int gt_db_get_meta(gt_db *db, const char *name, gt_table_meta *meta);

/* Loads, decompresses and checksums a table; on success *out is malloc'd
 * (gt_table_free). GT_ERR_NOTFOUND, GT_ERR_CORRUPT (bad frame, size or
 * checksum), GT_ERR_VERSION, GT_ERR_NOMEM. */
int gt_db_get_table(gt_db *db, const char *name, int threads, gt_table **out);

/* Lists stored table names (sorted): fills up to cap names, sets *count to the
 * number stored (which may exceed cap). */
int gt_db_list(gt_db *db, char (*names)[GT_NAME_MAX], int cap, int *count);

/* Deletes a table (used by tests and by --clean). GT_ERR_NOTFOUND if absent. */
int gt_db_delete_table(gt_db *db, const char *name);

/* Overwrites one byte of a stored chunk's compressed data, to let tests check
 * that corruption is detected. Test-only; returns GT_ERR_NOTFOUND if absent. */
int gt_db_corrupt_for_test(gt_db *db, const char *name, uint32_t chunk, uint64_t offset);

#endif
