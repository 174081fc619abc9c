/* A proven upper bound on the order of a permutation group, from its
 * orbits, block systems and giant constituents (docs/groups.md):
 *
 *   G intransitive, orbits Ω_1..Ω_r:  |G| <= Π |G^Ω_j|  (G ≤ Π G^Ω_j)
 *   G transitive, a giant:           |G| = m! or m!/2    (Jordan's theorem)
 *   G transitive, blocks B_1..B_k:   |G| <= |G^Σ| · |G_B^B|^k
 *     (G^Σ: the action on the blocks; the kernel embeds in Π G_{B_i}^{B_i},
 *     and those are all conjugate to G_B^B)
 *   G primitive, not a giant:        |G| exactly, by Schreier–Sims (such
 *     groups are small: short bases)
 *
 * Each bound is computed recursively on fewer points. A chain whose product
 * of orbit lengths reaches the bound is exact: that product never exceeds
 * |G|. */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <stdlib.h>
#include <string.h>

/* More distinct generators than this for a constituent or a block
 * stabiliser: give up on the bound (the check then decides). */
#define GENSET_MAX 2048

/* A set of distinct non-identity permutations of degree m. */
typedef struct genset {
    int m, count;
    size_t cap;
    gt_point *perm;      /* count × m */
    uint64_t *hash;
    const gt_point **ptrs;
} genset;

static void genset_free(genset *s)
{
    free(s->perm);
    free(s->hash);
    free(s->ptrs);
    memset(s, 0, sizeof *s);
}

/* Adds p unless it is the identity or already there. Return values: GT_OK,
 * GT_ERR_RANGE (more than GENSET_MAX), GT_ERR_NOMEM. */
static int genset_add(genset *s, const gt_point *p)
{
    uint64_t h = 0xcbf29ce484222325ull;
    int moved = 0;
    for (int i = 0; i < s->m; i++) {
        h = (h ^ p[i]) * 0x100000001b3ull;
        moved |= p[i] != i;
    }
    if (!moved)
        return GT_OK;
    for (int k = 0; k < s->count; k++)
        if (s->hash[k] == h && !memcmp(s->perm + (size_t)k * s->m, p, (size_t)s->m * sizeof *p))
            return GT_OK;
    if (s->count == GENSET_MAX)
        return GT_ERR_RANGE;
    if ((size_t)s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        gt_point *np = realloc(s->perm, cap * s->m * sizeof *np);
        if (np)
            s->perm = np;
        uint64_t *nh = realloc(s->hash, cap * sizeof *nh);
        if (nh)
            s->hash = nh;
        if (!np || !nh)
            return GT_ERR_NOMEM;
        s->cap = cap;
    }
    memcpy(s->perm + (size_t)s->count * s->m, p, (size_t)s->m * sizeof *p);
    s->hash[s->count++] = h;
    return GT_OK;
}

/* The pointer array gt_group_create and friends take. */
static int genset_ptrs(genset *s)
{
    free(s->ptrs);
    s->ptrs = malloc((size_t)(s->count ? s->count : 1) * sizeof *s->ptrs);
    if (!s->ptrs)
        return GT_ERR_NOMEM;
    for (int k = 0; k < s->count; k++)
        s->ptrs[k] = s->perm + (size_t)k * s->m;
    return GT_OK;
}

/* The generators restricted to the m points pts[] (a union of orbits), the
 * point pts[j] renamed j (idx[pts[j]] = j). */
static int restrict_gens(int ngens, const gt_point *const *gens, int m, const gt_point *pts, const int *idx,
                         genset *out)
{
    gt_point p[GT_PERM_MAX_DEGREE];
    int rc = GT_OK;
    out->m = m;
    for (int k = 0; k < ngens && rc == GT_OK; k++) {
        for (int j = 0; j < m; j++)
            p[j] = (gt_point)idx[gens[k][pts[j]]];
        rc = genset_add(out, p);
    }
    return rc == GT_OK ? genset_ptrs(out) : rc;
}

/* ---- block systems (Atkinson) ------------------------------------------------ */

static int uf_find(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* The finest block system of the transitive <gens> on m points with 0 and
 * alpha in one block: parent[] describes it (union-find); returns the size
 * of the block of 0. pairs: 2m ints of scratch. */
static int finest_block(int m, int ngens, const gt_point *const *gens, int alpha, int *parent, int *size,
                        int *pairs)
{
    int head = 0, tail = 0;
    for (int x = 0; x < m; x++) {
        parent[x] = x;
        size[x] = 1;
    }
    parent[alpha] = 0;
    size[0] = 2;
    pairs[tail++] = 0;
    pairs[tail++] = alpha;
    while (head < tail && size[uf_find(parent, 0)] < m) {
        int a = pairs[head++], b = pairs[head++];
        for (int k = 0; k < ngens; k++) {
            int x = uf_find(parent, gens[k][a]), y = uf_find(parent, gens[k][b]);
            if (x == y)
                continue;
            if (size[x] < size[y]) {
                int t = x;
                x = y;
                y = t;
            }
            parent[y] = x;
            size[x] += size[y];
            pairs[tail++] = x;
            pairs[tail++] = y;
        }
    }
    return size[uf_find(parent, 0)];
}

/* A non-trivial block system of the transitive <gens> on m points:
 * block_of[x] in 0..k-1 (the block of 0 is 0); returns the block size d
 * (1 < d < m), 0 if the group is primitive, or GT_ERR_*. */
static int find_blocks(int m, int ngens, const gt_point *const *gens, build_ctl *ctl, int *block_of)
{
    int rc = GT_ERR_NOMEM, *parent = malloc((size_t)4 * m * sizeof *parent);
    if (!parent)
        return rc;
    int *size = parent + m, *pairs = parent + 2 * m, d = 0;
    for (int alpha = 1; alpha < m && !d; alpha++) {
        if ((rc = gt_build_ctl_poll(ctl, NULL)) < 0)
            goto free_parent;
        int s = finest_block(m, ngens, gens, alpha, parent, size, pairs);
        if (s < m)
            d = s;
    }
    int k = 0;
    for (int x = 0; x < m && d; x++)
        block_of[x] = -1;
    for (int x = 0; x < m && d; x++) {
        int r = uf_find(parent, x);
        if (block_of[r] < 0)
            block_of[r] = k++;
        block_of[x] = block_of[r];
    }
    rc = d;
free_parent:
    free(parent);
    return rc;
}

/* A transversal of the k blocks: t_X, an element of the group mapping B
 * (the block of 0, its d points in increasing order) onto block X, as the
 * images c->t[X*d + j] = t_X(B[j]); c->pos_in[x] = j for x = t_X(B[j]).
 * Found breadth first over the blocks. */
static int block_transversal(constituent *c, int ngens, const gt_point *const *gens)
{
    int m = c->m, d = c->d, len = 1, *t = c->t;
    int *queue = malloc((size_t)c->k * sizeof *queue);
    unsigned char *found = calloc((size_t)c->k, 1);
    if (!queue || !found) {
        free(queue);
        free(found);
        return GT_ERR_NOMEM;
    }
    for (int x = 0, j = 0; x < m; x++)
        if (c->block_of[x] == 0) {
            t[j] = x;
            c->pos_in[x] = j++;
        }
    found[0] = 1;
    queue[0] = 0;
    for (int q = 0; q < len; q++)
        for (int s = 0; s < ngens; s++) {
            int X = queue[q], Y = c->block_of[gens[s][t[X * d]]];
            if (found[Y])
                continue;
            found[Y] = 1;
            queue[len++] = Y;
            for (int j = 0; j < d; j++) {
                t[Y * d + j] = gens[s][t[X * d + j]];
                c->pos_in[t[Y * d + j]] = j;
            }
        }
    free(queue);
    free(found);
    return GT_OK;
}

/* The action on the k blocks (sigma, degree k) and the generators of the
 * stabiliser of B restricted to B (stab, degree d), by Schreier's lemma:
 * the t_X · s · t_{X^s}^-1 generate the stabiliser of B. */
static int block_actions(constituent *c, int ngens, const gt_point *const *gens, genset *sigma, genset *stab)
{
    int k = c->k, d = c->d, rc = GT_ERR_NOMEM;
    gt_point *p = malloc((size_t)c->m * sizeof *p);
    c->t = malloc((size_t)c->m * sizeof *c->t);
    c->pos_in = malloc((size_t)c->m * sizeof *c->pos_in);
    if (!p || !c->t || !c->pos_in || (rc = block_transversal(c, ngens, gens)) < 0)
        goto free_perm;
    sigma->m = k;
    stab->m = d;
    for (int s = 0; s < ngens && rc == GT_OK; s++) {
        for (int X = 0; X < k; X++)
            p[X] = (gt_point)c->block_of[gens[s][c->t[X * d]]];
        rc = genset_add(sigma, p);
        for (int X = 0; X < k && rc == GT_OK; X++) {
            for (int j = 0; j < d; j++)
                p[j] = (gt_point)c->pos_in[gens[s][c->t[X * d + j]]];
            rc = genset_add(stab, p);
        }
    }
    if (rc == GT_OK && (rc = genset_ptrs(sigma)) == GT_OK)
        rc = genset_ptrs(stab);
free_perm:
    free(p);
    return rc;
}

/* ---- the bound --------------------------------------------------------------- */

static int bound_of(int n, int ngens, const gt_point *const *gens, int top, const gt_group_options *opt,
                    build_ctl *ctl, mpz_t U);

/* The exact order of <gens> by Schreier–Sims without bound or giant test. */
static int exact_order(int m, int ngens, const gt_point *const *gens, const gt_group_options *opt, build_ctl *ctl,
                       mpz_t U)
{
    gt_group *g = gt_group_alloc(m, opt);
    if (!g)
        return GT_ERR_NOMEM;
    const char *phase = ctl->phase;
    int rc = gt_group_build_chain(g, ngens, gens, opt, ctl, BUILD_NO_BOUND | BUILD_NO_GIANT, NULL);
    ctl->phase = phase;
    if (rc == GT_OK)
        gt_group_order(g, U);
    gt_group_free(g);
    return rc < 0 ? rc : 1;
}

/* The size of the span of the generators' invariants (first_block: the
 * block invariants only). */
static int gens_span(const constituent *c, int ngens, const gt_point *const *gens, int first_block, mpz_t out)
{
    int cols = 0, primes[CONSTITUENT_MAX_INVARIANTS];
    int *vals = malloc(((size_t)ngens + 1) * CONSTITUENT_MAX_INVARIANTS * sizeof *vals);
    if (!vals)
        return GT_ERR_NOMEM;
    for (int s = 0; s < ngens; s++)
        cols = gt_constituent_invariants(c, gens[s], first_block, vals + (size_t)s * CONSTITUENT_MAX_INVARIANTS, primes);
    /* rows are CONSTITUENT_MAX_INVARIANTS apart: repack them cols apart */
    for (int s = 0; s < ngens; s++)
        for (int j = 0; j < cols; j++)
            vals[s * cols + j] = vals[s * CONSTITUENT_MAX_INVARIANTS + j];
    int rc = gt_invariant_span(ngens, cols, vals, primes, out);
    free(vals);
    return rc;
}

/* 1 if a generator is odd on the blocks. */
static int blocks_odd(const constituent *c, int ngens, const gt_point *const *gens)
{
    int val[CONSTITUENT_MAX_INVARIANTS], prime[CONSTITUENT_MAX_INVARIANTS];
    for (int s = 0; s < ngens; s++)
        if (gt_constituent_invariants(c, gens[s], 1, val, prime) > 0 && val[0])
            return 1;
    return 0;
}

/* Imprimitive, G ≤ K ≀ G^Σ (Kaloujnine–Krasner): |G| <= bound(G^Σ) ·
 * bound(K)^k, divided by the image of K ≀ G^Σ under the block invariants
 * ψ (at least 2 if G^Σ has an odd element, times p for a cyclic K of
 * order p) and multiplied by the image of G (the span of its generators'). */
static int bound_imprimitive(constituent *c, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                             build_ctl *ctl, mpz_t U)
{
    genset sigma = {0}, stab = {0};
    mpz_t V, S;
    mpz_inits(V, S, NULL);
    int rc = block_actions(c, ngens, gens, &sigma, &stab);
    if (rc == GT_OK)
        rc = gt_constituent_cyclic_stabiliser(c, stab.count, stab.ptrs);
    if (rc == GT_OK && (rc = bound_of(sigma.m, sigma.count, sigma.ptrs, 0, opt, ctl, U)) == 1) {
        if (c->p)
            mpz_set_ui(V, (unsigned long)c->p); /* K is exactly Z/p */
        else
            rc = bound_of(stab.m, stab.count, stab.ptrs, 0, opt, ctl, V);
    }
    if (rc == 1 && (rc = gens_span(c, ngens, gens, 1, S)) == GT_OK) {
        mpz_pow_ui(V, V, (unsigned long)c->k);
        mpz_mul(U, U, V);
        mpz_mul(U, U, S);
        mpz_fdiv_q_ui(U, U, (blocks_odd(c, ngens, gens) ? 2ul : 1ul) * (c->p ? (unsigned long)c->p : 1ul));
        rc = 1;
    }
    mpz_clears(V, S, NULL);
    genset_free(&sigma);
    genset_free(&stab);
    return rc == GT_ERR_RANGE ? 0 : rc;
}

/* A transitive group on m points (c->m = m on entry): giant, imprimitive or
 * primitive. With top set (the group being built itself) a primitive group
 * has no bound short of the chain itself: returns 0. */
static int bound_transitive(constituent *c, int ngens, const gt_point *const *gens, int top,
                            const gt_group_options *opt, build_ctl *ctl, mpz_t U)
{
    giant_result res;
    int m = c->m;
    uint64_t seed = opt && opt->seed ? opt->seed : 0xB0B0ull;
    int rc = m >= 8 ? gt_giant_test(m, ngens, gens, m, seed, ctl, &res) : 0;
    if (rc < 0)
        return rc;
    if (rc == 1) {
        mpz_fac_ui(U, (unsigned long)m);
        if (res.kind == GT_GIANT_ALTERNATING)
            mpz_tdiv_q_ui(U, U, 2);
        return 1;
    }
    if (!(c->block_of = malloc((size_t)m * sizeof *c->block_of)))
        return GT_ERR_NOMEM;
    int d = find_blocks(m, ngens, gens, ctl, c->block_of);
    if (d < 0)
        return d;
    if (d > 0) {
        c->d = d;
        c->k = m / d;
        return bound_imprimitive(c, ngens, gens, opt, ctl, U);
    }
    return top ? 0 : exact_order(m, ngens, gens, opt, ctl, U);
}

/* The orbits of <gens>, their points grouped: the points of orbit o are
 * pts[start[o] .. start[o+1]-1], idx[x] = the position of x in its orbit. */
typedef struct orbit_list {
    int count;
    int *orbit_of, *start, *idx;
    gt_point *pts;
    unsigned char *skip;   /* a fixed point, or the same action as an earlier orbit */
} orbit_list;

static void orbit_list_free(orbit_list *o)
{
    free(o->skip);
    free(o->orbit_of);
    free(o->start);
    free(o->idx);
    free(o->pts);
}

static int orbit_list_make(int n, int ngens, const gt_point *const *gens, orbit_list *o)
{
    memset(o, 0, sizeof *o);
    o->orbit_of = malloc((size_t)n * sizeof *o->orbit_of);
    o->start = calloc((size_t)n + 1, sizeof *o->start);
    o->idx = malloc((size_t)n * sizeof *o->idx);
    o->pts = malloc((size_t)n * sizeof *o->pts);
    if (!o->orbit_of || !o->start || !o->idx || !o->pts)
        return GT_ERR_NOMEM;
    int rc = o->count = gt_perm_orbits(n, ngens, gens, o->orbit_of);
    if (rc < 0)
        return rc;
    for (int x = 0; x < n; x++)
        o->start[o->orbit_of[x] + 1]++;
    for (int k = 0; k < o->count; k++)
        o->start[k + 1] += o->start[k];
    int *fill = calloc((size_t)o->count + 1, sizeof *fill);
    if (!fill)
        return GT_ERR_NOMEM;
    for (int x = 0; x < n; x++) { /* points in increasing order within each orbit */
        int b = o->orbit_of[x];
        o->idx[x] = fill[b];
        o->pts[o->start[b] + fill[b]++] = (gt_point)x;
    }
    free(fill);
    if (!(o->skip = calloc((size_t)o->count + 1, 1)))
        return GT_ERR_NOMEM;
    for (int b = 0; b < o->count; b++)
        o->skip[b] = o->start[b + 1] - o->start[b] == 1;
    return GT_OK;
}

/* 1 if f: orbit a -> orbit b with f(pts_a[0]) = y and f(s(x)) = s(f(x))
 * for every generator is a bijection (f: n ints of scratch, -1 outside). */
static int equivalent_at(const orbit_list *o, int ngens, const gt_point *const *gens, int a, int y, int *f,
                         unsigned char *used, gt_point *queue)
{
    int m = o->start[a + 1] - o->start[a], len = 1, ok = 1;
    const gt_point *pa = o->pts + o->start[a];
    for (int x = 0; x < m; x++)
        f[pa[x]] = -1;
    for (int x = 0; x < m; x++)
        used[x] = 0;
    f[pa[0]] = y;
    used[o->idx[y]] = 1;
    queue[0] = pa[0];
    for (int q = 0; q < len && ok; q++)
        for (int s = 0; s < ngens && ok; s++) {
            gt_point x = gens[s][queue[q]], fy = gens[s][f[queue[q]]];
            if (f[x] >= 0) {
                ok = f[x] == fy;
            } else if (used[o->idx[fy]]) {
                ok = 0;
            } else {
                f[x] = fy;
                used[o->idx[fy]] = 1;
                queue[len++] = x;
            }
        }
    return ok;
}

/* A cheap fingerprint of the action on orbit b: per generator, the sum of
 * the squares of its cycle lengths there. Equivalent actions agree on it. */
static uint64_t orbit_fingerprint(const orbit_list *o, int ngens, const gt_point *const *gens, int b,
                                  unsigned char *seen)
{
    uint64_t h = (uint64_t)(o->start[b + 1] - o->start[b]);
    const gt_point *pb = o->pts + o->start[b];
    for (int s = 0; s < ngens; s++) {
        uint64_t sum = 0;
        for (int x = 0; x < o->start[b + 1] - o->start[b]; x++)
            seen[pb[x]] = 0;
        for (int x = 0; x < o->start[b + 1] - o->start[b]; x++) {
            uint64_t len = 0;
            for (gt_point y = pb[x]; !seen[y]; y = gens[s][y], len++)
                seen[y] = 1;
            sum += len * len;
        }
        h = h * 0x100000001b3ull ^ sum;
    }
    return h;
}

/* Skips every orbit on which the group acts as on an earlier one: the
 * kernel of the action on the earlier orbit fixes it too, so it changes
 * neither the order nor the bound (the 4x4x4's wings: two orbits of 24
 * facelets, one per side of the 24 pieces). */
static int skip_equivalent_orbits(int n, int ngens, const gt_point *const *gens, orbit_list *o)
{
    int *f = malloc((size_t)n * sizeof *f);
    uint64_t *print = malloc(((size_t)o->count + 1) * sizeof *print);
    unsigned char *used = malloc((size_t)n + 1);
    gt_point *queue = malloc((size_t)n * sizeof *queue);
    int rc = f && print && used && queue ? GT_OK : GT_ERR_NOMEM;
    for (int b = 0; b < o->count && rc == GT_OK; b++) {
        if (o->skip[b])
            continue;
        print[b] = orbit_fingerprint(o, ngens, gens, b, used);
        for (int a = 0; a < b && !o->skip[b]; a++) {
            if (o->skip[a] || print[a] != print[b])
                continue;
            const gt_point *pb = o->pts + o->start[b];
            for (int j = 0; j < o->start[b + 1] - o->start[b] && !o->skip[b]; j++)
                o->skip[b] = (unsigned char)equivalent_at(o, ngens, gens, a, pb[j], f, used, queue);
        }
    }
    free(f);
    free(print);
    free(used);
    free(queue);
    return rc;
}

/* The bounds of the non-trivial orbits' constituents: B[j] and cs[j] for
 * the j-th non-trivial orbit (of r). Returns 1, 0 (no bound) or GT_ERR_*. */
static int bound_orbits(const orbit_list *o, int ngens, const gt_point *const *gens, int top, int r,
                        const gt_group_options *opt, build_ctl *ctl, constituent *cs, mpz_t *B)
{
    int rc = 1;
    for (int b = 0, j = 0; b < o->count && rc == 1; b++) {
        int m = o->start[b + 1] - o->start[b];
        if (o->skip[b])
            continue;
        genset cg = {0};
        cs[j].m = m;
        if ((rc = restrict_gens(ngens, gens, m, o->pts + o->start[b], o->idx, &cg)) == GT_OK)
            rc = bound_transitive(&cs[j], cg.count, cg.ptrs, top && r == 1, opt, ctl, B[j]);
        if (rc == GT_ERR_RANGE)
            rc = 0;
        genset_free(&cg);
        j++;
    }
    return rc;
}

/* Every generator's invariants on every non-trivial orbit, one row per
 * generator (cols columns; orbit j's from first[j] to first[j+1]-1). */
static int all_invariants(const orbit_list *o, int ngens, const gt_point *const *gens, const constituent *cs,
                          int r, int *vals, int *primes, int *first)
{
    gt_point *rel = malloc(((size_t)o->start[o->count] + 1) * sizeof *rel);
    if (!rel)
        return GT_ERR_NOMEM;
    int cols = r * CONSTITUENT_MAX_INVARIANTS;
    memset(first, 0, ((size_t)r + 1) * sizeof *first);
    for (int k = 0; k < ngens; k++) {
        int col = 0;
        for (int b = 0, j = 0; b < o->count; b++) {
            const gt_point *pts = o->pts + o->start[b];
            int m = o->start[b + 1] - o->start[b];
            if (o->skip[b])
                continue;
            for (int x = 0; x < m; x++)
                rel[x] = (gt_point)o->idx[gens[k][pts[x]]];
            first[j] = col;
            col += gt_constituent_invariants(&cs[j], rel, 0, vals + (size_t)k * cols + col, primes + col);
            j++;
        }
        first[r] = col;
    }
    free(rel);
    return first[r];
}

/* Over the orbits: G ≤ Π G_j, and with φ the invariants of all orbits,
 * |G| = |ker φ| · |φ(G)| <= Π (B_j / |φ_j(G_j)|) · |φ(G)|. */
static int combine_orbits(const orbit_list *o, int ngens, const gt_point *const *gens, const constituent *cs,
                          int r, mpz_t *B, mpz_t U)
{
    int width = r * CONSTITUENT_MAX_INVARIANTS, rc = GT_ERR_NOMEM;
    int *vals = malloc(((size_t)ngens * width + 1) * sizeof *vals), *primes = malloc(((size_t)width + 1) * sizeof *primes);
    int *first = malloc(((size_t)r + 1) * sizeof *first), *sub = malloc(((size_t)ngens * CONSTITUENT_MAX_INVARIANTS + 1) * sizeof *sub);
    mpz_t S;
    mpz_init(S);
    if (!vals || !primes || !first || !sub || (rc = all_invariants(o, ngens, gens, cs, r, vals, primes, first)) < 0)
        goto clear_sum;
    int cols = rc;
    for (int k = 0; k < ngens; k++) /* rows were laid out width apart */
        memmove(vals + (size_t)k * cols, vals + (size_t)k * width, (size_t)cols * sizeof *vals);
    if ((rc = gt_invariant_span(ngens, cols, vals, primes, U)) < 0)
        goto clear_sum;
    for (int j = 0; j < r; j++) {
        int w = first[j + 1] - first[j];
        for (int k = 0; k < ngens; k++)
            memcpy(sub + (size_t)k * w, vals + (size_t)k * cols + first[j], (size_t)w * sizeof *sub);
        if ((rc = gt_invariant_span(ngens, w, sub, primes + first[j], S)) < 0)
            goto clear_sum;
        mpz_fdiv_q(S, B[j], S);
        mpz_mul(U, U, S);
    }
    rc = 1;
clear_sum:
    mpz_clear(S);
    free(vals);
    free(primes);
    free(first);
    free(sub);
    return rc;
}

/* The bound of <gens> on n points (any number of orbits). */
static int bound_of(int n, int ngens, const gt_point *const *gens, int top, const gt_group_options *opt,
                    build_ctl *ctl, mpz_t U)
{
    orbit_list o;
    int r = 0, rc = orbit_list_make(n, ngens, gens, &o);
    constituent *cs = NULL;
    mpz_t *B = NULL;
    if (rc == GT_OK)
        rc = skip_equivalent_orbits(n, ngens, gens, &o);
    for (int b = 0; rc == GT_OK && b < o.count; b++)
        r += !o.skip[b];
    if (rc == GT_OK && r == 0) {
        mpz_set_ui(U, 1);
        rc = 1;
        goto free_bounds;
    }
    if (rc < 0 || !(cs = calloc((size_t)r, sizeof *cs)) || !(B = malloc((size_t)r * sizeof *B))) {
        rc = rc < 0 ? rc : GT_ERR_NOMEM;
        goto free_bounds;
    }
    for (int j = 0; j < r; j++)
        mpz_init(B[j]);
    if ((rc = bound_orbits(&o, ngens, gens, top, r, opt, ctl, cs, B)) == 1)
        rc = combine_orbits(&o, ngens, gens, cs, r, B, U);
    for (int j = 0; j < r; j++) {
        mpz_clear(B[j]);
        gt_constituent_free(&cs[j]);
    }
free_bounds:
    free(B);
    free(cs);
    orbit_list_free(&o);
    return rc;
}

int gt_group_order_bound(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt, build_ctl *ctl,
                mpz_t U)
{
    return bound_of(n, ngens, gens, 1, opt, ctl, U);
}
