/* Puzzle definitions as generators (puzdef.h): the one grammar (defn.h)
 * read into a permutation group's generators, and the file reader. */
#include "puzdef.h"
#include "alloc.h"
#include "gt_error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(GT_DEF_MAX_POINTS == GT_PERM_MAX_DEGREE, "a definition's points fit a permutation");
_Static_assert(sizeof(gt_point) == sizeof(uint16_t), "points are the grammar's 16-bit images");

void gt_puzdef_free(gt_puzdef *def)
{
    if (!def)
        return;
    free(def->gens);
    free(def);
}

int gt_puzdef_find(const gt_puzdef *def, const char *name, int len)
{
    for (int k = 0; k < def->ngens; k++)
        if ((int)strlen(def->names[k]) == len && memcmp(def->names[k], name, (size_t)len) == 0)
            return k;
    return GT_NONE;
}

void gt_puzdef_gen_ptrs(const gt_puzdef *def, const gt_point **ptrs)
{
    for (int k = 0; k < def->ngens; k++)
        ptrs[k] = def->gens + (size_t)k * def->degree;
}

/* The generators of a cycle-notation definition: its moves as images. */
static int from_definition(const gt_def *d, gt_puzdef **out)
{
    gt_puzdef *def = calloc(1, sizeof *def);
    if (!def || !(def->gens = malloc((size_t)d->n_moves * (size_t)d->total * sizeof *def->gens))) {
        gt_puzdef_free(def);
        return GT_ERR_NOMEM;
    }
    snprintf(def->title, sizeof def->title, "%s", d->title);
    def->degree = d->total;
    def->ngens = d->n_moves;
    for (int k = 0; k < d->n_moves; k++) {
        snprintf(def->names[k], sizeof def->names[k], "%s", d->move_name[k]);
        def->gen_line[k] = d->move_line[k];
        gt_def_move_images(d, k, def->gens + (size_t)k * def->degree);
    }
    *out = def;
    return GT_OK;
}

int gt_puzdef_parse(const char *text, gt_puzdef **out, gt_puzdef_error *err)
{
    gt_def *d;
    int rc = gt_def_parse_cycles(text, strlen(text), &d, err);
    if (rc != GT_OK)
        return rc;
    rc = from_definition(d, out);
    gt_def_free(d);
    return rc;
}

int gt_puzdef_load(const char *path, gt_puzdef **out, gt_puzdef_error *err)
{
    int rc = GT_ERR_STORAGE;
    char *text = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return gt_error_set(err, rc, 0, 0, "cannot open: %s", strerror(errno));
    size_t cap = 0, len = 0, got;
    rc = GT_ERR_NOMEM;
    if (gt_array_reserve((void **)&text, &cap, (size_t)1 << 16, 1, 0) != GT_OK)
        goto close_file;
    /* room for at least one more byte read and the final NUL */
    while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (gt_array_reserve((void **)&text, &cap, len + 2, 1, 0) != GT_OK)
            goto close_file;
    }
    text[len] = 0;
    if (memchr(text, 0, len)) {
        rc = gt_error_set(err, GT_ERR_PARSE, 0, 0, "not a text file (contains a NUL byte)");
        goto close_file;
    }
    rc = gt_puzdef_parse(text, out, err);
close_file:
    free(text);
    fclose(f);
    return rc;
}

int gt_perm_parse(int n, const char *text, gt_point *out, gt_puzdef_error *err)
{
    return gt_def_parse_perm(n, text, out, err);
}
