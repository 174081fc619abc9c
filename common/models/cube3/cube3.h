/* The 3x3x3 cube: cubie model, moves, facelets, legality (docs/cube3.md).
 *
 * A position is what sits in each of the 8 corner and 12 edge places with the
 * centres fixed (U R F D L B): cp[i] is the corner in place i and co[i] its
 * twist (0..2: how far clockwise its U/D sticker is turned away from the
 * place's U/D facelet); ep[i], eo[i] likewise for edges (eo: 1 = flipped,
 * relative to the facelet listed first in gt_cube3_edge_facelets). These are
 * Kociemba's conventions, so the facelet strings match his tools.
 *
 * Products read left to right: a*b is "do a, then b", and applying move m to a
 * position c gives c*m. Moves are numbered face*3 + (quarters-1) over the faces
 * U R F D L B: U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'. */
#ifndef GODTAB_CUBE3_H
#define GODTAB_CUBE3_H

#include "notation.h"
#include "rng.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_CUBE3_FACELETS 54
#define GT_CUBE3_MOVES 18

enum { GT_CUBE3_URF, GT_CUBE3_UFL, GT_CUBE3_ULB, GT_CUBE3_UBR, GT_CUBE3_DFR, GT_CUBE3_DLF, GT_CUBE3_DBL, GT_CUBE3_DRB,
       GT_CUBE3_CORNERS };
enum { GT_CUBE3_UR, GT_CUBE3_UF, GT_CUBE3_UL, GT_CUBE3_UB, GT_CUBE3_DR, GT_CUBE3_DF, GT_CUBE3_DL, GT_CUBE3_DB,
       GT_CUBE3_FR, GT_CUBE3_FL, GT_CUBE3_BL, GT_CUBE3_BR, GT_CUBE3_EDGES };

typedef struct gt_cube3 {
    uint8_t cp[GT_CUBE3_CORNERS], co[GT_CUBE3_CORNERS];
    uint8_t ep[GT_CUBE3_EDGES], eo[GT_CUBE3_EDGES];
} gt_cube3;

/* Facelets of each corner place (U/D facelet first, then clockwise) and of
 * each edge place (U/D or F/B facelet first). */
extern const uint8_t gt_cube3_corner_facelets[GT_CUBE3_CORNERS][3];
extern const uint8_t gt_cube3_edge_facelets[GT_CUBE3_EDGES][2];
/* Names of corner and edge places/cubies: "URF", "UR", ... */
extern const char *const gt_cube3_corner_names[GT_CUBE3_CORNERS];
extern const char *const gt_cube3_edge_names[GT_CUBE3_EDGES];

/* The 18 face turns (HTM): names ("U", "U2", "U'", ...) and inverses. The QTM
 * move set is the 12 quarter turns among them (gt_cube3_is_quarter). */
extern const char *const gt_cube3_move_names[GT_CUBE3_MOVES];
extern const int gt_cube3_move_inverse[GT_CUBE3_MOVES];
static inline int gt_cube3_is_quarter(int move) { return move % 3 != 1; }

void gt_cube3_identity(gt_cube3 *c);
GT_API int gt_cube3_is_solved(const gt_cube3 *c);
int gt_cube3_equal(const gt_cube3 *a, const gt_cube3 *b);
/* out = a*b (do a, then b); out may alias neither a nor b. */
GT_API void gt_cube3_multiply(const gt_cube3 *a, const gt_cube3 *b, gt_cube3 *out);
GT_API void gt_cube3_inverse(const gt_cube3 *a, gt_cube3 *out);
/* The position reached by move m from the solved cube. */
void gt_cube3_move_cube(int move, gt_cube3 *out);
/* c = c * move. */
GT_API void gt_cube3_apply_move(gt_cube3 *c, int move);
/* Applies a sequence of move indices. */
GT_API void gt_cube3_apply_moves(gt_cube3 *c, const uint8_t *moves, int count);
/* Writes "R U2 F'" for a move sequence ("" if empty) into buf.
 * Parameters: cap, the size of buf (4*count+1 bytes always suffice).
 * Return values: GT_OK, GT_ERR_RANGE (cap too small: buf holds a cut text). */
GT_API int gt_cube3_format_moves(const uint8_t *moves, int count, char *buf, size_t cap);

/* Facelet colours (0..5 = U R F D L B) of a position, and the facelet
 * permutation (sticker at facelet i goes to perm[i]) taking the solved cube
 * to it; the centres stay. */
GT_API void gt_cube3_to_colours(const gt_cube3 *c, uint8_t colours[GT_CUBE3_FACELETS]);
void gt_cube3_to_perm(const gt_cube3 *c, uint16_t perm[GT_CUBE3_FACELETS]);
/* A 54-letter string in U R F D L B order using letters[0..5] (NULL: "URFDLB"). */
GT_API void gt_cube3_to_facelets(const gt_cube3 *c, const char *letters, char out[GT_CUBE3_FACELETS + 1]);

/* The legality verdict of an assembly (20 distinct cubies in place).
 * The screwdriver set splits into 3*2*2 = 12 orbits under the face turns,
 * told apart by three invariants; orbit 0 is the solvable one:
 *   orbit = twist + 3*flip + 6*parity_mismatch. */
typedef struct gt_cube3_verdict {
    int twist;           /* corner twist sum mod 3 (0 if solvable) */
    int flip;            /* edge flip sum mod 2 (0 if solvable) */
    int corner_parity;   /* 0 even, 1 odd */
    int edge_parity;     /* must equal corner_parity */
    int orbit;           /* 0..11 */
    char reason[160];    /* "solvable" or each failed invariant, named */
} gt_cube3_verdict;

/* Invariants of a cubie position (which need not be legal). */
GT_API void gt_cube3_verdict_of(const gt_cube3 *c, gt_cube3_verdict *v);

/* The place-to-cubie model of a colouring (colours 0..5, the colour of the
 * centre of face f being f). Returns GT_ERR_PARSE if it is not an assembly
 * (a sticker count other than 9, impossible cubie colours, a cubie twice),
 * with err->message saying which; GT_ERR_ILLEGAL if it is an assembly outside
 * the solvable orbit (verdict filled, err->message naming the orbit and why);
 * 0 if solvable. verdict and err may be NULL; *out is filled for assemblies. */
GT_API int gt_cube3_from_colours(const uint8_t colours[GT_CUBE3_FACELETS], gt_cube3 *out,
                          gt_cube3_verdict *verdict, gt_parse_error *err);

/* A 54-letter facelet string (Kociemba's order, whitespace ignored, any six
 * letters: the centres give the scheme, so a rotated cube is read as it is).
 * Returns GT_ERR_PARSE (length, centres, counts, not an assembly) or
 * GT_ERR_ILLEGAL as gt_cube3_from_colours. letters (7 bytes) receives the
 * scheme, letters[f] naming face f, if not NULL. */
GT_API int gt_cube3_from_facelets(const char *text, gt_cube3 *out, char letters[7],
                           gt_cube3_verdict *verdict, gt_parse_error *err);

/* A scramble in WCA/SiGN notation (faces, wide moves, slices, rotations)
 * applied to the solved cube, read in the frame of its final centres.
 * GT_ERR_PARSE on a bad token (err says which). */
GT_API int gt_cube3_from_scramble(const char *text, gt_cube3 *out, gt_parse_error *err);

/* c' = r^-1 * c * r for a symmetry r of the cube given as a permutation of
 * the 54 facelets: a whole-cube rotation (gt_facecube_turn with all layers)
 * or a reflection. c' is again a position (a reflection applied twice keeps
 * the corners' handedness). GT_ERR_INVAL if r does not map cubies to cubies. */
int gt_cube3_conjugate(const gt_cube3 *c, const uint16_t rotation[GT_CUBE3_FACELETS],
                       gt_cube3 *out);

/* Coordinates (docs/cube3.md): corner permutation rank 0..40319, corner
 * twist 0..2186, edge flip 0..2047, UD-slice edge places 0..494 (0 = in the
 * slice). *_set builds some position with that coordinate. */
#define GT_CUBE3_CPERMS 40320u
#define GT_CUBE3_TWISTS 2187u
#define GT_CUBE3_FLIPS 2048u
#define GT_CUBE3_SLICES 495u
#define GT_CUBE3_SLICE_SORTED 11880u /* 495 places x 24 orders of the four UD-slice edges */
uint32_t gt_cube3_cperm(const gt_cube3 *c);
uint32_t gt_cube3_twist(const gt_cube3 *c);
uint32_t gt_cube3_flip(const gt_cube3 *c);
uint32_t gt_cube3_slice(const gt_cube3 *c);
void gt_cube3_set_cperm(gt_cube3 *c, uint32_t v);
void gt_cube3_set_twist(gt_cube3 *c, uint32_t v);
void gt_cube3_set_flip(gt_cube3 *c, uint32_t v);
void gt_cube3_set_slice(gt_cube3 *c, uint32_t v);
/* The UD-slice edges' places and order: slice * 24 + rank of their order. */
uint32_t gt_cube3_slice_sorted(const gt_cube3 *c);
void gt_cube3_set_slice_sorted(gt_cube3 *c, uint32_t v);
/* The corners' U/D split: the places of the four D-layer corners (DFR DLF
 * DBL DRB) as a combination index, 0..69, 0 when they are all in the D
 * layer. U and D turns keep it; cube3-fsud16-twist (cube3_sym.h) reads it. */
#define GT_CUBE3_UD_SPLITS 70u
uint32_t gt_cube3_ud_split(const gt_cube3 *c);
void gt_cube3_set_ud_split(gt_cube3 *c, uint32_t v);

/* A uniformly random legal position drawn from rng (rng.h, the one
 * generator of godtab: unbiased bounded draws); --random, the tests and
 * the benchmarks all draw their cubes here. */
void gt_cube3_random_state(gt_rng *rng, gt_cube3 *out);

#ifdef __cplusplus
}
#endif

#endif
