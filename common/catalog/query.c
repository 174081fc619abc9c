/* Text in, text out over catalog tables (query.h). */
#include "query.h"
#include "catalog.h"
#include "catalog_def.h"
#include "solve.h"
#include "spec.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gt_query {
    const char *name;
    const gt_table_spec *spec; /* a walked table, or NULL */
    const gt_family *family;
    gt_puzzle *puzzle;
    gt_table *table;
    /* a searched family: its solver's handle over the loader's tables */
    gt_loader ld;
    void *handle;
    char solver_name[GT_NAME_MAX];
};

/* A table walk: the family's table `spec`, loaded. */
static int open_walk(gt_db *db, const gt_table_spec *spec, const gt_family *family, gt_query *q)
{
    *q = (gt_query){.name = spec->name, .spec = spec, .family = family};
    return gt_catalog_load(db, spec->name, &q->puzzle, &q->table);
}

/* The loader's nested queries (spec.h): another name of the same database. */
static int nested_open(void *user, const char *name, const gt_solve_options *o, void **query)
{
    gt_query *q = NULL;
    int rc = gt_query_open_with(user, name, o, &q);
    *query = q;
    return rc;
}

static int nested_answer(const void *query, int format, const char *text, const gt_solve_options *o, gt_answer *a,
                         gt_parse_error *err)
{
    return gt_query_answer(query, format, text, strlen(text), o, a, err);
}

static void nested_close(void *query)
{
    gt_query_close(query);
}

/* A searched family, by name: its solver's open through the loader. */
static int open_solver(gt_db *db, const char *name, const gt_family *family, const gt_solve_options *o,
                       gt_query *q)
{
    *q = (gt_query){.family = family};
    snprintf(q->solver_name, sizeof q->solver_name, "%s", name);
    q->name = q->solver_name;
    gt_catalog_loader(db, &q->ld);
    q->ld.open_query = nested_open;
    q->ld.answer = nested_answer;
    q->ld.close_query = nested_close;
    return family->solver->open(&q->ld, name, o, &q->handle);
}

/* Opens name into q: a table walk, a searched family, or a definition table
 * of the database (registered at run time: the catalog does not list it). */
static int open_any(gt_db *db, const char *name, const gt_solve_options *o, gt_query *q)
{
    const gt_family *family = gt_catalog_find_family(name);
    if (family && family->solver)
        return open_solver(db, name, family, o, q);
    const gt_table_spec *spec = gt_catalog_resolve(name, NULL);
    if (spec) {
        family = gt_catalog_family_of(spec);
        if (!family || !family->query || !family->query->parse)
            return GT_ERR_INVAL; /* a table a searched family reads, not one to walk */
        return open_walk(db, spec, family, q);
    }
    if (strlen(name) >= GT_NAME_MAX)
        return GT_ERR_NOTFOUND;
    return open_solver(db, name, &gt_catalog_def_family, o, q);
}

int gt_query_open_with(gt_db *db, const char *name, const gt_solve_options *o, gt_query **out)
{
    *out = NULL;
    if (!db || !name)
        return GT_ERR_INVAL;
    gt_query *q = calloc(1, sizeof *q);
    if (!q)
        return GT_ERR_NOMEM;
    int rc = open_any(db, name, o, q);
    if (rc) {
        gt_query_close(q);
        return rc;
    }
    *out = q;
    return GT_OK;
}

int gt_query_open(gt_db *db, const char *table, gt_query **out)
{
    return gt_query_open_with(db, table, NULL, out);
}

int gt_query_open_load(gt_db *db, const char *name, int load, gt_query **out)
{
    gt_solve_options o = {.load = load};
    return gt_query_open_with(db, name, &o, out);
}

void gt_query_close(gt_query *q)
{
    if (!q)
        return;
    if (q->handle)
        q->family->solver->close(q->handle);
    if (q->spec)
        gt_catalog_unload(q->name, q->puzzle, q->table);
    free(q);
}

const gt_family *gt_query_family(const gt_query *q)
{
    return q->family;
}

const char *gt_query_name(const gt_query *q)
{
    return q->name;
}

const gt_table_spec *gt_query_spec(const gt_query *q)
{
    return q->spec;
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

/* A searched family's answer to one query. */
static int answer_search(const gt_query *q, int format, const char *text, size_t len, const gt_solve_options *o,
                         gt_answer *a, gt_parse_error *err)
{
    char *query;
    int rc = query_text(text, len, err, &query);
    gt_answer_clear(a);
    if (rc)
        return rc;
    rc = q->family->solver->solve(q->handle, format, query, o, a, err);
    free(query);
    return rc;
}

int gt_query_answer(const gt_query *q, int format, const char *text, size_t len, const gt_solve_options *o,
                    gt_answer *a, gt_parse_error *err)
{
    if (q->handle)
        return answer_search(q, format, text, len, o, a, err);
    gt_answer_clear(a);
    int rc = gt_query_solve(q, format, text, len, a->solution, sizeof a->solution, &a->distance, err);
    if (rc == GT_OK) {
        const char *metric = strrchr(q->spec->name, '-');
        a->flags = GT_ANSWER_OPTIMAL;
        gt_answer_put_text(a, "puzzle", q->family->name);
        gt_answer_put_text(a, "metric", metric ? metric + 1 : "");
        gt_answer_put_int(a, "distance", a->distance);
        gt_answer_put_text(a, "solution", a->solution);
    }
    return rc;
}

int gt_query_solve_timed(const gt_query *q, int format, const char *text, size_t len, double timeout,
                         char *solution, size_t cap, int *distance, gt_parse_error *err)
{
    if (!q->handle)
        return gt_query_solve(q, format, text, len, solution, cap, distance, err);
    gt_solve_options o = {.timeout = timeout};
    gt_answer *a = malloc(sizeof *a);
    if (!a)
        return GT_ERR_NOMEM;
    int rc = answer_search(q, format, text, len, &o, a, err);
    if (rc == GT_OK || rc == GT_ERR_TIMEOUT)
        *distance = a->distance;
    if (rc == GT_OK && snprintf(solution, cap, "%s", a->solution) >= (int)cap)
        rc = GT_ERR_RANGE;
    free(a);
    return rc;
}

int gt_query_solve(const gt_query *q, int format, const char *text, size_t len, char *solution, size_t cap,
                   int *distance, gt_parse_error *err)
{
    if (q->handle)
        return gt_query_solve_timed(q, format, text, len, 0, solution, cap, distance, err);
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
    if (!q->table)
        return GT_ERR_INVAL; /* a searched family: no one table */
    const gt_distribution *d = &q->table->meta.distribution;
    *max_depth = d->max_depth;
    if (d->max_depth + 1 > cap)
        return GT_ERR_RANGE;
    memcpy(count, d->count, (size_t)(d->max_depth + 1) * sizeof *count);
    return GT_OK;
}

int gt_query_gods_number(const gt_query *q)
{
    if (!q->table)
        return -1;
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
    if (!q->table || !h->from_index || depth < 0 || depth > GT_MAX_DEPTH)
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


int gt_query_view(const gt_query *q, const char *view, const char *(*param)(void *user, const char *key), void *user,
                  char *json, size_t cap, char *message, size_t message_cap)
{
    const gt_solver_hooks *h = q->handle ? q->family->solver : NULL;
    int rc = h && h->view ? h->view(q->handle, view, param, user, json, cap, message, message_cap) : GT_ERR_NOTFOUND;
    if (rc == GT_ERR_NOTFOUND)
        snprintf(message, message_cap, "%.60s has no view '%.60s'", q->name, view);
    return rc;
}
