/* Cube geometry for permutation-group definitions.
 *
 * A definition whose generators are layer turns of the n×n×n cube (n = 2, 3,
 * 4) in SOME numbering of its points, such as the seed's 48-facet 3x3x3, is
 * recognised by matching the generators' actions against the facelet
 * geometry of facecube.h: gt_cubegroup_match() finds a bijection points ->
 * facelets and, for each generator, the turn it is. That is what lets
 * `member` take a scramble or a facelet string for such files, and lets the
 * tests deal random assemblies (seed 003's group M) and check the legality
 * conditions against membership.
 *
 * Moving facelets: for n = 3 the six centres never move under outer turns and
 * are not points (48 = 54 - 6); for n = 2 and n = 4 every facelet is a point
 * (24, 96). Any odd n leaves its 6 fixed centres out the same way (5x5x5:
 * 144 points), any even n has all 6n². */
#ifndef GODTAB_CUBEGROUP_H
#define GODTAB_CUBEGROUP_H

#include "facecube.h"
#include "notation.h"
#include "permgroup.h"
#include "puzdef.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Matching (and the seed 003 functions below, which work on matched cubes)
 * is for n = 2..4 (24, 48 or 96 points): its search, and these arrays, are
 * sized for that and not for GT_FACELETS_MAX, so a map stays small on the
 * stack although facecube.h goes to n = 26. */
#define GT_CUBEGROUP_MATCH_NMAX 4
#define GT_CUBEGROUP_MATCH_FACELETS (6 * GT_CUBEGROUP_MATCH_NMAX * GT_CUBEGROUP_MATCH_NMAX)

typedef struct gt_cubegroup_map {
    int n;                                              /* cube size, 2..GT_CUBEGROUP_MATCH_NMAX */
    int degree;                                         /* the definition's number of points */
    int facelet_of_point[GT_CUBEGROUP_MATCH_FACELETS];  /* point (0-based) -> facelet */
    int point_of_facelet[GT_CUBEGROUP_MATCH_FACELETS];  /* facelet -> point, -1 for a fixed centre */
    gt_turn gen_turn[GT_PUZDEF_MAX_GENS];               /* the turn each generator is */
} gt_cubegroup_map;

/* The facelets that are points for an n-cube (see above), in facelet order;
 * returns their count. */
int gt_cubegroup_moving_facelets(int n, int *facelets);

/* Recognises def as a cube. Generator names that are cube notation ("U",
 * "2R'") are tried as that turn first, so a definition numbered like
 * facecube.h maps to itself.
 * Return values: GT_OK (map filled in), GT_ERR_NOTFOUND (degree not 24, 48
 * or 96, too many generators, or no correspondence found), GT_ERR_NOMEM. */
GT_API int gt_cubegroup_match(const gt_puzdef *def, gt_cubegroup_map *map);

/* The position reached from solved by a scramble, as a permutation of the
 * definition's points (position convention: the facet at point i has moved
 * to perm[i]).
 * Return values: GT_OK, GT_ERR_PARSE (err: column, message; also more than
 * 4096 moves), GT_ERR_ILLEGAL (a move shifts facelets that are not points:
 * the centres of the 48-facet 3x3x3), GT_ERR_NOMEM. */
int gt_cubegroup_scramble_position(const gt_cubegroup_map *map, const char *text, gt_point *perm,
                              gt_puzdef_error *err);

/* The position given by a facelet string of 6n² symbols (faces in the order
 * U R F D L B, each row by row as in facecube.h), in any colour scheme, as
 * godtab-solve reads them: six symbols, n² of each; n = 3, the centres name
 * the faces; n = 2, the DBL corner's colours are D, B, L and the others the
 * colours opposite them (never on a corner together). Only for n = 2, 3,
 * where the colours determine the position.
 * Return values: GT_OK, GT_ERR_PARSE (err filled in: bad length or letter,
 * centre of the wrong colour, sticker colours that form no piece, a piece
 * twice), GT_ERR_INVAL (n = 4). */
int gt_cubegroup_facelet_position(const gt_cubegroup_map *map, const char *text, gt_point *perm,
                             gt_puzdef_error *err);

/* The word of generator turns as cube notation ("U R2 F'"): gens[k] is a
 * generator index, powers[k] its exponent (any sign); turns that cancel to
 * nothing are left out.
 * Return values: GT_OK, GT_ERR_RANGE (cap too small). */
int gt_cubegroup_format_word(const gt_cubegroup_map *map, int len, const int *gens, const int *powers, char *buf,
                        int cap);

/* ---- seed 003: random assemblies and legality --------------------------- */

/* A random element of seed 003's group M on the moving facelets of the
 * n-cube (facelet space, 6n² entries, centres of n = 3 fixed): every piece is
 * placed in a random slot of its kind by a random rotation of the cube that
 * takes its home to that slot, so pieces keep their shape (no sticker
 * peeling) but twists, flips and parities are arbitrary.
 * Return values: GT_OK, GT_ERR_INVAL (n outside 2..GT_CUBEGROUP_MATCH_NMAX). */
int gt_cubegroup_random_assembly(int n, gt_rng *rng, uint16_t *facelet_perm);

typedef struct gt_cubegroup_invariants {
    int corner_twist;      /* sum of the corner twists mod 3 */
    int edge_flip;         /* sum of the edge flips mod 2 (n = 3) */
    int corner_sign;       /* sign of the corner permutation, +1 or -1 */
    int edge_sign;         /* n = 3: edges; n = 4: wings */
    int centre_sign;       /* n = 4: the 24 centre pieces */
} gt_cubegroup_invariants;

/* The invariants of a facelet-space position that is an assembly (as above).
 * Return values: GT_OK, GT_ERR_INVAL (n outside 2..GT_CUBEGROUP_MATCH_NMAX;
 * *inv zeroed). */
int gt_cubegroup_invariants_of(int n, const uint16_t *facelet_perm, gt_cubegroup_invariants *inv);

/* Seed 003's conditions for the group of all outer (n = 2, 3) or all outer
 * and inner (n = 4) quarter turns: n = 2: twist 0; n = 3: twist 0, flip 0,
 * sign(corners) = sign(edges); n = 4: twist 0, sign(centres) = sign(corners). */
GT_API int gt_cubegroup_is_legal(int n, const gt_cubegroup_invariants *inv);

/* The facelets of the piece holding `facelet` (1 to 3 of them), the given
 * one first; a corner's follow in one fixed rotational sense, so cycling
 * them (pos[f0] = f1, pos[f1] = f2, pos[f2] = f0) twists the corner in place.
 * Returns the count. */
int gt_cubegroup_piece_facelets(int n, int facelet, int *out);

/* Converts a facelet-space position to the definition's points and back. */
void gt_cubegroup_to_points(const gt_cubegroup_map *map, const uint16_t *facelet_perm, gt_point *perm);

/* The largest n a definition is written for: its moving facelets (6n², less
 * the 6 fixed centres for odd n) must fit the definition format's
 * GT_PERM_MAX_DEGREE = 4096 points (n = 26: 4,056; n = 27: 4,368), and
 * facecube.h must model the n (GT_FACECUBE_NMAX, 26: the same limit, so
 * both give 26; the minimum keeps it right if either moves). */
#define GT_CUBEGROUP_DEF_NMAX_POINTS 26
#define GT_CUBEGROUP_DEF_NMAX \
    (GT_FACECUBE_NMAX < GT_CUBEGROUP_DEF_NMAX_POINTS ? GT_FACECUBE_NMAX : GT_CUBEGROUP_DEF_NMAX_POINTS)

/* Writes the definition file of the n-cube (n = 2..GT_CUBEGROUP_DEF_NMAX)
 * with the outer turns of the faces in `faces` (letters of "URFDLB") and, if
 * inner (n >= 4), the turns of every inner layer short of the middle: 2U..kU,
 * k = n/2 rounded down (2U..2B for n = 4 and 5, 2U..3B for n = 6 and 7), so
 * an odd n keeps its middle slices and fixed centres still. Points are the
 * moving facelets + 1 (facecube.h numbering); a turn's cycles run four a line.
 * Return values: GT_OK, GT_ERR_INVAL (n out of range, inner with n < 4, no
 * face or a letter not in "URFDLB"), GT_ERR_RANGE (cap too small),
 * GT_ERR_NOMEM. */
int gt_cubegroup_definition_text(int n, const char *faces, int inner, char *buf, int cap);

#ifdef __cplusplus
}
#endif

#endif
