/* Fuzz target: the facelet-string parsers and the 3x3x3 scramble parser, the
 * inputs of `godtab-solve pocket --facelets` and of `godtab-solve cube3`.
 *
 * Input: byte 0 picks the parser (% 3): gt_pocket_from_facelets,
 * gt_cube3_from_facelets, gt_cube3_from_scramble; the rest is the text.
 *
 * Invariants: the return value is a documented one; an error points inside
 * the text; a parsed position written back out as facelets (in the query's
 * own letters) parses again to the same position, and a pocket index holds
 * the parsed stickers; an illegal 3x3x3 names an unsolvable orbit. */
#include "cube3.h"
#include "fuzz_util.h"
#include "pocket.h"

static void check_error(int rc, const gt_parse_error *err, const char *text)
{
    if (rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL)
        fz_check_parse_error(err, text);
}

static void pocket_facelets(const char *text)
{
    gt_pocket pos, back, at_index;
    char letters[7] = {0}, letters_back[7] = {0}, out[GT_POCKET_FACELETS + 1];
    gt_parse_error err = fz_unset_error();
    int rc = gt_pocket_from_facelets(text, &pos, letters, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL);
    check_error(rc, &err, text);
    if (rc != GT_OK)
        return;
    FZ_CHECK(pos.index < GT_POCKET_STATES && strlen(letters) == 6);
    FZ_CHECK(gt_pocket_from_index(pos.index, &at_index) == GT_OK);
    FZ_CHECK(memcmp(at_index.colours, pos.colours, sizeof pos.colours) == 0);
    for (int f = 0; f < GT_POCKET_FACELETS; f++)
        out[f] = letters[pos.colours[f]];
    out[GT_POCKET_FACELETS] = 0;
    FZ_CHECK(gt_pocket_from_facelets(out, &back, letters_back, NULL) == GT_OK);
    FZ_CHECK(back.index == pos.index && strcmp(letters, letters_back) == 0);
}

static void cube3_facelets(const char *text)
{
    gt_cube3 c, back;
    gt_cube3_verdict verdict;
    char letters[7] = {0}, out[GT_CUBE3_FACELETS + 1];
    gt_parse_error err = fz_unset_error();
    int rc = gt_cube3_from_facelets(text, &c, letters, &verdict, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL);
    check_error(rc, &err, text);
    if (rc == GT_ERR_ILLEGAL)
        FZ_CHECK(verdict.orbit >= 1 && verdict.orbit < 12);
    if (rc != GT_OK)
        return;
    FZ_CHECK(verdict.orbit == 0);
    gt_cube3_to_facelets(&c, letters, out);
    FZ_CHECK(gt_cube3_from_facelets(out, &back, NULL, NULL, NULL) == GT_OK && gt_cube3_equal(&c, &back));
}

static void cube3_scramble(const char *text)
{
    gt_cube3 c, back;
    char out[GT_CUBE3_FACELETS + 1];
    gt_parse_error err = fz_unset_error();
    int rc = gt_cube3_from_scramble(text, &c, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE);
    check_error(rc, &err, text);
    if (rc != GT_OK)
        return;
    /* A scramble only reaches the solvable orbit. */
    gt_cube3_to_facelets(&c, NULL, out);
    FZ_CHECK(gt_cube3_from_facelets(out, &back, NULL, NULL, NULL) == GT_OK && gt_cube3_equal(&c, &back));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void (*const parsers[])(const char *) = {pocket_facelets, cube3_facelets, cube3_scramble};
    unsigned which = fz_byte(&data, &size) % (sizeof parsers / sizeof parsers[0]);
    char *text = fz_text(data, size);
    parsers[which](text);
    free(text);
    return 0;
}
