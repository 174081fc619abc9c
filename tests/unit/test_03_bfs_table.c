/* BFS over the pocket descriptors, encodings, checksums and metadata. */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "gt_error.h"
#include "pocket.h"
#include "solve.h"
#include "table.h"

typedef struct built {
    const gt_table_spec *spec;
    gt_puzzle *puzzle;
    uint8_t *dist[2]; /* at 1 and 2 threads */
    gt_distribution got[2];
} built;

static built tables[2];

static int build_both(void **state)
{
    (void)state;
    const char *names[2] = {"pocket-htm", "pocket-qtm"};
    for (int i = 0; i < 2; i++) {
        tables[i].spec = gt_catalog_find(names[i]);
        if (!tables[i].spec || tables[i].spec->make_puzzle(tables[i].spec, &tables[i].puzzle))
            return -1;
        for (int t = 0; t < 2; t++) {
            gt_bfs_options o = {t + 1, NULL, NULL, NULL};
            if (gt_bfs_run(tables[i].puzzle, &o, &tables[i].dist[t], &tables[i].got[t]))
                return -1;
        }
    }
    return 0;
}

static int free_both(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++)
        for (int t = 0; t < 2; t++)
            free(tables[i].dist[t]);
    return 0;
}

static void test_distributions_match_published_at_1_and_2_threads(void **state)
{
    (void)state;
    static const int gods[2] = {11, 14};
    for (int i = 0; i < 2; i++) {
        gt_distribution published;
        assert_true(gt_catalog_published(tables[i].spec, &published));
        assert_int_equal(published.max_depth, gods[i]);
        for (int t = 0; t < 2; t++) {
            assert_true(gt_distribution_equal(&tables[i].got[t], &published));
            assert_int_equal(tables[i].got[t].reached, GT_POCKET_STATES);
        }
        /* bit-identical tables whatever the thread count */
        assert_memory_equal(tables[i].dist[0], tables[i].dist[1], GT_POCKET_STATES);
    }
}

static void test_every_move_changes_distance_by_at_most_one(void **state)
{
    /* And in QTM by exactly one, with distance parity = permutation parity. */
    (void)state;
    for (int i = 0; i < 2; i++) {
        const gt_puzzle *p = tables[i].puzzle;
        const uint8_t *d = tables[i].dist[0];
        for (uint64_t s = 0; s < GT_POCKET_STATES; s += 7) {
            for (int m = 0; m < p->n_moves; m++) {
                int diff = (int)d[gt_puzzle_move(p, s, m)] - (int)d[s];
                assert_true(diff >= -1 && diff <= 1);
                if (p->distance_parity)
                    assert_int_not_equal(diff, 0);
            }
            if (p->distance_parity)
                assert_int_equal(p->distance_parity(p, s), d[s] & 1);
        }
    }
}

static void test_distribution_count_agrees(void **state)
{
    (void)state;
    gt_distribution d;
    gt_distribution_count(tables[0].dist[0], GT_POCKET_STATES, 2, &d);
    assert_true(gt_distribution_equal(&d, &tables[0].got[0]));
}

/* The median distance: the pocket's HTM table has 31.6% of its states
 * within 8 moves and 83.0% within 9, so 9; a table of one state, 0; a
 * distribution split exactly in half takes the lower depth. */
static void test_distribution_median(void **state)
{
    (void)state;
    assert_int_equal(gt_distribution_median(&tables[0].got[0]), 9);
    gt_distribution d = {.max_depth = 0, .count = {1}, .reached = 1};
    assert_int_equal(gt_distribution_median(&d), 0);
    d = (gt_distribution){.max_depth = 2, .count = {1, 1, 2}, .reached = 4};
    assert_int_equal(gt_distribution_median(&d), 1);
    d.count[1] = 0, d.count[2] = 3;
    assert_int_equal(gt_distribution_median(&d), 2);
}

static void test_encodings_store_what_they_claim(void **state)
{
    (void)state;
    const uint8_t *dist = tables[1].dist[0];
    const gt_puzzle *p = tables[1].puzzle;
    for (int e = GT_ENC_BYTE; e <= GT_ENC_PARITY1; e++) {
        gt_table t = {.meta = {.encoding = (gt_encoding)e, .n_states = GT_POCKET_STATES}};
        uint64_t bytes;
        assert_int_equal(gt_table_encode(dist, GT_POCKET_STATES, (gt_encoding)e, 2, &t.data, &bytes), GT_OK);
        assert_int_equal(bytes, gt_encoding_bytes((gt_encoding)e, GT_POCKET_STATES));
        int mod = gt_table_modulus(&t);
        for (uint64_t s = 0; s < GT_POCKET_STATES; s += 3)
            assert_int_equal(gt_table_residue(&t, p, s), dist[s] % mod);
        free(t.data);
    }
    assert_int_equal(gt_encoding_bytes(GT_ENC_MOD3, 5), 2);
    assert_int_equal(gt_encoding_bytes(GT_ENC_PARITY1, 9), 2);
    gt_encoding enc;
    assert_int_equal(gt_encoding_parse("mod3", &enc), GT_OK);
    assert_int_equal(enc, GT_ENC_MOD3);
    assert_int_equal(gt_encoding_parse("base64", &enc), GT_ERR_PARSE);
}

/* GT_ENC_TOP2 keeps the top of the distribution: with the pocket cube's
 * God's number 11, b = 7, so 8 and 9 are exact, 10 and 11 read 3, up to 7
 * reads 0; a recount of its codes is the distribution folded. */
static void test_top2_encoding_keeps_the_top(void **state)
{
    (void)state;
    const uint8_t *dist = tables[0].dist[0];
    const gt_distribution *d = &tables[0].got[0];
    assert_int_equal(d->max_depth, 11);
    assert_int_equal(gt_table_top2_base(d->max_depth), 7);
    assert_int_equal(gt_table_top2_base(3), 0);
    gt_table t = {.meta = {.encoding = GT_ENC_TOP2, .n_states = GT_POCKET_STATES}};
    uint64_t bytes, codes[4] = {0}, folded[4];
    assert_int_equal(gt_table_encode(dist, GT_POCKET_STATES, GT_ENC_TOP2, 2, &t.data, &bytes), GT_OK);
    assert_int_equal(bytes, (GT_POCKET_STATES + 3) / 4);
    for (uint64_t s = 0; s < GT_POCKET_STATES; s++) {
        unsigned c = gt_table_raw(&t, s), want = dist[s] <= 7 ? 0 : dist[s] >= 10 ? 3 : dist[s] - 7u;
        assert_int_equal(c, want);
        codes[c]++;
    }
    gt_table_top2_fold(d, folded);
    assert_memory_equal(codes, folded, sizeof codes);
    assert_int_equal(gt_table_residue(&t, tables[0].puzzle, 0), -1); /* no residue to walk by */
    uint8_t moves[32];
    int length;
    assert_int_equal(gt_solve_walk(tables[0].puzzle, &t, 1, moves, 32, &length), GT_ERR_INVAL);
    assert_int_equal(gt_solve_distances(tables[0].puzzle, &t, 0, 32, moves, 1), GT_ERR_INVAL); /* no export */
    free(t.data);
    gt_encoding enc;
    assert_int_equal(gt_encoding_parse("top2", &enc), GT_OK);
    assert_int_equal(enc, GT_ENC_TOP2);
    assert_string_equal(gt_encoding_name(GT_ENC_TOP2), "top2");
    assert_string_equal(gt_encoding_name((gt_encoding)9), "unknown");
}

static void test_unreached_states_are_marked(void **state)
{
    /* A puzzle with two components: states 0..3 in a cycle, 4..5 apart. */
    (void)state;
    static const uint32_t move[6 * 2] = {1, 3, 2, 0, 3, 1, 0, 2, 5, 5, 4, 4};
    static const int inverse[2] = {1, 0};
    static const char *const names[2] = {"a", "b"};
    gt_puzzle p = {.name = "toy", .metric = "x", .n_states = 6, .n_moves = 2, .move_names = names,
                   .move_inverse = inverse, .n_coords = 1, .coord = {{"c", 6, move}}, .solved = 0};
    uint8_t *dist;
    gt_distribution d;
    assert_int_equal(gt_bfs_run(&p, NULL, &dist, &d), GT_OK);
    assert_int_equal(d.max_depth, 2);
    assert_int_equal(d.reached, 4);
    assert_int_equal(dist[4], GT_UNREACHED);
    assert_int_equal(dist[2], 2);
    uint8_t *enc;
    uint64_t bytes;
    assert_int_equal(gt_table_encode(dist, 6, GT_ENC_MOD3, 1, &enc, &bytes), GT_OK);
    gt_table t = {.meta = {.encoding = GT_ENC_MOD3, .n_states = 6}, .data = enc, .data_bytes = bytes};
    assert_int_equal(gt_table_residue(&t, &p, 5), -1);
    free(enc);
    free(dist);
    p.solved = 6;
    assert_int_equal(gt_bfs_run(&p, NULL, &dist, &d), GT_ERR_INVAL);
}

static void test_bfs_can_be_cancelled(void **state)
{
    (void)state;
    volatile int cancel = 1;
    gt_bfs_options o = {1, NULL, NULL, &cancel};
    uint8_t *dist;
    gt_distribution d;
    assert_int_equal(gt_bfs_run(tables[0].puzzle, &o, &dist, &d), GT_ERR_INTERRUPT);
}

static void test_checksum_sees_every_byte(void **state)
{
    (void)state;
    uint8_t buf[100];
    for (int i = 0; i < 100; i++)
        buf[i] = (uint8_t)i;
    uint64_t h = gt_checksum64(buf, 100);
    for (int i = 0; i < 100; i++) {
        buf[i] ^= 1;
        assert_true(gt_checksum64(buf, 100) != h);
        buf[i] ^= 1;
    }
    assert_true(gt_checksum64(buf, 99) != h);
}

static void test_metadata_round_trip_and_rejects_damage(void **state)
{
    (void)state;
    gt_table_meta m, back;
    uint8_t *data;
    uint64_t bytes;
    gt_table_encode(tables[0].dist[0], GT_POCKET_STATES, GT_ENC_MOD3, 1, &data, &bytes);
    gt_table_meta_init(&m, "pocket-htm", tables[0].puzzle, GT_ENC_MOD3, &tables[0].got[0], data, bytes);
    m.chunk_bytes = 1 << 20;
    m.stored_bytes = 1234;
    m.threads = 2;
    m.build_seconds = 0.25;
    char text[8192];
    size_t len;
    assert_int_equal(gt_table_meta_format(&m, text, sizeof text, &len), GT_OK);
    assert_int_equal(gt_table_meta_parse(text, len, &back), GT_OK);
    assert_string_equal(back.name, "pocket-htm");
    assert_string_equal(back.metric, "htm");
    assert_int_equal(back.n_states, GT_POCKET_STATES);
    assert_int_equal(back.checksum, m.checksum);
    assert_int_equal(back.encoding, GT_ENC_MOD3);
    assert_true(gt_distribution_equal(&back.distribution, &m.distribution));
    assert_int_equal(back.threads, 2);
    assert_string_equal(back.built_at, m.built_at);
    /* every other field read back too (the parser reads them by a table) */
    assert_int_equal(back.format_version, m.format_version);
    assert_string_equal(back.puzzle, m.puzzle);
    assert_string_equal(back.generator, m.generator);
    assert_int_equal(back.raw_bytes, m.raw_bytes);
    assert_int_equal(back.stored_bytes, 1234);
    assert_int_equal(back.chunk_bytes, 1 << 20);
    assert_true(back.build_seconds == 0.25);
    assert_int_equal(back.distribution.reached, m.distribution.reached);
    assert_non_null(strstr(text, "counts=1,9,54,321,1847,9992,50136,227536,870072,1887748,623800,2644\n"));
    /* damaged: a count changed (sum no longer matches), a line cut, wrong version */
    char bad[8192];
    memcpy(bad, text, len + 1);
    char *c = strstr(bad, "counts=1,9");
    c[7] = '2';
    assert_int_equal(gt_table_meta_parse(bad, len, &back), GT_ERR_CORRUPT);
    assert_int_equal(gt_table_meta_parse(text, len / 2, &back), GT_ERR_CORRUPT);
    memcpy(bad, text, len + 1);
    bad[strlen("format_version=")] = '7';
    assert_int_equal(gt_table_meta_parse(bad, len, &back), GT_ERR_VERSION);
    /* a required field missing (its line renamed: an unknown key, ignored),
     * a line without '=', and an unknown key alone (accepted) */
    memcpy(bad, text, len + 1);
    strstr(bad, "checksum=")[0] = 'k';
    assert_int_equal(gt_table_meta_parse(bad, len, &back), GT_ERR_CORRUPT);
    memcpy(bad, text, len + 1);
    strstr(bad, "threads=")[7] = ':';
    assert_int_equal(gt_table_meta_parse(bad, len, &back), GT_ERR_CORRUPT);
    memcpy(bad, text, len + 1);
    strstr(bad, "threads=")[0] = 'k';
    assert_int_equal(gt_table_meta_parse(bad, len, &back), GT_OK);
    assert_int_equal(gt_table_meta_format(&m, text, 40, &len), GT_ERR_RANGE);
    free(data);
}

static void test_verify_catches_differences(void **state)
{
    (void)state;
    gt_table t;
    uint64_t bytes;
    const gt_puzzle *p = tables[0].puzzle;
    gt_table_encode(tables[0].dist[0], GT_POCKET_STATES, GT_ENC_MOD3, 1, &t.data, &bytes);
    t.data_bytes = bytes;
    gt_table_meta_init(&t.meta, "pocket-htm", p, GT_ENC_MOD3, &tables[0].got[0], t.data, bytes);
    gt_distribution published;
    gt_catalog_published(tables[0].spec, &published);
    assert_int_equal(gt_table_verify(&t, p, tables[0].dist[0], &tables[0].got[0], &published), GT_OK);
    t.data[1000] ^= 3;
    assert_int_equal(gt_table_verify(&t, p, tables[0].dist[0], &tables[0].got[0], &published), GT_ERR_CORRUPT);
    t.data[1000] ^= 3;
    published.count[5]++;
    assert_int_equal(gt_table_verify(&t, p, tables[0].dist[0], &tables[0].got[0], &published), GT_ERR_MISMATCH);
    free(t.data);
}

/* ---- the level hooks: a descriptor without coordinates (puzzle.h) ---- */

/* The pocket HTM graph behind hooks that expand through an inner
 * descriptor: the one level loop must give the byte-identical table. */
static uint64_t wrapped_seed(const gt_puzzle *p, uint8_t *dist)
{
    const gt_puzzle *inner = p->ctx;
    dist[inner->solved] = 0;
    return 1;
}

static uint64_t wrapped_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    const gt_puzzle *inner = p->ctx;
    uint64_t found = 0;
    (void)threads;
    for (uint64_t i = 0; i < inner->n_states; i++) {
        if (dist[i] != (forward ? depth : GT_UNREACHED))
            continue;
        for (int m = 0; m < inner->n_moves; m++) {
            uint64_t t = gt_puzzle_move(inner, i, m);
            if (forward && dist[t] == GT_UNREACHED) {
                dist[t] = (uint8_t)(depth + 1);
                found++;
            } else if (!forward && dist[t] == depth) {
                dist[i] = (uint8_t)(depth + 1);
                found++;
                break;
            }
        }
    }
    return found;
}

static const gt_bfs_levels wrapped_levels = {.seed = wrapped_seed, .expand = wrapped_expand};

static void test_level_hooks_give_the_same_table(void **state)
{
    (void)state;
    const gt_puzzle *inner = tables[0].puzzle;
    gt_puzzle hooked = {.name = "wrapped", .metric = "htm", .n_states = inner->n_states,
                        .n_moves = inner->n_moves, .levels = &wrapped_levels, .ctx = (void *)inner};
    uint8_t *dist;
    gt_distribution got;
    assert_int_equal(gt_bfs_run(&hooked, NULL, &dist, &got), GT_OK);
    assert_true(gt_distribution_equal(&got, &tables[0].got[0]));
    assert_memory_equal(dist, tables[0].dist[0], inner->n_states);
    free(dist);
    /* a descriptor with neither coordinates nor hooks is refused */
    hooked.levels = NULL;
    assert_int_equal(gt_bfs_run(&hooked, NULL, &dist, &got), GT_ERR_INVAL);
}

/* A path of 100 states behind hooks: the depth guard and the cancel flag
 * apply to hook descriptors as to the others. */
static uint64_t path_seed(const gt_puzzle *p, uint8_t *dist)
{
    (void)p;
    dist[0] = 0;
    return 1;
}

static uint64_t path_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    (void)forward;
    (void)threads;
    for (uint64_t i = 0; i + 1 < p->n_states; i++)
        if (dist[i] == depth && dist[i + 1] == GT_UNREACHED) {
            dist[i + 1] = (uint8_t)(depth + 1);
            return 1;
        }
    return 0;
}

static const gt_bfs_levels path_levels = {.seed = path_seed, .expand = path_expand};

static void test_level_hooks_keep_the_depth_guard_and_cancel(void **state)
{
    (void)state;
    gt_puzzle path = {.name = "path", .metric = "step", .n_states = 100, .n_moves = 1, .levels = &path_levels};
    uint8_t *dist = NULL;
    gt_distribution got;
    assert_int_equal(gt_bfs_run(&path, NULL, &dist, &got), GT_ERR_RANGE);
    path.n_states = 50;
    assert_int_equal(gt_bfs_run(&path, NULL, &dist, &got), GT_OK);
    assert_int_equal(got.max_depth, 49);
    assert_int_equal(got.reached, 50);
    free(dist);
    volatile int cancel = 1;
    gt_bfs_options o = {1, NULL, NULL, &cancel};
    assert_int_equal(gt_bfs_run(&path, &o, &dist, &got), GT_ERR_INTERRUPT);
}

/* ---- the BFS at 2 bits a state ---- */

/* gt_bfs_run_mod3's array must be gt_table_encode's MOD3 table of the byte
 * BFS, byte for byte, with the same distribution, at 1 and 2 threads (the
 * pocket cube's levels go forward, then backward). */
static void test_mod3_bfs_is_the_encoded_byte_bfs(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++)
        for (int t = 0; t < 2; t++) {
            gt_bfs_options o = {t + 1, NULL, NULL, NULL};
            uint8_t *codes = NULL, *enc = NULL;
            uint64_t bytes;
            gt_distribution d;
            assert_int_equal(gt_bfs_run_mod3(tables[i].puzzle, &o, &codes, &d), GT_OK);
            assert_true(gt_distribution_equal(&d, &tables[i].got[0]));
            assert_int_equal(gt_table_encode(tables[i].dist[0], GT_POCKET_STATES, GT_ENC_MOD3, 1, &enc, &bytes),
                             GT_OK);
            assert_memory_equal(codes, enc, bytes);
            free(enc);
            free(codes);
        }
}

/* A toy of 7 states: 0..3 in a cycle, 4..6 apart (unreached), so the last
 * byte has a cell past the end; then a goal set of two. */
static void test_mod3_bfs_unreached_and_goal_sets(void **state)
{
    (void)state;
    static const uint32_t move[7 * 2] = {1, 3, 2, 0, 3, 1, 0, 2, 5, 6, 6, 4, 4, 5};
    static const int inverse[2] = {1, 0};
    static const char *const names[2] = {"a", "b"};
    static const uint64_t goals[2] = {0, 4};
    gt_puzzle p = {.name = "toy", .metric = "x", .n_states = 7, .n_moves = 2, .move_names = names,
                   .move_inverse = inverse, .n_coords = 1, .coord = {{"c", 7, move}}, .solved = 0};
    for (int g = 0; g < 2; g++) {
        uint8_t *dist, *codes, *enc;
        uint64_t bytes;
        gt_distribution d, d3;
        assert_int_equal(gt_bfs_run(&p, NULL, &dist, &d), GT_OK);
        assert_int_equal(gt_bfs_run_mod3(&p, NULL, &codes, &d3), GT_OK);
        assert_true(gt_distribution_equal(&d, &d3));
        assert_int_equal(d3.reached, g ? 7 : 4);
        assert_int_equal(gt_table_encode(dist, 7, GT_ENC_MOD3, 1, &enc, &bytes), GT_OK);
        assert_int_equal(bytes, 2);
        assert_memory_equal(codes, enc, bytes);
        free(enc);
        free(codes);
        free(dist);
        p.goals = goals;
        p.n_goals = 2;
    }
}

/* A path of n states (0 - 1 - ... - n-1): deeper than GT_MAX_DEPTH is
 * refused; cancelling and a level-hook descriptor too. */
static void test_mod3_bfs_guards(void **state)
{
    (void)state;
    enum { N = 100 };
    static uint32_t move[N * 2];
    static const int inverse[2] = {1, 0};
    static const char *const names[2] = {"up", "down"};
    for (uint32_t i = 0; i < N; i++) {
        move[2 * i] = i + 1 < N ? i + 1 : i;
        move[2 * i + 1] = i ? i - 1 : 0;
    }
    gt_puzzle p = {.name = "path", .metric = "step", .n_states = N, .n_moves = 2, .move_names = names,
                   .move_inverse = inverse, .n_coords = 1, .coord = {{"c", N, move}}, .solved = 0};
    uint8_t *codes = NULL;
    gt_distribution d;
    assert_int_equal(gt_bfs_run_mod3(&p, NULL, &codes, &d), GT_ERR_RANGE);
    p.solved = N / 2; /* depth 50 */
    assert_int_equal(gt_bfs_run_mod3(&p, NULL, &codes, &d), GT_OK);
    assert_int_equal(d.max_depth, 50);
    assert_int_equal(d.count[50], 1);
    assert_int_equal(d.count[49], 2);
    free(codes);
    volatile int cancel = 1;
    gt_bfs_options o = {1, NULL, NULL, &cancel};
    assert_int_equal(gt_bfs_run_mod3(&p, &o, &codes, &d), GT_ERR_INTERRUPT);
    /* hooks without expand_mod3 are refused */
    gt_puzzle hooks = {.name = "path", .metric = "step", .n_states = 50, .n_moves = 1, .levels = &path_levels};
    assert_int_equal(gt_bfs_run_mod3(&hooks, NULL, &codes, &d), GT_ERR_INVAL);
}

/* gt_table_verify_mod3: the table equal to the BFS passes; a changed byte,
 * another distribution or encoding, or published counts that differ fail. */
static void test_mod3_verify_finds_differences(void **state)
{
    (void)state;
    const gt_puzzle *p = tables[0].puzzle;
    uint8_t *codes = NULL;
    gt_distribution d;
    assert_int_equal(gt_bfs_run_mod3(p, NULL, &codes, &d), GT_OK);
    uint64_t bytes = gt_encoding_bytes(GT_ENC_MOD3, p->n_states);
    uint8_t *copy = malloc(bytes);
    assert_non_null(copy);
    memcpy(copy, codes, bytes);
    gt_table t = {.data = copy, .data_bytes = bytes};
    t.meta.n_states = p->n_states;
    t.meta.encoding = GT_ENC_MOD3;
    t.meta.raw_bytes = bytes;
    t.meta.distribution = d;
    assert_int_equal(gt_table_verify_mod3(&t, p, codes, &d, &tables[0].got[0]), GT_OK);
    copy[bytes / 2] ^= 1;
    assert_int_equal(gt_table_verify_mod3(&t, p, codes, &d, NULL), GT_ERR_CORRUPT);
    copy[bytes / 2] ^= 1;
    t.meta.distribution.count[3]++;
    assert_int_equal(gt_table_verify_mod3(&t, p, codes, &d, NULL), GT_ERR_CORRUPT);
    t.meta.distribution = d;
    assert_int_equal(gt_table_verify_mod3(&t, p, codes, &d, &tables[1].got[0]), GT_ERR_MISMATCH);
    t.meta.encoding = GT_ENC_TOP2;
    assert_int_equal(gt_table_verify_mod3(&t, p, codes, &d, NULL), GT_ERR_CORRUPT);
    free(copy);
    free(codes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distributions_match_published_at_1_and_2_threads),
        cmocka_unit_test(test_every_move_changes_distance_by_at_most_one),
        cmocka_unit_test(test_distribution_count_agrees),
        cmocka_unit_test(test_distribution_median),
        cmocka_unit_test(test_encodings_store_what_they_claim),
        cmocka_unit_test(test_top2_encoding_keeps_the_top),
        cmocka_unit_test(test_unreached_states_are_marked),
        cmocka_unit_test(test_bfs_can_be_cancelled),
        cmocka_unit_test(test_checksum_sees_every_byte),
        cmocka_unit_test(test_metadata_round_trip_and_rejects_damage),
        cmocka_unit_test(test_verify_catches_differences),
        cmocka_unit_test(test_level_hooks_give_the_same_table),
        cmocka_unit_test(test_level_hooks_keep_the_depth_guard_and_cancel),
        cmocka_unit_test(test_mod3_bfs_is_the_encoded_byte_bfs),
        cmocka_unit_test(test_mod3_bfs_unreached_and_goal_sets),
        cmocka_unit_test(test_mod3_bfs_guards),
        cmocka_unit_test(test_mod3_verify_finds_differences),
    };
    return cmocka_run_group_tests(tests, build_both, free_both);
}
