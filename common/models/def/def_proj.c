/* Projections (def_pdb.h): the cells of a model's pieces, and the image of
 * the kept pieces as an index. An orbit's image is, group by group, the
 * positions its pieces hold among those the previous groups left free (a
 * combination, ranked in colex order: sum of C(q_i, i) over the sorted
 * free-relative positions q_1 < q_2 < ...), then their orientations in
 * position order; docs/search.md ("Projections") has the count and the
 * proof that a move maps images to images. */
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_cpu.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* C(n, k) for n, k <= 64 (C(64, 32) < 2^63). */
uint64_t gt_def_binom[GT_DEF_PROJ_K_MAX + 1][GT_DEF_PROJ_K_MAX + 1];

static void binom_init(void)
{
    if (gt_def_binom[0][0])
        return;
    for (int n = 0; n <= GT_DEF_PROJ_K_MAX; n++) {
        gt_def_binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            gt_def_binom[n][k] = gt_def_binom[n - 1][k - 1] + (k < n ? gt_def_binom[n - 1][k] : 0);
    }
}

/* ---- cells --------------------------------------------------------------- */

/* A cell's value holds its orientation in the low oshift bits (so that
 * position and orientation are a shift and a mask apart, no division). */
static int orbit_shift(const gt_def_orbit *ob)
{
    int sh = 0;
    while ((1 << sh) < ob->omod)
        sh++;
    return sh;
}

static int orbit_values(const gt_def_orbit *ob)
{
    return ob->k << orbit_shift(ob);
}

int gt_def_cells_build(const gt_def_model *m, gt_def_cells *c)
{
    memset(c, 0, sizeof *c);
    for (int o = 0; o < m->n_orbits; o++) {
        c->first[o] = c->n_cells;
        c->base[o] = c->n_values;
        c->n_cells += m->orbit[o].k;
        c->n_values += orbit_values(&m->orbit[o]);
    }
    if (c->n_values > 65535)
        return GT_ERR_RANGE;
    c->n_moves = m->n_moves;
    c->move = malloc((size_t)m->n_moves * (size_t)c->n_values * sizeof *c->move);
    c->solved = malloc((size_t)c->n_cells * sizeof *c->solved);
    if (!c->move || !c->solved) {
        gt_def_cells_free(c);
        return GT_ERR_NOMEM;
    }
    memset(c->move, 0, (size_t)m->n_moves * (size_t)c->n_values * sizeof *c->move);
    for (int o = 0; o < m->n_orbits; o++) {
        const gt_def_orbit *ob = &m->orbit[o];
        const int sh = orbit_shift(ob);
        for (int i = 0; i < ob->k; i++)
            c->solved[c->first[o] + i] = (uint16_t)(c->base[o] + (i << sh) + m->def->solved_ori[ob->pos[i]]);
        for (int mv = 0; mv < m->n_moves; mv++) {
            uint16_t *t = c->move + (size_t)mv * (size_t)c->n_values + (size_t)c->base[o];
            const uint8_t *src = ob->src + mv * ob->k, *tw = ob->twist + mv * ob->k;
            /* new[j] = old[src[j]] + twist[j]: the piece at src[j] goes to j */
            for (int j = 0; j < ob->k; j++)
                for (int r = 0; r < ob->omod; r++)
                    t[(src[j] << sh) + r] = (uint16_t)(c->base[o] + (j << sh) + (r + tw[j]) % ob->omod);
        }
    }
    return GT_OK;
}

void gt_def_cells_free(gt_def_cells *c)
{
    free(c->move);
    free(c->solved);
    c->move = c->solved = NULL;
}

int gt_def_cells_of_state(const gt_def_model *m, const gt_def_cells *c, const uint8_t *perm, const uint8_t *ori,
                          uint16_t *cells)
{
    for (int o = 0; o < m->n_orbits; o++) {
        const gt_def_orbit *ob = &m->orbit[o];
        uint8_t used[GT_DEF_MAX_PIECES] = {0}; /* pieces given a position */
        for (int j = 0; j < ob->k; j++) {
            const uint8_t label = perm[ob->pos[j]];
            int i = 0;
            /* the first unused piece whose solved label is this one */
            while (i < ob->k && (used[i] || m->def->solved_perm[ob->pos[i]] != label))
                i++;
            if (i == ob->k || ori[ob->pos[j]] >= ob->omod)
                return GT_ERR_ILLEGAL;
            used[i] = 1;
            cells[c->first[o] + i] = (uint16_t)(c->base[o] + (j << orbit_shift(ob)) + ori[ob->pos[j]]);
        }
    }
    return GT_OK;
}

/* ---- ranking ------------------------------------------------------------- */

int gt_def_proj_items(const gt_def_proj *pr)
{
    int n = 0;
    for (int p = 0; p < pr->n_parts; p++)
        n += pr->part[p].n_items;
    return n;
}

void gt_def_proj_item_cells(const gt_def_proj *pr, int *cell)
{
    for (int p = 0, n = 0; p < pr->n_parts; p++)
        for (int i = 0; i < pr->part[p].n_items; i++)
            cell[n++] = pr->part[p].first + pr->part[p].item_piece[i];
}

/* The orientations of the kept pieces in group order, positions ascending
 * within a group (identical pieces), the last one left out when fixed. */
static inline __attribute__((always_inline)) uint64_t rank_oris(const gt_def_proj_part *pt, const uint64_t *gmask,
                                                                const uint8_t *ori_at)
{
    uint64_t r = 0;
    int digits = 0;
    for (int g = 0; g < pt->n_groups; g++)
        for (uint64_t mk = gmask[g]; mk && digits < pt->ori_digits; mk &= mk - 1, digits++)
            r = r * (uint64_t)pt->omod + ori_at[__builtin_ctzll(mk)];
    return r;
}

/* Every group one piece (Korf's projections, a whole orbit of distinct
 * pieces): each piece's free-relative position and orientation, in piece
 * order (positions need no sorting), each times its weight. A sum rather
 * than Horner's chain: the products do not wait for one another (six edges
 * of the 3x3x3: the BFS 3.7 -> 3.4 s). */
static inline __attribute__((always_inline)) uint64_t rank_singles(const gt_def_proj_part *pt, const uint16_t *items)
{
    uint64_t used = 0, r = 0;
    const int n = pt->n_items, digits = pt->ori_digits;
    for (int i = 0; i < n; i++) {
        const int v = items[i] - pt->base, p = v >> pt->oshift;
        r += (uint64_t)gt_def_free_place(used, p) * pt->pos_weight[i];
        used |= 1ull << p;
        if (i < digits)
            r += (uint64_t)(v & pt->omask) * pt->ori_weight[i];
    }
    return r;
}

static inline __attribute__((always_inline)) uint64_t rank_part(const gt_def_proj_part *pt, const uint16_t *items)
{
    if (pt->singles)
        return rank_singles(pt, items);
    uint64_t used = 0, r = 0, gmask[GT_DEF_PROJ_K_MAX];
    uint8_t ori_at[GT_DEF_PROJ_K_MAX];
    for (int g = 0, it = 0; g < pt->n_groups; g++) {
        uint64_t mask = 0;
        for (int t = 0; t < pt->group_size[g]; t++, it++) {
            const int v = items[it] - pt->base, p = v >> pt->oshift;
            mask |= 1ull << p;
            ori_at[p] = (uint8_t)(v & pt->omask);
        }
        r = r * pt->comb_size[g] + gt_def_comb_rank(mask, used);
        gmask[g] = mask;
        used |= mask;
    }
    if (pt->keep_ori && pt->ori_digits) {
        r = r * pt->ori_size + rank_oris(pt, gmask, ori_at);
    }
    return r;
}

/* The search's and the BFS's inner loop (gt_cpu.h). */
GT_POPCNT_CLONES uint64_t gt_def_proj_rank(const gt_def_proj *pr, const uint16_t *items)
{
    uint64_t index = 0;
    for (int p = 0; p < pr->n_parts; p++) {
        index = index * pr->part[p].size + rank_part(&pr->part[p], items);
        items += pr->part[p].n_items;
    }
    return index;
}

uint64_t gt_def_comb_unrank(uint64_t cr, int c, uint64_t used, int k)
{
    uint64_t mask = 0;
    int free_pos[GT_DEF_PROJ_K_MAX], n_free = 0;
    for (int p = 0; p < k; p++)
        if (!(used >> p & 1))
            free_pos[n_free++] = p;
    int q = n_free - 1;
    for (int i = c; i >= 1; i--) {
        while (gt_def_binom[q][i] > cr)
            q--;
        cr -= gt_def_binom[q][i];
        mask |= 1ull << free_pos[q];
        q--;
    }
    return mask;
}

/* rank_singles backwards: the orientations (the last from the sum when it
 * is fixed), then each piece's free-relative position. */
static void unrank_singles(const gt_def_proj_part *pt, uint64_t r, uint16_t *items)
{
    const int n = pt->n_items, digits = pt->keep_ori ? pt->ori_digits : 0;
    int ori[GT_DEF_PROJ_K_MAX], q[GT_DEF_PROJ_K_MAX], sum = 0;
    uint64_t oris = digits ? r % pt->ori_size : 0;
    r = digits ? r / pt->ori_size : r;
    for (int i = digits - 1; i >= 0; i--) {
        ori[i] = (int)(oris % (uint64_t)pt->omod);
        oris /= (uint64_t)pt->omod;
        sum += ori[i];
    }
    for (int i = digits; i < n; i++) /* the fixed last one, or none kept */
        ori[i] = pt->keep_ori ? ((pt->ori_sum - sum) % pt->omod + pt->omod) % pt->omod : 0;
    const int ranked = pt->even ? n - 2 : n;
    for (int i = ranked - 1; i >= 0; i--) {
        q[i] = (int)(r % (uint64_t)(pt->k - i));
        r /= (uint64_t)(pt->k - i);
    }
    if (pt->even) { /* the Lehmer digits' sum has the orbit's parity */
        int digits_sum = 0;
        for (int i = 0; i < ranked; i++)
            digits_sum += q[i];
        q[n - 2] = (pt->parity + digits_sum) & 1;
        q[n - 1] = 0;
    }
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        int p = -1;
        for (int free_seen = -1; free_seen < q[i];) /* the q-th free position */
            free_seen += !(used >> ++p & 1);
        used |= 1ull << p;
        items[i] = (uint16_t)(pt->base + (p << pt->oshift) + ori[i]);
    }
}

static void unrank_part(const gt_def_proj_part *pt, uint64_t r, uint16_t *items)
{
    if (pt->singles) {
        unrank_singles(pt, r, items);
        return;
    }
    uint64_t gmask[GT_DEF_PROJ_K_MAX], cr[GT_DEF_PROJ_K_MAX], used = 0, ow = pt->size / pt->pos_size;
    uint64_t oris = r % ow;
    int digit[GT_DEF_PROJ_K_MAX], sum = 0;
    r /= ow;
    for (int g = pt->n_groups - 1; g >= 0; g--) {
        cr[g] = r % pt->comb_size[g];
        r /= pt->comb_size[g];
    }
    for (int d = pt->ori_digits - 1; d >= 0; d--) {
        digit[d] = (int)(oris % (uint64_t)pt->omod);
        oris /= (uint64_t)pt->omod;
        sum += digit[d];
    }
    if (pt->keep_ori && pt->ori_digits < pt->n_items)
        digit[pt->ori_digits] = ((pt->ori_sum - sum) % pt->omod + pt->omod) % pt->omod;
    for (int g = 0, it = 0, d = 0; g < pt->n_groups; g++) {
        gmask[g] = gt_def_comb_unrank(cr[g], pt->group_size[g], used, pt->k);
        used |= gmask[g];
        for (uint64_t mk = gmask[g]; mk; mk &= mk - 1, it++, d++)
            items[it] = (uint16_t)(pt->base + (__builtin_ctzll(mk) << pt->oshift) + (pt->keep_ori ? digit[d] : 0));
    }
}

void gt_def_proj_unrank(const gt_def_proj *pr, uint64_t index, uint16_t *items)
{
    int offset[GT_DEF_PROJ_PARTS];
    for (int p = 0, n = 0; p < pr->n_parts; p++) {
        offset[p] = n;
        n += pr->part[p].n_items;
    }
    for (int p = pr->n_parts - 1; p >= 0; p--) {
        unrank_part(&pr->part[p], index % pr->part[p].size, items + offset[p]);
        index /= pr->part[p].size;
    }
}

/* ---- a part from its groups ------------------------------------------------ */

/* 1 if every move keeps the orbit's orientation sum. */
static int ori_sum_kept(const gt_def_model *m, const gt_def_orbit *ob)
{
    for (int mv = 0; mv < m->n_moves; mv++) {
        int s = 0;
        for (int j = 0; j < ob->k; j++)
            s += ob->twist[mv * ob->k + j];
        if (s % ob->omod)
            return 0;
    }
    return 1;
}

/* Fills the part's items and sizes from group_of_piece (255: not kept).
 * Return values: GT_OK, GT_ERR_RANGE (past 2^62). */
int gt_def_proj_part_finish(const gt_def_model *m, gt_def_proj_part *pt, const uint8_t *group_of_piece)
{
    const gt_def_orbit *ob = &m->orbit[pt->orbit];
    int free_pos = ob->k;
    unsigned __int128 size = 1;
    binom_init();
    pt->base = pt->first = 0;
    for (int o = 0; o < pt->orbit; o++) {
        pt->first += m->orbit[o].k;
        pt->base += orbit_values(&m->orbit[o]);
    }
    pt->k = ob->k;
    pt->omod = ob->omod;
    pt->oshift = orbit_shift(ob);
    pt->omask = (1 << pt->oshift) - 1;
    pt->n_items = 0;
    for (int g = 0; g < pt->n_groups; g++) {
        pt->group_size[g] = 0;
        for (int i = 0; i < ob->k; i++)
            if (group_of_piece[i] == g) {
                pt->item_piece[pt->n_items++] = (uint8_t)i;
                pt->group_size[g]++;
            }
        pt->comb_size[g] = gt_def_binom[free_pos][pt->group_size[g]];
        free_pos -= pt->group_size[g];
        size *= pt->comb_size[g];
    }
    pt->pos_size = (uint64_t)size;
    pt->singles = pt->n_groups == pt->n_items;
    if (ob->omod == 1)
        pt->keep_ori = 0;
    pt->ori_digits = pt->keep_ori ? pt->n_items : 0;
    pt->ori_sum = 0;
    if (pt->keep_ori && pt->n_items == ob->k && ori_sum_kept(m, ob)) {
        pt->ori_digits--;
        for (int j = 0; j < ob->k; j++)
            pt->ori_sum += m->def->solved_ori[ob->pos[j]];
        pt->ori_sum %= ob->omod;
    }
    for (int d = 0; d < pt->ori_digits && !(size >> 62); d++)
        size *= (unsigned)ob->omod;
    if (size >> 62)
        return GT_ERR_RANGE;
    pt->even = pt->singles && pt->n_items == ob->k && ob->k >= 2 && gt_def_orbit_even(m, ob);
    if (pt->even) {
        size /= 2;
        pt->pos_size /= 2;
        pt->parity = gt_def_perm_odd(pt->item_piece, pt->n_items); /* the inversions' parity */
    }
    pt->size = (uint64_t)size;
    pt->ori_size = pt->size / pt->pos_size;
    const int ranked = pt->even ? pt->n_items - 2 : pt->n_items;
    for (int i = pt->n_items - 1, d = pt->ori_digits - 1; i >= 0 && pt->singles; i--) {
        pt->pos_weight[i] = i >= ranked        ? 0
                            : i == ranked - 1 ? pt->ori_size
                                              : pt->pos_weight[i + 1] * (uint64_t)(pt->k - i - 1);
        pt->ori_weight[i] = i > d ? 0 : i == d ? 1 : pt->ori_weight[i + 1] * (uint64_t)pt->omod;
    }
    return GT_OK;
}
