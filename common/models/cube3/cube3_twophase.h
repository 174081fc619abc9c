/* Kociemba's two-phase algorithm for the 3x3x3: a short solution (not
 * necessarily optimal) in milliseconds, from small tables built in memory
 * (docs/cube3.md, "Two-phase").
 *
 * Phase 1 brings the cube into H = <U, D, R2, L2, F2, B2> (corners and edges
 * oriented, the four UD-slice edges in the slice); phase 2 solves it inside
 * H with those ten moves. Both phases are IDA* over cubie coordinates:
 *   phase 1: twist (2187), flip (2048), UD-slice places (495);
 *            h1 = max(dist(twist, slice), dist(flip, slice))
 *   phase 2: corner permutation (40320), permutation of the eight U/D edges
 *            (40320), permutation of the four slice edges (24);
 *            h2 = max(dist(cperm, sliceperm), dist(eperm, sliceperm))
 * The four pruning tables are exact distances in their projections (one byte
 * a state, ~4 MB in all), so both bounds are admissible.
 *
 * The search enumerates phase-1 solutions by increasing length l1 and
 * completes each with the shortest phase-2 solution that beats the best
 * total found so far; it stops as soon as a total of at most max_length is
 * found. As in min2phase it runs six such searches in turn at each l1: the
 * position and its inverse, each seen along the three axes (a solution of
 * one maps back to the others), skipping those a symmetry makes identical.
 * Before that, complete searches with the bounds 0..GT_CUBE3_TWOPHASE_EXACT
 * answer a shallow position with an optimal solution (they stop at once on
 * a deep one). Every solution of length n splits into a phase-1 part ending in a
 * move outside H (or empty) and a suffix of H-moves, so running to the end
 * finds a solution of at most max_length whenever one exists: a search that
 * is not stopped by its deadline answers honestly "none exists". */
#ifndef GODTAB_CUBE3_TWOPHASE_H
#define GODTAB_CUBE3_TWOPHASE_H

#include "cube3.h"

#include <stddef.h>
#include <stdint.h>

#define GT_CUBE3_TWOPHASE_MAX 30   /* longest solution ever returned (> 20, God's number) */
#define GT_CUBE3_TWOPHASE_EXACT 8  /* positions within this many moves are answered optimally */
#define GT_CUBE3_EPERMS 40320u     /* permutations of the 8 U/D edges (phase 2) */
#define GT_CUBE3_SPERMS 24u        /* permutations of the 4 UD-slice edges (phase 2) */
#define GT_CUBE3_P2_MOVES 10       /* U U2 U' D D2 D' R2 L2 F2 B2 */

typedef struct gt_cube3_twophase_tables {
    /* phase 1 move tables [value * 18 + move] */
    uint16_t *twist_move, *flip_move, *slice_move;
    /* phase 2 move tables [value * 10 + phase-2 move index] */
    uint16_t *cperm_move, *eperm_move;
    uint16_t sperm_move[GT_CUBE3_SPERMS * GT_CUBE3_P2_MOVES];
    /* pruning tables: exact distances in each projection */
    uint8_t *twist_slice, *flip_slice;  /* [twist * 495 + slice], [flip * 495 + slice] */
    uint8_t *cperm_sperm, *eperm_sperm; /* [perm * 24 + sperm] */
    /* The three axes: a whole-cube rotation bringing axis a to U-D (as a
     * facelet permutation, a = 0 the identity) and how it renames moves:
     * a solution w of conj(c, rot[a]) solves c as axis_map[a][w]. */
    uint16_t axis_rot[3][GT_CUBE3_FACELETS];
    uint8_t axis_map[3][GT_CUBE3_MOVES];
    size_t bytes;                       /* memory held by the tables */
} gt_cube3_twophase_tables;

/* The phase-2 moves as HTM move numbers (cube3.h): U U2 U' D D2 D' R2 L2 F2 B2. */
extern const uint8_t gt_cube3_twophase_p2_moves[GT_CUBE3_P2_MOVES];

/* Phase-2 coordinates of a position in H (any position: values for the
 * edges are meaningful only when the slice edges are in the slice). */
uint32_t gt_cube3_twophase_eperm(const gt_cube3 *c);
uint32_t gt_cube3_twophase_sperm(const gt_cube3 *c);

/* Builds all tables (~0.2 s; docs/cube3.md has the figures).
 * GT_OK or GT_ERR_NOMEM. */
int gt_cube3_twophase_tables_build(gt_cube3_twophase_tables **out);
void gt_cube3_twophase_tables_free(gt_cube3_twophase_tables *t);

typedef struct gt_cube3_twophase_options {
    int max_length;          /* stop at the first solution of at most this many moves (0..30) */
    double timeout;          /* seconds; 0 = none */
    volatile int *cancel;    /* optional: set non-zero to stop (GT_ERR_INTERRUPT) */
} gt_cube3_twophase_options;

typedef struct gt_cube3_twophase_result {
    int length;              /* moves[0..length-1], or -1 if no solution was found at all */
    uint8_t moves[GT_CUBE3_TWOPHASE_MAX];
    uint64_t nodes;          /* phase-1 and phase-2 nodes visited */
    double seconds;
} gt_cube3_twophase_result;

/* Solves `start` (which must be legal). Every solution kept was applied to
 * start and checked to solve it. The answer is deterministic (no timing
 * decides it unless the deadline is hit).
 * Return values:
 *   GT_OK            result->length <= max_length;
 *   GT_ERR_NOTFOUND  the search ran to the end: no solution of at most
 *                    max_length moves exists (result holds the shortest,
 *                    which is then optimal);
 *   GT_ERR_TIMEOUT / GT_ERR_INTERRUPT  stopped first: result holds the best
 *                    solution found so far (longer than max_length), or
 *                    length -1 if none;
 *   GT_ERR_INVAL     max_length outside 0..30, an illegal start;
 *   GT_ERR_CORRUPT   a solution failed its replay (a bug; never returned). */
int gt_cube3_twophase_solve(const gt_cube3_twophase_tables *t, const gt_cube3 *start,
                            const gt_cube3_twophase_options *opts, gt_cube3_twophase_result *result);

#endif
