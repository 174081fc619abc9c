/* Reading a built chain: order, membership, representatives, random
 * elements (see permgroup.h and docs/groups.md). The chain is built in
 * permgroup_build.c (permgroup_schreier.c, _chain.c, _giant.c, _bound.c);
 * single permutations are perm.c. */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the stabiliser chain, read ------------------------------------------ */

void gt_group_free(gt_group *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nlev; i++)
        gt_chain_level_free(&g->lev[i]);
    free(g->lev);
    free(g->giant_points);
    free(g->giant_pos);
    free(g->pool);
    free(g->pool_inv);
    free(g);
}

int gt_group_degree(const gt_group *g) { return g->n; }
int gt_group_base_length(const gt_group *g) { return g->nlev; }
int gt_group_base_point(const gt_group *g, int level) { return g->lev[level].base; }
int gt_group_orbit_length(const gt_group *g, int level) { return g->lev[level].orbit_len; }
void gt_group_get_stats(const gt_group *g, gt_group_stats *stats) { *stats = g->stats; }

void gt_group_order(const gt_group *g, mpz_t rop)
{
    mpz_set_ui(rop, 1);
    for (int i = 0; i < g->nlev; i++)
        mpz_mul_ui(rop, rop, (unsigned long)g->lev[i].orbit_len);
}

int gt_group_contains(const gt_group *g, const gt_point *p, gt_point *residue)
{
    int n = g->n;
    gt_point own[GT_PERM_MAX_DEGREE], tmp[GT_PERM_MAX_DEGREE]; /* no allocation per query */
    gt_point *h = residue ? residue : own;
    memcpy(h, p, (size_t)n * sizeof *h);
    int drop = gt_chain_sift(g, h, 0, tmp);
    return drop == g->nlev && gt_perm_is_identity(n, h);
}

int gt_group_transversal(const gt_group *g, int lvl, int point, gt_point *out)
{
    if (lvl < 0 || lvl >= g->nlev || point < 0 || point >= g->n || level_pos(g, &g->lev[lvl], (gt_point)point) < 0)
        return 0;
    if (out) {
        gt_point tmp[GT_PERM_MAX_DEGREE];
        gt_chain_rep(g, &g->lev[lvl], (gt_point)point, out, tmp);
    }
    return 1;
}

void gt_group_random_element(const gt_group *g, gt_rng *rng, gt_point *out)
{
    int n = g->n;
    gt_point u[GT_PERM_MAX_DEGREE], tmp[GT_PERM_MAX_DEGREE];
    gt_perm_identity(n, out);
    /* g = u_{k-1} ··· u_1 · u_0: every element has exactly one such form. */
    for (int i = g->nlev - 1; i >= 0; i--) {
        const chain_level *L = &g->lev[i];
        int k = (int)gt_rng_below(rng, (uint64_t)L->orbit_len);
        gt_chain_rep(g, L, L->orbit[k], u, tmp);
        gt_perm_mul(n, out, u, tmp);
        memcpy(out, tmp, (size_t)n * sizeof *tmp);
    }
}

