/* The 4x4x4 reduction's coordinates (nnn4.h, docs/nnn.md "Reduction from
 * tables"): each a number read off the pieces, moved by a turn the way the
 * pieces are. Wing slots: a high wing sits on position 2·slot, a low one on
 * 2·slot + 1, slots in Kociemba's edge order (E slice 8..11); in H and G2
 * high stays high. */
#include "nnn4_coord.h"

#include <pthread.h>

#include <string.h>

static uint32_t binom[25][25];
static uint8_t ones[4096]; /* set bits of a 12-bit mask (no popcnt instruction in the baseline ISA) */

/* Filled once (pthread_once: solves on several threads share them). */
static void counts_fill(void)
{
    for (int m = 1; m < 4096; m++)
        ones[m] = (uint8_t)(ones[m >> 1] + (m & 1));
    for (int n = 0; n <= 24; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
    }
}

/* Colex rank of a set of bits. */
static uint32_t comb_rank(uint32_t mask)
{
    uint32_t r = 0;
    int i = 0;
    for (int b = 0; mask; b++, mask >>= 1)
        if (mask & 1)
            r += binom[b][++i];
    return r;
}

static uint32_t comb_unrank(uint32_t r, int k, int n)
{
    uint32_t mask = 0;
    for (int b = n - 1; k > 0; b--)
        if (binom[b][k] <= r) {
            r -= binom[b][k];
            mask |= 1u << b;
            k--;
        }
    return mask;
}

static int inversions_odd(const uint8_t *p, int n)
{
    int odd = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            odd ^= p[i] > p[j];
    return odd;
}

/* ---- positions of the model ---- */

void gt_nnn4_layout_init(const gt_nnn4_model *m, gt_nnn4_layout *l)
{
    static pthread_once_t counts_once = PTHREAD_ONCE_INIT;
    pthread_once(&counts_once, counts_fill);
    memset(l, 0, sizeof *l);
    int na[3] = {0}, nn = 0;
    for (int i = 0; i < 24; i++) {
        int axis = m->centre_face[i] % 3;
        l->axis_pos[axis][na[axis]++] = (uint8_t)i;
        if (axis != 1)
            l->nonlr[nn++] = (uint8_t)i;
    }
    for (int mv = 0; mv < GT_NNN4_MOVES; mv++) {
        uint8_t hi[12];
        for (int s = 0; s < 12; s++) {
            hi[s] = l->high[mv][s] = (uint8_t)(m->wing[mv][2 * s] / 2);
            l->low[mv][s] = (uint8_t)(m->wing[mv][2 * s + 1] / 2);
        }
        l->parity_flip[mv] = (uint8_t)(inversions_odd(hi, 12) ^ m->corner_odd[mv]);
        l->wing_flip[mv] = (uint8_t)inversions_odd(m->wing[mv], 24);
    }
}

/* ---- masks ---- */

static uint32_t mask_pick(uint32_t mask24, const uint8_t *pos, int n)
{
    uint32_t out = 0;
    for (int i = 0; i < n; i++)
        out |= (mask24 >> pos[i] & 1u) << i;
    return out;
}

static uint32_t mask_spread(uint32_t small, const uint8_t *pos, int n)
{
    uint32_t out = 0;
    for (int i = 0; i < n; i++)
        out |= (small >> i & 1u) << pos[i];
    return out;
}

static uint32_t centre_mask(const gt_nnn4_cube *c, int colour)
{
    uint32_t mask = 0;
    for (int i = 0; i < 24; i++)
        mask |= (uint32_t)(c->centre[i] == colour) << i;
    return mask;
}

static uint32_t split_value(const gt_nnn4_layout *l, int axis, uint32_t mask24)
{
    return comb_rank(mask_pick(mask24, l->axis_pos[axis], 8));
}

static uint32_t split_move(const gt_nnn4_model *m, const gt_nnn4_layout *l, int axis, uint32_t v, int mv)
{
    uint32_t mask = mask_spread(comb_unrank(v, 4, 8), l->axis_pos[axis], 8);
    return split_value(l, axis, gt_nnn4_mask_move(m->cmask[mv], mask));
}

/* ---- the pairing ---- */

int gt_nnn4_pairing_of(const gt_nnn4_cube *c, uint8_t sigma[12])
{
    uint8_t slot_of_high[12];
    unsigned seen = 0;
    for (int s = 0; s < 12; s++) {
        int e = c->wing[2 * s] / 2;
        slot_of_high[e] = (uint8_t)s;
        seen |= 1u << e;
    }
    if (seen != 0xfff)
        return 0;
    for (int s = 0; s < 12; s++)
        sigma[s] = slot_of_high[c->wing[2 * s + 1] / 2];
    return 1;
}

uint32_t gt_nnn4_pairing_rank(const uint8_t sigma[12])
{
    uint32_t r = 0;
    unsigned used = 0;
    for (int i = 0; i < 12; i++) {
        unsigned below = (1u << sigma[i]) - 1;
        r = r * (uint32_t)(12 - i) + (uint32_t)(sigma[i] - ones[used & below]);
        used |= 1u << sigma[i];
    }
    return r / 2; /* ranks 2k and 2k + 1 differ by the last two entries' swap: one is even */
}

void gt_nnn4_pairing_unrank(uint32_t index, uint8_t sigma[12])
{
    uint32_t r = index * 2;
    uint8_t digit[12];
    unsigned used = 0, odd = 0;
    for (int i = 11; i >= 0; i--) {
        digit[i] = (uint8_t)(r % (uint32_t)(12 - i));
        r /= (uint32_t)(12 - i);
        odd ^= digit[i] & 1u; /* the digits sum to the inversions */
    }
    for (int i = 0; i < 12; i++)
        for (int v = 0, k = digit[i]; v < 12; v++)
            if (!(used >> v & 1) && k-- == 0) {
                sigma[i] = (uint8_t)v;
                used |= 1u << v;
                break;
            }
    if (odd) {
        uint8_t t = sigma[10];
        sigma[10] = sigma[11];
        sigma[11] = t;
    }
}

void gt_nnn4_pairing_move(const gt_nnn4_layout *l, const uint8_t sigma[12], int mv, uint8_t out[12])
{
    for (int s = 0; s < 12; s++)
        out[l->low[mv][s]] = l->high[mv][sigma[s]];
}

/* ---- every coordinate ---- */

uint32_t gt_nnn4_coord_size(int kind)
{
    static const uint32_t size[] = {
        [GT_NNN4_F16] = 1820, [GT_NNN4_B16S] = 3640, [GT_NNN4_LRUD] = 4900, [GT_NNN4_FB] = 70,
        [GT_NNN4_FBP] = 140,
    };
    return size[kind];
}

uint32_t gt_nnn4_coord_move(const gt_nnn4_model *m, const gt_nnn4_layout *l, int kind, uint32_t v, int mv)
{
    switch (kind) {
    case GT_NNN4_F16: {
        uint32_t mask = mask_spread(comb_unrank(v, 4, 16), l->nonlr, 16);
        return comb_rank(mask_pick(gt_nnn4_mask_move(m->cmask[mv], mask), l->nonlr, 16));
    }
    case GT_NNN4_B16S: return gt_nnn4_coord_move(m, l, GT_NNN4_F16, v / 2, mv) * 2 + ((v & 1) ^ l->wing_flip[mv]);
    case GT_NNN4_LRUD: return split_move(m, l, 1, v / 70, mv) * 70 + split_move(m, l, 0, v % 70, mv);
    case GT_NNN4_FB: return split_move(m, l, 2, v, mv);
    default: return split_move(m, l, 2, v / 2, mv) * 2 + ((v & 1) ^ l->parity_flip[mv]);
    }
}

/* slot -> the edge of the wing there, on high (k = 0) or low positions. */
static void pairs_at(const gt_nnn4_cube *c, int k, uint8_t out[12])
{
    for (int s = 0; s < 12; s++)
        out[s] = (uint8_t)(c->wing[2 * s + k] / 2);
}

/* The 3x3x3 permutation parity once the edges are paired: the edges'
 * (read on the high positions) against the corners'. */
static uint32_t parity_value(const gt_nnn4_cube *c)
{
    uint8_t hi[12];
    pairs_at(c, 0, hi);
    return (uint32_t)(inversions_odd(hi, 12) ^ inversions_odd(c->corner, 8));
}

uint32_t gt_nnn4_coord_value(const gt_nnn4_layout *l, int kind, const gt_nnn4_cube *c)
{
    switch (kind) {
    case GT_NNN4_F16: return comb_rank(mask_pick(centre_mask(c, 2), l->nonlr, 16));
    case GT_NNN4_B16S:
        return comb_rank(mask_pick(centre_mask(c, 5), l->nonlr, 16)) * 2 + (uint32_t)inversions_odd(c->wing, 24);
    case GT_NNN4_LRUD: return split_value(l, 1, centre_mask(c, 1)) * 70 + split_value(l, 0, centre_mask(c, 0));
    case GT_NNN4_FB: return split_value(l, 2, centre_mask(c, 2));
    default: return split_value(l, 2, centre_mask(c, 2)) * 2 + parity_value(c);
    }
}

/* ---- the masks of P1 and P2 ---- */

uint32_t gt_nnn4_lr_mask(const gt_nnn4_cube *c)
{
    return centre_mask(c, 1) | centre_mask(c, 4);
}

uint32_t gt_nnn4_high_mask(const gt_nnn4_cube *c)
{
    uint32_t mask = 0;
    for (int p = 0; p < 24; p++)
        mask |= (uint32_t)(c->wing[p] % 2 == 0) << p;
    return mask;
}

/* ---- goals ---- */

uint32_t gt_nnn4_split_of_face(const gt_nnn4_model *m, const gt_nnn4_layout *l, int face)
{
    uint32_t mask = 0;
    for (int i = 0; i < 24; i++)
        mask |= (uint32_t)(m->centre_face[i] == face) << i;
    return split_value(l, face % 3, mask);
}

uint32_t gt_nnn4_f16_of_split(const gt_nnn4_layout *l, uint32_t split, int colour_f)
{
    uint32_t f = mask_spread(comb_unrank(split, 4, 8), l->axis_pos[2], 8);
    uint32_t fb = mask_spread(255, l->axis_pos[2], 8);
    return comb_rank(mask_pick(colour_f ? f : fb & ~f, l->nonlr, 16));
}
