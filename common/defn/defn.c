/* The in-memory definition (defn.h): what both notations share. */
#include "defn_internal.h"
#include "gcd.h"
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

/* The order of base move b (<= 255), 0 if larger: the least common
 * multiple of its cycles' orders, a cycle of L positions whose twists add
 * up to S (mod m, its set's orientation modulus) having order
 * L * m / gcd(S, m). */
static int base_order(const gt_def *def, int b)
{
    const uint16_t *mp = def->move_perm + (size_t)b * (size_t)def->total;
    const uint8_t *mo = def->move_ori + (size_t)b * (size_t)def->total;
    uint8_t seen[GT_DEF_MAX_POSITIONS] = {0};
    unsigned order = 1;
    for (int s = 0; s < def->n_sets; s++) {
        const gt_def_set *set = &def->set[s];
        const unsigned m = set->omod > 0 ? (unsigned)set->omod : 1;
        for (int j = set->offset; j < set->offset + set->n; j++) {
            unsigned len = 0, sum = 0;
            for (int k = j; !seen[k]; k = mp[k]) {
                seen[k] = 1;
                len++;
                sum += mo[k];
            }
            if (len == 0)
                continue;
            const unsigned cycle = len * (m / (unsigned)gt_gcd_u64(sum % m, m));
            order = order / (unsigned)gt_gcd_u64(order, cycle) * cycle;
            if (order > 255)
                return 0;
        }
    }
    return (int)order;
}

void gt_def_set_move_orders(gt_def *def)
{
    for (int b = 0; b < def->n_moves; b++)
        def->move_order[b] = (uint8_t)base_order(def, b);
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
