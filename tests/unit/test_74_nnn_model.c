/* The N×N×N model (common/models/nnn): in-place turns against facecube.c's
 * 3-D permutations, turn algebra up to N = 1024, notation and move counts,
 * piece views. */
#include "test_util.h"

#include "facecube.h"
#include "gt_error.h"
#include "nnn.h"

#include <stdlib.h>
#include <string.h>

/* Labels facelet i by byte b of i (two bytes tell 6·7² facelets apart). */
static void label(gt_nnn *c, int b)
{
    for (long i = 0; i < gt_nnn_facelets(c->n); i++)
        c->f[i] = (uint8_t)(i >> (8 * b));
}

/* Every block lo..hi of every face, 1..3 quarters, n = 2..7: the sticker at
 * i must land on facecube's perm[i]. */
static void test_turns_match_facecube(void **state)
{
    (void)state;
    static uint16_t perm[GT_FACELETS_MAX];
    for (int n = 2; n <= 7; n++) {
        gt_nnn c;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        for (int face = 0; face < 6; face++)
            for (int lo = 0; lo < n; lo++)
                for (int hi = lo; hi < n; hi++)
                    for (int q = 1; q <= 3; q++) {
                        assert_int_equal(gt_facecube_turn(n, face, lo, hi, q, perm), GT_OK);
                        for (int b = 0; b < 2; b++) {
                            label(&c, b);
                            gt_nnn_turn(&c, face, lo, hi, q);
                            for (long i = 0; i < gt_nnn_facelets(n); i++)
                                if (c.f[perm[i]] != (uint8_t)(i >> (8 * b)))
                                    fail_msg("n=%d face %d layers %d..%d q%d: facelet %ld", n, face, lo, hi, q, i);
                        }
                    }
        gt_nnn_free(&c);
    }
}

static int same(const gt_nnn *a, const gt_nnn *b)
{
    return !memcmp(a->f, b->f, (size_t)gt_nnn_facelets(a->n));
}

/* R^4 = 1, R R' = 1, opposite layers commute, 2R2 2R2 = 1, for several N
 * including 1024 (a few turns: O(N) each, O(N²) on a face). */
static void test_turn_algebra(void **state)
{
    (void)state;
    int sizes[] = {2, 3, 4, 5, 8, 13, 1024};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int n = sizes[s];
        gt_nnn a, b;
        assert_int_equal(gt_nnn_init(&a, n), GT_OK);
        assert_int_equal(gt_nnn_init(&b, n), GT_OK);
        label(&a, 0);
        label(&b, 0);
        for (int face = 0; face < 6; face++) {
            int layer = n / 3;
            for (int k = 0; k < 4; k++)
                gt_nnn_turn(&a, face, layer, layer, 1);
            assert_true(same(&a, &b));
            gt_nnn_turn(&a, face, 0, n / 2, 1);
            gt_nnn_turn(&a, face, 0, n / 2, 3);
            assert_true(same(&a, &b));
            gt_nnn_turn(&a, face, 0, 0, 2);
            assert_false(same(&a, &b));
            gt_nnn_turn(&a, face, 0, 0, 2);
        }
        /* U then D' (layer n-1 of U) equals D' then U */
        gt_nnn_turn(&a, GT_FACE_U, 0, 0, 1);
        gt_nnn_turn(&a, GT_FACE_U, n - 1, n - 1, 1);
        gt_nnn_turn(&b, GT_FACE_U, n - 1, n - 1, 1);
        gt_nnn_turn(&b, GT_FACE_U, 0, 0, 1);
        assert_true(same(&a, &b));
        /* a layer of U seen from D is the opposite turn */
        gt_nnn_turn(&a, GT_FACE_D, n - 1 - (n - 1) / 2, n - 1 - (n - 1) / 2, 1);
        gt_nnn_turn(&a, GT_FACE_U, (n - 1) / 2, (n - 1) / 2, 1);
        assert_true(same(&a, &b));
        gt_nnn_free(&a);
        gt_nnn_free(&b);
    }
}

/* A scramble then its inverse (reversed, each turn undone) is solved. */
static void test_scramble_and_inverse(void **state)
{
    (void)state;
    for (int n = 2; n <= 9; n++) {
        gt_nnn c;
        gt_turn *t;
        long count;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        const char *s = n == 2 ? "R U Rw' F2 x y2 B' D" : n % 2 ? "R U Rw' 2F2 x Lw y2 M E' S2 B' D"
                                                     : "R U Rw' 2F2 x 2Lw y2 B' D r";
        assert_int_equal(gt_nnn_parse(n, s, &t, &count, NULL), GT_OK);
        gt_nnn_apply(&c, t, count);
        assert_false(gt_nnn_is_solved(&c));
        for (long i = count - 1; i >= 0; i--)
            gt_nnn_turn(&c, t[i].face, t[i].lo, t[i].hi, 4 - t[i].quarters);
        assert_true(gt_nnn_is_solved(&c));
        free(t);
        gt_nnn_free(&c);
    }
}

static void test_notation_big_cubes(void **state)
{
    (void)state;
    gt_turn *t;
    long count;
    gt_parse_error err;
    char buf[256];
    assert_int_equal(gt_nnn_parse(1024, "1024Rw 1000R' 512Uw2 R r 2R x", &t, &count, &err), GT_OK);
    assert_int_equal(count, 7);
    assert_int_equal(t[1].lo, 999);
    assert_int_equal(t[1].hi, 999);
    assert_int_equal(gt_nnn_format(1024, t, count, buf, sizeof buf), GT_OK);
    assert_string_equal(buf, "x 1000R' 512Uw2 R Rw 2R x");
    assert_int_equal(gt_nnn_format(1024, t, count, buf, 10), GT_ERR_RANGE);
    free(t);
    /* a layer past N, M on an even cube, an unknown move: named */
    assert_int_equal(gt_nnn_parse(4, "R 5Rw", &t, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "'5Rw' at column 3"));
    assert_int_equal(gt_nnn_parse(4, "R M'", &t, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "no middle slice on an even cube: 'M' at column 3"));
    assert_int_equal(gt_nnn_parse(6, "E", &t, &count, &err), GT_ERR_PARSE);
    assert_int_equal(gt_nnn_parse(1024, "1025R", &t, &count, &err), GT_ERR_PARSE);
    assert_int_equal(gt_nnn_parse(1024, "1024R", &t, &count, &err), GT_ERR_PARSE);
    assert_int_equal(gt_nnn_parse(5, "R Q", &t, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "unknown move 'Q' at column 3"));
    assert_int_equal(gt_nnn_parse(1025, "R", &t, &count, &err), GT_ERR_INVAL);
    assert_int_equal(gt_nnn_parse(5, "", &t, &count, &err), GT_OK);
    assert_int_equal(count, 0);
}

static void test_move_counts(void **state)
{
    (void)state;
    gt_turn *t;
    long count;
    assert_int_equal(gt_nnn_parse(7, "R 3Rw2 2R 3R' M x L' 6Rw", &t, &count, NULL), GT_OK);
    /* R 1, 3Rw2 1, 2R 2, 3R' 2, M 2, x 0, L' 1, 6Rw (holds layer 0) 1 */
    assert_int_equal(gt_nnn_count_obtm(7, t, count), 10);
    assert_int_equal(gt_nnn_count_stm(7, t, count), 7);
    free(t);
}

static void test_piece_views(void **state)
{
    (void)state;
    long p[3], e[2], o[24];
    gt_nnn_corner_facelets(3, 0, p); /* URF: U9 R1 F3 */
    assert_int_equal(p[0], 8);
    assert_int_equal(p[1], 9);
    assert_int_equal(p[2], 20);
    gt_nnn_edge_facelets(3, 0, 1, e); /* UR: U6 R2 */
    assert_int_equal(e[0], 5);
    assert_int_equal(e[1], 10);
    for (int n = 2; n <= 9; n++) {
        assert_int_equal(gt_nnn_wing_orbits(n), (n - 2) / 2);
        long total = 0;
        char *seen = calloc((size_t)gt_nnn_facelets(n), 1);
        for (long k = 0; k < gt_nnn_centre_orbits(n); k++) {
            assert_true(gt_nnn_centre_orbit(n, k, NULL, NULL, o) >= 0);
            for (int i = 0; i < 24; i++)
                assert_int_equal(seen[o[i]]++, 0);
            total += 24;
        }
        long want = 6L * (n - 2) * (n - 2) - (n % 2 ? 6 : 0); /* every centre but the fixed ones */
        assert_int_equal(total, want);
        free(seen);
    }
    assert_int_equal(gt_nnn_centre_orbit(7, 0, NULL, NULL, NULL), GT_NNN_XCENTRE);
    assert_int_equal(gt_nnn_centre_orbit(7, 1, NULL, NULL, NULL), GT_NNN_OBLIQUE);
    assert_int_equal(gt_nnn_centre_orbit(7, 2, NULL, NULL, NULL), GT_NNN_PLUSCENTRE);
}

static void test_init_bounds(void **state)
{
    (void)state;
    gt_nnn c;
    assert_int_equal(gt_nnn_init(&c, 1), GT_ERR_INVAL);
    assert_int_equal(gt_nnn_init(&c, GT_NNN_MAX + 1), GT_ERR_INVAL);
    assert_int_equal(gt_nnn_init(&c, GT_NNN_MAX), GT_OK);
    assert_true(gt_nnn_is_solved(&c));
    gt_nnn_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turns_match_facecube), cmocka_unit_test(test_turn_algebra),
        cmocka_unit_test(test_scramble_and_inverse), cmocka_unit_test(test_notation_big_cubes),
        cmocka_unit_test(test_move_counts),          cmocka_unit_test(test_piece_views),
        cmocka_unit_test(test_init_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
