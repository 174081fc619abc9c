/* Move tables of the coordinates (cube3_tables.h): what the symmetry
 * reductions (cube3_sym.c) and the puzzle descriptors (cube3_tables.c)
 * share, below both. */
#include "cube3_tables.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* Fills table[v * 18 + m] for every coordinate value v: build some position
 * with that value, turn it, read the coordinate back. Coordinates of cube3.h
 * depend only on the pieces they describe, so any such position will do. */
int gt_cube3_coord_move_table(uint32_t size, void (*set)(gt_cube3 *, uint32_t),
                              uint32_t (*get)(const gt_cube3 *), uint32_t **out)
{
    uint32_t *table = malloc((size_t)size * GT_CUBE3_MOVES * sizeof *table);
    gt_cube3 turn[GT_CUBE3_MOVES];
    if (!table)
        return GT_ERR_NOMEM;
    for (int m = 0; m < GT_CUBE3_MOVES; m++)
        gt_cube3_move_cube(m, &turn[m]);
#pragma omp parallel for schedule(static)
    for (uint32_t v = 0; v < size; v++) {
        gt_cube3 c, t;
        gt_cube3_identity(&c);
        set(&c, v);
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            gt_cube3_multiply(&c, &turn[m], &t);
            table[(size_t)v * GT_CUBE3_MOVES + (size_t)m] = get(&t);
        }
    }
    *out = table;
    return GT_OK;
}

int gt_cube3_moves_new(gt_cube3_moves **out)
{
    gt_cube3_moves *m = calloc(1, sizeof *m);
    int rc;
    if (!m)
        return GT_ERR_NOMEM;
    if ((rc = gt_cube3_coord_move_table(GT_CUBE3_CPERMS, gt_cube3_set_cperm, gt_cube3_cperm, &m->cperm)) != 0 ||
        (rc = gt_cube3_coord_move_table(GT_CUBE3_TWISTS, gt_cube3_set_twist, gt_cube3_twist, &m->twist)) != 0 ||
        (rc = gt_cube3_coord_move_table(GT_CUBE3_FLIPS, gt_cube3_set_flip, gt_cube3_flip, &m->flip)) != 0 ||
        (rc = gt_cube3_coord_move_table(GT_CUBE3_SLICES, gt_cube3_set_slice, gt_cube3_slice, &m->slice)) != 0)
        goto free_moves;
    *out = m;
    return GT_OK;

free_moves:
    gt_cube3_moves_free(m);
    return rc;
}

void gt_cube3_moves_free(gt_cube3_moves *m)
{
    if (!m)
        return;
    free(m->cperm);
    free(m->twist);
    free(m->flip);
    free(m->slice);
    free(m);
}

uint64_t gt_cube3_corner_index(const gt_cube3 *c)
{
    return (uint64_t)gt_cube3_cperm(c) * GT_CUBE3_TWISTS + gt_cube3_twist(c);
}

uint64_t gt_cube3_fst_index(const gt_cube3 *c)
{
    return gt_cube3_fst_entry(gt_cube3_flip(c), gt_cube3_slice(c), gt_cube3_twist(c));
}
