/* Quarter-turn solutions as Cube Explorer writes them (issue 11): a half
 * turn is returned as U2 and counted 2 in the distance, and --all lists each
 * face-turn sequence once. The spelling helpers on their own, then the
 * search (corner table built here, ~4 s) against a blind enumeration of
 * every quarter-turn sequence of the optimal length. */
#include "test_util.h"
#include "test_cube3_util.h"

#include "bfs.h"
#include "catalog.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_tables.h"
#include "gt_error.h"
#include "table.h"

enum { U = 0, U2 = 1, Ui = 2, R = 3, R2 = 4, Ri = 5, F = 6, D = 9, Di = 11 };

static gt_table corner_table;
static gt_cube3_solver *solver;

static int setup(void **state)
{
    (void)state;
    if (tu_cube3_corner_table(&corner_table))
        return -1;
    return gt_cube3_solver_new(&corner_table, NULL, NULL, &solver);
}

static int teardown(void **state)
{
    (void)state;
    gt_cube3_solver_free(solver);
    free(corner_table.data);
    return 0;
}

static void test_merge_expand_length(void **state)
{
    (void)state;
    uint8_t out[16];
    /* U U and U' U' are both the half turn; U U U is U2 then U (the search never makes it) */
    assert_int_equal(gt_cube3_qtm_merge((uint8_t[]){U, U, R}, 3, out), 2);
    assert_memory_equal(out, ((uint8_t[]){U2, R}), 2);
    assert_int_equal(gt_cube3_qtm_merge((uint8_t[]){R, Ui, Ui}, 3, out), 2);
    assert_memory_equal(out, ((uint8_t[]){R, U2}), 2);
    assert_int_equal(gt_cube3_qtm_merge((uint8_t[]){U, U, U}, 3, out), 2);
    assert_memory_equal(out, ((uint8_t[]){U2, U}), 2);
    assert_int_equal(gt_cube3_qtm_merge((uint8_t[]){U, Ui, D, Di}, 4, out), 4); /* no pair alike */
    assert_memory_equal(out, ((uint8_t[]){U, Ui, D, Di}), 4);
    assert_int_equal(gt_cube3_qtm_merge(NULL, 0, out), 0);
    /* expand spells U2 as U U; the QTM length counts it 2 */
    assert_int_equal(gt_cube3_qtm_expand((uint8_t[]){R2, F, U2}, 3, out), 5);
    assert_memory_equal(out, ((uint8_t[]){R, R, F, U, U}), 5);
    assert_int_equal(gt_cube3_qtm_length((uint8_t[]){R2, F, U2}, 3), 5);
    assert_int_equal(gt_cube3_qtm_length(out, 0), 0);
}

/* Every slot of a QTM --all list: merged, padded, each distinct. */
static void test_finish_merges_and_dedupes(void **state)
{
    (void)state;
    /* U U R, R U' U', U' U' R (the first again, spelt otherwise), R U U (the second again) */
    uint8_t found[] = {U, U, R, R, Ui, Ui, Ui, Ui, R, R, U, U};
    uint64_t n = 4;
    uint8_t *lengths = NULL;
    assert_int_equal(gt_cube3_solutions_finish(GT_CUBE3_QTM, found, &n, 3, &lengths), GT_OK);
    assert_int_equal(n, 2);
    assert_memory_equal(found, ((uint8_t[]){U2, R, 0xFF, R, U2, 0xFF}), 6);
    assert_int_equal(lengths[0], 2);
    assert_int_equal(lengths[1], 2);
    free(lengths);
    /* HTM: sorted, duplicates dropped, nothing rewritten */
    uint8_t htm[] = {R, U2, U, U, R, U2};
    n = 3;
    assert_int_equal(gt_cube3_solutions_finish(GT_CUBE3_HTM, htm, &n, 2, &lengths), GT_OK);
    assert_int_equal(n, 2);
    assert_memory_equal(htm, ((uint8_t[]){U, U, R, U2}), 4);
    assert_int_equal(lengths[0], 2);
    free(lengths);
}

/* Solves in QTM and checks the answer: U2 replays as a half turn, the
 * quarter-turn count is the distance, no two equal quarter turns in a row. */
static int solve_qtm(const char *text, int all, gt_cube3_search_result *r)
{
    gt_cube3 c;
    gt_cube3_search_options o = {.metric = GT_CUBE3_QTM, .all = all};
    tu_cube3_scramble(text, &c);
    assert_int_equal(gt_cube3_search(solver, &c, &o, r), 0);
    for (uint64_t i = 0; i < (all ? r->n_solutions : 1); i++) {
        int k;
        const uint8_t *m = gt_cube3_search_solution(r, i, &k);
        gt_cube3 t = c;
        gt_cube3_apply_moves(&t, m, k);
        assert_true(gt_cube3_is_solved(&t));
        assert_int_equal(gt_cube3_qtm_length(m, k), r->distance);
        for (int j = 1; j < k; j++)
            assert_true(m[j] / 3 != m[j - 1] / 3); /* U U would be U2; U2 U would be U' */
    }
    return r->distance;
}

static void test_search_returns_half_turns(void **state)
{
    (void)state;
    gt_cube3_search_result r;
    assert_int_equal(solve_qtm("R2", 0, &r), 2);
    assert_int_equal(r.length, 1);
    assert_int_equal(r.moves[0], R2);
    gt_cube3_search_result_free(&r);
    assert_int_equal(solve_qtm("R2 U", 0, &r), 3);
    assert_int_equal(r.length, 2);
    assert_memory_equal(r.moves, ((uint8_t[]){Ui, R2}), 2);
    gt_cube3_search_result_free(&r);
    assert_int_equal(solve_qtm("U2 D2", 1, &r), 4);
    assert_int_equal(r.n_solutions, 1);
    assert_int_equal(r.length, 2);
    assert_memory_equal(r.moves, ((uint8_t[]){U2, D + 1}), 2);
    gt_cube3_search_result_free(&r);
    assert_int_equal(solve_qtm("U U'", 1, &r), 0); /* solved: one empty solution */
    assert_int_equal(r.n_solutions, 1);
    assert_int_equal(r.length, 0);
    gt_cube3_search_result_free(&r);
}

/* ---- --all against a blind enumeration ---- */

typedef struct found_set {
    char (*text)[GT_CUBE3_MAX_SOLUTION * 4 + 1];
    size_t n, cap;
} found_set;

/* Canonical as the search lists them: never the same face twice in a row,
 * of two opposite faces U before D, R before L, F before B. */
static int canonical(const uint8_t *m, int k)
{
    for (int j = 1; j < k; j++) {
        int a = m[j - 1] / 3, b = m[j] / 3;
        if (a == b || (a % 3 == b % 3 && b < a))
            return 0;
    }
    return 1;
}

/* Every sequence of d quarter turns that solves c, merged to face turns,
 * kept if canonical (duplicates included: U U and U' U' give one text). */
static void blind_all(const gt_cube3 *c, uint8_t *path, int g, int d, found_set *out)
{
    if (g == d) {
        uint8_t merged[GT_CUBE3_MAX_SOLUTION];
        int k = gt_cube3_qtm_merge(path, d, merged);
        if (!gt_cube3_is_solved(c) || !canonical(merged, k))
            return;
        if (out->n == out->cap) {
            out->cap = out->cap ? 2 * out->cap : 64;
            out->text = realloc(out->text, out->cap * sizeof *out->text);
            assert_non_null(out->text);
        }
        assert_int_equal(gt_cube3_format_moves(merged, k, out->text[out->n++], sizeof *out->text), GT_OK);
        return;
    }
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (!gt_cube3_is_quarter(m) || (g > 0 && path[g - 1] == gt_cube3_move_inverse[m]))
            continue; /* U U' is never in an optimal solution */
        gt_cube3 t = *c;
        gt_cube3_apply_move(&t, m);
        path[g] = (uint8_t)m;
        blind_all(&t, path, g + 1, d, out);
    }
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void test_all_matches_blind_enumeration(void **state)
{
    (void)state;
    /* the last has two optimal solutions, R2 F' B U2 B and B R2 F' B U2 */
    static const char *const positions[] = {"R2 U", "U2 D2", "R U2 R'", "R2 L2 U", "F2 R' U2", "B' U2 B' F R2"};
    for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
        gt_cube3_search_result r;
        gt_cube3 c;
        uint8_t path[GT_CUBE3_MAX_SOLUTION];
        found_set blind = {0};
        int d = solve_qtm(positions[p], 1, &r);
        tu_cube3_scramble(positions[p], &c);
        blind_all(&c, path, 0, d, &blind);
        qsort(blind.text, blind.n, sizeof *blind.text, cmp_text);
        size_t distinct = 0;
        for (size_t i = 0; i < blind.n; i++)
            if (distinct == 0 || strcmp(blind.text[distinct - 1], blind.text[i]) != 0)
                memmove(blind.text[distinct++], blind.text[i], sizeof *blind.text);
        assert_int_equal(r.n_solutions, distinct);
        if (p == sizeof positions / sizeof positions[0] - 1)
            assert_int_equal(distinct, 2);
        char (*got)[GT_CUBE3_MAX_SOLUTION * 4 + 1] = calloc(r.n_solutions, sizeof *got);
        assert_non_null(got);
        for (uint64_t i = 0; i < r.n_solutions; i++) {
            int k;
            const uint8_t *m = gt_cube3_search_solution(&r, i, &k);
            assert_int_equal(gt_cube3_format_moves(m, k, got[i], sizeof *got), GT_OK);
        }
        qsort(got, r.n_solutions, sizeof *got, cmp_text);
        for (uint64_t i = 0; i < r.n_solutions; i++)
            assert_string_equal(got[i], blind.text[i]);
        /* the first listed is the one a search without --all returns */
        gt_cube3_search_result one;
        solve_qtm(positions[p], 0, &one);
        assert_int_equal(one.length, r.length);
        assert_memory_equal(one.moves, r.moves, (size_t)r.length);
        free(got);
        free(blind.text);
        gt_cube3_search_result_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merge_expand_length),
        cmocka_unit_test(test_finish_merges_and_dedupes),
        cmocka_unit_test(test_search_returns_half_turns),
        cmocka_unit_test(test_all_matches_blind_enumeration),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
