/* Exact position counts of the n×n×n cube (issue 12), in GMP.
 *
 * The count is OEIS A075152 (Hoey, 1987): positions reachable by layer
 * turns, the cube's orientation fixed, stickers of one colour alike (so the
 * centres of a face can be exchanged unseen). docs/nnn.md ("Counts") derives
 * it piece type by piece type:
 *   even n: 7!·3⁶ · 24!^w · (24!/4!⁶)^c
 *   odd n:  8!·3⁷ · 12!·2¹⁰ · 24!^w · (24!/4!⁶)^c
 * with w = ⌊(n−2)/2⌋ wing orbits and c = ⌊(n−2)²/4⌋ movable centre orbits,
 * which is the recurrence a(n) = a(n−2)·24⁶·(24!/24⁶)^(n−2). */
#ifndef GODTAB_CUBECOUNT_H
#define GODTAB_CUBECOUNT_H

#include "gt_api.h"
#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The sizes gt_cubecount_positions accepts (4,062,527 digits at n = 1024). */
#define GT_CUBECOUNT_NMIN 2
#define GT_CUBECOUNT_NMAX 1024

/* The pieces of the n-cube, by orbit under the turns. */
typedef struct gt_cubecount_shape {
    int n;
    int corners;        /* 8 */
    int middle_edges;   /* 12 for odd n, else 0 */
    int wing_orbits;    /* orbits of 24 wings: (n-2)/2 rounded down */
    int centre_orbits;  /* orbits of 24 movable centres: (n-2)²/4 rounded down */
    int fixed_centres;  /* 6 for odd n (they fix the orientation), else 0 */
} gt_cubecount_shape;

/* Fills shape for the n-cube.
 * Parameters: n, the size (GT_CUBECOUNT_NMIN..GT_CUBECOUNT_NMAX); shape, out.
 * Return values: GT_OK, GT_ERR_INVAL (n out of range; shape untouched). */
int gt_cubecount_shape_of(int n, gt_cubecount_shape *shape);

/* The number of positions of the n-cube, A075152(n).
 * Parameters: n, the size (GT_CUBECOUNT_NMIN..GT_CUBECOUNT_NMAX); out, an
 * initialised mpz_t that receives the count.
 * Return values: GT_OK, GT_ERR_INVAL (n out of range; out untouched). */
GT_API int gt_cubecount_positions(int n, mpz_t out);

/* What the order of the facelet group of `godtab-group cube-def N --inner`
 * (every sticker distinguishable; layers 1..⌊n/2⌋ of each face, so for odd
 * n the middle slices and the fixed centres stay put) must be divided by to
 * give gt_cubecount_positions(n): (4!⁶/2)^c, the even rearrangements of
 * same-coloured centres inside each centre orbit (the only ones the turns
 * allow once every other piece is home), times 24 for even n, whose
 * definition contains the 24 rotations of the whole cube.
 * Parameters: n, as above; out, an initialised mpz_t.
 * Return values: GT_OK, GT_ERR_INVAL (n out of range). */
int gt_cubecount_facelet_divisor(int n, mpz_t out);

#ifdef __cplusplus
}
#endif

#endif
