/* The query hooks of the taquin tables (spec.h), for `godtab-solve
 * taquin-NxM QUERY`: a configuration or a move sequence in, the flips
 * replayed on the board. The board is built per call from the spec's size:
 * a few microseconds, negligible beside a process start. */
#include "taquin.h"

#include <stdio.h>
#include <string.h>

typedef struct taquin_position {
    uint64_t code;
} taquin_position;

static int board_of(const gt_table_spec *spec, gt_taquin_board *b)
{
    const gt_taquin_size *size = spec->arg;
    return gt_taquin_board_init(b, size->rows, size->cols);
}

/* A move sequence applied to the goal (all tiles 0). */
static int code_of_moves(const gt_taquin_board *b, const char *text, uint64_t *code, gt_parse_error *err)
{
    int moves[256], n, rc = gt_taquin_parse_moves(b, text, moves, 256, &n, err);
    if (rc)
        return rc == GT_ERR_RANGE ? GT_ERR_PARSE : rc;
    *code = 0;
    for (int i = 0; i < n; i++)
        *code = gt_taquin_apply_move(b, *code, moves[i]);
    return GT_OK;
}

static int taquin_parse(const gt_table_spec *spec, int format, const char *text, void *position,
                        uint64_t *index, gt_parse_error *err)
{
    taquin_position *q = position;
    gt_taquin_board b;
    gt_taquin_violation why;
    int rc = board_of(spec, &b);
    if (!rc)
        rc = format == GT_QUERY_STATE ? gt_taquin_parse(&b, text, &q->code, err)
                                      : code_of_moves(&b, text, &q->code, err);
    if (!rc && (rc = gt_taquin_check(&b, q->code, &why)) != 0)
        snprintf(err->message, sizeof err->message, "%.*s", (int)sizeof err->message - 1, why.message);
    return rc ? rc : gt_taquin_rank(&b, q->code, index);
}

static int taquin_from_index(const gt_table_spec *spec, uint64_t index, void *position)
{
    taquin_position *q = position;
    gt_taquin_board b;
    int rc = board_of(spec, &b);
    return rc ? rc : gt_taquin_unrank(&b, index, &q->code);
}

static int taquin_solves(const gt_table_spec *spec, const void *position, const uint8_t *moves, int n)
{
    const taquin_position *q = position;
    gt_taquin_board b;
    if (board_of(spec, &b))
        return 0;
    uint64_t code = q->code;
    for (int i = 0; i < n; i++)
        code = gt_taquin_apply_move(&b, code, moves[i]);
    return code == 0;
}

static int taquin_state_text(const gt_table_spec *spec, const void *position, char *buf, size_t cap)
{
    const taquin_position *q = position;
    gt_taquin_board b;
    int rc = board_of(spec, &b);
    return rc ? rc : gt_taquin_format(&b, q->code, buf, cap);
}

/* The board, one row a line. */
static int taquin_draw(const gt_table_spec *spec, const void *position, char *buf, size_t cap)
{
    const taquin_position *q = position;
    gt_taquin_board b;
    size_t len = 0;
    int rc = board_of(spec, &b);
    if (rc)
        return rc;
    for (int r = 0; r < b.rows; r++)
        for (int c = 0; c < b.cols; c++)
            GT_APPEND("%c%s", (char)('0' + ((q->code >> (r * b.cols + c)) & 1u)), c + 1 < b.cols ? " " : "\n");
    return GT_OK;
}

const gt_query_hooks gt_taquin_query_hooks = {
    .position_bytes = sizeof(taquin_position),
    .moves_help = "row and column flips L1.. C1.., e.g. 'L1 C3 L1', applied to the goal",
    .state_help = "the tiles 0/1 row by row (I for 1), rows optionally separated by '/'",
    .answer_help = "one optimal sequence of flips",
    .parse = taquin_parse,
    .from_index = taquin_from_index,
    .solves = taquin_solves,
    .draw = taquin_draw,
    .state_text = taquin_state_text,
    .state_key = "config",
};
