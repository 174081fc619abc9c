/* Unit tests: a pattern database's BFS on its fast paths (def_pdb.c) gives
 * the distances of a plain BFS over the projection's neighbour hook, which
 * unranks and ranks every neighbour. */
#include "test_def_util.h"

#include "bfs.h"
#include "def.h"
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_error.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

/* The distances by a queue over p->neighbours (the slow path, one thread). */
static uint8_t *reference_bfs(const gt_puzzle *p)
{
    uint8_t *dist = malloc(p->n_states);
    uint64_t *queue = malloc(p->n_states * sizeof *queue), head = 0, tail = 0, next[GT_MAX_MOVES];
    assert_non_null(dist);
    assert_non_null(queue);
    memset(dist, GT_UNREACHED, p->n_states);
    dist[p->solved] = 0;
    queue[tail++] = p->solved;
    while (head < tail) {
        const uint64_t i = queue[head++];
        p->neighbours(p, i, next);
        for (int m = 0; m < p->n_moves; m++)
            if (dist[next[m]] == GT_UNREACHED) {
                dist[next[m]] = (uint8_t)(dist[i] + 1);
                queue[tail++] = next[m];
            }
    }
    free(queue);
    return dist;
}

/* FILE's projection TEXT takes the fast path `kind`, and its BFS at a byte
 * and at 2 bits a state, on two threads, stores the reference's distances;
 * with `images` > 0, it has that many images and reaches every one. */
static void check_images(const char *file, const char *text, int kind, uint64_t images)
{
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def *def = tu_def_load(file);
    gt_def_model *m;
    gt_def_proj pr;
    gt_def_pdb *d;
    if (gt_def_model_plan_orbits(def, &o, &m, &err) || gt_def_proj_parse(m, text, &pr, &err))
        fail_msg("%s %s: %s", file, text, err.message);
    assert_int_equal(gt_def_pdb_make(m, &pr, &d), GT_OK);
    assert_int_equal(gt_def_pdb_fast_path(d), kind);
    const gt_puzzle *p = gt_def_pdb_puzzle(d);
    uint8_t *want = reference_bfs(p), *dist, *codes, *want_codes;
    gt_distribution dd, d3;
    uint64_t bytes;
    gt_bfs_options two = {2, NULL, NULL, NULL};
    assert_int_equal(gt_bfs_run(p, &two, &dist, &dd), GT_OK);
    if (images) {
        assert_int_equal(p->n_states, images);
        assert_int_equal(dd.reached, images);
    }
    for (uint64_t i = 0; i < p->n_states; i++)
        if (dist[i] != want[i])
            fail_msg("%s %s: image %llu at %d, not %d", file, text, (unsigned long long)i, dist[i], want[i]);
    assert_int_equal(gt_bfs_run_mod3(p, &two, &codes, &d3), GT_OK);
    assert_true(gt_distribution_equal(&d3, &dd));
    assert_int_equal(gt_table_encode(want, p->n_states, GT_ENC_MOD3, 1, &want_codes, &bytes), GT_OK);
    assert_memory_equal(codes, want_codes, bytes);
    free(want_codes);
    free(codes);
    free(dist);
    free(want);
    gt_def_pdb_free(d);
    gt_def_model_free(m);
    gt_def_free(def);
}

/* FILE's projection TEXT, read by the search, bounds random states of the
 * full table by at most their distance (an index whose parity digit were
 * wrong would read another coset's distances). */
static void check_bounds(const char *file, const char *text)
{
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def *def = tu_def_load(file);
    gt_def_model *m;
    const gt_puzzle *full;
    gt_def_proj pr;
    gt_def_pdb *d;
    gt_def_search *s;
    uint8_t *dist, *want, *codes, perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    gt_distribution dd, dp;
    gt_rng rng;
    uint64_t bytes, idx;
    assert_int_equal(gt_def_model_plan(def, &o, &m, &err), GT_OK);
    assert_int_equal(gt_def_model_build(m, &full), GT_OK);
    assert_int_equal(gt_bfs_run(full, NULL, &dist, &dd), GT_OK);
    assert_int_equal(gt_def_proj_parse(m, text, &pr, &err), GT_OK);
    assert_int_equal(gt_def_pdb_make(m, &pr, &d), GT_OK);
    assert_int_equal(gt_bfs_run(gt_def_pdb_puzzle(d), NULL, &want, &dp), GT_OK);
    assert_int_equal(gt_table_encode(want, pr.states, GT_ENC_MOD3, 1, &codes, &bytes), GT_OK);
    gt_table t = {.meta = {.encoding = GT_ENC_MOD3, .n_states = pr.states, .distribution = dp}, .data = codes,
                  .data_bytes = bytes, .view = {.data = codes, .bytes = bytes}};
    const gt_table *tables[] = {&t};
    assert_int_equal(gt_def_search_new(m, &pr, tables, 1, NULL, &s), GT_OK);
    gt_rng_seed(&rng, 96);
    for (int k = 0; k < 300; k++) {
        int bound;
        memcpy(perm, def->solved_perm, (size_t)def->total);
        memcpy(ori, def->solved_ori, (size_t)def->total);
        for (int i = 0; i < k % 15; i++)
            gt_def_model_apply(m, (int)gt_rng_below(&rng, (uint64_t)m->n_moves), perm, ori);
        assert_int_equal(gt_def_search_bound(s, perm, ori, &bound), GT_OK);
        assert_int_equal(gt_def_model_index(m, perm, ori, &idx), GT_OK);
        assert_true(bound <= dist[idx]);
    }
    gt_def_search_free(s);
    gt_def_pdb_free(d);
    free(codes);
    free(want);
    free(dist);
    gt_def_model_free(m);
    gt_def_free(def);
}

static void check_projection(const char *file, const char *text, int kind)
{
    check_images(file, text, kind, 0);
}

static void test_fast_path_xor(void **state)
{
    (void)state;
    check_projection("3x3x3.tws", "EDGES=1-4", GT_DEF_PDB_XOR);
    check_projection("3x3x3.tws", "CORNERS=1-2;EDGES=1-2", GT_DEF_PDB_XOR); /* the last part's digits only */
    check_projection("pyraminx.tws", "EDGES", GT_DEF_PDB_XOR);              /* the last digit from the fixed sum */
}

static void test_fast_path_digits(void **state)
{
    (void)state;
    check_projection("3x3x3.tws", "CORNERS=1-4", GT_DEF_PDB_DIGITS);
    check_projection("3x3x3.tws", "EDGES=1-2;CORNERS=1-2", GT_DEF_PDB_DIGITS);
    check_projection("FTO.tws", "C4RNER", GT_DEF_PDB_DIGITS); /* modulus 4, the last digit from the fixed sum */
}

static void test_fast_path_last(void **state)
{
    (void)state;
    check_projection("3x3x3.tws", "EDGES=1-5:perm", GT_DEF_PDB_LAST); /* no orientation */
    check_projection("3x3x3.tws", "CORNERS=1-2;EDGES=1-3:perm", GT_DEF_PDB_LAST);
    check_projection("3x3x3.tws", "EDGES=1-2;CORNERS=1-3:perm", GT_DEF_PDB_LAST);
    check_projection("dino.tws", "EDGE=1-5", GT_DEF_PDB_LAST);
}

/* Identical pieces without orientation: the last group's positions ride
 * along, in one part or after others. */
static void test_fast_path_group(void **state)
{
    (void)state;
    check_images("4x4x4.tws", "CENTER=1", GT_DEF_PDB_GROUP, 10626);  /* C(24, 4): one group */
    check_images("FTO.tws", "CENTER=1,2", GT_DEF_PDB_GROUP, 220 * 84); /* C(12, 3) C(9, 3) */
    check_projection("FTO.tws", "C4RNER=1;CENTER=1,2", GT_DEF_PDB_GROUP);
    check_projection("4x4x4.tws", "CENTER=1;CORNER=1", GT_DEF_PDB_DIGITS); /* the last part decides */
    check_projection("FTO.tws", "C4RNER=1;CENTER=2", GT_DEF_PDB_GROUP);
    check_projection("FTO.tws", "CENTER", GT_DEF_PDB_RANKED); /* its last group has one place left */
}

static void test_ranked_path(void **state)
{
    (void)state;
    check_projection("3x3x3.tws", "EDGES=1+2,3-4", GT_DEF_PDB_RANKED);     /* identical pieces */
    check_projection("pyraminx.tws", "EDGES=1-4:perm", GT_DEF_PDB_RANKED); /* the last piece 3 places */
}

/* A whole orbit of distinct pieces that every move permutes evenly has
 * k!/2 images, all reached (the last two Lehmer digits not ranked); one
 * that some move permutes oddly keeps k!. */
static void test_even_orbit(void **state)
{
    (void)state;
    check_images("pyraminx.tws", "EDGES", GT_DEF_PDB_XOR, 360 * 32);
    check_images("pyraminx.tws", "EDGES=2,1,3-6", GT_DEF_PDB_XOR, 360 * 32); /* items in an odd order */
    check_bounds("pyraminx.tws", "EDGES=2,1,3-6");
    check_bounds("pyraminx.tws", "EDGES");
    check_images("pyraminx.tws", "EDGES:perm", GT_DEF_PDB_RANKED, 360);
    check_images("FTO.tws", "C4RNER:perm", GT_DEF_PDB_RANKED, 360);
    check_images("floppy.tws", "CORNERS", GT_DEF_PDB_RANKED, 0);
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def *def = tu_def_load("floppy.tws");
    gt_def_model *m;
    gt_def_proj pr;
    assert_int_equal(gt_def_model_plan_orbits(def, &o, &m, &err), GT_OK);
    assert_int_equal(gt_def_proj_parse(m, "CORNERS", &pr, &err), GT_OK);
    assert_int_equal(pr.states, 24); /* its half turns swap two corners: odd */
    gt_def_model_free(m);
    gt_def_free(def);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_path_xor),
        cmocka_unit_test(test_fast_path_digits),
        cmocka_unit_test(test_fast_path_last),
        cmocka_unit_test(test_fast_path_group),
        cmocka_unit_test(test_ranked_path),
        cmocka_unit_test(test_even_orbit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
