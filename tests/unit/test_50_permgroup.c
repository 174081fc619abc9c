/* Permutation groups: orders, membership and factorisation on the shipped
 * definitions (issue 5). Every expected number below is the one quoted in the
 * issue and the seeds; the code computes it with Schreier–Sims. */
#include "test_util.h"

#include "cubegroup.h"
#include "group_short.h"
#include "group_words.h"
#include "gt_error.h"
#include "permgroup.h"
#include "puzdef.h"

#define PUZ(name) GODTAB_ROOT "/puzzles/" name

typedef struct loaded {
    gt_puzdef *def;
    gt_group *grp;
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
} loaded;

static void load(const char *path, const gt_group_options *opt, loaded *L)
{
    gt_puzdef_error err;
    int rc = gt_puzdef_load(path, &L->def, &err);
    if (rc)
        fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.message);
    assert_int_equal(rc, GT_OK);
    gt_puzdef_gen_ptrs(L->def, L->ptrs);
    assert_int_equal(gt_group_create(L->def->degree, L->def->ngens, L->ptrs, opt, &L->grp), GT_OK);
}

static void unload(loaded *L)
{
    gt_group_free(L->grp);
    gt_puzdef_free(L->def);
}

static void assert_order(const char *path, const char *expected)
{
    loaded L;
    load(path, NULL, &L);
    mpz_t order, want;
    mpz_inits(order, want, NULL);
    gt_group_order(L.grp, order);
    assert_int_equal(mpz_set_str(want, expected, 10), 0);
    if (mpz_cmp(order, want))
        gmp_fprintf(stderr, "%s: order %Zd, expected %s\n", path, order, expected);
    assert_true(mpz_cmp(order, want) == 0);
    /* The product of the orbit lengths is the order (seed 001, 5.3). */
    mpz_set_ui(want, 1);
    for (int i = 0; i < gt_group_base_length(L.grp); i++)
        mpz_mul_ui(want, want, (unsigned long)gt_group_orbit_length(L.grp, i));
    assert_true(mpz_cmp(order, want) == 0);
    mpz_clears(order, want, NULL);
    unload(&L);
}

static void test_order_seed_cube(void **state)
{
    (void)state;
    assert_order(PUZ("cube3_seed48.def"), "43252003274489856000");
}

static void test_order_pocket(void **state)
{
    (void)state;
    assert_order(PUZ("cube2_urf.def"), "3674160");
    assert_order(PUZ("cube2.def"), "88179840");
}

static void test_order_small(void **state)
{
    (void)state;
    assert_order(PUZ("taquin_labelled.def"), "768");
    assert_order(PUZ("seed_n7.def"), "168");
}

/* Seed 003, 2.3: identifying the four same-coloured centres of each face
 * (4!^6 / 2 rearrangements: only the even ones keep sign(centres) =
 * sign(corners)) and the 24 rotations of the whole cube. */
static void test_order_4x4x4(void **state)
{
    (void)state;
    loaded L;
    load(PUZ("cube4.def"), NULL, &L);
    mpz_t order, q, r, f24;
    mpz_inits(order, q, r, f24, NULL);
    gt_group_order(L.grp, order);
    mpz_fac_ui(f24, 24);
    mpz_set(q, f24);
    mpz_mul(q, q, f24);
    mpz_mul_ui(q, q, 2187 /* 3^7 */);
    mpz_mul_ui(q, q, 40320 /* 8! */);
    mpz_tdiv_q_ui(q, q, 2);
    assert_true(mpz_cmp(order, q) == 0); /* |R| = 24!^2 3^7 8! / 2 */
    mpz_ui_pow_ui(r, 24, 6);
    mpz_tdiv_q_ui(r, r, 2);
    mpz_mul_ui(r, r, 24);
    assert_true(mpz_divisible_p(order, r));
    mpz_divexact(q, order, r);
    char *s = mpz_get_str(NULL, 10, q);
    assert_string_equal(s, "7401196841564901869874093974498574336000000000");
    free(s);
    mpz_clears(order, q, r, f24, NULL);
    unload(&L);
}

/* The deterministic algorithm alone, and other random streams, agree. */
static void test_order_independent_of_randomness(void **state)
{
    (void)state;
    const char *files[] = {PUZ("cube3_seed48.def"), PUZ("cube2.def"), PUZ("taquin_labelled.def"),
                           PUZ("seed_n7.def"), PUZ("cube2_urf.def")};
    int additions = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        mpz_t ref, o;
        mpz_inits(ref, o, NULL);
        loaded L;
        load(files[f], NULL, &L);
        gt_group_order(L.grp, ref);
        unload(&L);
        /* deterministic only; short and long random phases; no cached
         * representatives (every sift walks the Schreier trees) */
        gt_group_options opts[] = {{0, -1, 0}, {12345, 3, 0}, {999, 1, 0}, {7, 40, 0}, {5, 0, -1}, {6, -1, -1}};
        for (size_t k = 0; k < sizeof opts / sizeof *opts; k++) {
            load(files[f], &opts[k], &L);
            gt_group_order(L.grp, o);
            assert_true(mpz_cmp(ref, o) == 0);
            gt_group_stats st;
            gt_group_get_stats(L.grp, &st);
            if (opts[k].random_sifts < 0)
                assert_int_equal(st.random_elements, 0);
            additions += st.check_additions;
            unload(&L);
        }
        mpz_clears(ref, o, NULL);
    }
    /* the deterministic check did real work (completing short random phases) */
    assert_true(additions > 0);
}

/* ---- membership on the seed's 48-facet cube -------------------------------- */

typedef struct cube_fixture {
    loaded L;
    gt_cubegroup_map map;
    gt_words *words;
} cube_fixture;

static int setup_cube(void **state)
{
    cube_fixture *c = calloc(1, sizeof *c);
    load(PUZ("cube3_seed48.def"), NULL, &c->L);
    assert_int_equal(gt_cubegroup_match(c->L.def, &c->map), GT_OK);
    assert_int_equal(gt_words_create(c->L.grp, c->L.def->ngens, c->L.ptrs, &c->words), GT_OK);
    *state = c;
    return 0;
}

static int teardown_cube(void **state)
{
    cube_fixture *c = *state;
    gt_words_free(c->words);
    unload(&c->L);
    free(c);
    return 0;
}

/* The correspondence found for the seed numbering really conjugates each of
 * A..F to a face turn of the facelet geometry. */
static void test_seed_correspondence(void **state)
{
    cube_fixture *c = *state;
    int faces_seen = 0;
    for (int k = 0; k < c->L.def->ngens; k++) {
        uint16_t turn[GT_FACELETS_MAX];
        assert_int_equal(gt_notation_turn_perm(3, c->map.gen_turn[k], turn), GT_OK);
        gt_point as_points[48];
        gt_cubegroup_to_points(&c->map, turn, as_points);
        assert_true(gt_perm_equal(48, as_points, c->L.ptrs[k]));
        assert_int_equal(c->map.gen_turn[k].lo, 0);
        faces_seen |= 1 << c->map.gen_turn[k].face;
    }
    assert_int_equal(faces_seen, 63); /* six different faces */
}

/* A facelet-space position made of a permutation of some facelets. */
static void facelet_cycle(const int *f, int len, uint16_t *pos)
{
    for (int i = 0; i < 54; i++)
        pos[i] = (uint16_t)i;
    for (int k = 0; k < len; k++)
        pos[f[k]] = (uint16_t)f[(k + 1) % len];
}

static void assert_word_gives(const cube_fixture *c, const gt_point *p)
{
    int letters[8192], len = -1;
    gt_syllable syl[8192];
    gt_point back[48];
    assert_int_equal(gt_words_factor(c->words, p, letters, 8192, &len), 1);
    gt_words_eval(c->words, letters, len, back);
    assert_true(gt_perm_equal(48, back, p));
    int slen = gt_words_shorten(c->words, letters, len, syl);
    assert_true(slen <= len);
    gt_words_eval_syllables(c->words, syl, slen, back);
    assert_true(gt_perm_equal(48, back, p));
}

static void test_twisted_corner_and_flipped_edge(void **state)
{
    cube_fixture *c = *state;
    gt_point p[48];
    uint16_t pos[54];
    int pieces_tested = 0;
    for (int f = 0; f < 54; f++) {
        int pf[3], cnt = gt_cubegroup_piece_facelets(3, f, pf);
        if (cnt == 1 || pf[0] != f || (cnt == 3 && f > pf[1]) || (cnt == 3 && f > pf[2]) ||
            (cnt == 2 && f > pf[1]))
            continue; /* each piece once */
        facelet_cycle(pf, cnt, pos); /* twist the corner / flip the edge in place */
        gt_cubegroup_to_points(&c->map, pos, p);
        assert_true(gt_perm_is_valid(48, p));
        assert_int_equal(gt_group_contains(c->L.grp, p, NULL), 0);
        int letters[16], len;
        assert_int_equal(gt_words_factor(c->words, p, letters, 16, &len), 0);
        /* ... while twisting one corner each way, or flipping two edges, is legal */
        if (cnt == 3) {
            int other = -1;
            for (int g = f + 1; g < 54 && other < 0; g++) {
                int qf[3];
                if (gt_cubegroup_piece_facelets(3, g, qf) == 3 && g < qf[1] && g < qf[2])
                    other = g;
            }
            if (other >= 0) {
                int qf[3];
                gt_cubegroup_piece_facelets(3, other, qf);
                uint16_t a[54], b[54], both[54];
                facelet_cycle(pf, 3, a);
                facelet_cycle((int[]){qf[0], qf[2], qf[1]}, 3, b);
                for (int i = 0; i < 54; i++)
                    both[i] = b[a[i]];
                gt_cubegroup_to_points(&c->map, both, p);
                assert_int_equal(gt_group_contains(c->L.grp, p, NULL), 1);
                assert_word_gives(c, p);
            }
        }
        pieces_tested++;
    }
    assert_int_equal(pieces_tested, 20); /* 8 corners + 12 edges */
}

/* A corner 3-cycle (R U' L' U R' U' L U, checked to move exactly three
 * corners) is a member and its word gives exactly that permutation. */
static void test_corner_three_cycle(void **state)
{
    cube_fixture *c = *state;
    gt_point p[48];
    gt_puzdef_error err;
    assert_int_equal(gt_cubegroup_scramble_position(&c->map, "R U' L' U R' U' L U", p, &err), GT_OK);
    int moved = 0, pieces_moved = 0;
    for (int q = 0; q < 48; q++)
        moved += p[q] != q;
    assert_int_equal(moved, 9);
    for (int q = 0; q < 48; q++) {
        int pf[3];
        if (p[q] == q)
            continue;
        assert_int_equal(gt_cubegroup_piece_facelets(3, c->map.facelet_of_point[q], pf), 3);
        pieces_moved++;
    }
    assert_int_equal(pieces_moved, 9);
    gt_point cube3[48];
    gt_perm_mul(48, p, p, cube3);
    gt_perm_mul(48, cube3, p, cube3);
    assert_true(gt_perm_is_identity(48, cube3)); /* order 3 */
    assert_int_equal(gt_group_contains(c->L.grp, p, NULL), 1);
    assert_word_gives(c, p);
    /* The same in the seed's own cycle notation, through the parser. */
    char text[256];
    assert_int_equal(gt_perm_format_cycles(48, p, text, sizeof text), GT_OK);
    gt_point parsed[48];
    assert_int_equal(gt_perm_parse(48, text, parsed, &err), GT_OK);
    assert_true(gt_perm_equal(48, parsed, p));
}

/* Without cached representatives, sifting walks the Schreier trees: same
 * answers. */
static void test_uncached_chain(void **state)
{
    cube_fixture *c = *state;
    gt_group *plain;
    gt_group_options opt = {0, 0, -1};
    assert_int_equal(gt_group_create(48, 6, c->L.ptrs, &opt, &plain), GT_OK);
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    gt_group_order(plain, a);
    gt_group_order(c->L.grp, b);
    assert_true(mpz_cmp(a, b) == 0);
    mpz_clears(a, b, NULL);
    gt_rng rng = {9};
    gt_point p[48], u[48];
    for (int k = 0; k < 200; k++) {
        gt_group_random_element(k % 2 ? plain : c->L.grp, &rng, p);
        assert_int_equal(gt_group_contains(plain, p, NULL), 1);
        /* swap two facets (odd on the facets): never a member */
        gt_point t = p[0];
        p[0] = p[1];
        p[1] = t;
        assert_int_equal(gt_group_contains(plain, p, NULL), 0);
    }
    for (int i = 0; i < gt_group_base_length(plain); i++)
        for (int x = 0; x < 48; x++)
            if (gt_group_transversal(plain, i, x, u))
                assert_int_equal(u[gt_group_base_point(plain, i)], x);
    gt_group_free(plain);
}

static void test_random_members_factor(void **state)
{
    cube_fixture *c = *state;
    gt_rng rng = {42};
    gt_point p[48];
    for (int k = 0; k < 300; k++) {
        gt_group_random_element(c->L.grp, &rng, p);
        assert_int_equal(gt_group_contains(c->L.grp, p, NULL), 1);
        assert_word_gives(c, p);
    }
    /* A transposition of two facets never is (odd on the facets, and it
     * splits a piece). */
    gt_perm_identity(48, p);
    p[0] = 1;
    p[1] = 0;
    assert_int_equal(gt_group_contains(c->L.grp, p, NULL), 0);
}

/* ---- seed 003: legality conditions agree with membership ------------------- */

static void legality_vs_membership(const char *path, int n, int samples, int min_legal)
{
    loaded L;
    gt_cubegroup_map *map = malloc(sizeof *map);
    load(path, NULL, &L);
    assert_int_equal(gt_cubegroup_match(L.def, map), GT_OK);
    assert_int_equal(map->n, n);
    gt_rng rng = {2026 + (uint64_t)n};
    int legal = 0;
    for (int k = 0; k < samples; k++) {
        uint16_t pos[GT_FACELETS_MAX];
        gt_point p[GT_FACELETS_MAX];
        gt_cubegroup_invariants inv;
        gt_cubegroup_random_assembly(n, &rng, pos);
        gt_cubegroup_invariants_of(n, pos, &inv);
        gt_cubegroup_to_points(map, pos, p);
        assert_true(gt_perm_is_valid(map->degree, p));
        int is_legal = gt_cubegroup_is_legal(n, &inv);
        if (is_legal != gt_group_contains(L.grp, p, NULL))
            fprintf(stderr, "n=%d sample %d: twist %d flip %d signs %d %d %d\n", n, k, inv.corner_twist,
                    inv.edge_flip, inv.corner_sign, inv.edge_sign, inv.centre_sign);
        assert_int_equal(is_legal, gt_group_contains(L.grp, p, NULL));
        legal += is_legal;
    }
    assert_true(legal >= min_legal && legal <= samples - min_legal);
    free(map);
    unload(&L);
}

static void test_legality_3x3x3(void **state)
{
    (void)state;
    legality_vs_membership(PUZ("cube3_seed48.def"), 3, 1200, 40); /* 1 in 12 is legal */
}

static void test_legality_2x2x2(void **state)
{
    (void)state;
    legality_vs_membership(PUZ("cube2.def"), 2, 300, 40); /* 1 in 3 */
}

static void test_legality_4x4x4(void **state)
{
    (void)state;
    legality_vs_membership(PUZ("cube4.def"), 4, 300, 20); /* 1 in 6 */
}

/* ---- single permutations and the shortening rules -------------------------- */

static void test_perm_basics(void **state)
{
    (void)state;
    gt_point a[7], b[7], ab[7], inv[7];
    gt_puzdef_error err;
    assert_int_equal(gt_perm_parse(7, "(1,2,3,4,5,6,7)", a, &err), GT_OK);
    assert_int_equal(gt_perm_parse(7, "[1, 6, 3, 5, 4, 2, 7]", b, &err), GT_OK);
    assert_int_equal(b[1], 5);   /* image list: 2 -> 6 */
    gt_perm_mul(7, a, b, ab);    /* first a, then b: 1 -> 2 -> 6 */
    assert_int_equal(ab[0], 5);
    assert_int_equal(gt_perm_sign(7, a), 1);
    assert_int_equal(gt_perm_sign(7, b), 1);
    assert_int_equal((int)gt_perm_order(7, a), 7);
    assert_int_equal((int)gt_perm_order(7, b), 2);
    gt_perm_inverse(7, a, inv);
    gt_perm_mul(7, a, inv, ab);
    assert_true(gt_perm_is_identity(7, ab));
    char text[64];
    assert_int_equal(gt_perm_format_cycles(7, b, text, sizeof text), GT_OK);
    assert_string_equal(text, "(2,6)(4,5)");
    assert_int_equal(gt_perm_format_cycles(7, b, text, 5), GT_ERR_RANGE);
}

static void test_shortening_rules(void **state)
{
    cube_fixture *c = *state;
    int A = -1, opposite = -1;
    /* find two generators that commute (opposite faces) and one that does not */
    for (int k = 1; k < 6; k++) {
        gt_point xy[48], yx[48];
        gt_perm_mul(48, c->L.ptrs[0], c->L.ptrs[k], xy);
        gt_perm_mul(48, c->L.ptrs[k], c->L.ptrs[0], yx);
        if (gt_perm_equal(48, xy, yx))
            opposite = k;
    }
    A = 0;
    assert_true(opposite > 0);
    int B = opposite == 1 ? 2 : 1;
    gt_syllable s[16];
    /* A A A A = 1 */
    int w1[] = {2 * A, 2 * A, 2 * A, 2 * A};
    assert_int_equal(gt_words_shorten(c->words, w1, 4, s), 0);
    /* A A A = A' */
    assert_int_equal(gt_words_shorten(c->words, w1, 3, s), 1);
    assert_int_equal(s[0].power, -1);
    /* A X A' = X when X commutes with A */
    int w2[] = {2 * A, 2 * opposite, 2 * A + 1};
    assert_int_equal(gt_words_shorten(c->words, w2, 3, s), 1);
    assert_int_equal(s[0].gen, opposite);
    /* A B A' does not shorten */
    int w3[] = {2 * A, 2 * B, 2 * A + 1};
    assert_int_equal(gt_words_shorten(c->words, w3, 3, s), 3);
    /* B A X A' B' = B X B': the cancellation in the middle, nothing more */
    int w4[] = {2 * B, 2 * A, 2 * opposite, 2 * A + 1, 2 * B + 1};
    assert_int_equal(gt_words_shorten(c->words, w4, 5, s), 3);
    assert_int_equal(s[1].gen, opposite);
    gt_point x[48], y[48];
    gt_words_eval(c->words, w4, 5, x);
    gt_words_eval_syllables(c->words, s, 3, y);
    assert_true(gt_perm_equal(48, x, y));
    /* A B B' A' X = X: a cancellation makes two more letters adjacent */
    int w5[] = {2 * A, 2 * B, 2 * B + 1, 2 * A + 1, 2 * opposite};
    assert_int_equal(gt_words_shorten(c->words, w5, 5, s), 1);
    /* A A = A2, inverted stays A2 */
    assert_int_equal(gt_words_shorten(c->words, w1, 2, s), 1);
    gt_words_invert(c->words, s, 1);
    assert_int_equal(s[0].power, 2);
    char buf[64];
    assert_int_equal(gt_words_format(c->L.def->names, s, 1, buf, sizeof buf), GT_OK);
    assert_string_equal(buf, "A2");
}

/* ---- against brute force: small random groups enumerated element by element */

/* Rank of a permutation of degree <= 8 in 0..8^8 (a plain base-8 number). */
static uint32_t code8(int n, const gt_point *p)
{
    uint32_t c = 0;
    for (int i = 0; i < n; i++)
        c = c * 8 + p[i];
    return c;
}

static void test_random_groups_vs_closure(void **state)
{
    (void)state;
    gt_rng rng = {7};
    unsigned char *in = calloc(1u << 24, 1); /* 8^8 codes */
    gt_point *queue = malloc((size_t)(40320 + 1) * 8 * sizeof *queue); /* + the candidate */
    assert_non_null(in);
    assert_non_null(queue);
    for (int trial = 0; trial < 60; trial++) {
        int n = 2 + (int)gt_rng_below(&rng, 7), ngens = 1 + (int)gt_rng_below(&rng, 3);
        gt_point gens[3][8];
        const gt_point *ptrs[3];
        for (int k = 0; k < ngens; k++) {
            gt_perm_identity(n, gens[k]);
            /* sparse generators now and then, so that small groups occur */
            int swaps = (int)gt_rng_below(&rng, 3) == 0 ? 1 : n;
            for (int j = 0; j < swaps; j++) {
                int a = (int)gt_rng_below(&rng, (uint64_t)n), b = (int)gt_rng_below(&rng, (uint64_t)n);
                gt_point t = gens[k][a];
                gens[k][a] = gens[k][b];
                gens[k][b] = t;
            }
            ptrs[k] = gens[k];
        }
        /* closure by breadth-first search */
        long count = 1, head = 0;
        gt_perm_identity(n, queue);
        in[code8(n, queue)] = 1;
        while (head < count) {
            for (int k = 0; k < ngens; k++) {
                gt_point *next = queue + (size_t)count * 8;
                gt_perm_mul(n, queue + (size_t)head * 8, gens[k], next);
                uint32_t c = code8(n, next);
                if (!in[c]) {
                    in[c] = 1;
                    count++;
                }
            }
            head++;
        }
        gt_group *grp;
        gt_group_options opt = {(uint64_t)trial + 1, trial % 3 == 0 ? -1 : 1 + trial % 5, trial % 2 ? -1 : 0};
        assert_int_equal(gt_group_create(n, ngens, ptrs, &opt, &grp), GT_OK);
        mpz_t order;
        mpz_init(order);
        gt_group_order(grp, order);
        assert_true(mpz_cmp_ui(order, (unsigned long)count) == 0);
        mpz_clear(order);
        /* membership agrees with the enumeration on random permutations */
        for (int k = 0; k < 200; k++) {
            gt_point p[8];
            gt_perm_identity(n, p);
            for (int j = n - 1; j > 0; j--) {
                int r = (int)gt_rng_below(&rng, (uint64_t)(j + 1));
                gt_point t = p[j];
                p[j] = p[r];
                p[r] = t;
            }
            assert_int_equal(gt_group_contains(grp, p, NULL), in[code8(n, p)]);
        }
        gt_group_free(grp);
        for (long e = 0; e < count; e++)
            in[code8(n, queue + (size_t)e * 8)] = 0;
    }
    free(in);
    free(queue);
}

/* Known groups: S_10, A_10, the trivial group, a cyclic group. */
static void test_known_groups(void **state)
{
    (void)state;
    gt_point cyc[10], tr[10], c3a[10], c3b[10], id[10];
    gt_puzdef_error err;
    assert_int_equal(gt_perm_parse(10, "(1,2,3,4,5,6,7,8,9,10)", cyc, &err), GT_OK);
    assert_int_equal(gt_perm_parse(10, "(1,2)", tr, &err), GT_OK);
    assert_int_equal(gt_perm_parse(10, "(1,2,3)", c3a, &err), GT_OK);
    assert_int_equal(gt_perm_parse(10, "(2,3,4,5,6,7,8,9,10)", c3b, &err), GT_OK);
    gt_perm_identity(10, id);
    struct { const gt_point *g[2]; int ngens; unsigned long order; } cases[] = {
        {{cyc, tr}, 2, 3628800}, {{c3a, c3b}, 2, 1814400}, {{id}, 1, 1}, {{cyc}, 1, 10}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        gt_group *grp;
        assert_int_equal(gt_group_create(10, cases[c].ngens, cases[c].g, NULL, &grp), GT_OK);
        mpz_t order;
        mpz_init(order);
        gt_group_order(grp, order);
        assert_true(mpz_cmp_ui(order, cases[c].order) == 0);
        mpz_clear(order);
        gt_group_free(grp);
    }
    /* invalid input to the library: not a permutation, bad degree */
    gt_point bad[3] = {0, 0, 1};
    const gt_point *pb[1] = {bad};
    gt_group *grp = NULL;
    assert_int_equal(gt_group_create(3, 1, pb, NULL, &grp), GT_ERR_INVAL);
    assert_int_equal(gt_group_create(0, 1, pb, NULL, &grp), GT_ERR_INVAL);
    assert_null(grp);
}

/* ---- seed 000: the flip taquin's 192 legal configurations ------------------ */

/* Visits every element u_{k-1} ··· u_0 of the group once (the chain's
 * factorisation is unique), marking the side-up pattern it makes. */
static void taquin_patterns(const gt_group *grp, int level, const gt_point *prefix, unsigned char *seen,
                            long *elements)
{
    if (level < 0) {
        int y = 0;
        for (int j = 0; j < 9; j++) /* the tile whose front was at cell j now lies at prefix[j] */
            if (prefix[j] >= 9)
                y |= 1 << (prefix[j] - 9);
        seen[y] = 1;
        (*elements)++;
        return;
    }
    for (int x = 0; x < 18; x++) {
        gt_point u[18];
        if (!gt_group_transversal(grp, level, x, u))
            continue;
        gt_point next[18];
        gt_perm_mul(18, prefix, u, next);
        taquin_patterns(grp, level - 1, next, seen, elements);
    }
}

static void test_taquin_configurations(void **state)
{
    (void)state;
    loaded L;
    load(PUZ("taquin_labelled.def"), NULL, &L);
    unsigned char seen[512] = {0};
    gt_point id[18];
    gt_perm_identity(18, id);
    long elements = 0;
    taquin_patterns(L.grp, gt_group_base_length(L.grp) - 1, id, seen, &elements);
    assert_int_equal(elements, 768);
    /* section 2.9.2: y is legal iff y0+y2+y6+y8 and y0 y8 + y2 y6 are even */
    int reached = 0, legal = 0;
    for (int y = 0; y < 512; y++) {
        int b[9];
        for (int j = 0; j < 9; j++)
            b[j] = y >> j & 1;
        int is_legal = (b[0] + b[2] + b[6] + b[8]) % 2 == 0 && (b[0] * b[8] + b[2] * b[6]) % 2 == 0;
        assert_int_equal(seen[y], is_legal);
        reached += seen[y];
        legal += is_legal;
    }
    assert_int_equal(reached, 192);
    assert_int_equal(legal, 192);
    unload(&L);
}

/* Meet in the middle finds a shortest word for positions near the identity:
 * never longer than the random word that made the position, always exact. */
static void test_short_words(void **state)
{
    cube_fixture *c = *state;
    gt_short_words *sw;
    assert_int_equal(gt_short_create(48, 6, c->L.ptrs, 0, &sw), GT_OK);
    int depth = gt_short_depth(sw);
    assert_int_equal(depth, 5); /* 193,261 words of up to 5 letters over 12 */
    gt_rng rng = {77};
    int letters[64], len, word[16];
    gt_point p[48], back[48];
    for (int k = 0; k < 25; k++) {
        int wl = (int)gt_rng_below(&rng, (uint64_t)(2 * depth + 1));
        for (int j = 0; j < wl; j++)
            word[j] = (int)gt_rng_below(&rng, 12);
        gt_words_eval(c->words, word, wl, p);
        assert_int_equal(gt_short_find(sw, p, letters, 64, &len), 1);
        assert_true(len <= wl);
        gt_words_eval(c->words, letters, len, back);
        assert_true(gt_perm_equal(48, back, p));
    }
    /* the commutator of two adjacent faces has no shorter word */
    gt_puzdef_error err;
    assert_int_equal(gt_cubegroup_scramble_position(&c->map, "R U R' U'", p, &err), GT_OK);
    assert_int_equal(gt_short_find(sw, p, letters, 64, &len), 1);
    assert_int_equal(len, 4);
    /* far positions: nothing within 10 letters (a random element is about 18
     * quarter turns away), and never a wrong word */
    for (int k = 0; k < 5; k++) {
        gt_group_random_element(c->L.grp, &rng, p);
        int r = gt_short_find(sw, p, letters, 64, &len);
        if (r == 1) {
            gt_words_eval(c->words, letters, len, back);
            assert_true(gt_perm_equal(48, back, p));
        }
        assert_true(r == 0 || r == 1);
    }
    assert_int_equal(gt_short_find(sw, p, letters, 3, &len), GT_ERR_RANGE);
    gt_short_free(sw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perm_basics),
        cmocka_unit_test(test_known_groups),
        cmocka_unit_test(test_random_groups_vs_closure),
        cmocka_unit_test(test_order_seed_cube),
        cmocka_unit_test(test_order_pocket),
        cmocka_unit_test(test_order_small),
        cmocka_unit_test(test_taquin_configurations),
        cmocka_unit_test(test_order_4x4x4),
        cmocka_unit_test(test_order_independent_of_randomness),
        cmocka_unit_test_setup_teardown(test_seed_correspondence, setup_cube, teardown_cube),
        cmocka_unit_test_setup_teardown(test_twisted_corner_and_flipped_edge, setup_cube, teardown_cube),
        cmocka_unit_test_setup_teardown(test_corner_three_cycle, setup_cube, teardown_cube),
        cmocka_unit_test_setup_teardown(test_random_members_factor, setup_cube, teardown_cube),
        cmocka_unit_test_setup_teardown(test_uncached_chain, setup_cube, teardown_cube),
        cmocka_unit_test_setup_teardown(test_short_words, setup_cube, teardown_cube),
        cmocka_unit_test_setup_teardown(test_shortening_rules, setup_cube, teardown_cube),
        cmocka_unit_test(test_legality_3x3x3),
        cmocka_unit_test(test_legality_2x2x2),
        cmocka_unit_test(test_legality_4x4x4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
