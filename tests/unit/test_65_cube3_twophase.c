/* Two-phase 3x3x3 solving (cube3_twophase.h): the tables, every answer
 * replayed, the length bound kept on random states and the superflip, and
 * honesty: on shallow positions (a blind search gives the true distance d)
 * max_length d finds a solution of exactly d moves and max_length d-1 is
 * refused with GT_ERR_NOTFOUND, since the search is complete. */
#include "test_util.h"

#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"

static gt_cube3_twophase_tables *tables;

static int setup(void **state)
{
    (void)state;
    return gt_cube3_twophase_tables_build(&tables);
}

static int teardown(void **state)
{
    (void)state;
    gt_cube3_twophase_tables_free(tables);
    return 0;
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
    int max[4] = {0};
    const uint8_t *t[4] = {tables->twist_slice, tables->flip_slice, tables->cperm_sperm, tables->eperm_sperm};
    const size_t n[4] = {GT_CUBE3_TWISTS * GT_CUBE3_SLICES, GT_CUBE3_FLIPS * GT_CUBE3_SLICES,
                         GT_CUBE3_CPERMS * GT_CUBE3_SPERMS, GT_CUBE3_EPERMS * GT_CUBE3_SPERMS};
    for (int k = 0; k < 4; k++) {
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
    assert_true(max[2] <= 18 && max[3] <= 18);
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
    uint64_t seed = 20261123;
    for (int i = 0; i < 200; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_random(&seed, &c);
        assert_int_equal(solve_checked(&c, 22, 60, &r), GT_OK);
        assert_true(r.length >= 0 && r.length <= 22);
    }
    for (int i = 0; i < 3; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_random(&seed, &c);
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
    uint64_t seed = 7;
    for (int i = 0; i < 12; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_identity(&c);
        int k = 1 + i % 5;
        for (int j = 0; j < k; j++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            gt_cube3_apply_move(&c, (int)(seed >> 59) % GT_CUBE3_MOVES);
        }
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
    uint64_t seed = 99;
    gt_cube3 c;
    gt_cube3_twophase_result r;
    gt_cube3_random(&seed, &c);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),       cmocka_unit_test(test_solved_and_h),
        cmocka_unit_test(test_random_states), cmocka_unit_test(test_superflip),
        cmocka_unit_test(test_shallow_honest), cmocka_unit_test(test_limits),
        cmocka_unit_test(test_random_state),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
