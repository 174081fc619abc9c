/* Internals of the table store: the catalogue record (store_catalogue.c) and
 * test hooks (store.c). The store, its tests and the fuzz targets include
 * this header; programs and the rest of the library must not. */
#ifndef GODTAB_STORE_INTERNAL_H
#define GODTAB_STORE_INTERNAL_H

#include "store.h"

#include <stddef.h>
#include <stdint.h>

/* The catalogue: one record, key GT_CATALOGUE_KEY, that lists every stored
 * table with a hash of its metadata record, its data checksum and its chunk
 * count. It is rewritten in the transaction that stores or deletes a table,
 * so a table that vanishes from the B-tree (a damaged key or branch page)
 * is reported as damage, never as "not built". Text, one table a line:
 *
 *   godtab-catalogue 1
 *   table NAME META_HASH CHECKSUM CHUNKS      (hashes: 16 lowercase hex digits)
 *   end COUNT HASH                            (HASH: gt_checksum64 of all lines above)
 *
 * Names are sorted, unique, and gt_catalogue_name_ok. '#' sorts before
 * every name character and cannot start a table name, so the key never
 * collides with a table's "NAME/..." keys. */
#define GT_CATALOGUE_KEY "#catalogue"
#define GT_CATALOGUE_MAX_BYTES (16u << 20)

typedef struct gt_catalogue_entry {
    char name[GT_NAME_MAX];
    uint64_t meta_hash; /* gt_checksum64 of the metadata record's bytes */
    uint64_t checksum;  /* the table's data checksum (as in its metadata) */
    uint32_t chunks;    /* data chunks stored, >= 1 */
} gt_catalogue_entry;

typedef struct gt_catalogue {
    gt_catalogue_entry *entries; /* sorted by name */
    int count, cap;
} gt_catalogue;

/* Is name a storable table name: 1 to GT_NAME_MAX - 1 characters from
 * [A-Za-z0-9._+-]? Returns 1 or 0. */
int gt_catalogue_name_ok(const char *name);

/* Parses a stored record (length bytes, not NUL-terminated) into *out
 * (gt_catalogue_free it; on failure it is left empty).
 * Return values: GT_OK, GT_ERR_CORRUPT (any deviation from the format, a
 * wrong count or hash, unsorted or repeated names), GT_ERR_NOMEM. */
int gt_catalogue_parse(const void *bytes, size_t length, gt_catalogue *out);

/* Formats c into a new malloc'd *text of *length bytes (no NUL counted).
 * Return values: GT_OK, GT_ERR_NOMEM. */
int gt_catalogue_format(const gt_catalogue *c, char **text, size_t *length);

/* The entry of name, or NULL. */
const gt_catalogue_entry *gt_catalogue_find(const gt_catalogue *c, const char *name);

/* Adds or replaces e (by name). Return values: GT_OK, GT_ERR_NOMEM. */
int gt_catalogue_set(gt_catalogue *c, const gt_catalogue_entry *e);

/* Removes name. Return values: GT_OK, GT_ERR_NOTFOUND. */
int gt_catalogue_remove(gt_catalogue *c, const char *name);

void gt_catalogue_free(gt_catalogue *c);

#endif
