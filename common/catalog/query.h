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

#include "spec.h"
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
 * GT_ERR_INVAL (a table nothing walks: see gt_query_open_with),
 * GT_ERR_CORRUPT, GT_ERR_VERSION, GT_ERR_NOMEM, GT_ERR_STORAGE. */
GT_API int gt_query_open(gt_db *db, const char *table, gt_query **out);
GT_API void gt_query_close(gt_query *q);

/* Checks that query text holds no NUL byte: what every text-in function
 * below does first, for front ends that parse text themselves.
 * Parameters: text, len bytes (need not be NUL-terminated; NULL only with
 * len 0); err, NULL or filled in on failure.
 * Return values: GT_OK; GT_ERR_PARSE (a NUL byte at offset k: err->offset
 * k, err->length 1, err->message "a NUL byte at column k+1: a query is
 * text"). */
GT_API int gt_query_check_text(const char *text, size_t len, gt_parse_error *err);

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

/* ---- one query path for every family ---- */

/* gt_query_open with options for the solver's open (o->load: which tables;
 * NULL: the defaults). A name is a walked table or family ("pocket-qtm",
 * "pocket"), a searched family (one with solver hooks), or a table of
 * the database built from a definition file ("skewb": godtab-gen --def
 * FILE --name skewb, registered at run time from its stored definition).
 * Return values: as gt_query_open; GT_ERR_INVAL for a catalog table that a
 * searched family reads but nothing walks. */
GT_API int gt_query_open_with(gt_db *db, const char *name, const gt_solve_options *o, gt_query **out);

/* gt_query_open_with with only o->load (GT_SOLVE_LOAD_*), for bindings. */
GT_API int gt_query_open_load(gt_db *db, const char *name, int load, gt_query **out);

/* The family (a definition table's: gt_catalog_def_family), the name it
 * was opened by (a table name for a walk), and the walked spec (NULL for a
 * searched family). */
GT_API const gt_family *gt_query_family(const gt_query *q);
GT_API const char *gt_query_name(const gt_query *q);
GT_API const gt_table_spec *gt_query_spec(const gt_query *q);

/* One answer with options (NULL: defaults): a walked table's optimal
 * solution, or the solver's (timeout, max_length, threads), into a with
 * its JSON fields. Parameters and checks of text as gt_query_solve's.
 * Return values: those of gt_query_solve, and GT_ERR_TIMEOUT (a->message;
 * a->distance the proven lower bound; a->n_fields > 0: an answer is still
 * given, e.g. a two-phase solution past max_length). */
GT_API int gt_query_answer(const gt_query *q, int format, const char *text, size_t len, const gt_solve_options *o,
                    gt_answer *a, gt_parse_error *err);

/* A named view of a searched family's opened tables as JSON text (the
 * solver's view hook, such as a quotient graph), its parameters read through
 * param. Return values: those of the hook; GT_ERR_NOTFOUND (no such view,
 * or a family without views), with message filled. */
int gt_query_view(const gt_query *q, const char *view, const char *(*param)(void *user, const char *key), void *user,
                  char *json, size_t cap, char *message, size_t message_cap);

/* gt_query_solve within timeout seconds (0: none), for bindings: on
 * GT_ERR_TIMEOUT *distance is the proven lower bound. */
GT_API int gt_query_solve_timed(const gt_query *q, int format, const char *text, size_t len, double timeout,
                         char *solution, size_t cap, int *distance, gt_parse_error *err);

#ifdef __cplusplus
}
#endif

#endif
