/* The inside of gt_group, shared by the files that build and read it
 * (permgroup*.c): the stabiliser chain, the construction's clock and
 * progress, the random elements, the giant test and the order bound.
 * Included only from common/groups and by tests. */
#ifndef GODTAB_PERMGROUP_INTERNAL_H
#define GODTAB_PERMGROUP_INTERNAL_H

#include "permgroup.h"

#include <stddef.h>

/* ---- the chain ------------------------------------------------------------ */

/* One level of the chain. The Schreier tree is stored as one edge label per
 * orbit point (a Schreier vector): edge[x] is the pool index of the strong
 * generator s with s[parent] = x (-2 at the root, -1 outside the orbit). The
 * representatives u_x (u_x[base] = x) are products along the tree path. They
 * are cached explicitly, with their inverses, while the group's cache budget
 * lasts, because sifting then costs one product per level instead of one per
 * tree edge on the path; beyond the budget (large degrees: S_n needs n^3
 * bytes) a level keeps only its Schreier vector and sifting walks the tree.
 *
 * A giant level (giant != GT_GIANT_NONE) belongs to the chain of Sym(Ω) or
 * Alt(Ω) written down directly: level i has base Ω[i], orbit Ω[i..m-1]
 * (orbit points into the group's giant_points), no generators, no tree;
 * its representatives are computed on demand (gt_giant_rep). */
typedef struct chain_level {
    gt_point base;
    int giant;          /* GT_GIANT_* */
    int ngens;
    size_t capgens;
    int *gens;          /* pool indices of the strong generators fixing b_0..b_{i-1} */
    int orbit_len;
    gt_point *orbit;    /* orbit points in breadth-first order (orbit[0] = base) */
    int32_t *edge;      /* [n] Schreier vector, see above (NULL for a giant level) */
    int32_t *pos;       /* [n] index in orbit[], -1 outside (NULL for a giant level) */
    gt_point *rep;      /* orbit_len × n: u_x for x = orbit[k] at rep + k*n */
    gt_point *rep_inv;  /* orbit_len × n: u_x^-1 */
    int rep_cap;        /* capacity of rep/rep_inv in permutations, 0 = not cached */
    int depth;          /* height of the Schreier tree */
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
    int giant_m;               /* giant: |Ω| */
    gt_point *giant_points;    /* giant: Ω in base order */
    int32_t *giant_pos;        /* giant: [n] index in giant_points, -1 outside Ω */
};

static inline gt_point *pool_perm(const gt_group *g, int k) { return g->pool + (size_t)k * g->n; }
static inline gt_point *pool_inv(const gt_group *g, int k) { return g->pool_inv + (size_t)k * g->n; }

/* The index of x in the level's orbit list, -1 if x is outside the orbit. */
static inline int level_pos(const gt_group *g, const chain_level *L, gt_point x)
{
    if (!L->giant)
        return L->pos[x];
    int k = g->giant_pos[x], first = (int)(L->orbit - g->giant_points);
    return k >= first ? k - first : -1;
}

/* permgroup_chain.c */
int gt_chain_pool_add(gt_group *g, const gt_point *p);
void gt_chain_level_free(chain_level *L);
int gt_chain_level_push(gt_group *g, gt_point base);
/* Adds the non-identity residue h as a strong generator of levels from..to
 * (to == nlev: a new base point h moves is appended). */
int gt_chain_add_strong(gt_group *g, const gt_point *h, int from, int to);
/* Sifts h in place from level `from` (tmp: n points); returns the level
 * where it dropped out, g->nlev if it passed every level. */
int gt_chain_sift(const gt_group *g, gt_point *h, int from, gt_point *tmp);
/* u_x, the representative of the orbit point x, into out (tmp: n points). */
void gt_chain_rep(const gt_group *g, const chain_level *L, gt_point x, gt_point *out, gt_point *tmp);
/* log10 of the product of the orbit lengths. */
double gt_chain_log10_order(const gt_group *g);
/* A rough count of the point operations the deterministic check would
 * cost once the generator sets are nested. */
double gt_chain_check_cost(const gt_group *g);
/* Adds every strong generator to the levels 1 .. its own, so that
 * <S_j> ⊆ <S_{j-1}>: what the check needs (docs/groups.md). */
int gt_chain_make_nested(gt_group *g);

/* ---- the construction's clock, limits and progress (permgroup_ctl.c) ---- */

typedef struct build_ctl {
    double start, deadline, every, next_report;
    const volatile int *cancel;
    gt_group_progress_fn progress;
    void *ctx;
    const char *phase;
    int check_level;
} build_ctl;

void gt_build_ctl_init(build_ctl *c, const gt_group_limits *lim);
/* GT_OK, GT_ERR_TIMEOUT or GT_ERR_INTERRUPT; reports progress on g when due
 * (g may be NULL). */
int gt_build_ctl_poll(build_ctl *c, const gt_group *g);

/* ---- random elements: product replacement (permgroup_ctl.c) --------------- */

/* Celler, Leedham-Green, Murray, Niemeyer, O'Brien: nearly uniform random
 * elements from a handful of generators. */
typedef struct prodrep {
    int n, slots;
    gt_point *x;   /* slots × n, then the accumulator, then 2 × n scratch */
    gt_rng rng;
} prodrep;

/* Sets up the slots with the generators (ngens >= 1) and mixes them.
 * Return values: GT_OK, GT_ERR_NOMEM. */
int gt_prodrep_init(prodrep *r, int n, int ngens, const gt_point *const *gens, uint64_t seed);
/* The next random element (valid until the next call). */
const gt_point *gt_prodrep_next(prodrep *r);
void gt_prodrep_free(prodrep *r);

/* An upper bound on the order of <gens> (gt_group_order_bound's contract, below). */
typedef int (*gt_group_bound_fn)(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                                 build_ctl *ctl, mpz_t U);

/* Builds the chain (flags: BUILD_*) into the empty group g
 * (permgroup_schreier.c). When the check would be long, bound (if not NULL
 * and not BUILD_NO_BOUND) gives an upper bound the random phase then tries
 * to reach: the caller passes gt_group_order_bound, which itself builds chains. */
enum { BUILD_NO_RANDOM = 1, BUILD_NO_BOUND = 2, BUILD_NO_GIANT = 4 };
int gt_group_build_chain(gt_group *g, int ngens, const gt_point *const *gens, const gt_group_options *opt,
                build_ctl *ctl, int flags, gt_group_bound_fn bound);
/* A new empty group of degree n (cache budget from opt, which may be NULL). */
gt_group *gt_group_alloc(int n, const gt_group_options *opt);

/* ---- giants: Jordan's theorem (permgroup_giant.c) --------------------------- */

/* The orbits of <gens> on 0..n-1: orbit_of[x] = the orbit's number (0, 1, ...
 * in order of their least points). Returns the number of orbits or
 * GT_ERR_NOMEM. */
int gt_perm_orbits(int n, int ngens, const gt_point *const *gens, int *orbit_of);

typedef struct giant_result {
    int kind;        /* GT_GIANT_* (NONE: not proved) */
    int cycle;       /* the prime cycle length found */
    int tries;       /* random elements looked at */
} giant_result;

/* Tests whether <gens> (transitive on the m points it moves) contains
 * Alt of them: 1 proved (res filled), 0 not proved, or GT_ERR_*. */
int gt_giant_test(int n, int ngens, const gt_point *const *gens, int m, uint64_t seed, build_ctl *ctl,
               giant_result *res);
/* Writes down the chain of Sym(Ω) or Alt(Ω) (Ω: the m points support[],
 * increasing) into the empty group g. Return values: GT_OK, GT_ERR_NOMEM. */
int gt_giant_chain(gt_group *g, const gt_point *support, int m, const giant_result *res);
/* The giant level's representative u_x (inverse: u_x^-1) into out. */
void gt_giant_rep(const gt_group *g, const chain_level *L, gt_point x, int inverse, gt_point *out);
/* Recognises a giant on the moved points and writes its chain: 1 done, 0
 * not a (proved) giant, or GT_ERR_*. */
int gt_giant_recognise(gt_group *g, int ngens, const gt_point *const *gens, uint64_t seed, build_ctl *ctl);

/* ---- the order bound (permgroup_bound.c, permgroup_invariants.c) ------------ */

/* An upper bound on the order of <gens> into U (mpz_init'ed), with a proof
 * (docs/groups.md): per orbit, n! or n!/2 for a giant constituent, the
 * exact order of a primitive one, for an imprimitive one the bound of the
 * action on a block system times the bound of a block's stabiliser on the
 * block to the power of the number of blocks, divided by what the
 * invariants below rule out; over the orbits, the product divided likewise.
 * Returns 1 (U set), 0 (no bound short of the chain itself: the group is
 * primitive and not a giant), or GT_ERR_*. */
int gt_group_order_bound(int n, int ngens, const gt_point *const *gens, const gt_group_options *opt, build_ctl *ctl,
                mpz_t U);

/* A transitive constituent (m points, renamed 0..m-1) as the bound sees it:
 * its block system if it has one, a transversal of the blocks, and whether
 * the stabiliser K of the block B of 0, acting on B, is cyclic of prime
 * order p. Its invariants are homomorphisms to Z/2 or Z/p, each computed on
 * any element g of the constituent:
 *   the sign of g on the m points;
 *   (blocks) the sign of g on the blocks;
 *   (K cyclic of order p) the K-sum: the product over the blocks X of
 *     t_X · g · t_{X^g}^-1 restricted to B, in K = Z/p (the
 *     Kaloujnine–Krasner coordinates of g; the product does not depend on
 *     the transversal). */
typedef struct constituent {
    int m, d, k;        /* points; block size and number of blocks (d = 0: no blocks) */
    int *block_of;      /* [m] block of each point (B = block 0) */
    int *t;             /* [m] t_X(B[j]) at t[X*d + j] */
    int *pos_in;        /* [m] j such that x = t_X(B[j]) */
    int p;              /* K cyclic of prime order p (0: the K-sum is not used) */
    int *k_exp;         /* [d] k0^k_exp[j] sends B[0] to B[j] (k0 a generator of K) */
} constituent;

#define CONSTITUENT_MAX_INVARIANTS 3

void gt_constituent_free(constituent *c);
/* The invariants of g (m points): values into val[], their primes into
 * prime[]; returns how many (1 to 3). first_block: 1 to leave out the sign
 * on the points (the block invariants only). */
int gt_constituent_invariants(const constituent *c, const gt_point *g, int first_block, int *val, int *prime);
/* Sets c->p and c->k_exp when the block stabiliser's generators (on d
 * points) generate a cyclic group of prime order d. Return values: GT_OK,
 * GT_ERR_NOMEM. */
int gt_constituent_cyclic_stabiliser(constituent *c, int ngens, const gt_point *const *stab_gens);
/* The size of the group generated by rows vectors of cols invariants
 * (vals row by row, primes per column): the product over the primes p of
 * p^(rank mod p of the columns of prime p), into out (the vectors lie in a
 * product of groups of prime order, whose subgroups split by prime).
 * Return values: GT_OK, GT_ERR_NOMEM. */
int gt_invariant_span(int rows, int cols, const int *vals, const int *primes, mpz_t out);

/* Is p prime? (trial division: p is at most a degree, 4096) */
static inline int perm_is_prime(int p)
{
    if (p < 2)
        return 0;
    for (int d = 2; d * d <= p; d++)
        if (p % d == 0)
            return 0;
    return 1;
}

#endif
