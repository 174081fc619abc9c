/* Text in, text out: catalog tables answering queries by name, for
 * programs and language bindings that would rather not hold the model's
 * structs (python/godtab.py calls these through ctypes).
 *
 *   gt_query *q;
 *   const char *scramble = "R U R' U'";
 *   gt_query_open(db, "pocket", &q);      (a family: its default table, pocket-htm)
 *   gt_query_solve(q, GT_QUERY_MOVES, scramble, strlen(scramble), buf, sizeof buf, &distance, &err);
 *   gt_query_close(q);
 *
 * Query text comes with its length, so that a text cut short is never
 * answered: a NUL byte inside it (from a binding, an HTTP body, a line of
 * a file) is refused as GT_ERR_PARSE, not taken as the end of the query.
 * Every answer is replayed on the model before it is returned. */
#ifndef GODTAB_QUERY_H
#define GODTAB_QUERY_H

#include "cube3_search.h"
#include "gt_error.h"
#include "store.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gt_query gt_query;

/* Loads a catalog table (checked as gt_catalog_load does) for queries in
 * its family's syntax.
 * Parameters: table, a table name ("pocket-qtm") or a family name
 * ("pocket": its default table, as godtab-solve chooses it:
 * gt_catalog_resolve).
 * Return values: GT_OK, GT_ERR_NOTFOUND (unknown name or not built),
 * GT_ERR_INVAL (a family without text queries: cube3, use
 * gt_query_cube3_open), GT_ERR_CORRUPT, GT_ERR_VERSION, GT_ERR_NOMEM,
 * GT_ERR_STORAGE. */
GT_API int gt_query_open(gt_db *db, const char *table, gt_query **out);
GT_API void gt_query_close(gt_query *q);

/* Checks that query text holds no NUL byte: what every text-in function
 * below does first, for front ends that parse text themselves.
 * Parameters: text, len bytes (need not be NUL-terminated; NULL only with
 * len 0); err, NULL or filled in on failure.
 * Return values: GT_OK; GT_ERR_PARSE (a NUL byte at offset k: err->offset
 * k, err->length 1, err->message "a NUL byte at column k+1: a query is
 * text"). */
int gt_query_check_text(const char *text, size_t len, gt_parse_error *err);

/* Solves one query: writes one optimal solution, moves one space apart,
 * into solution and its length into *distance.
 * Parameters: format, GT_QUERY_MOVES (a scramble) or GT_QUERY_STATE (the
 * family's state syntax: facelets, a board); text, the query, len bytes
 * (need not be NUL-terminated; a NUL byte inside is refused, never taken
 * as its end); solution, cap bytes; err, NULL or filled in on
 * GT_ERR_PARSE / GT_ERR_ILLEGAL.
 * Return values: GT_OK, GT_ERR_PARSE (malformed, or a NUL byte: see
 * gt_query_check_text), GT_ERR_ILLEGAL, GT_ERR_RANGE (cap too small),
 * GT_ERR_INVAL (text NULL with len > 0), GT_ERR_NOMEM, GT_ERR_CORRUPT (the
 * table lies, or the answer failed its replay). */
GT_API int gt_query_solve(const gt_query *q, int format, const char *text, size_t len, char *solution, size_t cap,
                   int *distance, gt_parse_error *err);

/* The table's per-depth counts: count[d] for d = 0..*max_depth (at most cap
 * entries written). Return values: GT_OK, GT_ERR_RANGE (cap too small). */
GT_API int gt_query_distribution(const gt_query *q, uint64_t *count, int cap, int *max_depth);

/* Called for each state found by gt_query_at_depth: its index, its state
 * in the family's state syntax ("" when the family has none) and a scramble
 * reaching it from the goal (the inverse of an optimal solution). Return
 * non-zero to stop. */
typedef int (*gt_query_state_fn)(void *user, uint64_t index, const char *state, const char *scramble);

/* Every state at exactly `depth` moves from the goal (depth = the table's
 * God's number: the antipodes), in index order, at most `limit` of them
 * (0: all); *count is how many fn saw.
 * Return values: GT_OK, GT_ERR_INVAL (a family that cannot turn an index
 * back into a position), GT_ERR_NOMEM, GT_ERR_CORRUPT (the table lies). */
GT_API int gt_query_at_depth(const gt_query *q, int depth, uint64_t limit, gt_query_state_fn fn, void *user,
                      uint64_t *count);

/* The table's God's number. */
GT_API int gt_query_gods_number(const gt_query *q);

/* ---- the 3x3x3, optimally ---- */

typedef struct gt_query_cube3 gt_query_cube3;

/* The cube3 edge tables a solver searches with (docs/cube3.md, "The table
 * ladder"), mapped into the slots of t (gt_cube3_solver_tables): t->fst for
 * cube3-flipslice-twist, t->fss for cube3-fss16-twist, cube3-fsud16-twist
 * and cube3-fsud16-twist-2bit, and with the last also t->phase1
 * (cube3-twophase, its fallback); the other slots stay NULL. t->corners is
 * left as it is.
 * Parameters: name, one of those four, or NULL for the strongest stored
 * that suits `how` (GT_CUBE3_TABLES_*). A table over 2 GiB (the two fsud
 * rungs: 4.9 and 2.5 GB) is copied into memory when it is opened, so it is
 * chosen only for GT_CUBE3_TABLES_COPY and when it takes at most half the
 * physical memory; in place the choice is cube3-fss16-twist, else
 * cube3-flipslice-twist. The 2-bit rung comes first: as fast, half the
 * memory.
 * Return values: GT_OK, GT_ERR_NOTFOUND (not stored, or name is none of
 * them; the 2-bit rung also needs cube3-twophase), GT_ERR_CORRUPT,
 * GT_ERR_VERSION, GT_ERR_STORAGE, GT_ERR_NOMEM. */
int gt_query_cube3_map_edges(gt_db *db, const char *name, int how, gt_cube3_solver_tables *t);

/* Frees the tables of t (all four slots; gt_table_free each) and clears it. */
void gt_query_cube3_tables_free(gt_cube3_solver_tables *t);

/* Maps the cube3 tables in place: the corners, and the strongest edge table
 * present that fits (gt_query_cube3_map_edges; corners_only, or none
 * built: the corners alone, slow past ~12 moves).
 * Return values: as gt_query_open. */
GT_API int gt_query_cube3_open(gt_db *db, int corners_only, gt_query_cube3 **out);
GT_API void gt_query_cube3_close(gt_query_cube3 *q);

/* One optimal HTM solution of a scramble or 54 facelets within timeout
 * seconds, written like gt_query_solve's.
 * Parameters: format, text, len, solution, cap, err: as gt_query_solve's
 * (a NUL byte inside the len bytes is refused); timeout, seconds (0: none).
 * Return values: GT_OK, GT_ERR_PARSE (malformed, or a NUL byte),
 * GT_ERR_ILLEGAL, GT_ERR_TIMEOUT (none proven in time: *distance is then
 * the proven lower bound), GT_ERR_RANGE, GT_ERR_INVAL (text NULL with
 * len > 0), GT_ERR_CORRUPT, GT_ERR_NOMEM. */
GT_API int gt_query_cube3_solve(const gt_query_cube3 *q, int format, const char *text, size_t len, double timeout,
                         char *solution, size_t cap, int *distance, gt_parse_error *err);

/* The solver over those tables (thread-safe; owned by q), for callers with
 * a gt_cube3 of their own (godtab-serve). */
const gt_cube3_solver *gt_query_cube3_solver(const gt_query_cube3 *q);

#ifdef __cplusplus
}
#endif

#endif
