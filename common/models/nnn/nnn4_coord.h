/* The 4x4x4 reduction's coordinates (nnn4_coord.c): shared by the tables
 * (nnn4_tables.c) and the search (nnn4_solve.c). */
#ifndef GODTAB_NNN4_COORD_H
#define GODTAB_NNN4_COORD_H

#include "nnn4.h"

/* The coordinates, by what they count:
 *   F16       where the F centres are among the 16 off the L/R faces: C(16,4);
 *   B16S      the same of the B centres, times the parity of the 24 wings' permutation
 *             (H keeps it: P2 sets it);
 *   LRUD      the split of the R/L centres (which hold R) times that of U/D: 70·70;
 *   FB        the split of the F/B centres: 70;
 *   FBP       FB times the 3x3x3 permutation parity (corners' against the edges'): 140.
 * and, not a coordinate with move tables (its 12! / 2 values are moved by
 * unrank, move, rank), the pairing: once P2 is done each edge has one wing
 * on a high position and one on a low one, and sigma[s] is the slot of the
 * high wing paired with the low wing in slot s (H keeps sigma even). */
enum { GT_NNN4_F16, GT_NNN4_B16S, GT_NNN4_LRUD, GT_NNN4_FB, GT_NNN4_FBP };

typedef struct gt_nnn4_layout {
    uint8_t axis_pos[3][8]; /* centre positions on axis a's two faces (U/D, R/L, F/B) */
    uint8_t nonlr[16];      /* centre positions off the L/R faces */
    uint8_t high[GT_NNN4_MOVES][12], low[GT_NNN4_MOVES][12]; /* slot -> slot of high/low wings */
    uint8_t parity_flip[GT_NNN4_MOVES], wing_flip[GT_NNN4_MOVES];
} gt_nnn4_layout;

void gt_nnn4_layout_init(const gt_nnn4_model *m, gt_nnn4_layout *l);
uint32_t gt_nnn4_coord_size(int kind);
/* The coordinate after global move mv (one the coordinate is closed under). */
uint32_t gt_nnn4_coord_move(const gt_nnn4_model *m, const gt_nnn4_layout *l, int kind, uint32_t v, int mv);
uint32_t gt_nnn4_coord_value(const gt_nnn4_layout *l, int kind, const gt_nnn4_cube *c);
uint32_t gt_nnn4_lr_mask(const gt_nnn4_cube *c);
uint32_t gt_nnn4_high_mask(const gt_nnn4_cube *c);
/* The split of axis face % 3 whose colour (U, R or F) is on `face` (face
 * 0..2: solved; 3..5: the axis turned half a turn); the F16 (colour_f 1)
 * or B16 rank of an F/B split. */
uint32_t gt_nnn4_split_of_face(const gt_nnn4_model *m, const gt_nnn4_layout *l, int face);
uint32_t gt_nnn4_f16_of_split(const gt_nnn4_layout *l, uint32_t split, int colour_f);
/* The pairing: read off the cube (0 when an edge has both wings on one kind
 * of position: P2 is not done), its index among the even permutations
 * (lexicographic rank / 2), the even permutation of an index, and its
 * image under global move mv (one of H's). */
int gt_nnn4_pairing_of(const gt_nnn4_cube *c, uint8_t sigma[12]);
uint32_t gt_nnn4_pairing_rank(const uint8_t sigma[12]);
void gt_nnn4_pairing_unrank(uint32_t index, uint8_t sigma[12]);
void gt_nnn4_pairing_move(const gt_nnn4_layout *l, const uint8_t sigma[12], int mv, uint8_t out[12]);

#endif
