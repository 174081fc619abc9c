/* gt_notation_parse at the edges of its numbers (reliability review, issue
 * 10): the SiGN layer count of every face token on every cube size, counts
 * that used to wrap at 256 or overflow an int, 0 and leading zeros, and
 * that every refusal is GT_ERR_PARSE with an offset and length naming the
 * whole token and a one-line message quoting it. Run it under
 * -fsanitize=undefined to see the old signed overflow. */
#include "test_util.h"

#include "facecube.h"
#include "gt_error.h"
#include "notation.h"

enum { CAP = 64 };

/* Parses text on an n-cube, expecting a refusal of the token at offset
 * (length bytes) with a message holding `has`. */
static void expect_refused(int n, const char *text, int offset, int length, const char *has)
{
    gt_turn turns[CAP];
    gt_parse_error err = {.offset = -1, .length = -1};
    int count = -1;
    int rc = gt_notation_parse(n, text, GT_NOTATION_ALL, turns, CAP, &count, &err);
    if (rc != GT_ERR_PARSE || err.offset != offset || err.length != length || !strstr(err.message, has))
        fail_msg("n=%d '%.60s': rc %d offset %d length %d '%s' (want offset %d length %d '%s')", n, text, rc,
                 err.offset, err.length, err.message, offset, length, has);
    char column[32];
    snprintf(column, sizeof column, "at column %d", offset + 1);
    assert_non_null(strstr(err.message, column));
    assert_null(strchr(err.message, '\n'));
    /* the same text without err must not crash and give the same code */
    assert_int_equal(gt_notation_parse(n, text, GT_NOTATION_ALL, turns, CAP, &count, NULL), GT_ERR_PARSE);
}

/* kR and kRw for every cube size and k = 0..n+2: kR is the k-th layer
 * alone for 1 <= k < n, kRw the k outer layers for 1 <= k <= n; anything
 * else is refused naming the token. */
static void test_every_layer_count(void **state)
{
    (void)state;
    for (int n = 2; n <= GT_FACECUBE_NMAX; n++) {
        for (int k = 0; k <= n + 2; k++) {
            for (int wide = 0; wide < 2; wide++) {
                /* "U kRw'": the face varies with k; the token starts at offset 2 */
                char text[32];
                int len = snprintf(text, sizeof text, "U %d%c%s'", k, "URFDLB"[k % 6], wide ? "w" : "");
                gt_turn turns[CAP];
                gt_parse_error err = {0};
                int count = 0;
                int rc = gt_notation_parse(n, text, GT_NOTATION_ALL, turns, CAP, &count, &err);
                int legal = k >= 1 && (wide ? k <= n : k < n);
                if (!legal) {
                    if (rc != GT_ERR_PARSE || err.offset != 2 || err.length != len - 2)
                        fail_msg("n=%d '%s' accepted or misnamed: rc %d %s", n, text, rc, err.message);
                    continue;
                }
                if (rc != GT_OK || count != 2)
                    fail_msg("n=%d '%s' refused: %s", n, text, err.message);
                assert_int_equal(turns[1].lo, wide ? 0 : k - 1);
                assert_int_equal(turns[1].hi, k - 1);
                assert_int_equal(turns[1].quarters, 3);
            }
        }
    }
}

/* Counts that wrapped in the uint8_t fields (257 -> 1, 258 -> 2) or in an
 * int (2^32 + 2 -> 2), and counts far past any integer. */
static void test_wrapping_and_huge_counts(void **state)
{
    (void)state;
    expect_refused(3, "257R", 0, 4, "too many layers in '257R'");
    expect_refused(4, "R 258R", 2, 4, "too many layers in '258R'");
    expect_refused(4, "258Rw2", 0, 6, "too many layers");
    expect_refused(3, "R 259Uw'", 2, 6, "too many layers in '259Uw''");
    expect_refused(3, "65537R", 0, 6, "too many layers");
    expect_refused(4, "4294967298R", 0, 11, "too many layers in '4294967298R'");
    expect_refused(4, "2147483648R", 0, 11, "too many layers");
    expect_refused(4, "18446744073709551618Rw", 0, 22, "too many layers");
    /* an amount past 100,000 is refused as a whole; digits alone are no move */
    expect_refused(3, "R29999999999", 0, 12, "amount too large in 'R29999999999'");
    expect_refused(3, "(R U)4294967298", 0, 15, "amount too large");
    expect_refused(3, "R2 29999999999", 3, 11, "unknown move");
    /* 5,000 digits: read to the end, quoted up to 24 bytes */
    static char huge[6000];
    memset(huge, '9', 5000);
    strcpy(huge + 5000, "R U");
    expect_refused(3, huge, 0, 5001, "too many layers in '999999999999999999999999...' at column 1");
    huge[5000] = 0;
    expect_refused(3, huge, 0, 5000, "unknown move '999999999999999999999999...' at column 1");
    memmove(huge + 2, huge, 5001);
    memcpy(huge, "R ", 2);
    expect_refused(3, huge, 2, 5000, "unknown move '999999999999999999999999...' at column 3");
}

/* No layer 0, no leading zero: "0R" and "00000R" were read as R. */
static void test_zero_and_leading_zeros(void **state)
{
    (void)state;
    expect_refused(3, "0R", 0, 2, "no layer 0 in '0R'");
    expect_refused(3, "U 0Rw2", 2, 4, "no layer 0 in '0Rw2'");
    expect_refused(3, "00000R", 0, 6, "leading zero in the layer count of '00000R'");
    expect_refused(4, "R 02R'", 2, 4, "leading zero in the layer count of '02R''");
    expect_refused(4, "001Rw", 0, 5, "leading zero");
    /* 0 before a token that takes no count: an unknown move, as 2x */
    expect_refused(3, "0x", 0, 2, "unknown move '0x'");
    expect_refused(3, "R 0M'", 2, 3, "unknown move '0M''");
    expect_refused(3, "0", 0, 1, "unknown move '0'");
    /* 10R is a count of ten, not a leading zero */
    gt_turn t[CAP];
    int count = 0;
    assert_int_equal(gt_notation_parse(12, "10R 10Rw 12Rw", GT_NOTATION_ALL, t, CAP, &count, NULL), GT_OK);
    assert_int_equal(count, 3);
    assert_int_equal(t[0].lo, 9);
    assert_int_equal(t[1].lo, 0);
    assert_int_equal(t[1].hi, 9);
    assert_int_equal(t[2].hi, 11);
}

/* The single layer n is the opposite face, which has its own letter. */
static void test_last_layer_alone(void **state)
{
    (void)state;
    expect_refused(3, "3R", 0, 2, "the opposite face has its own letter");
    expect_refused(2, "R 2U2", 2, 3, "the opposite face has its own letter");
    expect_refused(4, "4F'", 0, 3, "the opposite face has its own letter");
    gt_turn t[CAP];
    int count = 0;
    assert_int_equal(gt_notation_parse(3, "3Rw 2R 1R", GT_NOTATION_ALL, t, CAP, &count, NULL), GT_OK);
    assert_int_equal(count, 3);
}

/* A refused count comes before "not allowed here" (the pocket's faces and
 * rotations): the message says what is wrong with the token itself. */
static void test_count_checked_before_kind(void **state)
{
    (void)state;
    gt_turn t[CAP];
    gt_parse_error err = {0};
    int count = 0;
    unsigned pocket = GT_NOTATION_FACES | GT_NOTATION_ROTATIONS;
    assert_int_equal(gt_notation_parse(2, "R 257R", pocket, t, CAP, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "too many layers in '257R' at column 3"));
    assert_int_equal(gt_notation_parse(2, "0R", pocket, t, CAP, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "no layer 0"));
    assert_int_equal(gt_notation_parse(2, "1R", pocket, t, CAP, &count, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "move not allowed here: '1R'"));
}

/* Arguments outside the contract are GT_ERR_INVAL, never a crash. */
static void test_bad_arguments(void **state)
{
    (void)state;
    gt_turn t[CAP];
    int count = 0;
    assert_int_equal(gt_notation_parse(1, "R", GT_NOTATION_ALL, t, CAP, &count, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_notation_parse(GT_NOTATION_NMAX + 1, "R", GT_NOTATION_ALL, t, CAP, &count, NULL),
                     GT_ERR_INVAL);
    assert_int_equal(gt_notation_parse(3, NULL, GT_NOTATION_ALL, t, CAP, &count, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_notation_parse(3, "R", GT_NOTATION_ALL, t, CAP, NULL, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_notation_parse(3, "R", GT_NOTATION_ALL, NULL, 4, &count, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_notation_parse(3, "R", GT_NOTATION_ALL, t, -1, &count, NULL), GT_ERR_INVAL);
    /* cap 0: empty text fits, a move does not */
    assert_int_equal(gt_notation_parse(3, " ", GT_NOTATION_ALL, NULL, 0, &count, NULL), GT_OK);
    assert_int_equal(count, 0);
    assert_int_equal(gt_notation_parse(3, "R", GT_NOTATION_ALL, NULL, 0, &count, NULL), GT_ERR_RANGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_layer_count),
        cmocka_unit_test(test_wrapping_and_huge_counts),
        cmocka_unit_test(test_zero_and_leading_zeros),
        cmocka_unit_test(test_last_layer_alone),
        cmocka_unit_test(test_count_checked_before_kind),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
