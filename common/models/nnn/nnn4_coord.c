/* The 4x4x4 reduction's coordinates (nnn4.h, docs/nnn.md "Reduction from
 * tables"): each a number read off the pieces, moved by a turn the way the
 * pieces are. Wing slots: a high wing sits on position 2·slot, a low one on
 * 2·slot + 1, slots in Kociemba's edge order (E slice 8..11); in H and G2
 * high stays high. */
#include "nnn4_coord.h"

#include <pthread.h>

#include <string.h>

static uint32_t binom[25][25];

/* Filled once (pthread_once: solves on several threads share it). */
static void binom_fill(void)
{
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

static uint32_t perm_rank(const uint8_t *p, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++) {
        int less = 0;
        for (int j = i + 1; j < n; j++)
            less += p[j] < p[i];
        r = r * (uint32_t)(n - i) + (uint32_t)less;
    }
    return r;
}

static void perm_unrank(uint32_t r, uint8_t *p, int n)
{
    uint8_t digit[12], used[12] = {0};
    for (int i = n - 1; i >= 0; i--) {
        digit[i] = (uint8_t)(r % (uint32_t)(n - i));
        r /= (uint32_t)(n - i);
    }
    for (int i = 0; i < n; i++) {
        int k = digit[i];
        for (int v = 0; v < n; v++)
            if (!used[v] && k-- == 0) {
                p[i] = (uint8_t)v;
                used[v] = 1;
                break;
            }
    }
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
    static pthread_once_t binom_once = PTHREAD_ONCE_INIT;
    pthread_once(&binom_once, binom_fill);
    memset(l, 0, sizeof *l);
    int na[3] = {0}, nn = 0;
    for (int i = 0; i < 24; i++) {
        int axis = m->centre_face[i] % 3;
        l->axis_pos[axis][na[axis]++] = (uint8_t)i;
        if (axis != 1)
            l->nonlr[nn++] = (uint8_t)i;
    }
    for (int mv = 0; mv < GT_NNN4_MOVES; mv++) {
        uint8_t hi[12], lo[12];
        for (int s = 0; s < 12; s++) {
            hi[s] = l->high[mv][s] = (uint8_t)(m->wing[mv][2 * s] / 2);
            lo[s] = l->low[mv][s] = (uint8_t)(m->wing[mv][2 * s + 1] / 2);
        }
        l->beta_flip[mv] = (uint8_t)(inversions_odd(hi, 12) ^ inversions_odd(lo, 12));
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

/* ---- E-slice wings and pairings ---- */

/* (rank of the set of slots, parity of their order) of the E pieces' tuple. */
static uint32_t tuple_value(const uint8_t pos[4])
{
    uint32_t mask = 0;
    for (int i = 0; i < 4; i++)
        mask |= 1u << pos[i];
    return comb_rank(mask) * 2 + (uint32_t)inversions_odd(pos, 4);
}

static void tuple_of(uint32_t v, uint8_t pos[4])
{
    uint32_t mask = comb_unrank(v / 2, 4, 12);
    for (int i = 0, s = 0; s < 12; s++)
        if (mask >> s & 1)
            pos[i++] = (uint8_t)s;
    if (v & 1) {
        uint8_t t = pos[0];
        pos[0] = pos[1];
        pos[1] = t;
    }
}

static uint32_t tuple_move(uint32_t v, const uint8_t slot_to[12])
{
    uint8_t pos[4];
    tuple_of(v, pos);
    for (int i = 0; i < 4; i++)
        pos[i] = slot_to[pos[i]];
    return tuple_value(pos);
}

/* rho[j]: the slot of the high wing paired with the low wing in slot
 * first + j (j < n), less first. */
static uint32_t rho_move(uint32_t v, int first, int n, const uint8_t hi[12], const uint8_t lo[12])
{
    uint8_t rho[8], out[8];
    perm_unrank(v, rho, n);
    for (int j = 0; j < n; j++)
        out[lo[first + j] - first] = (uint8_t)(hi[first + rho[j]] - first);
    return perm_rank(out, n);
}

/* ---- corner twists ---- */

static uint32_t twist_value(const uint8_t twist[8])
{
    uint32_t v = 0;
    for (int k = 6; k >= 0; k--)
        v = v * 3 + twist[k];
    return v;
}

static uint32_t twist_move(const gt_nnn4_model *m, uint32_t v, int mv)
{
    uint8_t twist[8], out[8];
    int sum = 0;
    for (int k = 0; k < 7; k++, v /= 3)
        sum += twist[k] = (uint8_t)(v % 3);
    twist[7] = (uint8_t)((3 - sum % 3) % 3);
    for (int k = 0; k < 8; k++)
        out[m->corner_to[mv][k]] = (uint8_t)((twist[k] + m->corner_twist[mv][k]) % 3);
    return twist_value(out);
}

/* ---- every coordinate ---- */

uint32_t gt_nnn4_coord_size(int kind)
{
    static const uint32_t size[] = {
        [GT_NNN4_F16] = 1820, [GT_NNN4_B16S] = 3640, [GT_NNN4_HIE] = 990, [GT_NNN4_LOEB] = 1980,
        [GT_NNN4_LRUD] = 4900, [GT_NNN4_FB] = 70, [GT_NNN4_RHOUD] = 40320, [GT_NNN4_RHOEP] = 48,
        [GT_NNN4_FBX] = 3360, [GT_NNN4_CO] = 2187,
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
    case GT_NNN4_HIE: return tuple_move(v, l->high[mv]);
    case GT_NNN4_LOEB: return tuple_move(v / 2, l->low[mv]) * 2 + ((v & 1) ^ l->beta_flip[mv]);
    case GT_NNN4_LRUD: return split_move(m, l, 1, v / 70, mv) * 70 + split_move(m, l, 0, v % 70, mv);
    case GT_NNN4_FB: return split_move(m, l, 2, v, mv);
    case GT_NNN4_RHOUD: return rho_move(v, 0, 8, l->high[mv], l->low[mv]);
    case GT_NNN4_RHOEP:
        return rho_move(v / 2, 8, 4, l->high[mv], l->low[mv]) * 2 + ((v & 1) ^ l->parity_flip[mv]);
    case GT_NNN4_CO: return twist_move(m, v, mv);
    default: return split_move(m, l, 2, v / 48, mv) * 48 + gt_nnn4_coord_move(m, l, GT_NNN4_RHOEP, v % 48, mv);
    }
}

/* The slots of the E pieces (8..11) on high (k = 0) or low (k = 1) positions. */
static void e_tuple(const gt_nnn4_cube *c, int k, uint8_t pos[4])
{
    for (int p = k; p < 24; p += 2)
        if (c->wing[p] / 2 >= 8)
            pos[c->wing[p] / 2 - 8] = (uint8_t)(p / 2);
}

/* slot -> the pair of the wing there, on high (k = 0) or low positions. */
static void pairs_at(const gt_nnn4_cube *c, int k, uint8_t out[12])
{
    for (int s = 0; s < 12; s++)
        out[s] = (uint8_t)(c->wing[2 * s + k] / 2);
}

static uint32_t rho_value(const gt_nnn4_cube *c, int first, int n)
{
    uint8_t hi[12], lo[12], slot_of_high[12], rho[8];
    pairs_at(c, 0, hi);
    pairs_at(c, 1, lo);
    for (int s = 0; s < 12; s++)
        slot_of_high[hi[s]] = (uint8_t)s;
    for (int j = 0; j < n; j++)
        rho[j] = (uint8_t)(slot_of_high[lo[first + j]] - first);
    return perm_rank(rho, n);
}

static uint32_t parity_value(const gt_nnn4_cube *c)
{
    uint8_t hi[12];
    pairs_at(c, 0, hi);
    return (uint32_t)(inversions_odd(hi, 12) ^ inversions_odd(c->corner, 8));
}

uint32_t gt_nnn4_coord_value(const gt_nnn4_layout *l, int kind, const gt_nnn4_cube *c)
{
    uint8_t pos[4], hi[12], lo[12];
    switch (kind) {
    case GT_NNN4_F16: return comb_rank(mask_pick(centre_mask(c, 2), l->nonlr, 16));
    case GT_NNN4_B16S:
        return comb_rank(mask_pick(centre_mask(c, 5), l->nonlr, 16)) * 2 + (uint32_t)inversions_odd(c->wing, 24);
    case GT_NNN4_HIE: e_tuple(c, 0, pos); return tuple_value(pos);
    case GT_NNN4_LOEB:
        e_tuple(c, 1, pos);
        pairs_at(c, 0, hi);
        pairs_at(c, 1, lo);
        return tuple_value(pos) * 2 + (uint32_t)(inversions_odd(hi, 12) ^ inversions_odd(lo, 12));
    case GT_NNN4_LRUD: return split_value(l, 1, centre_mask(c, 1)) * 70 + split_value(l, 0, centre_mask(c, 0));
    case GT_NNN4_FB: return split_value(l, 2, centre_mask(c, 2));
    case GT_NNN4_RHOUD: return rho_value(c, 0, 8);
    case GT_NNN4_RHOEP: return rho_value(c, 8, 4) * 2 + parity_value(c);
    case GT_NNN4_CO: return twist_value(c->twist);
    default:
        return split_value(l, 2, centre_mask(c, 2)) * 48 + gt_nnn4_coord_value(l, GT_NNN4_RHOEP, c);
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

uint32_t gt_nnn4_split_solved(const gt_nnn4_model *m, const gt_nnn4_layout *l, int axis)
{
    uint32_t mask = 0;
    for (int i = 0; i < 24; i++)
        mask |= (uint32_t)(m->centre_face[i] == axis) << i;
    return split_value(l, axis, mask);
}

uint32_t gt_nnn4_f16_of_split(const gt_nnn4_layout *l, uint32_t split, int colour_f)
{
    uint32_t f = mask_spread(comb_unrank(split, 4, 8), l->axis_pos[2], 8);
    uint32_t fb = mask_spread(255, l->axis_pos[2], 8);
    return comb_rank(mask_pick(colour_f ? f : fb & ~f, l->nonlr, 16));
}

uint32_t gt_nnn4_e_home(int parity)
{
    uint8_t pos[4] = {8, 9, 10, 11};
    if (parity) {
        pos[0] = 9;
        pos[1] = 8;
    }
    return tuple_value(pos);
}
