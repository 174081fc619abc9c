/* The in-memory definition (defn.h): what both notations share. */
#include "defn_internal.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gt_def_alloc_arrays(gt_def *def, int max_moves)
{
    size_t n = (size_t)def->total;
    def->solved_perm = calloc(n, 1);
    def->solved_ori = calloc(n, 1);
    def->start_perm = calloc(n, 1);
    def->start_ori = calloc(n, 1);
    def->move_perm = calloc(n * (size_t)max_moves, sizeof *def->move_perm);
    def->move_ori = calloc(n * (size_t)max_moves, 1);
    if (!def->solved_perm || !def->solved_ori || !def->start_perm || !def->start_ori || !def->move_perm ||
        !def->move_ori)
        return GT_ERR_NOMEM;
    return GT_OK;
}

void gt_def_free(gt_def *def)
{
    if (!def)
        return;
    free(def->solved_perm);
    free(def->solved_ori);
    free(def->start_perm);
    free(def->start_ori);
    free(def->move_perm);
    free(def->move_ori);
    free(def);
}

int gt_def_find_move(const gt_def *def, const char *name, size_t len)
{
    for (int m = 0; m < def->n_moves; m++)
        if (strlen(def->move_name[m]) == len && !memcmp(def->move_name[m], name, len))
            return m;
    return GT_NONE;
}

void gt_def_move_images(const gt_def *def, int m, uint16_t *images)
{
    const uint16_t *perm = def->move_perm + (size_t)m * (size_t)def->total;
    /* position j receives the piece at perm[j]: that piece goes to j */
    for (int j = 0; j < def->total; j++)
        images[perm[j]] = (uint16_t)j;
}
