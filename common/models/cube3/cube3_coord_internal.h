/* The coordinates and the product the optimal search computes for every
 * child it keeps, inline so that cube3_search.c does not pay a call (and
 * branch-free where a branch would be a coin toss). cube3.c's public
 * functions are these; only this folder and the tests include the file. */
#ifndef GODTAB_CUBE3_COORD_INTERNAL_H
#define GODTAB_CUBE3_COORD_INTERNAL_H

#include "cube3.h"

#include <stdint.h>

/* C(n, k) for 0 <= n < 12, 0 <= k <= 4 (0 when k > n). */
static const uint16_t gt_cube3_choose[GT_CUBE3_EDGES][5] = {
    {1, 0, 0, 0, 0},    {1, 1, 0, 0, 0},     {1, 2, 1, 0, 0},     {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1},    {1, 5, 10, 10, 5},   {1, 6, 15, 20, 15},  {1, 7, 21, 35, 35},
    {1, 8, 28, 56, 70}, {1, 9, 36, 84, 126}, {1, 10, 45, 120, 210}, {1, 11, 55, 165, 330},
};

/* The places of the four pieces numbered from `first` up among the n
 * places of p, as a combination index: 0 when they hold the last four
 * places (the UD-slice edges' places and the corners' U/D split). Which
 * places hold them is random in a search, so a mask replaces the branch. */
static inline uint32_t gt_cube3_places_rank(const uint8_t *p, int n, int first)
{
    uint32_t a = 0;
    int x = 0;
    for (int j = n - 1; j >= 0; j--) {
        uint32_t in = p[j] >= first;
        x += (int)in;
        a += gt_cube3_choose[n - 1 - j][x] & (0u - in);
    }
    return a;
}

static inline uint32_t gt_cube3_twist_of(const gt_cube3 *c)
{
    uint32_t v = 0;
    for (int i = 0; i < GT_CUBE3_CORNERS - 1; i++)
        v = v * 3 + c->co[i];
    return v;
}

static inline uint32_t gt_cube3_flip_of(const gt_cube3 *c)
{
    uint32_t v = 0;
    for (int i = 0; i < GT_CUBE3_EDGES - 1; i++)
        v = v * 2 + c->eo[i];
    return v;
}

static inline uint32_t gt_cube3_slice_of(const gt_cube3 *c)
{
    return gt_cube3_places_rank(c->ep, GT_CUBE3_EDGES, GT_CUBE3_FR);
}

static inline uint32_t gt_cube3_ud_split_of(const gt_cube3 *c)
{
    return gt_cube3_places_rank(c->cp, GT_CUBE3_CORNERS, GT_CUBE3_DFR);
}

/* out = a * b: a, then b. */
static inline void gt_cube3_multiply_into(const gt_cube3 *a, const gt_cube3 *b, gt_cube3 *out)
{
    for (int i = 0; i < GT_CUBE3_CORNERS; i++) {
        unsigned o = (unsigned)a->co[b->cp[i]] + b->co[i];
        out->cp[i] = a->cp[b->cp[i]];
        out->co[i] = (uint8_t)(o >= 3 ? o - 3 : o);
    }
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        out->ep[i] = a->ep[b->ep[i]];
        out->eo[i] = (uint8_t)(a->eo[b->ep[i]] ^ b->eo[i]);
    }
}

#endif
