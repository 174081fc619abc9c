/* 3x3x3 legality: each of the 12 orbits of the screwdriver set is named
 * with its reasons, and each kind of non-assembly gets its own error. */
#include "test_util.h"

#include "cube3.h"
#include "gt_error.h"

static const char *const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/* A screwdriver change of the solved cube: twist corner URF by `twist`, flip
 * edge UR if `flip`, swap edges UR and UF if `swap`. */
static void screwdriver(int twist, int flip, int swap, char out[GT_CUBE3_FACELETS + 1])
{
    gt_cube3 c;
    gt_cube3_identity(&c);
    c.co[GT_CUBE3_URF] = (uint8_t)twist;
    c.eo[GT_CUBE3_UR] = (uint8_t)flip;
    if (swap) {
        c.ep[GT_CUBE3_UR] = GT_CUBE3_UF;
        c.ep[GT_CUBE3_UF] = GT_CUBE3_UR;
    }
    gt_cube3_to_facelets(&c, NULL, out);
}

static void test_twelve_orbits(void **state)
{
    (void)state;
    int seen[12] = {0};
    for (int twist = 0; twist < 3; twist++)
        for (int flip = 0; flip < 2; flip++)
            for (int swap = 0; swap < 2; swap++) {
                char text[GT_CUBE3_FACELETS + 1];
                gt_cube3 c;
                gt_cube3_verdict v;
                gt_parse_error err = {0};
                screwdriver(twist, flip, swap, text);
                int rc = gt_cube3_from_facelets(text, &c, NULL, &v, &err);
                int orbit = twist + 3 * flip + 6 * swap;
                assert_int_equal(v.orbit, orbit);
                assert_int_equal(v.twist, twist);
                assert_int_equal(v.flip, flip);
                assert_int_equal(v.corner_parity != v.edge_parity, swap);
                seen[orbit]++;
                if (orbit == 0) {
                    assert_int_equal(rc, 0);
                    assert_string_equal(v.reason, "solvable");
                    continue;
                }
                assert_int_equal(rc, GT_ERR_ILLEGAL);
                assert_non_null(strstr(err.message, "unsolvable"));
                assert_true((strstr(err.message, "twist") != NULL) == (twist != 0));
                assert_true((strstr(err.message, "flip") != NULL) == (flip != 0));
                assert_true((strstr(err.message, "parit") != NULL || strstr(err.message, "swapped") != NULL) == swap);
            }
    for (int k = 0; k < 12; k++)
        assert_int_equal(seen[k], 1);
}

/* The invariants do not change under face turns: scrambling an illegal
 * assembly keeps its orbit. */
static void test_orbit_is_invariant(void **state)
{
    (void)state;
    gt_rng rng = {3};
    for (int trial = 0; trial < 60; trial++) {
        gt_cube3 c, turned;
        gt_cube3_verdict before, after;
        gt_cube3_identity(&c);
        c.co[GT_CUBE3_DBL] = (uint8_t)(trial % 3);
        c.eo[GT_CUBE3_BR] = (uint8_t)(trial / 3 % 2);
        if (trial / 6 % 2) {
            c.cp[GT_CUBE3_URF] = GT_CUBE3_UFL;
            c.cp[GT_CUBE3_UFL] = GT_CUBE3_URF;
        }
        gt_cube3_verdict_of(&c, &before);
        gt_cube3 r;
        gt_cube3_random_state(&rng, &r);
        gt_cube3_multiply(&c, &r, &turned);
        gt_cube3_verdict_of(&turned, &after);
        assert_int_equal(before.orbit, after.orbit);
        gt_cube3_multiply(&r, &c, &turned);
        gt_cube3_verdict_of(&turned, &after);
        assert_int_equal(before.orbit, after.orbit);
    }
}

static int parse_error(const char *text, const char *expect)
{
    gt_cube3 c;
    gt_parse_error err = {0};
    int rc = gt_cube3_from_facelets(text, &c, NULL, NULL, &err);
    if (expect && !strstr(err.message, expect))
        fail_msg("'%s': message '%s' lacks '%s'", text, err.message, expect);
    return rc;
}

static void test_not_an_assembly(void **state)
{
    (void)state;
    char t[GT_CUBE3_FACELETS + 1];
    assert_int_equal(parse_error("UUU", "expected 54 facelets, got 3"), GT_ERR_PARSE);
    char longer[80];
    snprintf(longer, sizeof longer, "%sU", SOLVED);
    assert_int_equal(parse_error(longer, "more than 54"), GT_ERR_PARSE);
    /* one sticker repainted: a colour count is off */
    strcpy(t, SOLVED);
    t[0] = 'R';
    assert_int_equal(parse_error(t, "'U' appears 8 times"), GT_ERR_PARSE);
    /* a letter no centre shows */
    strcpy(t, SOLVED);
    t[0] = 'X';
    assert_int_equal(parse_error(t, "'X' at facelet 1"), GT_ERR_PARSE);
    /* two centres alike */
    strcpy(t, SOLVED);
    t[13] = 'U';
    assert_int_equal(parse_error(t, "two centres"), GT_ERR_PARSE);
    /* the mirror image of a corner: R and F stickers of URF swapped */
    strcpy(t, SOLVED);
    t[9] = 'F';
    t[20] = 'R';
    assert_int_equal(parse_error(t, "corner place URF shows UFR"), GT_ERR_PARSE);
    /* an edge with opposite colours: UR shows U and D (DF shows R and F) */
    strcpy(t, SOLVED);
    t[10] = 'D';
    t[28] = 'R';
    assert_int_equal(parse_error(t, "edge place UR shows UD"), GT_ERR_PARSE);
    /* a corner twice: UFL painted as URF, counts kept by repainting UR's R as L */
    strcpy(t, SOLVED);
    t[18] = 'R';
    t[38] = 'F';
    t[10] = 'L';
    assert_int_equal(parse_error(t, "corner URF appears twice"), GT_ERR_PARSE);
    /* an edge twice: UF painted as UR, counts kept by repainting FR's R as F */
    strcpy(t, SOLVED);
    t[19] = 'R';
    t[12] = 'F';
    assert_int_equal(parse_error(t, "edge UR appears twice"), GT_ERR_PARSE);
}

static void test_schemes_and_rotations(void **state)
{
    (void)state;
    gt_cube3 c, want;
    char letters[7];
    /* Western colours, white on top: still the solved cube */
    assert_int_equal(gt_cube3_from_facelets("wwwwwwwwwrrrrrrrrrgggggggggyyyyyyyyyooooooooobbbbbbbbb", &c, letters, NULL, NULL), 0);
    assert_true(gt_cube3_is_solved(&c));
    assert_string_equal(letters, "wrgyob");
    /* a cube held rotated (y): the letters follow their centres */
    gt_cube3 r;
    assert_int_equal(gt_cube3_from_scramble("R U", &r, NULL), 0);
    char text[GT_CUBE3_FACELETS + 1];
    gt_cube3_to_facelets(&r, "URFDLB", text);
    /* whitespace between faces is fine */
    char spaced[80];
    snprintf(spaced, sizeof spaced, "%.9s %.9s %.9s\n%.9s %.9s %.9s", text, text + 9, text + 18, text + 27,
             text + 36, text + 45);
    assert_int_equal(gt_cube3_from_facelets(spaced, &c, NULL, NULL, NULL), 0);
    assert_true(gt_cube3_equal(&c, &r));
    /* "y R" read in the frame after y: the same position as R in the new frame */
    assert_int_equal(gt_cube3_from_scramble("y R", &c, NULL), 0);
    assert_int_equal(gt_cube3_from_scramble("R", &want, NULL), 0);
    assert_true(gt_cube3_equal(&c, &want));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_twelve_orbits),
        cmocka_unit_test(test_orbit_is_invariant),
        cmocka_unit_test(test_not_an_assembly),
        cmocka_unit_test(test_schemes_and_rotations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
