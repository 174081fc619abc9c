/* Fuzz target: .tws puzzle definitions (gt_def_parse, common/models/def/def.h),
 * the input of godtab-gen --def, and, for small definitions, the model built
 * from what parses (moves and powers, orbits, the index).
 *
 * Input: the definition text.
 *
 * Invariants: documented return values; an error names a line and column
 * inside the text and a message; a parsed definition has sets in range,
 * moves that permute positions within their set, orientations below their
 * set's modulus; for a definition of at most 8 positions and 4
 * orientations, planning returns a documented code and, when it builds,
 * index -> state -> index is the identity and every move-table entry is the
 * index of the moved state.
 *
 * The same input is also read as a state of a fixed small definition
 * (gt_def_parse_state, godtab-solve def --state): a documented code, an
 * error inside the text, and a parsed state that is a rearrangement of the
 * solved pieces with orientations in range. */
#include "def.h"
#include "fuzz_util.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* The length of line `line` (1-based) of text[0..n), or -1; lines end at
 * \n, \r\n or \r, as the parser reads them. */
static long line_length(const char *text, size_t n, int line)
{
    size_t at = 0;
    for (int l = 1; l < line; l++) {
        while (at < n && text[at] != '\n' && text[at] != '\r')
            at++;
        if (at >= n)
            return -1;
        at += text[at] == '\r' && at + 1 < n && text[at + 1] == '\n' ? 2 : 1;
    }
    size_t end = at;
    while (end < n && text[end] != '\n' && text[end] != '\r')
        end++;
    return (long)(end - at);
}

static void check_definition(const gt_def *d)
{
    FZ_CHECK(d->n_sets >= 1 && d->n_sets <= GT_DEF_MAX_SETS && d->n_moves >= 1 && d->n_moves <= GT_DEF_MAX_MOVES);
    for (int s = 0; s < d->n_sets; s++) {
        const gt_def_set *set = &d->set[s];
        FZ_CHECK(set->n >= 1 && set->omod >= 1 && set->offset + set->n <= d->total);
        for (int j = 0; j < set->n; j++) {
            FZ_CHECK(d->solved_perm[set->offset + j] < set->n && d->solved_ori[set->offset + j] < set->omod);
            for (int m = 0; m < d->n_moves; m++) {
                size_t at = (size_t)m * (size_t)d->total + (size_t)(set->offset + j);
                FZ_CHECK(d->move_perm[at] >= set->offset && d->move_perm[at] < set->offset + set->n);
                FZ_CHECK(d->move_ori[at] < set->omod);
            }
        }
    }
}

static int small(const gt_def *d)
{
    if (d->total > 8)
        return 0;
    for (int s = 0; s < d->n_sets; s++)
        if (d->set[s].omod > 4)
            return 0;
    return 1;
}

static void check_model(const gt_def *d, int metric)
{
    gt_def_options o = {.metric = metric};
    gt_def_model *m = NULL;
    gt_def_error err;
    const gt_puzzle *p;
    uint8_t perm[8], ori[8], p2[8], o2[8];
    int rc = gt_def_model_plan(d, &o, &m, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_INVAL || rc == GT_ERR_RANGE);
    if (rc)
        return;
    FZ_CHECK(gt_def_model_build(m, &p) == GT_OK);
    for (uint64_t i = 0; i < p->n_states && i < 64; i++) {
        uint64_t back;
        FZ_CHECK(gt_def_model_state(m, i, perm, ori) == GT_OK);
        FZ_CHECK(gt_def_model_index(m, perm, ori, &back) == GT_OK && back == i);
        for (int mv = 0; mv < p->n_moves; mv++) {
            memcpy(p2, perm, sizeof p2);
            memcpy(o2, ori, sizeof o2);
            gt_def_model_apply(m, mv, p2, o2);
            FZ_CHECK(gt_def_model_index(m, p2, o2, &back) == GT_OK && back == gt_puzzle_move(p, i, mv));
        }
    }
    gt_def_model_free(m);
}

/* Two sets, one with identical pieces: the state parser's whole syntax. */
static const char fixed_def[] = "Name fixed\nSet CORNERS 4 3\nSet EDGES 3 2\n"
                                "Solved\nCORNERS\n1 2 3 4\n0 0 0 0\nEDGES\n1 1 2\n0 0 0\nEnd\n"
                                "Move R\nCORNERS\n2 3 4 1\n1 2 1 2\nEDGES\n2 3 1\n1 0 1\nEnd\n";

static void check_state(const uint8_t *data, size_t size)
{
    static gt_def *d;
    char *text = malloc(size + 1);
    uint8_t perm[7], ori[7];
    gt_def_error err = {.line = -1, .column = -1};
    if (!d)
        FZ_CHECK(gt_def_parse(fixed_def, sizeof fixed_def - 1, &d, &err) == GT_OK);
    FZ_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = 0;
    int rc = gt_def_parse_state(d, text, perm, ori, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL);
    if (rc != GT_OK) {
        long len = line_length(text, strlen(text), err.line);
        FZ_CHECK(err.line >= 1 && len >= 0 && err.column >= 1 && err.column <= len + 1 && err.message[0]);
    } else {
        int seen[7] = {0}, want[7] = {0};
        for (int i = 0; i < d->total; i++) {
            FZ_CHECK(perm[i] < 7);
            seen[perm[i] + (i < 4 ? 0 : 4)]++;
            want[d->solved_perm[i] + (i < 4 ? 0 : 4)]++;
            FZ_CHECK(ori[i] < (i < 4 ? 3 : 2));
        }
        FZ_CHECK(!memcmp(seen, want, sizeof seen));
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_state(data, size);
    gt_def *d = NULL;
    gt_def_error err = {.line = -1, .column = -1};
    int rc = gt_def_parse((const char *)data, size, &d, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE);
    if (rc == GT_ERR_PARSE) {
        long len = line_length((const char *)data, size, err.line);
        FZ_CHECK(err.line >= 1 && len >= 0 && err.column >= 1 && err.column <= len + 1);
        FZ_CHECK(memchr(err.message, 0, sizeof err.message) && err.message[0]);
        FZ_CHECK(d == NULL);
        return 0;
    }
    check_definition(d);
    if (small(d)) {
        check_model(d, GT_DEF_HTM);
        check_model(d, GT_DEF_QTM);
    }
    gt_def_free(d);
    return 0;
}
