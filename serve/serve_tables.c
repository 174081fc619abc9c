/* The tables of godtab-serve: the database is opened read-only once, and a
 * table is loaded on its first query and kept until the server stops, so
 * start-up costs nothing and no query pays for a load twice. Loads take one
 * mutex (they happen once each); answering reads the loaded tables without
 * any lock, as godtab-solve's parallel batches do. */
#include "serve.h"
#include "query.h"
#include "gt_error.h"
#include "store.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    atomic_int state; /* 0 not tried, 1 loaded, 2 failed (rc, message) */
    int rc;
    char message[512];
    gt_puzzle *puzzle;
    gt_table *table;
} entry;

/* A searched puzzle's query, or the reason it failed to open. */
typedef struct search_entry {
    char name[GT_NAME_MAX];
    int rc;
    char message[512];
    gt_query *q;
} search_entry;

#define SEARCHED_MAX 64

struct gt_serve_tables {
    gt_db *db;
    char path[1024];
    pthread_mutex_t lock;
    int n;
    entry *entries; /* one a catalog spec, by its index */
    /* the searched puzzles opened so far (gt_serve_tables_search), under
     * lock; a slot is written once */
    search_entry searched[SEARCHED_MAX];
    atomic_int n_searched;
};

int gt_serve_tables_open(const char *db_path, gt_serve_tables **out, gt_answer_error *err)
{
    gt_serve_tables *t = calloc(1, sizeof *t);
    int n = gt_catalog_count();
    if (!t || !(t->entries = calloc((size_t)n, sizeof *t->entries))) {
        free(t);
        err->rc = GT_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "out of memory");
        return GT_ERR_NOMEM;
    }
    t->n = n;
    snprintf(t->path, sizeof t->path, "%s", gt_db_default_path(db_path));
    pthread_mutex_init(&t->lock, NULL);
    int rc = gt_db_open(&t->db, t->path, GT_DB_READONLY);
    if (rc) {
        err->rc = rc;
        snprintf(err->message, sizeof err->message, "%s at %.300s (%.100s)",
                 rc == GT_ERR_NOTFOUND  ? "no tables"
                 : rc == GT_ERR_CORRUPT ? "the database is damaged"
                                        : "cannot open the database",
                 t->path, gt_db_last_error(NULL));
        gt_serve_tables_close(t);
        return rc;
    }
    *out = t;
    return GT_OK;
}

void gt_serve_tables_close(gt_serve_tables *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++) {
        if (t->entries[i].puzzle || t->entries[i].table)
            gt_catalog_unload(gt_catalog_get(i)->name, t->entries[i].puzzle, t->entries[i].table);
    }
    for (int i = 0; i < atomic_load(&t->n_searched); i++)
        gt_query_close(t->searched[i].q); /* before the database its tables are mapped from */
    if (t->db)
        gt_db_close(t->db);
    pthread_mutex_destroy(&t->lock);
    free(t->entries);
    free(t);
}

/* Loads entry i under the lock; its state says how it went. */
static void load_entry(gt_serve_tables *t, int i)
{
    const gt_table_spec *spec = gt_catalog_get(i);
    entry *e = &t->entries[i];
    int rc = gt_catalog_load(t->db, spec->name, &e->puzzle, &e->table);
    if (rc == GT_ERR_NOTFOUND)
        snprintf(e->message, sizeof e->message, "table %s is not in %.300s; build it with: godtab-gen %s", spec->name,
                 t->path, spec->name);
    else if (rc)
        snprintf(e->message, sizeof e->message, "table %s in %.300s: %s (%.100s); rebuild it with: godtab-gen %s",
                 spec->name, t->path, gt_strerror(rc), gt_db_last_error(t->db), spec->name);
    e->rc = rc;
    atomic_store(&e->state, rc ? 2 : 1);
}

/* The loaded entry of a spec, loading it on first use. */
static entry *get_entry(gt_serve_tables *t, const gt_table_spec *spec, gt_answer_error *err)
{
    int i = 0;
    while (i < t->n && gt_catalog_get(i) != spec)
        i++;
    entry *e = &t->entries[i];
    if (atomic_load(&e->state) == 0) {
        pthread_mutex_lock(&t->lock);
        if (atomic_load(&e->state) == 0)
            load_entry(t, i);
        pthread_mutex_unlock(&t->lock);
    }
    if (atomic_load(&e->state) == 1)
        return e;
    err->rc = e->rc;
    snprintf(err->message, sizeof err->message, "%s", e->message);
    return NULL;
}

static int unknown(gt_answer_error *err, const char *puzzle)
{
    err->rc = GT_ERR_INVAL;
    snprintf(err->message, sizeof err->message, "unknown puzzle '%.100s' (see /api/tables)", puzzle);
    return GT_ERR_INVAL;
}

int gt_serve_tables_walk(gt_serve_tables *t, const char *puzzle, const char *metric, gt_answer_walk *out,
                         gt_answer_error *err)
{
    const gt_family *f = gt_catalog_find_family(puzzle);
    const gt_table_spec *spec = NULL;
    if (f && f->query) {
        if (!(spec = gt_catalog_resolve(f->name, metric))) { /* the family's table of that metric */
            err->rc = GT_ERR_INVAL;
            snprintf(err->message, sizeof err->message, "%s has no metric '%.40s' (metrics: %s)", f->name, metric,
                     f->metrics ? f->metrics : "none");
            return GT_ERR_INVAL;
        }
    } else if (!f && (spec = gt_catalog_find(puzzle)) != NULL) {
        f = gt_catalog_family_of(spec);
    }
    if (!spec || !f->query)
        return unknown(err, puzzle);
    entry *e = get_entry(t, spec, err);
    if (!e)
        return err->rc;
    gt_answer_walk w = {f, spec, e->puzzle, e->table};
    *out = w;
    return GT_OK;
}

int gt_serve_tables_preload(gt_serve_tables *t, gt_answer_error *err)
{
    for (int i = 0; i < t->n; i++) {
        const gt_table_spec *spec = gt_catalog_get(i);
        const gt_family *f = gt_catalog_family_of(spec);
        gt_table_meta m;
        if (!f->query || gt_db_get_meta(t->db, spec->name, &m) != GT_OK)
            continue; /* answered by no endpoint, or not built */
        if (!get_entry(t, spec, err))
            return err->rc;
    }
    return GT_OK;
}

int gt_serve_tables_loaded(gt_serve_tables *t)
{
    int n = 0;
    for (int i = 0; i < t->n; i++)
        n += atomic_load(&t->entries[i].state) == 1;
    return n;
}

static json_t *distribution_json(const gt_distribution *d)
{
    json_t *a = json_array();
    for (int k = 0; a && k <= d->max_depth; k++)
        if (json_array_append_new(a, json_integer((json_int_t)d->count[k])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* One stored table's entry of /api/tables. */
static json_t *table_json(const gt_table_spec *spec, const gt_table_meta *m, int loaded)
{
    static const char *const enc[] = {"byte", "nibble", "mod3", "parity1"};
    char checksum[24];
    snprintf(checksum, sizeof checksum, "%016llx", (unsigned long long)m->checksum);
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:i, s:o*, s:s, s:s, s:I, s:I, s:s, s:i, s:f, s:s, s:s, s:b}",
                          "name", m->name, "puzzle", spec->family, "summary", spec->summary, "metric", m->metric,
                          "states", (json_int_t)m->n_states, "reached", (json_int_t)m->distribution.reached,
                          "gods_number", m->distribution.max_depth, "distribution",
                          distribution_json(&m->distribution), "checksum", checksum,
                          "encoding", (unsigned)m->encoding < 4 ? enc[m->encoding] : "?",
                          "raw_bytes", (json_int_t)m->raw_bytes, "stored_bytes", (json_int_t)m->stored_bytes,
                          "generator", m->generator, "threads", m->threads, "build_seconds", m->build_seconds,
                          "built_at", m->built_at, "storage", m->storage == GT_STORAGE_MAPPED ? "mapped" : "zstd",
                          "loaded", loaded);
    return o;
}

json_t *gt_serve_tables_json(gt_serve_tables *t, gt_answer_error *err)
{
    json_t *stored = json_array(), *missing = json_array();
    int rc = stored && missing ? GT_OK : GT_ERR_NOMEM;
    pthread_mutex_lock(&t->lock); /* one reader of the catalogue at a time */
    for (int i = 0; !rc && i < t->n; i++) {
        const gt_table_spec *spec = gt_catalog_get(i);
        gt_table_meta m;
        int got = gt_db_get_meta(t->db, spec->name, &m);
        if (got == GT_ERR_NOTFOUND) {
            rc = json_array_append_new(missing, json_string(spec->name)) ? GT_ERR_NOMEM : GT_OK;
            continue;
        }
        if (got) {
            rc = got;
            break;
        }
        json_t *o = table_json(spec, &m, atomic_load(&t->entries[i].state) == 1);
        rc = !o || json_array_append_new(stored, o) ? GT_ERR_NOMEM : GT_OK;
    }
    pthread_mutex_unlock(&t->lock);
    if (rc) {
        err->rc = rc;
        snprintf(err->message, sizeof err->message, "reading the catalogue of %.300s: %s", t->path, gt_strerror(rc));
        json_decref(stored);
        json_decref(missing);
        return NULL;
    }
    return json_pack("{s:s, s:o, s:o}", "database", t->path, "tables", stored, "not_built", missing);
}

/* The slot of a searched name, or NULL. */
static search_entry *find_searched(gt_serve_tables *t, const char *name)
{
    int n = atomic_load(&t->n_searched);
    for (int i = 0; i < n; i++)
        if (!strcmp(t->searched[i].name, name))
            return &t->searched[i];
    return NULL;
}

/* Opens name (with the tables variant picks, or NULL) under the lock
 * into a new slot, keyed "<name>-<variant>" (failures kept too, except an
 * unknown name or a malformed variant: a client may send any). */
static search_entry *open_searched(gt_serve_tables *t, const char *name, const char *variant, const char *key,
                                   int *rc)
{
    search_entry *e = find_searched(t, key);
    int n = atomic_load(&t->n_searched);
    if (e || n >= SEARCHED_MAX) {
        *rc = e ? GT_OK : GT_ERR_RANGE;
        return e;
    }
    e = &t->searched[n];
    *e = (search_entry){.rc = GT_OK};
    snprintf(e->name, sizeof e->name, "%s", key);
    /* show: the server answers show=1 from the same handle; LOAD_SERVE: the
     * tables checked (and copied) beside the queries once opened */
    gt_solve_options o = {.variant = variant, .show = 1, .load = GT_SOLVE_LOAD_SERVE};
    e->rc = gt_query_open_with(t->db, name, &o, &e->q);
    const gt_family *f = gt_catalog_find_family(name);
    if ((e->rc == GT_ERR_NOTFOUND && !f) || (e->rc == GT_ERR_INVAL && variant)) {
        *rc = e->rc;
        return NULL;
    }
    if (e->rc == GT_ERR_NOTFOUND && variant) /* one table, "<family>-<variant>": said as a walked one */
        snprintf(e->message, sizeof e->message, "table %s is not in %.300s; build it with: godtab-gen %s", key,
                 t->path, key);
    else if (e->rc)
        snprintf(e->message, sizeof e->message, "the %s tables in %.300s: %s; build them with: godtab-gen %s", key,
                 t->path, gt_strerror(e->rc), f ? key : "--def FILE --name NAME");
    atomic_store(&t->n_searched, n + 1);
    *rc = GT_OK;
    return e;
}

/* The variant's refusal: "board wants NxM ..., not '9x9'". */
static int bad_variant(const gt_family *f, const char *variant, gt_answer_error *err)
{
    err->rc = GT_ERR_INVAL;
    snprintf(err->message, sizeof err->message, "%s wants %s, not '%.40s'", f->solver->variant_key,
             f->solver->variant_help ? f->solver->variant_help : "a table of the family", variant);
    return GT_ERR_INVAL;
}

int gt_serve_tables_search(gt_serve_tables *t, const char *puzzle, const char *variant, const gt_query **out,
                           gt_answer_error *err)
{
    const gt_family *f = gt_catalog_find_family(puzzle);
    char key[GT_NAME_MAX];
    if ((f && !f->solver) || (!f && gt_catalog_find(puzzle)) || strlen(puzzle) >= GT_NAME_MAX)
        return GT_ERR_NOTFOUND; /* a walked name, or a table nothing here answers */
    if (!f || !f->solver->variant_key)
        variant = NULL;
    else if (!variant)
        variant = f->solver->variant_default; /* one handle for the default named or not */
    if (snprintf(key, sizeof key, "%s%s%s", puzzle, variant ? "-" : "", variant ? variant : "") >= (int)sizeof key)
        return bad_variant(f, variant, err);
    search_entry *e = find_searched(t, key);
    int rc = GT_OK;
    if (!e) {
        pthread_mutex_lock(&t->lock);
        e = open_searched(t, puzzle, variant, key, &rc);
        pthread_mutex_unlock(&t->lock);
    }
    if (rc == GT_ERR_INVAL)
        return bad_variant(f, variant, err);
    if (rc == GT_ERR_RANGE) {
        err->rc = GT_ERR_RANGE;
        snprintf(err->message, sizeof err->message, "too many puzzles opened (%d); restart the server", SEARCHED_MAX);
    }
    if (!e)
        return rc;
    if (e->rc) {
        err->rc = e->rc;
        snprintf(err->message, sizeof err->message, "%s", e->message);
        return e->rc;
    }
    *out = e->q;
    return GT_OK;
}
