/* 3x3x3 IDA*: optimality against a blind search, every answer applied and
 * checked, --all, limits, QTM, determinism across thread counts. The corner
 * table is built here (~4 s); the deep positions (>= 16 moves) need the big
 * tables and use those of $GODTAB_DB or the default database when
 * `godtab-gen cube3` has built them (skipped, saying so, otherwise). */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

static gt_table corner_table;   /* built once for the group */
static gt_cube3_solver *corner_solver;

static int setup(void **state)
{
    (void)state;
    const gt_table_spec *spec = gt_catalog_find(GT_CUBE3_CORNERS_TABLE);
    gt_puzzle *p;
    uint8_t *dist;
    gt_distribution got;
    if (!spec || spec->make_puzzle(spec, &p) || gt_bfs_run(p, NULL, &dist, &got))
        return -1;
    memset(&corner_table, 0, sizeof corner_table);
    if (gt_table_encode(dist, p->n_states, GT_ENC_NIBBLE, 0, &corner_table.data, &corner_table.data_bytes))
        return -1;
    gt_table_meta_init(&corner_table.meta, spec->name, p, GT_ENC_NIBBLE, &got, corner_table.data,
                       corner_table.data_bytes);
    free(dist);
    spec->free_puzzle(p);
    return gt_cube3_solver_new(&corner_table, NULL, NULL, &corner_solver);
}

static int teardown(void **state)
{
    (void)state;
    gt_cube3_solver_free(corner_solver);
    free(corner_table.data);
    return 0;
}

static void scramble(const char *text, gt_cube3 *c)
{
    gt_parse_error err;
    if (gt_cube3_from_scramble(text, c, &err))
        fail_msg("%s: %s", text, err.message);
}

/* Solves, checks the answer solves the cube, returns the distance. */
static int solve_checked(const gt_cube3_solver *s, const gt_cube3 *c, const gt_cube3_search_options *o,
                         gt_cube3_search_result *r)
{
    int rc = gt_cube3_search(s, c, o, r);
    assert_int_equal(rc, 0);
    assert_int_equal(r->length, r->distance);
    gt_cube3 t = *c;
    gt_cube3_apply_moves(&t, r->moves, r->length);
    assert_true(gt_cube3_is_solved(&t));
    return r->distance;
}

/* The shortest solution length by blind iterative deepening (no table). */
static int blind_dfs(gt_cube3 *c, int depth, int last_face)
{
    if (depth == 0)
        return gt_cube3_is_solved(c);
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (m / 3 == last_face)
            continue;
        gt_cube3 t = *c;
        gt_cube3_apply_move(&t, m);
        if (blind_dfs(&t, depth - 1, m / 3))
            return 1;
    }
    return 0;
}

static int blind_distance(const gt_cube3 *c, int max)
{
    for (int d = 0; d <= max; d++) {
        gt_cube3 t = *c;
        if (blind_dfs(&t, d, -1))
            return d;
    }
    return -1;
}

static void test_optimal_on_short_scrambles(void **state)
{
    (void)state;
    uint64_t seed = 2024;
    gt_cube3_search_options o = {0};
    for (int trial = 0; trial < 40; trial++) {
        gt_cube3 c;
        gt_cube3_identity(&c);
        int len = trial % 6;
        for (int k = 0; k < len; k++)
            gt_cube3_apply_move(&c, (int)((seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 59) % 18);
        gt_cube3_search_result r;
        int d = solve_checked(corner_solver, &c, &o, &r);
        assert_int_equal(d, blind_distance(&c, 5));
        gt_cube3_search_result_free(&r);
    }
}

static void test_known_positions(void **state)
{
    (void)state;
    gt_cube3_search_options o = {0};
    gt_cube3_search_result r;
    gt_cube3 c;
    static const struct {
        const char *scramble;
        int distance;
    } known[] = {
        {"", 0},
        {"R", 1},
        {"R U R' U'", 4},
        {"U2 D2 F2 B2 L2 R2", 6}, /* the checkerboard */
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        scramble(known[i].scramble, &c);
        assert_int_equal(solve_checked(corner_solver, &c, &o, &r), known[i].distance);
        gt_cube3_search_result_free(&r);
    }
}

static void test_all_optimal_solutions(void **state)
{
    (void)state;
    gt_cube3_search_options o = {.all = 1};
    gt_cube3_search_result r;
    gt_cube3 c;
    scramble("R U", &c);
    solve_checked(corner_solver, &c, &o, &r);
    assert_int_equal(r.n_solutions, 1);
    assert_memory_equal(r.solutions, ((uint8_t[]){2, 5}), 2); /* U' R' */
    gt_cube3_search_result_free(&r);
    /* commuting half turns: several canonical orders, all listed and checked */
    scramble("R2 L2 U2 D2", &c);
    solve_checked(corner_solver, &c, &o, &r);
    assert_int_equal(r.distance, 4);
    assert_true(r.n_solutions >= 2); /* R2 L2 U2 D2 and U2 D2 R2 L2 */
    for (uint64_t i = 0; i < r.n_solutions; i++) {
        gt_cube3 t = c;
        gt_cube3_apply_moves(&t, r.solutions + i * 4, 4);
        assert_true(gt_cube3_is_solved(&t));
        if (i)
            assert_true(memcmp(r.solutions + (i - 1) * 4, r.solutions + i * 4, 4) < 0); /* sorted, distinct */
    }
    gt_cube3_search_result_free(&r);
}

static void test_limits(void **state)
{
    (void)state;
    gt_cube3 c;
    gt_cube3_search_result r;
    scramble("R U F D L B R2 U2", &c);
    gt_cube3_search_options o = {.max_depth = 5};
    assert_int_equal(gt_cube3_search(corner_solver, &c, &o, &r), GT_ERR_TIMEOUT);
    assert_int_equal(r.distance, -1);
    assert_true(r.lower_bound >= 6 && r.lower_bound <= 8); /* proven, and at most the true 8 */
    o.max_depth = 7;
    assert_int_equal(gt_cube3_search(corner_solver, &c, &o, &r), GT_ERR_TIMEOUT);
    assert_int_equal(r.lower_bound, 8);
    /* a timeout stops a hopeless search quickly, with a proven bound */
    scramble("R U F D L B R2 U2 F' D' L2 B' R U' F2 D", &c);
    gt_cube3_search_options t = {.timeout = 0.5};
    assert_int_equal(gt_cube3_search(corner_solver, &c, &t, &r), GT_ERR_TIMEOUT);
    assert_true(r.seconds < 3.0);
    assert_true(r.lower_bound >= gt_cube3_solver_bound(corner_solver, &c));
    /* an illegal position is refused, not searched */
    gt_cube3_identity(&c);
    c.eo[0] = 1;
    assert_int_equal(gt_cube3_search(corner_solver, &c, &o, &r), GT_ERR_ILLEGAL);
}

static void test_qtm(void **state)
{
    (void)state;
    gt_cube3_search_options o = {.metric = GT_CUBE3_QTM};
    gt_cube3_search_result r;
    gt_cube3 c;
    scramble("R2", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 2);
    for (int i = 0; i < r.length; i++)
        assert_true(gt_cube3_is_quarter(r.moves[i]));
    scramble("R2 U2", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 4);
    scramble("R U' F2", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 4);
    scramble("U D'", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 2);
}

static void test_same_answer_any_thread_count(void **state)
{
    (void)state;
    gt_cube3 c;
    scramble("R U2 F' L D B2 R' U", &c);
    gt_cube3_search_result a, b;
    gt_cube3_search_options one = {.threads = 1}, two = {.threads = 2};
    solve_checked(corner_solver, &c, &one, &a);
    solve_checked(corner_solver, &c, &two, &b);
    assert_int_equal(a.distance, b.distance);
    assert_memory_equal(a.moves, b.moves, (size_t)a.length);
}

/* The inverse position's lookups only prune: same distances without them. */
static void test_inverse_lookups_keep_optimality(void **state)
{
    (void)state;
    uint64_t seed = 77;
    gt_cube3_search_options with = {.threads = 1}, without = {.threads = 1, .no_inverse = 1};
    for (int trial = 0; trial < 6; trial++) {
        gt_cube3 c;
        gt_cube3_identity(&c);
        for (int k = 0; k < 8; k++)
            gt_cube3_apply_move(&c, (int)((seed = seed * 6364136223846793005ull + 1442695040888963407ull) >> 59) % 18);
        gt_cube3_search_result a, b;
        solve_checked(corner_solver, &c, &with, &a);
        solve_checked(corner_solver, &c, &without, &b);
        assert_int_equal(a.distance, b.distance);
        assert_true(a.nodes <= b.nodes); /* one thread: deterministic counts */
    }
}

/* ---- deep positions, with the big tables when they are built ---- */

static void test_deep_positions(void **state)
{
    (void)state;
    gt_db *db;
    gt_table *corners = NULL, *fss = NULL;
    const char *path = gt_db_default_path(NULL);
    if (gt_db_open(&db, path, GT_DB_READONLY) != 0 ||
        gt_db_get_table(db, GT_CUBE3_CORNERS_TABLE, 0, &corners) != 0 ||
        gt_db_get_table(db, GT_CUBE3_FSS_TABLE, 0, &fss) != 0) {
        fprintf(stderr, "test_deep_positions: no cube3 tables in %s; build them with: godtab-gen cube3\n", path);
        gt_table_free(corners);
        skip();
    }
    gt_cube3_solver *s;
    assert_int_equal(gt_cube3_solver_new(corners, NULL, fss, &s), 0);
    static const struct {
        const char *scramble;
        int distance;
    } deep[] = {
        /* random scrambles whose optimal lengths godtab found (each solve is
         * also checked by replaying it; the length by optimality of IDA*) */
        {"L2 F' D2 L U' D F D2 U' L' F2 B2 L2 D U2 D' B U'", 16},
        {"R2 F R2 L2 F B' L' B' U2 B' D2 U2 B2 U R2 U2 L U L U2", 16},
        {"U R' D B2 F' D U2 D2 F R B2 F2 B L R' F B' U' F' U'", 16},
        {"U B' U' B D R F L F2 L2 R B2 D' L' D' R' L'", 17},
    };
    gt_cube3_search_options o = {0};
    for (size_t i = 0; i < sizeof deep / sizeof deep[0]; i++) {
        gt_cube3 c;
        gt_cube3_search_result r;
        scramble(deep[i].scramble, &c);
        assert_int_equal(solve_checked(s, &c, &o, &r), deep[i].distance);
        fprintf(stderr, "  %d moves: %s (%.1f s, %llu nodes)\n", r.distance, deep[i].scramble, r.seconds,
                (unsigned long long)r.nodes);
        gt_cube3_search_result_free(&r);
    }
    gt_cube3_solver_free(s);
    gt_table_free(corners);
    gt_table_free(fss);
    gt_db_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_optimal_on_short_scrambles),
        cmocka_unit_test(test_known_positions),
        cmocka_unit_test(test_all_optimal_solutions),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_qtm),
        cmocka_unit_test(test_same_answer_any_thread_count),
        cmocka_unit_test(test_inverse_lookups_keep_optimality),
        cmocka_unit_test(test_deep_positions),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
