/* Projections chosen automatically (def_pdb.h, gt_def_proj_auto): the
 * largest images that fit, since a larger image is a closer bound.
 *   1. Each set whole, if its image has at most max_states images.
 *   2. Else its piece numbers in runs, each run as long as fits (the
 *      pieces of one number stay together: they are identical anyway),
 *      the last one overlapping the one before rather than short.
 *   3. A whole set whose image is small joins another projection while the
 *      product fits (their maximum is then one lookup, and a closer bound
 *      than either alone).
 *   4. The largest of each set first, so that every set is bounded, then
 *      the others largest first, while the total fits budget_states, at
 *      most GT_DEF_PDB_MAX of them. */
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AUTO_MAX 64 /* candidates considered */

typedef struct candidate {
    char text[GT_DEF_PROJ_TEXT_MAX];
    uint64_t states;
    int whole; /* a whole set: may join another candidate */
    int set;   /* the set it keeps pieces of (the first, once joined) */
    int taken;
} candidate;

/* The image size of a projection text, or UINT64_MAX if it does not read
 * (too big). */
static uint64_t image_states(const gt_def_model *m, const char *text)
{
    gt_def_proj pr;
    gt_def_error e;
    return gt_def_proj_parse(m, text, &pr, &e) == GT_OK ? pr.states : UINT64_MAX;
}

/* The piece numbers of set s, each once, ascending. */
static int set_labels(const gt_def *def, int s, int *labels)
{
    uint8_t seen[256] = {0};
    int n = 0;
    for (int j = 0; j < def->set[s].n; j++)
        seen[def->solved_perm[def->set[s].offset + j]] = 1;
    for (int v = 0; v < 256; v++)
        if (seen[v])
            labels[n++] = v + 1;
    return n;
}

/* The longest run of set s's piece numbers from labels[i] whose image fits
 * (text and states filled): its end, or i if not even one piece fits. */
static int longest_run(const gt_def_model *m, int s, const int *labels, int nl, int i, uint64_t max_states,
                       char *text, uint64_t *states)
{
    char next[GT_DEF_PROJ_TEXT_MAX + 16];
    snprintf(text, GT_DEF_PROJ_TEXT_MAX, "%s=%d", m->def->set[s].name, labels[i]);
    if ((*states = image_states(m, text)) > max_states)
        return i;
    int j;
    for (j = i + 1; j < nl; j++) {
        snprintf(next, sizeof next, "%s,%d", text, labels[j]);
        uint64_t st = image_states(m, next);
        if (st > max_states || strlen(next) + 1 >= GT_DEF_PROJ_TEXT_MAX)
            break;
        memcpy(text, next, GT_DEF_PROJ_TEXT_MAX);
        *states = st;
    }
    return j;
}

/* Runs of set s's piece numbers, each the longest that fits; a last run
 * shorter than the first starts earlier instead (overlapping the one
 * before: a closer bound than a short run, for the same pieces). */
static int split_set(const gt_def_model *m, int s, uint64_t max_states, candidate *c, int n)
{
    int labels[256], nl = set_labels(m->def, s, labels), first_len = 0;
    for (int i = 0; i < nl && n < AUTO_MAX;) {
        char text[GT_DEF_PROJ_TEXT_MAX];
        uint64_t states;
        int j = longest_run(m, s, labels, nl, i, max_states, text, &states);
        if (j == i)
            return n; /* not even one piece fits */
        if (i == 0)
            first_len = j;
        else if (j == nl && j - i < first_len) { /* the last run, short: the last first_len pieces */
            char longer[GT_DEF_PROJ_TEXT_MAX];
            uint64_t st;
            if (longest_run(m, s, labels, nl, nl - first_len, max_states, longer, &st) == nl) {
                memcpy(text, longer, sizeof text);
                states = st;
            }
        }
        if (states > 1) {
            snprintf(c[n].text, sizeof c[n].text, "%s", text);
            c[n].states = states;
            c[n].set = s;
            c[n++].whole = 0;
        }
        i = j;
    }
    return n;
}

static int by_size_down(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    return x->states < y->states ? 1 : x->states > y->states ? -1 : strcmp(x->text, y->text);
}

/* Step 3: each whole set, smallest first, joins the largest other
 * candidate it fits beside. */
static int join_small(const gt_def_model *m, candidate *c, int n, uint64_t max_states)
{
    qsort(c, (size_t)n, sizeof *c, by_size_down);
    for (int i = n - 1; i > 0; i--) {
        if (!c[i].whole)
            continue;
        for (int j = 0; j < i; j++) {
            char text[2 * GT_DEF_PROJ_TEXT_MAX];
            snprintf(text, sizeof text, "%s;%s", c[j].text, c[i].text);
            if (strlen(text) >= GT_DEF_PROJ_TEXT_MAX || c[j].states > max_states / c[i].states)
                continue;
            uint64_t st = image_states(m, text);
            if (st > max_states)
                continue;
            snprintf(c[j].text, sizeof c[j].text, "%s", text);
            c[j].states = st;
            c[j].whole = 0;
            memmove(&c[i], &c[i + 1], (size_t)(n - i - 1) * sizeof *c);
            n--;
            break;
        }
    }
    qsort(c, (size_t)n, sizeof *c, by_size_down);
    return n;
}

static int by_states_down(const void *a, const void *b)
{
    const gt_def_proj *x = a, *y = b;
    return x->states < y->states ? 1 : x->states > y->states ? -1 : strcmp(x->text, y->text);
}

/* Largest first, as documented. */
static void qsort_projections(gt_def_proj *p, int n)
{
    qsort(p, (size_t)n, sizeof *p, by_states_down);
}

int gt_def_proj_auto(const gt_def_model *m, uint64_t max_states, uint64_t budget_states, gt_def_proj *out, int *n,
                     gt_def_error *err)
{
    candidate *c = calloc(AUTO_MAX, sizeof *c);
    int nc = 0, rc = GT_OK, moving = 0;
    uint64_t total = 0;
    *n = 0;
    if (!c)
        return GT_ERR_NOMEM;
    for (int s = 0; s < m->def->n_sets && nc < AUTO_MAX; s++) {
        gt_def_proj whole;
        gt_def_error e;
        /* a set name always reads: a parse error is "keeps nothing that moves" */
        int parsed = gt_def_proj_parse(m, m->def->set[s].name, &whole, &e);
        uint64_t st = parsed == GT_OK ? whole.states : parsed == GT_ERR_PARSE ? 1 : UINT64_MAX;
        if (st <= 1)
            continue; /* nothing of the set moves */
        moving++;
        if (st <= max_states) {
            snprintf(c[nc].text, sizeof c[nc].text, "%s", m->def->set[s].name);
            c[nc].states = st;
            c[nc].set = s;
            c[nc++].whole = 1;
        } else {
            nc = split_set(m, s, max_states, c, nc);
        }
    }
    nc = join_small(m, c, nc, max_states);
    /* the largest of each set first (every set bounded), then the others */
    for (int pass = 0; pass < 2 && rc == GT_OK; pass++) {
        int seen[GT_DEF_MAX_SETS] = {0};
        for (int i = 0; i < nc && *n < GT_DEF_PDB_MAX && rc == GT_OK; i++) {
            if (c[i].taken || (pass == 0 && seen[c[i].set]++) || total + c[i].states > budget_states)
                continue;
            if ((rc = gt_def_proj_parse(m, c[i].text, &out[*n], err)) == GT_OK) {
                c[i].taken = 1;
                total += c[i].states;
                (*n)++;
            }
        }
    }
    qsort_projections(out, *n);
    if (rc == GT_OK && !moving) /* its pieces identical, or no move moves them: one state */
        rc = gt_error_set(err, GT_ERR_INVAL, 0, 0,
                          "no set has more than one image (no move changes the state): nothing to project");
    else if (rc == GT_OK && *n == 0)
        rc = gt_error_set(err, GT_ERR_RANGE, 0, 0, "no projection fits in %llu images: even one piece is more",
                          (unsigned long long)(max_states < budget_states ? max_states : budget_states));
    free(c);
    return rc;
}
