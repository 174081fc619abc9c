/* Puzzles from definition files (issue 13): a definition (common/defn/
 * defn.h: the .tws and .def notations, one in-memory gt_def) ranked into the
 * engine's coordinates so that the one BFS (bfs.h) builds their tables. The
 * ranking (per set orbit: a multinomial permutation rank and an orientation
 * rank, each compressed to the values the moves reach, grouped into the
 * engine's two coordinates) is described, with its proof, in
 * docs/definitions.md. */
#ifndef GODTAB_DEF_H
#define GODTAB_DEF_H

#include "defn.h"
#include "puzzle.h"
#include "spec.h"

#include <stddef.h>
#include <stdint.h>

_Static_assert(GT_DEF_MAX_DEPTH == GT_MAX_DEPTH, "published counts go as deep as the engine");

/* 0 if the model can take the definition: 1..GT_DEF_MAX_MOVES moves, sets
 * of at most GT_DEF_MAX_PIECES positions (a .tws file is held to them while
 * it is read; a .def file's points and generators are checked here).
 * Return values: GT_OK, GT_ERR_PARSE (err: line 0, the numbers). */
int gt_def_check_model(const gt_def *def, gt_def_error *err);

/* The base moves named by a comma list ("R,U"; "all" or "" for every one)
 * as a bit mask. Return values: GT_OK, GT_ERR_PARSE (err->column: the
 * unknown or repeated name, err->message names it). */
int gt_def_moves_mask(const gt_def *def, const char *list, uint64_t *mask, gt_def_error *err);

/* The published counts for a metric and a move mask, or NULL. */
const uint64_t *gt_def_find_published(const gt_def *def, int metric, uint64_t mask);

/* ---- the model: moves, ranking, coordinates ---- */

typedef struct gt_def_options {
    int metric;         /* GT_DEF_HTM: every power counts 1; GT_DEF_QTM: a move and its inverse */
    uint64_t move_mask; /* the base moves used (bit m), 0 for all */
    /* Planning's memory budget, 0 for none: the orbit and coordinate tables
     * a plan or build enumerates stay within it, and a plan whose ranked
     * index (def_big.c) is sure to pass it with its table stops early. A
     * budget never changes the layout, only whether the plan finishes:
     * past it, GT_ERR_RANGE with err giving the figure. */
    uint64_t max_bytes;
    /* 1: the model keeps only what the BFS reads. Once built, its
     * coordinates' state <-> index lookups are dropped (gt_def_model_state
     * and gt_def_model_index then refuse, GT_ERR_INVAL), leaving the move
     * rows: for a table past the memory, whose builder needs no more. */
    int bfs_only;
} gt_def_options;

typedef struct gt_def_model gt_def_model;

/* What a model will cost, known before its big tables are allocated. */
typedef struct gt_def_plan_info {
    int n_moves;         /* moves of the descriptor (powers included) */
    int n_factors;       /* orbit coordinates with more than one value */
    uint64_t states;     /* index space (an upper bound of the reachable states) */
    uint64_t bytes;      /* estimated peak memory of build, BFS and encoding */
    uint64_t bytes_mod3; /* the same with the BFS at 2 bits a state (0: not for this model) */
    uint64_t coord_size[GT_MAX_COORDS];
} gt_def_plan_info;

/* Plans a model: the moves and their powers, the position orbits, each
 * orbit's permutation and orientation values reached (enumerated, at most
 * GT_DEF_FACTOR_MAX each), and the two coordinates; or, when an orbit
 * factor can take more values and the moves reach more than 1/16 of that
 * limit, that factor's computed rank and one 64-bit mixed-radix index
 * (def_big.c: no coordinates, the BFS's level hooks). def must outlive the
 * model. Return values: GT_OK, GT_ERR_INVAL (an empty or unknown move
 * selection, too many moves; err says which), GT_ERR_RANGE (a set orbit with
 * too many values: err says which and how many; or past o->max_bytes:
 * err gives the memory needed), GT_ERR_NOMEM. */
#define GT_DEF_FACTOR_MAX (1u << 24)
int gt_def_model_plan(const gt_def *def, const gt_def_options *o, gt_def_model **out, gt_def_error *err);

/* The plan's figures: from the factor products before gt_def_model_build
 * (an upper bound), from the enumerated coordinates after it (exact). */
void gt_def_model_info(const gt_def_model *m, gt_def_plan_info *info);

/* Builds the coordinates' move tables and the descriptor (owned by the
 * model: valid until gt_def_model_free).
 * Return values: GT_OK, GT_ERR_NOMEM, GT_ERR_RANGE (a coordinate past the
 * engine's limits). */
int gt_def_model_build(gt_def_model *m, const gt_puzzle **out);

void gt_def_model_free(gt_def_model *m);

/* 1 if the planned model's state graph is provably bipartite: some set of
 * its orbits of distinct pieces on which every move of the metric is an
 * odd permutation (QTM on a cube; not HTM, whose half turns are even). A
 * built bipartite model has a distance_parity hook, so its table can be
 * stored at 1 bit a state (GT_ENC_PARITY1) when every index is reached.
 * def_parity.c explains the proof. */
int gt_def_model_bipartite(const gt_def_model *m);

/* The move names of the model (n_moves of them), "R", "R2", "R'". */
const char *const *gt_def_model_move_names(const gt_def_model *m);

/* Writes moves[0..n-1] by the model's names, one space apart, into out
 * (NUL-terminated). In the quarter-turn metric a run of k equal quarter
 * turns is written as its power, as gt_solve_format_moves writes the
 * cubes' (and twsearch, cubing.js): "R R" as "R2", "R' R'" as "R2" on a
 * move of order 4 and "R2'" on one of order 5; it still counts k. Each
 * written name is one gt_def_apply_scramble reads back.
 * Return values: GT_OK, GT_ERR_RANGE (out is too small; it holds the
 * names that fit). */
int gt_def_model_format_moves(const gt_def_model *m, const uint8_t *moves, int n, char *out, size_t cap);

/* 0 when gt_def_model_format_moves writes these moves as another walk
 * (k inverse turns that are the same power as k turns: "R' R'" and "R R"
 * of an order-4 move, both "R2"), so of such walks only one is listed
 * (--all); 1 otherwise. */
int gt_def_model_written_once(const gt_def_model *m, const uint8_t *moves, int n);

/* A state as flat perm/ori arrays (def->total each) and its index.
 * gt_def_model_state: GT_OK or GT_ERR_INVAL (index out of range, or a
 * bfs_only model's lookups dropped).
 * gt_def_model_index: GT_OK, GT_ERR_ILLEGAL (a state outside the index
 * space: pieces moved across orbits or a value no move reaches),
 * GT_ERR_INVAL (not built, or a bfs_only model's lookups dropped). */
int gt_def_model_state(const gt_def_model *m, uint64_t index, uint8_t *perm, uint8_t *ori);
int gt_def_model_index(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, uint64_t *index);

/* Applies the model's move mv (0 .. n_moves-1) to a flat state in place. */
void gt_def_model_apply(const gt_def_model *m, int mv, uint8_t *perm, uint8_t *ori);

/* Applies a scramble written in the definition's move names to a flat state
 * (perm/ori, def->total each), in the alg syntax of the cubes (notation.h):
 * base moves with an optional amount, "R", "R2", "R'", "R2'", "R3" (taken
 * modulo the move's order, whatever the metric of a table), separated by
 * blanks; "(A)k", "(A)'", commutators "[A, B]", conjugates "[A: B]", "."
 * pauses and "//" comments. Return values: GT_OK, GT_ERR_PARSE (err: line
 * 1, the token's column, a message naming it), GT_ERR_NOMEM. */
int gt_def_apply_scramble(const gt_def *def, const char *text, uint8_t *perm, uint8_t *ori, gt_def_error *err);

/* The same alg as turns: face the base move, quarters its power (1 ..
 * order-1; identities dropped), in a malloc'd array (*turns NULL when
 * empty; free it). Return values: as gt_def_apply_scramble. */
struct gt_turn;
int gt_def_parse_alg(const gt_def *def, const char *text, struct gt_turn **turns, long *count, gt_def_error *err);

/* Reads a state written in the definition's syntax (def_state.c) into
 * perm/ori (def->total each): the body of a `Solved` block, set names each
 * followed by N piece numbers (1-based; repeated for identical pieces) and
 * optionally N orientations, line breaks counting as blanks; optionally
 * wrapped in `State` (or `Solved`) ... `End`; '#' comments. A set not given
 * keeps its solved value. Return values: GT_OK; GT_ERR_PARSE (err: line,
 * column and what: an unknown or repeated set, a missing number, a value
 * out of range); GT_ERR_ILLEGAL (well-formed but not a rearrangement of the
 * solved pieces: err names the set and the piece, at the set's column).
 * Orientation sums and other constraints are the model's to refuse
 * (gt_def_model_index). */
int gt_def_parse_state(const gt_def *def, const char *text, uint8_t *perm, uint8_t *ori, gt_def_error *err);

/* 1 if the flat state is the solved one. */
int gt_def_is_solved(const gt_def *def, const uint8_t *perm, const uint8_t *ori);

/* The state in .tws syntax (one "SET\nperm\nori\n" group a set, 1-based).
 * Return values: GT_OK, GT_ERR_RANGE. */
int gt_def_state_text(const gt_def *def, const uint8_t *perm, const uint8_t *ori, char *buf, size_t cap);

/* ---- table specs for the catalog and godtab-gen --def ---- */

/* spec->arg of a definition table. */
typedef struct gt_def_request {
    const gt_def *def;
    gt_def_options options;
} gt_def_request;

/* Fills spec for a definition table called name (the caller keeps name,
 * summary and req alive): MOD3 encoding, make_puzzle / free_puzzle below. */
void gt_def_spec_init(gt_table_spec *spec, const char *name, const char *summary, const gt_def_request *req);

/* make_puzzle / free_puzzle of a definition spec: the descriptor's ctx is
 * its gt_def_model. */
int gt_def_make_puzzle(const gt_table_spec *spec, gt_puzzle **out);
void gt_def_free_puzzle(gt_puzzle *p);

#endif
