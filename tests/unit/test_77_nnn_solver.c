/* The N×N×N solver (common/models/nnn/nnn_solve.h): random positions for
 * N = 2..12, 20 and 33 solved and replayed, even-N parity cases, the wing
 * template tables, cancellation. The 3x3x3 stage is cube3's two-phase, given
 * as the callback the program gives. */
#include "test_util.h"

#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "nnn.h"
#include "nnn_solve.h"
#include "nnn_solve_internal.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

static gt_cube3_twophase_tables *tables;
static gt_nnn_solver *solver;

static int cube3_cb(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    (void)ctx;
    return gt_cube3_twophase_turns(tables, colours, 24, 5, out, cap);
}

static int setup(void **state)
{
    (void)state;
    if (gt_cube3_twophase_tables_build(&tables) != GT_OK)
        return -1;
    return gt_nnn_solver_new(&solver);
}

static int teardown(void **state)
{
    (void)state;
    gt_cube3_twophase_tables_free(tables);
    gt_nnn_solver_free(solver);
    return 0;
}

/* Solves c, checks the answer by an independent replay, returns its STM. */
static long solve_check(const gt_nnn *c)
{
    gt_nnn_solution sol;
    int rc = gt_nnn_solve(solver, c, cube3_cb, NULL, &sol);
    if (rc != GT_OK)
        fail_msg("n=%d: solve returned %d", c->n, rc);
    gt_nnn r;
    assert_int_equal(gt_nnn_init(&r, c->n), GT_OK);
    memcpy(r.f, c->f, (size_t)gt_nnn_facelets(c->n));
    gt_nnn_apply(&r, sol.moves, sol.count);
    assert_true(gt_nnn_is_solved(&r));
    long total = 0;
    for (int s = 0; s < GT_NNN_STAGES; s++)
        total += sol.stage_count[s];
    assert_int_equal(total, sol.count);
    assert_int_equal(sol.stm, gt_nnn_count_stm(c->n, sol.moves, sol.count));
    gt_nnn_free(&r);
    long stm = sol.stm;
    gt_nnn_solution_free(&sol);
    return stm;
}

static void test_tables_cover_every_cycle(void **state)
{
    (void)state;
    assert_true(gt_nnn_solver_cycles(solver) >= 12000); /* of 24·23·22 = 12144 */
}

static void test_random_states(void **state)
{
    (void)state;
    static const int sizes[] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 33};
    gt_rng rng;
    gt_rng_seed(&rng, 77);
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int n = sizes[i], reps = n <= 12 ? 6 : 1;
        gt_nnn c;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        for (int r = 0; r < reps; r++) {
            gt_nnn_random(&c, &rng);
            solve_check(&c);
        }
        gt_nnn_free(&c);
    }
}

static void test_scrambles_and_solved(void **state)
{
    (void)state;
    for (int n = 2; n <= 9; n++) {
        gt_nnn c;
        gt_parse_error err;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        assert_int_equal(solve_check(&c), 0);
        assert_int_equal(gt_nnn_scramble(&c, n >= 4 ? "R U Rw' F2 x 2L D' y B" : "R U F' x D2 L", &err), GT_OK);
        solve_check(&c);
        /* read back as facelets in other letters (even N: the DBL slot's
         * corner, moved by the scramble, names the scheme) */
        char *text = malloc((size_t)gt_nnn_facelets(n) + 1), letters[7];
        gt_nnn d;
        gt_nnn_verdict v;
        assert_non_null(text);
        gt_nnn_to_facelets(&c, "WRGYOB", text);
        assert_int_equal(gt_nnn_from_facelets(text, 0, &d, letters, &v), GT_OK);
        solve_check(&d);
        gt_nnn_free(&d);
        free(text);
        gt_nnn_free(&c);
    }
}

/* Even N: one dedge flipped (OLL parity) and two dedges swapped (PLL parity)
 * on a reduced cube: the edge stage pairs into an arrangement of the
 * corners' parity, so both solve with no parity algorithm. */
static void test_even_parities(void **state)
{
    (void)state;
    static const char *const oll = "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'";
    static const char *const pll = "Rw2 U2 Rw2 Uw2 Rw2 Uw2";
    for (int n = 4; n <= 8; n += 2) {
        gt_nnn c;
        gt_parse_error err;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        assert_int_equal(gt_nnn_scramble(&c, oll, &err), GT_OK);
        solve_check(&c);
        gt_nnn_reset(&c);
        assert_int_equal(gt_nnn_scramble(&c, pll, &err), GT_OK);
        solve_check(&c);
        gt_nnn_free(&c);
    }
}

static long centres_of_colour(const gt_nnn *c, int face)
{
    long k = 0;
    for (int r = 1; r < c->n - 1; r++)
        for (int col = 1; col < c->n - 1; col++)
            k += c->f[(long)face * c->n * c->n + (long)r * c->n + col] == face;
    return k;
}

/* The block stage's own colour bookkeeping (3-cycles written straight into
 * the facelets) must equal its turns replayed on the model; it must place
 * centres of U, use blocks of several layers, and keep a solved face. */
static void test_centre_blocks(void **state)
{
    (void)state;
    static const int sizes[] = {5, 8, 13, 30};
    gt_rng rng;
    gt_rng_seed(&rng, 7712);
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int n = sizes[i], solved[6] = {0};
        gt_nnn c, r;
        gt_nnn_moves mv = {0};
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        assert_int_equal(gt_nnn_init(&r, n), GT_OK);
        gt_nnn_random(&c, &rng);
        memcpy(r.f, c.f, (size_t)gt_nnn_facelets(n));
        long before = centres_of_colour(&c, 0);
        assert_int_equal(gt_nnn_centres_blocks(&c, 0, solved, &mv), GT_OK);
        gt_nnn_apply(&r, mv.m, mv.count);
        assert_memory_equal(c.f, r.f, (size_t)gt_nnn_facelets(n));
        if (n >= 8) /* N = 5: a plan must place 2 centres in 8 turns, often none does */
            assert_true(centres_of_colour(&c, 0) > before);
        long blocks = 0;
        for (long k = 0; k < mv.count; k++)
            blocks += mv.m[k].lo < mv.m[k].hi && mv.m[k].lo > 0;
        if (n >= 13)
            assert_true(blocks > 0);
        /* D next, with U solved: U's centres stay as they are */
        solved[0] = 1;
        long u = centres_of_colour(&c, 0);
        mv.count = 0;
        assert_int_equal(gt_nnn_centres_blocks(&c, 3, solved, &mv), GT_OK);
        assert_int_equal(centres_of_colour(&c, 0), u);
        gt_nnn_apply(&r, mv.m, mv.count);
        assert_memory_equal(c.f, r.f, (size_t)gt_nnn_facelets(n));
        free(mv.m);
        gt_nnn_free(&c);
        gt_nnn_free(&r);
    }
}

static void test_cancel(void **state)
{
    (void)state;
    gt_turn t[] = {{0, 0, 0, 1}, {3, 0, 0, 1}, {0, 0, 0, 3}, {1, 2, 2, 1}, {1, 2, 2, 1}, {4, 3, 3, 2},
                   {2, 0, 0, 1}, {2, 0, 0, 3}};
    /* U D U' 3R 3R 4L2 F F' on a 6x6x6: D, then 3R2 4L2 merge (4L is 3R's layer: 3R2 + 3R2 = 0) */
    long k = gt_nnn_cancel(6, t, 8);
    assert_int_equal(k, 1);
    assert_int_equal(t[0].face, 3);
    assert_int_equal(t[0].quarters, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_cover_every_cycle), cmocka_unit_test(test_random_states),
        cmocka_unit_test(test_scrambles_and_solved),     cmocka_unit_test(test_even_parities),
        cmocka_unit_test(test_cancel),                   cmocka_unit_test(test_centre_blocks),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
