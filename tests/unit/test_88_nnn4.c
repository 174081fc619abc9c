/* The 4x4x4 reduction from tables (common/models/nnn/nnn4.h): the piece
 * view against the facelet turns, each phase's table built by the one BFS
 * from its goal set (reached counts: the group facts docs/nnn.md derives),
 * random cubes reduced phase by phase and solved, and damaged tables that
 * give an error, never a wrong answer. */
#include "test_util.h"

#include "bfs.h"
#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "nnn.h"
#include "nnn4.h"
#include "nnn4_coord.h"
#include "nnn_solve.h"
#include "rng.h"
#include "table.h"

#include <stdlib.h>
#include <string.h>

static gt_cube3_twophase_tables *twophase;
static gt_nnn4_tables *tables;
static gt_puzzle *puzzles[GT_NNN4_TABLES];
static gt_table table_store[GT_NNN4_TABLES];
static gt_distribution dist_of[GT_NNN4_TABLES];

static int cube3_cb(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    (void)ctx;
    return gt_cube3_twophase_turns(twophase, colours, 22, 5, out, cap);
}

/* Each table as godtab-gen builds it (make_puzzle, the BFS, the nibble
 * encoding), held in memory. */
static int build_table(int i)
{
    const gt_table_spec *spec = &gt_nnn4_specs[i];
    uint8_t *dist;
    uint64_t bytes;
    if (spec->make_puzzle(spec, &puzzles[i]) != GT_OK || gt_bfs_run(puzzles[i], NULL, &dist, &dist_of[i]) != GT_OK)
        return -1;
    table_store[i].meta.encoding = GT_ENC_NIBBLE;
    int rc = gt_table_encode(dist, puzzles[i]->n_states, GT_ENC_NIBBLE, 0, &table_store[i].data, &bytes);
    table_store[i].data_bytes = bytes;
    free(dist);
    for (int ph = 0; ph < GT_NNN4_PHASES; ph++)
        for (int k = 0; k < GT_NNN4_PHASE_TABLES; k++)
            if (gt_nnn4_spec(ph, k) == spec) {
                tables->p[ph][k] = puzzles[i];
                tables->t[ph][k] = &table_store[i];
            }
    return rc;
}

static int setup(void **state)
{
    (void)state;
    if (gt_cube3_twophase_tables_build(&twophase) != GT_OK || !(tables = calloc(1, sizeof *tables)) ||
        gt_nnn4_model_init(&tables->model) != GT_OK)
        return -1;
    for (int i = 0; i < GT_NNN4_TABLES; i++)
        if (build_table(i))
            return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < GT_NNN4_TABLES; i++) {
        gt_nnn4_specs[i].free_puzzle(puzzles[i]);
        free(table_store[i].data);
    }
    free(tables);
    gt_cube3_twophase_tables_free(twophase);
    return 0;
}

static void random_cube(gt_nnn *c, gt_rng *rng)
{
    assert_int_equal(gt_nnn_init(c, 4), GT_OK);
    gt_nnn_random(c, rng);
}

/* The piece view moves as the facelets do: for random turns, the pieces
 * read off the turned cube equal the read pieces moved. */
static void test_pieces_follow_the_facelets(void **state)
{
    (void)state;
    const gt_nnn4_model *m = &tables->model;
    gt_rng rng;
    gt_rng_seed(&rng, 11);
    gt_nnn c;
    gt_nnn4_cube moved, read;
    assert_int_equal(gt_nnn_init(&c, 4), GT_OK);
    assert_int_equal(gt_nnn4_cube_of(m, &c, &moved), GT_OK);
    for (int i = 0; i < 24; i++)
        assert_int_equal(moved.wing[i], i); /* solved: every wing at home */
    for (int step = 0; step < 500; step++) {
        int mv = (int)(gt_rng_next(&rng) % GT_NNN4_MOVES);
        gt_turn t = gt_nnn4_turn(mv);
        gt_nnn_apply(&c, &t, 1);
        gt_nnn4_cube_move(m, &moved, mv);
        assert_int_equal(gt_nnn4_cube_of(m, &c, &read), GT_OK);
        assert_memory_equal(read.centre, moved.centre, 24);
        assert_memory_equal(read.wing, moved.wing, 24);
    }
    gt_nnn_free(&c);
    assert_int_equal(m->n_moves[0], 36);
    assert_int_equal(m->n_moves[1], 28);
    assert_int_equal(m->n_moves[2], 17);
}

/* The pairing's index is a bijection on the even permutations of 12, and
 * the pairing read off a cube moved by P3's turns is the pairing moved. */
static void test_pairing(void **state)
{
    (void)state;
    const gt_nnn4_model *m = &tables->model;
    gt_nnn4_layout l;
    gt_nnn4_layout_init(m, &l);
    gt_rng rng;
    gt_rng_seed(&rng, 13);
    uint8_t sigma[12], again[12];
    for (int k = 0; k < 2000; k++) {
        uint32_t i = (uint32_t)(gt_rng_next(&rng) % 239500800u);
        gt_nnn4_pairing_unrank(i, sigma);
        int odd = 0;
        for (int a = 0; a < 12; a++)
            for (int b = a + 1; b < 12; b++)
                odd ^= sigma[a] > sigma[b];
        assert_int_equal(odd, 0);
        assert_int_equal(gt_nnn4_pairing_rank(sigma), i);
    }
    gt_nnn c;
    gt_nnn4_cube cube;
    assert_int_equal(gt_nnn_init(&c, 4), GT_OK);
    assert_int_equal(gt_nnn4_cube_of(m, &c, &cube), GT_OK);
    assert_int_equal(gt_nnn4_pairing_of(&cube, sigma), 1);
    assert_int_equal(gt_nnn4_pairing_rank(sigma), 0); /* solved: every edge paired */
    for (int step = 0; step < 300; step++) {
        int mv = m->moves[2][gt_rng_next(&rng) % (uint64_t)m->n_moves[2]];
        gt_nnn4_cube_move(m, &cube, mv);
        gt_nnn4_pairing_move(&l, sigma, mv, again);
        assert_int_equal(gt_nnn4_pairing_of(&cube, sigma), 1);
        assert_memory_equal(sigma, again, 12);
    }
    gt_nnn4_cube_move(m, &cube, 9); /* Rw: the inner slice's wings onto the other kind, not their partners */
    assert_int_equal(gt_nnn4_pairing_of(&cube, sigma), 0);
    gt_nnn_free(&c);
}

/* What each BFS reaches from its goal set: C(24,8) L/R placements;
 * 1820·495 F/B placements times the wings' parity; C(24,12) high/low
 * placements; the pairings within 9 of paired (the BFS stops below the
 * cap: GT_NNN4_PAIRING_CAP); 70·70·12 centre splits times the 3x3x3
 * parity, from solved and the three half turns of the cube. */
static void test_tables_reach_the_group_counts(void **state)
{
    (void)state;
    static const uint64_t reached[GT_NNN4_TABLES] = {735471, 1801800, 2704156, 20758940, 117600};
    static const uint64_t goals[GT_NNN4_TABLES] = {1, 12, 1, 1, 4};
    for (int i = 0; i < GT_NNN4_TABLES; i++) {
        assert_int_equal(dist_of[i].reached, reached[i]);
        assert_int_equal(dist_of[i].count[0], goals[i]);
        assert_true(dist_of[i].max_depth <= 14); /* fits the nibble encoding */
    }
    assert_int_equal(dist_of[3].max_depth, GT_NNN4_PAIRING_CAP - 1);
}

/* Every random cube is reduced (each face's centres one colour, edges
 * paired, the 3x3x3 solvable) and solved through the tables' path, the
 * answer replayed. */
static void test_random_cubes_are_reduced_and_solved(void **state)
{
    (void)state;
    gt_rng rng;
    gt_rng_seed(&rng, 5);
    for (int k = 0; k < 6; k++) {
        gt_nnn c;
        random_cube(&c, &rng);
        gt_turn mv[160];
        int count, phases[GT_NNN4_PHASES];
        assert_int_equal(gt_nnn4_reduce(tables, &c, mv, 160, &count, phases, NULL), GT_OK);
        assert_int_equal(phases[0] + phases[1] + phases[2], count);
        gt_nnn r;
        assert_int_equal(gt_nnn_init(&r, 4), GT_OK);
        memcpy(r.f, c.f, 96);
        gt_nnn_apply(&r, mv, count);
        int seen = 0;
        for (int f = 0; f < 6; f++) {
            for (int p = 5; p <= 10; p += (p == 6 ? 3 : 1)) /* the four centre facelets 5 6 9 10 */
                assert_int_equal(r.f[f * 16 + p], r.f[f * 16 + 5]);
            seen |= 1 << r.f[f * 16 + 5];
        }
        assert_int_equal(seen, 63);
        for (int e = 0; e < GT_NNN_EDGES; e++) {
            long a[2], b[2];
            gt_nnn_edge_facelets(4, e, 1, a);
            gt_nnn_edge_facelets(4, e, 2, b);
            assert_int_equal(r.f[a[0]], r.f[b[0]]);
            assert_int_equal(r.f[a[1]], r.f[b[1]]);
        }
        gt_nnn_free(&r);
        gt_nnn_solution sol;
        assert_int_equal(gt_nnn_solve_tables(tables, &c, 1, cube3_cb, NULL, &sol), GT_OK);
        assert_int_equal(sol.method, GT_NNN_METHOD_TABLES);
        gt_nnn_apply(&c, sol.moves, sol.count);
        assert_true(gt_nnn_is_solved(&c));
        assert_int_equal(sol.obtm, gt_nnn_count_obtm(4, sol.moves, sol.count));
        gt_nnn_solution_free(&sol);
        gt_nnn_free(&c);
    }
}

/* A scramble of a few turns comes back at most as long (each phase is
 * solved optimally, and here one phase undoes it all). */
static void test_short_scramble_short_answer(void **state)
{
    (void)state;
    gt_nnn c;
    gt_parse_error err;
    gt_nnn_solution sol;
    assert_int_equal(gt_nnn_init(&c, 4), GT_OK);
    assert_int_equal(gt_nnn_scramble(&c, "R U Rw", &err), GT_OK);
    assert_int_equal(gt_nnn_solve_tables(tables, &c, 1, cube3_cb, NULL, &sol), GT_OK);
    assert_true(sol.obtm <= 3);
    gt_nnn_solution_free(&sol);
    /* a solved cube: nothing to do */
    gt_nnn_reset(&c);
    assert_int_equal(gt_nnn_solve_tables(tables, &c, 1, cube3_cb, NULL, &sol), GT_OK);
    assert_int_equal(sol.count, 0);
    gt_nnn_solution_free(&sol);
    gt_nnn_free(&c);
}

/* More axes, never a longer answer (the first axis is among them), the
 * same answer on every run; axes outside 1..3 refused. */
static void test_axes(void **state)
{
    (void)state;
    gt_rng rng;
    gt_rng_seed(&rng, 21);
    gt_nnn c;
    random_cube(&c, &rng);
    long count[GT_NNN4_AXES_MAX + 1];
    for (int axes = 1; axes <= GT_NNN4_AXES_MAX; axes++) {
        gt_nnn_solution sol;
        assert_int_equal(gt_nnn_solve_tables(tables, &c, axes, cube3_cb, NULL, &sol), GT_OK);
        gt_nnn r;
        assert_int_equal(gt_nnn_init(&r, 4), GT_OK);
        memcpy(r.f, c.f, 96);
        gt_nnn_apply(&r, sol.moves, sol.count);
        assert_true(gt_nnn_is_solved(&r));
        count[axes] = sol.count;
        if (axes > 1)
            assert_true(count[axes] <= count[axes - 1]);
        gt_nnn_free(&r);
        gt_nnn_solution_free(&sol);
    }
    gt_nnn_solution sol;
    assert_int_equal(gt_nnn_solve_tables(tables, &c, 0, cube3_cb, NULL, &sol), GT_ERR_INVAL);
    assert_int_equal(gt_nnn_solve_tables(tables, &c, 4, cube3_cb, NULL, &sol), GT_ERR_INVAL);
    gt_nnn_free(&c);
}

/* A damaged table gives an error (the caller then answers by the
 * commutators), never a wrong answer: P1's table all unreached (the start
 * is refused), or P3's tables all 0 (P3 "done" at once, the cube not
 * reduced: the 3x3x3 stage or the replay refuses it). The store checks
 * every table before use; this is the solver's own guard. (A table that
 * makes a phase refuse every goal ends at the node bound, seconds later.) */
static void test_damaged_tables_give_no_wrong_answer(void **state)
{
    (void)state;
    gt_rng rng;
    gt_rng_seed(&rng, 8);
    for (int damage = 0; damage < 2; damage++)
        for (int i = damage ? 3 : 0; i < (damage ? 5 : 1); i++) {
            uint8_t *saved = malloc(table_store[i].data_bytes);
            assert_non_null(saved);
            memcpy(saved, table_store[i].data, table_store[i].data_bytes);
            memset(table_store[i].data, damage ? 0x00 : 0xff, table_store[i].data_bytes);
            gt_nnn c;
            gt_nnn_solution sol;
            random_cube(&c, &rng);
            int rc = gt_nnn_solve_tables(tables, &c, 1, cube3_cb, NULL, &sol);
            assert_true(rc == GT_ERR_CORRUPT || rc == GT_ERR_TIMEOUT);
            gt_nnn_free(&c);
            memcpy(table_store[i].data, saved, table_store[i].data_bytes);
            free(saved);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pieces_follow_the_facelets),
        cmocka_unit_test(test_pairing),
        cmocka_unit_test(test_tables_reach_the_group_counts),
        cmocka_unit_test(test_random_cubes_are_reduced_and_solved),
        cmocka_unit_test(test_short_scramble_short_answer),
        cmocka_unit_test(test_axes),
        cmocka_unit_test(test_damaged_tables_give_no_wrong_answer),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
