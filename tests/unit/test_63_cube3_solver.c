/* 3x3x3 IDA*: optimality against a blind search, every answer applied and
 * checked, --all, limits, QTM, determinism across thread counts. The corner
 * table is built here (~4 s); the deep positions (>= 16 moves) need the big
 * tables and use those of $GODTAB_DB or the default database when
 * `godtab-gen cube3` has built them (skipped, saying so, otherwise). */
#include "test_util.h"
#include "test_cube3_util.h"

#include "bfs.h"
#include "catalog.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_solver_internal.h"
#include "cube3_verify.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

static gt_table corner_table;   /* built once for the group */
static gt_cube3_solver *corner_solver;
static gt_cube3_solver *edge_solver; /* corners + a capped phase-1 table on 3 axes */

/* The phase-1 table (flip x slice x twist: the distance to the subgroup
 * <U,D,R2,L2,F2,B2>) with every entry past CAP-1 moves holding CAP. That is
 * still a lower bound, and still sound for the axis masks (a value below the
 * true distance claims something about solutions of that length, and there
 * are none), so it exercises the edge-table search on every run: the real
 * table takes a minute to build. A depth-first walk from the goal fills it,
 * stopping where an entry already holds no more (that subtree was walked
 * with at least as many moves left). */
#define CAP 8

static void walk_phase1(const gt_cube3_moves *mt, uint8_t *t, uint32_t flip, uint32_t slice, uint32_t twist,
                        unsigned depth)
{
    uint64_t i = gt_cube3_fst_entry(flip, slice, twist);
    unsigned shift = (unsigned)(i & 1) * 4;
    if ((t[i >> 1] >> shift & 15u) <= depth)
        return;
    t[i >> 1] = (uint8_t)((t[i >> 1] & ~(15u << shift)) | depth << shift);
    if (depth + 1 >= CAP)
        return;
    for (uint32_t m = 0; m < GT_CUBE3_MOVES; m++)
        walk_phase1(mt, t, mt->flip[flip * GT_CUBE3_MOVES + m], mt->slice[slice * GT_CUBE3_MOVES + m],
                    mt->twist[twist * GT_CUBE3_MOVES + m], depth + 1);
}

static int make_edge_solver(void)
{
    gt_cube3_moves *mt;
    gt_table fst = {0};
    gt_cube3 id;
    if (gt_cube3_moves_new(&mt))
        return -1;
    fst.meta.encoding = GT_ENC_NIBBLE;
    fst.meta.n_states = GT_CUBE3_FST_STATES;
    fst.data_bytes = (GT_CUBE3_FST_STATES + 1) / 2;
    fst.data = malloc(fst.data_bytes);
    int rc = -1;
    if (fst.data) {
        memset(fst.data, CAP * 0x11, fst.data_bytes);
        gt_cube3_identity(&id);
        walk_phase1(mt, fst.data, gt_cube3_flip(&id), gt_cube3_slice(&id), gt_cube3_twist(&id), 0);
        rc = gt_cube3_solver_new(&corner_table, &fst, NULL, &edge_solver);
    }
    free(fst.data);
    gt_cube3_moves_free(mt);
    return rc;
}

static int setup(void **state)
{
    (void)state;
    if (tu_cube3_corner_table(&corner_table))
        return -1;
    if (gt_cube3_solver_new(&corner_table, NULL, NULL, &corner_solver))
        return -1;
    return make_edge_solver();
}

static int teardown(void **state)
{
    (void)state;
    gt_cube3_solver_free(corner_solver);
    gt_cube3_solver_free(edge_solver);
    free(corner_table.data);
    return 0;
}

/* Solves, checks the answer solves the cube, returns the distance. */
static int solve_checked(const gt_cube3_solver *s, const gt_cube3 *c, const gt_cube3_search_options *o,
                         gt_cube3_search_result *r)
{
    int rc = gt_cube3_search(s, c, o, r);
    assert_int_equal(rc, 0);
    /* in QTM a half turn is one move U2 counted as two quarter turns */
    assert_int_equal(o && o->metric == GT_CUBE3_QTM ? gt_cube3_qtm_length(r->moves, r->length) : r->length,
                     r->distance);
    gt_cube3 t = *c;
    gt_cube3_apply_moves(&t, r->moves, r->length);
    assert_true(gt_cube3_is_solved(&t));
    return r->distance;
}

/* The corner table as a mapped one looks: checked block by block on first
 * use against per-block checksums (sums, bits), block `damaged_block`'s
 * checksum wrong (none: -1). */
static void lazy_corners(gt_table *t, uint64_t *sums, uint64_t *bits, int64_t damaged_block)
{
    const uint64_t blocks = (corner_table.data_bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    *t = corner_table;
    t->damaged = 0;
    for (uint64_t b = 0; b < blocks; b++) {
        uint64_t off = b << GT_BLOCK_SHIFT, n = corner_table.data_bytes - off;
        sums[b] = gt_checksum64(corner_table.data + off, n < GT_BLOCK_BYTES ? n : GT_BLOCK_BYTES);
    }
    if (damaged_block >= 0)
        sums[damaged_block] ^= 1;
    memset(bits, 0, (blocks + 63) / 64 * sizeof *bits);
    t->view = (gt_view){.data = t->data, .bytes = t->data_bytes, .sums = sums, .checked = bits, .damaged = &t->damaged};
}

/* A deep search on tables read in place checks every block once it has
 * visited verify_after_nodes, then reads without the blocks' tests: the
 * same answer, every block checked after it, and a damaged block found so
 * fails the query (no answer). Here the corners are solved, so their table
 * bounds nothing and the search takes six iterations. */
static void test_deep_search_checks_the_tables_whole(void **state)
{
    (void)state;
    const uint64_t blocks = (corner_table.data_bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    uint64_t *sums = malloc(blocks * sizeof *sums), *bits = malloc((blocks + 63) / 64 * sizeof *bits);
    gt_table lazy;
    gt_cube3 c;
    gt_cube3_solver *s;
    gt_cube3_search_result r0, r1;
    gt_cube3_search_options o = {.threads = 2, .verify_after_nodes = 1000};
    assert_int_equal(gt_cube3_from_scramble("R2 U2 R2 U2 R2 U2", &c, NULL), GT_OK);
    assert_int_equal(gt_cube3_solver_bound(corner_solver, &c), 0);
    solve_checked(corner_solver, &c, &o, &r0); /* a copy: nothing to check */
    lazy_corners(&lazy, sums, bits, -1);
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    solve_checked(s, &c, &o, &r1);
    assert_true(r1.nodes > 1000);
    assert_int_equal(r1.distance, 6);
    assert_memory_equal(r1.moves, r0.moves, (size_t)r0.length);
    for (uint64_t b = 0; b < blocks; b++)
        assert_true(bits[b / 64] >> (b % 64) & 1);
    gt_cube3_solver_free(s);
    /* one thread on a machine of more cores: the check runs beside the
     * search (gt_cube3_verify_start), which ends first or stops it */
    gt_cube3_search_options one = {.threads = 1, .verify_after_nodes = 1000};
    lazy_corners(&lazy, sums, bits, -1);
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    solve_checked(s, &c, &one, &r1);
    assert_int_equal(r1.distance, 6);
    assert_memory_equal(r1.moves, r0.moves, (size_t)r0.length);
    gt_cube3_solver_free(s);
    lazy_corners(&lazy, sums, bits, (int64_t)blocks - 1);
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    assert_int_equal(gt_cube3_search(s, &c, &o, &r1), GT_ERR_CORRUPT);
    assert_int_equal(r1.distance, -1);
    assert_int_equal(lazy.damaged, 1);
    gt_cube3_solver_free(s);
    free(sums);
    free(bits);
}

/* Waits (up to 60 s) for the check beside to end; 1 if it did. */
static int verify_ended(gt_cube3_verify *v)
{
    for (int i = 0; i < 60000 && !__atomic_load_n(&v->done, __ATOMIC_ACQUIRE); i++)
        usleep(1000);
    return __atomic_load_n(&v->done, __ATOMIC_ACQUIRE);
}

/* The check beside the search on its own: every block checked and the
 * checked copy published into the slot, then the slot given back; a
 * damaged block publishes nothing and sets the damage flag; a stop ends
 * it early; with copy_edges the copy reads its own copies of the tables
 * (the same answer); a solver without checksums starts no thread. */
static void test_verify_beside(void **state)
{
    (void)state;
    const uint64_t blocks = (corner_table.data_bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    uint64_t *sums = malloc(blocks * sizeof *sums), *bits = malloc((blocks + 63) / 64 * sizeof *bits);
    gt_table lazy;
    gt_cube3_solver *s;
    gt_cube3_verify v;
    const gt_cube3_solver *slot;
    gt_cube3 c;
    gt_cube3_search_result r0, r1;
    gt_cube3_search_options o = {.threads = 1};
    assert_int_equal(gt_cube3_from_scramble("R U2 F' D L2", &c, NULL), GT_OK);
    lazy_corners(&lazy, sums, bits, -1);
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    slot = s;
    assert_int_equal(gt_cube3_verify_start(&v, s, 0, &slot), GT_OK);
    assert_true(verify_ended(&v));
    assert_non_null(v.copy);
    assert_ptr_equal(slot, v.copy);
    assert_null(slot->corners_v.sums);
    assert_ptr_equal(slot->corners, s->corners);
    for (uint64_t b = 0; b < blocks; b++)
        assert_true(bits[b / 64] >> (b % 64) & 1);
    gt_cube3_verify_finish(&v);
    assert_ptr_equal(slot, s);
    gt_cube3_solver_free(s);

    lazy_corners(&lazy, sums, bits, (int64_t)blocks - 1);
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    slot = s;
    assert_int_equal(gt_cube3_verify_start(&v, s, 0, &slot), GT_OK);
    assert_true(verify_ended(&v));
    assert_null(v.copy);
    assert_ptr_equal(slot, s);
    assert_int_equal(lazy.damaged, 1);
    assert_int_equal(gt_cube3_solver_damaged(s), 1);
    gt_cube3_verify_finish(&v);
    gt_cube3_solver_free(s);

    lazy_corners(&lazy, sums, bits, -1);
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    slot = s;
    v.stop = 1; /* start clears it: a stop set before is no stop */
    assert_int_equal(gt_cube3_verify_start(&v, s, 0, &slot), GT_OK);
    __atomic_store_n(&v.stop, 1, __ATOMIC_RELAXED); /* stopped at once, or already done: both end */
    assert_true(verify_ended(&v));
    gt_cube3_verify_finish(&v);
    assert_ptr_equal(slot, s);
    assert_null(v.copy);
    gt_cube3_solver_free(s);

    lazy_corners(&lazy, sums, bits, -1); /* and copied: the copy reads its own */
    assert_int_equal(gt_cube3_solver_open(&lazy, NULL, NULL, GT_CUBE3_TABLES_IN_PLACE, &s), GT_OK);
    slot = s;
    assert_int_equal(gt_cube3_verify_start(&v, s, 1, &slot), GT_OK);
    assert_true(verify_ended(&v));
    assert_ptr_equal(slot, v.copy);
    assert_ptr_not_equal(slot->corners, s->corners);
    assert_ptr_equal(slot->corners, slot->corners_v.data);
    assert_null(slot->corners_v.sums);
    assert_memory_equal(slot->corners, s->corners, (size_t)corner_table.data_bytes);
    assert_int_equal(solve_checked(s, &c, &o, &r0), solve_checked(slot, &c, &o, &r1));
    assert_memory_equal(r0.moves, r1.moves, (size_t)r0.length);
    gt_cube3_verify_finish(&v);
    assert_ptr_equal(slot, s);
    gt_cube3_solver_free(s);

    slot = corner_solver; /* a copy in memory: nothing to check, no thread */
    assert_int_equal(gt_cube3_verify_start(&v, corner_solver, 0, &slot), GT_OK);
    assert_int_equal(v.running, 0);
    gt_cube3_verify_finish(&v);
    assert_ptr_equal(slot, corner_solver);
    free(sums);
    free(bits);
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

/* The corner table is read wherever it can cut a child except beside an
 * fsud rung (test_70 checks that one): here up to its God's number. */
static void test_corner_reads_without_an_fsud_rung(void **state)
{
    (void)state;
    assert_int_equal(corner_solver->corner_read_below, 11);
    if (edge_solver)
        assert_int_equal(edge_solver->corner_read_below, 11);
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
        tu_cube3_scramble(known[i].scramble, &c);
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
    tu_cube3_scramble("R U", &c);
    solve_checked(corner_solver, &c, &o, &r);
    assert_int_equal(r.n_solutions, 1);
    assert_memory_equal(r.solutions, ((uint8_t[]){2, 5}), 2); /* U' R' */
    gt_cube3_search_result_free(&r);
    /* commuting half turns: several canonical orders, all listed and checked */
    tu_cube3_scramble("R2 L2 U2 D2", &c);
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
    tu_cube3_scramble("R U F D L B R2 U2", &c);
    gt_cube3_search_options o = {.max_depth = 5};
    assert_int_equal(gt_cube3_search(corner_solver, &c, &o, &r), GT_ERR_TIMEOUT);
    assert_int_equal(r.distance, -1);
    assert_true(r.lower_bound >= 6 && r.lower_bound <= 8); /* proven, and at most the true 8 */
    o.max_depth = 7;
    assert_int_equal(gt_cube3_search(corner_solver, &c, &o, &r), GT_ERR_TIMEOUT);
    assert_int_equal(r.lower_bound, 8);
    /* a timeout stops a hopeless search quickly, with a proven bound */
    tu_cube3_scramble("R U F D L B R2 U2 F' D' L2 B' R U' F2 D", &c);
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
    tu_cube3_scramble("R2", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 2);
    assert_int_equal(r.length, 1); /* R2, as Cube Explorer writes it (test_67 has more) */
    assert_int_equal(r.moves[0], 4);
    tu_cube3_scramble("R2 U2", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 4);
    tu_cube3_scramble("R U' F2", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 4);
    tu_cube3_scramble("U D'", &c);
    assert_int_equal(solve_checked(corner_solver, &c, &o, &r), 2);
}

static void test_same_answer_any_thread_count(void **state)
{
    (void)state;
    gt_cube3 c;
    tu_cube3_scramble("R U2 F' L D B2 R' U", &c);
    gt_cube3_search_result a, b;
    gt_cube3_search_options one = {.threads = 1}, two = {.threads = 2};
    solve_checked(corner_solver, &c, &one, &a);
    solve_checked(corner_solver, &c, &two, &b);
    assert_int_equal(a.distance, b.distance);
    assert_memory_equal(a.moves, b.moves, (size_t)a.length);
}

static void random_scramble(uint64_t *seed, int length, gt_cube3 *c)
{
    gt_cube3_identity(c);
    for (int k = 0; k < length; k++)
        gt_cube3_apply_move(c, (int)((*seed = *seed * 6364136223846793005ull + 1442695040888963407ull) >> 59) % 18);
}

/* The edge table on three axes agrees with the corner table alone. */
static void test_edge_table_search_is_optimal(void **state)
{
    (void)state;
    uint64_t seed = 5;
    gt_cube3_search_options o = {.threads = 2};
    for (int trial = 0; trial < 12; trial++) {
        gt_cube3 c;
        gt_cube3_search_result a, b;
        random_scramble(&seed, 5 + trial % 4, &c);
        solve_checked(edge_solver, &c, &o, &a);
        solve_checked(corner_solver, &c, &o, &b);
        assert_int_equal(a.distance, b.distance);
        assert_true(gt_cube3_solver_bound(edge_solver, &c) >= gt_cube3_solver_bound(corner_solver, &c));
    }
}

/* Each pruning only prunes: the same distance without it, never more
 * nodes with it (one thread: deterministic counts), fewer over the set.
 * Both runs extend the start's end only and keep the tasks in canonical
 * order: choosing the end needs both prunings, the order comes from each
 * run's own counts, and both are heuristics that may cost nodes on some
 * cube. */
static void check_pruning_only_prunes(int which)
{
    uint64_t seed = 77, with_total = 0, without_total = 0;
    for (int trial = 0; trial < 8; trial++) {
        gt_cube3 c;
        gt_cube3_search_options with = {.threads = 1, .no_direction = 1, .no_task_order = 1},
                                without = {.threads = 1, .no_direction = 1, .no_task_order = 1};
        if (which == 0)
            without.no_inverse = 1;
        else
            without.no_axis_masks = 1;
        random_scramble(&seed, 8 + trial % 3, &c);
        gt_cube3_search_result a, b;
        solve_checked(edge_solver, &c, &with, &a);
        solve_checked(edge_solver, &c, &without, &b);
        assert_int_equal(a.distance, b.distance);
        assert_true(a.nodes <= b.nodes);
        with_total += a.nodes;
        without_total += b.nodes;
    }
    assert_true(with_total < without_total);
}

static void test_inverse_lookups_keep_optimality(void **state)
{
    (void)state;
    check_pruning_only_prunes(0);
}

static void test_axis_masks_keep_optimality(void **state)
{
    (void)state;
    check_pruning_only_prunes(1);
}

/* Extending whichever end allows fewer moves finds solutions of the same
 * length (solve_checked replays each: moves taken from the far end must be
 * put back in order), and the choice is made: some counts differ. */
static void test_choosing_the_end_keeps_optimality(void **state)
{
    (void)state;
    uint64_t seed = 91;
    int differ = 0;
    for (int trial = 0; trial < 16; trial++) {
        gt_cube3 c;
        gt_cube3_search_options with = {.threads = 1}, without = {.threads = 1, .no_direction = 1};
        gt_cube3_search_result a, b;
        random_scramble(&seed, 7 + trial % 5, &c);
        solve_checked(edge_solver, &c, &with, &a);
        solve_checked(edge_solver, &c, &without, &b);
        assert_int_equal(a.distance, b.distance);
        assert_int_equal(a.lower_bound, b.lower_bound);
        differ += a.nodes != b.nodes;
    }
    assert_true(differ > 0);
}

/* Tasks ordered by the last iteration's costs: the same length as in
 * canonical order, the same answer on 1 and 2 threads (the costs are
 * whole iterations'), and the order is used: some counts differ. */
static void test_task_order_is_deterministic(void **state)
{
    (void)state;
    uint64_t seed = 123;
    int differ = 0;
    for (int trial = 0; trial < 10; trial++) {
        gt_cube3 c;
        gt_cube3_search_options one = {.threads = 1}, two = {.threads = 2}, canonical = {.threads = 1, .no_task_order = 1};
        gt_cube3_search_result a, b, k;
        random_scramble(&seed, 9 + trial % 3, &c);
        solve_checked(edge_solver, &c, &one, &a);
        solve_checked(edge_solver, &c, &two, &b);
        solve_checked(edge_solver, &c, &canonical, &k);
        assert_int_equal(a.distance, k.distance);
        assert_int_equal(a.length, b.length);
        assert_memory_equal(a.moves, b.moves, (size_t)a.length);
        differ += a.nodes != k.nodes;
    }
    assert_true(differ > 0);
}

/* Stronger: the masks keep every optimal solution (--all lists the same). */
static void test_axis_masks_keep_every_solution(void **state)
{
    (void)state;
    static const char *const positions[] = {"R2 L2 U2 D2", "R U R' U' F2 D", "F R U' R' U' R U R' F'",
                                            "U2 D2 F2 B2 L2 R2"};
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        gt_cube3 c;
        gt_cube3_search_options with = {.all = 1}, without = {.all = 1, .no_axis_masks = 1};
        gt_cube3_search_result a, b;
        tu_cube3_scramble(positions[i], &c);
        solve_checked(edge_solver, &c, &with, &a);
        solve_checked(edge_solver, &c, &without, &b);
        assert_int_equal(a.distance, b.distance);
        assert_int_equal(a.n_solutions, b.n_solutions);
        assert_memory_equal(a.solutions, b.solutions, (size_t)(a.n_solutions * (uint64_t)a.distance));
        gt_cube3_search_result_free(&a);
        gt_cube3_search_result_free(&b);
    }
}

/* A symmetric start is searched once per orbit of first moves: the same
 * distance and proven bounds, never more nodes, far fewer where the
 * iterations short of the answer have work to do (the tables settle the
 * spots patterns' bounds almost at the root); an asymmetric start is
 * searched exactly as before. */
static void test_symmetric_starts(void **state)
{
    (void)state;
    static const struct {
        const char *scramble;
        int distance;
        char expect; /* '=' same nodes, '<' no more, '2' under half */
    } positions[] = {
        {"U2 D2 F2 B2 L2 R2", 6, '2'}, /* the checkerboard: all 48 symmetries */
        {"U D' R L' F B' U D'", 8, '<'}, /* six spots */
        {"F2 B2 U D' R2 L2 U D'", 8, '<'}, /* four spots */
        {"U D'", 2, '<'},
        {"R U F D", 4, '='},
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        gt_cube3 c;
        gt_cube3_search_result a, b;
        gt_cube3_search_options with = {.threads = 1}, without = {.threads = 1, .no_symmetry = 1};
        tu_cube3_scramble(positions[i].scramble, &c);
        assert_int_equal(solve_checked(edge_solver, &c, &with, &a), positions[i].distance);
        assert_int_equal(solve_checked(edge_solver, &c, &without, &b), positions[i].distance);
        /* Every iteration short of the answer runs in full: compare those. */
        with.max_depth = without.max_depth = positions[i].distance - 1;
        assert_int_equal(gt_cube3_search(edge_solver, &c, &with, &a), GT_ERR_TIMEOUT);
        assert_int_equal(gt_cube3_search(edge_solver, &c, &without, &b), GT_ERR_TIMEOUT);
        assert_int_equal(a.lower_bound, positions[i].distance);
        assert_int_equal(b.lower_bound, positions[i].distance);
        if (positions[i].expect == '=')
            assert_true(a.nodes == b.nodes);
        else if (positions[i].expect == '2')
            assert_true(2 * a.nodes < b.nodes);
        else
            assert_true(a.nodes <= b.nodes);
    }
}

/* ---- deep positions, with the big tables when they are built ---- */

static void test_deep_positions(void **state)
{
    (void)state;
    gt_db *db = NULL; /* gt_db_open leaves it unset when it fails */
    gt_table *corners = NULL, *fss = NULL;
    const char *path = gt_db_default_path(NULL);
    if (gt_db_open(&db, path, GT_DB_READONLY) != 0 ||
        gt_db_get_table(db, GT_CUBE3_CORNERS_TABLE, 0, &corners) != 0 ||
        gt_db_get_table(db, GT_CUBE3_FSS_TABLE, 0, &fss) != 0) {
        fprintf(stderr, "test_deep_positions: no cube3 tables in %s; build them with: godtab-gen cube3\n", path);
        gt_table_free(corners);
        gt_db_close(db); /* skip() returns from the test: nothing below runs */
        skip();
    }
    /* the copy (huge pages) and the in-place solver over the mapped tables */
    gt_table *mapped_corners = NULL, *mapped_fss = NULL;
    gt_cube3_solver *s, *in_place;
    assert_int_equal(gt_cube3_solver_new(corners, NULL, fss, &s), 0);
    assert_int_equal(gt_db_map_table(db, GT_CUBE3_CORNERS_TABLE, &mapped_corners), 0);
    assert_int_equal(gt_db_map_table(db, GT_CUBE3_FSS_TABLE, &mapped_fss), 0);
    assert_int_equal(gt_cube3_solver_open(mapped_corners, NULL, mapped_fss, GT_CUBE3_TABLES_IN_PLACE, &in_place), 0);
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
        tu_cube3_scramble(deep[i].scramble, &c);
        assert_int_equal(solve_checked(s, &c, &o, &r), deep[i].distance);
        fprintf(stderr, "  %d moves: %s (%.1f s, %llu nodes)\n", r.distance, deep[i].scramble, r.seconds,
                (unsigned long long)r.nodes);
        uint8_t first[GT_CUBE3_MAX_SOLUTION];
        memcpy(first, r.moves, (size_t)r.length);
        gt_cube3_search_result_free(&r);
        if (i < 2) { /* in place: the same first solution (the search order is the same) */
            assert_int_equal(solve_checked(in_place, &c, &o, &r), deep[i].distance);
            assert_memory_equal(r.moves, first, (size_t)r.length);
            fprintf(stderr, "  in place: %.1f s\n", r.seconds);
            gt_cube3_search_result_free(&r);
        }
    }
    gt_cube3_solver_free(in_place);
    gt_table_free(mapped_corners);
    gt_table_free(mapped_fss);
    gt_cube3_solver_free(s);
    gt_table_free(corners);
    gt_table_free(fss);
    gt_db_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corner_reads_without_an_fsud_rung),
        cmocka_unit_test(test_optimal_on_short_scrambles),
        cmocka_unit_test(test_known_positions),
        cmocka_unit_test(test_all_optimal_solutions),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_qtm),
        cmocka_unit_test(test_same_answer_any_thread_count),
        cmocka_unit_test(test_edge_table_search_is_optimal),
        cmocka_unit_test(test_inverse_lookups_keep_optimality),
        cmocka_unit_test(test_axis_masks_keep_optimality),
        cmocka_unit_test(test_choosing_the_end_keeps_optimality),
        cmocka_unit_test(test_task_order_is_deterministic),
        cmocka_unit_test(test_axis_masks_keep_every_solution),
        cmocka_unit_test(test_symmetric_starts),
        cmocka_unit_test(test_deep_positions),
        cmocka_unit_test(test_deep_search_checks_the_tables_whole),
        cmocka_unit_test(test_verify_beside),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
