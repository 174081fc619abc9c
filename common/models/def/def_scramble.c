/* Scrambles in a definition's move names (def.h), applied to flat states:
 * what godtab-solve --def reads and replays, independent of any table's
 * move selection or metric. The alg syntax is the cubes' (common/cube/alg.c)
 * over the definition's move names. */
#include "def.h"
#include "gt_error.h"
#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* state = state followed by base move b (def.h's composition), set by set
 * (a twist is below its set's modulus, so one subtraction reduces a sum). */
static void apply_base(const gt_def *def, int b, uint8_t *perm, uint8_t *ori, uint8_t *tp, uint8_t *to)
{
    const uint16_t *mp = def->move_perm + (size_t)b * (size_t)def->total;
    const uint8_t *mo = def->move_ori + (size_t)b * (size_t)def->total;
    for (int s = 0; s < def->n_sets; s++) {
        const int m = def->set[s].omod > 0 ? def->set[s].omod : 1, last = def->set[s].offset + def->set[s].n;
        for (int j = def->set[s].offset; j < last; j++) {
            const int twisted = ori[mp[j]] + mo[j];
            tp[j] = perm[mp[j]];
            to[j] = (uint8_t)(twisted >= m ? twisted - m : twisted);
        }
    }
    memcpy(perm, tp, (size_t)def->total);
    memcpy(ori, to, (size_t)def->total);
}

/* The move reader of the alg syntax (notation.h) over a definition's
 * names: the longest base move name at *p, then an amount ("", "'", "K",
 * "K'"), taken modulo the move's order as cubing.js does (R3 on a move of
 * order 3 is nothing, R4 is R). The move must end at a blank, a bracket, a
 * separator or the end: names are not written together. */
typedef struct def_moves {
    const gt_def *def;
} def_moves;

#define DEF_MOVE_END " \t\r\n()[],:./"

static int def_read(void *ctx, const char *text, const char **p, gt_turn *t, gt_parse_error *err)
{
    const def_moves *d = ctx;
    const char *start = *p, *why;
    size_t best = 0, word = strcspn(start, DEF_MOVE_END);
    int base = -1;
    for (int m = 0; m < d->def->n_moves; m++) {
        const char *name = d->def->move_name[m];
        if (name[0] != start[0]) /* most names differ at once */
            continue;
        size_t n = strlen(name);
        if (n > best && !strncmp(name, start, n)) {
            best = n;
            base = m;
        }
    }
    word += word == 0; /* a lone separator character is named itself */
    if (base < 0)
        return gt_alg_fail(err, text, start, (int)word, "unknown move");
    long amount;
    const char *end = gt_alg_read_amount(start + best, &amount, &why);
    if (*end && !strchr(DEF_MOVE_END, *end))
        return gt_alg_fail(err, text, start, (int)(end - start + strcspn(end, DEF_MOVE_END)), "unknown move");
    if (why)
        return gt_alg_fail(err, text, start, (int)(end - start), why);
    const int order = d->def->move_order[base];
    if (order == 0)
        return gt_alg_fail(err, text, start, (int)(end - start), "move of order above 255:");
    *t = (gt_turn){.face = (uint8_t)base, .quarters = (uint8_t)(((amount % order) + order) % order)};
    *p = end;
    return GT_OK;
}

static uint8_t def_inverse(void *ctx, gt_turn t)
{
    const def_moves *d = ctx;
    const int order = d->def->move_order[t.face];
    return (uint8_t)((order - t.quarters) % order);
}

int gt_def_parse_alg(const gt_def *def, const char *text, gt_turn **turns, long *count, gt_def_error *err)
{
    def_moves d = {def};
    gt_parse_error pe = {0};
    gt_alg_moves m = {def_read, def_inverse, &d};
    *turns = NULL;
    *count = 0;
    int rc = gt_alg_parse_alloc(&m, text, turns, count, &pe);
    if (rc && err) {
        err->line = 1;
        err->column = pe.offset + 1;
        snprintf(err->message, sizeof err->message, "%s", rc == GT_ERR_PARSE ? pe.message : gt_strerror(rc));
    }
    return rc;
}

int gt_def_apply_scramble(const gt_def *def, const char *text, uint8_t *perm, uint8_t *ori, gt_def_error *err)
{
    size_t n = (size_t)def->total;
    gt_turn *turns;
    long count;
    int rc = gt_def_parse_alg(def, text, &turns, &count, err);
    uint8_t *tmp = rc ? NULL : malloc(2 * n);
    if (!rc && !tmp)
        rc = GT_ERR_NOMEM;
    for (long i = 0; !rc && i < count; i++)
        for (int k = 0; k < turns[i].quarters; k++)
            apply_base(def, turns[i].face, perm, ori, tmp, tmp + n);
    free(tmp);
    free(turns);
    return rc;
}

int gt_def_is_solved(const gt_def *def, const uint8_t *perm, const uint8_t *ori)
{
    return !memcmp(perm, def->solved_perm, (size_t)def->total) && !memcmp(ori, def->solved_ori, (size_t)def->total);
}
