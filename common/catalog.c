#include "catalog.h"
#include "gt_error.h"

#include <string.h>

/* Each puzzle model exports its table specs; the catalog lists them in order. */
extern const gt_table_spec gt_pocket_specs[];
extern const int gt_pocket_spec_count;
extern const gt_table_spec gt_taquin_specs[];
extern const int gt_taquin_spec_count;
extern const gt_table_spec gt_cube3_specs[];
extern const int gt_cube3_spec_count;

static const struct {
    const gt_table_spec *specs;
    const int *count;
} families[] = {
    /* FAMILIES */
    {gt_pocket_specs, &gt_pocket_spec_count},
    {gt_taquin_specs, &gt_taquin_spec_count},
    {gt_cube3_specs, &gt_cube3_spec_count},
};

#define N_FAMILIES ((int)(sizeof families / sizeof families[0]))

int gt_catalog_count(void)
{
    int n = 0;
    for (int f = 0; f < N_FAMILIES; f++)
        n += *families[f].count;
    return n;
}

const gt_table_spec *gt_catalog_get(int i)
{
    for (int f = 0; f < N_FAMILIES && i >= 0; f++) {
        if (i < *families[f].count)
            return &families[f].specs[i];
        i -= *families[f].count;
    }
    return NULL;
}

const gt_table_spec *gt_catalog_find(const char *name)
{
    for (int i = 0; i < gt_catalog_count(); i++)
        if (strcmp(gt_catalog_get(i)->name, name) == 0)
            return gt_catalog_get(i);
    return NULL;
}

int gt_catalog_published(const gt_table_spec *spec, gt_distribution *out)
{
    if (!spec->published)
        return 0;
    memset(out, 0, sizeof *out);
    int d = 0;
    for (; d <= GT_MAX_DEPTH && spec->published[d]; d++) {
        out->count[d] = spec->published[d];
        out->reached += spec->published[d];
    }
    out->max_depth = d - 1;
    return 1;
}

int gt_catalog_load(gt_db *db, const char *name, gt_puzzle **puzzle, gt_table **table)
{
    const gt_table_spec *spec = gt_catalog_find(name);
    gt_distribution published;
    gt_table *t = NULL;
    gt_puzzle *p = NULL;
    int rc;
    if (!spec)
        return GT_ERR_NOTFOUND;
    if (!spec->make_puzzle) /* a model-built table: its model loads it */
        return GT_ERR_INVAL;
    if ((rc = gt_db_get_table(db, name, 0, &t)) != 0)
        return rc;
    if ((rc = spec->make_puzzle(spec, &p)) != 0)
        goto free_table;
    if (t->meta.n_states != p->n_states || t->meta.encoding != spec->encoding ||
        (gt_catalog_published(spec, &published) &&
         !gt_distribution_equal(&published, &t->meta.distribution))) {
        rc = GT_ERR_CORRUPT;
        goto free_puzzle;
    }
    *puzzle = p;
    *table = t;
    return GT_OK;

free_puzzle:
    spec->free_puzzle(p);
free_table:
    gt_table_free(t);
    return rc;
}
