/* The anatomy of the 3x3 flip taquin (article 2.6-2.8): types, the quotient
 * graph, niches, parity, the beacon claims and the smallest beacon sets, each
 * cross-checked against a direct computation on configurations; and the type
 * counts of every n×m board against Burnside's lemma. */
#include "test_util.h"

#include "bfs.h"
#include "gt_error.h"
#include "taquin.h"

typedef struct fixture {
    gt_puzzle *p;
    const gt_taquin_board *b;
    uint8_t *dist;
    gt_taquin_anatomy *a;
    uint8_t *pair; /* 192 x 192 distances between configurations (ranks) */
} fixture;

static uint64_t code_of(const gt_taquin_board *b, const char *text)
{
    uint64_t code = 0;
    gt_parse_error err;
    assert_int_equal(gt_taquin_parse(b, text, &code, &err), 0);
    return code;
}

static int type_of(const fixture *f, const char *text)
{
    int t = -1;
    assert_int_equal(gt_taquin_anatomy_find(f->a, code_of(f->b, text), &t), 0);
    return t;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    gt_distribution d;
    assert_non_null(f);
    assert_int_equal(gt_taquin_puzzle_new(3, 3, &f->p), 0);
    assert_int_equal(gt_taquin_board_of(f->p, &f->b), 0);
    assert_int_equal(gt_bfs_run(f->p, NULL, &f->dist, &d), 0);
    assert_int_equal(gt_taquin_anatomy_build(f->p, f->dist, &f->a), 0);
    /* The test's own all-pairs distances between configurations, by breadth
     * first search from each one: the oracle for the quotient distances. */
    const int n = 192;
    f->pair = malloc((size_t)n * n);
    assert_non_null(f->pair);
    for (int from = 0; from < n; from++) {
        uint8_t *row = f->pair + (size_t)from * n;
        int queue[192], head = 0, tail = 0;
        memset(row, 255, (size_t)n);
        row[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            int x = queue[head++];
            for (int m = 0; m < 6; m++) {
                int y = (int)gt_puzzle_move(f->p, (uint64_t)x, m);
                if (row[y] == 255) {
                    row[y] = (uint8_t)(row[x] + 1);
                    queue[tail++] = y;
                }
            }
        }
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    gt_taquin_anatomy_free(f->a);
    gt_taquin_puzzle_free(f->p);
    free(f->dist);
    free(f->pair);
    free(f);
    return 0;
}

/* 2.6.6: 48 types; by orbit size 8, 4, 28, 8; per distance 1 2 6 11 13 9 4 2. */
static void test_types(void **state)
{
    fixture *f = *state;
    const gt_taquin_anatomy *a = f->a;
    static const int per_distance[] = {1, 2, 6, 11, 13, 9, 4, 2};
    assert_int_equal(a->n_types, 48);
    assert_int_equal(a->by_orbit_size[1], 8);
    assert_int_equal(a->by_orbit_size[2], 4);
    assert_int_equal(a->by_orbit_size[4], 28);
    assert_int_equal(a->by_orbit_size[8], 8);
    assert_int_equal(a->max_depth, 7);
    for (int d = 0; d <= 7; d++)
        assert_int_equal(a->types_per_distance[d], per_distance[d]);
    /* The types partition the 192 configurations into D4-orbits. */
    int members[48] = {0};
    for (uint64_t s = 0; s < 192; s++) {
        int t = (int)a->type_of[s];
        members[t]++;
        for (int k = 0; k < 8; k++)
            assert_int_equal(a->type_of[f->p->sym(f->p, s, k)], (uint32_t)t);
        assert_int_equal(a->types[t].distance, f->dist[s]);
    }
    for (int t = 0; t < 48; t++)
        assert_int_equal(members[t], a->types[t].orbit_size);
    /* The whole-board counter agrees. */
    gt_taquin_type_counts c;
    assert_int_equal(gt_taquin_count_types(f->p, f->dist, 2, &c), 0);
    assert_int_equal(c.types, 48);
    assert_int_equal(c.by_orbit_size[4], 28);
    assert_int_equal(c.per_distance[4], 13);
    assert_true(c.bipartite);
    assert_int_equal(c.fixed_moves, 0);
    /* without a distance table or a place for the result: refused */
    gt_taquin_anatomy *none = NULL;
    assert_int_equal(gt_taquin_count_types(f->p, NULL, 2, &c), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_count_types(f->p, f->dist, 2, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_anatomy_build(f->p, NULL, &none), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_anatomy_build(f->p, f->dist, NULL), GT_ERR_INVAL);
    assert_null(none);
}

/* 2.6.5: the stabilisers of x1..x4, and the subgroups that never occur. */
static void test_stabilisers(void **state)
{
    fixture *f = *state;
    const unsigned I = 1u << GT_TAQUIN_SYM_I;
    static const struct {
        const char *config;
        unsigned stabiliser;
    } examples[] = {
        {"I0I/0II/III", 1u << GT_TAQUIN_SYM_SD},
        {"I0I/I0I/I0I", 1u << GT_TAQUIN_SYM_SH | 1u << GT_TAQUIN_SYM_SV | 1u << GT_TAQUIN_SYM_R2},
        {"I0I/III/000", 1u << GT_TAQUIN_SYM_SV},
        {"I0I/I00/0I0", 0},
    };
    for (size_t i = 0; i < 4; i++) {
        uint64_t rank, rep;
        unsigned stab;
        int orbit;
        assert_int_equal(gt_taquin_rank(f->b, code_of(f->b, examples[i].config), &rank), 0);
        assert_int_equal(gt_taquin_type_of(f->p, rank, &rep, &orbit, &stab), 0);
        assert_int_equal(stab, I | examples[i].stabiliser);
        assert_int_equal(orbit, 8 / __builtin_popcount(stab));
    }
    const unsigned r2 = 1u << GT_TAQUIN_SYM_R2;
    const unsigned rotations = r2 | 1u << GT_TAQUIN_SYM_R | 1u << GT_TAQUIN_SYM_R3;
    const unsigned diagonals = r2 | 1u << GT_TAQUIN_SYM_SD | 1u << GT_TAQUIN_SYM_SM;
    for (uint64_t s = 0; s < 192; s++) {
        uint64_t rep;
        unsigned stab;
        assert_int_equal(gt_taquin_type_of(f->p, s, &rep, NULL, &stab), 0);
        assert_int_not_equal(stab, I | r2);
        assert_int_not_equal(stab, I | rotations);
        assert_int_not_equal(stab, I | diagonals);
    }
}

/* 2.7: links, niches, parity, quotient distances, the A/B asymmetry, (5;9). */
static void test_quotient_graph(void **state)
{
    fixture *f = *state;
    const gt_taquin_anatomy *a = f->a;
    assert_int_equal(a->upward_niches, 9);
    assert_int_equal(a->downward_niches, 1);
    assert_int_equal(a->types[0].n_up, 0);
    assert_int_equal(a->edges, 192 * 6);
    assert_int_equal(a->parity_violations, 0);
    for (int t = 0; t < 48; t++) {
        const gt_taquin_type *ty = &a->types[t];
        int moves = 0;
        assert_int_equal(ty->n_level, 0);
        for (int i = 0; i < ty->n_up; i++) {
            moves += ty->up[i].moves;
            assert_int_equal(a->types[ty->up[i].type].distance, ty->distance - 1);
        }
        for (int i = 0; i < ty->n_down; i++) {
            moves += ty->down[i].moves;
            assert_int_equal(a->types[ty->down[i].type].distance, ty->distance + 1);
        }
        assert_int_equal(moves, 6);
        assert_int_equal(ty->n_up == 0, t == 0);
        /* Quotient distance = the shortest distance between the orbits. */
        for (int u = 0; u < 48; u++) {
            int best = 255;
            for (uint64_t x = 0; x < 192; x++)
                if (a->type_of[x] == (uint32_t)u) {
                    int d = f->pair[ty->rep_rank * 192 + x];
                    best = d < best ? d : best;
                }
            assert_int_equal(gt_taquin_qdist(a, t, u), best);
        }
    }
    /* 2.7.5: from A (5;4) to B (6;4) by L1 or L3; from B back to A only by C3. */
    uint64_t ca = code_of(f->b, "100/111/100"), cb = code_of(f->b, "111/011/010");
    int ta = type_of(f, "100/111/100"), tb = type_of(f, "111/011/010");
    assert_int_equal(a->types[ta].distance, 5);
    assert_int_equal(a->types[tb].distance, 6);
    unsigned forward = 0, backward = 0;
    for (int m = 0; m < 6; m++) {
        int u;
        gt_taquin_anatomy_find(a, gt_taquin_apply_move(f->b, ca, m), &u);
        forward |= (unsigned)(u == tb) << m;
        gt_taquin_anatomy_find(a, gt_taquin_apply_move(f->b, cb, m), &u);
        backward |= (unsigned)(u == ta) << m;
    }
    assert_int_equal(forward, 1u << 0 | 1u << 2); /* L1, L3 */
    assert_int_equal(backward, 1u << 5);          /* C3 */
    /* 2.8.1.1: (5;9) = 110/000/100 has 2 closer and 4 farther types, orbit 8. */
    const gt_taquin_type *t59 = &a->types[type_of(f, "110/000/100")];
    assert_int_equal(t59->distance, 5);
    assert_int_equal(t59->n_up, 2);
    assert_int_equal(t59->n_down, 4);
    assert_int_equal(t59->orbit_size, 8);
    /* 2.7.4.1: Anaïs's configuration is at odd distance. */
    assert_int_equal(a->types[type_of(f, "110/101/100")].distance % 2, 1);
}

/* The article's beacon claims, and a configuration-level recomputation of
 * claim (ii): for every configuration x, is some symmetric image c of a
 * beacon within 2 moves of x with d(x) = d(x, c) + d(c)? */
static void test_beacon_claims(void **state)
{
    fixture *f = *state;
    const gt_taquin_anatomy *a = f->a;
    static const char *beacons[] = {"110/100/100", "100/110/100", "010/010/101", "010/000/000",
                                    "110/000/100"};
    uint64_t mask = 0;
    for (int i = 0; i < 5; i++)
        mask |= 1ull << type_of(f, beacons[i]);
    gt_taquin_beacon_claims c;
    assert_int_equal(gt_taquin_beacon_check(a, mask, 2, &c), 0);
    uint64_t niches = 1ull << type_of(f, "111/111/111") | 1ull << type_of(f, "010/111/010");
    assert_int_equal(c.uncovered, niches);
    assert_int_equal(c.off_path, niches);
    assert_false(c.claim1_holds);
    assert_false(c.claim2_holds);
    assert_true(c.claim3_holds);
    assert_true(c.niche_escape_holds);
    assert_int_equal(c.stuck, 0);

    uint64_t off_path_types = 0;
    for (uint64_t x = 1; x < 192; x++) {
        int guided = 0;
        for (uint64_t y = 0; y < 192 && !guided; y++) {
            int is_beacon = y == 0;
            for (int i = 0; i < 5; i++)
                is_beacon |= a->type_of[y] == (uint32_t)type_of(f, beacons[i]);
            int d = f->pair[x * 192 + y];
            guided = is_beacon && d <= 2 && f->dist[x] == d + f->dist[y];
        }
        if (!guided)
            off_path_types |= 1ull << a->type_of[x];
    }
    assert_int_equal(off_path_types, niches);
    assert_int_equal(gt_taquin_beacon_check(a, mask, -1, &c), GT_ERR_INVAL);
}

/* The rule, restated on its own: a set is valid when every non-goal type
 * (upward niches aside if exempt) has a beacon other than itself (the goal
 * counts) within r moves on one of its shortest paths. serves[t] is the mask
 * of the beacons that would do for t (all ones: t needs none). */
typedef struct rule {
    int n;
    uint64_t serves[64];
} rule;

static void make_rule(const gt_taquin_anatomy *a, int radius, int exempt, rule *r)
{
    r->n = a->n_types;
    for (int t = 1; t < a->n_types; t++) {
        const gt_taquin_type *ty = &a->types[t];
        r->serves[t] = exempt && ty->n_down == 0 ? ~0ull : 0;
        for (int c = 0; c < a->n_types; c++) {
            int d = gt_taquin_qdist(a, t, c);
            if (c != t && d <= radius && ty->distance == d + a->types[c].distance)
                r->serves[t] |= 1ull << c;
        }
    }
}

static int valid_set(const rule *r, uint64_t set)
{
    set |= 1;
    for (int t = 1; t < r->n; t++)
        if (!(r->serves[t] & set))
            return 0;
    return 1;
}

/* Counts the valid sets of k beacons among types 1..47 (goal free). */
static uint64_t count_valid(const rule *r, int k, int start, uint64_t set)
{
    if (k == 0)
        return (uint64_t)valid_set(r, set);
    uint64_t n = 0;
    for (int c = start; c < r->n; c++)
        n += count_valid(r, k - 1, c + 1, set | 1ull << c);
    return n;
}

static void test_beacon_search(void **state)
{
    fixture *f = *state;
    const gt_taquin_anatomy *a = f->a;
    static const int expected_size[3][2] = {{16, 11}, {6, 5}, {3, 2}};
    for (int radius = 1; radius <= 3; radius++)
        for (int exempt = 0; exempt <= 1; exempt++) {
            gt_taquin_beacon_set s;
            rule r;
            make_rule(a, radius, exempt, &r);
            assert_int_equal(gt_taquin_beacon_search(a, radius, exempt, &s), 0);
            assert_int_equal(s.size, expected_size[radius - 1][exempt]);
            assert_int_equal(__builtin_popcountll(s.beacons), s.size);
            assert_false(s.beacons & 1);
            assert_true(valid_set(&r, s.beacons));
            /* Exhaustively: nothing smaller, and the optimal sets are counted right. */
            if (s.size <= 6) {
                assert_int_equal(count_valid(&r, s.size - 1, 1, 0), 0);
                assert_int_equal(count_valid(&r, s.size, 1, 0), s.optimal_sets);
            }
        }
    /* The article's five beacons are a smallest set when upward niches are exempt. */
    static const char *beacons[] = {"110/100/100", "100/110/100", "010/010/101", "010/000/000",
                                    "110/000/100"};
    uint64_t mask = 0;
    for (int i = 0; i < 5; i++)
        mask |= 1ull << type_of(f, beacons[i]);
    rule strict, exempt;
    make_rule(a, 2, 0, &strict);
    make_rule(a, 2, 1, &exempt);
    assert_true(valid_set(&exempt, mask));
    assert_false(valid_set(&strict, mask));
    gt_taquin_beacon_set s;
    assert_int_equal(gt_taquin_beacon_search(a, 0, 0, &s), GT_ERR_RANGE);
}

/* 2.11 annexe: the representatives of distances 0-3 as printed, and their
 * closer (and, up to distance 2, farther) neighbours in the annexe's numbering. */
static void test_annexe(void **state)
{
    fixture *f = *state;
    static const char *annexe[4][11] = {
        {"000/000/000"},
        {"111/000/000", "000/111/000"},
        {"110/100/100", "100/110/100", "110/110/110", "101/101/101", "010/010/101", "010/101/010"},
        {"000/010/000", "111/111/111", "101/010/101", "111/010/111", "010/000/000", "111/101/000",
         "010/101/101", "010/000/101", "101/101/111", "111/110/000", "110/011/100"}};
    static const int count[4] = {1, 2, 6, 11};
    /* bit k-1 = annexe type k; from the annexe's "voisins montants / descendants" */
    static const unsigned up[4][11] = {
        {0},
        {1, 1},
        {1, 1, 3, 1, 2, 2},
        {2, 12, 24, 2, 1, 7, 56, 16, 1, 7, 16}};
    static const unsigned down[3][6] = {
        {3},
        {15, 52},
        {16 | 32 | 256 | 512, 1 | 8 | 32 | 512, 2 | 32 | 512, 2 | 4 | 64, 4 | 64 | 128 | 1024, 64}};
    int ours[4][11];
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < count[d]; k++) {
            ours[d][k] = type_of(f, annexe[d][k]);
            assert_int_equal(f->a->types[ours[d][k]].distance, d);
        }
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < count[d]; k++) {
            const gt_taquin_type *t = &f->a->types[ours[d][k]];
            unsigned closer = 0, farther = 0;
            for (int i = 0; i < t->n_up && d > 0; i++)
                for (int j = 0; j < count[d - 1]; j++)
                    closer |= (unsigned)(t->up[i].type == ours[d - 1][j]) << j;
            assert_int_equal(closer, up[d][k]);
            if (d == 3)
                continue;
            for (int i = 0; i < t->n_down; i++)
                for (int j = 0; j < count[d + 1]; j++)
                    farther |= (unsigned)(t->down[i].type == ours[d + 1][j]) << j;
            assert_int_equal(farther, down[d][k]);
            assert_int_equal(t->n_down, __builtin_popcount(down[d][k]));
        }
}

/* Burnside: the number of types is the average number of fixed configurations. */
static void test_types_all_boards(void **state)
{
    (void)state;
    for (int n = 2; n <= 6; n++)
        for (int m = 2; m <= 6; m++) {
            gt_puzzle *p = NULL;
            const gt_taquin_board *b;
            uint8_t *dist = NULL;
            gt_distribution d;
            gt_bfs_options two = {2, NULL, NULL, NULL};
            assert_int_equal(gt_taquin_puzzle_new(n, m, &p), 0);
            assert_int_equal(gt_taquin_board_of(p, &b), 0);
            assert_int_equal(gt_bfs_run(p, &two, &dist, &d), 0);
            gt_taquin_type_counts one_thread, two_threads;
            assert_int_equal(gt_taquin_count_types(p, dist, 1, &one_thread), 0);
            assert_int_equal(gt_taquin_count_types(p, dist, 2, &two_threads), 0);
            assert_memory_equal(&one_thread, &two_threads, sizeof one_thread);
            uint64_t total = 0;
            for (int s = 1; s <= b->n_syms; s++)
                total += one_thread.by_orbit_size[s];
            assert_int_equal(total, one_thread.types);
            assert_int_equal(one_thread.bipartite, n % 2 && m % 2);
            if (p->n_states <= 50000) {
                uint64_t fixed = 0;
                for (uint64_t r = 0; r < p->n_states; r++) {
                    uint64_t code;
                    gt_taquin_unrank(b, r, &code);
                    for (int k = 0; k < b->n_syms; k++)
                        fixed += gt_taquin_apply_sym(b, code, k) == code;
                }
                assert_int_equal(fixed % (uint64_t)b->n_syms, 0);
                assert_int_equal(fixed / (uint64_t)b->n_syms, one_thread.types);
                gt_taquin_anatomy *a = NULL;
                assert_int_equal(gt_taquin_anatomy_build(p, dist, &a), 0);
                assert_int_equal((uint64_t)a->n_types, one_thread.types);
                gt_taquin_anatomy_free(a);
            }
            free(dist);
            gt_taquin_puzzle_free(p);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_types),          cmocka_unit_test(test_stabilisers),
        cmocka_unit_test(test_quotient_graph), cmocka_unit_test(test_beacon_claims),
        cmocka_unit_test(test_beacon_search),  cmocka_unit_test(test_annexe),
        cmocka_unit_test(test_types_all_boards),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
