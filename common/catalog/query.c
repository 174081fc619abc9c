/* Text in, text out over catalog tables (query.h). */
#include "query.h"
#include "catalog.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "cube3_twophase.h"
#include "solve.h"
#include "spec.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct gt_query {
    const char *name;
    const gt_table_spec *spec;
    const gt_family *family;
    gt_puzzle *puzzle;
    gt_table *table;
};

int gt_query_open(gt_db *db, const char *table, gt_query **out)
{
    *out = NULL;
    const gt_table_spec *spec = gt_catalog_resolve(table, NULL);
    if (!spec)
        return GT_ERR_NOTFOUND;
    const gt_family *family = gt_catalog_family_of(spec);
    if (!family || !family->query || !family->query->parse)
        return GT_ERR_INVAL;
    gt_query *q = calloc(1, sizeof *q);
    if (!q)
        return GT_ERR_NOMEM;
    *q = (gt_query){.name = spec->name, .spec = spec, .family = family};
    int rc = gt_catalog_load(db, spec->name, &q->puzzle, &q->table);
    if (rc) {
        free(q);
        return rc;
    }
    *out = q;
    return GT_OK;
}

void gt_query_close(gt_query *q)
{
    if (!q)
        return;
    gt_catalog_unload(q->name, q->puzzle, q->table);
    free(q);
}

/* The moves, named by the descriptor, one space apart ("R2" for two
 * quarter turns in the quarter-turn metric). */
static int format_moves(const gt_puzzle *p, const uint8_t *moves, int n, char *out, size_t cap)
{
    return gt_solve_format_moves(p, moves, n, out, cap);
}

int gt_query_check_text(const char *text, size_t len, gt_parse_error *err)
{
    const char *nul = len ? memchr(text, 0, len) : NULL;
    if (!nul)
        return GT_OK;
    if (err) {
        size_t at = (size_t)(nul - text);
        err->offset = at > INT_MAX ? INT_MAX : (int)at;
        err->length = 1;
        snprintf(err->message, sizeof err->message, "a NUL byte at column %zu: a query is text", at + 1);
    }
    return GT_ERR_PARSE;
}

/* The query as a C string for the parsers (which read to a NUL): a copy of
 * its len bytes once gt_query_check_text has passed them. */
static int query_text(const char *text, size_t len, gt_parse_error *err, char **out)
{
    *out = NULL;
    if (!text && len)
        return GT_ERR_INVAL;
    int rc = gt_query_check_text(text, len, err);
    if (rc)
        return rc;
    if (len == SIZE_MAX || !(*out = malloc(len + 1)))
        return GT_ERR_NOMEM;
    if (len)
        memcpy(*out, text, len);
    (*out)[len] = '\0';
    return GT_OK;
}

int gt_query_solve(const gt_query *q, int format, const char *text, size_t len, char *solution, size_t cap,
                   int *distance, gt_parse_error *err)
{
    const gt_query_hooks *h = q->family->query;
    uint64_t index;
    uint8_t moves[GT_MAX_DEPTH];
    int n = 0, rc;
    char *query;
    if ((rc = query_text(text, len, err, &query)) != GT_OK)
        return rc;
    void *pos = calloc(1, h->position_bytes ? h->position_bytes : 1);
    if (!pos) {
        free(query);
        return GT_ERR_NOMEM;
    }
    if ((rc = h->parse(q->spec, format, query, pos, &index, err)) != GT_OK)
        goto free_pos;
    if ((rc = gt_solve_walk(q->puzzle, q->table, index, moves, GT_MAX_DEPTH, &n)) != GT_OK)
        goto free_pos;
    if (h->solves && !h->solves(q->spec, pos, moves, n)) {
        rc = GT_ERR_CORRUPT; /* never an answer that does not solve */
        goto free_pos;
    }
    *distance = n;
    rc = format_moves(q->puzzle, moves, n, solution, cap);
free_pos:
    free(pos);
    free(query);
    return rc;
}

int gt_query_distribution(const gt_query *q, uint64_t *count, int cap, int *max_depth)
{
    const gt_distribution *d = &q->table->meta.distribution;
    *max_depth = d->max_depth;
    if (d->max_depth + 1 > cap)
        return GT_ERR_RANGE;
    memcpy(count, d->count, (size_t)(d->max_depth + 1) * sizeof *count);
    return GT_OK;
}

int gt_query_gods_number(const gt_query *q)
{
    return q->table->meta.distribution.max_depth;
}

/* One found state: its text and the scramble (the walk back, inverted). */
static int report_state(const gt_query *q, uint64_t index, void *pos, gt_query_state_fn fn, void *user, int *stop)
{
    const gt_query_hooks *h = q->family->query;
    uint8_t moves[GT_MAX_DEPTH], inv[GT_MAX_DEPTH];
    char state[1024] = "", scramble[GT_MAX_DEPTH * 8];
    int n, rc = h->from_index(q->spec, index, pos);
    if (rc == GT_OK)
        rc = gt_solve_walk(q->puzzle, q->table, index, moves, GT_MAX_DEPTH, &n);
    for (int i = 0; rc == GT_OK && i < n; i++)
        inv[i] = (uint8_t)q->puzzle->move_inverse[moves[n - 1 - i]];
    if (rc == GT_OK)
        rc = format_moves(q->puzzle, inv, n, scramble, sizeof scramble);
    if (rc == GT_OK && h->state_text)
        rc = h->state_text(q->spec, pos, state, sizeof state);
    if (rc == GT_OK)
        *stop = fn(user, index, state, scramble);
    return rc;
}

int gt_query_at_depth(const gt_query *q, int depth, uint64_t limit, gt_query_state_fn fn, void *user,
                      uint64_t *count)
{
    const gt_query_hooks *h = q->family->query;
    enum { CHUNK = 1 << 20 };
    *count = 0;
    if (!h->from_index || depth < 0 || depth > GT_MAX_DEPTH)
        return GT_ERR_INVAL;
    uint8_t *d = malloc(CHUNK);
    void *pos = calloc(1, h->position_bytes ? h->position_bytes : 1);
    int rc = d && pos ? GT_OK : GT_ERR_NOMEM, stop = 0;
    uint64_t n = q->puzzle->n_states;
    for (uint64_t at = 0; rc == GT_OK && !stop && at < n; at += CHUNK) {
        uint64_t len = n - at < CHUNK ? n - at : CHUNK;
        rc = gt_solve_distances(q->puzzle, q->table, at, len, d, 0);
        for (uint64_t i = 0; rc == GT_OK && !stop && i < len; i++)
            if (d[i] == depth && (rc = report_state(q, at + i, pos, fn, user, &stop)) == GT_OK)
                stop |= ++*count == limit;
    }
    free(pos);
    free(d);
    return rc;
}

/* ---- the 3x3x3 ---- */

struct gt_query_cube3 {
    gt_cube3_solver_tables t;
    gt_cube3_solver *solver;
};

void gt_query_cube3_tables_free(gt_cube3_solver_tables *t)
{
    /* the tables were mapped here (gt_query_cube3_map_edges) or by the
     * caller, and are the solver's to read only: const for it, owned here */
    gt_table_free((gt_table *)t->corners);
    gt_table_free((gt_table *)t->fst);
    gt_table_free((gt_table *)t->fss);
    gt_table_free((gt_table *)t->phase1);
    *t = (gt_cube3_solver_tables){NULL, NULL, NULL, NULL, 0};
}

void gt_query_cube3_close(gt_query_cube3 *q)
{
    if (!q)
        return;
    gt_cube3_solver_free(q->solver);
    gt_query_cube3_tables_free(&q->t);
    free(q);
}

/* The edge tables, strongest first (docs/cube3.md, "The table ladder"). */
static const char *const cube3_edge_tables[] = {GT_CUBE3_FSUD2_TABLE, GT_CUBE3_FSUD_TABLE, GT_CUBE3_FSS_TABLE,
                                                GT_CUBE3_FST_TABLE};

/* Would a table of `bytes` take at most half the physical memory? (The
 * search reads it at random: paged out, it would crawl.) */
static int fits_in_memory(uint64_t bytes)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages <= 0 || page <= 0 || bytes <= (uint64_t)pages * (uint64_t)page / 2;
}

/* Is the stored table `name` the automatic choice for `how`? */
static int suits(gt_db *db, const char *name, int how)
{
    gt_table_meta m;
    if (gt_db_get_meta(db, name, &m) != GT_OK)
        return 0;
    if (gt_db_maps_in_place(&m))
        return 1;
    return how == GT_CUBE3_TABLES_COPY && fits_in_memory(m.raw_bytes) &&
           (strcmp(name, GT_CUBE3_FSUD2_TABLE) != 0 || gt_db_get_meta(db, GT_CUBE3_TWOPHASE_TABLE, &m) == GT_OK);
}

/* Maps edge table `name` into its slot of t (and the 2-bit rung's fallback). */
static int map_edge_table(gt_db *db, const char *name, gt_cube3_solver_tables *t)
{
    gt_table *edges = NULL, *phase1 = NULL;
    int fst = strcmp(name, GT_CUBE3_FST_TABLE) == 0;
    int rc = fst ? gt_catalog_map(db, name, &edges) : gt_db_map_table(db, name, &edges);
    if (rc == GT_OK && strcmp(name, GT_CUBE3_FSUD2_TABLE) == 0)
        rc = gt_catalog_map(db, GT_CUBE3_TWOPHASE_TABLE, &phase1);
    if (rc) {
        gt_table_free(edges);
        return rc;
    }
    *(fst ? &t->fst : &t->fss) = edges;
    t->phase1 = phase1;
    t->edges_private = !gt_db_maps_in_place(&edges->meta);
    return GT_OK;
}

int gt_query_cube3_map_edges(gt_db *db, const char *name, int how, gt_cube3_solver_tables *t)
{
    t->fst = t->fss = t->phase1 = NULL;
    t->edges_private = 0;
    if (!db)
        return GT_ERR_INVAL;
    for (size_t i = 0; i < GT_COUNT_OF(cube3_edge_tables); i++) {
        const char *e = cube3_edge_tables[i];
        if (name ? strcmp(name, e) == 0 : suits(db, e, how))
            return map_edge_table(db, e, t);
    }
    return GT_ERR_NOTFOUND;
}

int gt_query_cube3_open(gt_db *db, int corners_only, gt_query_cube3 **out)
{
    *out = NULL;
    gt_query_cube3 *q = calloc(1, sizeof *q);
    if (!q)
        return GT_ERR_NOMEM;
    gt_table *corners = NULL;
    int rc = gt_catalog_map(db, GT_CUBE3_CORNERS_TABLE, &corners);
    if (rc == GT_OK && !corners_only) {
        rc = gt_query_cube3_map_edges(db, NULL, GT_CUBE3_TABLES_IN_PLACE, &q->t);
        if (rc == GT_ERR_NOTFOUND) /* the corners alone: slow, but exact */
            rc = GT_OK;
    }
    q->t.corners = corners;
    if (rc == GT_OK)
        rc = gt_cube3_solver_open_tables(&q->t, GT_CUBE3_TABLES_IN_PLACE, &q->solver);
    if (rc) {
        gt_query_cube3_close(q);
        return rc;
    }
    *out = q;
    return GT_OK;
}

int gt_query_cube3_solve(const gt_query_cube3 *q, int format, const char *text, size_t len, double timeout,
                         char *solution, size_t cap, int *distance, gt_parse_error *err)
{
    gt_cube3 c;
    gt_cube3_search_options o = {.metric = GT_CUBE3_HTM, .threads = 0, .timeout = timeout};
    gt_cube3_search_result r;
    memset(&r, 0, sizeof r);
    char *query;
    int rc = query_text(text, len, err, &query);
    if (rc)
        return rc;
    rc = format == GT_QUERY_STATE ? gt_cube3_from_facelets(query, &c, NULL, NULL, err)
                                  : gt_cube3_from_scramble(query, &c, err);
    free(query);
    if (rc)
        return rc;
    rc = gt_cube3_search(q->solver, &c, &o, &r);
    if (rc == GT_OK) {
        *distance = r.distance;
        rc = gt_cube3_format_moves(r.moves, r.length, solution, cap);
    } else if (rc == GT_ERR_TIMEOUT) {
        *distance = r.lower_bound;
    }
    gt_cube3_search_result_free(&r);
    return rc;
}

const gt_cube3_solver *gt_query_cube3_solver(const gt_query_cube3 *q)
{
    return q->solver;
}
