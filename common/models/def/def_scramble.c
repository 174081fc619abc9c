/* Scrambles in a definition's move names (def.h), applied to flat states:
 * what godtab-solve --def reads and replays, independent of any table's
 * move selection or metric. */
#include "def.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t omod_at(const gt_def *def, int j)
{
    for (int s = 0; s < def->n_sets; s++)
        if (j < def->set[s].offset + def->set[s].n)
            return (uint8_t)def->set[s].omod;
    return 1;
}

/* state = state followed by base move b (def.h's composition). */
static void apply_base(const gt_def *def, int b, uint8_t *perm, uint8_t *ori, uint8_t *tp, uint8_t *to)
{
    const uint16_t *mp = def->move_perm + (size_t)b * (size_t)def->total;
    const uint8_t *mo = def->move_ori + (size_t)b * (size_t)def->total;
    for (int j = 0; j < def->total; j++) {
        tp[j] = perm[mp[j]];
        to[j] = (uint8_t)((ori[mp[j]] + mo[j]) % omod_at(def, j));
    }
    memcpy(perm, tp, (size_t)def->total);
    memcpy(ori, to, (size_t)def->total);
}

/* The order of base move b (<= 255), 0 if larger: its powers composed on
 * positions (uint16: a definition may have more than 256). */
static int base_order(const gt_def *def, int b, uint16_t *p, uint8_t *o, uint16_t *tp, uint8_t *to)
{
    const uint16_t *mp = def->move_perm + (size_t)b * (size_t)def->total;
    const uint8_t *mo = def->move_ori + (size_t)b * (size_t)def->total;
    for (int j = 0; j < def->total; j++) {
        p[j] = (uint16_t)j;
        o[j] = 0;
    }
    for (int k = 1; k <= 255; k++) {
        int identity = 1;
        for (int j = 0; j < def->total; j++) {
            tp[j] = p[mp[j]];
            to[j] = (uint8_t)((o[mp[j]] + mo[j]) % omod_at(def, j));
        }
        for (int j = 0; j < def->total; j++) {
            p[j] = tp[j];
            o[j] = to[j];
            identity &= p[j] == j && o[j] == 0;
        }
        if (identity)
            return k;
    }
    return 0;
}

/* Splits a word into a base move and a power: the longest move name that
 * prefixes it, then "", "'", "K" or "K'". Returns the power (1..order-1) or -1. */
static int word_power(const gt_def *def, const char *w, size_t len, int *base, int order_of(const gt_def *, int))
{
    size_t best = 0;
    *base = -1;
    for (int m = 0; m < def->n_moves; m++) {
        size_t n = strlen(def->move_name[m]);
        if (n <= len && n > best && !memcmp(def->move_name[m], w, n)) {
            best = n;
            *base = m;
        }
    }
    if (*base < 0)
        return -1;
    const char *s = w + best, *end = w + len;
    int k = 1;
    if (s < end && *s >= '1' && *s <= '9') {
        for (k = 0; s < end && *s >= '0' && *s <= '9' && k < 1000; s++)
            k = k * 10 + (*s - '0');
    }
    int inverse = s < end && *s == '\'';
    s += inverse;
    int order = order_of(def, *base);
    if (s != end || order == 0 || k >= order)
        return -1;
    return inverse ? order - k : k;
}

static int order_scratch(const gt_def *def, int b)
{
    size_t n = (size_t)def->total;
    uint16_t *p = malloc(2 * n * sizeof *p);
    uint8_t *o = malloc(2 * n);
    int order = p && o ? base_order(def, b, p, o, p + n, o + n) : 0;
    free(p);
    free(o);
    return order;
}

int gt_def_apply_scramble(const gt_def *def, const char *text, uint8_t *perm, uint8_t *ori, gt_def_error *err)
{
    size_t n = (size_t)def->total;
    uint8_t *tmp = malloc(2 * n);
    int rc = tmp ? GT_OK : GT_ERR_NOMEM;
    for (const char *p = text; rc == GT_OK && *p;) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        size_t len = strcspn(p, " \t");
        int base, power = word_power(def, p, len, &base, order_scratch);
        if (power < 0) {
            if (err) {
                err->line = 1;
                err->column = (int)(p - text) + 1;
                snprintf(err->message, sizeof err->message, "unknown move '%.*s' at column %d",
                         (int)(len > 40 ? 40 : len), p, err->column);
            }
            rc = GT_ERR_PARSE;
            break;
        }
        for (int k = 0; k < power; k++)
            apply_base(def, base, perm, ori, tmp, tmp + n);
        p += len;
    }
    free(tmp);
    return rc;
}

int gt_def_is_solved(const gt_def *def, const uint8_t *perm, const uint8_t *ori)
{
    return !memcmp(perm, def->solved_perm, (size_t)def->total) && !memcmp(ori, def->solved_ori, (size_t)def->total);
}
