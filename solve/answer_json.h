/* The answers of the table-walk queries (the generic front end's families)
 * and of the searched ones (spec.h's gt_answer) as jansson objects: the one place that
 * builds them, linked into both godtab-solve (--json) and godtab-serve
 * (/api/solve, /api/solve/batch, /api/random), so that the two programs
 * emit the same JSON byte for byte. Nothing here prints or exits; an error
 * comes back as a GT_ERR_* code with its one-line message, the same
 * message the CLI prints after "godtab-solve: ". */
#ifndef GODTAB_SOLVE_ANSWER_JSON_H
#define GODTAB_SOLVE_ANSWER_JSON_H

#include "rng.h"
#include "solve.h"
#include "spec.h"

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of the largest model position struct the answers handle. */
#define GT_ANSWER_POSITION_MAX 256

/* An error: a GT_ERR_* code and its one-line message. */
typedef struct gt_answer_error {
    int rc;
    char message[512];
    const char *kind; /* NULL: gt_answer_kind(rc); else a kind of the server's own ("busy") */
} gt_answer_error;

/* A loaded table of a family with query hooks. */
typedef struct gt_answer_walk {
    const gt_family *family;
    const gt_table_spec *spec;
    const gt_puzzle *puzzle;
    const gt_table *table;
} gt_answer_walk;

/* One optimal solution of a query (GT_QUERY_MOVES or GT_QUERY_STATE): the
 * position (GT_ANSWER_POSITION_MAX bytes), its index, the moves, replayed
 * on the model. Returns GT_OK or the error (parse, illegal, corrupt). */
int gt_answer_walk_solve(const gt_answer_walk *w, int format, const char *query, void *pos, uint64_t *index,
                         uint8_t *moves, int *len, gt_answer_error *err);

/* {"puzzle","metric","distance","solution"[,state_key][,"solutions","count"]}:
 * `godtab-solve NAME --json [--show] [--all]`. At most max_solutions
 * solutions are listed with all (more: GT_ERR_RANGE). NULL on error. */
json_t *gt_answer_walk_json(const gt_answer_walk *w, int format, const char *query, int show, int all,
                            uint64_t max_solutions, gt_answer_error *err);

/* One random reachable state drawn from rng, as `--random N --json` prints
 * it: {"puzzle","metric","state","scramble","length","distance","solution"}
 * (docs/json.md). When text is not NULL, also the CLI's text line into it
 * (capacity cap): the state, a tab, the scramble. NULL on error. */
json_t *gt_answer_walk_random(const gt_answer_walk *w, gt_rng *rng, char *text, size_t cap,
                              gt_answer_error *err);

/* ---- searched answers (spec.h's gt_answer, from gt_query_answer) ---- */

/* The object of an answer: its fields in order, and with rc (the answer
 * given short of what was asked: GT_ERR_TIMEOUT) a "limit" error object of
 * a->message. NULL when a has no fields, or out of memory. */
json_t *gt_answer_json(const gt_answer *a, int rc);

/* "malformed", "impossible", "missing", ...: the kind of an error code. */
const char *gt_answer_kind(int rc);

/* {"error":{"code":<exit code>,"kind":...,"message":...}} of a GT_ERR_*
 * code (message NULL or empty: gt_strerror's), or of an exit code and kind
 * given (the server's own refusals: too large, not found, ...). NULL when
 * out of memory. */
json_t *gt_answer_error_json(int rc, const char *message);
json_t *gt_answer_error_object(int exit_code, const char *kind, const char *message);

/* The compact text of an object (malloc'd, free it), or NULL (out of memory). */
char *gt_answer_dump(const json_t *value);

/* Writes n move names space-separated into buf (NUL-terminated); a name that
 * would not fit is left out. Returns the length. */
size_t gt_answer_format_moves(const char *const *names, const uint8_t *moves, int n, char *buf, size_t cap);

#endif
