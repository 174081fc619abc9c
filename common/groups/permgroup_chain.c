/* The stabiliser chain: strong generators, levels, Schreier trees, cached
 * representatives, sifting (see permgroup_internal.h and docs/groups.md). */
#include "alloc.h"
#include "gt_error.h"
#include "permgroup_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Appends p and its inverse to the pool; returns its index or GT_ERR_NOMEM.
 * Each array keeps its own capacity, so if only the first one grows the two
 * stay consistent (and npool unchanged). */
int gt_chain_pool_add(gt_group *g, const gt_point *p)
{
    size_t need = (size_t)g->npool + 1, perm_bytes = (size_t)g->n * sizeof *p;
    if (gt_array_reserve((void **)&g->pool, &g->cap_pool, need, perm_bytes, 16) != GT_OK ||
        gt_array_reserve((void **)&g->pool_inv, &g->cap_pool_inv, need, perm_bytes, 16) != GT_OK)
        return GT_ERR_NOMEM;
    memcpy(pool_perm(g, g->npool), p, perm_bytes);
    gt_perm_inverse(g->n, p, pool_inv(g, g->npool));
    return g->npool++;
}

void gt_chain_level_free(chain_level *L)
{
    free(L->gens);
    if (!L->giant)
        free(L->orbit); /* a giant level's orbit lies in the group's giant_points */
    free(L->edge);
    free(L->pos);
    free(L->rep);
    free(L->rep_inv);
}

int gt_chain_level_push(gt_group *g, gt_point base)
{
    int rc = GT_ERR_NOMEM;
    if (gt_array_reserve((void **)&g->lev, &g->caplev, (size_t)g->nlev + 1, sizeof *g->lev, 8) != GT_OK)
        return rc;
    chain_level *L = &g->lev[g->nlev];
    memset(L, 0, sizeof *L);
    L->base = base;
    L->orbit = malloc((size_t)g->n * sizeof *L->orbit);
    L->edge = malloc((size_t)g->n * sizeof *L->edge);
    L->pos = malloc((size_t)g->n * sizeof *L->pos);
    if (!L->orbit || !L->edge || !L->pos)
        goto fail_level;
    for (int i = 0; i < g->n; i++)
        L->edge[i] = L->pos[i] = -1;
    L->orbit[0] = base;
    L->orbit_len = 1;
    L->edge[base] = -2;
    L->pos[base] = 0;
    g->nlev++;
    rc = GT_OK;
    return rc;
fail_level:
    gt_chain_level_free(L);
    return rc;
}

/* The orbit of the base point under the level's generators, breadth first
 * (so the tree is the shallowest these generators allow), with its height. */
static void level_orbit(const gt_group *g, chain_level *L)
{
    for (int k = 0; k < L->orbit_len; k++)
        L->edge[L->orbit[k]] = L->pos[L->orbit[k]] = -1;
    L->orbit[0] = L->base;
    L->orbit_len = 1;
    L->edge[L->base] = -2;
    L->pos[L->base] = 0;
    L->depth = 0;
    for (int k = 0, layer_end = 1; k < L->orbit_len; k++) {
        if (k == layer_end) { /* the first point of the next layer */
            L->depth++;
            layer_end = L->orbit_len;
        }
        gt_point x = L->orbit[k];
        for (int j = 0; j < L->ngens; j++) {
            gt_point y = pool_perm(g, L->gens[j])[x];
            if (L->edge[y] != -1)
                continue;
            L->edge[y] = L->gens[j];
            L->pos[y] = L->orbit_len;
            L->orbit[L->orbit_len++] = y;
        }
    }
}

/* Makes room for the level's cached representatives within the budget;
 * returns 0 (and drops the cache) if they do not fit. */
static int level_reserve_cache(gt_group *g, chain_level *L)
{
    int n = g->n;
    if (L->orbit_len <= L->rep_cap)
        return 1;
    size_t have = (size_t)L->rep_cap * n * 2 * sizeof(gt_point);
    size_t need = (size_t)L->orbit_len * n * 2 * sizeof(gt_point);
    gt_point *r = NULL, *ri = NULL;
    if (g->cache_used - have + need <= g->cache_budget) {
        r = realloc(L->rep, (size_t)L->orbit_len * n * sizeof *r);
        if (r)
            L->rep = r;
        ri = realloc(L->rep_inv, (size_t)L->orbit_len * n * sizeof *ri);
        if (ri)
            L->rep_inv = ri;
    }
    g->cache_used -= have;
    if (!r || !ri) {
        /* over budget (or no memory for a cache): the Schreier vector alone */
        free(L->rep);
        free(L->rep_inv);
        L->rep = L->rep_inv = NULL;
        L->rep_cap = 0;
        return 0;
    }
    g->cache_used += need;
    L->rep_cap = L->orbit_len;
    return 1;
}

/* Recomputes the level's Schreier tree and its cached representatives after
 * its generator list grew. Cannot fail: without memory for the cache the
 * level goes without. */
static void level_rebuild(gt_group *g, chain_level *L)
{
    int n = g->n;
    level_orbit(g, L);
    if (!level_reserve_cache(g, L))
        return;
    /* u_y = u_x · s and u_y^-1 = s^-1 · u_x^-1, parents come first in BFS order. */
    gt_perm_identity(n, L->rep);
    gt_perm_identity(n, L->rep_inv);
    for (int k = 1; k < L->orbit_len; k++) {
        gt_point y = L->orbit[k];
        int s = L->edge[y];
        gt_point x = pool_inv(g, s)[y];
        int px = L->pos[x];
        gt_perm_mul(n, L->rep + (size_t)px * n, pool_perm(g, s), L->rep + (size_t)k * n);
        gt_perm_mul(n, pool_inv(g, s), L->rep_inv + (size_t)px * n, L->rep_inv + (size_t)k * n);
    }
}

static int level_add_gen(gt_group *g, chain_level *L, int s)
{
    if (gt_array_reserve((void **)&L->gens, &L->capgens, (size_t)L->ngens + 1, sizeof *L->gens, 8) != GT_OK)
        return GT_ERR_NOMEM;
    L->gens[L->ngens++] = s;
    level_rebuild(g, L);
    return GT_OK;
}

/* h <- h · u_x^-1 for the orbit point x: one product with the cached (or,
 * on a giant level, computed) inverse, or one product per tree edge from x
 * up to the root (u_x = s_1 ··· s_m along the path, so u_x^-1 = s_m^-1 ···
 * s_1^-1 and s_m = edge[x] comes first). */
static void divide_by_rep(const gt_group *g, const chain_level *L, gt_point *h, gt_point x, gt_point *tmp)
{
    int n = g->n;
    if (L->giant) {
        gt_giant_rep(g, L, x, 1, tmp);
        for (int i = 0; i < n; i++)
            h[i] = tmp[h[i]];
        return;
    }
    if (L->rep_cap) {
        gt_perm_mul(n, h, L->rep_inv + (size_t)L->pos[x] * n, tmp);
        memcpy(h, tmp, (size_t)n * sizeof *h);
        return;
    }
    while (x != L->base) {
        const gt_point *si = pool_inv(g, L->edge[x]);
        for (int i = 0; i < n; i++)
            h[i] = si[h[i]];
        x = si[x];
    }
}

int gt_chain_sift(const gt_group *g, gt_point *h, int from, gt_point *tmp)
{
    for (int i = from; i < g->nlev; i++) {
        const chain_level *L = &g->lev[i];
        int k = level_pos(g, L, h[L->base]);
        if (k < 0)
            return i;
        if (k > 0)
            divide_by_rep(g, L, h, h[L->base], tmp);
    }
    return g->nlev;
}

void gt_chain_rep(const gt_group *g, const chain_level *L, gt_point x, gt_point *out, gt_point *tmp)
{
    int n = g->n;
    if (L->giant) {
        gt_giant_rep(g, L, x, 0, out);
        return;
    }
    if (L->rep_cap) {
        memcpy(out, L->rep + (size_t)L->pos[x] * n, (size_t)n * sizeof *out);
        return;
    }
    gt_perm_identity(n, tmp);
    divide_by_rep(g, L, tmp, x, NULL); /* tmp = u_x^-1 */
    gt_perm_inverse(n, tmp, out);
}

int gt_chain_add_strong(gt_group *g, const gt_point *h, int from, int to)
{
    int rc = GT_OK;
    if (to == g->nlev) {
        int moved = 0;
        while (h[moved] == moved)
            moved++;
        if ((rc = gt_chain_level_push(g, (gt_point)moved)) < 0)
            return rc;
    }
    int s = gt_chain_pool_add(g, h);
    if (s < 0) {
        rc = s;
        return rc;
    }
    for (int i = from; i <= to; i++)
        if ((rc = level_add_gen(g, &g->lev[i], s)) < 0)
            return rc;
    return rc;
}

/* The check sifts about orbit × generators Schreier generators a level
 * (the generators once nested: those of the level and of all the levels
 * below), each through the levels below: one product of n points per level
 * when cached, one per tree edge otherwise. */
double gt_chain_check_cost(const gt_group *g)
{
    double cost = 0, below = 0, gens = 0;
    for (int i = g->nlev - 1; i >= 0; i--) {
        const chain_level *L = &g->lev[i];
        gens += L->ngens;
        cost += (double)L->orbit_len * (i > 0 ? gens : L->ngens) * (below + 1) * g->n;
        below += L->rep_cap ? 1 : 1 + L->depth / 2.0;
    }
    return cost;
}

/* Makes the generator sets nested: every strong generator of a level
 * below 1 is added to the levels 1 .. its own (level 0 keeps the given
 * generators, which generate the group). Then <S_j> ⊆ <S_{j-1}> for every
 * j, which the check's correctness rests on. Return values: GT_OK,
 * GT_ERR_NOMEM. */
int gt_chain_make_nested(gt_group *g)
{
    int *have = malloc(((size_t)g->npool + 1) * sizeof *have);
    if (!have)
        return GT_ERR_NOMEM;
    for (int k = 0; k < g->npool; k++)
        have[k] = -1;
    for (int i = g->nlev - 1; i >= 1; i--) {
        chain_level *L = &g->lev[i];
        for (int j = 0; j < L->ngens; j++)
            have[L->gens[j]] = i;
        int add = 0;
        for (int k = 0; k < g->npool; k++)
            add += have[k] > i;
        if (gt_array_reserve((void **)&L->gens, &L->capgens, (size_t)L->ngens + add, sizeof *L->gens, 8) != GT_OK) {
            free(have);
            return GT_ERR_NOMEM;
        }
        for (int k = 0; k < g->npool; k++)
            if (have[k] > i) {
                L->gens[L->ngens++] = k;
                have[k] = i;
            }
        if (add)
            level_rebuild(g, L);
    }
    free(have);
    return GT_OK;
}
