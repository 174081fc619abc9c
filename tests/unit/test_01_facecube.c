/* Facelet geometry and move notation: the primitives everything else uses. */
#include "test_util.h"

#include "facecube.h"
#include "gt_error.h"
#include "notation.h"
#include "pocket.h"

/* Composes perms: first a then b (sticker at i goes to b[a[i]]). */
static void compose(int count, const uint16_t *a, const uint16_t *b, uint16_t *out)
{
    for (int i = 0; i < count; i++)
        out[i] = b[a[i]];
}

static int is_identity(int count, const uint16_t *p)
{
    for (int i = 0; i < count; i++)
        if (p[i] != i)
            return 0;
    return 1;
}

static int order_of(int count, const uint16_t *p)
{
    uint16_t acc[GT_FACELETS_MAX], tmp[GT_FACELETS_MAX];
    memcpy(acc, p, count * sizeof *p);
    for (int k = 1; k <= 1260; k++) {
        if (is_identity(count, acc))
            return k;
        compose(count, acc, p, tmp);
        memcpy(acc, tmp, count * sizeof *p);
    }
    return -1;
}

static void test_coordinates_round_trip(void **state)
{
    (void)state;
    for (int n = 2; n <= 5; n++)
        for (int f = 0; f < 6 * n * n; f++) {
            int xyz[3];
            gt_facecube_coords(n, f, xyz);
            assert_int_equal(gt_facecube_facelet_at(n, xyz), f);
        }
}

static void test_turns_are_permutations_of_order_four(void **state)
{
    (void)state;
    for (int n = 2; n <= 4; n++) {
        int count = 6 * n * n;
        for (int face = 0; face < GT_FACES; face++)
            for (int layer = 0; layer < n; layer++) {
                uint16_t p[GT_FACELETS_MAX];
                assert_int_equal(gt_facecube_turn(n, face, layer, layer, 1, p), GT_OK);
                int seen[GT_FACELETS_MAX] = {0};
                for (int i = 0; i < count; i++) {
                    assert_in_range(p[i], 0, count - 1);
                    seen[p[i]]++;
                }
                for (int i = 0; i < count; i++)
                    assert_int_equal(seen[i], 1);
                assert_int_equal(order_of(count, p), 4);
            }
    }
}

static void test_turn_and_inverse_cancel(void **state)
{
    (void)state;
    uint16_t a[GT_FACELETS_MAX], b[GT_FACELETS_MAX], c[GT_FACELETS_MAX];
    for (int face = 0; face < GT_FACES; face++) {
        gt_facecube_turn(3, face, 0, 0, 1, a);
        gt_facecube_turn(3, face, 0, 0, 3, b);
        compose(54, a, b, c);
        assert_true(is_identity(54, c));
    }
}

static void test_sexy_move_has_order_six(void **state)
{
    /* R U R' U' has order 6 on the 3x3x3 and on the 2x2x2. */
    (void)state;
    for (int n = 2; n <= 3; n++) {
        gt_turn turns[8];
        int k;
        assert_int_equal(gt_notation_parse(n, "R U R' U'", GT_NOTATION_ALL, turns, 8, &k, NULL), GT_OK);
        assert_int_equal(k, 4);
        uint16_t acc[GT_FACELETS_MAX], p[GT_FACELETS_MAX], tmp[GT_FACELETS_MAX];
        int count = 6 * n * n;
        for (int i = 0; i < count; i++)
            acc[i] = (uint16_t)i;
        for (int i = 0; i < k; i++) {
            gt_notation_turn_perm(n, turns[i], p);
            compose(count, acc, p, tmp);
            memcpy(acc, tmp, sizeof tmp);
        }
        assert_int_equal(order_of(count, acc), 6);
    }
}

static void test_clockwise_u_moves_front_to_left(void **state)
{
    /* Seen from above, U clockwise carries the F stickers of the top row to L. */
    (void)state;
    uint16_t p[GT_FACELETS_MAX];
    uint8_t solved[GT_FACELETS_MAX], turned[GT_FACELETS_MAX];
    gt_facecube_turn(3, GT_FACE_U, 0, 0, 1, p);
    gt_facecube_solved(3, solved);
    gt_facecube_apply(3, p, solved, turned);
    for (int col = 0; col < 3; col++) {
        assert_int_equal(turned[GT_FACE_L * 9 + col], GT_FACE_F);
        assert_int_equal(turned[GT_FACE_F * 9 + col], GT_FACE_R);
        assert_int_equal(turned[GT_FACE_F * 9 + 3 + col], GT_FACE_F);
    }
}

static void test_pocket_corner_facelets_match_geometry(void **state)
{
    /* Each corner's three facelets sit on one cubie, listed clockwise. */
    (void)state;
    for (int c = 0; c < GT_CORNERS; c++) {
        int v[3][3];
        for (int k = 0; k < 3; k++)
            gt_facecube_coords(2, gt_pocket_corner_facelets[c][k], v[k]);
        for (int a = 0; a < 3; a++) {
            int sign = v[0][a] > 0;
            assert_int_equal(v[1][a] > 0, sign);
            assert_int_equal(v[2][a] > 0, sign);
        }
        /* Clockwise seen from outside: (v1 - v0) x (v2 - v0) points outwards. */
        int d1[3], d2[3], cross[3], dot = 0;
        for (int a = 0; a < 3; a++) {
            d1[a] = v[1][a] - v[0][a];
            d2[a] = v[2][a] - v[0][a];
        }
        cross[0] = d1[1] * d2[2] - d1[2] * d2[1];
        cross[1] = d1[2] * d2[0] - d1[0] * d2[2];
        cross[2] = d1[0] * d2[1] - d1[1] * d2[0];
        for (int a = 0; a < 3; a++)
            dot += cross[a] * v[0][a];
        assert_true(dot < 0);
    }
}

static void test_notation_tokens(void **state)
{
    (void)state;
    gt_turn t[16];
    int k;
    assert_int_equal(gt_notation_parse(3, "R U2 F' D2' Rw r M' x y2 z'", GT_NOTATION_ALL, t, 16, &k, NULL), GT_OK);
    assert_int_equal(k, 10);
    assert_int_equal(t[0].face, GT_FACE_R);
    assert_int_equal(t[0].quarters, 1);
    assert_int_equal(t[1].quarters, 2);
    assert_int_equal(t[2].quarters, 3);
    assert_int_equal(t[3].quarters, 2);
    assert_int_equal(t[4].hi, 1);
    assert_int_equal(t[5].hi, 1);
    assert_int_equal(t[6].face, GT_FACE_L);
    assert_int_equal(t[6].lo, 1);
    assert_int_equal(t[7].hi, 2);
    /* written together */
    assert_int_equal(gt_notation_parse(3, "RU2R'", GT_NOTATION_ALL, t, 16, &k, NULL), GT_OK);
    assert_int_equal(k, 3);
    /* formatting round trip */
    char buf[8];
    gt_notation_format(3, (gt_turn){GT_FACE_F, 0, 0, 3}, buf);
    assert_string_equal(buf, "F'");
    gt_notation_format(3, (gt_turn){GT_FACE_U, 0, 2, 2}, buf);
    assert_string_equal(buf, "y2");
}

static void test_notation_errors_say_where(void **state)
{
    (void)state;
    gt_turn t[16];
    int k;
    gt_parse_error err;
    assert_int_equal(gt_notation_parse(2, "R U Q F", GT_NOTATION_ALL, t, 16, &k, &err), GT_ERR_PARSE);
    assert_int_equal(err.offset, 4);
    assert_non_null(strstr(err.message, "'Q'"));
    assert_non_null(strstr(err.message, "column 5"));
    assert_int_equal(gt_notation_parse(2, "R M", GT_NOTATION_ALL, t, 16, &k, &err), GT_ERR_PARSE);
    assert_int_equal(gt_notation_parse(3, "R Rw", GT_NOTATION_FACES, t, 16, &k, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "not allowed"));
    /* R3 is R' (cubing.js amounts); a bare count is no move */
    assert_int_equal(gt_notation_parse(3, "R3", GT_NOTATION_ALL, t, 16, &k, &err), GT_OK);
    assert_int_equal(t[0].quarters, 3);
    assert_int_equal(gt_notation_parse(3, "R 3", GT_NOTATION_ALL, t, 16, &k, &err), GT_ERR_PARSE);
    assert_int_equal(gt_notation_parse(3, "R U F", GT_NOTATION_ALL, t, 2, &k, &err), GT_ERR_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coordinates_round_trip),
        cmocka_unit_test(test_turns_are_permutations_of_order_four),
        cmocka_unit_test(test_turn_and_inverse_cancel),
        cmocka_unit_test(test_sexy_move_has_order_six),
        cmocka_unit_test(test_clockwise_u_moves_front_to_left),
        cmocka_unit_test(test_pocket_corner_facelets_match_geometry),
        cmocka_unit_test(test_notation_tokens),
        cmocka_unit_test(test_notation_errors_say_where),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
