/* Shared between the N×N×N model's files (and tests): the slot tables. */
#ifndef GODTAB_NNN_INTERNAL_H
#define GODTAB_NNN_INTERNAL_H

#include "nnn.h"

/* Kociemba's corner slots URF UFL ULB UBR DFR DLF DBL DRB by their faces, the
 * U/D face first then clockwise; edges UR UF UL UB DR DF DL DB FR FL BL BR,
 * the reference face (U/D, else F/B) first. */
extern const int gt_nnn_corner_faces[GT_NNN_CORNERS][3];
extern const int gt_nnn_edge_faces[GT_NNN_EDGES][2];

#endif
