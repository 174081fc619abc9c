/* Large permutation groups (issue 10): the alternating and symmetric groups
 * recognised by Jordan's theorem (S_500, A_500, S_4096 from two generators,
 * against mpz_fac_ui), groups that are not (wreath and direct products
 * certified by the order bound, a diagonal that needs the check, Mathieu
 * groups that the giant test must not mistake), the order bound against
 * brute force, and the limits: deadline, cancel flag, progress callback. */
#include "test_util.h"

#include "group_words.h"
#include "gt_error.h"
#include "permgroup.h"
#include "permgroup_internal.h"
#include "puzdef.h"

#include <math.h>

enum { MAXG = 8 };

/* A list of generators of degree n, built cycle by cycle. */
typedef struct gens {
    int n, count;
    gt_point *perm[MAXG];
} gens;

static void gens_init(gens *g, int n)
{
    g->n = n;
    g->count = 0;
}

static void gens_free(gens *g)
{
    for (int k = 0; k < g->count; k++)
        free(g->perm[k]);
}

/* A new generator, the identity; returns it to add cycles to. */
static gt_point *gens_new(gens *g)
{
    assert_true(g->count < MAXG);
    gt_point *p = malloc((size_t)g->n * sizeof *p);
    assert_non_null(p);
    gt_perm_identity(g->n, p);
    g->perm[g->count++] = p;
    return p;
}

/* Adds the cycle (first, first+step, ..., first+(len-1)*step) (0-based) to p. */
static void add_cycle(gt_point *p, int first, int len, int step)
{
    for (int k = 0; k < len; k++)
        p[first + k * step] = (gt_point)(first + ((k + 1) % len) * step);
}

static gt_group *build(const gens *g, const gt_group_options *opt)
{
    gt_group *grp = NULL;
    assert_int_equal(gt_group_create(g->n, g->count, (const gt_point *const *)g->perm, opt, &grp), GT_OK);
    return grp;
}

static void assert_order_equals(const gt_group *grp, const mpz_t want)
{
    mpz_t order;
    mpz_init(order);
    gt_group_order(grp, order);
    if (mpz_cmp(order, want))
        gmp_fprintf(stderr, "order %Zd\nwanted %Zd\n", order, want);
    assert_true(mpz_cmp(order, want) == 0);
    mpz_clear(order);
}

/* S_m or A_m on the points first..first+m-1 of degree n: (1,2) and the
 * m-cycle, or (1,2,3) and the cycle on the others (m even) or all (m odd). */
static void giant_gens(gens *g, int n, int first, int m, int alternating)
{
    gens_init(g, n);
    if (!alternating) {
        add_cycle(gens_new(g), first, 2, 1);
        add_cycle(gens_new(g), first, m, 1);
    } else {
        add_cycle(gens_new(g), first, 3, 1);
        add_cycle(gens_new(g), first + (m % 2 == 0), m - (m % 2 == 0), 1);
    }
}

/* Random permutation of 0..n-1 (Fisher–Yates). */
static void random_perm(int n, gt_point *p, gt_rng *rng)
{
    gt_perm_identity(n, p);
    for (int j = n - 1; j > 0; j--) {
        int r = (int)gt_rng_below(rng, (uint64_t)(j + 1));
        gt_point t = p[j];
        p[j] = p[r];
        p[r] = t;
    }
}

/* Membership in the giant agrees with the sign; representatives send the
 * base point where they should and are even for A_m; random elements are
 * members. */
static void check_giant_membership(const gt_group *grp, int n, int alternating)
{
    gt_point *p = malloc((size_t)n * sizeof *p), *u = malloc((size_t)n * sizeof *u);
    assert_non_null(p);
    assert_non_null(u);
    gt_rng rng = {5};
    for (int k = 0; k < 20; k++) {
        random_perm(n, p, &rng);
        int even = gt_perm_sign(n, p) > 0;
        assert_int_equal(gt_group_contains(grp, p, NULL), alternating ? even : 1);
        gt_group_random_element(grp, &rng, p);
        assert_true(gt_perm_is_valid(n, p));
        assert_int_equal(gt_group_contains(grp, p, NULL), 1);
    }
    int levels[] = {0, 1, gt_group_base_length(grp) - 1};
    for (int l = 0; l < 3; l++)
        for (int x = 0; x < n; x += 1 + n / 40) {
            int i = levels[l], b = gt_group_base_point(grp, i);
            if (!gt_group_transversal(grp, i, x, u))
                continue;
            assert_int_equal(u[b], x);
            for (int j = 0; j < i; j++)
                assert_int_equal(u[gt_group_base_point(grp, j)], gt_group_base_point(grp, j));
            if (alternating)
                assert_int_equal(gt_perm_sign(n, u), 1);
        }
    free(p);
    free(u);
}

static void check_giant(int n, int alternating)
{
    gens g;
    giant_gens(&g, n, 0, n, alternating);
    gt_group *grp = build(&g, NULL);
    mpz_t want;
    mpz_init(want);
    mpz_fac_ui(want, (unsigned long)n);
    if (alternating)
        mpz_tdiv_q_ui(want, want, 2);
    assert_order_equals(grp, want);
    gt_group_stats st;
    gt_group_get_stats(grp, &st);
    assert_int_equal(st.giant, alternating ? GT_GIANT_ALTERNATING : GT_GIANT_SYMMETRIC);
    assert_int_equal(st.giant_degree, n);
    assert_true(2 * st.giant_cycle > n && st.giant_cycle <= n - 3);
    assert_int_equal(gt_group_base_length(grp), alternating ? n - 2 : n - 1);
    check_giant_membership(grp, n, alternating);
    mpz_clear(want);
    gt_group_free(grp);
    gens_free(&g);
}

static void test_symmetric_and_alternating_500(void **state)
{
    (void)state;
    check_giant(500, 0);
    check_giant(500, 1);
    check_giant(499, 1); /* odd degree: (1,2,3) and the full cycle */
}

static void test_giants_4096(void **state)
{
    (void)state;
    check_giant(GT_PERM_MAX_DEGREE, 0);
    check_giant(GT_PERM_MAX_DEGREE, 1);
}

/* Small giants against brute force: every permutation of 8 points. */
static void test_giants_8(void **state)
{
    (void)state;
    for (int alt = 0; alt < 2; alt++) {
        gens g;
        giant_gens(&g, 8, 0, 8, alt);
        gt_group *grp = build(&g, NULL);
        gt_group_stats st;
        gt_group_get_stats(grp, &st);
        assert_int_equal(st.giant, alt ? GT_GIANT_ALTERNATING : GT_GIANT_SYMMETRIC);
        assert_int_equal(st.giant_cycle, 5); /* the only prime with 4 < p < 6 */
        gt_rng rng = {3};
        gt_point p[8];
        for (int k = 0; k < 2000; k++) {
            random_perm(8, p, &rng);
            assert_int_equal(gt_group_contains(grp, p, NULL), alt ? gt_perm_sign(8, p) > 0 : 1);
        }
        gt_group_free(grp);
        gens_free(&g);
    }
}

/* A giant on 20 of 30 points: the other points stay fixed. */
static void test_giant_with_fixed_points(void **state)
{
    (void)state;
    gens g;
    giant_gens(&g, 30, 5, 20, 0);
    gt_group *grp = build(&g, NULL);
    mpz_t want;
    mpz_init(want);
    mpz_fac_ui(want, 20);
    assert_order_equals(grp, want);
    assert_int_equal(gt_group_base_point(grp, 0), 5);
    gt_point p[30];
    gt_perm_identity(30, p);
    p[0] = 1; /* (1,2): outside the support */
    p[1] = 0;
    assert_int_equal(gt_group_contains(grp, p, NULL), 0);
    p[0] = 0;
    p[1] = 1;
    p[5] = 24; /* (6,25): inside */
    p[24] = 5;
    assert_int_equal(gt_group_contains(grp, p, NULL), 1);
    mpz_clear(want);
    gt_group_free(grp);
    gens_free(&g);
}

/* Transitive groups that are not giants are never taken for one (the
 * positive answer is a proof): M_11, M_12, PSL(2,11), the 2x2x2. */
static void test_not_giants(void **state)
{
    (void)state;
    static const struct {
        int n;
        const char *gens[3];
        unsigned long order;
    } cases[] = {
        {11, {"(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)", NULL}, 7920},
        {12, {"(1,2,3,4,5,6,7,8,9,10,11)", "(3,7,11,8)(4,10,5,6)", "(1,12)(2,11)(3,6)(4,8)(5,9)(7,10)"}, 95040},
        /* PSL(2,11) on the projective line, 12 = infinity: x+1 and -1/x */
        {12, {"(1,2,3,4,5,6,7,8,9,10,11)", "(1,12)(2,11)(3,6)(4,8)(5,9)(7,10)", NULL}, 660},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        gens g;
        gt_puzdef_error err;
        gens_init(&g, cases[c].n);
        for (int k = 0; k < 3 && cases[c].gens[k]; k++)
            assert_int_equal(gt_perm_parse(g.n, cases[c].gens[k], gens_new(&g), &err), GT_OK);
        gt_group *grp = build(&g, NULL);
        gt_group_stats st;
        gt_group_get_stats(grp, &st);
        assert_int_equal(st.giant, GT_GIANT_NONE);
        assert_true(st.giant_tries > 0);
        mpz_t want;
        mpz_init_set_ui(want, cases[c].order);
        assert_order_equals(grp, want);
        mpz_clear(want);
        gt_group_free(grp);
        gens_free(&g);
    }
}

/* S_d wr S_k on d·k points (block b is b·d .. b·d+d-1): (1,2), a d-cycle on
 * the first block, the k-cycle of the blocks, the swap of the first two. */
static void wreath_gens(gens *g, int d, int k)
{
    gens_init(g, d * k);
    add_cycle(gens_new(g), 0, 2, 1);
    add_cycle(gens_new(g), 0, d, 1);
    gt_point *c = gens_new(g), *s = gens_new(g);
    for (int j = 0; j < d; j++) {
        add_cycle(c, j, k, d);
        add_cycle(s, j, 2, d);
    }
}

/* |S_d wr S_k| = d!^k · k! */
static void wreath_order(int d, int k, mpz_t want)
{
    mpz_t f;
    mpz_init(f);
    mpz_fac_ui(f, (unsigned long)d);
    mpz_pow_ui(want, f, (unsigned long)k);
    mpz_fac_ui(f, (unsigned long)k);
    mpz_mul(want, want, f);
    mpz_clear(f);
}

static void test_wreath_products(void **state)
{
    (void)state;
    static const int dk[][2] = {{5, 40}, {2, 250}, {10, 30}, {3, 4}};
    for (size_t c = 0; c < sizeof dk / sizeof *dk; c++) {
        gens g;
        mpz_t want;
        mpz_init(want);
        wreath_gens(&g, dk[c][0], dk[c][1]);
        wreath_order(dk[c][0], dk[c][1], want);
        gt_group *grp = build(&g, NULL);
        assert_order_equals(grp, want);
        gt_group_stats st;
        gt_group_get_stats(grp, &st);
        assert_int_equal(st.giant, GT_GIANT_NONE);
        if (g.n >= 200) /* big enough for the check to be worth avoiding */
            assert_int_equal(st.bound_certified, 1);
        gt_group_free(grp);
        /* the plain deterministic algorithm agrees on the small one */
        if (g.n <= 12) {
            gt_group_options det = {.random_sifts = -1};
            grp = build(&g, &det);
            assert_order_equals(grp, want);
            gt_group_free(grp);
        }
        mpz_clear(want);
        gens_free(&g);
    }
}

/* S_250 × S_250: two giant constituents, the bound 250!^2 is the order. */
static void test_direct_product(void **state)
{
    (void)state;
    gens g;
    mpz_t want;
    mpz_init(want);
    gens_init(&g, 500);
    add_cycle(gens_new(&g), 0, 2, 1);
    add_cycle(gens_new(&g), 0, 250, 1);
    add_cycle(gens_new(&g), 250, 2, 1);
    add_cycle(gens_new(&g), 250, 250, 1);
    gt_group *grp = build(&g, NULL);
    mpz_fac_ui(want, 250);
    mpz_mul(want, want, want);
    assert_order_equals(grp, want);
    gt_group_stats st;
    gt_group_get_stats(grp, &st);
    assert_int_equal(st.bound_certified, 1);
    gt_group_free(grp);
    gens_free(&g);
    mpz_clear(want);
}

/* S_120 acting the same way on two copies of 120 points: the second orbit
 * is recognised as equivalent to the first and left out of the bound, which
 * is then 120!, the order. (Before issue 10 the chain came out 120!·118/119:
 * the check relied on generator sets that were not nested.) */
static void test_diagonal(void **state)
{
    (void)state;
    gens g;
    mpz_t want;
    mpz_init(want);
    gens_init(&g, 240);
    gt_point *t = gens_new(&g), *c = gens_new(&g);
    add_cycle(t, 0, 2, 1);
    add_cycle(t, 120, 2, 1);
    add_cycle(c, 0, 120, 1);
    add_cycle(c, 120, 120, 1);
    mpz_fac_ui(want, 120);
    for (int det = 0; det < 2; det++) {
        gt_group_options opt = {.random_sifts = det ? -1 : 0};
        if (det) { /* the plain algorithm on a smaller copy: S_40 on 2 × 40 points */
            gens_free(&g);
            gens_init(&g, 80);
            t = gens_new(&g);
            c = gens_new(&g);
            add_cycle(t, 0, 2, 1);
            add_cycle(t, 40, 2, 1);
            add_cycle(c, 0, 40, 1);
            add_cycle(c, 40, 40, 1);
            mpz_fac_ui(want, 40);
        }
        gt_group *grp = build(&g, &opt);
        assert_order_equals(grp, want);
        gt_group_stats st;
        gt_group_get_stats(grp, &st);
        assert_int_equal(st.bound_certified, !det);
        gt_group_free(grp);
    }
    gens_free(&g);
    mpz_clear(want);
}

/* S_30 on its 30 points and on the 435 pairs of them: the bound (30!^2
 * divided by the sign invariants) is far above the order 30!, so the random
 * phase cannot reach it and the (nested) Schreier generator check decides. */
static void test_points_and_pairs(void **state)
{
    (void)state;
    enum { N = 30, PAIRS = N * (N - 1) / 2 };
    int pair_index[N][N];
    for (int a = 0, k = N; a < N; a++)
        for (int b = a + 1; b < N; b++)
            pair_index[a][b] = pair_index[b][a] = k++;
    gens g;
    gens_init(&g, N + PAIRS);
    gt_point *img[2] = {gens_new(&g), gens_new(&g)};
    for (int s = 0; s < 2; s++) {
        int f[N];
        for (int x = 0; x < N; x++)
            f[x] = s ? (x + 1) % N : x < 2 ? 1 - x : x; /* the 30-cycle, the transposition (1,2) */
        for (int x = 0; x < N; x++)
            img[s][x] = (gt_point)f[x];
        for (int a = 0; a < N; a++)
            for (int b = a + 1; b < N; b++)
                img[s][pair_index[a][b]] = (gt_point)pair_index[f[a]][f[b]];
    }
    gt_group *grp = build(&g, NULL);
    mpz_t want;
    mpz_init(want);
    mpz_fac_ui(want, N);
    assert_order_equals(grp, want);
    gt_group_stats st;
    gt_group_get_stats(grp, &st);
    assert_int_equal(st.bound_certified, 0);
    assert_true(st.schreier_checked > 0);
    mpz_clear(want);
    gt_group_free(grp);
    gens_free(&g);
}

/* gt_group_order_bound on small random groups: never below the order; equal for
 * the products it is built for. */
static void test_bound_small_groups(void **state)
{
    (void)state;
    gt_rng rng = {11};
    mpz_t U, order;
    mpz_inits(U, order, NULL);
    int equal = 0;
    for (int trial = 0; trial < 300; trial++) {
        int n = 2 + (int)gt_rng_below(&rng, 11), ngens = 1 + (int)gt_rng_below(&rng, 3);
        gt_point p[3][12];
        const gt_point *ptrs[3];
        for (int k = 0; k < ngens; k++) {
            random_perm(n, p[k], &rng);
            if (gt_rng_below(&rng, 2)) { /* often a sparse one: intransitive groups */
                gt_perm_identity(n, p[k]);
                int a = (int)gt_rng_below(&rng, (uint64_t)n), b = (int)gt_rng_below(&rng, (uint64_t)n);
                p[k][a] = (gt_point)b;
                p[k][b] = (gt_point)a;
            }
            ptrs[k] = p[k];
        }
        gt_group *grp;
        gt_group_options det = {.random_sifts = -1};
        assert_int_equal(gt_group_create(n, ngens, ptrs, &det, &grp), GT_OK);
        gt_group_order(grp, order);
        gt_group_free(grp);
        build_ctl ctl;
        gt_build_ctl_init(&ctl, NULL);
        int rc = gt_group_order_bound(n, ngens, ptrs, NULL, &ctl, U);
        assert_true(rc == 0 || rc == 1);
        if (rc == 1) {
            assert_true(mpz_cmp(U, order) >= 0);
            equal += mpz_cmp(U, order) == 0;
        }
    }
    assert_true(equal > 50);
    mpz_clears(U, order, NULL);
}

/* The check alone (random phase, no bound) on diagonals: S_m acting the
 * same way on two copies of m points, the kind of group the one-level
 * generator sets got wrong before issue 10 (S_120: 120!·118/119). */
static void test_check_without_bound(void **state)
{
    (void)state;
    mpz_t want;
    mpz_init(want);
    for (int m = 30; m <= 60; m += 10) {
        gens g;
        gens_init(&g, 2 * m);
        gt_point *t = gens_new(&g), *c = gens_new(&g);
        add_cycle(t, 0, 2, 1);
        add_cycle(t, m, 2, 1);
        add_cycle(c, 0, m, 1);
        add_cycle(c, m, m, 1);
        mpz_fac_ui(want, (unsigned long)m);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            gt_group_options opt = {.seed = seed, .random_sifts = 1 + (int)seed % 3};
            gt_group *grp = gt_group_alloc(2 * m, &opt);
            assert_non_null(grp);
            build_ctl ctl;
            gt_build_ctl_init(&ctl, NULL);
            assert_int_equal(gt_group_build_chain(grp, 2, (const gt_point *const *)g.perm, &opt, &ctl, BUILD_NO_BOUND, NULL), GT_OK);
            assert_order_equals(grp, want);
            gt_group_free(grp);
        }
        gens_free(&g);
    }
    mpz_clear(want);
}

/* The bound is the exact order of the shipped cubes: the signs, the twist
 * and the flip invariants account for every constraint. */
static void test_bound_cubes(void **state)
{
    (void)state;
    const char *files[] = {GODTAB_ROOT "/puzzles/cube3_seed48.def", GODTAB_ROOT "/puzzles/cube4.def",
                           GODTAB_ROOT "/puzzles/cube2.def", GODTAB_ROOT "/puzzles/cube2_urf.def",
                           GODTAB_ROOT "/puzzles/taquin_labelled.def"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        gt_puzdef *def;
        gt_puzdef_error err;
        const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
        assert_int_equal(gt_puzdef_load(files[f], &def, &err), GT_OK);
        gt_puzdef_gen_ptrs(def, ptrs);
        gt_group *grp;
        gt_group_options det = {.random_sifts = -1};
        assert_int_equal(gt_group_create(def->degree, def->ngens, ptrs, &det, &grp), GT_OK);
        mpz_t U, order;
        mpz_inits(U, order, NULL);
        gt_group_order(grp, order);
        build_ctl ctl;
        gt_build_ctl_init(&ctl, NULL);
        assert_int_equal(gt_group_order_bound(def->degree, def->ngens, ptrs, NULL, &ctl, U), 1);
        if (f < 4) /* the cubes: exact */
            assert_true(mpz_cmp(U, order) == 0);
        assert_true(mpz_cmp(U, order) >= 0);
        mpz_clears(U, order, NULL);
        gt_group_free(grp);
        gt_puzdef_free(def);
    }
}

/* ---- limits ------------------------------------------------------------------- */

typedef struct seen_progress {
    int calls, bad;
} seen_progress;

static void on_progress(const gt_group_progress *p, void *ctx)
{
    seen_progress *s = ctx;
    s->calls++;
    if (!p->phase || p->elapsed < 0 || p->base_length < 0 || !isfinite(p->log10_order))
        s->bad++;
}

static void test_limits(void **state)
{
    (void)state;
    gens g;
    giant_gens(&g, 60, 0, 60, 0);
    const gt_point *const *ptrs = (const gt_point *const *)g.perm;
    gt_group_options det = {.random_sifts = -1};
    gt_group *grp = NULL;
    /* a deadline already passed: the first poll stops the construction */
    gt_group_limits lim = {.deadline = gt_group_clock() - 1};
    assert_int_equal(gt_group_create_limited(60, 2, ptrs, &det, &lim, &grp), GT_ERR_TIMEOUT);
    assert_null(grp);
    assert_int_equal(gt_group_create_limited(60, 2, ptrs, NULL, &lim, &grp), GT_ERR_TIMEOUT);
    assert_null(grp);
    /* the cancel flag */
    volatile int cancel = 1;
    gt_group_limits stop = {.cancel = &cancel};
    assert_int_equal(gt_group_create_limited(60, 2, ptrs, &det, &stop, &grp), GT_ERR_INTERRUPT);
    assert_null(grp);
    /* progress at every poll; a far deadline changes nothing */
    seen_progress seen = {0, 0};
    gt_group_limits rep = {.deadline = gt_group_clock() + 3600, .progress = on_progress, .progress_ctx = &seen,
                           .progress_every = 1e-9};
    assert_int_equal(gt_group_create_limited(60, 2, ptrs, &det, &rep, &grp), GT_OK);
    assert_true(seen.calls > 0);
    assert_int_equal(seen.bad, 0);
    mpz_t want;
    mpz_init(want);
    mpz_fac_ui(want, 60);
    assert_order_equals(grp, want);
    /* the factorisation table stops at the deadline too */
    gt_words *w = NULL;
    assert_int_equal(gt_words_create_limited(grp, 2, ptrs, &lim, &w), GT_ERR_TIMEOUT);
    assert_null(w);
    mpz_clear(want);
    gt_group_free(grp);
    gens_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_giants_8),
        cmocka_unit_test(test_symmetric_and_alternating_500),
        cmocka_unit_test(test_giants_4096),
        cmocka_unit_test(test_giant_with_fixed_points),
        cmocka_unit_test(test_not_giants),
        cmocka_unit_test(test_wreath_products),
        cmocka_unit_test(test_direct_product),
        cmocka_unit_test(test_diagonal),
        cmocka_unit_test(test_points_and_pairs),
        cmocka_unit_test(test_bound_small_groups),
        cmocka_unit_test(test_check_without_bound),
        cmocka_unit_test(test_bound_cubes),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
