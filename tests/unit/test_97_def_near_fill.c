/* Unit tests: a near table large enough that the fill holds its writes in
 * buckets by region (def_near.c) is, byte for byte, the table made from
 * the full table's distances: each slot the least code of the states
 * within its depth that hash to it, the others empty. The hash stays the
 * one stored tables were filled with, and the search's copy of a flat
 * state copies exactly its bytes. */
#include "test_def_util.h"

#include "bfs.h"
#include "def.h"
#include "def_internal.h"
#include "def_pdb.h"
#include "def_search_internal.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* Lowers slot to code c in a table of `bits` a slot. */
static void lower(uint8_t *data, int bits, uint64_t slot, unsigned c)
{
    const int per_byte = 8 / bits, shift = (int)(slot % (unsigned)per_byte) * bits;
    uint8_t *b = &data[slot / (unsigned)per_byte];
    const unsigned mask = (1u << bits) - 1, old = (unsigned)*b >> shift & mask;
    if (c < old)
        *b = (uint8_t)((*b & ~(mask << shift)) | (c << shift));
}

static void check_fill(const char *file, uint64_t bytes, int bits)
{
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def *def = tu_def_load(file);
    gt_def_model *m;
    const gt_puzzle *p;
    uint8_t *dist, perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS], flat[GT_DEF_MAX_POSITIONS];
    gt_distribution d, filled;
    gt_def_near_plan plan;
    assert_int_equal(gt_def_model_plan(def, &o, &m, &err), GT_OK);
    assert_int_equal(gt_def_model_build(m, &p), GT_OK);
    assert_int_equal(gt_bfs_run(p, NULL, &dist, &d), GT_OK);
    assert_int_equal(gt_def_near_choose(m, bytes, bits, 1e9, &plan), GT_OK);
    /* past one 4 MiB region: the fill's writes go by bucket */
    assert_true(plan.entries * (unsigned)bits / 8 > (4u << 20));
    assert_true(plan.depth >= 6);
    const uint64_t n = plan.entries * (unsigned)bits / 8;
    uint8_t *data = malloc(n), *want = malloc(n);
    assert_non_null(data);
    assert_non_null(want);
    assert_int_equal(gt_def_near_fill(m, &plan, 2, NULL, data, &filled), GT_OK);
    memset(want, 0xff, n);
    for (uint64_t i = 0; i < p->n_states; i++) {
        if (dist[i] > plan.depth)
            continue;
        assert_int_equal(gt_def_model_state(m, i, perm, ori), GT_OK);
        gt_def_near_pack(m, perm, ori, flat);
        const int depth = dist[i]; /* its code: the distance, or in 2 bits relative to the table's depth */
        const unsigned c = bits == 4                  ? (unsigned)depth
                           : depth <= plan.depth - 2 ? 0u
                                                     : (unsigned)(depth - plan.depth + 2);
        lower(want, bits, gt_def_near_slot(gt_def_near_hash(flat, m->def->total), plan.entries), c);
    }
    assert_memory_equal(data, want, n);
    gt_def_near_count(data, &plan, &d);
    assert_true(gt_distribution_equal(&d, &filled));
    free(want);
    free(data);
    free(dist);
    gt_def_model_free(m);
    gt_def_free(def);
}

static void test_fill_by_region(void **state)
{
    (void)state;
    check_fill("2x2x2.tws", 16u << 20, 2);
}

/* A flat state moved by gt_def_near_apply (its bytes that only move, then
 * those that take a twist) is the packed state moved by the model, for
 * every move of random states: the 3x3x3's twists modulo 2 and 3, the
 * FTO's modulo 4 beside untwisted sets. */
static void check_apply(const char *file)
{
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def *def = tu_def_load(file);
    gt_def_model *m;
    gt_def_near_moves nm;
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS], p2[GT_DEF_MAX_POSITIONS], o2[GT_DEF_MAX_POSITIONS];
    uint8_t flat[GT_DEF_MAX_POSITIONS], moved[GT_DEF_MAX_POSITIONS], want[GT_DEF_MAX_POSITIONS];
    assert_int_equal(gt_def_model_plan_orbits(def, &o, &m, &err), GT_OK);
    assert_int_equal(gt_def_near_moves_build(m, &nm), GT_OK);
    memcpy(perm, def->solved_perm, (size_t)def->total);
    memcpy(ori, def->solved_ori, (size_t)def->total);
    for (int step = 0; step < 40; step++) {
        gt_def_near_pack(m, perm, ori, flat);
        for (int mv = 0; mv < m->n_moves; mv++) {
            memcpy(p2, perm, (size_t)def->total);
            memcpy(o2, ori, (size_t)def->total);
            gt_def_model_apply(m, mv, p2, o2);
            gt_def_near_pack(m, p2, o2, want);
            gt_def_near_apply(&nm, mv, flat, moved);
            assert_memory_equal(moved, want, (size_t)def->total);
        }
        gt_def_model_apply(m, (step * 7 + 3) % m->n_moves, perm, ori);
    }
    gt_def_near_moves_free(&nm);
    gt_def_model_free(m);
    gt_def_free(def);
}

static void test_apply_as_the_model(void **state)
{
    (void)state;
    check_apply("3x3x3.tws");
    check_apply("FTO.tws");
}

/* The hashes of the bytes 11, 48, 85, ... (i * 37 + 11) of each length,
 * as the hash gave them when the stored tables of versions 1 and 2 were filled
 * (its last word then copied with a copy of variable size): a table's
 * slots are these hashes, so any other value reads the wrong slots. */
static void test_hash_unchanged(void **state)
{
    static const struct {
        int bytes;
        uint64_t hash;
    } want[] = {
        {1, 0xba6937d9f4137ac8ull},  {5, 0x29d2793fc79433a5ull},  {8, 0x7679fb6e1ca92aa9ull},
        {9, 0x51280e0caa483512ull},  {15, 0x03668a084bb1cb1cull}, {16, 0x9479182cd991f633ull},
        {20, 0xa1a6bac3f21e889aull}, {23, 0xbaed5603abcea197ull}, {24, 0x01fcdeb6fb309fc8ull},
        {31, 0x2185e7f92029a5e8ull}, {32, 0x2f843311c7533c81ull}, {40, 0x66c024907d353073ull},
        {48, 0x75b9cc0d10292ac7ull}, {63, 0x384887047ac77b29ull},
    };
    uint8_t bytes[64];
    (void)state;
    for (int i = 0; i < 64; i++)
        bytes[i] = (uint8_t)(i * 37 + 11);
    for (size_t k = 0; k < sizeof want / sizeof *want; k++)
        assert_true(gt_def_near_hash(bytes, want[k].bytes) == want[k].hash);
}

/* gt_def_near_copy copies its bytes and no other, at every length the
 * word copy splits differently. */
static void test_copy_exact(void **state)
{
    uint8_t from[80], to[80];
    (void)state;
    for (int i = 0; i < 80; i++)
        from[i] = (uint8_t)(i * 13 + 1);
    for (int n = 0; n <= 64; n++) {
        memset(to, 0xee, sizeof to);
        gt_def_near_copy(to + 4, from, n);
        for (int i = 0; i < 80; i++)
            assert_int_equal(to[i], i >= 4 && i < 4 + n ? from[i - 4] : 0xee);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fill_by_region),
        cmocka_unit_test(test_apply_as_the_model),
        cmocka_unit_test(test_hash_unchanged),
        cmocka_unit_test(test_copy_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
