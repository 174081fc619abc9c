/* 3x3x3 cubie model: facelet geometry, move algebra, coordinates, facelet
 * and notation round trips. */
#include "test_util.h"

#include "cube3.h"
#include "cube3_tables.h"
#include "facecube.h"
#include "gt_error.h"

static const char *const SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

static void scramble(const char *text, gt_cube3 *c)
{
    gt_parse_error err;
    int rc = gt_cube3_from_scramble(text, c, &err);
    if (rc)
        fail_msg("%s: %s", text, err.message);
}

/* The place of a facelet: the sign of each of its 3-D coordinates. */
static void cubie_place(int facelet, int place[3])
{
    int xyz[3];
    gt_facecube_coords(3, facelet, xyz);
    for (int a = 0; a < 3; a++)
        place[a] = (xyz[a] > 0) - (xyz[a] < 0);
}

static void test_facelet_tables_match_geometry(void **state)
{
    (void)state;
    /* Each named place's facelets sit on one cubie, on the named faces. */
    for (int i = 0; i < GT_CUBE3_CORNERS; i++) {
        int p0[3], p[3];
        cubie_place(gt_cube3_corner_facelets[i][0], p0);
        for (int k = 0; k < 3; k++) {
            int f = gt_cube3_corner_facelets[i][k];
            cubie_place(f, p);
            assert_memory_equal(p, p0, sizeof p);
            assert_non_null(strchr(gt_cube3_corner_names[i], gt_face_letters[f / 9]));
        }
        assert_true(gt_cube3_corner_facelets[i][0] / 9 == GT_FACE_U || gt_cube3_corner_facelets[i][0] / 9 == GT_FACE_D);
    }
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        int p0[3], p1[3];
        cubie_place(gt_cube3_edge_facelets[i][0], p0);
        cubie_place(gt_cube3_edge_facelets[i][1], p1);
        assert_memory_equal(p0, p1, sizeof p0);
        for (int k = 0; k < 2; k++)
            assert_int_equal(gt_face_letters[gt_cube3_edge_facelets[i][k] / 9], gt_cube3_edge_names[i][k]);
    }
}

static void test_moves_match_facecube_turns(void **state)
{
    (void)state;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        uint16_t perm[GT_CUBE3_FACELETS];
        uint8_t solved[GT_CUBE3_FACELETS], turned[GT_CUBE3_FACELETS], mine[GT_CUBE3_FACELETS];
        gt_cube3 c;
        assert_int_equal(gt_facecube_turn(3, m / 3, 0, 0, m % 3 + 1, perm), 0);
        gt_facecube_solved(3, solved);
        gt_facecube_apply(3, perm, solved, turned);
        gt_cube3_move_cube(m, &c);
        gt_cube3_to_colours(&c, mine);
        assert_memory_equal(mine, turned, sizeof mine);
        gt_cube3 back;
        assert_int_equal(gt_cube3_from_colours(turned, &back, NULL, NULL), 0);
        assert_true(gt_cube3_equal(&back, &c));
        /* the inverse table undoes the move */
        gt_cube3_apply_move(&c, gt_cube3_move_inverse[m]);
        assert_true(gt_cube3_is_solved(&c));
    }
}

/* Composing cubie positions agrees with composing facelet permutations. */
static void test_product_matches_facelets(void **state)
{
    (void)state;
    gt_rng rng = {42};
    for (int trial = 0; trial < 200; trial++) {
        gt_cube3 a, b, ab;
        gt_cube3_random_state(&rng, &a);
        gt_cube3_random_state(&rng, &b);
        gt_cube3_multiply(&a, &b, &ab);
        uint16_t pa[GT_CUBE3_FACELETS], pb[GT_CUBE3_FACELETS];
        uint8_t s[GT_CUBE3_FACELETS], x[GT_CUBE3_FACELETS], y[GT_CUBE3_FACELETS], want[GT_CUBE3_FACELETS];
        gt_cube3_to_perm(&a, pa);
        gt_cube3_to_perm(&b, pb);
        gt_facecube_solved(3, s);
        gt_facecube_apply(3, pa, s, x);
        gt_facecube_apply(3, pb, x, y);
        gt_cube3_to_colours(&ab, want);
        assert_memory_equal(y, want, sizeof y);
    }
}

static int order_of(const char *text)
{
    gt_cube3 c, p, t;
    scramble(text, &c);
    p = c;
    for (int k = 1; k < 2000; k++) {
        if (gt_cube3_is_solved(&p))
            return k;
        gt_cube3_multiply(&p, &c, &t);
        p = t;
    }
    return -1;
}

static void test_orders(void **state)
{
    (void)state;
    assert_int_equal(order_of("U"), 4);
    assert_int_equal(order_of("U2"), 2);
    assert_int_equal(order_of("R U"), 105);
    assert_int_equal(order_of("R U R' U'"), 6);  /* the commutator [R,U] */
    assert_int_equal(order_of("R U2 D' B D'"), 1260); /* the largest element order */
    assert_int_equal(order_of("R2 U2"), 6);
    assert_int_equal(order_of("U D'"), 4);
    assert_int_equal(order_of(SUPERFLIP), 2);
}

static void test_superflip_is_central(void **state)
{
    (void)state;
    gt_cube3 sf, id;
    scramble(SUPERFLIP, &sf);
    gt_cube3_identity(&id);
    assert_memory_equal(sf.cp, id.cp, sizeof id.cp);
    assert_memory_equal(sf.co, id.co, sizeof id.co);
    assert_memory_equal(sf.ep, id.ep, sizeof id.ep);
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        assert_int_equal(sf.eo[i], 1);
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        gt_cube3 mc, a, b;
        gt_cube3_move_cube(m, &mc);
        gt_cube3_multiply(&sf, &mc, &a);
        gt_cube3_multiply(&mc, &sf, &b);
        assert_true(gt_cube3_equal(&a, &b));
    }
    /* and a non-central element is caught */
    gt_cube3 r, u, ru, ur;
    gt_cube3_move_cube(3, &r);
    gt_cube3_move_cube(0, &u);
    gt_cube3_multiply(&r, &u, &ru);
    gt_cube3_multiply(&u, &r, &ur);
    assert_false(gt_cube3_equal(&ru, &ur));
}

static void test_inverse(void **state)
{
    (void)state;
    gt_rng rng = {7};
    for (int trial = 0; trial < 100; trial++) {
        gt_cube3 a, inv, p;
        gt_cube3_random_state(&rng, &a);
        gt_cube3_inverse(&a, &inv);
        gt_cube3_multiply(&a, &inv, &p);
        assert_true(gt_cube3_is_solved(&p));
        gt_cube3_multiply(&inv, &a, &p);
        assert_true(gt_cube3_is_solved(&p));
    }
}

static void test_coordinates_round_trip(void **state)
{
    (void)state;
    gt_cube3 c;
    gt_cube3_identity(&c);
    assert_int_equal(gt_cube3_cperm(&c), 0);
    assert_int_equal(gt_cube3_twist(&c), 0);
    assert_int_equal(gt_cube3_flip(&c), 0);
    assert_int_equal(gt_cube3_slice(&c), 0);
    for (uint32_t v = 0; v < GT_CUBE3_CPERMS; v++) {
        gt_cube3_set_cperm(&c, v);
        assert_int_equal(gt_cube3_cperm(&c), v);
    }
    for (uint32_t v = 0; v < GT_CUBE3_TWISTS; v++) {
        gt_cube3_set_twist(&c, v);
        assert_int_equal(gt_cube3_twist(&c), v);
    }
    for (uint32_t v = 0; v < GT_CUBE3_FLIPS; v++) {
        gt_cube3_set_flip(&c, v);
        assert_int_equal(gt_cube3_flip(&c), v);
    }
    for (uint32_t v = 0; v < GT_CUBE3_SLICES; v++) {
        gt_cube3_set_slice(&c, v);
        assert_int_equal(gt_cube3_slice(&c), v);
    }
    for (uint32_t v = 0; v < GT_CUBE3_SLICE_SORTED; v++) {
        gt_cube3_identity(&c);
        gt_cube3_set_slice_sorted(&c, v);
        assert_int_equal(gt_cube3_slice_sorted(&c), v);
        assert_int_equal(gt_cube3_slice(&c), v / 24);
    }
    gt_cube3_identity(&c);
    assert_int_equal(gt_cube3_slice_sorted(&c), 0);
}

static void test_move_tables_agree_with_cubies(void **state)
{
    (void)state;
    gt_cube3_moves *mt;
    assert_int_equal(gt_cube3_moves_new(&mt), 0);
    gt_rng rng = {99};
    for (int trial = 0; trial < 300; trial++) {
        gt_cube3 c, t;
        gt_cube3_random_state(&rng, &c);
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            t = c;
            gt_cube3_apply_move(&t, m);
            assert_int_equal(mt->cperm[gt_cube3_cperm(&c) * 18 + (uint32_t)m], gt_cube3_cperm(&t));
            assert_int_equal(mt->twist[gt_cube3_twist(&c) * 18 + (uint32_t)m], gt_cube3_twist(&t));
            assert_int_equal(mt->flip[gt_cube3_flip(&c) * 18 + (uint32_t)m], gt_cube3_flip(&t));
            assert_int_equal(mt->slice[gt_cube3_slice(&c) * 18 + (uint32_t)m], gt_cube3_slice(&t));
        }
    }
    gt_cube3_moves_free(mt);
}

static void test_facelets_round_trip(void **state)
{
    (void)state;
    gt_rng rng = {5};
    for (int trial = 0; trial < 200; trial++) {
        gt_cube3 c, back;
        char text[GT_CUBE3_FACELETS + 1], letters[7];
        gt_cube3_random_state(&rng, &c);
        gt_cube3_to_facelets(&c, trial % 2 ? "wrgyob" : NULL, text);
        assert_int_equal(gt_cube3_from_facelets(text, &back, letters, NULL, NULL), 0);
        assert_true(gt_cube3_equal(&c, &back));
        assert_string_equal(letters, trial % 2 ? "wrgyob" : "URFDLB");
    }
    gt_cube3 c;
    char text[GT_CUBE3_FACELETS + 1];
    gt_cube3_identity(&c);
    gt_cube3_to_facelets(&c, NULL, text);
    assert_string_equal(text, "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    /* Kociemba's example of R applied: U's right column shows F's colour */
    scramble("R", &c);
    gt_cube3_to_facelets(&c, NULL, text);
    assert_string_equal(text, "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
}

static void test_notation_frames(void **state)
{
    (void)state;
    gt_cube3 a, b;
    scramble("x y z x' z2", &a); /* rotations only: solved in its own frame */
    assert_true(gt_cube3_is_solved(&a));
    /* M = R L' x' and r = L x as physical turns; the trailing rotation puts
     * the centres back, so the frames agree. */
    scramble("M x", &a);
    scramble("R L'", &b);
    assert_true(gt_cube3_equal(&a, &b));
    scramble("r U x'", &a);
    scramble("L F", &b); /* after r the U face is the old F */
    assert_true(gt_cube3_equal(&a, &b));
    scramble("y R y'", &a);
    scramble("B", &b);
    assert_true(gt_cube3_equal(&a, &b));
    scramble("R U R' U'", &a);
    scramble("RUR'U'", &b);
    assert_true(gt_cube3_equal(&a, &b));
    gt_parse_error err;
    assert_int_equal(gt_cube3_from_scramble("R Q", &a, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "Q"));
}

static void test_format_moves_capacity(void **state)
{
    (void)state;
    const uint8_t moves[3] = {3, 1, 5}; /* R U2 R' */
    char buf[16];
    assert_int_equal(gt_cube3_format_moves(moves, 3, buf, sizeof buf), GT_OK);
    assert_string_equal(buf, "R U2 R'");
    assert_int_equal(gt_cube3_format_moves(moves, 3, buf, 8), GT_OK); /* exactly fits */
    assert_string_equal(buf, "R U2 R'");
    assert_int_equal(gt_cube3_format_moves(moves, 3, buf, 7), GT_ERR_RANGE);
    assert_int_equal(gt_cube3_format_moves(moves, 0, buf, 1), GT_OK);
    assert_string_equal(buf, "");
    assert_int_equal(gt_cube3_format_moves(moves, 0, buf, 0), GT_ERR_RANGE);
}

static void test_conjugate_by_rotation(void **state)
{
    (void)state;
    uint16_t x[GT_CUBE3_FACELETS];
    assert_int_equal(gt_facecube_turn(3, GT_FACE_R, 0, 2, 1, x), 0);
    gt_cube3 u, conj, want;
    gt_cube3_move_cube(0, &u); /* U */
    assert_int_equal(gt_cube3_conjugate(&u, x, &conj), 0);
    /* x' U x turns the face that x brings to U, i.e. F... as seen after x */
    int found = -1;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        gt_cube3_move_cube(m, &want);
        if (gt_cube3_equal(&want, &conj))
            found = m;
    }
    assert_true(found >= 0 && found % 3 == 0); /* a clockwise quarter turn */
    assert_true(found / 3 == GT_FACE_F || found / 3 == GT_FACE_B);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_facelet_tables_match_geometry),
        cmocka_unit_test(test_moves_match_facecube_turns),
        cmocka_unit_test(test_product_matches_facelets),
        cmocka_unit_test(test_orders),
        cmocka_unit_test(test_superflip_is_central),
        cmocka_unit_test(test_inverse),
        cmocka_unit_test(test_coordinates_round_trip),
        cmocka_unit_test(test_move_tables_agree_with_cubies),
        cmocka_unit_test(test_facelets_round_trip),
        cmocka_unit_test(test_notation_frames),
        cmocka_unit_test(test_conjugate_by_rotation),
        cmocka_unit_test(test_format_moves_capacity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
