/* N×N×N facelet input and legality verdicts (docs/nnn.md "Legality"): every
 * condition broken at least once for several N, scrambled and random
 * positions legal, not-an-assembly strings refused. */
#include "test_util.h"

#include "gt_error.h"
#include "facecube.h"
#include "nnn.h"
#include "rng.h"

#include <stdlib.h>
#include <string.h>

/* The verdict on c's colours written with letters and read back. */
static int verdict(const gt_nnn *c, const char *letters, gt_nnn_verdict *v)
{
    char *text = malloc((size_t)gt_nnn_facelets(c->n) + 1);
    gt_nnn back;
    gt_nnn_to_facelets(c, letters, text);
    int rc = gt_nnn_from_facelets(text, 0, &back, NULL, v);
    if (rc != GT_ERR_PARSE)
        gt_nnn_free(&back);
    free(text);
    return rc;
}

static void swap(gt_nnn *c, long a, long b)
{
    uint8_t t = c->f[a];
    c->f[a] = c->f[b];
    c->f[b] = t;
}

static void scramble(gt_nnn *c, gt_rng *rng, int turns)
{
    for (int i = 0; i < turns; i++) {
        int lo = (int)gt_rng_below(rng, (uint64_t)c->n), hi = lo + (int)gt_rng_below(rng, (uint64_t)(c->n - lo));
        gt_nnn_turn(c, (int)gt_rng_below(rng, 6), lo, hi, 1 + (int)gt_rng_below(rng, 3));
    }
}

static void expect(gt_nnn *c, int code, int piece, const char *words)
{
    gt_nnn_verdict v;
    int rc = verdict(c, "WRGYOB", &v);
    if (rc != code || (piece >= 0 && v.piece != piece) || (words && !strstr(v.reason, words)))
        fail_msg("n=%d: got %d piece %d '%s', wanted %d piece %d '%s'", c->n, rc, v.piece, v.reason, code, piece,
                 words ? words : "");
}

/* Scrambles with any layers and rotations are legal (even N: the cube ends
 * in any orientation; the letters are any six). */
static void test_scrambled_is_legal(void **state)
{
    (void)state;
    gt_rng rng;
    gt_rng_seed(&rng, 7);
    for (int n = 2; n <= 10; n++)
        for (int round = 0; round < 4; round++) {
            gt_nnn c;
            assert_int_equal(gt_nnn_init(&c, n), GT_OK);
            scramble(&c, &rng, 40);
            expect(&c, GT_OK, -1, "legal");
            gt_nnn_verdict v;
            assert_int_equal(verdict(&c, "abcdef", &v), GT_OK);
            gt_nnn_free(&c);
        }
}

static void test_random_is_legal_and_reproducible(void **state)
{
    (void)state;
    for (int n = 2; n <= 12; n++)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            gt_nnn a, b;
            gt_rng r1, r2;
            gt_rng_seed(&r1, seed);
            gt_rng_seed(&r2, seed);
            assert_int_equal(gt_nnn_init(&a, n), GT_OK);
            assert_int_equal(gt_nnn_init(&b, n), GT_OK);
            gt_nnn_random(&a, &r1);
            gt_nnn_random(&b, &r2);
            assert_memory_equal(a.f, b.f, (size_t)gt_nnn_facelets(n));
            expect(&a, GT_OK, -1, "legal");
            gt_nnn_free(&a);
            gt_nnn_free(&b);
        }
}

static void test_each_condition_broken(void **state)
{
    (void)state;
    int sizes[] = {4, 5, 6, 7};
    gt_rng rng;
    gt_rng_seed(&rng, 3);
    for (size_t s = 0; s < 4; s++) {
        int n = sizes[s];
        long p[3], e[2], q[2], o[24], o2[24];
        gt_nnn c;
        assert_int_equal(gt_nnn_init(&c, n), GT_OK);
        scramble(&c, &rng, 30);
        /* a corner twisted in place */
        gt_nnn_corner_facelets(n, 0, p);
        swap(&c, p[0], p[1]);
        swap(&c, p[1], p[2]);
        expect(&c, GT_ERR_ILLEGAL, GT_NNN_PIECE_CORNER, "corner twist");
        swap(&c, p[1], p[2]);
        swap(&c, p[0], p[1]);
        expect(&c, GT_OK, -1, "legal");
        /* a wing flipped in its slot */
        gt_nnn_edge_facelets(n, 3, 1, e);
        swap(&c, e[0], e[1]);
        expect(&c, GT_ERR_ILLEGAL, GT_NNN_PIECE_WING, "other handedness");
        swap(&c, e[0], e[1]);
        /* two wings of one orbit swapped: legal (wing parity is free) */
        gt_nnn_edge_facelets(n, 5, 1, q);
        swap(&c, e[0], q[0]);
        swap(&c, e[1], q[1]);
        expect(&c, GT_OK, -1, "legal");
        if (n % 2) {
            int m = (n - 1) / 2;
            gt_nnn_edge_facelets(n, 0, m, e);
            swap(&c, e[0], e[1]);
            expect(&c, GT_ERR_ILLEGAL, GT_NNN_PIECE_EDGE, "flip sum odd");
            swap(&c, e[0], e[1]);
            gt_nnn_edge_facelets(n, 7, m, q);
            swap(&c, e[0], q[0]);
            swap(&c, e[1], q[1]);
            expect(&c, GT_ERR_ILLEGAL, GT_NNN_PIECE_EDGE, "parity");
            /* two corners swapped as well: the parities agree again */
            gt_nnn_corner_facelets(n, 1, p);
            long r[3];
            gt_nnn_corner_facelets(n, 2, r);
            for (int k = 0; k < 3; k++)
                swap(&c, p[k], r[k]);
            expect(&c, GT_OK, -1, "legal");
        }
        if (n >= 5) { /* a sticker traded between two centre orbits of different colours */
            gt_nnn_centre_orbit(n, 0, NULL, NULL, o);
            gt_nnn_centre_orbit(n, 1, NULL, NULL, o2);
            int j = 0;
            while (c.f[o2[j]] == c.f[o[0]])
                j++;
            swap(&c, o[0], o2[j]);
            expect(&c, GT_ERR_ILLEGAL, GT_NNN_PIECE_CENTRE, "not 4 of each colour");
            swap(&c, o[0], o2[j]);
        }
        gt_nnn_free(&c);
    }
}

static int read_text(const char *text, int size, gt_nnn_verdict *v)
{
    gt_nnn c;
    int rc = gt_nnn_from_facelets(text, size, &c, NULL, v);
    if (rc != GT_ERR_PARSE)
        gt_nnn_free(&c);
    return rc;
}

static void test_not_an_assembly(void **state)
{
    (void)state;
    gt_nnn_verdict v;
    gt_nnn c;
    char text[6 * 49 + 1];
    assert_int_equal(read_text("UUUU RRRR FFFF DDDD LLLL BBB", 0, &v), GT_ERR_PARSE);
    assert_non_null(strstr(v.reason, "not 6·N²"));
    assert_int_equal(read_text("UUUURRRRFFFFDDDDLLLLBBBB", 3, &v), GT_ERR_PARSE);
    assert_int_equal(read_text("UUUURRRRFFFFDDDDLLLLBBBB", 0, &v), GT_OK);
    assert_int_equal(read_text("UUUURRRRFFFFDDDDLLLLBBBX", 0, &v), GT_ERR_PARSE);
    assert_int_equal(read_text("UUUURRRRFFFFDDDDLLLLBBXX", 0, &v), GT_ERR_PARSE);
    assert_non_null(strstr(v.reason, "seventh symbol"));
    /* past the largest cube: refused, however long */
    size_t big = (size_t)GT_NNN_FACELETS_MAX + 7;
    char *huge = malloc(big + 1);
    memset(huge, 'U', big);
    huge[big] = 0;
    assert_int_equal(read_text(huge, 0, &v), GT_ERR_PARSE);
    assert_non_null(strstr(v.reason, "more than"));
    free(huge);
    /* 7x7x7: two centres alike; a corner no piece has; an edge no piece has */
    assert_int_equal(gt_nnn_init(&c, 7), GT_OK);
    gt_nnn_to_facelets(&c, NULL, text);
    text[24] = 'R', text[49 + 8] = 'U';
    assert_int_equal(read_text(text, 0, &v), GT_ERR_PARSE);
    assert_non_null(strstr(v.reason, "two centres alike"));
    long p[3], q[3], e[2];
    gt_nnn_corner_facelets(7, 0, p);
    gt_nnn_corner_facelets(7, 6, q);
    uint8_t t = c.f[p[0]];
    c.f[p[0]] = c.f[q[0]];
    c.f[q[0]] = t; /* URF shows D R F, DBL shows U B L */
    expect(&c, GT_ERR_PARSE, GT_NNN_PIECE_CORNER, "no corner has");
    gt_nnn_reset(&c);
    gt_nnn_edge_facelets(7, 0, 3, e);
    gt_nnn_edge_facelets(7, 5, 3, p);
    t = c.f[e[1]];
    c.f[e[1]] = c.f[p[0]];
    c.f[p[0]] = t; /* UR shows U D */
    expect(&c, GT_ERR_PARSE, GT_NNN_PIECE_EDGE, "no edge has");
    gt_nnn_free(&c);
    /* even N: a whole mirrored cube is another scheme, one mirrored corner is no piece */
    assert_int_equal(read_text("UUUULLLLFFFFDDDDRRRRBBBB", 0, &v), GT_OK);
    assert_int_equal(read_text("UUUUFRRRFRFFDDDDLLLLBBBB", 0, &v), GT_ERR_PARSE);
    assert_non_null(strstr(v.reason, "no corner has"));
    /* a wing three times in its orbit (4x4x4); two alike of other handedness
     * is the flipped-wing condition instead */
    assert_int_equal(gt_nnn_init(&c, 4), GT_OK);
    gt_nnn_edge_facelets(4, 1, 1, p);
    gt_nnn_edge_facelets(4, 0, 2, q);
    c.f[p[1]] = GT_FACE_R; /* UF1 reads U R */
    c.f[q[1]] = GT_FACE_F; /* UR2 reads U F */
    expect(&c, GT_ERR_ILLEGAL, GT_NNN_PIECE_WING, "other handedness");
    gt_nnn_edge_facelets(4, 2, 1, e);
    c.f[e[1]] = GT_FACE_R;      /* UL1 reads U R: three U R wings */
    c.f[16 + 5] = GT_FACE_L;    /* an R centre made L keeps the counts */
    gt_nnn_verdict_of(&c, &v);
    assert_int_equal(v.code, GT_ERR_PARSE);
    gt_nnn_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scrambled_is_legal),
        cmocka_unit_test(test_random_is_legal_and_reproducible),
        cmocka_unit_test(test_each_condition_broken),
        cmocka_unit_test(test_not_an_assembly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
