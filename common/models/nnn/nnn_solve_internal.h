/* Shared between the N×N×N solver's files: the move list and the
 * single-sticker image of a turn (docs/nnn.md, "Solver"). */
#ifndef GODTAB_NNN_SOLVE_INTERNAL_H
#define GODTAB_NNN_SOLVE_INTERNAL_H

#include "nnn.h"
#include "nnn_solve.h"

typedef struct gt_nnn_moves {
    gt_turn *m;
    long count, cap;
    int err; /* GT_ERR_NOMEM once a push failed */
} gt_nnn_moves;

/* Appends one turn of the single layer `layer` of face (q quarters, any integer). */
void gt_nnn_moves_push(gt_nnn_moves *mv, int face, int layer, int q);
/* Appends one turn of the block of layers lo..hi of face. */
void gt_nnn_moves_push_block(gt_nnn_moves *mv, int face, int lo, int hi, int q);

/* Sticker z of an N×N face grid rotated a quarter turn q times, (r, c) ->
 * (c, n-1-r) each (nnn_moves.c). */
long gt_nnn_rot_grid(int n, long z, int q);

/* Where the sticker at facelet z goes under a turn of layer `layer` of face
 * by q quarters (z itself when that layer does not move it): O(1). */
long gt_nnn_img(const gt_nnn *c, int face, int layer, int q, long z);
/* The layer of face that moves facelet z on a neighbouring face, or -1. */
int gt_nnn_layer_of(const gt_nnn *c, int face, long z);

/* Stage I: pairs every wing orbit (in place on c, turns appended to mv). */
int gt_nnn_solve_wings(const gt_nnn_solver *s, gt_nnn *c, gt_nnn_moves *mv);
/* Stage II: every centre orbit. */
int gt_nnn_solve_centres(gt_nnn *c, gt_nnn_moves *mv);
/* Stage II's block commutators on face T (faces with solved[f] set and T's
 * placed centres are kept): places what whole rows do well, leaves the rest. */
int gt_nnn_centres_blocks(gt_nnn *c, int T, const int *solved, gt_nnn_moves *mv);
/* Even N: the 3x3x3 edge arrangement the edges are paired into (colours of
 * edge e's reference and other facelet): solved, or after U when the
 * corners' permutation is odd. */
void gt_nnn_edge_targets(const gt_nnn *c, uint8_t target[GT_NNN_EDGES][2]);

#endif
