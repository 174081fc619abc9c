/* The optimal solver's state (cube3_solver.c builds it, cube3_search.c
 * searches with it): shared by the two files of the solver only. */
#ifndef GODTAB_CUBE3_SOLVER_INTERNAL_H
#define GODTAB_CUBE3_SOLVER_INTERNAL_H

#include "cube3_search.h"
#include "cube3_sym.h"
#include "table.h"

#include <stdint.h>

#define AXES 3

struct gt_cube3_solver {
    /* [value*18 + move]; slice_move moves the sorted slice coordinate when
     * the symmetry-reduced table is used, the unsorted one otherwise */
    uint16_t *cperm_move, *twist_move, *flip_move, *slice_move;
    /* The 48 symmetries; sym[16*a] is the rotation that reads axis a as
     * U-D (see gt_cube3_sym48_perms). sym_move[k][m]: the move m becomes
     * when conjugated by sym k (so sym_move[16*a][m] is m read on axis a). */
    uint16_t sym[GT_CUBE3_SYMS48][GT_CUBE3_FACELETS];
    uint8_t sym_move[GT_CUBE3_SYMS48][GT_CUBE3_MOVES];
    gt_cube3 inverse_turn[AXES][GT_CUBE3_MOVES]; /* the cube of the inverse of m read on axis a */
    /* The tables, 4-bit distances: the corners, and the edge table (fss, or
     * else fst, or NULL). Read in place from the database map, or the
     * solver's own copies in huge pages (GT_CUBE3_TABLES_COPY). Each read
     * goes through its view's block check (a no-op on a checked copy). The
     * edge table is read through edges_v (gt_view_at: a rung over 2 GiB
     * read in place is in parts); edges is non-NULL when there is one. */
    const uint8_t *corners, *edges;
    const gt_table *edges_table; /* the edge table when read in place from the store, else NULL */
    /* The corner table is read for a child with fewer moves left than this:
     * its largest value, or with an fsud rung its median (cube3_solver.c). */
    int corner_read_below;
    gt_view corners_v, edges_v, class_v;
    /* fss and fsud: [X] = class << 4 | sym, and [twist * 16 + sym]
     * (cube3_sym.h). X is (sorted slice, flip) for fss, (slice, flip) for
     * fsud. */
    const uint32_t *class_of;
    uint16_t twist_conj[GT_CUBE3_TWISTS * GT_CUBE3_SYMS];
    /* The corners' U/D split of fsud's entries, [split * 18 + move] and
     * [split * 16 + sym]; for the other tables n_ud is 1 and both hold
     * zeros, so the split is always 0 and the entry formula is one. */
    uint32_t n_ud, n_inner; /* n_inner: entries a class (2187 * n_ud) */
    uint16_t ud_move[GT_CUBE3_UD_SPLITS * GT_CUBE3_MOVES];
    uint16_t ud_conj[GT_CUBE3_UD_SPLITS * GT_CUBE3_SYMS];
    int sorted_slice; /* fss: the slice coordinate with its edges' order */
    /* cube3-fsud16-twist-2bit: 2-bit codes (GT_ENC_TOP2) above top2_base,
     * and below it the phase-1 distance of cube3-twophase (4 bits, same
     * classes and twists: entry / n_ud), read in place. */
    int top2, top2_base;
    const uint8_t *phase1;
    gt_view phase1_v;
    uint8_t *own_corners, *own_edges, *own_classes;
    gt_cube3_fss *classes;  /* built here for an fss table stored without its classes */
};

/* 1 if a block of a table failed its check (the answer must not be given). */
int gt_cube3_solver_damaged(const gt_cube3_solver *s);

#endif
