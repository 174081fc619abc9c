/* The query hooks of the pocket tables (spec.h): scrambles and facelet
 * strings in, the stickers replayed and drawn out. */
#include "facecube.h"
#include "pocket.h"

#include <stdio.h>
#include <string.h>

static int metric_of(const gt_table_spec *spec)
{
    return *(const int *)spec->arg;
}

static int pocket_parse(const gt_table_spec *spec, int format, const char *text, void *position,
                        uint64_t *index, gt_parse_error *err)
{
    gt_pocket_query *q = position;
    (void)spec;
    int rc = format == GT_QUERY_STATE ? gt_pocket_from_facelets(text, &q->pos, q->letters, err)
                                      : gt_pocket_from_scramble(text, &q->pos, err);
    if (format != GT_QUERY_STATE)
        memcpy(q->letters, "URFDLB", 7);
    if (rc && !err->message[0])
        snprintf(err->message, sizeof err->message, "%s", gt_strerror(rc));
    *index = q->pos.index;
    return rc;
}

static int pocket_from_index(const gt_table_spec *spec, uint64_t index, void *position)
{
    gt_pocket_query *q = position;
    (void)spec;
    memcpy(q->letters, "URFDLB", 7);
    return gt_pocket_from_index(index, &q->pos);
}

static int pocket_solves(const gt_table_spec *spec, const void *position, const uint8_t *moves, int n)
{
    const gt_pocket_query *q = position;
    return gt_pocket_solves(metric_of(spec), &q->pos, moves, n);
}

static int pocket_draw(const gt_table_spec *spec, const void *position, char *buf, size_t cap)
{
    const gt_pocket_query *q = position;
    (void)spec;
    return gt_facecube_net(2, q->pos.colours, q->letters, buf, cap > INT32_MAX ? INT32_MAX : (int)cap);
}

static int pocket_state_text(const gt_table_spec *spec, const void *position, char *buf, size_t cap)
{
    const gt_pocket_query *q = position;
    (void)spec;
    if (cap < GT_POCKET_FACELETS + 1)
        return GT_ERR_RANGE;
    for (int f = 0; f < GT_POCKET_FACELETS; f++)
        buf[f] = q->letters[q->pos.colours[f]];
    buf[GT_POCKET_FACELETS] = 0;
    return GT_OK;
}

const gt_query_hooks gt_pocket_query_hooks = {
    .position_bytes = sizeof(gt_pocket_query),
    .moves_help = "WCA moves: U D R L F B with ' 2 2', wide Rw (a rotation here), x y z, algs [A, B] (A)2",
    .state_help = "24 stickers, faces U R F D L B, each read left-to-right, top-to-bottom",
    .answer_help = "one optimal solution in U R F moves (QTM: quarter turns only)",
    .parse = pocket_parse,
    .from_index = pocket_from_index,
    .solves = pocket_solves,
    .draw = pocket_draw,
    .state_text = pocket_state_text,
    .state_key = "facelets",
};
