/* The flip-taquin model: moves, legality, ranking, parsing, the descriptor,
 * the BFS numbers of the article and of every n×m board, the worked examples
 * of 2.2 and the labelled board of 2.3-2.5. */
#include "test_util.h"

#include "bfs.h"
#include "gt_error.h"
#include "taquin.h"

static uint64_t code_of(const gt_taquin_board *b, const char *text)
{
    uint64_t code = 0;
    gt_parse_error err;
    assert_int_equal(gt_taquin_parse(b, text, &code, &err), 0);
    return code;
}

static int bit(uint64_t code, int i) { return (int)(code >> i & 1u); }

/* Every configuration reachable from the goal by applying moves to raw codes
 * (a flood fill over all 2^(n·m) codes; the test's own oracle). */
static uint8_t *reachable_codes(const gt_taquin_board *b, uint64_t *count)
{
    uint64_t n = 1ull << b->cells;
    uint8_t *seen = calloc(n, 1);
    uint32_t *stack = malloc(n * sizeof *stack);
    assert_non_null(seen);
    assert_non_null(stack);
    uint64_t top = 0;
    stack[top++] = 0;
    seen[0] = 1;
    *count = 1;
    while (top) {
        uint64_t x = stack[--top];
        for (int m = 0; m < b->n_moves; m++) {
            uint64_t y = gt_taquin_apply_move(b, x, m);
            if (!seen[y]) {
                seen[y] = 1;
                (*count)++;
                stack[top++] = (uint32_t)y;
            }
        }
    }
    free(stack);
    return seen;
}

static void test_board_sizes(void **state)
{
    (void)state;
    gt_taquin_board b;
    assert_int_equal(gt_taquin_board_init(&b, 1, 3), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_board_init(&b, 3, 7), GT_ERR_INVAL);
    int rows, cols;
    assert_int_equal(gt_taquin_parse_size("4x5", &rows, &cols), 0);
    assert_int_equal(rows * 10 + cols, 45);
    assert_int_equal(gt_taquin_parse_size("7x2", &rows, &cols), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_parse_size("3by3", &rows, &cols), GT_ERR_PARSE);
    assert_int_equal(gt_taquin_board_init(&b, 3, 3), 0);
    assert_int_equal(b.n_moves, 6);
    assert_string_equal(b.move_name[0], "L1");
    assert_string_equal(b.move_name[5], "C3");
    assert_int_equal(b.n_orbits, 1);
    assert_int_equal(b.n_axis, 5);
    assert_int_equal(b.n_states, 192);
    assert_int_equal(b.n_syms, 8);
    assert_int_equal(gt_taquin_board_init(&b, 4, 6), 0);
    assert_int_equal(b.n_syms, 4);
}

/* 2.9.3: C2(p) = (a0, 1-a7, a2, a3, 1-a4, a5, a6, 1-a1, a8); every move an involution. */
static void test_moves(void **state)
{
    (void)state;
    gt_taquin_board b;
    assert_int_equal(gt_taquin_board_init(&b, 3, 3), 0);
    for (uint64_t p = 0; p < 512; p++) {
        uint64_t expected = (uint64_t)bit(p, 0) | (uint64_t)(1 - bit(p, 7)) << 1 |
                            (uint64_t)bit(p, 2) << 2 | (uint64_t)bit(p, 3) << 3 |
                            (uint64_t)(1 - bit(p, 4)) << 4 | (uint64_t)bit(p, 5) << 5 |
                            (uint64_t)bit(p, 6) << 6 | (uint64_t)(1 - bit(p, 1)) << 7 |
                            (uint64_t)bit(p, 8) << 8;
        assert_int_equal(gt_taquin_apply_move(&b, p, 4), expected);
        for (int m = 0; m < 6; m++)
            assert_int_equal(gt_taquin_apply_move(&b, gt_taquin_apply_move(&b, p, m), m), p);
    }
    /* 2.1.2's example: L2 on 0I0/0I0/II0 reverses and flips the middle row. */
    assert_int_equal(gt_taquin_apply_move(&b, code_of(&b, "010/010/110"), 1),
                     code_of(&b, "010/101/110"));
    /* Symmetries conjugate moves into moves (so they preserve distances). */
    for (int k = 0; k < b.n_syms; k++)
        for (int m = 0; m < 6; m++) {
            int image = -1;
            for (int m2 = 0; m2 < 6; m2++) {
                int same = 1;
                for (uint64_t p = 0; p < 512 && same; p++)
                    same = gt_taquin_apply_sym(&b, gt_taquin_apply_move(&b, p, m), k) ==
                           gt_taquin_apply_move(&b, gt_taquin_apply_sym(&b, p, k), m2);
                if (same)
                    image = m2;
            }
            assert_true(image >= 0);
        }
    /* 2.6.5.6: r∘s_h = s_m and s_h∘r = s_d: D4 is not commutative. */
    assert_int_equal(b.sym_compose[GT_TAQUIN_SYM_R][GT_TAQUIN_SYM_SH], GT_TAQUIN_SYM_SM);
    assert_int_equal(b.sym_compose[GT_TAQUIN_SYM_SH][GT_TAQUIN_SYM_R], GT_TAQUIN_SYM_SD);
}

/* 2.5.6: corner sum even and a11·a33 + a13·a31 even <=> legal <=> reachable. */
static void test_legality_3x3(void **state)
{
    (void)state;
    gt_taquin_board b;
    assert_int_equal(gt_taquin_board_init(&b, 3, 3), 0);
    uint64_t count;
    uint8_t *reached = reachable_codes(&b, &count);
    assert_int_equal(count, 192);
    for (uint64_t y = 0; y < 512; y++) {
        int article = (bit(y, 0) + bit(y, 2) + bit(y, 6) + bit(y, 8)) % 2 == 0 &&
                      (bit(y, 0) * bit(y, 8) + bit(y, 2) * bit(y, 6)) % 2 == 0;
        int ours = gt_taquin_check(&b, y, NULL) == 0;
        assert_int_equal(article, ours);
        assert_int_equal(ours, reached[y]);
    }
    free(reached);
    assert_int_equal(gt_taquin_check(&b, 1ull << 9, NULL), GT_ERR_INVAL);
}

/* 2.2.2: configuration 8 breaks the diagonal invariant, 9 the corner parity. */
static void test_illegal_examples(void **state)
{
    (void)state;
    gt_taquin_board b;
    gt_taquin_violation why;
    assert_int_equal(gt_taquin_board_init(&b, 3, 3), 0);
    assert_int_equal(gt_taquin_check(&b, code_of(&b, "00I/000/I00"), &why), GT_ERR_ILLEGAL);
    assert_int_equal(why.invariant, GT_TAQUIN_ORBIT_DIAGONAL);
    assert_non_null(strstr(why.message, "a11·a33 + a13·a31 must be even"));
    assert_non_null(strstr(why.message, "(1,3) and (3,1) show I"));
    assert_int_equal(gt_taquin_check(&b, code_of(&b, "000/000/00I"), &why), GT_ERR_ILLEGAL);
    assert_int_equal(why.invariant, GT_TAQUIN_ORBIT_PARITY);
    assert_non_null(strstr(why.message, "corner sum is odd"));
    assert_int_equal(gt_taquin_rank(&b, code_of(&b, "000/000/001"), &(uint64_t){0}),
                     GT_ERR_ILLEGAL);
    /* On a 4x4 the inner orbit is named by its cells. */
    assert_int_equal(gt_taquin_board_init(&b, 4, 4), 0);
    assert_int_equal(gt_taquin_check(&b, code_of(&b, "0000/0100/0000/0000"), &why),
                     GT_ERR_ILLEGAL);
    assert_int_equal(why.invariant, GT_TAQUIN_ORBIT_PARITY);
    assert_non_null(strstr(why.message, "orbit sum is odd (tiles (2,2) (2,3) (3,2) (3,3)"));
}

/* Every n×m board: the orbit count formula, legality = reachability on all
 * codes (boards up to 20 tiles), rank/unrank/sym/move tables consistent. */
static void test_all_boards(void **state)
{
    (void)state;
    for (int n = 2; n <= 6; n++)
        for (int m = 2; m <= 6; m++) {
            gt_puzzle *p = NULL;
            const gt_taquin_board *b;
            assert_int_equal(gt_taquin_puzzle_new(n, m, &p), 0);
            assert_int_equal(gt_taquin_board_of(p, &b), 0);
            uint64_t expected = 1;
            for (int i = 0; i < (n / 2) * (m / 2); i++)
                expected *= 6;
            int axis = (n % 2 ? m : 0) + (m % 2 ? n : 0) - (n % 2 && m % 2);
            assert_int_equal(p->n_states, expected << axis);
            assert_int_equal(p->coord[0].size * (p->n_coords == 2 ? p->coord[1].size : 1),
                             p->n_states);
            if (n * m <= 20) {
                uint64_t count;
                uint8_t *reached = reachable_codes(b, &count);
                assert_int_equal(count, p->n_states);
                for (uint64_t c = 0; c < 1ull << b->cells; c++)
                    assert_int_equal(gt_taquin_check(b, c, NULL) == 0, reached[c]);
                free(reached);
            }
            uint64_t step = p->n_states > 100000 ? 997 : 1;
            for (uint64_t r = 0; r < p->n_states; r += step) {
                uint64_t code, back;
                assert_int_equal(gt_taquin_unrank(b, r, &code), 0);
                assert_int_equal(gt_taquin_rank(b, code, &back), 0);
                assert_int_equal(back, r);
                for (int k = 0; k < b->n_syms; k++) {
                    uint64_t image;
                    gt_taquin_unrank(b, p->sym(p, r, k), &image);
                    assert_int_equal(image, gt_taquin_apply_sym(b, code, k));
                }
                for (int mv = 0; mv < p->n_moves; mv++) {
                    uint64_t moved;
                    gt_taquin_unrank(b, gt_puzzle_move(p, r, mv), &moved);
                    assert_int_equal(moved, gt_taquin_apply_move(b, code, mv));
                    assert_int_equal(p->move_inverse[mv], mv);
                }
            }
            assert_int_equal(gt_taquin_unrank(b, p->n_states, &(uint64_t){0}), GT_ERR_INVAL);
            assert_int_equal(p->solved, 0);
            assert_int_equal(p->distance_parity != NULL, n % 2 && m % 2);
            gt_taquin_puzzle_free(p);
        }
}

static void test_parse_and_format(void **state)
{
    (void)state;
    gt_taquin_board b;
    gt_parse_error err;
    uint64_t code;
    char text[64];
    assert_int_equal(gt_taquin_board_init(&b, 3, 3), 0);
    uint64_t a = code_of(&b, "110/101/100");
    assert_int_equal(code_of(&b, "110101100"), a);
    assert_int_equal(code_of(&b, "  II0/I0I/I00\n"), a);
    assert_int_equal(a, 1 | 2 | 8 | 32 | 64); /* bit i = cell i, row-major (2.9.1) */
    assert_int_equal(gt_taquin_format(&b, a, text, sizeof text), 0);
    assert_string_equal(text, "110/101/100");
    assert_int_equal(gt_taquin_format(&b, a, text, 5), GT_ERR_RANGE);
    /* 2.9.1: 157 is the matrix 101/110/010. */
    assert_int_equal(code_of(&b, "101/110/010"), 157);

    assert_int_equal(gt_taquin_parse(&b, "11010110", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "wrong length: 8 tiles, a 3x3 board has 9"));
    assert_int_equal(gt_taquin_parse(&b, "1101011001", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "wrong length: 10 tiles"));
    assert_int_equal(gt_taquin_parse(&b, "", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "wrong length: 0 tiles"));
    assert_int_equal(gt_taquin_parse(&b, "11/0101/100", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "row 1 has 2 tiles"));
    assert_int_equal(gt_taquin_parse(&b, "110/101", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "2 rows"));
    assert_int_equal(gt_taquin_parse(&b, "110/1x1/100", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "bad character 'x' at position 6"));
    assert_int_equal(err.offset, 5);
    assert_int_equal(gt_taquin_parse(&b, "110 101 100", &code, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "bad character ' '"));
    assert_int_equal(gt_taquin_parse(&b, "i10101100", &code, &err), GT_ERR_PARSE);

    int moves[8], count;
    assert_int_equal(gt_taquin_parse_moves(&b, "L3 C1-l3,C3L1 C3", moves, 8, &count, &err), 0);
    assert_int_equal(count, 6);
    assert_int_equal(moves[0], 2);
    assert_int_equal(moves[1], 3);
    assert_int_equal(moves[5], 5);
    assert_int_equal(gt_taquin_parse_moves(&b, "L4", moves, 8, &count, &err), GT_ERR_PARSE);
    assert_int_equal(gt_taquin_parse_moves(&b, "C1 X2", moves, 8, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "position 4"));
    assert_int_equal(gt_taquin_parse_moves(&b, "L1 L2 L3", moves, 2, &count, &err), GT_ERR_RANGE);
}

/* 2.2 and 2.8.2.1: 192 configurations, God's number 7, 1 6 23 41 48 41 24 8;
 * configurations 1-7 at 2 2 2 3 3 3 4 solved by the printed sequences;
 * Anaïs's 110/101/100 (2.7.4.1) at an odd distance. */
static void test_article_numbers(void **state)
{
    (void)state;
    static const uint64_t article[] = {1, 6, 23, 41, 48, 41, 24, 8};
    static const struct {
        const char *config, *solution;
        int distance;
    } examples[] = {
        {"I00/II0/I00", "L2 C1", 2},       {"I00/0II/I00", "C1 L2", 2},
        {"000/00I/III", "C3 L3", 2},       {"000/00I/000", "L3 C3 L3", 3},
        {"000/0I0/000", "C1 L2 C1", 3},    {"0I0/000/I0I", "C2 L3 C2", 3},
        {"I0I/000/I0I", "L2 C3 L2 C1", 4},
    };
    gt_puzzle *p = NULL;
    const gt_taquin_board *b;
    uint8_t *dist = NULL;
    gt_distribution d;
    assert_int_equal(gt_taquin_puzzle_new(3, 3, &p), 0);
    assert_int_equal(gt_taquin_board_of(p, &b), 0);
    assert_int_equal(gt_bfs_run(p, NULL, &dist, &d), 0);
    assert_int_equal(d.reached, 192);
    assert_int_equal(d.max_depth, 7);
    for (int k = 0; k <= 7; k++)
        assert_int_equal(d.count[k], article[k]);
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        uint64_t code = code_of(b, examples[i].config), rank;
        int moves[8], count;
        gt_parse_error err;
        assert_int_equal(gt_taquin_rank(b, code, &rank), 0);
        assert_int_equal(dist[rank], examples[i].distance);
        assert_int_equal(gt_taquin_parse_moves(b, examples[i].solution, moves, 8, &count, &err), 0);
        assert_int_equal(count, examples[i].distance);
        for (int k = 0; k < count; k++)
            code = gt_taquin_apply_move(b, code, moves[k]);
        assert_int_equal(code, 0);
    }
    uint64_t anais;
    assert_int_equal(gt_taquin_rank(b, code_of(b, "110/101/100"), &anais), 0);
    assert_int_equal(dist[anais] % 2, 1);
    assert_int_equal(p->distance_parity(p, anais), 1);
    for (uint64_t s = 0; s < 192; s++) /* the parity is the tile count's (2.7.4) */
        assert_int_equal(p->distance_parity(p, s), dist[s] % 2);
    free(dist);
    gt_taquin_puzzle_free(p);
}

/* The n×m tables are identical at 1 and 2 threads. */
static void test_threads_identical(void **state)
{
    (void)state;
    for (int n = 2; n <= 6; n++)
        for (int m = 2; m <= 6; m++) {
            gt_puzzle *p = NULL;
            uint8_t *one = NULL, *two = NULL;
            gt_distribution d1, d2;
            gt_bfs_options o1 = {1, NULL, NULL, NULL}, o2 = {2, NULL, NULL, NULL};
            assert_int_equal(gt_taquin_puzzle_new(n, m, &p), 0);
            assert_int_equal(gt_bfs_run(p, &o1, &one, &d1), 0);
            assert_int_equal(gt_bfs_run(p, &o2, &two, &d2), 0);
            assert_int_equal(d1.reached, p->n_states);
            assert_true(gt_distribution_equal(&d1, &d2));
            assert_memory_equal(one, two, p->n_states);
            /* An n×m board and its transpose have the same distribution. */
            if (m < n) {
                gt_puzzle *q = NULL;
                uint8_t *t = NULL;
                gt_distribution dt;
                assert_int_equal(gt_taquin_puzzle_new(m, n, &q), 0);
                assert_int_equal(gt_bfs_run(q, &o2, &t, &dt), 0);
                assert_true(gt_distribution_equal(&d1, &dt));
                free(t);
                gt_taquin_puzzle_free(q);
            }
            free(one);
            free(two);
            gt_taquin_puzzle_free(p);
        }
}

/* 2.3.3.2.2-2.5.5: |H| = 768 = 4 × 192, every stabiliser of order 4, and
 * L3 C1 L3 C3 L1 C3 gives the labelled board of 2.4.1. */
static void test_labelled_board(void **state)
{
    (void)state;
    gt_taquin_board b;
    gt_taquin_group_report g;
    gt_taquin_labelled s;
    int moves[8], count;
    gt_parse_error err;
    char text[128];
    assert_int_equal(gt_taquin_board_init(&b, 3, 3), 0);
    assert_int_equal(gt_taquin_group(&b, &g), 0);
    assert_int_equal(g.group_order, 768);
    assert_int_equal(g.legal, 192);
    assert_int_equal(g.stabiliser_min, 4);
    assert_int_equal(g.stabiliser_max, 4);
    assert_true(g.orbit_stabiliser_ok);
    gt_taquin_labelled_goal(&b, &s);
    assert_int_equal(gt_taquin_labelled_format(&b, &s, text, sizeof text), 0);
    assert_string_equal(text, "A,0 G,0 B,0/E,0 I,0 F,0/C,0 H,0 D,0");
    assert_int_equal(gt_taquin_parse_moves(&b, "L3 C1 L3 C3 L1 C3", moves, 8, &count, &err), 0);
    for (int i = 0; i < count; i++)
        gt_taquin_labelled_move(&b, &s, moves[i]);
    assert_int_equal(gt_taquin_labelled_format(&b, &s, text, sizeof text), 0);
    assert_string_equal(text, "A,0 G,1 B,0/E,1 I,0 F,0/C,0 H,0 D,0");
    /* The move s = L1 L2 L3 C1 C2 C3 of 2.3.1 fixes the goal but not every configuration. */
    gt_taquin_labelled_goal(&b, &s);
    for (int m = 0; m < 6; m++)
        gt_taquin_labelled_move(&b, &s, m);
    assert_int_equal(gt_taquin_labelled_format(&b, &s, text, sizeof text), 0);
    assert_string_equal(text, "D,0 H,0 C,0/F,0 I,0 E,0/B,0 G,0 A,0");
    /* Too many tiles for the labelled enumeration. */
    assert_int_equal(gt_taquin_board_init(&b, 4, 4), 0);
    assert_int_equal(gt_taquin_group(&b, &g), GT_ERR_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_sizes),      cmocka_unit_test(test_moves),
        cmocka_unit_test(test_legality_3x3),     cmocka_unit_test(test_illegal_examples),
        cmocka_unit_test(test_all_boards),       cmocka_unit_test(test_parse_and_format),
        cmocka_unit_test(test_article_numbers),  cmocka_unit_test(test_threads_identical),
        cmocka_unit_test(test_labelled_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
