/* The table store: the only module that touches LMDB and zstd (store*.c).
 *
 * One LMDB environment (a directory) holds every table. Table NAME is stored
 * as the key "NAME/meta" (its gt_table_meta as text) and the keys
 * "NAME/data/00000000", "NAME/data/00000001", ... (one zstd frame each, of
 * meta.chunk_bytes uncompressed bytes); the key "#catalogue" lists every
 * stored table (store_internal.h). A table and the catalogue are written in a
 * single write transaction, so readers see the old table or the new one,
 * never a mix, and a killed build leaves the previous table intact.
 *
 * Readers: up to 4,096 reads at once, LMDB's reader slots (a read holds one
 * while it runs, a mapped table while it is open: MDB_NOTLS); past that
 * GT_ERR_STORAGE names the cause. A reader that may not
 * write lock.mdb (a read-only install shared by several users) opens the
 * database without the lock file (MDB_NOLOCK): it then does not hold back a
 * writer that rebuilds tables under it, and a table rewritten during its read
 * fails its checksum (GT_ERR_CORRUPT), never gives a wrong answer.
 *
 * Damage: opening checks the file against its last page, the two meta pages
 * and the page accounting; every read checks the catalogue, the metadata hash
 * and the checksums; a read that a damaged page sends past the end of the
 * file is caught (SIGBUS guard, store_guard.h). All give GT_ERR_CORRUPT.
 *
 * Errors: an LMDB failure maps to GT_ERR_STORAGE (disk or map full, I/O,
 * permissions, reader slots), GT_ERR_CORRUPT (a damaged file, or not an LMDB
 * environment) or GT_ERR_NOMEM; a zstd compression failure to GT_ERR_STORAGE
 * (GT_ERR_NOMEM if zstd could not allocate). gt_db_last_error() then holds
 * the message. The files, bottom up: store_path.c (options, default path),
 * store_catalogue.c, store_env.c (errors, transactions, records),
 * store_check.c, store_put.c, store_mapped.c, store_get.c, store.c (open,
 * list, delete). A test-only corruption hook is in tests/store_corrupt.c. */
#ifndef GODTAB_STORE_H
#define GODTAB_STORE_H

#include "table.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gt_db gt_db;

enum {
    GT_DB_READONLY = 0,
    GT_DB_WRITE = 1, /* create the directory and environment if missing */
};

/* What a program chooses for the store; the library reads no environment
 * variable, a program fills this from its own (see gt_db_set_options).
 * NULL or "" leaves a field unset. */
typedef struct gt_db_options {
    const char *godtab_db;     /* the database path ($GODTAB_DB) */
    const char *xdg_data_home; /* $XDG_DATA_HOME: used only if absolute */
    const char *home;          /* $HOME: ~/.local/share when no XDG_DATA_HOME */
    const char *map_size;      /* the map in bytes, decimal, >= 65536 ($GODTAB_MAP_SIZE); else 256 GiB */
} gt_db_options;

/* Sets the options for the whole process (copied), before any thread or
 * gt_db_open: a program calls it once at its start with
 *   gt_db_options o = {getenv("GODTAB_DB"), getenv("XDG_DATA_HOME"),
 *                      getenv("HOME"), getenv("GODTAB_MAP_SIZE")};
 * NULL resets them all. Without it, every field is unset. */
GT_API void gt_db_set_options(const gt_db_options *o);

/* The database path to use:
 *   1. `explicit_path` if not NULL or empty (a program's --db);
 *   2. else the options' godtab_db if set ($GODTAB_DB);
 *   3. else, for a program run from its build tree (its executable under
 *      the tree), the tree's tables/godtab.lmdb;
 *   4. else XDG_DATA_HOME/godtab/godtab.lmdb (XDG_DATA_HOME defaulting to
 *      HOME/.local/share), from the options: where an installed program
 *      keeps its tables; "godtab.lmdb" if neither is set.
 * Return values: the path (static storage for 2 to 4; never NULL). */
GT_API const char *gt_db_default_path(const char *explicit_path);

/* Writes the storage libraries' versions ("LMDB 0.9.24, zstd 1.5.4") into buf. */
void gt_store_versions(char *buf, size_t cap);

/* Opens the environment at path. The map (the most the database may grow
 * to) is 256 GiB of address space, or gt_db_options.map_size bytes if set; a write
 * past it fails with GT_ERR_STORAGE, like a full disk, and stores nothing.
 * Parameters: flags, GT_DB_READONLY or GT_DB_WRITE.
 * Return values: GT_OK (*out to close with gt_db_close), GT_ERR_NOTFOUND
 * (read-only opening of a missing database), GT_ERR_STORAGE (cannot create
 * the directory, permission denied, or LMDB cannot open it), GT_ERR_CORRUPT
 * (not an LMDB environment, an empty or truncated data.mdb, damaged meta
 * pages, pages unaccounted for, a missing or damaged catalogue),
 * GT_ERR_NOMEM. The message is in
 * gt_db_last_error(NULL). */
GT_API int gt_db_open(gt_db **out, const char *path, int flags);
GT_API void gt_db_close(gt_db *db);

/* The underlying system, LMDB or zstd message of the last failure on db
 * ("" if none; db NULL: of the last failed gt_db_open in this thread), for
 * the programs' one-line errors. */
GT_API const char *gt_db_last_error(const gt_db *db);

/* Compresses and stores a table (data of meta->raw_bytes bytes) in one write
 * transaction, replacing any previous table of that name; on failure the
 * previous table is kept.
 * Parameters: level, the zstd level; chunk_bytes, the uncompressed bytes a
 * chunk (0: the default, 16 MiB); threads, how many chunks to compress at
 * once (<= 0: all cores). meta->stored_bytes and meta->chunk_bytes are set to
 * what was stored.
 * Return values: GT_OK, GT_ERR_INVAL (db NULL or read-only, meta NULL, data
 * NULL with raw_bytes > 0, or a name outside [A-Za-z0-9._+-]), GT_ERR_STORAGE (disk or map full, I/O; or
 * zstd failed to compress a chunk: gt_db_last_error() names the table, the
 * chunk and zstd's error), GT_ERR_CORRUPT (LMDB found its file damaged),
 * GT_ERR_RANGE (metadata text over 8 KiB), GT_ERR_NOMEM (an allocation
 * failed, ours or zstd's). */
GT_API int gt_db_put_table(gt_db *db, gt_table_meta *meta, const uint8_t *data, int level,
                    uint32_t chunk_bytes, int threads);

/* Stores a mapped table (GT_STORAGE_MAPPED: docs/table-format.md): the data
 * and each section as one record of exactly their bytes, plus a record of
 * 64 KiB block checksums, in one write transaction that replaces any
 * previous table of that name. meta->storage, n_sections, sections,
 * chunk_bytes, stored_bytes and format_version are set here.
 * Parameters: sections[0..n_sections-1] (names [a-z0-9_], unique).
 * Return values: as gt_db_put_table, and GT_ERR_INVAL for more than
 * GT_TABLE_SECTIONS_MAX sections or a bad section name. */
int gt_db_put_mapped(gt_db *db, gt_table_meta *meta, const uint8_t *data, const gt_section_data *sections,
                     int n_sections);

/* As gt_db_put_mapped, but each part of the data (or the whole, stored in
 * one record) is given back to the system as soon as LMDB holds its copy
 * (its pages dropped: it reads zeros after), so a table can be stored in
 * its size and one part of memory rather than twice its size (LMDB keeps a
 * transaction's pages in memory until it commits). data must be
 * gt_alloc_huge's; it is spent afterwards, whatever the outcome: on a
 * failure the previous table is kept, and this one must be built again.
 * Return values: as gt_db_put_mapped. */
int gt_db_put_mapped_release(gt_db *db, gt_table_meta *meta, uint8_t *data, const gt_section_data *sections,
                             int n_sections);

/* Opens a table for reading in place: a mapped table's data and sections
 * point into the database map (no copy; the pages are shared with every
 * other process reading them), its checksum records are checked, and each
 * 64 KiB block is checked on first use through gt_view_ok (small sections,
 * up to 4 MiB, are checked whole here). Data over 2 GiB - 1 MiB is stored
 * in parts and comes as one private copy, checked whole (see
 * gt_db_maps_in_place). A zstd table is loaded as by gt_db_get_table.
 * Release it with gt_table_free before gt_db_close; it holds a reader slot
 * until then.
 * Return values: as gt_db_get_table. */
int gt_db_map_table(gt_db *db, const char *name, gt_table **out);

/* gt_db_map_table with flags: GT_MAP_IN_PARTS reads data stored in parts
 * in place too (no copy: the view's data is NULL, its parts point into the
 * map, read through gt_view_at), for a reader of views that can. Parts of
 * a size that is not a power of two are copied as without it.
 * Return values: as gt_db_map_table, GT_ERR_INVAL for an unknown flag. */
#define GT_MAP_IN_PARTS 1
int gt_db_map_table_flags(gt_db *db, const char *name, int flags, gt_table **out);

/* A mapped table filled in place (gt_db_put_mapped's records and
 * transaction): its data record of meta->raw_bytes is reserved in LMDB's
 * own pages and `fill` writes it there and completes *meta (the data's
 * checksum and distribution: gt_table_meta_init), so that a table built
 * for storing is held in memory once, not twice. fill's non-zero return
 * aborts the transaction (nothing stored changes) and is returned.
 * Parameters: meta->name and raw_bytes set (at most one record's bytes,
 * 2 GiB - 1 MiB); sections as gt_db_put_mapped's.
 * Return values: as gt_db_put_mapped, GT_ERR_RANGE for data past one
 * record, fill's code, GT_ERR_INVAL when fill changed raw_bytes. */
typedef int (*gt_db_fill_fn)(void *user, uint8_t *data, gt_table_meta *meta);
int gt_db_put_mapped_fill(gt_db *db, gt_table_meta *meta, gt_db_fill_fn fill, void *user,
                          const gt_section_data *sections, int n_sections);

/* Does gt_db_map_table_flags read the table of this metadata in place (1),
 * or copy it (0: zstd storage, or mapped data stored in parts without
 * GT_MAP_IN_PARTS)? */
int gt_db_maps_in_place(const gt_table_meta *m, int flags);

/* Reads a table's metadata only.
 * Return values: GT_OK, GT_ERR_INVAL (db or name NULL, name too long),
 * GT_ERR_NOTFOUND (no such table), GT_ERR_CORRUPT (malformed metadata, or a
 * damaged file), GT_ERR_VERSION (another table format version),
 * GT_ERR_STORAGE, GT_ERR_NOMEM (LMDB failures). */
GT_API int gt_db_get_meta(gt_db *db, const char *name, gt_table_meta *meta);

/* Loads, decompresses and checksums a table; on success *out is malloc'd
 * (gt_table_free). A mapped table is copied, and its data and every section
 * checked whole.
 * Parameters: threads, how many chunks to decompress at once (<= 0: all cores).
 * Return values: GT_OK, GT_ERR_INVAL (db, name or out NULL, name too long),
 * GT_ERR_NOTFOUND (no such table), GT_ERR_CORRUPT (malformed metadata, a
 * missing chunk, a bad frame, size or checksum), GT_ERR_VERSION (another
 * table format version), GT_ERR_NOMEM, GT_ERR_STORAGE (LMDB failures). */
GT_API int gt_db_get_table(gt_db *db, const char *name, int threads, gt_table **out);

/* Lists stored table names (sorted, from the catalogue): fills up to cap
 * names, sets *count to the number stored (which may exceed cap).
 * Return values: GT_OK, GT_ERR_STORAGE, GT_ERR_CORRUPT, GT_ERR_NOMEM (LMDB
 * failures). */
GT_API int gt_db_list(gt_db *db, char (*names)[GT_NAME_MAX], int cap, int *count);

/* What gt_db_check walked. */
typedef struct gt_db_check_report {
    int tables;              /* catalogued tables, each with its metadata and every chunk */
    uint64_t keys;           /* keys walked */
    uint64_t leaf_pages;     /* counted by the walk (equal to the tree's record) */
    uint64_t overflow_pages; /* counted by the walk (equal to the tree's record) */
    uint64_t branch_pages;   /* the tree's record (LMDB reads each on the walk) */
    uint64_t free_pages;     /* listed free, each in range and listed once */
    uint64_t file_bytes;     /* size of data.mdb */
} gt_db_check_report;

/* Checks the whole database without decompressing tables: the file against
 * its last page, the two meta pages, every key of the tree (each must be the
 * catalogue or a catalogued table's metadata or chunk), every page counted
 * (leaf and overflow pages by the walk, all pages by the trees and the free
 * list), and every catalogued table complete. Tables' data are checked by
 * gt_db_get_table (zstd frame checksums and the table checksum).
 * Return values: GT_OK (*report filled), GT_ERR_INVAL, GT_ERR_CORRUPT (the
 * first inconsistency is in gt_db_last_error), GT_ERR_NOMEM, GT_ERR_STORAGE. */
GT_API int gt_db_check(gt_db *db, gt_db_check_report *report);

/* Deletes a table (used by tests and by --clean).
 * Return values: GT_OK, GT_ERR_INVAL (db opened read-only), GT_ERR_NOTFOUND
 * (no such table), GT_ERR_STORAGE, GT_ERR_CORRUPT, GT_ERR_NOMEM (LMDB
 * failures). */
GT_API int gt_db_delete_table(gt_db *db, const char *name);

#ifdef __cplusplus
}
#endif

#endif
