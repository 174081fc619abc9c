/* The catalog: every table godtab knows how to build, by name.
 *
 * A table spec ties a name ("pocket-htm") to the puzzle model that defines
 * it, its storage encoding and, when the literature has them, the published
 * per-depth counts a build must reproduce before it is stored. godtab-gen,
 * the solver and the tests all look tables up here. */
#ifndef GODTAB_CATALOG_H
#define GODTAB_CATALOG_H

#include "bfs.h"
#include "puzzle.h"
#include "store.h"
#include "table.h"

typedef struct gt_table_spec {
    const char *name;    /* database key and command-line name: "pocket-htm" */
    const char *family;  /* "pocket": `godtab-gen pocket` builds the whole family */
    const char *summary; /* one line for --list */
    gt_encoding encoding;
    int zstd_level;
    /* Published counts per depth (terminated by 0 after the last depth), or
     * NULL when the literature has none: the build then only stores. */
    const uint64_t *published;
    int in_default; /* built by a plain `godtab-gen` (and `make run`) */
    /* Builds the puzzle descriptor; *out stays valid until free_puzzle. */
    int (*make_puzzle)(const struct gt_table_spec *spec, gt_puzzle **out);
    void (*free_puzzle)(gt_puzzle *p);
    const void *arg; /* the model's parameter (board size, ...) */
    /* Uncompressed bytes per stored chunk (0: the store's default, 16 MiB).
     * Smaller chunks decompress in parallel when a one-shot query loads a
     * small table. */
    uint32_t chunk_bytes;
    /* For tables whose index is not a product of coordinates (symmetry-
     * reduced ones), a builder of the model's own instead of make_puzzle and
     * the generic BFS: it computes, encodes and stores the table through the
     * store, filling *meta. NULL for every descriptor-built table. Such a
     * table has no descriptor (make_puzzle is NULL); --verify rechecks its
     * checksum and recounts its distribution from the data. */
    int (*build)(const struct gt_table_spec *spec, gt_db *db, const gt_bfs_options *opts,
                 gt_table_meta *meta);
} gt_table_spec;

/* Number of specs and the i-th one, in catalog order. */
int gt_catalog_count(void);
const gt_table_spec *gt_catalog_get(int i);

/* The spec of a table name, or NULL. */
const gt_table_spec *gt_catalog_find(const char *name);

/* The published distribution of a spec (0 if it has none, 1 if filled). */
int gt_catalog_published(const gt_table_spec *spec, gt_distribution *out);

/* Loads a stored table and builds its puzzle descriptor: what a solver needs.
 * Returns 0, GT_ERR_NOTFOUND (unknown name or table not built),
 * GT_ERR_CORRUPT, GT_ERR_VERSION, GT_ERR_NOMEM. Also checks that the stored
 * table describes this puzzle (same state count) and that its stored counts
 * are the published ones, if any. */
int gt_catalog_load(gt_db *db, const char *name, gt_puzzle **puzzle, gt_table **table);

#endif
