/* Permutations and Schreier–Sims (see permgroup.h and docs/groups.md). */
#include "permgroup.h"
#include "alloc.h"
#include "gt_error.h"
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- single permutations ------------------------------------------------ */

void gt_perm_identity(int n, gt_point *p)
{
    for (int i = 0; i < n; i++)
        p[i] = (gt_point)i;
}

void gt_perm_mul(int n, const gt_point *a, const gt_point *b, gt_point *out)
{
    for (int i = 0; i < n; i++)
        out[i] = b[a[i]];
}

void gt_perm_inverse(int n, const gt_point *a, gt_point *out)
{
    for (int i = 0; i < n; i++)
        out[a[i]] = (gt_point)i;
}

int gt_perm_is_identity(int n, const gt_point *p)
{
    for (int i = 0; i < n; i++)
        if (p[i] != i)
            return 0;
    return 1;
}

int gt_perm_equal(int n, const gt_point *a, const gt_point *b)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

int gt_perm_is_valid(int n, const gt_point *p)
{
    if (n < 1 || n > GT_PERM_MAX_DEGREE)
        return 0;
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    for (int i = 0; i < n; i++) {
        if (p[i] >= n || seen[p[i]])
            return 0;
        seen[p[i]] = 1;
    }
    return 1;
}

void gt_perm_cycle_type(int n, const gt_point *p, int *hist)
{
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    memset(hist, 0, (size_t)(n + 1) * sizeof *hist);
    for (int i = 0; i < n; i++) {
        if (seen[i])
            continue;
        int len = 0;
        for (int j = i; !seen[j]; j = p[j]) {
            seen[j] = 1;
            len++;
        }
        hist[len]++;
    }
}

int gt_perm_sign(int n, const gt_point *p)
{
    int hist[GT_PERM_MAX_DEGREE + 1], sign = 1;
    gt_perm_cycle_type(n, p, hist);
    for (int len = 2; len <= n; len += 2) /* a cycle of even length is odd */
        if (hist[len] % 2)
            sign = -sign;
    return sign;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

uint64_t gt_perm_order(int n, const gt_point *p)
{
    int hist[GT_PERM_MAX_DEGREE + 1];
    uint64_t order = 1;
    gt_perm_cycle_type(n, p, hist);
    for (uint64_t len = 2; len <= (uint64_t)n; len++) {
        if (!hist[len])
            continue;
        uint64_t m = len / gcd_u64(order, len);
        if (order > UINT64_MAX / m)
            return UINT64_MAX;
        order *= m;
    }
    return order;
}

int gt_perm_append_cycles(int n, const gt_point *p, const char *sep, int per_line, const char *line_break,
                          char *buf, int cap, int *length)
{
    unsigned char seen[GT_PERM_MAX_DEGREE] = {0};
    int len = *length, cycles = 0;
    for (int i = 0; i < n; i++) {
        if (seen[i] || p[i] == i)
            continue;
        if (per_line > 0 && cycles > 0 && cycles % per_line == 0)
            GT_APPENDI("%s", line_break);
        GT_APPENDI("%s(%d", sep, i + 1);
        seen[i] = 1;
        for (int j = p[i]; j != i; j = p[j]) {
            seen[j] = 1;
            GT_APPENDI(",%d", j + 1);
        }
        GT_APPENDI(")");
        cycles++;
    }
    *length = len;
    return cycles;
}

int gt_perm_format_cycles(int n, const gt_point *p, char *buf, int cap)
{
    int len = 0;
    if (cap < 1)
        return GT_ERR_RANGE;
    buf[0] = 0;
    int cycles = gt_perm_append_cycles(n, p, "", 0, "", buf, cap, &len);
    if (cycles < 0)
        return cycles;
    if (cycles == 0)
        GT_APPENDI("()");
    return GT_OK;
}

/* ---- the stabiliser chain ------------------------------------------------- */

/* One level of the chain. The Schreier tree is stored as one edge label per
 * orbit point (a Schreier vector): edge[x] is the pool index of the strong
 * generator s with s[parent] = x (-2 at the root, -1 outside the orbit). The
 * representatives u_x (u_x[base] = x) are products along the tree path. They
 * are cached explicitly, with their inverses, while the group's cache budget
 * lasts, because sifting then costs one product per level instead of one per
 * tree edge on the path; beyond the budget (large degrees: S_n needs n^3
 * bytes) a level keeps only its Schreier vector and sifting walks the tree. */
typedef struct chain_level {
    gt_point base;
    int ngens;
    size_t capgens;
    int *gens;          /* pool indices of the strong generators fixing b_0..b_{i-1} */
    int orbit_len;
    gt_point *orbit;    /* orbit points in breadth-first order (orbit[0] = base) */
    int32_t *edge;      /* [n] Schreier vector, see above */
    int32_t *pos;       /* [n] index in orbit[], -1 outside */
    gt_point *rep;      /* orbit_len × n: u_x for x = orbit[k] at rep + k*n */
    gt_point *rep_inv;  /* orbit_len × n: u_x^-1 */
    int rep_cap;        /* capacity of rep/rep_inv in permutations, 0 = not cached */
} chain_level;

struct gt_group {
    int n;
    int npool;
    size_t cap_pool, cap_pool_inv; /* capacities in permutations, one per array */
    gt_point *pool, *pool_inv; /* strong generators and their inverses, n each */
    int nlev;
    size_t caplev;
    chain_level *lev;
    gt_group_stats stats;
    size_t cache_budget, cache_used; /* bytes of cached representatives */
};

static gt_point *pool_perm(const gt_group *g, int k) { return g->pool + (size_t)k * g->n; }
static gt_point *pool_inv(const gt_group *g, int k) { return g->pool_inv + (size_t)k * g->n; }

uint64_t gt_group_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Appends p and its inverse to the pool; returns its index or GT_ERR_NOMEM.
 * Each array keeps its own capacity, so if only the first one grows the two
 * stay consistent (and npool unchanged). */
static int pool_add(gt_group *g, const gt_point *p)
{
    size_t need = (size_t)g->npool + 1, perm_bytes = (size_t)g->n * sizeof *p;
    if (gt_array_reserve((void **)&g->pool, &g->cap_pool, need, perm_bytes, 16) != GT_OK ||
        gt_array_reserve((void **)&g->pool_inv, &g->cap_pool_inv, need, perm_bytes, 16) != GT_OK)
        return GT_ERR_NOMEM;
    memcpy(pool_perm(g, g->npool), p, perm_bytes);
    gt_perm_inverse(g->n, p, pool_inv(g, g->npool));
    return g->npool++;
}

static void level_free(chain_level *L)
{
    free(L->gens);
    free(L->orbit);
    free(L->edge);
    free(L->pos);
    free(L->rep);
    free(L->rep_inv);
}

static int level_push(gt_group *g, gt_point base)
{
    int rc = GT_ERR_NOMEM;
    if (gt_array_reserve((void **)&g->lev, &g->caplev, (size_t)g->nlev + 1, sizeof *g->lev, 8) != GT_OK)
        goto out;
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
    goto out;
fail_level:
    level_free(L);
out:
    return rc;
}

/* Recomputes the level's Schreier tree (breadth first, so it stays shallow)
 * and its cached representatives after its generator list grew. Cannot
 * fail: without memory for the cache the level goes without. */
static void level_rebuild(gt_group *g, chain_level *L)
{
    int n = g->n;
    for (int k = 0; k < L->orbit_len; k++)
        L->edge[L->orbit[k]] = L->pos[L->orbit[k]] = -1;
    L->orbit[0] = L->base;
    L->orbit_len = 1;
    L->edge[L->base] = -2;
    L->pos[L->base] = 0;
    for (int k = 0; k < L->orbit_len; k++) {
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
    if (L->orbit_len > L->rep_cap) {
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
            return;
        }
        g->cache_used += need;
        L->rep_cap = L->orbit_len;
    }
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

/* h <- h · u_x^-1 for the orbit point x: one product with the cached
 * inverse, or one product per tree edge from x up to the root
 * (u_x = s_1 ··· s_m along the path, so u_x^-1 = s_m^-1 ··· s_1^-1 and
 * s_m = edge[x] comes first). */
static void divide_by_rep(const gt_group *g, const chain_level *L, gt_point *h, gt_point x, gt_point *tmp)
{
    int n = g->n;
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

/* Sifts h in place from level `from`; returns the level where it dropped out
 * (g->nlev if it passed every level). */
static int sift(const gt_group *g, gt_point *h, int from, gt_point *tmp)
{
    for (int i = from; i < g->nlev; i++) {
        const chain_level *L = &g->lev[i];
        int k = L->pos[h[L->base]];
        if (k < 0)
            return i;
        if (k > 0)
            divide_by_rep(g, L, h, h[L->base], tmp);
    }
    return g->nlev;
}

/* u_x, the representative of the orbit point x, into out. */
static void rep_of(const gt_group *g, const chain_level *L, gt_point x, gt_point *out, gt_point *tmp)
{
    int n = g->n;
    if (L->rep_cap) {
        memcpy(out, L->rep + (size_t)L->pos[x] * n, (size_t)n * sizeof *out);
        return;
    }
    gt_perm_identity(n, tmp);
    divide_by_rep(g, L, tmp, x, NULL); /* tmp = u_x^-1 */
    gt_perm_inverse(n, tmp, out);
}

/* Adds the non-identity residue h as a strong generator of levels from..to
 * (to == nlev: h fixes every base point, so a new base point it moves is
 * appended). */
static int add_strong(gt_group *g, const gt_point *h, int from, int to)
{
    int rc = GT_OK;
    if (to == g->nlev) {
        int moved = 0;
        while (h[moved] == moved)
            moved++;
        if ((rc = level_push(g, (gt_point)moved)) < 0)
            goto out;
    }
    int s = pool_add(g, h);
    if (s < 0) {
        rc = s;
        goto out;
    }
    for (int i = from; i <= to; i++)
        if ((rc = level_add_gen(g, &g->lev[i], s)) < 0)
            goto out;
out:
    return rc;
}

/* Product replacement (Celler, Leedham-Green, Murray, Niemeyer, O'Brien):
 * nearly uniform random elements from a handful of generators. */
typedef struct prodrep {
    int n, slots;
    gt_point *x;   /* slots × n, then the accumulator */
    uint64_t rng;
} prodrep;

static void prodrep_step(prodrep *r, gt_point *tmp)
{
    int n = r->n, a = (int)(gt_group_rand(&r->rng) % (uint64_t)r->slots);
    int b = (int)(gt_group_rand(&r->rng) % (uint64_t)(r->slots - 1));
    if (b >= a)
        b++;
    gt_point *xa = r->x + (size_t)a * n, *xb = r->x + (size_t)b * n, *acc = r->x + (size_t)r->slots * n;
    if (gt_group_rand(&r->rng) & 1) {
        gt_perm_mul(n, xa, xb, tmp);
    } else {
        gt_perm_inverse(n, xb, tmp + n);
        gt_perm_mul(n, xa, tmp + n, tmp);
    }
    memcpy(xa, tmp, (size_t)n * sizeof *tmp);
    gt_perm_mul(n, acc, xa, tmp);
    memcpy(acc, tmp, (size_t)n * sizeof *tmp);
}

/* Random Schreier–Sims: sift random elements; a residue that drops out at
 * level j (it fixes b_0..b_{j-1}) becomes a generator of level j only. Not
 * copying it to the levels above keeps their generator lists short, which is
 * what makes the deterministic check cheap (it sifts orbit × generators
 * Schreier generators per level): 967 instead of 33,403 for the 4x4x4. */
static int random_phase(gt_group *g, int ngens, const gt_point *const *gens, uint64_t seed, int needed)
{
    int n = g->n, rc = GT_ERR_NOMEM;
    prodrep r = {n, ngens < 5 ? 10 : 2 * ngens, NULL, seed};
    r.x = malloc((size_t)(r.slots + 1) * n * sizeof *r.x);
    gt_point *h = malloc((size_t)3 * n * sizeof *h);
    if (!r.x || !h)
        goto free_buffers;
    for (int k = 0; k < r.slots; k++)
        memcpy(r.x + (size_t)k * n, gens[k % ngens], (size_t)n * sizeof *h);
    gt_perm_identity(n, r.x + (size_t)r.slots * n);
    for (int k = 0; k < 60; k++)
        prodrep_step(&r, h);
    for (int ok = 0; ok < needed;) {
        prodrep_step(&r, h);
        memcpy(h, r.x + (size_t)r.slots * n, (size_t)n * sizeof *h);
        g->stats.random_elements++;
        int drop = sift(g, h, 0, h + n);
        if (drop == g->nlev && gt_perm_is_identity(n, h)) {
            ok++;
            continue;
        }
        ok = 0;
        if ((rc = add_strong(g, h, drop, drop)) < 0)
            goto free_buffers;
    }
    rc = GT_OK;
free_buffers:
    free(r.x);
    free(h);
    return rc;
}

/* Schreier's lemma: the stabiliser of b_i in <S_i> is generated by the
 * u_x · s · u_{x^s}^-1. Levels are checked from the bottom up; a Schreier
 * generator that does not sift to the identity is added (Holt's
 * SCHREIERSIMS), and checking resumes at the deepest level it changed. After
 * a good random phase this only confirms the chain. */
static int deterministic_check(gt_group *g)
{
    int n = g->n, rc = GT_ERR_NOMEM;
    gt_point *h = malloc((size_t)3 * n * sizeof *h);
    if (!h)
        goto free_buffer;
    int i = g->nlev - 1;
    while (i >= 0) {
        int restart = -1;
        chain_level *L = &g->lev[i];
        for (int k = 0; k < L->orbit_len && restart < 0; k++) {
            gt_point x = L->orbit[k];
            for (int j = 0; j < L->ngens; j++) {
                int s = L->gens[j];
                gt_point y = pool_perm(g, s)[x];
                if (L->edge[y] == s)
                    continue; /* a tree edge: its Schreier generator is trivial */
                g->stats.schreier_checked++;
                /* u_x · s, sifted from level i, where it is divided by u_y */
                rep_of(g, L, x, h + n, h + 2 * n);
                gt_perm_mul(n, h + n, pool_perm(g, s), h);
                int drop = sift(g, h, i, h + n);
                if (drop == g->nlev && gt_perm_is_identity(n, h))
                    continue;
                if ((rc = add_strong(g, h, i + 1, drop)) < 0)
                    goto free_buffer;
                g->stats.check_additions++;
                restart = drop;
                L = &g->lev[i]; /* add_strong may have moved the level array */
                break;
            }
        }
        i = restart >= 0 ? restart : i - 1;
    }
    rc = GT_OK;
free_buffer:
    free(h);
    return rc;
}

int gt_group_create(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                    gt_group **out)
{
    int rc = GT_ERR_INVAL;
    gt_group *g = NULL;
    if (n < 1 || n > GT_PERM_MAX_DEGREE || ngens < 0 || (ngens > 0 && !gens) || !out)
        goto out;
    for (int k = 0; k < ngens; k++)
        if (!gt_perm_is_valid(n, gens[k]))
            goto out;
    rc = GT_ERR_NOMEM;
    if (!(g = calloc(1, sizeof *g)))
        goto out;
    g->n = n;
    g->cache_budget = !opt || opt->cache_bytes == 0 ? (size_t)64 << 20
                      : opt->cache_bytes < 0 ? 0 : (size_t)opt->cache_bytes;
    /* The generators themselves make up level 0, so <S_0> is the group.
     * Deeper levels only ever receive elements of the group that fix the
     * level's base prefix; that is all the check below needs to make the
     * chain exact, whatever the random phase did. */
    for (int k = 0; k < ngens; k++) {
        if (gt_perm_is_identity(n, gens[k]))
            continue;
        if (g->nlev == 0) {
            int moved = 0;
            while (gens[k][moved] == moved)
                moved++;
            if ((rc = level_push(g, (gt_point)moved)) < 0)
                goto fail_group;
        }
        if ((rc = add_strong(g, gens[k], 0, 0)) < 0)
            goto fail_group;
    }
    int needed = opt && opt->random_sifts ? opt->random_sifts : 12;
    uint64_t seed = opt && opt->seed ? opt->seed : 0x600D7AB5EEDull;
    if (needed > 0 && ngens > 0 && g->nlev > 0 && (rc = random_phase(g, ngens, gens, seed, needed)) < 0)
        goto fail_group;
    if ((rc = deterministic_check(g)) < 0)
        goto fail_group;
    g->stats.strong_generators = g->npool;
    *out = g;
    rc = GT_OK;
    goto out;
fail_group:
    gt_group_free(g);
out:
    return rc;
}

void gt_group_free(gt_group *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nlev; i++)
        level_free(&g->lev[i]);
    free(g->lev);
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
    int drop = sift(g, h, 0, tmp);
    return drop == g->nlev && gt_perm_is_identity(n, h);
}

int gt_group_transversal(const gt_group *g, int lvl, int point, gt_point *out)
{
    if (lvl < 0 || lvl >= g->nlev || point < 0 || point >= g->n || g->lev[lvl].pos[point] < 0)
        return 0;
    if (out) {
        gt_point tmp[GT_PERM_MAX_DEGREE];
        rep_of(g, &g->lev[lvl], (gt_point)point, out, tmp);
    }
    return 1;
}

void gt_group_random_element(const gt_group *g, uint64_t *state, gt_point *out)
{
    int n = g->n;
    gt_point u[GT_PERM_MAX_DEGREE], tmp[GT_PERM_MAX_DEGREE];
    gt_perm_identity(n, out);
    /* g = u_{k-1} ··· u_1 · u_0: every element has exactly one such form. */
    for (int i = g->nlev - 1; i >= 0; i--) {
        const chain_level *L = &g->lev[i];
        int k = (int)(gt_group_rand(state) % (uint64_t)L->orbit_len);
        rep_of(g, L, L->orbit[k], u, tmp);
        gt_perm_mul(n, out, u, tmp);
        memcpy(out, tmp, (size_t)n * sizeof *tmp);
    }
}
