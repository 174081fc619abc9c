/* Fuzz target: the cube move notation (gt_notation_parse, common/cube/notation.h)
 * on every cube size.
 *
 * Input: byte 0 picks the size n = 2 + byte % 15 (2..16), byte 1 the kinds
 * of token allowed (low 4 bits) and the turn capacity (high 4 bits, 0 for
 * 64: small capacities reach the GT_ERR_RANGE path); the rest is the text.
 *
 * Invariants: the return value is one of the documented ones; a parse error
 * points inside the text; parsed turns are valid turns of the n-cube, and
 * the formatted turns parse back (with every kind allowed: an all-layer
 * turn prints as a rotation) to the same facelet permutations. */
#include "facecube.h"
#include "fuzz_util.h"
#include "notation.h"

enum { CAP_MAX = 64 };

static void check_turn(int n, gt_turn t)
{
    FZ_CHECK(t.face < GT_FACES && t.lo <= t.hi && t.hi < n && t.quarters >= 1 && t.quarters <= 3);
}

/* 1 if both turns move the facelets alike (x' and an all-layer L are one turn). */
static int same_turn(int n, gt_turn a, gt_turn b)
{
    static uint16_t pa[GT_FACELETS_MAX], pb[GT_FACELETS_MAX];
    FZ_CHECK(gt_notation_turn_perm(n, a, pa) == GT_OK && gt_notation_turn_perm(n, b, pb) == GT_OK);
    return memcmp(pa, pb, (size_t)(6 * n * n) * sizeof pa[0]) == 0;
}

/* Formats the turns one space apart and parses the text back. */
static void check_round_trip(int n, const gt_turn *turns, int count)
{
    static char text[CAP_MAX * GT_NOTATION_TOKEN_MAX + 1];
    gt_turn back[CAP_MAX];
    size_t len = 0;
    int count_back = -1;
    text[0] = 0;
    for (int i = 0; i < count; i++) {
        char buf[GT_NOTATION_TOKEN_MAX];
        gt_notation_format_cap(n, turns[i], buf, (int)sizeof buf);
        FZ_CHECK(memchr(buf, 0, sizeof buf) != NULL && buf[0] != 0);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? " " : "", buf);
    }
    gt_parse_error err = {0};
    int rc = gt_notation_parse(n, text, GT_NOTATION_ALL, back, CAP_MAX, &count_back, &err);
    if (rc != GT_OK)
        fprintf(stderr, "'%s' does not parse back: %s\n", text, err.message);
    FZ_CHECK(rc == GT_OK && count_back == count);
    for (int i = 0; i < count; i++)
        FZ_CHECK(same_turn(n, turns[i], back[i]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int n = 2 + (int)(fz_byte(&data, &size) % 15);
    unsigned b = fz_byte(&data, &size);
    unsigned allow = b & 15;
    int cap = b >> 4 ? (int)(b >> 4) : CAP_MAX;
    char *text = fz_text(data, size);
    gt_turn turns[CAP_MAX];
    gt_parse_error err = fz_unset_error();
    int count = -1;
    int rc = gt_notation_parse(n, text, allow, turns, cap, &count, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_RANGE);
    if (rc == GT_ERR_PARSE)
        fz_check_parse_error(&err, text);
    if (rc == GT_OK) {
        FZ_CHECK(count >= 0 && count <= cap);
        for (int i = 0; i < count; i++)
            check_turn(n, turns[i]);
        check_round_trip(n, turns, count);
    }
    free(text);
    return 0;
}
