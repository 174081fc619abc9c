/* Giants: recognising the alternating and symmetric groups by Jordan's
 * theorem, and writing their stabiliser chain down directly.
 *
 * Let G be transitive on m points and contain an element g with a cycle of
 * prime length p, m/2 < p < m-2. The other cycles of g are shorter than p,
 * so a power of g coprime to p is a p-cycle c. G is primitive: a block
 * system with blocks of size 1 < d < m has m/d <= m/2 < p blocks, so c
 * fixes every block, and the block meeting c's support contains all of it
 * (<c> is transitive on it): d >= p > m/2, impossible. Jordan (1873): a
 * primitive group containing a p-cycle, p prime, p <= m-3, contains Alt(m).
 * So G is Alt(m) or Sym(m), Sym(m) iff a generator is odd. A uniformly
 * random element of Alt(m) or Sym(m) has such a cycle with probability
 * q = sum of 1/p over those primes (about ln 2 / ln m), so 14/q random
 * elements miss them all with probability below e^-14 ~ 1e-6; a miss only
 * means the general algorithm runs (docs/groups.md). */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Below this degree there is no prime m/2 < p < m-2, and Schreier–Sims is
 * instant anyway. */
#define GIANT_MIN_DEGREE 8

int gt_perm_orbits(int n, int ngens, const gt_point *const *gens, int *orbit_of)
{
    gt_point *queue = malloc((size_t)n * sizeof *queue);
    if (!queue)
        return GT_ERR_NOMEM;
    int count = 0;
    for (int x = 0; x < n; x++)
        orbit_of[x] = -1;
    for (int x = 0; x < n; x++) {
        if (orbit_of[x] >= 0)
            continue;
        int len = 0;
        queue[len++] = (gt_point)x;
        orbit_of[x] = count;
        for (int k = 0; k < len; k++)
            for (int j = 0; j < ngens; j++) {
                gt_point y = gens[j][queue[k]];
                if (orbit_of[y] < 0) {
                    orbit_of[y] = count;
                    queue[len++] = y;
                }
            }
        count++;
    }
    free(queue);
    return count;
}

/* How many random elements to look at: 14/q, q the proportion of elements
 * of Alt(m) and Sym(m) with a p-cycle, m/2 < p < m-2 (exactly the sum of
 * 1/p: the p-cycle is unique, and the m-p >= 3 other points are permuted
 * evenly by half the rest). 0 if there is no such prime. */
static int giant_tries(int m)
{
    double q = 0;
    for (int p = m / 2 + 1; p <= m - 3; p++)
        if (perm_is_prime(p))
            q += 1.0 / p;
    return q > 0 ? (int)ceil(14.0 / q) : 0;
}

/* The length of a cycle of p whose length is a prime in (m/2, m-3], else 0. */
static int prime_cycle(int n, const gt_point *p, int m)
{
    int hist[GT_PERM_MAX_DEGREE + 1];
    gt_perm_cycle_type(n, p, hist);
    for (int len = m - 3; 2 * len > m; len--)
        if (hist[len] && perm_is_prime(len))
            return len;
    return 0;
}

int gt_giant_test(int n, int ngens, const gt_point *const *gens, int m, uint64_t seed, build_ctl *ctl,
               giant_result *res)
{
    int tries = giant_tries(m), rc = 0;
    prodrep r = {0};
    memset(res, 0, sizeof *res);
    for (int k = 0; k < ngens && !res->cycle; k++)
        res->cycle = prime_cycle(n, gens[k], m);
    if (!res->cycle && tries > 0 && (rc = gt_prodrep_init(&r, n, ngens, gens, seed ^ 0x61A57ull)) < 0)
        return rc;
    ctl->phase = "giant test";
    while (!res->cycle && res->tries < tries) {
        if ((rc = gt_build_ctl_poll(ctl, NULL)) < 0)
            break;
        res->tries++;
        res->cycle = prime_cycle(n, gt_prodrep_next(&r), m);
    }
    gt_prodrep_free(&r);
    if (rc < 0)
        return rc;
    if (!res->cycle)
        return 0;
    res->kind = GT_GIANT_ALTERNATING;
    for (int k = 0; k < ngens; k++)
        if (gt_perm_sign(n, gens[k]) < 0)
            res->kind = GT_GIANT_SYMMETRIC;
    return 1;
}

int gt_giant_chain(gt_group *g, const gt_point *support, int m, const giant_result *res)
{
    int levels = res->kind == GT_GIANT_SYMMETRIC ? m - 1 : m - 2;
    g->giant_points = malloc((size_t)m * sizeof *g->giant_points);
    g->giant_pos = malloc((size_t)g->n * sizeof *g->giant_pos);
    g->lev = calloc((size_t)levels, sizeof *g->lev);
    if (!g->giant_points || !g->giant_pos || !g->lev)
        return GT_ERR_NOMEM; /* gt_group_free releases them */
    g->caplev = (size_t)levels;
    g->giant_m = m;
    memcpy(g->giant_points, support, (size_t)m * sizeof *support);
    for (int x = 0; x < g->n; x++)
        g->giant_pos[x] = -1;
    for (int k = 0; k < m; k++)
        g->giant_pos[support[k]] = k;
    for (int i = 0; i < levels; i++) {
        chain_level *L = &g->lev[i];
        L->giant = res->kind;
        L->base = support[i];
        L->orbit = g->giant_points + i;
        L->orbit_len = m - i;
    }
    g->nlev = levels;
    g->stats.giant = res->kind;
    g->stats.giant_degree = m;
    g->stats.giant_cycle = res->cycle;
    g->stats.giant_tries = res->tries;
    return GT_OK;
}

/* Sym(Ω), level i: u_x = (b x), a transposition (its own inverse).
 * Alt(Ω), level i <= m-3, with t1, t2 the last two points of Ω (never a
 * base point): u_x = (b x)(t1 t2) for x outside {t1, t2}, the 3-cycle
 * (b t1 t2) for x = t1 and (b t2 t1) for x = t2: even, fixing Ω[0..i-1],
 * sending b to x. */
void gt_giant_rep(const gt_group *g, const chain_level *L, gt_point x, int inverse, gt_point *out)
{
    gt_point b = L->base;
    gt_perm_identity(g->n, out);
    if (x == b)
        return;
    if (L->giant == GT_GIANT_SYMMETRIC) {
        out[b] = x;
        out[x] = b;
        return;
    }
    gt_point t1 = g->giant_points[g->giant_m - 2], t2 = g->giant_points[g->giant_m - 1];
    if (x != t1 && x != t2) {
        out[b] = x;
        out[x] = b;
        out[t1] = t2;
        out[t2] = t1;
        return;
    }
    gt_point other = x == t1 ? t2 : t1; /* u_x = (b x other) */
    if (inverse) {
        out[x] = b;
        out[other] = x;
        out[b] = other;
    } else {
        out[b] = x;
        out[x] = other;
        out[other] = b;
    }
}

int gt_giant_recognise(gt_group *g, int ngens, const gt_point *const *gens, uint64_t seed, build_ctl *ctl)
{
    int n = g->n, rc = GT_ERR_NOMEM, m = 0, moving = -1;
    int *orbit_of = malloc((size_t)n * sizeof *orbit_of), *size = calloc((size_t)n, sizeof *size);
    gt_point *support = malloc((size_t)n * sizeof *support);
    giant_result res;
    if (!orbit_of || !size || !support || (rc = gt_perm_orbits(n, ngens, gens, orbit_of)) < 0)
        goto free_orbits;
    rc = 0;
    for (int x = 0; x < n; x++)
        size[orbit_of[x]]++;
    for (int x = 0; x < n; x++)
        if (size[orbit_of[x]] > 1) {
            if (moving >= 0 && orbit_of[x] != moving)
                goto free_orbits; /* two orbits: not transitive on the moved points */
            moving = orbit_of[x];
            support[m++] = (gt_point)x;
        }
    if (m < GIANT_MIN_DEGREE || (rc = gt_giant_test(n, ngens, gens, m, seed, ctl, &res)) < 0)
        goto free_orbits;
    g->stats.giant_tries = res.tries;
    if (rc == 0)
        goto free_orbits;
    if ((rc = gt_giant_chain(g, support, m, &res)) == GT_OK)
        rc = 1;
free_orbits:
    free(orbit_of);
    free(size);
    free(support);
    return rc;
}
