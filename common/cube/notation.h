/* Cube move notation (WCA / SiGN) for an n×n×n cube.
 *
 *   faces     U D R L F B            one outer layer
 *   wide      Rw (kRw: k layers), r   the outer layers 0..1 (0..k-1)
 *   slices    M E S                   the middle layers, turning as L, D, F
 *   rotations x y z                   the whole cube, turning as R, U, F
 *   suffixes  none, ' (or ’), 2, 2'   clockwise, anticlockwise, half turn
 *
 * Tokens may be separated by whitespace or written together ("RU2R'"). */
#ifndef GODTAB_NOTATION_H
#define GODTAB_NOTATION_H

#include "gt_error.h"

#include <stdint.h>

/* One turn: layers lo..hi of `face` (counted inwards from it) by `quarters`
 * clockwise quarter turns (1, 2 or 3). */
typedef struct gt_turn {
    uint8_t face, lo, hi, quarters;
} gt_turn;

/* Which kinds of token a caller accepts. */
enum {
    GT_NOTATION_FACES = 1,
    GT_NOTATION_WIDE = 2,
    GT_NOTATION_SLICES = 4,
    GT_NOTATION_ROTATIONS = 8,
    GT_NOTATION_ALL = 15,
};

/* Parses `text` into at most `cap` turns. Returns 0, GT_ERR_PARSE (err filled
 * in), or GT_ERR_RANGE if more than cap turns. err may be NULL. */
int gt_notation_parse(int n, const char *text, unsigned allow, gt_turn *turns, int cap, int *count,
                      gt_parse_error *err);

/* Writes a turn in notation ("R", "U2", "F'", "x", "Rw", "M'") into buf (>= 8 bytes). */
void gt_notation_format(int n, gt_turn turn, char *buf);

/* The facelet permutation of a turn (see facecube.h). */
int gt_notation_turn_perm(int n, gt_turn turn, uint16_t *perm);

#endif
