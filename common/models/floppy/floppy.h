/* The Floppy cube (1x3x3): a 3x3x1 slab turned by half turns of its four
 * side layers.
 *
 * Seen from above with F towards the viewer, the slab is a 3x3 grid: four
 * corners, four edges and a fixed centre.
 *
 *         B side
 *     BL    B    BR          corner positions 0 FR, 1 FL, 2 BL, 3 BR
 *     L   centre  R          edge positions   0 R,  1 L,  2 F,  3 B
 *     FL    F    FR
 *         F side
 *
 * The moves R, L, F, B each turn a 1x3 side layer by 180 degrees: R swaps
 * the corners FR and BR and flips the R edge over (its U sticker goes down),
 * L swaps FL and BL and flips L, F swaps FR and FL and flips F, B swaps BL
 * and BR and flips B. Every move is its own inverse. Edges never leave their
 * places, so an edge is only up or down.
 *
 * A corner's orientation needs no coordinate: the moves are half turns about
 * the two horizontal axes, so a piece's orientation stays in the four-element
 * group {identity, the two horizontal half turns, the vertical half turn},
 * and exactly one element of it carries a corner's home to a given position.
 * So corner piece p at position q shows its U sticker on top iff p and q have
 * the same parity (it is home or diagonally opposite), its D sticker
 * otherwise.
 *
 * Index = corner permutation rank (Lehmer code, 0..23, identity = 0) * 16 +
 * edge flip bits (bit e set: edge e shows its D sticker). The solved state is
 * index 0. Of the 384 indices, 192 are reachable: every move is one corner
 * transposition and one edge flip, so the permutation's parity equals the
 * parity of the number of flipped edges. docs/floppy.md has the distances.
 *
 * State syntax (GT_QUERY_STATE, gt_floppy_from_state): four corner digits then
 * four edge bits, e.g. "1234/0000" (solved) or "4231 1000" (after R). Digit k
 * at place q (places in position order FR FL BL BR) says the corner whose home
 * is position k-1 sits at q; bit e (places R L F B) is 1 when edge e shows its
 * D sticker on top. Whitespace and '/' are ignored. */
#ifndef GODTAB_FLOPPY_H
#define GODTAB_FLOPPY_H

#include "gt_error.h"
#include "puzzle.h"
#include "spec.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_FLOPPY_STATES 384u /* index range; 192 of them reachable */
#define GT_FLOPPY_REACHABLE 192u
#define GT_FLOPPY_PERMS 24u
#define GT_FLOPPY_FLIPS 16u
#define GT_FLOPPY_MOVES 4

enum { GT_FLOPPY_FR, GT_FLOPPY_FL, GT_FLOPPY_BL, GT_FLOPPY_BR, GT_FLOPPY_CORNERS };
/* Edge e is the one move e flips, so the edge order is the move order. */
enum { GT_FLOPPY_R, GT_FLOPPY_L, GT_FLOPPY_F, GT_FLOPPY_B, GT_FLOPPY_EDGES };

/* A position, piece by piece: corner[q] is the corner (its home position)
 * sitting at position q; flip[e] is 1 when edge e shows its D sticker. This is
 * also the query position of the catalog's hooks. */
typedef struct gt_floppy {
    uint8_t corner[GT_FLOPPY_CORNERS];
    uint8_t flip[GT_FLOPPY_EDGES];
} gt_floppy;

/* The catalog family "floppy" (table "floppy-htm") and its query hooks
 * (floppy_query.c). */
extern const gt_family gt_floppy_family;
extern const gt_query_hooks gt_floppy_query_hooks;

/* The descriptor: moves R L F B, two coordinates (corner permutation, edge
 * flips). Built once per process; the returned puzzle is static.
 * Return values: GT_OK. */
int gt_floppy_puzzle(const gt_puzzle **out);

/* The move names R L F B, indexed by move. */
extern const char *const gt_floppy_move_names[GT_FLOPPY_MOVES];

void gt_floppy_solved(gt_floppy *pos);

/* 1 if every corner is home and no edge is flipped. */
GT_API int gt_floppy_is_solved(const gt_floppy *pos);

/* 1 if the corner permutation's parity equals the flip count's parity (and the
 * corners are a permutation): the positions the moves reach. */
int gt_floppy_reachable(const gt_floppy *pos);

/* Applies move m (0 R, 1 L, 2 F, 3 B) to the pieces.
 * Return values: GT_OK, GT_ERR_INVAL (no such move). */
GT_API int gt_floppy_apply_move(gt_floppy *pos, int m);

/* 1 if the n moves turn pos into the solved slab, replayed on the pieces. */
int gt_floppy_solves(const gt_floppy *pos, const uint8_t *moves, int n);

/* The index of a position (any permutation; see the header comment). */
GT_API uint64_t gt_floppy_index(const gt_floppy *pos);

/* The position of an index. Return values: GT_OK, GT_ERR_INVAL (>= 384). */
GT_API int gt_floppy_from_index(uint64_t index, gt_floppy *out);

/* Corner permutation rank and back (exposed for tests). */
uint32_t gt_floppy_perm_rank(const uint8_t corner[GT_FLOPPY_CORNERS]);
void gt_floppy_perm_unrank(uint32_t rank, uint8_t corner[GT_FLOPPY_CORNERS]);

/* 1 if corner piece p at position q shows its U sticker on top. */
int gt_floppy_corner_up(int p, int q);

/* A scramble applied to the solved slab: moves R L F B, each with an optional
 * suffix 2, ' or 2' (all the same half turn), separated by whitespace or run
 * together ("R F2 L'", "RF2L'").
 * Return values: GT_OK, GT_ERR_PARSE (err: offset, length and a message such
 * as "unknown move 'X' at column 3"). */
GT_API int gt_floppy_from_scramble(const char *text, gt_floppy *out, gt_parse_error *err);

/* A state in the syntax of the header comment.
 * Return values: GT_OK, GT_ERR_PARSE (bad character, wrong count),
 * GT_ERR_ILLEGAL (a corner twice, or a parity no move sequence reaches);
 * err filled either way. */
int gt_floppy_from_state(const char *text, gt_floppy *out, gt_parse_error *err);

/* The state as "1234/0000" (10 bytes with the NUL).
 * Return values: GT_OK, GT_ERR_RANGE (cap too small). */
GT_API int gt_floppy_state_text(const gt_floppy *pos, char *buf, size_t cap);

/* A top view of the slab, one cell per piece, ending in a newline.
 * Return values: GT_OK, GT_ERR_RANGE (cap too small). */
int gt_floppy_draw(const gt_floppy *pos, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
