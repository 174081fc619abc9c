/* The rung godtab-solve cube3 picks without --edges/--load
 * (gt_cube3_pick_rung): the fastest stored rung within --max-memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cube3_family.h"
#include "cube3_sym.h"
#include "cube3_tables.h"

#define GB 1000000000ull

/* docs/cube3.md's sizes: 2-bit + cube3-twophase, 4-bit, fss16 + classes, fst */
static int index_of(const char *name)
{
    for (size_t i = 0; i < gt_cube3_rung_count(); i++)
        if (strcmp(gt_cube3_rung_name(i), name) == 0)
            return (int)i;
    return -2;
}

static void sizes(uint64_t *b, int fsud2, int fsud, int fss, int fst)
{
    memset(b, 0, 4 * sizeof *b);
    b[index_of(GT_CUBE3_FSUD2_TABLE)] = fsud2 ? 2540000000ull : 0;
    b[index_of(GT_CUBE3_FSUD_TABLE)] = fsud ? 4930000000ull : 0;
    b[index_of(GT_CUBE3_FSS_TABLE)] = fss ? 1770000000ull : 0;
    b[index_of(GT_CUBE3_FST_TABLE)] = fst ? 1110000000ull : 0;
}

static void test_ladder_is_fastest_first(void **state)
{
    (void)state;
    assert_int_equal(gt_cube3_rung_count(), 4);
    assert_int_equal(index_of(GT_CUBE3_FSUD2_TABLE), 0);
    assert_int_equal(index_of(GT_CUBE3_FSUD_TABLE), 1);
    assert_int_equal(index_of(GT_CUBE3_FSS_TABLE), 2);
    assert_int_equal(index_of(GT_CUBE3_FST_TABLE), 3);
    assert_null(gt_cube3_rung_name(4));
}

static void test_pick_within_memory(void **state)
{
    (void)state;
    uint64_t b[4];
    sizes(b, 1, 1, 1, 1);
    assert_int_equal(gt_cube3_pick_rung(b, 4, 16 * GB), index_of(GT_CUBE3_FSUD2_TABLE));
    assert_int_equal(gt_cube3_pick_rung(b, 4, 2 * GB), index_of(GT_CUBE3_FSS_TABLE));
    assert_int_equal(gt_cube3_pick_rung(b, 4, 1500000000ull), index_of(GT_CUBE3_FST_TABLE));
    assert_int_equal(gt_cube3_pick_rung(b, 4, 1 * GB), -1);
    /* the 2-bit rung missing: the 4-bit one when it fits, else fss16 */
    sizes(b, 0, 1, 1, 1);
    assert_int_equal(gt_cube3_pick_rung(b, 4, 8 * GB), index_of(GT_CUBE3_FSUD_TABLE));
    assert_int_equal(gt_cube3_pick_rung(b, 4, 4 * GB), index_of(GT_CUBE3_FSS_TABLE));
    /* nothing stored */
    sizes(b, 0, 0, 0, 0);
    assert_int_equal(gt_cube3_pick_rung(b, 4, 64 * GB), -1);
    /* only the smallest stored */
    sizes(b, 0, 0, 0, 1);
    assert_int_equal(gt_cube3_pick_rung(b, 4, 64 * GB), index_of(GT_CUBE3_FST_TABLE));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ladder_is_fastest_first),
        cmocka_unit_test(test_pick_within_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
