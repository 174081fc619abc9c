/* The walk solver on the real pocket tables: 10,000 random states per
 * metric, every optimal solution, and a damaged table never answered. */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "gt_error.h"
#include "pocket.h"
#include "solve.h"

typedef struct metric_tables {
    gt_puzzle *puzzle;
    uint8_t *dist;
    gt_table table;
} metric_tables;

static metric_tables mt[2];

static int setup(void **state)
{
    (void)state;
    const char *names[2] = {"pocket-htm", "pocket-qtm"};
    for (int i = 0; i < 2; i++) {
        const gt_table_spec *spec = gt_catalog_find(names[i]);
        gt_distribution d;
        uint64_t bytes;
        if (spec->make_puzzle(spec, &mt[i].puzzle) || gt_bfs_run(mt[i].puzzle, NULL, &mt[i].dist, &d) ||
            gt_table_encode(mt[i].dist, GT_POCKET_STATES, spec->encoding, 0, &mt[i].table.data, &bytes))
            return -1;
        mt[i].table.data_bytes = bytes;
        gt_table_meta_init(&mt[i].table.meta, names[i], mt[i].puzzle, spec->encoding, &d, mt[i].table.data, bytes);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        free(mt[i].dist);
        free(mt[i].table.data);
    }
    return 0;
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void test_ten_thousand_random_states_per_metric(void **state)
{
    (void)state;
    uint64_t seed = 0x2026;
    for (int metric = 0; metric < 2; metric++) {
        const gt_puzzle *p = mt[metric].puzzle;
        for (int i = 0; i < 10000; i++) {
            gt_pocket pos;
            gt_pocket_from_index(next_random(&seed) % GT_POCKET_STATES, &pos);
            uint8_t moves[GT_MAX_DEPTH];
            int len;
            assert_int_equal(gt_solve_walk(p, &mt[metric].table, pos.index, moves, GT_MAX_DEPTH, &len), GT_OK);
            assert_int_equal(len, mt[metric].dist[pos.index]);
            assert_true(gt_pocket_solves(metric, &pos, moves, len));
            if (len > 0) { /* one move short never solves */
                assert_false(gt_pocket_solves(metric, &pos, moves, len - 1));
            }
            /* the solution, applied to the stickers, solves the cube */
            for (int k = 0; k < len; k++)
                gt_pocket_apply_move(metric, moves[k], &pos);
            assert_true(gt_pocket_is_solved(&pos));
            assert_int_equal(pos.index, p->solved);
        }
    }
}

static void test_scrambles_with_every_face_and_rotation(void **state)
{
    /* Scrambles using D L B and rotations, solved with U R F only, leave every
     * face one colour when the solution is applied to the scrambled stickers. */
    (void)state;
    static const char *faces[] = {"U", "D", "R", "L", "F", "B", "x", "y", "z"};
    static const char *suffix[] = {"", "'", "2"};
    uint64_t seed = 77;
    for (int metric = 0; metric < 2; metric++)
        for (int i = 0; i < 2000; i++) {
            char scramble[256] = "";
            int n = 1 + (int)(next_random(&seed) % 20);
            for (int k = 0; k < n; k++) {
                strcat(scramble, faces[next_random(&seed) % 9]);
                strcat(scramble, suffix[next_random(&seed) % 3]);
                strcat(scramble, " ");
            }
            gt_pocket pos;
            assert_int_equal(gt_pocket_from_scramble(scramble, &pos, NULL), GT_OK);
            uint8_t moves[GT_MAX_DEPTH];
            int len;
            assert_int_equal(gt_solve_walk(mt[metric].puzzle, &mt[metric].table, pos.index, moves, GT_MAX_DEPTH, &len),
                             GT_OK);
            assert_true(len <= n * (metric == GT_POCKET_QTM ? 2 : 1));
            for (int k = 0; k < len; k++)
                gt_pocket_apply_move(metric, moves[k], &pos);
            assert_true(gt_pocket_is_solved(&pos));
        }
}

typedef struct seen_solutions {
    const gt_puzzle *p;
    uint64_t start;
    int length, calls, bad;
} seen_solutions;

static int check_solution(void *user, const uint8_t *moves, int length)
{
    seen_solutions *s = user;
    uint64_t state = s->start;
    for (int k = 0; k < length; k++)
        state = gt_puzzle_move(s->p, state, moves[k]);
    s->bad += state != s->p->solved || length != s->length;
    s->calls++;
    return 0;
}

/* Counts optimal solutions by brute force over the distance array: the
 * number of shortest paths from s to the goal. */
static uint64_t count_paths(const gt_puzzle *p, const uint8_t *dist, uint64_t s)
{
    if (dist[s] == 0)
        return 1;
    uint64_t n = 0;
    for (int m = 0; m < p->n_moves; m++) {
        uint64_t t = gt_puzzle_move(p, s, m);
        if (dist[t] + 1 == dist[s])
            n += count_paths(p, dist, t);
    }
    return n;
}

static void test_all_optimal_solutions(void **state)
{
    (void)state;
    uint64_t seed = 99;
    for (int metric = 0; metric < 2; metric++)
        for (int i = 0; i < 50; i++) {
            uint64_t s = next_random(&seed) % GT_POCKET_STATES;
            seen_solutions seen = {mt[metric].puzzle, s, mt[metric].dist[s], 0, 0};
            uint64_t count;
            assert_int_equal(gt_solve_all(mt[metric].puzzle, &mt[metric].table, s, check_solution, &seen, &count),
                             GT_OK);
            assert_int_equal(seen.bad, 0);
            assert_int_equal(count, (uint64_t)seen.calls);
            assert_int_equal(count, count_paths(mt[metric].puzzle, mt[metric].dist, s));
        }
    /* the solved state has exactly one (empty) solution */
    uint64_t count;
    assert_int_equal(gt_solve_all(mt[0].puzzle, &mt[0].table, 0, NULL, NULL, &count), GT_OK);
    assert_int_equal(count, 1);
}

static void test_damaged_table_is_never_answered(void **state)
{
    /* Flip stored values: a walk through a damaged entry must fail with
     * GT_ERR_CORRUPT or still produce a correct optimal solution. */
    (void)state;
    uint64_t seed = 5;
    for (int metric = 0; metric < 2; metric++) {
        gt_table damaged = mt[metric].table;
        damaged.data = malloc(damaged.data_bytes);
        memcpy(damaged.data, mt[metric].table.data, damaged.data_bytes);
        for (int k = 0; k < 20000; k++)
            damaged.data[next_random(&seed) % damaged.data_bytes] ^= (uint8_t)(1u << (next_random(&seed) % 8));
        int corrupt = 0;
        for (int i = 0; i < 3000; i++) {
            uint64_t s = next_random(&seed) % GT_POCKET_STATES;
            uint8_t moves[GT_MAX_DEPTH];
            int len;
            int rc = gt_solve_walk(mt[metric].puzzle, &damaged, s, moves, GT_MAX_DEPTH, &len);
            if (rc == GT_ERR_CORRUPT || rc == GT_ERR_ILLEGAL) {
                corrupt++;
                continue;
            }
            assert_int_equal(rc, GT_OK);
            uint64_t t = s;
            for (int j = 0; j < len; j++)
                t = gt_puzzle_move(mt[metric].puzzle, t, moves[j]);
            assert_int_equal(t, 0); /* whatever it returns does solve */
        }
        assert_true(corrupt > 0);
        free(damaged.data);
    }
}

static void test_bad_arguments(void **state)
{
    (void)state;
    uint8_t moves[GT_MAX_DEPTH];
    int len;
    assert_int_equal(gt_solve_walk(mt[0].puzzle, &mt[0].table, GT_POCKET_STATES, moves, GT_MAX_DEPTH, &len),
                     GT_ERR_INVAL);
    /* a state at distance 11 does not fit in 5 moves */
    uint64_t far = 0;
    while (mt[0].dist[far] != 11)
        far++;
    assert_int_equal(gt_solve_walk(mt[0].puzzle, &mt[0].table, far, moves, 5, &len), GT_ERR_RANGE);
    int d;
    assert_int_equal(gt_solve_distance(mt[0].puzzle, &mt[0].table, far, &d), GT_OK);
    assert_int_equal(d, 11);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ten_thousand_random_states_per_metric),
        cmocka_unit_test(test_scrambles_with_every_face_and_rotation),
        cmocka_unit_test(test_all_optimal_solutions),
        cmocka_unit_test(test_damaged_table_is_never_answered),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
