#include "catalog.h"
#include "gt_error.h"

#include <stdio.h>
#include <string.h>

#define GT_FAMILY(name) extern const gt_family gt_##name##_family;
#include "families.h"
#undef GT_FAMILY

static const gt_family *const families[] = {
#define GT_FAMILY(name) &gt_##name##_family,
#include "families.h"
#undef GT_FAMILY
};

int gt_catalog_family_count(void)
{
    return GT_COUNT_OF(families);
}

const gt_family *gt_catalog_family(int i)
{
    return i >= 0 && i < GT_COUNT_OF(families) ? families[i] : NULL;
}

const gt_family *gt_catalog_find_family(const char *name)
{
    for (int f = 0; f < GT_COUNT_OF(families); f++)
        if (strcmp(families[f]->name, name) == 0)
            return families[f];
    return NULL;
}

int gt_catalog_count(void)
{
    int n = 0;
    for (int f = 0; f < GT_COUNT_OF(families); f++)
        n += families[f]->n_specs;
    return n;
}

const gt_table_spec *gt_catalog_get(int i)
{
    for (int f = 0; f < GT_COUNT_OF(families) && i >= 0; f++) {
        if (i < families[f]->n_specs)
            return &families[f]->specs[i];
        i -= families[f]->n_specs;
    }
    return NULL;
}

const gt_table_spec *gt_catalog_find(const char *name)
{
    for (int f = 0; f < GT_COUNT_OF(families); f++)
        for (int i = 0; i < families[f]->n_specs; i++)
            if (strcmp(families[f]->specs[i].name, name) == 0)
                return &families[f]->specs[i];
    return NULL;
}

const gt_table_spec *gt_catalog_resolve(const char *name, const char *metric)
{
    const gt_family *f = name ? gt_catalog_find_family(name) : NULL;
    if (!f) {
        const gt_table_spec *spec = name ? gt_catalog_find(name) : NULL;
        size_t family_len = spec ? strlen(spec->family) : 0;
        if (spec && metric && (strncmp(spec->name, spec->family, family_len) != 0 ||
                               spec->name[family_len] != '-' || strcmp(spec->name + family_len + 1, metric) != 0))
            return NULL; /* pocket-htm with metric qtm: a contradiction, not a choice */
        return spec;
    }
    char table[GT_NAME_MAX];
    int w;
    if (f->n_specs == 0)
        return NULL; /* a family without tables */
    if (metric || f->metrics)
        w = snprintf(table, sizeof table, "%s-%.*s", f->name,
                     metric ? (int)strlen(metric) : (int)strcspn(f->metrics, " "), metric ? metric : f->metrics);
    else
        w = snprintf(table, sizeof table, "%s", f->specs[0].name);
    const gt_table_spec *spec = w > 0 && (size_t)w < sizeof table ? gt_catalog_find(table) : NULL;
    return spec && gt_catalog_family_of(spec) == f ? spec : NULL;
}

int gt_catalog_selects(const gt_table_spec *spec, const char *name)
{
    return !strcmp(name, spec->name) || (!strcmp(name, spec->family) && !spec->explicit_only);
}

const gt_family *gt_catalog_family_of(const gt_table_spec *spec)
{
    for (int f = 0; f < GT_COUNT_OF(families); f++)
        if (spec >= families[f]->specs && spec < families[f]->specs + families[f]->n_specs)
            return families[f];
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

int gt_catalog_map(gt_db *db, const char *name, int flags, gt_table **table)
{
    const gt_table_spec *spec = gt_catalog_find(name);
    gt_distribution published;
    gt_table *t = NULL;
    int rc;
    if (!spec)
        return GT_ERR_NOTFOUND;
    if ((rc = gt_db_map_table_flags(db, name, flags, &t)) != 0)
        return rc;
    if (t->meta.encoding != spec->encoding ||
        (gt_catalog_published(spec, &published) && !gt_distribution_equal(&published, &t->meta.distribution))) {
        gt_table_free(t);
        return GT_ERR_CORRUPT;
    }
    *table = t;
    return GT_OK;
}

void gt_catalog_unload(const char *name, gt_puzzle *puzzle, gt_table *table)
{
    const gt_table_spec *spec = gt_catalog_find(name);
    if (spec && puzzle)
        spec->free_puzzle(puzzle);
    gt_table_free(table);
}

static int report_load(void *user, const char *table, gt_puzzle **puzzle, gt_table **t)
{
    return gt_catalog_load(user, table, puzzle, t);
}

static void report_unload(void *user, const char *table, gt_puzzle *puzzle, gt_table *t)
{
    (void)user;
    gt_catalog_unload(table, puzzle, t);
}

void gt_catalog_report_env(gt_db *db, int threads, gt_report_env *env)
{
    *env = (gt_report_env){.load = report_load, .unload = report_unload, .user = db, .threads = threads};
}

/* ---- the loader of solver hooks (spec.h) ---- */

static int map_flags(int load_flags)
{
    return load_flags & GT_LOAD_IN_PARTS ? GT_MAP_IN_PARTS : 0;
}

static int loader_map(void *user, const char *table, int flags, gt_table **t)
{
    return flags & GT_LOAD_CHECKED ? gt_catalog_map(user, table, map_flags(flags), t)
                                   : gt_db_map_table_flags(user, table, map_flags(flags), t);
}

static int loader_stat(void *user, const char *table, int flags, uint64_t *raw_bytes, int *in_place)
{
    gt_table_meta m;
    int rc = gt_db_get_meta(user, table, &m);
    if (rc == GT_OK) {
        *raw_bytes = m.raw_bytes;
        *in_place = gt_db_maps_in_place(&m, map_flags(flags));
    }
    return rc;
}

void gt_catalog_loader(gt_db *db, gt_loader *ld)
{
    *ld = (gt_loader){.load = report_load, .unload = report_unload, .map = loader_map, .stat = loader_stat,
                      .user = db};
}
