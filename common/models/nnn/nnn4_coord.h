/* The 4x4x4 reduction's coordinates (nnn4_coord.c): shared by the tables
 * (nnn4_tables.c) and the search (nnn4_solve.c). */
#ifndef GODTAB_NNN4_COORD_H
#define GODTAB_NNN4_COORD_H

#include "nnn4.h"

/* The coordinates, by what they count:
 *   F16       where the F centres are among the 16 off the L/R faces: C(16,4);
 *   B16S      the same of the B centres, times the parity of the 24 wings' permutation
 *             (H keeps it: P2 sets it);
 *   HIE       the E-slice pieces' slots on high positions, and their order's parity: C(12,4)·2;
 *   LOEB      the same on low positions, times the parity of the pairing (beta): C(12,4)·2·2;
 *   LRUD      the split of the R/L centres (which hold R) times that of U/D: 70·70;
 *   FB        the split of the F/B centres: 70;
 *   RHOUD     the pairing of the U/D-layer wings (slot to slot): 8!;
 *   RHOEP     the E slice's pairing (4!) times the 3x3x3 permutation parity;
 *   FBX       FB times RHOEP;
 *   CO        the corners' twists: 3^7. */
enum { GT_NNN4_F16, GT_NNN4_B16S, GT_NNN4_HIE, GT_NNN4_LOEB, GT_NNN4_LRUD, GT_NNN4_FB, GT_NNN4_RHOUD,
       GT_NNN4_RHOEP, GT_NNN4_FBX, GT_NNN4_CO };

typedef struct gt_nnn4_layout {
    uint8_t axis_pos[3][8]; /* centre positions on axis a's two faces (U/D, R/L, F/B) */
    uint8_t nonlr[16];      /* centre positions off the L/R faces */
    uint8_t high[GT_NNN4_MOVES][12], low[GT_NNN4_MOVES][12]; /* slot -> slot of high/low wings */
    uint8_t beta_flip[GT_NNN4_MOVES], parity_flip[GT_NNN4_MOVES], wing_flip[GT_NNN4_MOVES];
} gt_nnn4_layout;

void gt_nnn4_layout_init(const gt_nnn4_model *m, gt_nnn4_layout *l);
uint32_t gt_nnn4_coord_size(int kind);
/* The coordinate after global move mv (one the coordinate is closed under). */
uint32_t gt_nnn4_coord_move(const gt_nnn4_model *m, const gt_nnn4_layout *l, int kind, uint32_t v, int mv);
uint32_t gt_nnn4_coord_value(const gt_nnn4_layout *l, int kind, const gt_nnn4_cube *c);
uint32_t gt_nnn4_lr_mask(const gt_nnn4_cube *c);
uint32_t gt_nnn4_high_mask(const gt_nnn4_cube *c);
/* The solved split of an axis; the F16 (colour_f 1) or B16 rank of an F/B split; an E tuple at home. */
uint32_t gt_nnn4_split_solved(const gt_nnn4_model *m, const gt_nnn4_layout *l, int axis);
uint32_t gt_nnn4_f16_of_split(const gt_nnn4_layout *l, uint32_t split, int colour_f);
uint32_t gt_nnn4_e_home(int parity);

#endif
