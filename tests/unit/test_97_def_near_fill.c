/* Unit tests: a near table large enough that the fill holds its writes in
 * buckets by region (def_near.c) is, byte for byte, the table made from
 * the full table's distances: each slot the least code of the states
 * within its depth that hash to it, the others empty. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fill_by_region),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
