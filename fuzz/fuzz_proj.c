/* Fuzz target: projection texts (gt_def_proj_parse, common/models/def/def_pdb.h),
 * the --pdb argument of godtab-gen --def and godtab-solve def, read against a
 * fixed definition (the 3x3x3 of puzzles/3x3x3.tws, embedded).
 *
 * Input: the projection text.
 *
 * Invariants: a documented return value (GT_OK, GT_ERR_PARSE, GT_ERR_RANGE);
 * an error's column inside the text or just past it, and a message; a parsed
 * projection has at least two images, keeps its text, reads back from it
 * with the same size, and, when it has at most 2^22 images, ranks back each
 * of a few images the input selects (unranked items in range, at distinct
 * positions) and its pattern database's neighbours hook (gt_def_pdb_make)
 * stays inside the index space. */
#include "def.h"
#include "def_pdb.h"
#include "fuzz_util.h"
#include "gt_error.h"
#include "puzzle.h"

#include <stdlib.h>
#include <string.h>

#define ITEMS (GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX)

static const char cube3_def[] =
    "Name 3x3x3 (centres fixed)\n"
    "Set CORNERS 8 3\n"
    "Set EDGES 12 2\n"
    "Solved\n"
    "CORNERS\n"
    "1 2 3 4 5 6 7 8\n"
    "0 0 0 0 0 0 0 0\n"
    "EDGES\n"
    "1 2 3 4 5 6 7 8 9 10 11 12\n"
    "0 0 0 0 0 0 0 0 0 0 0 0\n"
    "End\n"
    "Move U\n"
    "CORNERS\n"
    "3 1 4 2 5 6 7 8\n"
    "0 0 0 0 0 0 0 0\n"
    "EDGES\n"
    "1 2 6 4 5 11 7 3 9 10 8 12\n"
    "0 0 0 0 0 0 0 0 0 0 0 0\n"
    "End\n"
    "Move R\n"
    "CORNERS\n"
    "5 2 1 4 7 6 3 8\n"
    "2 0 1 0 1 0 2 0\n"
    "EDGES\n"
    "1 2 3 4 5 6 7 8 10 12 9 11\n"
    "0 0 0 0 0 0 0 0 0 0 0 0\n"
    "End\n"
    "Move F\n"
    "CORNERS\n"
    "2 6 3 4 1 5 7 8\n"
    "1 2 0 0 2 1 0 0\n"
    "EDGES\n"
    "5 2 3 4 9 1 7 8 6 10 11 12\n"
    "0 0 0 0 0 1 0 0 1 0 0 0\n"
    "End\n"
    "Move D\n"
    "CORNERS\n"
    "1 2 3 4 6 8 5 7\n"
    "0 0 0 0 0 0 0 0\n"
    "EDGES\n"
    "1 7 3 4 2 6 10 8 9 5 11 12\n"
    "0 0 0 0 0 0 0 0 0 0 0 0\n"
    "End\n"
    "Move L\n"
    "CORNERS\n"
    "1 4 3 8 5 2 7 6\n"
    "0 1 0 2 0 2 0 1\n"
    "EDGES\n"
    "3 1 4 2 5 6 7 8 9 10 11 12\n"
    "1 1 1 1 0 0 0 0 0 0 0 0\n"
    "End\n"
    "Move B\n"
    "CORNERS\n"
    "1 2 7 3 5 6 8 4\n"
    "0 0 2 1 0 0 1 2\n"
    "EDGES\n"
    "1 2 3 8 5 6 4 12 9 10 11 7\n"
    "0 0 0 0 0 0 1 0 0 0 0 1\n"
    "End\n"
;

static gt_def_model *model(void)
{
    static gt_def *d;
    static gt_def_model *m;
    gt_def_error err;
    gt_def_options o = {.metric = GT_DEF_HTM};
    if (!m) {
        FZ_CHECK(gt_def_parse(cube3_def, sizeof cube3_def - 1, &d, &err) == GT_OK);
        FZ_CHECK(gt_def_model_plan_orbits(d, &o, &m, &err) == GT_OK);
    }
    return m;
}

/* Items of a part are values of its orbit at distinct positions. */
static void check_items(const gt_def_proj *pr, const uint16_t *items)
{
    for (int p = 0, it = 0; p < pr->n_parts; p++) {
        const gt_def_proj_part *pt = &pr->part[p];
        uint64_t seen = 0;
        for (int i = 0; i < pt->n_items; i++, it++) {
            const int v = items[it] - pt->base;
            FZ_CHECK(v >= 0 && (v >> pt->oshift) < pt->k && (v & pt->omask) < pt->omod);
            FZ_CHECK(!(seen >> (v >> pt->oshift) & 1));
            seen |= 1ull << (v >> pt->oshift);
        }
    }
}

/* A few indices from the input (FNV-1a), the first and last among them. */
static void check_small(const gt_def_model *m, const gt_def_proj *pr, const uint8_t *data, size_t size)
{
    uint16_t items[ITEMS];
    uint64_t h = 1469598103934665603ull, next[GT_MAX_MOVES];
    gt_def_pdb *d = NULL;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    int rc = gt_def_pdb_make(m, pr, &d);
    FZ_CHECK(rc == GT_OK);
    const gt_puzzle *p = gt_def_pdb_puzzle(d);
    FZ_CHECK(p->n_states == pr->states && p->solved < pr->states);
    for (int k = 0; k < 6; k++) {
        const uint64_t i = k == 0 ? 0 : k == 1 ? pr->states - 1 : k == 2 ? p->solved : (h >> (k * 7)) % pr->states;
        gt_def_proj_unrank(pr, i, items);
        check_items(pr, items);
        FZ_CHECK(gt_def_proj_rank(pr, items) == i);
        p->neighbours(p, i, next);
        for (int mv = 0; mv < p->n_moves; mv++)
            FZ_CHECK(next[mv] < pr->states);
    }
    gt_def_pdb_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const gt_def_model *m = model();
    char *text = fz_text(data, size);
    gt_def_proj *pr = malloc(sizeof *pr), *back = malloc(sizeof *back);
    gt_def_error err = {.line = -1, .column = -1};
    FZ_CHECK(pr && back);
    int rc = gt_def_proj_parse(m, text, pr, &err);
    FZ_CHECK(rc == GT_OK || rc == GT_ERR_PARSE || rc == GT_ERR_RANGE);
    if (rc != GT_OK) {
        FZ_CHECK(err.column >= 1 && (size_t)err.column <= strlen(text) + 1 && err.message[0]);
    } else {
        FZ_CHECK(pr->states >= 2 && pr->n_parts >= 1 && !strcmp(pr->text, text));
        FZ_CHECK(gt_def_proj_parse(m, pr->text, back, &err) == GT_OK && back->states == pr->states);
        if (pr->states <= 1u << 22)
            check_small(m, pr, (const uint8_t *)text, strlen(text));
    }
    free(back);
    free(pr);
    free(text);
    return 0;
}
