/* Planning the definition model's coordinates (def_internal.h): the orbit
 * factors grouped into the engine's one or two coordinates. Below
 * def_model.c, which plans while it builds the model, and def_coord.c,
 * which enumerates the planned coordinates. */
#include "def_internal.h"
#include "gt_error.h"

#include <stdio.h>
#include <string.h>

/* Below this many index values a single coordinate holds every factor: the
 * index is then exactly the reachable set, and its move table stays small. */
#define DEF_ONE_COORD_MAX (1u << 17)
#define DEF_COORD1_MAX 65536u /* the BFS's limit on a second coordinate */

/* Product of the sizes of a coordinate's factors (an upper bound of its
 * enumerated size). */
uint64_t gt_def_coord_bound(const gt_def_model *m, int c)
{
    uint64_t v = 1;
    for (int i = 0; i < m->coord_nf[c]; i++)
        v *= m->factor[m->coord_factor[c][i]].e.size;
    return v;
}

/* Moves factor i of coordinate `from` to coordinate `to`. */
static void move_factor(gt_def_model *m, int from, int i, int to)
{
    m->coord_factor[to][m->coord_nf[to]++] = m->coord_factor[from][i];
    m->coord_factor[from][i] = m->coord_factor[from][--m->coord_nf[from]];
}

/* The index of the smallest permutation factor of coordinate 0 that fits
 * next to coordinate 1 (within the BFS's limit), or -1. */
static int smallest_fitting_perm(const gt_def_model *m)
{
    int best = -1;
    uint64_t room = DEF_COORD1_MAX / gt_def_coord_bound(m, 1);
    for (int i = 0; i < m->coord_nf[0]; i++) {
        const gt_def_factor *f = &m->factor[m->coord_factor[0][i]];
        if (f->kind == DEF_PERM && f->e.size <= room &&
            (best < 0 || f->e.size < m->factor[m->coord_factor[0][best]].e.size))
            best = i;
    }
    return best;
}

/* Orientation factors go to the second coordinate (largest first, while it
 * stays within the BFS's limit): they rarely share a constraint with the
 * permutations. The permutations stay together in the first, so the
 * parities that tie sets together (an odd corner cycle with an odd edge
 * cycle) are enumerated away there, unless it would grow past
 * DEF_COORD0_SOFT_MAX, or the second coordinate would be empty. */
#define DEF_COORD0_SOFT_MAX (1u << 24)
static void split_factors(gt_def_model *m, const int *live, int n_live)
{
    for (int i = 0; i < n_live; i++)
        m->coord_factor[0][m->coord_nf[0]++] = live[i];
    for (;;) {
        int best = -1;
        for (int i = 0; i < m->coord_nf[0]; i++) {
            const gt_def_factor *f = &m->factor[m->coord_factor[0][i]];
            if (f->kind == DEF_ORI && gt_def_coord_bound(m, 1) * f->e.size <= DEF_COORD1_MAX &&
                (best < 0 || f->e.size > m->factor[m->coord_factor[0][best]].e.size))
                best = i;
        }
        if (best < 0)
            break;
        move_factor(m, 0, best, 1);
    }
    while (m->coord_nf[0] > 1 && (m->coord_nf[1] == 0 || gt_def_coord_bound(m, 0) > DEF_COORD0_SOFT_MAX)) {
        int i = smallest_fitting_perm(m);
        if (i < 0)
            break;
        move_factor(m, 0, i, 1);
    }
}

/* The alternative grouping: orientation factors (largest first), then
 * permutations (smallest first) fill the second coordinate greedily. Some
 * puzzles tie orientations to a permutation (the Skewb's corner twists to
 * its free corners' positions): this grouping keeps those together. */
static void greedy_split(gt_def_model *m, const int *live, int n_live)
{
    int used[DEF_MAX_FACTORS] = {0};
    uint64_t prod = 1;
    m->alt_nf[0] = m->alt_nf[1] = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < n_live; i++) {
            const gt_def_factor *f = &m->factor[live[i]], *b = best >= 0 ? &m->factor[live[best]] : NULL;
            if (used[i] || prod * f->e.size > DEF_COORD1_MAX)
                continue;
            if (!b || (f->kind == DEF_ORI && b->kind == DEF_PERM) ||
                (f->kind == b->kind && (f->kind == DEF_ORI ? f->e.size > b->e.size : f->e.size < b->e.size)))
                best = i;
        }
        if (best < 0)
            break;
        used[best] = 1;
        prod *= m->factor[live[best]].e.size;
        m->alt_factor[1][m->alt_nf[1]++] = live[best];
    }
    for (int i = 0; i < n_live; i++)
        if (!used[i])
            m->alt_factor[0][m->alt_nf[0]++] = live[i];
    m->has_alt = m->alt_nf[0] > 0 && m->alt_nf[1] > 0 && m->alt_nf[1] != m->coord_nf[1];
}

int gt_def_plan_coords(gt_def_model *m, gt_def_error *err)
{
    int live[DEF_MAX_FACTORS], n_live = 0;
    unsigned __int128 bound = 1;
    for (int f = 0; f < m->n_factors; f++)
        if (m->factor[f].e.size > 1) {
            live[n_live++] = f;
            if ((bound *= m->factor[f].e.size) >> 62)
                return gt_error_set(err, GT_ERR_RANGE, 0, 0, "the index space exceeds 2^62 states");
        }
    m->coord_nf[0] = m->coord_nf[1] = 0;
    if (bound > DEF_ONE_COORD_MAX)
        split_factors(m, live, n_live);
    if (m->coord_nf[1] == 0 || m->coord_nf[0] == 0) { /* one coordinate: every factor */
        m->coord_nf[0] = m->coord_nf[1] = 0;
        for (int i = 0; i < n_live; i++)
            m->coord_factor[0][m->coord_nf[0]++] = live[i];
        m->n_coords = 1;
    } else {
        m->n_coords = 2;
        greedy_split(m, live, n_live);
    }
    if (gt_def_coord_bound(m, 0) > UINT32_MAX)
        return gt_error_set(err, GT_ERR_RANGE, 0, 0, "a coordinate of %llu values exceeds the engine's 2^32",
                          (unsigned long long)gt_def_coord_bound(m, 0));
    return GT_OK;
}
