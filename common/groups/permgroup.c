/* Permutations, and reading a built chain: order, membership,
 * representatives, random elements (see permgroup.h and docs/groups.md).
 * The chain is built in permgroup_build.c (permgroup_chain.c, _giant.c,
 * _bound.c). */
#include "gt_error.h"
#include "permgroup_internal.h"
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

/* ---- the stabiliser chain, read ------------------------------------------ */

void gt_group_free(gt_group *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nlev; i++)
        chain_level_free(&g->lev[i]);
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
    int drop = chain_sift(g, h, 0, tmp);
    return drop == g->nlev && gt_perm_is_identity(n, h);
}

int gt_group_transversal(const gt_group *g, int lvl, int point, gt_point *out)
{
    if (lvl < 0 || lvl >= g->nlev || point < 0 || point >= g->n || level_pos(g, &g->lev[lvl], (gt_point)point) < 0)
        return 0;
    if (out) {
        gt_point tmp[GT_PERM_MAX_DEGREE];
        chain_rep(g, &g->lev[lvl], (gt_point)point, out, tmp);
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
        chain_rep(g, L, L->orbit[k], u, tmp);
        gt_perm_mul(n, out, u, tmp);
        memcpy(out, tmp, (size_t)n * sizeof *tmp);
    }
}
