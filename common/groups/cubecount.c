/* Exact position counts of the n×n×n cube (see cubecount.h, docs/nnn.md). */
#include "cubecount.h"
#include "gt_error.h"

/* 4!⁶ = 24⁶: the rearrangements of one centre orbit that keep each of its
 * 24 stickers on its own face (4 a face) */
#define CENTRE_ORBIT_SAME_FACE 191102976UL

int gt_cubecount_shape_of(int n, gt_cubecount_shape *shape)
{
    if (n < GT_CUBECOUNT_NMIN || n > GT_CUBECOUNT_NMAX)
        return GT_ERR_INVAL;
    int odd = n % 2;
    shape->n = n;
    shape->corners = 8;
    shape->middle_edges = odd ? 12 : 0;
    shape->wing_orbits = (n - 2) / 2;
    /* (n-2)² centres a face, 4 of each orbit on each face; odd n leaves the
     * fixed one out */
    shape->centre_orbits = (n - 2) * (n - 2) / 4;
    shape->fixed_centres = odd ? 6 : 0;
    return GT_OK;
}

int gt_cubecount_positions(int n, mpz_t out)
{
    gt_cubecount_shape s;
    if (gt_cubecount_shape_of(n, &s) < 0)
        return GT_ERR_INVAL;
    mpz_t wings, centres;
    mpz_inits(wings, centres, NULL);
    if (s.middle_edges) {
        /* 8!·3⁷ corners; 12!·2¹⁰ edges: the flips sum to 0 and the edge
         * permutation has the corners' parity (both odd under a face turn) */
        mpz_fac_ui(out, 12);
        mpz_mul_ui(out, out, 40320UL * 2187UL);
        mpz_mul_ui(out, out, 1024UL);
    } else {
        /* 7!·3⁶: the DBL corner stands still, which fixes the orientation */
        mpz_set_ui(out, 5040UL * 729UL);
    }
    /* each wing orbit: any of its 24! permutations, parity free */
    mpz_fac_ui(wings, 24);
    mpz_pow_ui(wings, wings, (unsigned long)s.wing_orbits);
    /* each centre orbit: any colouring (parity absorbed by equal colours) */
    mpz_fac_ui(centres, 24);
    mpz_divexact_ui(centres, centres, CENTRE_ORBIT_SAME_FACE);
    mpz_pow_ui(centres, centres, (unsigned long)s.centre_orbits);
    mpz_mul(out, out, wings);
    mpz_mul(out, out, centres);
    mpz_clears(wings, centres, NULL);
    return GT_OK;
}

int gt_cubecount_facelet_divisor(int n, mpz_t out)
{
    gt_cubecount_shape s;
    if (gt_cubecount_shape_of(n, &s) < 0)
        return GT_ERR_INVAL;
    /* 4!⁶/2 even permutations of an orbit's centres that keep
     * each on its own face */
    mpz_ui_pow_ui(out, CENTRE_ORBIT_SAME_FACE / 2, (unsigned long)s.centre_orbits);
    if (n % 2 == 0)
        mpz_mul_ui(out, out, 24);
    return GT_OK;
}
