/* Two-phase 3x3x3 solving (cube3_twophase.h): the tables, every answer
 * replayed, the length bound kept on random states and the superflip, and
 * honesty: on shallow positions (a blind search gives the true distance d)
 * max_length d finds a solution of exactly d moves and max_length d-1 is
 * refused with GT_ERR_NOTFOUND, since the search is complete.
 *
 * The same tests run twice: with the small tables built in memory, and with
 * the stored table cube3-twophase (exact phase-1 distances over 64,430
 * symmetry classes), built here in memory (7-14 s) and read through
 * gt_cube3_twophase_tables_from_table as a mapped table would be; then its
 * distribution (class entries, and raw positions against Kociemba's counts)
 * and a damaged block (GT_ERR_CORRUPT, no answer). */
#include "test_util.h"
#include "test_cube3_util.h"

#include "catalog.h"
#include "cube3.h"
#include "cube3_sym.h"
#include "cube3_twophase.h"
#include "gt_error.h"

#include <stdlib.h>

static gt_cube3_twophase_tables *tables;
static gt_table *stored;        /* the second group's table */
static uint64_t raw_counts[16]; /* its entries weighted by their class's size */

static int setup(void **state)
{
    (void)state;
    return gt_cube3_twophase_tables_build(&tables);
}

static int teardown(void **state)
{
    (void)state;
    gt_cube3_twophase_tables_free(tables);
    tables = NULL;
    gt_table_free(stored);
    stored = NULL;
    return 0;
}

static int setup_stored(void **state)
{
    (void)state;
    int rc = gt_cube3_twophase_table_build(0, &stored, raw_counts);
    return rc ? rc : gt_cube3_twophase_tables_from_table(stored, &tables);
}

/* Solves with the given bound and checks the answer on the cubies. */
static int solve_checked(const gt_cube3 *c, int max_length, double timeout, gt_cube3_twophase_result *r)
{
    gt_cube3_twophase_options o = {.max_length = max_length, .timeout = timeout};
    int rc = gt_cube3_twophase_solve(tables, c, &o, r);
    if (r->length >= 0) {
        gt_cube3 check = *c;
        gt_cube3_apply_moves(&check, r->moves, r->length);
        assert_true(gt_cube3_is_solved(&check));
    }
    return rc;
}

static void test_tables(void **state)
{
    (void)state;
    int max[6] = {0};
    const uint8_t *t[6] = {tables->twist_slice, tables->flip_slice, tables->cperm_sperm,
                           tables->eperm_sperm, tables->eperm_ccomb, tables->cperm_ecomb};
    const size_t n[6] = {GT_CUBE3_TWISTS * GT_CUBE3_SLICES, GT_CUBE3_FLIPS * GT_CUBE3_SLICES,
                         GT_CUBE3_CPERMS * GT_CUBE3_SPERMS, GT_CUBE3_EPERMS * GT_CUBE3_SPERMS,
                         GT_CUBE3_EPERMS * GT_CUBE3_COMBS,  GT_CUBE3_CPERMS * GT_CUBE3_COMBS};
    for (int k = 0; k < 6; k++) {
        assert_int_equal(t[k][0], 0);
        for (size_t i = 1; i < n[k]; i++) {
            assert_true(t[k][i] > 0 && t[k][i] != 0xFF); /* every entry reached, only the goal at 0 */
            if (t[k][i] > max[k])
                max[k] = t[k][i];
        }
    }
    /* Each phase-1 projection is within Kociemba's phase-1 depth (12), each
     * phase-2 one within the diameter of H in its ten moves (18). */
    assert_true(max[0] <= 12 && max[1] <= 12);
    assert_true(max[2] <= 18 && max[3] <= 18 && max[4] <= 18 && max[5] <= 18);
    /* The U/D splits: solved is 0, and a U turn keeps them, an R2 does not. */
    gt_cube3 c;
    gt_cube3_identity(&c);
    assert_int_equal(gt_cube3_twophase_ccomb(&c) + gt_cube3_twophase_ecomb(&c), 0);
    gt_cube3_apply_move(&c, 0);
    assert_int_equal(gt_cube3_twophase_ccomb(&c) + gt_cube3_twophase_ecomb(&c), 0);
    gt_cube3_apply_move(&c, 4);
    assert_true(gt_cube3_twophase_ccomb(&c) < GT_CUBE3_COMBS && gt_cube3_twophase_ccomb(&c) > 0);
    assert_true(gt_cube3_twophase_ecomb(&c) < GT_CUBE3_COMBS && gt_cube3_twophase_ecomb(&c) > 0);
    assert_true(tables->bytes < 16u << 20);
}

static void test_solved_and_h(void **state)
{
    (void)state;
    gt_cube3 c;
    gt_cube3_twophase_result r;
    gt_cube3_identity(&c);
    assert_int_equal(solve_checked(&c, 0, 0, &r), GT_OK);
    assert_int_equal(r.length, 0);
    /* A position of H is solved by phase 2 alone. */
    static const uint8_t in_h[] = {0, 4, 9, 7, 13, 16, 2};
    gt_cube3_apply_moves(&c, in_h, (int)sizeof in_h);
    assert_int_equal(solve_checked(&c, 20, 0, &r), GT_OK);
    assert_true(r.length <= (int)sizeof in_h);
}

static void test_random_states(void **state)
{
    (void)state;
    gt_rng rng = {20261123};
    for (int i = 0; i < 200; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_random_state(&rng, &c);
        assert_int_equal(solve_checked(&c, 22, 60, &r), GT_OK);
        assert_true(r.length >= 0 && r.length <= 22);
    }
    for (int i = 0; i < 3; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_random_state(&rng, &c);
        assert_int_equal(solve_checked(&c, 20, 120, &r), GT_OK);
        assert_true(r.length <= 20);
    }
}

static void test_superflip(void **state)
{
    (void)state;
    gt_cube3 c;
    gt_cube3_twophase_result r;
    gt_cube3_identity(&c);
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        c.eo[i] = 1;
    assert_int_equal(solve_checked(&c, 21, 120, &r), GT_OK);
    assert_true(r.length <= 21 && r.length >= 20); /* its distance is 20 */
}

/* Blind iterative deepening (canonical sequences): the true distance, up to 5. */
static int blind(const gt_cube3 *c, int togo, int prev)
{
    if (togo == 0)
        return gt_cube3_is_solved(c);
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (prev >= 0 && (m / 3 == prev / 3 || m / 3 + 3 == prev / 3))
            continue;
        gt_cube3 d = *c;
        gt_cube3_apply_move(&d, m);
        if (blind(&d, togo - 1, m))
            return 1;
    }
    return 0;
}

static void test_shallow_honest(void **state)
{
    (void)state;
    gt_rng rng = {7};
    for (int i = 0; i < 12; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_identity(&c);
        int k = 1 + i % 5;
        for (int j = 0; j < k; j++)
            gt_cube3_apply_move(&c, (int)gt_rng_below(&rng, GT_CUBE3_MOVES));
        int d = 0;
        while (!blind(&c, d, -1))
            d++;
        assert_true(d <= k);
        assert_int_equal(solve_checked(&c, d, 60, &r), GT_OK);
        assert_int_equal(r.length, d); /* never below the true distance */
        if (d > 0) {
            /* Ran to the end: nothing shorter exists, and the best kept is optimal. */
            assert_int_equal(solve_checked(&c, d - 1, 60, &r), GT_ERR_NOTFOUND);
            assert_int_equal(r.length, d);
        }
    }
}

static void test_limits(void **state)
{
    (void)state;
    gt_rng rng = {99};
    gt_cube3 c;
    gt_cube3_twophase_result r;
    gt_cube3_random_state(&rng, &c);
    /* No random state is 12 moves away in practice; the search cannot finish
     * in 0.2 s, so it stops with what it has (longer than 12) or nothing. */
    assert_int_equal(solve_checked(&c, 12, 0.2, &r), GT_ERR_TIMEOUT);
    assert_true(r.length == -1 || r.length > 12);
    volatile int cancel = 1;
    gt_cube3_twophase_options o = {.max_length = 12, .cancel = &cancel};
    assert_int_equal(gt_cube3_twophase_solve(tables, &c, &o, &r), GT_ERR_INTERRUPT);
    o.cancel = NULL;
    o.max_length = GT_CUBE3_TWOPHASE_MAX + 1;
    assert_int_equal(gt_cube3_twophase_solve(tables, &c, &o, &r), GT_ERR_INVAL);
    o.max_length = 20;
    c.eo[0] ^= 1; /* outside the solvable orbit */
    assert_int_equal(gt_cube3_twophase_solve(tables, &c, &o, &r), GT_ERR_INVAL);
}

/* The --random positions: legal, reproducible from the seed, and spread
 * (each corner lands in each place about equally often). */
static void test_random_state(void **state)
{
    (void)state;
    gt_rng a, b;
    int seen[GT_CUBE3_CORNERS][GT_CUBE3_CORNERS] = {{0}};
    gt_rng_seed(&a, 5);
    gt_rng_seed(&b, 5);
    for (int i = 0; i < 8000; i++) {
        gt_cube3 x, y;
        gt_cube3_verdict v;
        gt_cube3_random_state(&a, &x);
        gt_cube3_random_state(&b, &y);
        assert_true(gt_cube3_equal(&x, &y));
        gt_cube3_verdict_of(&x, &v);
        assert_int_equal(v.orbit, 0);
        for (int p = 0; p < GT_CUBE3_CORNERS; p++)
            seen[p][x.cp[p]]++;
    }
    for (int p = 0; p < GT_CUBE3_CORNERS; p++)
        for (int k = 0; k < GT_CUBE3_CORNERS; k++)
            assert_true(seen[p][k] > 800 && seen[p][k] < 1200); /* 1000 expected, sd ~30 */
}

/* The classes of (slice places x flip) under the 16 symmetries: Kociemba's
 * 64,430, and conjugating a position by its class's symmetry gives the
 * representative (and the twist the table says). */
static void test_classes(void **state)
{
    (void)state;
    gt_cube3_fss *f = NULL;
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS];
    assert_int_equal(gt_cube3_sym_classes_new(&gt_cube3_sym_places, GT_CUBE3_INNER_TWIST, &f, 0), GT_OK);
    assert_int_equal(f->n_classes, GT_CUBE3_TWOPHASE_CLASSES);
    assert_int_equal(f->n_x, GT_CUBE3_SLICES * GT_CUBE3_FLIPS);
    assert_int_equal(gt_cube3_sym_perms(perms), GT_OK);
    gt_rng rng = {3};
    for (int i = 0; i < 2000; i++) {
        gt_cube3 c, d;
        gt_cube3_random_state(&rng, &c);
        uint32_t cs = f->class_of[gt_cube3_slice(&c) * GT_CUBE3_FLIPS + gt_cube3_flip(&c)];
        assert_true(cs >> 4 < f->n_classes);
        assert_int_equal(gt_cube3_conjugate(&c, perms[cs & 15], &d), GT_OK);
        assert_int_equal(gt_cube3_slice(&d) * GT_CUBE3_FLIPS + gt_cube3_flip(&d), f->rep[cs >> 4]);
        assert_int_equal(gt_cube3_twist(&d), f->twist_conj[gt_cube3_twist(&c) * 16 + (cs & 15)]);
    }
    gt_cube3_fss_free(f);
}

/* The stored table's class entries by depth are the spec's counts, and,
 * each weighted by its class's size, Kociemba's phase-1 counts of the
 * 2,217,093,120 raw positions (those of cube3-flipslice-twist). */
static void test_stored_distribution(void **state)
{
    (void)state;
    const gt_table_spec *spec = gt_catalog_find(GT_CUBE3_TWOPHASE_TABLE);
    const gt_table_spec *fst = gt_catalog_find("cube3-flipslice-twist");
    assert_non_null(spec);
    assert_non_null(fst);
    assert_int_equal(spec->storage, GT_STORAGE_MAPPED);
    uint64_t raw = 0;
    for (int d = 0; d < 16; d++) {
        uint64_t want = d <= 12 ? spec->published[d] : 0, want_raw = d <= 12 ? fst->published[d] : 0;
        assert_int_equal(stored->meta.distribution.count[d], want);
        assert_int_equal(raw_counts[d], want_raw);
        raw += raw_counts[d];
    }
    assert_int_equal(stored->meta.distribution.max_depth, 12);
    assert_int_equal(raw, 2217093120u);
    assert_int_equal(stored->meta.n_sections, 6);
}

/* A block of the phase-1 data whose checksum is wrong: the solve answers
 * GT_ERR_CORRUPT with no solution; with every checksum right, it answers. */
static void test_stored_damaged(void **state)
{
    (void)state;
    gt_rng rng = {11};
    gt_cube3 c;
    gt_cube3_twophase_result r;
    gt_cube3_twophase_tables *t = NULL;
    gt_cube3_twophase_options o = {.max_length = 21};
    gt_cube3_random_state(&rng, &c);
    uint32_t cs = tables->p1_class[gt_cube3_slice(&c) * GT_CUBE3_FLIPS + gt_cube3_flip(&c)];
    uint64_t e = (uint64_t)(cs >> 4) * GT_CUBE3_TWISTS + tables->p1_twist_conj[gt_cube3_twist(&c) * 16 + (cs & 15)];
    uint64_t n = (stored->view.bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    uint64_t *sums = malloc(n * sizeof *sums), *checked = calloc((n + 63) / 64, sizeof *checked);
    assert_true(sums && checked);
    for (uint64_t b = 0; b < n; b++) {
        uint64_t off = b << GT_BLOCK_SHIFT, len = stored->view.bytes - off;
        sums[b] = gt_checksum64(stored->view.data + off, len < GT_BLOCK_BYTES ? len : GT_BLOCK_BYTES);
    }
    int damaged = 0;
    gt_table copy = *stored; /* the same bytes, now checked block by block */
    copy.view.sums = sums;
    copy.view.checked = checked;
    copy.view.damaged = &damaged;
    assert_int_equal(gt_cube3_twophase_tables_from_table(&copy, &t), GT_OK);
    assert_int_equal(gt_cube3_twophase_solve(t, &c, &o, &r), GT_OK);
    assert_true(r.length >= 0 && r.length <= 21 && !damaged);
    memset(checked, 0, (n + 63) / 64 * sizeof *checked);
    sums[(e >> 1) >> GT_BLOCK_SHIFT] ^= 1; /* the block of the start's own entry */
    assert_int_equal(gt_cube3_twophase_solve(t, &c, &o, &r), GT_ERR_CORRUPT);
    assert_int_equal(r.length, -1);
    assert_int_equal(damaged, 1);
    /* A table of another layout is refused. */
    copy.view.bytes--;
    gt_cube3_twophase_tables_free(t);
    assert_int_equal(gt_cube3_twophase_tables_from_table(&copy, &t), GT_ERR_INVAL);
    free(sums);
    free(checked);
}

/* Random scrambles whose corner distance (an exact lower bound) equals
 * their length have that optimal distance: the two-phase length is never
 * below it, at any bound (the corner table built in memory). */
static gt_table corners; /* built once: both groups run this test */

static void test_never_below_known_distance(void **state)
{
    (void)state;
    if (!corners.data)
        assert_int_equal(tu_cube3_corner_table(&corners), 0);
    gt_rng rng = {11};
    int known = 0;
    for (int i = 0; i < 400 && known < 40; i++) {
        gt_cube3 c;
        gt_cube3_identity(&c);
        int k = 7 + (int)gt_rng_below(&rng, 4), prev = -1; /* 7..10 moves */
        for (int j = 0; j < k; j++) {
            int m;
            do
                m = (int)gt_rng_below(&rng, GT_CUBE3_MOVES);
            while (prev >= 0 && m / 3 == prev / 3);
            gt_cube3_apply_move(&c, m);
            prev = m;
        }
        uint64_t e = gt_cube3_corner_index(&c);
        if ((int)((corners.data[e >> 1] >> ((e & 1) * 4)) & 15u) != k)
            continue; /* its optimal distance is not known */
        known++;
        gt_cube3_twophase_result r;
        assert_int_equal(solve_checked(&c, 20, 60, &r), GT_OK);
        assert_true(r.length >= k);
    }
    print_message("%d random scrambles of known distance 7-10\n", known);
    assert_true(known >= 10);
}

/* In H: the three phase-1 coordinates are 0. */
static int in_h(const gt_cube3 *c)
{
    return gt_cube3_twist(c) == 0 && gt_cube3_flip(c) == 0 && gt_cube3_slice(c) == 0;
}

/* Counts the canonical sequences of exactly `left` more moves (the solver's
 * order: not the same face twice, U before D, R before L, F before B) with a
 * move outside H that end in H. */
static long back_in_h(const gt_cube3 *c, int left, int prev, int outside)
{
    if (left == 0)
        return outside && in_h(c);
    long n = 0;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (prev >= 0 && (m / 3 == prev / 3 || m / 3 + 3 == prev / 3))
            continue;
        gt_cube3 d = *c;
        gt_cube3_apply_move(&d, m);
        int h_move = m / 3 == 0 || m / 3 == 3 || m % 3 == 1;
        n += back_in_h(&d, left - 1, m, outside || !h_move);
    }
    return n;
}

/* The solver cuts a phase-1 node in H with 1 to 4 moves left (Kociemba's
 * rule): no canonical sequence of at most 4 moves through a move outside H
 * is in H. 5 moves can be (R U2 R' ... style commutators), so 4 is the most
 * the rule may take. */
static void test_back_to_h_needs_five(void **state)
{
    (void)state;
    gt_cube3 c;
    gt_cube3_identity(&c);
    for (int n = 1; n <= 4; n++)
        assert_int_equal(back_in_h(&c, n, -1, 0), 0);
    assert_true(back_in_h(&c, 5, -1, 0) > 0);
}

/* At <= 19 moves with the stored table: every answer within the bound,
 * replayed, with no two turns of one face in a row (a pre-move merged with
 * phase 2's last turn), and the search's nodes within 8 M a position on
 * these 20 (issue 30: the pre-moves and the phase-1 cut; 24 M before, 2.7 M
 * after). Nodes, not seconds: the count does not depend on the machine. */
static void test_nineteen(void **state)
{
    (void)state;
    gt_rng rng = {20261130};
    uint64_t nodes = 0;
    for (int i = 0; i < 20; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_random_state(&rng, &c);
        assert_int_equal(solve_checked(&c, 19, 0, &r), GT_OK);
        assert_true(r.length >= 0 && r.length <= 19);
        for (int k = 1; k < r.length; k++)
            assert_int_not_equal(r.moves[k] / 3, r.moves[k - 1] / 3);
        nodes += r.nodes;
    }
    print_message("<= 19 moves, 20 random states: %.2f M nodes a state\n", (double)nodes / 20e6);
    assert_true(nodes <= 20ull * 8000000ull);
}

/* The N×N×N solver's 3x3x3 stage: a random cube's colours give turns that
 * solve it (replayed here on the cubies); too little room, GT_ERR_RANGE;
 * colours of no cube, GT_ERR_ILLEGAL. */
static void test_turns_of_colours(void **state)
{
    (void)state;
    gt_rng rng = {20261127};
    gt_cube3 c, z;
    uint8_t colours[GT_CUBE3_FACELETS];
    gt_turn out[30];
    gt_cube3_random_state(&rng, &c);
    gt_cube3_to_colours(&c, colours);
    int n = gt_cube3_twophase_turns(tables, colours, 20, 0, out, 30);
    assert_true(n >= 1 && n <= 20);
    z = c;
    for (int i = 0; i < n; i++) {
        assert_int_equal(out[i].lo, 0);
        gt_cube3_apply_move(&z, out[i].face * 3 + out[i].quarters - 1);
    }
    assert_true(gt_cube3_is_solved(&z));
    assert_int_equal(gt_cube3_twophase_turns(tables, colours, 20, 0, out, n - 1), GT_ERR_RANGE);
    colours[4] = colours[0] == 1 ? 2 : 1; /* a centre changed: no cube */
    assert_int_equal(gt_cube3_twophase_turns(tables, colours, 20, 0, out, 30), GT_ERR_ILLEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),       cmocka_unit_test(test_solved_and_h),
        cmocka_unit_test(test_random_states), cmocka_unit_test(test_superflip),
        cmocka_unit_test(test_shallow_honest), cmocka_unit_test(test_limits),
        cmocka_unit_test(test_random_state), cmocka_unit_test(test_classes),
        cmocka_unit_test(test_never_below_known_distance),
        cmocka_unit_test(test_back_to_h_needs_five), cmocka_unit_test(test_turns_of_colours),
    };
    const struct CMUnitTest stored_tests[] = {
        cmocka_unit_test(test_stored_distribution), cmocka_unit_test(test_solved_and_h),
        cmocka_unit_test(test_random_states),       cmocka_unit_test(test_superflip),
        cmocka_unit_test(test_shallow_honest),      cmocka_unit_test(test_limits),
        cmocka_unit_test(test_stored_damaged),        cmocka_unit_test(test_never_below_known_distance),
        cmocka_unit_test(test_nineteen),
    };
    int failed = cmocka_run_group_tests(tests, setup, teardown);
    failed += cmocka_run_group_tests_name("stored table", stored_tests, setup_stored, teardown);
    free(corners.data);
    return failed;
}
