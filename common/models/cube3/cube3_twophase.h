/* Kociemba's two-phase algorithm for the 3x3x3: a short solution (not
 * necessarily optimal) in milliseconds, from small tables built in memory
 * (docs/twophase.md).
 *
 * Phase 1 brings the cube into H = <U, D, R2, L2, F2, B2> (corners and edges
 * oriented, the four UD-slice edges in the slice); phase 2 solves it inside
 * H with those ten moves. Both phases are IDA* over cubie coordinates:
 *   phase 1: twist (2187), flip (2048), UD-slice places (495);
 *            h1 = the exact distance to H from the stored table
 *            "cube3-twophase" ((slice x flip)/16 symmetries = 64,430
 *            classes, x twist: 140,908,410 entries, 4 bits each), or,
 *            without it, max(dist(twist, slice), dist(flip, slice))
 *   phase 2: corner permutation (40320), permutation of the eight U/D edges
 *            (40320), permutation of the four slice edges (24);
 *            h2 = max(dist(cperm, sliceperm), dist(eperm, sliceperm),
 *                     dist(eperm, U-corner places), dist(cperm, U-edge places))
 * The four pruning tables are exact distances in their projections (one byte
 * a state, ~4 MB in all), so both bounds are admissible.
 *
 * The search enumerates phase-1 solutions by increasing length l1 and
 * completes each with a phase-2 solution of at most max_length - l1 moves
 * (the shortest such); it stops as soon as one is found. As in min2phase it runs six such searches in turn at each l1: the
 * position and its inverse, each seen along the three axes (a solution of
 * one maps back to the others), skipping those a symmetry makes identical;
 * then, when none found a solution, min2phase's pre-moves: for each
 * canonical sequence q of 1..6 moves whose first move is R, F, L or B, the
 * search of q*c with phase-1 length l1 - |q| >= 8 (a solution w of it
 * solves c as w q, with the turns where w and q meet merged).
 * Before that, complete searches with the bounds 0..GT_CUBE3_TWOPHASE_EXACT
 * answer a shallow position with an optimal solution (they stop at once on
 * a deep one). Every solution of length n splits into a phase-1 part ending in a
 * move outside H (or empty) and a suffix of H-moves, so running to the end
 * finds a solution of at most max_length whenever one exists: a search that
 * is not stopped by its deadline answers honestly "none exists". */
#ifndef GODTAB_CUBE3_TWOPHASE_H
#define GODTAB_CUBE3_TWOPHASE_H

#include "cube3.h"
#include "spec.h"
#include "table.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_CUBE3_TWOPHASE_MAX 30   /* longest solution ever returned (> 20, God's number) */
#define GT_CUBE3_TWOPHASE_EXACT 8  /* positions within this many moves are answered optimally */
#define GT_CUBE3_EPERMS 40320u     /* permutations of the 8 U/D edges (phase 2) */
#define GT_CUBE3_SPERMS 24u        /* permutations of the 4 UD-slice edges (phase 2) */
#define GT_CUBE3_P2_MOVES 10       /* U U2 U' D D2 D' R2 L2 F2 B2 */
#define GT_CUBE3_COMBS 70u         /* which 4 of 8 places hold the U-layer corners (or edges) */
#define GT_CUBE3_TWOPHASE_TABLE "cube3-twophase"
#define GT_CUBE3_TWOPHASE_CLASSES 64430u /* (495 slice places x 2048 flips) / 16 symmetries */
#define GT_CUBE3_TWOPHASE_STATES ((uint64_t)GT_CUBE3_TWOPHASE_CLASSES * GT_CUBE3_TWISTS) /* 140,908,410 */

typedef struct gt_cube3_twophase_tables {
    /* phase 1 move tables [value * 18 + move] */
    uint16_t *twist_move, *flip_move, *slice_move;
    /* phase 2 move tables [value * 10 + phase-2 move index] */
    uint16_t *cperm_move, *eperm_move, *sperm_move, *ccomb_move, *ecomb_move;
    /* pruning tables: exact distances in each projection */
    uint8_t *twist_slice, *flip_slice;  /* [twist * 495 + slice], [flip * 495 + slice] */
    uint8_t *cperm_sperm, *eperm_sperm; /* [perm * 24 + sperm] */
    uint8_t *eperm_ccomb, *cperm_ecomb; /* [perm * 70 + comb]: each permutation with the other's U/D split */
    /* The three axes: a whole-cube rotation bringing axis a to U-D (as a
     * facelet permutation, a = 0 the identity) and how it renames moves:
     * a solution w of conj(c, rot[a]) solves c as axis_map[a][w]. */
    uint16_t axis_rot[3][GT_CUBE3_FACELETS];
    uint8_t axis_map[3][GT_CUBE3_MOVES];
    /* The exact phase-1 table, when read from the stored "cube3-twophase"
     * (NULL otherwise): entry class * 2187 + twist_conj[twist * 16 + sym]
     * for class_of[slice * 2048 + flip] = class << 4 | sym, 4 bits an entry
     * (low nibble first), every read through gt_view_ok. */
    const uint32_t *p1_class;
    const uint16_t *p1_twist_conj;
    const gt_view *p1_view;
    void *block;                        /* the arrays when built here (not a table's), or NULL */
    size_t bytes;                       /* memory held by the tables */
} gt_cube3_twophase_tables;

/* The phase-2 moves as HTM move numbers (cube3.h): U U2 U' D D2 D' R2 L2 F2 B2. */
extern const uint8_t gt_cube3_twophase_p2_moves[GT_CUBE3_P2_MOVES];

/* Phase-2 coordinates of a position in H (any position: values for the
 * edges are meaningful only when the slice edges are in the slice). */
uint32_t gt_cube3_twophase_eperm(const gt_cube3 *c);
uint32_t gt_cube3_twophase_sperm(const gt_cube3 *c);
/* Which 4 of the 8 U/D places hold the U-layer corners (edges): 0..69. */
uint32_t gt_cube3_twophase_ccomb(const gt_cube3 *c);
uint32_t gt_cube3_twophase_ecomb(const gt_cube3 *c);

/* Builds the small tables in memory, without the exact phase-1 table
 * (~0.2 s; docs/twophase.md has the figures). GT_OK or GT_ERR_NOMEM. */
GT_API int gt_cube3_twophase_tables_build(gt_cube3_twophase_tables **out);
/* Points every array into the stored table "cube3-twophase" (its data and
 * its sections; no copy, nothing built): t must outlive *out.
 * Return values: GT_OK, GT_ERR_NOMEM, GT_ERR_INVAL (not that table: a
 * size, the encoding, a section missing or of the wrong size, or an index
 * out of range in a section). */
int gt_cube3_twophase_tables_from_table(const gt_table *t, gt_cube3_twophase_tables **out);
GT_API void gt_cube3_twophase_tables_free(gt_cube3_twophase_tables *t);

/* The catalog's table "cube3-twophase" (family "cube3-twophase",
 * cube3_tables.c): its descriptor (BFS level hooks over the classes,
 * cube3_sym.c, with the small tables built alongside) and the sections
 * stored with it: the class table, the twist conjugation and every move
 * and pruning table above. */
int gt_cube3_twophase_puzzle_new(const gt_table_spec *spec, gt_puzzle **out);
void gt_cube3_twophase_puzzle_free(gt_puzzle *p);
int gt_cube3_twophase_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n);
/* The same table built here in memory (BFS 7-14 s on 2 cores, 80 MB), as
 * gt_db_map_table would give it with the views checked whole (sums NULL):
 * for tests and benchmarks. threads 0 = all. raw_counts (optional) receives
 * the distribution of the raw positions (flip, slice, twist) the entries
 * stand for (gt_cube3_sym_expand_counts): Kociemba's phase-1 counts.
 * Free the table with gt_table_free. GT_OK, GT_ERR_NOMEM. */
int gt_cube3_twophase_table_build(int threads, gt_table **out, uint64_t raw_counts[16]);

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
 *                    solution found so far (longer than max_length: only
 *                    totals within max_length are searched for, so when
 *                    none was found the first phase-1 solution is completed
 *                    then, a few ms past the deadline), or length -1 if none;
 *   GT_ERR_INVAL     max_length outside 0..30, an illegal start;
 *   GT_ERR_CORRUPT   a block of the stored phase-1 table failed its
 *                    checksum (read as 0 meanwhile: still a lower bound),
 *                    or a solution failed its replay (a bug); no solution
 *                    is returned then (length -1). */
GT_API int gt_cube3_twophase_solve(const gt_cube3_twophase_tables *t, const gt_cube3 *start,
                            const gt_cube3_twophase_options *opts, gt_cube3_twophase_result *result);

/* The two-phase answer for a reduced N×N×N's 3x3x3 (its 54 colours, faces
 * U R F D L B as 0..5) as outer turns: the N×N×N solver's 3x3x3 stage.
 * Parameters: max_length and timeout as in the options; out has room for
 * cap turns.
 * Return values: the number of turns (a solution past max_length when the
 * deadline came first, or when none within it exists: still a solution);
 * GT_ERR_ILLEGAL (the colours are no legal cube), GT_ERR_TIMEOUT (none
 * found in time), GT_ERR_RANGE (more than cap turns), or the solver's error. */
int gt_cube3_twophase_turns(const gt_cube3_twophase_tables *t, const uint8_t colours[54], int max_length,
                            double timeout, gt_turn *out, int cap);

#ifdef __cplusplus
}
#endif

#endif
