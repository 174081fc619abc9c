/* The N×N×N exact short search (common/models/nnn/nnn_short.c): seeded
 * scrambles of k = 1..5 moves of the metric's whole move set (any face,
 * whole-cube rotations mixed in) come back in at most k moves of that
 * metric for N = 4 and 5, OBTM and STM, each answer replayed and read back
 * from its notation; solved cubes in 0; random positions are no <= 5 answer;
 * the answer keeps the cube's own orientation where the scramble's inverse
 * would; lengths checked against a plain search of every face's moves. */
#include "test_util.h"

#include "gt_error.h"
#include "nnn.h"
#include "nnn_solve.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

/* Scrambles of each length, size and metric: 50; 15 under the sanitizers,
 * where 50 took 45 s of CI; the plain suite asks all 50. */
#ifdef __SANITIZE_ADDRESS__
#define SCRAMBLES 15
#else
#define SCRAMBLES 50
#endif

/* A random move of the metric: a block holding an outer layer (any face,
 * 0..N-2 deep) or, for STM, also an inner block; 1..3 quarters. */
static gt_turn random_move(int n, int metric, gt_rng *rng)
{
    int face = (int)gt_rng_below(rng, 6), lo = 0, hi;
    if (metric == GT_NNN_STM && gt_rng_below(rng, 2))
        lo = 1 + (int)gt_rng_below(rng, (uint64_t)(n - 2));
    hi = lo + (int)gt_rng_below(rng, (uint64_t)(n - 1 - lo));
    if (lo == 0 && hi > n - 2)
        hi = n - 2;
    return (gt_turn){.face = (uint8_t)face, .lo = (uint16_t)lo, .hi = (uint16_t)hi,
                     .quarters = (uint8_t)(1 + gt_rng_below(rng, 3))};
}

/* The answer solves c, also read back from its notation, in at most k moves
 * of the metric; returns its length. */
static long check_answer(const gt_nnn *c, int metric, long k)
{
    gt_nnn_solution sol;
    gt_nnn z;
    gt_turn *back;
    long count;
    gt_parse_error err;
    char text[512];
    int rc = gt_nnn_short_solve(c, metric, GT_NNN_SHORT_DEPTH, &sol);
    if (rc != GT_OK)
        fail_msg("n=%d metric=%d k=%ld: short search returned %d", c->n, metric, k, rc);
    assert_int_equal(sol.method, GT_NNN_METHOD_SEARCH);
    assert_true(sol.count <= k);
    assert_int_equal(metric == GT_NNN_STM ? sol.stm : sol.obtm, sol.count);
    assert_int_equal(gt_nnn_init(&z, c->n), GT_OK);
    memcpy(z.f, c->f, (size_t)gt_nnn_facelets(c->n));
    gt_nnn_apply(&z, sol.moves, sol.count);
    assert_true(gt_nnn_is_solved(&z));
    assert_int_equal(gt_nnn_format(c->n, sol.moves, sol.count, text, sizeof text), GT_OK);
    if (gt_nnn_parse(c->n, text, &back, &count, &err) != GT_OK)
        fail_msg("n=%d: the answer '%s' does not read back: %s", c->n, text, err.message);
    assert_int_equal(count, sol.count);
    memcpy(z.f, c->f, (size_t)gt_nnn_facelets(c->n));
    gt_nnn_apply(&z, back, count);
    assert_true(gt_nnn_is_solved(&z));
    free(back);
    gt_nnn_free(&z);
    long len = sol.count;
    gt_nnn_solution_free(&sol);
    return len;
}

static void scrambles(int n, int metric, uint64_t seed)
{
    gt_rng rng;
    gt_nnn c;
    gt_rng_seed(&rng, seed);
    assert_int_equal(gt_nnn_init(&c, n), GT_OK);
    for (long k = 1; k <= GT_NNN_SHORT_DEPTH; k++)
        for (int i = 0; i < SCRAMBLES; i++) {
            gt_nnn_reset(&c);
            for (long j = 0; j < k; j++) {
                gt_turn t = random_move(n, metric, &rng);
                gt_nnn_apply(&c, &t, 1);
                if (gt_rng_below(&rng, 4) == 0) /* a free rotation */
                    gt_nnn_turn(&c, (int)gt_rng_below(&rng, 6), 0, n - 1, 1 + (int)gt_rng_below(&rng, 3));
            }
            long len = check_answer(&c, metric, k);
            if (k == 1)
                assert_int_equal(len, 1);
        }
    gt_nnn_free(&c);
}

static void test_obtm_4(void **state)
{
    (void)state;
    scrambles(4, GT_NNN_OBTM, 41);
}

static void test_obtm_5(void **state)
{
    (void)state;
    scrambles(5, GT_NNN_OBTM, 51);
}

static void test_stm_4(void **state)
{
    (void)state;
    scrambles(4, GT_NNN_STM, 42);
}

static void test_stm_5(void **state)
{
    (void)state;
    scrambles(5, GT_NNN_STM, 52);
}

/* Solved, also turned as a whole: 0 moves, for every N covered. */
static void test_solved(void **state)
{
    (void)state;
    for (int n = 2; n <= GT_NNN_SHORT_OBTM_MAX; n++) {
        gt_nnn c;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        assert_int_equal(check_answer(&c, GT_NNN_OBTM, 0), 0);
        gt_nnn_turn(&c, 1, 0, n - 1, 1);
        gt_nnn_turn(&c, 0, 0, n - 1, 3);
        assert_int_equal(check_answer(&c, GT_NNN_OBTM, 0), 0);
        if (gt_nnn_short_covers(n, GT_NNN_STM))
            assert_int_equal(check_answer(&c, GT_NNN_STM, 0), 0);
        gt_nnn_free(&c);
    }
}

/* Random positions: no answer of 5 moves (GT_ERR_NOTFOUND, nothing
 * returned); sizes and metrics not covered are GT_ERR_RANGE. */
static void test_miss_and_range(void **state)
{
    (void)state;
    gt_rng rng;
    gt_nnn_solution sol;
    gt_rng_seed(&rng, 7);
    for (int n = 4; n <= 5; n++)
        for (int metric = GT_NNN_OBTM; metric <= GT_NNN_STM; metric++) {
            gt_nnn c;
            assert_int_equal(gt_nnn_init(&c, n), GT_OK);
            gt_nnn_random(&c, &rng);
            assert_int_equal(gt_nnn_short_solve(&c, metric, GT_NNN_SHORT_DEPTH, &sol), GT_ERR_NOTFOUND);
            assert_null(sol.moves);
            gt_nnn_free(&c);
        }
    gt_nnn c;
    assert_int_equal(gt_nnn_init(&c, GT_NNN_SHORT_STM_MAX + 1), GT_OK);
    assert_int_equal(gt_nnn_short_solve(&c, GT_NNN_STM, 5, &sol), GT_ERR_RANGE);
    assert_int_equal(gt_nnn_short_solve(&c, 7, 5, &sol), GT_ERR_INVAL);
    gt_nnn_free(&c);
    assert_int_equal(gt_nnn_init(&c, GT_NNN_SHORT_OBTM_MAX + 1), GT_OK);
    assert_int_equal(gt_nnn_short_solve(&c, GT_NNN_OBTM, 5, &sol), GT_ERR_RANGE);
    gt_nnn_free(&c);
}

/* Independently of the search's frame: is c solved (any orientation) by
 * some depth moves of the whole move set, every face, every block of the
 * metric? Plain depth-first search. */
static int brute(gt_nnn *c, int metric, int depth)
{
    int n = c->n;
    if (gt_nnn_is_solved(c))
        return 1;
    if (depth == 0)
        return 0;
    for (int f = 0; f < 6; f++)
        for (int lo = 0; lo <= (metric == GT_NNN_STM ? n - 2 : 0); lo++)
            for (int hi = lo; hi <= n - 2; hi++)
                for (int q = 1; q <= 3; q++) {
                    gt_nnn_turn(c, f, lo, hi, q);
                    int found = brute(c, metric, depth - 1);
                    gt_nnn_turn(c, f, lo, hi, 4 - q);
                    if (found)
                        return 1;
                }
    return 0;
}

/* The search's length is the true optimum: nothing shorter within the
 * brute force's reach (depth 3 in OBTM, 2 in STM), and found at its own
 * length when that is within reach. */
static void against_brute_force(int n, int metric, int reach, uint64_t seed)
{
    gt_rng rng;
    gt_nnn c;
    gt_rng_seed(&rng, seed);
    assert_int_equal(gt_nnn_init(&c, n), GT_OK);
    for (int i = 0; i < 12; i++) {
        gt_nnn_reset(&c);
        for (int j = 0; j < 1 + i % 4; j++) {
            gt_turn t = random_move(n, metric, &rng);
            gt_nnn_apply(&c, &t, 1);
        }
        long len = check_answer(&c, metric, 5);
        if (len > 0)
            assert_false(brute(&c, metric, (int)(len - 1 < reach ? len - 1 : reach)));
        if (len <= reach)
            assert_true(brute(&c, metric, (int)len));
    }
    gt_nnn_free(&c);
}

static void test_optimal(void **state)
{
    (void)state;
    against_brute_force(4, GT_NNN_OBTM, 3, 11);
    against_brute_force(5, GT_NNN_OBTM, 3, 12);
    against_brute_force(4, GT_NNN_STM, 2, 13);
    against_brute_force(5, GT_NNN_STM, 2, 14);
}

/* Scramble, expected answer (the cube back in its own orientation, the
 * other side's block when the scramble turned it). */
static void expect(int n, int metric, const char *scramble, const char *answer)
{
    gt_nnn c;
    gt_nnn_solution sol;
    gt_parse_error err;
    char text[256];
    assert_int_equal(gt_nnn_init(&c, n), GT_OK);
    assert_int_equal(gt_nnn_scramble(&c, scramble, &err), GT_OK);
    assert_int_equal(gt_nnn_short_solve(&c, metric, GT_NNN_SHORT_DEPTH, &sol), GT_OK);
    assert_int_equal(gt_nnn_format(n, sol.moves, sol.count, text, sizeof text), GT_OK);
    assert_string_equal(text, answer);
    gt_nnn_apply(&c, sol.moves, sol.count);
    gt_nnn reset;
    assert_int_equal(gt_nnn_init(&reset, n), GT_OK);
    assert_memory_equal(c.f, reset.f, (size_t)gt_nnn_facelets(n));
    gt_nnn_free(&reset);
    gt_nnn_solution_free(&sol);
    gt_nnn_free(&c);
}

static void test_own_orientation(void **state)
{
    (void)state;
    expect(4, GT_NNN_OBTM, "R U Rw", "Rw' U' R'");
    expect(4, GT_NNN_OBTM, "L", "L'");
    expect(4, GT_NNN_OBTM, "Lw' D2 3Bw", "3Bw' D2 Lw");
    expect(5, GT_NNN_OBTM, "L 3Rw", "L' 3Rw'");
    expect(5, GT_NNN_STM, "M U' 2R", "2R' U M'");
    expect(4, GT_NNN_STM, "2-3Lw 2U", "2U' 2-3Rw");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_obtm_4),  cmocka_unit_test(test_obtm_5),         cmocka_unit_test(test_stm_4),
        cmocka_unit_test(test_stm_5),   cmocka_unit_test(test_solved),         cmocka_unit_test(test_miss_and_range),
        cmocka_unit_test(test_own_orientation), cmocka_unit_test(test_optimal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
