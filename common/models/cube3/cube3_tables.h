/* 3x3x3 coordinate move tables and pattern databases (docs/cube3.md).
 *
 * Two databases, both built by the generic BFS (bfs.h) over a two-coordinate
 * descriptor and stored as 4-bit distances:
 *   cube3-corners          corner permutation (40320) x twist (2187):
 *                          88,179,840 states, the exact corner distance (HTM).
 *   cube3-flipslice-twist  (edge flip (2048) x UD-slice edge places (495)) x
 *                          twist (2187): 2,217,093,120 states, the distance to
 *                          Kociemba's subgroup <U,D,R2,L2,F2,B2>. The solver
 *                          looks it up on three axes by conjugating with
 *                          whole-cube rotations.
 * Both are lower bounds of the HTM distance, and hence of the QTM one. */
#ifndef GODTAB_CUBE3_TABLES_H
#define GODTAB_CUBE3_TABLES_H

#include "spec.h"
#include "cube3.h"
#include "puzzle.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_CUBE3_CORNER_STATES (GT_CUBE3_CPERMS * GT_CUBE3_TWISTS)
#define GT_CUBE3_FLIPSLICES (GT_CUBE3_FLIPS * GT_CUBE3_SLICES)
#define GT_CUBE3_FST_STATES ((uint64_t)GT_CUBE3_FLIPSLICES * GT_CUBE3_TWISTS)

#define GT_CUBE3_CORNERS_TABLE "cube3-corners"
#define GT_CUBE3_FST_TABLE "cube3-flipslice-twist"

/* Coordinate move tables: x[value * 18 + move] is the coordinate after the
 * move (HTM move numbering of cube3.h). */
typedef struct gt_cube3_moves {
    uint32_t *cperm, *twist, *flip, *slice;
} gt_cube3_moves;

int gt_cube3_moves_new(gt_cube3_moves **out);
/* The move table of any coordinate with a setter and a getter (malloc'd). */
int gt_cube3_coord_move_table(uint32_t size, void (*set)(gt_cube3 *, uint32_t),
                              uint32_t (*get)(const gt_cube3 *), uint32_t **out);
void gt_cube3_moves_free(gt_cube3_moves *m);

/* The catalog's 3x3x3 tables (family "cube3"). */
extern const gt_family gt_cube3_family;

/* The descriptor of a table by name (GT_CUBE3_*_TABLE); free it with
 * gt_cube3_puzzle_free. GT_ERR_NOTFOUND for an unknown name. */
int gt_cube3_puzzle_new(const char *name, gt_puzzle **out);
void gt_cube3_puzzle_free(gt_puzzle *p);

/* State indices of a position in each table. */
uint64_t gt_cube3_corner_index(const gt_cube3 *c);
uint64_t gt_cube3_fst_index(const gt_cube3 *c);

/* The phase-1 table's entry of the coordinates (flip, slice, twist). */
static inline uint64_t gt_cube3_fst_entry(uint32_t flip, uint32_t slice, uint32_t twist)
{
    return ((uint64_t)flip * GT_CUBE3_SLICES + slice) * GT_CUBE3_TWISTS + twist;
}

#ifdef __cplusplus
}
#endif

#endif
