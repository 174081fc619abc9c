/* Canonical move sequences (def_search_internal.h, gt_def_canon): the
 * sequences the search and the near table's fill walk. Two base moves
 * commute when their permutations do; a sequence is canonical when no
 * move could be moved left, past moves it commutes with, next to a move
 * of its own base (the two would merge) or in front of a larger base (the
 * sequence would come earlier in base order). Every sequence reorders into
 * a canonical one of the same length or shorter, so an optimal solution is
 * always among them. One bit set a base is enough to tell (the forbidden
 * set, docs/search.md "The search"): looking at the previous move
 * only lets through, on the megaminx, sequences where a move commutes with
 * the last two but they do not commute with each other. */
#include "def_search_internal.h"

#include <string.h>

/* 1 if base moves a and b (the model's moves ma, mb) commute on every
 * position of the definition. */
static int moves_commute(const gt_def_model *m, int ma, int mb)
{
    const int total = m->def->total;
    uint8_t p1[GT_DEF_MAX_POSITIONS], o1[GT_DEF_MAX_POSITIONS];
    uint8_t p2[GT_DEF_MAX_POSITIONS], o2[GT_DEF_MAX_POSITIONS];
    for (int j = 0; j < total; j++) {
        p1[j] = p2[j] = (uint8_t)(j & 0xff);
        o1[j] = o2[j] = 0;
    }
    /* positions past 255 share labels, so compare twice with shifted labels */
    gt_def_model_apply(m, ma, p1, o1);
    gt_def_model_apply(m, mb, p1, o1);
    gt_def_model_apply(m, mb, p2, o2);
    gt_def_model_apply(m, ma, p2, o2);
    if (memcmp(p1, p2, (size_t)total) || memcmp(o1, o2, (size_t)total))
        return 0;
    for (int j = 0; j < total; j++) {
        p1[j] = p2[j] = (uint8_t)((j >> 8) & 0xff);
        o1[j] = o2[j] = 0;
    }
    gt_def_model_apply(m, ma, p1, o1);
    gt_def_model_apply(m, mb, p1, o1);
    gt_def_model_apply(m, mb, p2, o2);
    gt_def_model_apply(m, ma, p2, o2);
    return !memcmp(p1, p2, (size_t)total);
}

void gt_def_canon_build(const gt_def_model *m, gt_def_canon *c)
{
    int dense[GT_DEF_MAX_GENS];
    memset(c, 0, sizeof *c);
    memset(dense, -1, sizeof dense);
    c->n_moves = m->n_moves;
    c->qtm = m->metric == GT_DEF_QTM;
    for (int b = 0, n = 0; b < GT_DEF_MAX_GENS; b++) /* the bases in order, numbered densely */
        for (int mv = 0; mv < m->n_moves; mv++)
            if (m->base[mv] == b && dense[b] < 0)
                dense[b] = n++;
    for (int mv = 0; mv < m->n_moves; mv++) {
        c->base[mv] = (uint8_t)dense[m->base[mv]];
        c->order[mv] = m->order[mv];
    }
    /* Two bases commute when every power of one commutes with every power
     * of the other: one pair of powers commuting is not enough (a move of
     * order 20 made of a 5-cycle and a 4-cycle has a fifth power that
     * leaves the 5-cycle's pieces alone, and commutes with moves the
     * base does not). */
    uint64_t apart[GT_DEF_MAX_MOVES] = {0}, present = 0;
    for (int a = 0; a < m->n_moves; a++) {
        present |= 1ull << c->base[a];
        for (int b = 0; b < m->n_moves; b++)
            if (c->base[a] != c->base[b] && !moves_commute(m, a, b))
                apart[c->base[a]] |= 1ull << c->base[b];
    }
    for (int a = 0; a < GT_DEF_MAX_MOVES; a++)
        if (present >> a & 1)
            c->commute[a] = present & ~apart[a] & ~(1ull << a);
    for (int b = 0; b < GT_DEF_MAX_MOVES; b++) /* a bit a base: at most 64 (gt_def_check_model) */
        c->lower[b] = b ? (1ull << b) - 1 : 0;
}
