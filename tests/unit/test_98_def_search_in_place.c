/* Unit tests: a search that reads its near table in place
 * (GT_DEF_SEARCH_IN_PLACE, what godtab-solve does for one query) answers
 * as the one that copies it first, and a damaged block it reads stops it
 * with GT_ERR_CORRUPT, whether the root's slot or a child's lies in it. */
#include "test_def_util.h"

#include "bfs.h"
#include "def.h"
#include "def_pdb.h"
#include "def_search_internal.h"
#include "gt_error.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

/* The 2x2x2 with its full table (the true distances) and a 2-bit near
 * table of four blocks, checksummed as a mapped table is. */
typedef struct fixture {
    gt_def *def;
    gt_def_model *m;
    const gt_puzzle *p;
    uint8_t *dist;
    gt_def_near_plan plan;
    gt_table t;
    uint64_t *sums, *checked, blocks;
    int damaged;
    char text[64];
} fixture;

static void fixture_build(fixture *f)
{
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_distribution d;
    memset(f, 0, sizeof *f);
    f->def = tu_def_load("2x2x2.tws");
    assert_int_equal(gt_def_model_plan(f->def, &o, &f->m, &err), GT_OK);
    assert_int_equal(gt_def_model_build(f->m, &f->p), GT_OK);
    assert_int_equal(gt_bfs_run(f->p, NULL, &f->dist, &d), GT_OK);
    assert_int_equal(gt_def_near_choose(f->m, 4 * GT_BLOCK_BYTES, 2, 1e9, &f->plan), GT_OK);
    const uint64_t bytes = f->plan.entries / 4;
    f->blocks = (bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    assert_true(f->blocks == 4);
    uint8_t *data = malloc(bytes);
    f->sums = malloc(f->blocks * sizeof *f->sums);
    f->checked = calloc(1, sizeof *f->checked);
    assert_true(data && f->sums && f->checked);
    assert_int_equal(gt_def_near_fill(f->m, &f->plan, 2, NULL, data, &f->t.meta.distribution), GT_OK);
    for (uint64_t b = 0; b < f->blocks; b++)
        f->sums[b] = gt_checksum64(data + (b << GT_BLOCK_SHIFT), GT_BLOCK_BYTES);
    f->t.data = data;
    f->t.data_bytes = bytes;
    f->t.meta.encoding = GT_ENC_TOP2;
    f->t.meta.n_states = f->plan.entries;
    f->t.view = (gt_view){.data = data, .bytes = bytes, .sums = f->sums, .checked = f->checked,
                          .damaged = &f->damaged};
    snprintf(f->text, sizeof f->text, "near 2 depth %d", f->plan.depth);
    f->t.meta.n_sections = 1;
    snprintf(f->t.meta.sections[0].name, sizeof f->t.meta.sections[0].name, "%s", GT_DEF_NEAR_SECTION);
    f->t.meta.sections[0].bytes = strlen(f->text);
    f->t.sections[0] = (gt_view){.data = (const uint8_t *)f->text, .bytes = strlen(f->text)};
}

static void fixture_free(fixture *f)
{
    free(f->t.data);
    free(f->sums);
    free(f->checked);
    free(f->dist);
    gt_def_model_free(f->m);
    gt_def_free(f->def);
}

/* A state `moves` random moves from the goal, and its distance. */
static int scramble(const fixture *f, gt_rng *rng, int moves, uint8_t *perm, uint8_t *ori)
{
    uint64_t idx;
    memcpy(perm, f->def->solved_perm, (size_t)f->def->total);
    memcpy(ori, f->def->solved_ori, (size_t)f->def->total);
    for (int i = 0; i < moves; i++)
        gt_def_model_apply(f->m, (int)gt_rng_below(rng, (uint64_t)f->m->n_moves), perm, ori);
    assert_int_equal(gt_def_model_index(f->m, perm, ori, &idx), GT_OK);
    return f->dist[idx];
}

static void test_same_answers(void **state)
{
    (void)state;
    fixture f;
    gt_def_search *copy, *mapped;
    gt_rng rng;
    gt_def_error err;
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    fixture_build(&f);
    assert_int_equal(gt_def_search_open(f.m, NULL, NULL, 0, &f.t, 0, &copy), GT_OK);
    assert_int_equal(gt_def_search_open(f.m, NULL, NULL, 0, &f.t, GT_DEF_SEARCH_IN_PLACE, &mapped), GT_OK);
    assert_non_null(copy->near.copy);
    assert_null(mapped->near.copy);
    assert_ptr_equal(mapped->near.data, f.t.data);
    gt_rng_seed(&rng, 98);
    for (int k = 0; k < 60; k++) {
        const int d = scramble(&f, &rng, 3 + k % 12, perm, ori);
        gt_def_search_result a, b;
        gt_def_search_options o = {.threads = 1 + k % 2};
        assert_int_equal(gt_def_search_run(copy, perm, ori, &o, &a, &err), GT_OK);
        assert_int_equal(gt_def_search_run(mapped, perm, ori, &o, &b, &err), GT_OK);
        assert_int_equal(a.length, d);
        assert_int_equal(b.length, d);
        assert_memory_equal(a.moves, b.moves, (size_t)d);
    }
    assert_int_equal(f.damaged, 0);
    gt_def_search_free(copy);
    gt_def_search_free(mapped);
    fixture_free(&f);
}

/* Damages every block but `spared` (a byte each), none checked yet. */
static void damage_but(fixture *f, uint64_t spared)
{
    for (uint64_t b = 0; b < f->blocks; b++)
        if (b != spared)
            ((uint8_t *)f->t.data)[(b << GT_BLOCK_SHIFT) + 77] ^= 0x40;
    *f->checked = 0;
}

static void test_damaged_block(void **state)
{
    (void)state;
    fixture f;
    gt_def_search *s;
    gt_rng rng;
    gt_def_error err = {0};
    gt_def_search_result r;
    gt_def_search_options o = {.threads = 1};
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS], flat[GT_DEF_MAX_POSITIONS];
    fixture_build(&f);
    gt_rng_seed(&rng, 980);
    int d;
    while ((d = scramble(&f, &rng, 9, perm, ori)) < 6)
        ;
    gt_def_near_pack(f.m, perm, ori, flat);
    const uint64_t root = gt_def_near_slot(gt_def_near_hash(flat, f.def->total), f.plan.entries) / 4 >> GT_BLOCK_SHIFT;
    /* the root's block sound, the others damaged: a child's read stops it */
    damage_but(&f, root);
    assert_int_equal(gt_def_search_open(f.m, NULL, NULL, 0, &f.t, GT_DEF_SEARCH_IN_PLACE, &s), GT_OK);
    assert_int_equal(gt_def_search_run(s, perm, ori, &o, &r, &err), GT_ERR_CORRUPT);
    assert_int_equal(r.length, -1);
    assert_int_equal(f.damaged, 1);
    /* the root's block damaged too: its first read */
    ((uint8_t *)f.t.data)[(root << GT_BLOCK_SHIFT) + 77] ^= 0x40;
    *f.checked = 0;
    assert_int_equal(gt_def_search_run(s, perm, ori, &o, &r, &err), GT_ERR_CORRUPT);
    assert_string_equal(err.message, "the near table has a damaged block");
    gt_def_search_free(s);
    /* a copy checks every block first */
    *f.checked = 0;
    assert_int_equal(gt_def_search_open(f.m, NULL, NULL, 0, &f.t, 0, &s), GT_ERR_CORRUPT);
    assert_null(s);
    fixture_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_answers),
        cmocka_unit_test(test_damaged_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
