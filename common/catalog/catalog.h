/* The catalog: every puzzle family and table godtab knows, by name, and the
 * loading of stored tables with their descriptors.
 *
 * The families are listed once, in models/families.h (the registry); godtab-gen (build,
 * --verify, --list, reports), godtab-solve (its puzzles and the generic
 * front end) and the tests all walk that list. The catalog sits above the
 * models and the store: it is the one place that ties a table name to its
 * model and to the database. */
#ifndef GODTAB_CATALOG_H
#define GODTAB_CATALOG_H

#include "spec.h"
#include "store.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The families in catalog order.
 * Return values: the count; the i-th family, or NULL past the end. */
GT_API int gt_catalog_family_count(void);
GT_API const gt_family *gt_catalog_family(int i);

/* The family of a name ("pocket"), or NULL. */
GT_API const gt_family *gt_catalog_find_family(const char *name);

/* Every table spec, family after family.
 * Return values: the count; the i-th spec, or NULL past the end. */
GT_API int gt_catalog_count(void);
GT_API const gt_table_spec *gt_catalog_get(int i);

/* The spec of a table name, or NULL. */
GT_API const gt_table_spec *gt_catalog_find(const char *name);

/* The table a name stands for, as every front end reads a puzzle name
 * (godtab-solve NAME, godtab-serve's puzzle=, python's db.solve):
 * Parameters: name, a table name ("pocket-qtm") or a family name
 * ("pocket"); metric, NULL or a metric of the family ("qtm"), used only
 * with a family name.
 * Return values: a table name's spec; for a family, "<family>-<metric>"
 * with metric, else with the first of the family's metrics, else its first
 * table; NULL for an unknown name, a family without
 * that metric, or a table name with a metric other than its own. */
GT_API const gt_table_spec *gt_catalog_resolve(const char *name, const char *metric);

/* Does a name on a build command line select spec? (godtab-gen NAME ...,
 * godtab-gen-mpi NAME ...: a table by its name; a family selects its tables
 * but those built only when named, explicit_only.)
 * Return values: 1 or 0. */
int gt_catalog_selects(const gt_table_spec *spec, const char *name);

/* The family a spec belongs to (never NULL for a catalog spec). */
const gt_family *gt_catalog_family_of(const gt_table_spec *spec);

/* The published distribution of a spec.
 * Return values: 1 (filled in), 0 (the literature has none). */
int gt_catalog_published(const gt_table_spec *spec, gt_distribution *out);

/* Loads a stored table and builds its puzzle descriptor: what a solver needs.
 * It also checks that the stored table describes this puzzle (same state
 * count and encoding) and that its stored counts are the published ones.
 * Release both with gt_catalog_unload.
 * Return values: GT_OK, GT_ERR_NOTFOUND (unknown name or table not built),
 * GT_ERR_CORRUPT, GT_ERR_VERSION, GT_ERR_NOMEM, GT_ERR_STORAGE. */
GT_API int gt_catalog_load(gt_db *db, const char *name, gt_puzzle **puzzle, gt_table **table);

/* Opens a stored table for reading in place (gt_db_map_table_flags, flags
 * GT_MAP_*: no copy for a mapped table), without building its descriptor,
 * and checks its encoding and published counts. Free it with
 * gt_table_free before closing db.
 * Return values: as gt_catalog_load. */
int gt_catalog_map(gt_db *db, const char *name, int flags, gt_table **table);

/* Releases what gt_catalog_load returned (either may be NULL). */
GT_API void gt_catalog_unload(const char *name, gt_puzzle *puzzle, gt_table *table);

/* A report environment whose loader reads tables from db through
 * gt_catalog_load; the caller sets env->out. */
void gt_catalog_report_env(gt_db *db, int threads, gt_report_env *env);

/* The loader a family's solver hooks read db through (spec.h): load and
 * map check tables as gt_catalog_load and gt_catalog_map do. db must
 * outlive every use of ld. */
void gt_catalog_loader(gt_db *db, gt_loader *ld);

/* How a table was built, for its metadata. */
typedef struct gt_catalog_build {
    int threads;                /* threads (all ranks together) */
    double seconds;             /* BFS and encoding */
    const char *generator_note; /* NULL, or appended to the generator line ("4 ranks") */
} gt_catalog_build;

/* Stores a finished BFS of spec's puzzle p: checks the spec's published
 * counts, encodes dist as the spec says, fills *meta and writes the table in
 * one transaction (the previous table stays on any failure).
 * Return values: GT_OK, GT_ERR_MISMATCH (not stored), GT_ERR_NOMEM, the
 * store's GT_ERR_STORAGE / GT_ERR_CORRUPT (gt_db_last_error says more). */
int gt_catalog_store_dist(gt_db *db, const gt_table_spec *spec, const gt_puzzle *p, const uint8_t *dist,
                          const gt_distribution *d, const gt_catalog_build *b, gt_table_meta *meta);

/* As gt_catalog_store_dist, for the table gt_bfs_run_mod3 built: codes is
 * already the GT_ENC_MOD3 data, stored as it is and spent in the storing
 * (gt_db_put_mapped_release: each part's pages given back once LMDB holds
 * its copy), so the caller only frees it.
 * Return values: as gt_catalog_store_dist, and GT_ERR_INVAL for a spec not
 * mapped at GT_ENC_MOD3. */
int gt_catalog_store_mod3(gt_db *db, const gt_table_spec *spec, const gt_puzzle *p, uint8_t *codes,
                          const gt_distribution *d, const gt_catalog_build *b, gt_table_meta *meta);

/* The version line of the programs' --version: godtab's version, the table
 * format it writes, and the LMDB, zstd and GMP it runs with.
 * Parameters: buf of cap bytes (160 is enough). */
GT_API void gt_version_text(char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
