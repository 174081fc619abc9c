/* Definition files of both kinds for godtab-gen --def and godtab-solve def:
 * twsearch's .tws and godtab's own cycle-notation .def with an optional
 * `colours` line, both read by the one grammar (common/defn/defn.h) and held
 * to the model's limits. */
#ifndef GODTAB_CATALOG_DEF_H
#define GODTAB_CATALOG_DEF_H

#include "def.h"
#include "spec.h"
#include "store.h"

#include <stddef.h>

/* Parses text (len bytes) as a .def file when cycle_notation is non-zero,
 * else as .tws. In a .def file, a line `colours c1 c2 ... cN` (one number
 * 1..N a point) marks points of one colour as indistinguishable.
 * Return values: GT_OK, GT_ERR_PARSE (err: line, column, message),
 * GT_ERR_NOMEM. */
int gt_catalog_def_parse(const char *text, size_t len, int cycle_notation, gt_def **out, gt_def_error *err);

/* ---- the definition a table was built from, stored with it ----
 * godtab-gen --def stores a definition table as a mapped table with one
 * section, GT_CATALOG_DEF_SECTION: a record of the file's bytes and the
 * selection (format, metric, moves). godtab-solve rebuilds the model from
 * it (a table name is then enough), and finds the table of a file given
 * again by the record's checksum (the section's, in the table metadata). */
#define GT_CATALOG_DEF_SECTION "definition"

typedef struct gt_catalog_def_source {
    int cycle_notation;       /* a .def file rather than .tws */
    int metric;               /* GT_DEF_HTM or GT_DEF_QTM */
    char moves[64 * GT_DEF_NAME_MAX]; /* "all" or the names of the selection, comma-separated */
    const char *text;         /* the file's bytes (not NUL-terminated) */
    size_t len;
} gt_catalog_def_source;

/* The record of a file's text (len bytes), its kind, metric and move mask
 * (over def, the parsed text) in a malloc'd buffer (*record, *record_len;
 * free it). The same inputs always give the same bytes: the moves are
 * written in the definition's order, "all" for every move.
 * Return values: GT_OK, GT_ERR_NOMEM. */
int gt_catalog_def_record(const gt_def *def, const char *text, size_t len, int cycle_notation, int metric,
                          uint64_t move_mask, char **record, size_t *record_len);

/* Reads a record back: src->text points into record. Return values: GT_OK,
 * GT_ERR_CORRUPT (not a record of this format). */
int gt_catalog_def_read(const char *record, size_t len, gt_catalog_def_source *src);

/* The projection stored with a pattern database t (its GT_DEF_PROJ_SECTION),
 * parsed on the model m of its definition into pr, and checked against t:
 * the same number of images, the 2-bit encoding the search reads.
 * Return values: GT_OK, GT_ERR_CORRUPT (missing, unreadable or another
 * size: not a pattern database of this definition). */
struct gt_def_proj;
int gt_catalog_def_pdb_projection(const gt_table *t, const gt_def_model *m, struct gt_def_proj *pr);

/* ---- definition tables registered at run time from the catalogue ---- */

/* A stored table built from a definition file, as a table spec again
 * (name, the stored definition and selection, the record as its section):
 * what godtab-gen-mpi NAME rebuilds. */
typedef struct gt_catalog_def_table gt_catalog_def_table;

/* The definition table `name` of db. Return values: GT_OK; GT_ERR_NOTFOUND
 * (no such table, a catalog name, or a table without a stored definition);
 * GT_ERR_CORRUPT (its definition does not read back); the store's errors. */
int gt_catalog_def_table_open(gt_db *db, const char *name, gt_catalog_def_table **out);
/* Its spec (gt_catalog_def_table_spec) rebuilds the table as it is stored:
 * its encoding, mapped, the definition as a section, checked against the
 * published counts when there are some (godtab-gen-mpi NAME). */
/* The same from a table already read (its section). */
int gt_catalog_def_table_of(const gt_table *t, const char *name, gt_catalog_def_table **out);
void gt_catalog_def_table_free(gt_catalog_def_table *dt);
/* The stored definition record of dt (its GT_CATALOG_DEF_SECTION bytes,
 * valid while dt is), and a definition table made from such bytes with the
 * encoding it is stored in: what godtab-gen-mpi's rank 0 reads and sends to
 * the other ranks. from_record's return values: GT_OK, GT_ERR_CORRUPT (the
 * bytes do not read back), GT_ERR_NOMEM. */
void gt_catalog_def_table_record(const gt_catalog_def_table *dt, const void **bytes, size_t *len);
int gt_catalog_def_table_from_record(const void *bytes, size_t len, const char *name, gt_encoding encoding,
                                     gt_catalog_def_table **out);
const gt_table_spec *gt_catalog_def_table_spec(const gt_catalog_def_table *dt);
/* "htm" or "qtm": the metric it was built in. */
const char *gt_catalog_def_table_metric(const gt_catalog_def_table *dt);

/* The family of every definition table: no specs, solver hooks that open a
 * table by its name (gt_query_open falls back to it for a name outside the
 * catalog). */
extern const gt_family gt_catalog_def_family;

#endif
