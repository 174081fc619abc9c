/* Fuzz target: the taquin text parsers (common/models/taquin/taquin.h) on
 * every board size: board sizes "NxM", configurations, move sequences.
 *
 * Input: byte 0 picks the board (rows 2 + b % 5, columns 2 + b / 5 % 5),
 * byte 1 the parser (% 3: gt_taquin_parse_size, gt_taquin_parse,
 * gt_taquin_parse_moves) and, for moves, the capacity (b / 3 % 32, 0 for
 * 256: small capacities reach GT_ERR_RANGE); the rest is the text.
 *
 * Invariants: documented return values; errors inside the text; a parsed
 * configuration has no bit beyond the board and formats to a text that
 * parses back to it; parsed moves are moves of the board and written out
 * again parse back to the same moves. */
#include "fuzz_util.h"
#include "taquin.h"

enum { MOVES_MAX = 256 };

static void parse_size(const gt_taquin_board *b, const char *text, unsigned arg)
{
    int rows = -1, cols = -1;
    (void)b;
    (void)arg;
    int rc = gt_taquin_parse_size(text, &rows, &cols);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_INVAL);
    if (rc == GT_OK)
        FZ_CHECK(strlen(text) == 3 && rows >= GT_TAQUIN_MIN_SIDE && rows <= GT_TAQUIN_MAX_SIDE &&
                 cols >= GT_TAQUIN_MIN_SIDE && cols <= GT_TAQUIN_MAX_SIDE);
}

static void parse_config(const gt_taquin_board *b, const char *text, unsigned arg)
{
    uint64_t code = UINT64_MAX, back = UINT64_MAX;
    char out[64];
    (void)arg;
    gt_parse_error err = fz_unset_error();
    int rc = gt_taquin_parse(b, text, &code, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE);
    if (rc == GT_ERR_PARSE)
        fz_check_parse_error(&err, text);
    if (rc != GT_OK)
        return;
    FZ_CHECK(code >> b->cells == 0);
    FZ_CHECK(gt_taquin_format(b, code, out, sizeof out) == GT_OK);
    FZ_CHECK(gt_taquin_parse(b, out, &back, NULL) == GT_OK && back == code);
}

static void parse_moves(const gt_taquin_board *b, const char *text, unsigned arg)
{
    int moves[MOVES_MAX], back[MOVES_MAX], count = -1, count_back = -1;
    int cap = arg % 32 ? (int)(arg % 32) : MOVES_MAX;
    static char out[MOVES_MAX * 3 + 1];
    size_t len = 0;
    gt_parse_error err = fz_unset_error();
    int rc = gt_taquin_parse_moves(b, text, moves, cap, &count, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_RANGE);
    if (rc == GT_ERR_PARSE)
        fz_check_parse_error(&err, text);
    if (rc != GT_OK)
        return;
    FZ_CHECK(count >= 0 && count <= cap);
    out[0] = 0;
    for (int i = 0; i < count; i++) {
        FZ_CHECK(moves[i] >= 0 && moves[i] < b->rows + b->cols);
        int row = moves[i] < b->rows;
        len += (size_t)snprintf(out + len, sizeof out - len, "%c%d ", row ? 'L' : 'C',
                                row ? moves[i] + 1 : moves[i] - b->rows + 1);
    }
    FZ_CHECK(gt_taquin_parse_moves(b, out, back, MOVES_MAX, &count_back, NULL) == GT_OK);
    FZ_CHECK(count_back == count && memcmp(back, moves, (size_t)count * sizeof moves[0]) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static void (*const parsers[])(const gt_taquin_board *, const char *, unsigned) = {
        parse_size, parse_config, parse_moves};
    gt_taquin_board b;
    unsigned shape = fz_byte(&data, &size), which = fz_byte(&data, &size);
    FZ_CHECK(gt_taquin_board_init(&b, 2 + (int)(shape % 5), 2 + (int)(shape / 5 % 5)) == GT_OK);
    char *text = fz_text(data, size);
    parsers[which % 3](&b, text, which / 3);
    free(text);
    return 0;
}
