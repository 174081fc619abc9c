/* The 3x3x3's solver hooks (cube3_family.c): what the one query path
 * (catalog/query.h) answers cube3 with, optimal (IDA* over the table
 * ladder) or short (two-phase, with max_length), read through the catalog's
 * loader (spec.h), never the store itself. */
#ifndef GODTAB_CUBE3_FAMILY_H
#define GODTAB_CUBE3_FAMILY_H

#include "cube3.h"
#include "cube3_search.h"
#include "cube3_twophase.h"
#include "spec.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const gt_solver_hooks gt_cube3_solver_hooks;

/* The cube3 edge tables a solver searches with (docs/cube3.md, "The table
 * ladder"), mapped through ld into the slots of t: t->fst for
 * cube3-flipslice-twist, t->fss for cube3-fss16-twist, cube3-fsud16-twist
 * and cube3-fsud16-twist-2bit, and with the last also t->phase1
 * (cube3-twophase); the other slots stay NULL, t->corners as it is.
 * Parameters: name, one of those four, or NULL for the strongest stored
 * that suits `how` (GT_CUBE3_TABLES_*): a table copied when opened (the two
 * fsud rungs) only for GT_CUBE3_TABLES_COPY and when it takes at most half
 * the physical memory; the 2-bit rung first.
 * Return values: GT_OK, GT_ERR_NOTFOUND, GT_ERR_CORRUPT, GT_ERR_VERSION,
 * GT_ERR_STORAGE, GT_ERR_NOMEM, GT_ERR_INVAL (ld NULL). */
int gt_cube3_map_edges(const gt_loader *ld, const char *name, int how, gt_cube3_solver_tables *t);

/* The edge-table ladder, fastest first: its length and the name of rung i
 * (NULL past the end). */
size_t gt_cube3_rung_count(void);
const char *gt_cube3_rung_name(size_t i);

/* Picks the rung to search with: the fastest whose memory fits.
 * Parameters: bytes[i], the memory rung i takes (its data, plus
 * cube3-twophase for the 2-bit rung), 0 when it is not stored; n entries;
 * max_memory, the limit in bytes. Pure: no I/O.
 * Return values: the rung's index, or -1 when none stored fits. */
int gt_cube3_pick_rung(const uint64_t *bytes, size_t n, uint64_t max_memory);

/* Frees the tables of t (all four slots) and clears it. */
void gt_cube3_solver_tables_free(gt_cube3_solver_tables *t);

/* The bytes of t's edge table (fss, else fst; 0 without one): in one
 * record or in parts. */
uint64_t gt_cube3_solver_tables_edge_bytes(const gt_cube3_solver_tables *t);

/* A two-phase answer into a (cleared): the solution of pos within
 * max_length and timeout, replayed (r: NULL, or the moves found);
 * table: the stored cube3-twophase the tables point into, or NULL (a
 * damaged block found during the search is named in the message). Return values: GT_OK;
 * GT_ERR_TIMEOUT (a->message; a->n_fields > 0: a longer solution found is
 * still given); GT_ERR_CORRUPT. */
int gt_cube3_twophase_answer(const gt_cube3_twophase_tables *t, const gt_table *table, const gt_cube3 *pos,
                             int max_length, double timeout, gt_cube3_twophase_result *r, gt_answer *a);

#ifdef __cplusplus
}
#endif

#endif
