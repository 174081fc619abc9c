/* The pocket cube model: coordinates, moves, scramble and facelet input. */
#include "test_util.h"

#include "facecube.h"
#include "gt_error.h"
#include "pocket.h"
#include "pocket_internal.h"

static const gt_puzzle *puzzle(int metric)
{
    const gt_puzzle *p = NULL;
    assert_int_equal(gt_pocket_puzzle(metric, &p), GT_OK);
    return p;
}

static void test_rank_unrank_round_trip_whole_space(void **state)
{
    (void)state;
    for (uint32_t r = 0; r < GT_POCKET_PERMS; r++) {
        uint8_t cp[GT_CORNERS];
        gt_pocket_perm_unrank(r, cp);
        assert_int_equal(cp[GT_DBL], GT_DBL);
        assert_int_equal(gt_pocket_perm_rank(cp), r);
    }
    for (uint32_t r = 0; r < GT_POCKET_TWISTS; r++) {
        uint8_t co[GT_CORNERS];
        gt_pocket_twist_unrank(r, co);
        int sum = 0;
        for (int i = 0; i < GT_CORNERS; i++)
            sum += co[i];
        assert_int_equal(sum % 3, 0);
        assert_int_equal(gt_pocket_twist_rank(co), r);
    }
    /* every index through stickers and back */
    for (uint64_t i = 0; i < GT_POCKET_STATES; i++) {
        gt_pocket pos, back;
        assert_int_equal(gt_pocket_from_index(i, &pos), GT_OK);
        assert_int_equal(gt_pocket_from_colours(pos.colours, &back, NULL), GT_OK);
        if (back.index != i)
            fail_msg("index %llu came back as %llu", (unsigned long long)i, (unsigned long long)back.index);
    }
    gt_pocket pos;
    assert_int_equal(gt_pocket_from_index(GT_POCKET_STATES, &pos), GT_ERR_INVAL);
}

static void test_move_orders_and_inverses(void **state)
{
    (void)state;
    for (int metric = 0; metric < 2; metric++) {
        const gt_puzzle *p = puzzle(metric);
        for (int m = 0; m < p->n_moves; m++) {
            int quarters = metric == GT_POCKET_HTM ? (m % 3 == 1 ? 2 : 1) : 1;
            int order = 4 / quarters;
            for (uint64_t s = 0; s < GT_POCKET_STATES; s += 997) {
                uint64_t t = s;
                for (int k = 1; k <= order; k++) {
                    t = gt_puzzle_move(p, t, m);
                    if (k < order)
                        assert_int_not_equal(t, s);
                }
                assert_int_equal(t, s);
                assert_int_equal(gt_puzzle_move(p, gt_puzzle_move(p, s, m), p->move_inverse[m]), s);
            }
        }
    }
}

static void test_moves_agree_with_stickers(void **state)
{
    /* The coordinate move tables and the sticker permutations describe the
     * same moves: apply random moves both ways and compare. */
    (void)state;
    uint64_t seed = 12345;
    for (int metric = 0; metric < 2; metric++) {
        const gt_puzzle *p = puzzle(metric);
        gt_pocket pos;
        gt_pocket_from_index(0, &pos);
        for (int i = 0; i < 5000; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            int m = (int)((seed >> 33) % (uint64_t)p->n_moves);
            gt_pocket_apply_move(metric, m, &pos);
            gt_pocket check;
            assert_int_equal(gt_pocket_from_colours(pos.colours, &check, NULL), GT_OK);
            assert_int_equal(check.index, pos.index);
        }
    }
}

static void test_scrambles(void **state)
{
    (void)state;
    gt_pocket a, b;
    gt_parse_error err;
    assert_int_equal(gt_pocket_from_scramble("", &a, &err), GT_OK);
    assert_int_equal(a.index, 0);
    assert_true(gt_pocket_is_solved(&a));
    /* whole-cube rotations do not change the state */
    assert_int_equal(gt_pocket_from_scramble("x y z' x2", &a, &err), GT_OK);
    assert_int_equal(a.index, 0);
    /* a D turn is a U turn seen from a rotated cube */
    assert_int_equal(gt_pocket_from_scramble("R D", &a, &err), GT_OK);
    assert_int_equal(gt_pocket_from_scramble("R U", &b, &err), GT_OK);
    assert_int_not_equal(a.index, 0);
    /* 2' is accepted as 2 */
    assert_int_equal(gt_pocket_from_scramble("R2' U", &a, &err), GT_OK);
    assert_int_equal(gt_pocket_from_scramble("R2 U", &b, &err), GT_OK);
    assert_int_equal(a.index, b.index);
    /* R U R' U' six times is the identity */
    assert_int_equal(gt_pocket_from_scramble("R U R' U' R U R' U' R U R' U' R U R' U' R U R' U' R U R' U'",
                                             &a, &err), GT_OK);
    assert_int_equal(a.index, 0);
    /* an unknown token says where */
    assert_int_equal(gt_pocket_from_scramble("R U X2 F", &a, &err), GT_ERR_PARSE);
    assert_int_equal(err.offset, 4);
    assert_non_null(strstr(err.message, "X2"));
    /* slices do not exist on a 2x2x2 */
    assert_int_equal(gt_pocket_from_scramble("R M", &a, &err), GT_ERR_PARSE);
    /* wide turns: two layers of the 2x2x2 are the whole cube (Rw is x, 2Uw
     * is y), so "Rw U" is "x U", which is "F" seen from the rotated cube */
    assert_int_equal(gt_pocket_from_scramble("Rw U Rw'", &a, &err), GT_OK);
    assert_int_equal(gt_pocket_from_scramble("x U x'", &b, &err), GT_OK);
    assert_int_equal(a.index, b.index);
    assert_int_not_equal(a.index, 0);
    assert_int_equal(gt_pocket_from_scramble("r 2Uw' F", &a, &err), GT_OK);
    assert_int_equal(gt_pocket_from_scramble("x y' F", &b, &err), GT_OK);
    assert_int_equal(a.index, b.index);
    /* and the alg syntax: [R, U] six times is the identity */
    assert_int_equal(gt_pocket_from_scramble("([R, U])6", &a, &err), GT_OK);
    assert_int_equal(a.index, 0);
}

static void test_facelets_any_letters_any_orientation(void **state)
{
    (void)state;
    gt_pocket a, b;
    char letters[7];
    gt_parse_error err;
    assert_int_equal(gt_pocket_from_facelets("UUUURRRRFFFFDDDDLLLLBBBB", &a, letters, &err), GT_OK);
    assert_int_equal(a.index, 0);
    assert_string_equal(letters, "URFDLB");
    /* other symbols, separators */
    assert_int_equal(gt_pocket_from_facelets("wwww/rrrr/gggg/yyyy/oooo/bbbb", &a, letters, &err), GT_OK);
    assert_int_equal(a.index, 0);
    assert_string_equal(letters, "wrgyob");
    /* a rotated solved cube is solved */
    gt_pocket_from_scramble("x y", &a, &err);
    assert_int_equal(a.index, 0);
    /* stickers of a scrambled cube read back to the same state */
    assert_int_equal(gt_pocket_from_scramble("R U2 F' L D' B2 U y", &a, &err), GT_OK);
    char text[25];
    for (int f = 0; f < 24; f++)
        text[f] = "URFDLB"[a.colours[f]];
    text[24] = 0;
    assert_int_equal(gt_pocket_from_facelets(text, &b, NULL, &err), GT_OK);
    assert_int_equal(a.index, b.index);
}

static void expect_facelet_error(const char *text, int code, const char *words)
{
    gt_pocket a;
    gt_parse_error err = {0};
    assert_int_equal(gt_pocket_from_facelets(text, &a, NULL, &err), code);
    if (!strstr(err.message, words))
        fail_msg("'%s': message '%s' lacks '%s'", text, err.message, words);
}

static void test_facelet_errors(void **state)
{
    (void)state;
    const char *solved = "UUUURRRRFFFFDDDDLLLLBBBB";
    const uint8_t *urf = gt_pocket_corner_facelets[GT_URF], *ubr = gt_pocket_corner_facelets[GT_UBR],
                  *dfr = gt_pocket_corner_facelets[GT_DFR];
    char t[25];
    expect_facelet_error("UUUURRRRFFFFDDDDLLLLBBB", GT_ERR_PARSE, "23 stickers");
    expect_facelet_error("UUUURRRRFFFFDDDDLLLLBBBBB", GT_ERR_PARSE, "more than 24");
    expect_facelet_error("UUUURRRRFFFFDDDDLLLLBBBX", GT_ERR_PARSE, "seventh");
    expect_facelet_error("UUUUURRRFFFFDDDDLLLLBBBB", GT_ERR_PARSE, "4 times");
    expect_facelet_error("UUUURRRRFFFFDDDDLLLLBBB\x01", GT_ERR_PARSE, "unprintable");

    /* a twisted corner: URF's stickers rotated in place */
    memcpy(t, solved, 25);
    t[urf[0]] = solved[urf[2]];
    t[urf[1]] = solved[urf[0]];
    t[urf[2]] = solved[urf[1]];
    expect_facelet_error(t, GT_ERR_ILLEGAL, "twisted corner");

    /* a mirrored corner: two of URF's stickers swapped */
    memcpy(t, solved, 25);
    t[urf[1]] = solved[urf[2]];
    t[urf[2]] = solved[urf[1]];
    expect_facelet_error(t, GT_ERR_ILLEGAL, "colours no corner has");

    /* a corner showing two opposite colours (U and D) */
    memcpy(t, solved, 25);
    t[urf[1]] = 'D';
    t[gt_pocket_corner_facelets[GT_DLF][0]] = 'R';
    expect_facelet_error(t, GT_ERR_ILLEGAL, "opposite faces");

    /* a duplicated corner with the right sticker counts: UBR painted as a
     * second URF (U R F), the missing B given back on DFR's F sticker */
    memcpy(t, solved, 25);
    t[ubr[0]] = solved[urf[0]];
    t[ubr[1]] = solved[urf[1]];
    t[ubr[2]] = solved[urf[2]];
    t[dfr[1]] = 'B';
    expect_facelet_error(t, GT_ERR_ILLEGAL, "appears twice");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_unrank_round_trip_whole_space),
        cmocka_unit_test(test_move_orders_and_inverses),
        cmocka_unit_test(test_moves_agree_with_stickers),
        cmocka_unit_test(test_scrambles),
        cmocka_unit_test(test_facelets_any_letters_any_orientation),
        cmocka_unit_test(test_facelet_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
