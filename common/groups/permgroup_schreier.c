/* Random Schreier–Sims: the chain's construction, its random phase, the
 * order bound's use and the deterministic check (see permgroup.h and
 * docs/groups.md). The bound itself is passed in by the caller
 * (permgroup_build.c), since computing it builds chains too
 * (permgroup_bound.c calls this file without one). */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Above this many point operations (gt_chain_check_cost) the check is worth
 * avoiding: the order bound is computed and the random phase continued
 * until it reaches it (about a millisecond of check). */
#define BOUND_COST_THRESHOLD 1e6
/* The random phase after a bound U is known, with the chain at L < U: if
 * |G| = U a random element sifts with probability L/U, so after
 * BOUND_SIFT_FACTOR · U/(U-L) successes in a row (at least BOUND_MIN_SIFTS,
 * at most BOUND_MAX_SIFTS) |G| < U is very likely and the check decides. */
#define BOUND_SIFT_FACTOR 20.0
#define BOUND_MIN_SIFTS 64
#define BOUND_MAX_SIFTS 20000


/* ---- random Schreier–Sims ----------------------------------------------------- */

/* 1 if the product of the orbit lengths equals U. */
static int reached(const gt_group *g, const mpz_t U)
{
    mpz_t L;
    mpz_init(L);
    gt_group_order(g, L);
    int eq = mpz_cmp(L, U) == 0;
    mpz_clear(L);
    return eq;
}

/* Successes in a row to give up on reaching U (see BOUND_SIFT_FACTOR). */
static int sifts_needed(const gt_group *g, const mpz_t U)
{
    mpz_t L;
    mpz_init(L);
    gt_group_order(g, L);
    mpz_sub(L, U, L);
    if (mpz_sgn(L) > 0)
        mpz_tdiv_q(L, U, L); /* U / (U - L): the expected sifts to the next failure */
    double need = mpz_cmp_ui(L, BOUND_MAX_SIFTS) > 0 ? BOUND_MAX_SIFTS : BOUND_SIFT_FACTOR * mpz_get_d(L);
    mpz_clear(L);
    return need < BOUND_MIN_SIFTS ? BOUND_MIN_SIFTS : need > BOUND_MAX_SIFTS ? BOUND_MAX_SIFTS : (int)need;
}

/* Random Schreier–Sims: sift random elements; a residue that drops out at
 * level j (it fixes b_0..b_{j-1}) becomes a generator of level j only, which
 * keeps the levels above small and sifting fast. Whatever happens here, the
 * product of the orbit lengths never exceeds the order (every generator is
 * an element of the group fixing its level's base prefix); the chain is
 * exact once it reaches a proven bound, or after the check, for which
 * gt_chain_make_nested first copies the generators to the levels above.
 * Stops after `needed` successful sifts in a row, or as soon as the order
 * reaches U (if not NULL: a proven bound; `needed` then follows the gap,
 * sifts_needed). */
static int random_phase(gt_group *g, prodrep *r, int needed, const mpz_t U, build_ctl *ctl)
{
    int n = g->n, rc = GT_ERR_NOMEM;
    gt_point *h = malloc((size_t)2 * n * sizeof *h);
    if (!h)
        goto free_scratch;
    ctl->phase = "random";
    for (int ok = 0; ok < needed;) {
        if ((rc = gt_build_ctl_poll(ctl, g)) < 0)
            goto free_scratch;
        memcpy(h, gt_prodrep_next(r), (size_t)n * sizeof *h);
        g->stats.random_elements++;
        int drop = gt_chain_sift(g, h, 0, h + n);
        if (drop == g->nlev && gt_perm_is_identity(n, h)) {
            ok++;
            continue;
        }
        ok = 0;
        if ((rc = gt_chain_add_strong(g, h, drop, drop)) < 0)
            goto free_scratch;
        if (U && reached(g, U))
            break;
        if (U)
            needed = sifts_needed(g, U);
    }
    rc = GT_OK;
free_scratch:
    free(h);
    return rc;
}

/* ---- the deterministic check -------------------------------------------------- */

/* Sifts the Schreier generators of level i; adds the first that does not
 * sift to the identity and sets *resume to the level to resume at (-1 when
 * they all sift). Return values: GT_OK or GT_ERR_*. */
static int check_level(gt_group *g, int i, build_ctl *ctl, gt_point *h, int *resume)
{
    int n = g->n, rc;
    *resume = -1;
    chain_level *L = &g->lev[i];
    for (int k = 0; k < L->orbit_len; k++) {
        gt_point x = L->orbit[k];
        if ((rc = gt_build_ctl_poll(ctl, g)) < 0)
            return rc;
        for (int j = 0; j < L->ngens; j++) {
            int s = L->gens[j];
            gt_point y = pool_perm(g, s)[x];
            if (L->edge[y] == s)
                continue; /* a tree edge: its Schreier generator is trivial */
            g->stats.schreier_checked++;
            /* u_x · s, sifted from level i, where it is divided by u_y */
            gt_chain_rep(g, L, x, h + n, h + 2 * n);
            gt_perm_mul(n, h + n, pool_perm(g, s), h);
            int drop = gt_chain_sift(g, h, i, h + n);
            if (drop == g->nlev && gt_perm_is_identity(n, h))
                continue;
            if ((rc = gt_chain_add_strong(g, h, i + 1, drop)) < 0)
                return rc;
            g->stats.check_additions++;
            *resume = drop;
            return GT_OK;
        }
    }
    return GT_OK;
}

/* Schreier's lemma: the stabiliser of b_i in <S_i> is generated by the
 * u_x · s · u_{x^s}^-1. Levels are checked from the bottom up; a Schreier
 * generator that does not sift to the identity is added (Holt's
 * SCHREIERSIMS), and checking resumes at the deepest level it changed. After
 * a good random phase this only confirms the chain. It needs nested
 * generator sets, <S_{i+1}> ⊆ <S_i> (gt_chain_make_nested; an added Schreier
 * generator lies in <S_i> and joins levels i+1 ..): sifting from level i+1
 * to the identity then proves membership in <S_{i+1}>, and top down
 * <S_i> = G^(i) at every level (docs/groups.md). */
static int deterministic_check(gt_group *g, build_ctl *ctl)
{
    int rc = GT_ERR_NOMEM;
    gt_point *h = malloc((size_t)3 * g->n * sizeof *h);
    if (!h)
        goto end_check;
    ctl->phase = "check";
    for (int i = g->nlev - 1; i >= 0;) {
        int restart;
        ctl->check_level = i;
        if ((rc = check_level(g, i, ctl, h, &restart)) < 0)
            goto end_check;
        i = restart >= 0 ? restart : i - 1;
    }
    rc = GT_OK;
end_check:
    ctl->check_level = -1;
    free(h);
    return rc;
}

/* ---- the whole construction ------------------------------------------------- */

gt_group *gt_group_alloc(int n, const gt_group_options *opt)
{
    gt_group *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->n = n;
    g->cache_budget = !opt || opt->cache_bytes == 0 ? (size_t)256 << 20
                      : opt->cache_bytes < 0 ? 0 : (size_t)opt->cache_bytes;
    return g;
}

/* The generators themselves make up level 0, so <S_0> is the group. Deeper
 * levels only ever receive elements of the group that fix the level's base
 * prefix. */
static int first_level(gt_group *g, int ngens, const gt_point *const *gens)
{
    int n = g->n, rc;
    for (int k = 0; k < ngens; k++) {
        if (gt_perm_is_identity(n, gens[k]))
            continue;
        if (g->nlev == 0) {
            int moved = 0;
            while (gens[k][moved] == moved)
                moved++;
            if ((rc = gt_chain_level_push(g, (gt_point)moved)) < 0)
                return rc;
        }
        if ((rc = gt_chain_add_strong(g, gens[k], 0, 0)) < 0)
            return rc;
    }
    return GT_OK;
}

/* When the check would be long: a proven upper bound on the order, and more
 * random elements until the chain reaches it. Sets bound_certified when it
 * does (then the chain is exact: see docs/groups.md). */
static int try_bound(gt_group *g, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                     build_ctl *ctl, prodrep *r, gt_group_bound_fn bound)
{
    mpz_t U;
    mpz_init(U);
    const char *phase = ctl->phase;
    ctl->phase = "bound";
    int rc = bound(g->n, ngens, gens, opt, ctl, U);
    ctl->phase = phase;
    if (rc == 1 && !reached(g, U) && (rc = random_phase(g, r, sifts_needed(g, U), U, ctl)) == GT_OK)
        rc = 1;
    if (rc == 1)
        g->stats.bound_certified = reached(g, U);
    mpz_clear(U);
    return rc < 0 ? rc : GT_OK;
}

int gt_group_build_chain(gt_group *g, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                build_ctl *ctl, int flags, gt_group_bound_fn bound)
{
    int rc = GT_OK, random = !(flags & BUILD_NO_RANDOM) && !(opt && opt->random_sifts < 0);
    int needed = opt && opt->random_sifts > 0 ? opt->random_sifts : 12;
    uint64_t seed = opt && opt->seed ? opt->seed : 0x600D7AB5EEDull;
    prodrep r = {0};
    if (random && !(flags & BUILD_NO_GIANT) && ngens > 0 && (rc = gt_giant_recognise(g, ngens, gens, seed, ctl)))
        return rc < 0 ? rc : GT_OK;
    if ((rc = first_level(g, ngens, gens)) < 0)
        goto free_prodrep;
    if (random && g->nlev > 0) {
        if ((rc = gt_prodrep_init(&r, g->n, ngens, gens, seed)) < 0 || (rc = random_phase(g, &r, needed, NULL, ctl)) < 0)
            goto free_prodrep;
        if (bound && !(flags & BUILD_NO_BOUND) && gt_chain_check_cost(g) > BOUND_COST_THRESHOLD &&
            (rc = try_bound(g, ngens, gens, opt, ctl, &r, bound)) < 0)
            goto free_prodrep;
    }
    if (!g->stats.bound_certified && (rc = gt_chain_make_nested(g)) == GT_OK)
        rc = deterministic_check(g, ctl);
free_prodrep:
    gt_prodrep_free(&r);
    g->stats.strong_generators = g->npool;
    return rc;
}

