/* The definition model's reading of a parsed definition (def.h): move
 * selections, published counts and the model's limits. The definition
 * itself comes from the one grammar (common/defn/defn.h). */
#include "def.h"
#include "gt_error.h"

#include <stdio.h>
#include <string.h>

int gt_def_moves_mask(const gt_def *def, const char *list, uint64_t *mask, gt_def_error *err)
{
    *mask = 0;
    if (!*list || !strcmp(list, "all")) {
        *mask = def->n_moves == 64 ? UINT64_MAX : (1ull << def->n_moves) - 1;
        return GT_OK;
    }
    for (const char *p = list;;) {
        size_t len = strcspn(p, ",");
        int m = gt_def_find_move(def, p, len);
        if (m < 0 || (*mask >> m & 1)) {
            if (err) {
                err->line = 1;
                err->column = (int)(p - list) + 1;
                snprintf(err->message, sizeof err->message, m < 0 ? "no move '%.*s' in the definition"
                                                                   : "move '%.*s' given twice",
                         (int)(len > 40 ? 40 : len), p);
            }
            return GT_ERR_PARSE;
        }
        *mask |= 1ull << m;
        if (!p[len])
            return GT_OK;
        p += len + 1;
    }
}

const uint64_t *gt_def_find_published(const gt_def *def, int metric, uint64_t mask)
{
    for (int i = 0; i < def->n_published; i++) {
        uint64_t pm;
        if (def->published[i].metric == metric &&
            gt_def_moves_mask(def, def->published[i].moves, &pm, NULL) == GT_OK && pm == mask)
            return def->published[i].count;
    }
    return NULL;
}

int gt_def_check_model(const gt_def *def, gt_def_error *err)
{
    int big = def->n_moves < 1 || def->n_moves > GT_DEF_MAX_MOVES;
    for (int s = 0; s < def->n_sets; s++)
        big |= def->set[s].n > GT_DEF_MAX_PIECES;
    if (!big)
        return GT_OK;
    if (err) {
        err->line = err->column = 0;
        snprintf(err->message, sizeof err->message,
                 "%d points and %d generators: godtab reads 1..%d points and 1..%d generators", def->total,
                 def->n_moves, GT_DEF_MAX_PIECES, GT_DEF_MAX_MOVES);
    }
    return GT_ERR_PARSE;
}
