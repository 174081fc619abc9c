/* The generic solver: walk descending neighbours in a stored distance table.
 *
 * From a state at distance d, some move leads to a state at distance d-1; the
 * table's residue (table.h) tells which. Repeating until the goal gives an
 * optimal solution whose length is the distance. If no descending neighbour
 * exists, or the walk outlasts the table's God's number, the table is
 * inconsistent and GT_ERR_CORRUPT is returned: a wrong answer is never given. */
#ifndef GODTAB_SOLVE_H
#define GODTAB_SOLVE_H

#include "puzzle.h"
#include "table.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes one optimal solution (move indices) into moves[0..*length-1].
 * Parameters: cap must be >= the table's God's number (GT_MAX_DEPTH always
 * suffices).
 * Return values: GT_OK, GT_ERR_INVAL (state out of range, a table of another
 * size, or a descriptor with neither move tables nor a neighbour hook), GT_ERR_ILLEGAL (unreachable
 * state), GT_ERR_CORRUPT (no descending neighbour: the table lies),
 * GT_ERR_RANGE (cap too small). */
GT_API int gt_solve_walk(const gt_puzzle *p, const gt_table *t, uint64_t state, uint8_t *moves, int cap,
                  int *length);

/* Called once per optimal solution by gt_solve_all; return non-zero to stop. */
typedef int (*gt_solution_fn)(void *user, const uint8_t *moves, int length);

/* Enumerates every optimal solution (every descending walk), calling fn for
 * each unless fn is NULL, and sets *count to the number enumerated: all of
 * them, or those up to and including the one where fn asked to stop.
 * Return values: GT_OK, GT_ERR_INVAL, GT_ERR_ILLEGAL, GT_ERR_CORRUPT (as
 * gt_solve_walk; there is no cap to be too small). */
GT_API int gt_solve_all(const gt_puzzle *p, const gt_table *t, uint64_t state, gt_solution_fn fn,
                 void *user, uint64_t *count);

/* The exact distance of a state (the length of the walk).
 * Return values: GT_OK, GT_ERR_INVAL, GT_ERR_ILLEGAL, GT_ERR_CORRUPT (as
 * gt_solve_walk; its buffer holds any walk a table allows). */
GT_API int gt_solve_distance(const gt_puzzle *p, const gt_table *t, uint64_t state, int *distance);

/* The distances of states [from, from + count) into out[0..count-1], one
 * byte each (GT_UNREACHED for an unreachable state): read from the table
 * when it stores distances (byte, nibble), walked state by state when it
 * stores residues (mod3, parity1), on `threads` threads (0: all cores).
 * Return values: GT_OK, GT_ERR_INVAL (a range past the table, or a top2 table,
 * which keeps no distances up to its base), the walk's
 * GT_ERR_CORRUPT (the table lies: out must not be used). */
GT_API int gt_solve_distances(const gt_puzzle *p, const gt_table *t, uint64_t from, uint64_t count, uint8_t *out,
                       int threads);

/* Writes moves[0..n-1] by the descriptor's names, one space apart, into
 * out (NUL-terminated). In the quarter-turn metric two equal quarter turns
 * in a row are written as one half turn, "R R" and "R' R'" as "R2" (as
 * twsearch and cubing.js print them; it still counts 2): a name is merged
 * only when it is letters with at most a trailing "'".
 * Return values: GT_OK, GT_ERR_RANGE (out is too small; it holds the names
 * that fit). */
int gt_solve_format_moves(const gt_puzzle *p, const uint8_t *moves, int n, char *out, size_t cap);

/* 0 when gt_solve_format_moves writes these moves as another solution
 * does: "R' R'" is written "R2" as "R R" is, so of the two walks only the
 * one without a doubled primed quarter turn is listed (--all); 1 otherwise. */
int gt_solve_written_once(const gt_puzzle *p, const uint8_t *moves, int n);

#ifdef __cplusplus
}
#endif

#endif
