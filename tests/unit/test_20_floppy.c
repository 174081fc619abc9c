/* The Floppy cube (1x3x3): model, BFS against the published counts, the
 * catalog entry, and the query hooks (scrambles, states, replay, drawing). */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "floppy.h"
#include "gt_error.h"
#include "solve.h"
#include "table.h"

static const gt_table_spec *spec;
static gt_puzzle *puzzle;
static uint8_t *dist;
static gt_distribution got;
static gt_table table;

static int setup(void **state)
{
    (void)state;
    uint64_t bytes;
    spec = gt_catalog_find("floppy-htm");
    if (!spec || spec->make_puzzle(spec, &puzzle) || gt_bfs_run(puzzle, NULL, &dist, &got) ||
        gt_table_encode(dist, puzzle->n_states, spec->encoding, 0, &table.data, &bytes))
        return -1;
    table.data_bytes = bytes;
    gt_table_meta_init(&table.meta, spec->name, puzzle, spec->encoding, &got, table.data, bytes);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    free(dist);
    free(table.data);
    spec->free_puzzle(puzzle);
    return 0;
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static uint64_t parse_moves(const char *text)
{
    gt_floppy pos;
    uint64_t index = 99999;
    gt_parse_error err = {0};
    if (gt_floppy_query_hooks.parse(spec, GT_QUERY_MOVES, text, &pos, &index, &err) != GT_OK)
        fail_msg("'%s' did not parse: %s", text, err.message);
    return index;
}

static void test_catalog_entry(void **state)
{
    (void)state;
    const gt_family *f = gt_catalog_find_family("floppy");
    assert_ptr_equal(f, &gt_floppy_family);
    assert_int_equal(f->n_specs, 1);
    assert_ptr_equal(f->query, &gt_floppy_query_hooks);
    assert_string_equal(f->metrics, "htm");
    assert_ptr_equal(gt_catalog_family_of(spec), f);
    assert_string_equal(spec->family, "floppy");
    assert_int_equal(spec->encoding, GT_ENC_BYTE);
    assert_int_equal(spec->zstd_level, 19);
    assert_true(spec->in_default);
    assert_string_equal(puzzle->metric, "htm");
    assert_int_equal(puzzle->n_states, GT_FLOPPY_STATES);
    assert_int_equal(puzzle->n_moves, 4);
    static const char *names[] = {"R", "L", "F", "B"};
    for (int m = 0; m < 4; m++) {
        assert_string_equal(puzzle->move_names[m], names[m]);
        assert_int_equal(puzzle->move_inverse[m], m);
    }
}

static void test_bfs_matches_published(void **state)
{
    (void)state;
    static const uint64_t jaap[] = {1, 4, 10, 24, 53, 64, 31, 4, 1};
    gt_distribution published;
    assert_true(gt_catalog_published(spec, &published));
    assert_true(gt_distribution_equal(&got, &published));
    assert_int_equal(got.reached, GT_FLOPPY_REACHABLE);
    assert_int_equal(got.max_depth, 8);
    for (int d = 0; d <= 8; d++)
        assert_int_equal(got.count[d], jaap[d]);
    /* the solved index is the goal; the reached states are exactly the
     * parity-consistent ones, and the distance parity hook agrees */
    gt_floppy solved;
    gt_floppy_solved(&solved);
    assert_int_equal(gt_floppy_index(&solved), puzzle->solved);
    assert_int_equal(dist[puzzle->solved], 0);
    for (uint64_t i = 0; i < GT_FLOPPY_STATES; i++) {
        gt_floppy pos;
        assert_int_equal(gt_floppy_from_index(i, &pos), GT_OK);
        assert_int_equal(dist[i] != GT_UNREACHED, gt_floppy_reachable(&pos));
        if (dist[i] != GT_UNREACHED)
            assert_int_equal(puzzle->distance_parity(puzzle, i), dist[i] & 1);
    }
    /* and the same at 1 and 2 threads */
    for (int t = 1; t <= 2; t++) {
        gt_bfs_options o = {t, NULL, NULL, NULL};
        uint8_t *again;
        gt_distribution d;
        assert_int_equal(gt_bfs_run(puzzle, &o, &again, &d), GT_OK);
        assert_memory_equal(again, dist, GT_FLOPPY_STATES);
        free(again);
    }
}

static void test_moves_are_involutions(void **state)
{
    (void)state;
    for (uint64_t s = 0; s < GT_FLOPPY_STATES; s++) {
        gt_floppy pos;
        gt_floppy_from_index(s, &pos);
        assert_int_equal(gt_floppy_index(&pos), s);
        for (int m = 0; m < 4; m++) {
            uint64_t t = gt_puzzle_move(puzzle, s, m);
            assert_int_not_equal(t, s);
            assert_int_equal(gt_puzzle_move(puzzle, t, m), s);
            /* the tables and the pieces describe the same move */
            gt_floppy moved = pos;
            assert_int_equal(gt_floppy_apply_move(&moved, m), GT_OK);
            assert_int_equal(gt_floppy_index(&moved), t);
            assert_int_equal(gt_floppy_apply_move(&moved, m), GT_OK);
            assert_memory_equal(&moved, &pos, sizeof pos);
        }
    }
    gt_floppy pos;
    assert_int_equal(gt_floppy_from_index(GT_FLOPPY_STATES, &pos), GT_ERR_INVAL);
    assert_int_equal(gt_floppy_apply_move(&pos, 4), GT_ERR_INVAL);
    /* R: FR and BR swap, the R edge flips (floppy.h) */
    assert_int_equal(gt_floppy_from_scramble("R", &pos, NULL), GT_OK);
    static const gt_floppy after_r = {{3, 1, 2, 0}, {1, 0, 0, 0}};
    assert_memory_equal(&pos, &after_r, sizeof pos);
}

static void test_scramble_notation(void **state)
{
    (void)state;
    assert_int_equal(parse_moves(""), 0);
    assert_int_equal(parse_moves("  \t "), 0);
    assert_int_equal(parse_moves("R R"), 0);
    assert_int_equal(parse_moves("R2 R'"), 0);
    /* every suffix is the same half turn */
    uint64_t r = parse_moves("R");
    assert_int_not_equal(r, 0);
    assert_int_equal(parse_moves("R2"), r);
    assert_int_equal(parse_moves("R'"), r);
    assert_int_equal(parse_moves("R2'"), r);
    /* spaced or run together */
    assert_int_equal(parse_moves("RF2L'B"), parse_moves("R F L B"));
    assert_int_equal(parse_moves("R\nF"), parse_moves("R F"));
    /* (R F) three times: corners back home (a 3-cycle cubed)... */
    gt_floppy pos;
    gt_floppy_from_index(parse_moves("R F R F R F"), &pos);
    static const uint8_t home[4] = {0, 1, 2, 3};
    assert_memory_equal(pos.corner, home, 4);
    /* ...and (R F) six times is the identity */
    assert_int_equal(parse_moves("RFRFRF RFRFRF"), 0);
}

static void expect_error(int format, const char *text, int code, int offset, const char *message)
{
    gt_floppy pos;
    uint64_t index;
    gt_parse_error err = {0};
    int rc = gt_floppy_query_hooks.parse(spec, format, text, &pos, &index, &err);
    if (rc != code || err.offset != offset || !strstr(err.message, message))
        fail_msg("'%s': %d at %d '%s' (want %d at %d with '%s')", text, rc, err.offset, err.message, code, offset,
                 message);
}

static void test_parse_errors_name_the_column(void **state)
{
    (void)state;
    expect_error(GT_QUERY_MOVES, "R X F", GT_ERR_PARSE, 2, "unknown move 'X' at column 3");
    expect_error(GT_QUERY_MOVES, "R U2 F", GT_ERR_PARSE, 2, "unknown move 'U2' at column 3");
    expect_error(GT_QUERY_MOVES, "RFQ", GT_ERR_PARSE, 2, "unknown move 'Q' at column 3");
    expect_error(GT_QUERY_MOVES, "R3", GT_ERR_PARSE, 1, "unknown move '3' at column 2");
    expect_error(GT_QUERY_MOVES, "r", GT_ERR_PARSE, 0, "unknown move 'r' at column 1");
    expect_error(GT_QUERY_MOVES, "R''", GT_ERR_PARSE, 2, "unknown move ''' at column 3");
    gt_parse_error err;
    gt_floppy pos;
    assert_int_equal(gt_floppy_from_scramble("R  Xyz F", &pos, &err), GT_ERR_PARSE);
    assert_int_equal(err.length, 3);
    assert_int_equal(gt_floppy_from_scramble("X", &pos, NULL), GT_ERR_PARSE); /* err optional */
}

static void test_state_syntax(void **state)
{
    (void)state;
    gt_floppy pos;
    uint64_t index = 1;
    gt_parse_error err;
    assert_int_equal(gt_floppy_query_hooks.parse(spec, GT_QUERY_STATE, "1234/0000", &pos, &index, &err), GT_OK);
    assert_int_equal(index, 0);
    assert_int_equal(gt_floppy_query_hooks.parse(spec, GT_QUERY_STATE, " 4231 1000 ", &pos, &index, &err), GT_OK);
    assert_int_equal(index, parse_moves("R"));
    /* every reachable state prints and reads back */
    for (uint64_t i = 0; i < GT_FLOPPY_STATES; i++) {
        if (dist[i] == GT_UNREACHED)
            continue;
        char text[16];
        gt_floppy_from_index(i, &pos);
        assert_int_equal(gt_floppy_query_hooks.state_text(spec, &pos, text, sizeof text), GT_OK);
        assert_int_equal(gt_floppy_query_hooks.parse(spec, GT_QUERY_STATE, text, &pos, &index, &err), GT_OK);
        assert_int_equal(index, i);
    }
    char small[9];
    assert_int_equal(gt_floppy_state_text(&pos, small, sizeof small), GT_ERR_RANGE);
    expect_error(GT_QUERY_STATE, "1254/0000", GT_ERR_PARSE, 2, "unexpected '5' at column 3");
    expect_error(GT_QUERY_STATE, "1234/0200", GT_ERR_PARSE, 6, "want an edge bit");
    expect_error(GT_QUERY_STATE, "1234/00000", GT_ERR_PARSE, 9, "more than 8 symbols");
    expect_error(GT_QUERY_STATE, "1234/000", GT_ERR_PARSE, 0, "7 symbols");
    expect_error(GT_QUERY_STATE, "1231/0000", GT_ERR_ILLEGAL, 0, "corner 1 appears twice");
    expect_error(GT_QUERY_STATE, "1234/1000", GT_ERR_ILLEGAL, 0, "unreachable");
    expect_error(GT_QUERY_STATE, "2134/0000", GT_ERR_ILLEGAL, 0, "unreachable");
}

static void test_solutions_replay_to_solved(void **state)
{
    (void)state;
    const gt_query_hooks *q = &gt_floppy_query_hooks;
    uint64_t seed = 0x1f10;
    for (int i = 0; i < 2000; i++) {
        char scramble[128] = "";
        int n = (int)(next_random(&seed) % 16);
        for (int k = 0; k < n; k++) {
            static const char *tokens[] = {"R", "L2", "F'", "B2'", "R ", "L ", "F ", "B "};
            strcat(scramble, tokens[next_random(&seed) % 8]);
        }
        gt_floppy pos;
        uint64_t index;
        gt_parse_error err;
        assert_int_equal(q->parse(spec, GT_QUERY_MOVES, scramble, &pos, &index, &err), GT_OK);
        uint8_t moves[GT_MAX_DEPTH];
        int len;
        assert_int_equal(gt_solve_walk(puzzle, &table, index, moves, GT_MAX_DEPTH, &len), GT_OK);
        assert_int_equal(len, dist[index]);
        assert_true(len <= 8 && len <= n);
        assert_true(q->solves(spec, &pos, moves, len));
        if (len > 0) /* one move short never solves */
            assert_false(q->solves(spec, &pos, moves, len - 1));
    }
    /* every reachable index through from_index */
    for (uint64_t i = 0; i < GT_FLOPPY_STATES; i++) {
        if (dist[i] == GT_UNREACHED)
            continue;
        gt_floppy pos;
        uint8_t moves[GT_MAX_DEPTH];
        int len;
        assert_int_equal(q->from_index(spec, i, &pos), GT_OK);
        assert_int_equal(gt_solve_walk(puzzle, &table, i, moves, GT_MAX_DEPTH, &len), GT_OK);
        assert_true(q->solves(spec, &pos, moves, len));
    }
    gt_floppy pos;
    assert_int_equal(q->from_index(spec, GT_FLOPPY_STATES, &pos), GT_ERR_INVAL);
    static const uint8_t bad_move[] = {7};
    gt_floppy_solved(&pos);
    assert_false(q->solves(spec, &pos, bad_move, 1));
}

static void test_draw(void **state)
{
    (void)state;
    gt_floppy pos;
    char buf[512];
    gt_floppy_solved(&pos);
    assert_int_equal(gt_floppy_query_hooks.draw(spec, &pos, buf, sizeof buf), GT_OK);
    assert_non_null(strstr(buf, "+----+----+----+\n| 3^ | B^ | 4^ |\n+----+----+----+\n"
                                "| L^ |    | R^ |\n+----+----+----+\n| 2^ | F^ | 1^ |\n+----+----+----+\n"));
    assert_int_equal(buf[strlen(buf) - 1], '\n');
    /* R: corners 1 and 4 change places, D side up; the R edge shows D */
    assert_int_equal(gt_floppy_from_scramble("R", &pos, NULL), GT_OK);
    assert_int_equal(gt_floppy_draw(&pos, buf, sizeof buf), GT_OK);
    assert_non_null(strstr(buf, "| 3^ | B^ | 1v |\n+----+----+----+\n| L^ |    | Rv |\n+----+----+----+\n"
                                "| 2^ | F^ | 4v |\n"));
    /* corners swapped across a diagonal keep U up (the vertical half turn) */
    assert_int_equal(gt_floppy_from_state("3214/1000", &pos, NULL), GT_OK);
    assert_int_equal(gt_floppy_draw(&pos, buf, sizeof buf), GT_OK);
    assert_non_null(strstr(buf, "| 1^ | B^ | 4^ |\n+----+----+----+\n| L^ |    | Rv |\n+----+----+----+\n"
                                "| 2^ | F^ | 3^ |\n"));
    assert_int_equal(gt_floppy_draw(&pos, buf, 20), GT_ERR_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalog_entry),
        cmocka_unit_test(test_bfs_matches_published),
        cmocka_unit_test(test_moves_are_involutions),
        cmocka_unit_test(test_scramble_notation),
        cmocka_unit_test(test_parse_errors_name_the_column),
        cmocka_unit_test(test_state_syntax),
        cmocka_unit_test(test_solutions_replay_to_solved),
        cmocka_unit_test(test_draw),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
