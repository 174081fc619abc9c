/* The endpoints of godtab-serve: a request's parameters (a JSON object: the
 * URL arguments, or the body) in, a JSON reply out. The answers themselves
 * come from solve/answer_json.c, as godtab-solve --json prints them. */
#include "serve.h"
#include "draw.h"
#include "gt_error.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

/* At most this many solutions in an `all` answer (the CLI's own cap is its
 * 4 MiB output buffer). */
#define MAX_SOLUTIONS 100000

double gt_serve_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void gt_serve_fail(gt_serve_reply *r, int status, int code, const char *kind, const char *message)
{
    r->status = status;
    r->body = gt_answer_error_object(code, kind, message);
}

/* The HTTP status of an error by its kind: the client's fault (4xx) or ours. */
static int status_of(int rc)
{
    switch (rc) {
    case GT_ERR_INVAL: case GT_ERR_PARSE: return 400;
    case GT_ERR_ILLEGAL: return 422;
    case GT_ERR_NOTFOUND: return 404;
    case GT_ERR_STORAGE: return 503;
    case GT_ERR_TIMEOUT: return 504;
    default: return 500;
    }
}

void gt_serve_fail_rc(gt_serve_reply *r, int rc, const char *message)
{
    r->status = status_of(rc);
    r->body = gt_answer_error_json(rc, message);
}

/* The error object of err, with its own kind when it has one. */
static json_t *error_json(const gt_answer_error *err)
{
    return err->kind ? gt_answer_error_object(gt_exit_code(err->rc), err->kind, err->message)
                     : gt_answer_error_json(err->rc, err->message);
}

static void ok(gt_serve_reply *r, json_t *body)
{
    r->status = body ? 200 : 500;
    r->body = body ? body : gt_answer_error_json(GT_ERR_NOMEM, "out of memory");
}

static int bad(gt_answer_error *err, const char *fmt, const char *a, const char *b)
{
    err->rc = GT_ERR_INVAL;
    snprintf(err->message, sizeof err->message, fmt, a, b);
    return GT_ERR_INVAL;
}

const char *gt_serve_json_why(const json_error_t *je, char *buf, size_t cap)
{
    if (!strstr(je->text, "JSON_ALLOW_NUL"))
        return je->text;
    snprintf(buf, cap, "a NUL (\\u0000) in a string at line %d, column %d: refused, not cut short", je->line,
             je->column);
    return buf;
}

/* ---- parameters: strings from a URL, any JSON type from a body ---- */

static const char *str_param(json_t *p, const char *key)
{
    return json_string_value(json_object_get(p, key));
}

/* A boolean: JSON true/false/0/1, or "1", "true", "yes", "0", "false", "no", "". */
static int bool_param(json_t *p, const char *key, int *out, gt_answer_error *err)
{
    json_t *v = json_object_get(p, key);
    const char *s = json_string_value(v);
    *out = 0;
    if (!v || json_is_false(v) || json_is_null(v))
        return GT_OK;
    if (json_is_true(v) || (json_is_integer(v) && json_integer_value(v) == 1)) {
        *out = 1;
        return GT_OK;
    }
    if (json_is_integer(v) && json_integer_value(v) == 0)
        return GT_OK;
    if (s && (!strcmp(s, "1") || !strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on") || !*s)) {
        *out = 1;
        return GT_OK;
    }
    if (s && (!strcmp(s, "0") || !strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off")))
        return GT_OK;
    return bad(err, "%s wants true or false%s", key, "");
}

/* An unsigned integer in [min, max] (digits only in a string); *out keeps its
 * default when the key is absent. */
static int uint_param(json_t *p, const char *key, uint64_t min, uint64_t max, uint64_t *out, gt_answer_error *err)
{
    json_t *v = json_object_get(p, key);
    const char *s = json_string_value(v);
    char range[64];
    uint64_t x;
    if (!v)
        return GT_OK;
    snprintf(range, sizeof range, "a whole number from %llu to %llu", (unsigned long long)min,
             (unsigned long long)max);
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        x = (uint64_t)json_integer_value(v);
    } else if (s && *s && strspn(s, "0123456789") == strlen(s) && strlen(s) <= 20) {
        errno = 0;
        x = strtoull(s, NULL, 10);
        if (errno)
            return bad(err, "%s wants %s", key, range);
    } else {
        return bad(err, "%s wants %s", key, range);
    }
    if (x < min || x > max)
        return bad(err, "%s wants %s", key, range);
    *out = x;
    return GT_OK;
}

/* `timeout` in seconds, positive, at most the server's cap; *out keeps the cap
 * when absent. */
static int timeout_param(const gt_serve_ctx *s, json_t *p, double *out, gt_answer_error *err)
{
    json_t *v = json_object_get(p, "timeout");
    const char *text = json_string_value(v);
    char *end = NULL, cap[32];
    double t = *out = s->config->max_timeout;
    if (!v)
        return GT_OK;
    if (json_is_number(v))
        t = json_number_value(v);
    else if (text && *text)
        t = strtod(text, &end);
    snprintf(cap, sizeof cap, "%g", s->config->max_timeout);
    if ((!json_is_number(v) && (!text || !*text || *end)) || !(t > 0) || t > s->config->max_timeout)
        return bad(err, "timeout wants seconds, more than 0 and at most %s (--max-timeout)%s", cap, "");
    *out = t;
    return GT_OK;
}

/* ---- one query ---- */

/* Which text a walk query gives: the scramble, or the state under the
 * family's key ("facelets") or "state". */
static int walk_query(const gt_answer_walk *w, json_t *q, const char **text, int *format, gt_answer_error *err)
{
    const char *key = w->family->query->state_key;
    const char *scramble = str_param(q, "scramble"), *state = key ? str_param(q, key) : NULL;
    if (!state)
        state = str_param(q, "state");
    if (scramble && state)
        return bad(err, "give one of scramble and %s, not both%s", key ? key : "state", "");
    if (!scramble && !state)
        return bad(err, "give a scramble or %s%s", key ? key : "a state", "");
    if (state && !w->family->query->state_help)
        return bad(err, "%s takes no state, only a scramble%s", w->family->name, "");
    *text = scramble ? scramble : state;
    *format = scramble ? GT_QUERY_MOVES : GT_QUERY_STATE;
    return GT_OK;
}

/* One of the --long-jobs search slots, or 0 with err "busy". */
static int claim_search(gt_serve_ctx *s, gt_answer_error *err)
{
    if (atomic_fetch_add(&s->searches, 1) < s->config->long_jobs)
        return 1;
    atomic_fetch_sub(&s->searches, 1);
    err->rc = GT_ERR_STORAGE;
    err->kind = "busy";
    snprintf(err->message, sizeof err->message, "%d searches are running (--long-jobs); try again",
             s->config->long_jobs);
    return 0;
}

/* The families whose solvers take max_length and near, for the refusal of
 * the others. */
static void bounded_families(char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < gt_catalog_family_count() && n < cap; i++) {
        const gt_family *f = gt_catalog_family(i);
        if (f->solver && f->solver->max_length_max > 0)
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", f->name);
    }
}

/* The solver's options of a query: max_length (0..the family's bound) or
 * near; neither: optimal. */
/* max_length or near for a puzzle whose solver answers optimally only. */
static int refuse_bounded(const char *puzzle, gt_answer_error *err)
{
    char families[128];
    bounded_families(families, sizeof families);
    return bad(err, "max_length and near are for %s, not %.60s", families, puzzle);
}

/* metric=: the index of its value in the solver's metrics (nnn: obtm
 * stm), 0 when absent; a solver without metrics leaves it alone. */
static int metric_param(const gt_solver_hooks *h, json_t *q, gt_solve_options *o, gt_answer_error *err)
{
    const char *want = str_param(q, "metric");
    char wants[64];
    if (!h->metrics || !json_object_get(q, "metric"))
        return GT_OK;
    for (const char *p = h->metrics; want && *p; o->metric++) {
        size_t len = strcspn(p, " ");
        if (len == strlen(want) && !strncmp(p, want, len))
            return GT_OK;
        p += len + (p[len] == ' ');
    }
    snprintf(wants, sizeof wants, "%s", h->metrics);
    for (char *c = wants; (c = strchr(c, ' '));)
        *c = ',';
    o->metric = 0;
    return bad(err, "metric wants one of %s, not '%.40s'", wants, want ? want : "(not a string)");
}

static int search_options(const char *name, const gt_solver_hooks *h, json_t *q, double timeout, gt_solve_options *o,
                          gt_answer_error *err)
{
    uint64_t max_length = 0;
    int near = 0;
    *o = (gt_solve_options){.timeout = timeout, .threads = 1};
    if (h->max_length_max <= 0 && (json_object_get(q, "max_length") || json_object_get(q, "near")))
        return refuse_bounded(name, err);
    if (bool_param(q, "near", &near, err) ||
        uint_param(q, "max_length", 0, h->max_length_max > 0 ? (uint64_t)h->max_length_max : 0, &max_length, err))
        return GT_ERR_INVAL;
    o->bounded = near || json_object_get(q, "max_length");
    o->max_length = json_object_get(q, "max_length") ? (int)max_length : GT_SOLVE_NEAR;
    uint64_t size = 0; /* a family of many sizes: the one a scramble is of */
    if (h->size_key && uint_param(q, h->size_key, 2, (uint64_t)h->size_max, &size, err))
        return GT_ERR_INVAL;
    o->size = (int)size;
    return metric_param(h, q, o, err);
}

/* The query text of a searched puzzle: its scramble, or its state under
 * the solver's key ("facelets") or "state". */
static int search_text(const gt_family *f, json_t *q, const char **text, int *format, gt_answer_error *err)
{
    const char *key = f->solver->state_key;
    const char *scramble = f->solver->state_only ? NULL : str_param(q, "scramble");
    const char *state = key ? str_param(q, key) : NULL;
    if (!state && key)
        state = str_param(q, "state");
    if (!state && f->solver->state_only)
        return bad(err, "%s wants %s", f->name, f->solver->state_help ? f->solver->state_help : "a state");
    if (!scramble == !state)
        return bad(err, "%s: give a scramble or %s", f->name, key ? key : "a state");
    *text = scramble ? scramble : state;
    *format = scramble ? GT_QUERY_MOVES : GT_QUERY_STATE;
    return GT_OK;
}

/* A searched puzzle (a family with solver hooks, or a definition table):
 * its solver within the request's time budget, at most --long-jobs long
 * searches at once (the others are refused: busy). An answer given short of
 * what was asked (a search stopped by the clock: what it proved, or a
 * solution longer than max_length) carries "limit", the CLI's exit 10
 * message. */
static json_t *solve_searched(gt_serve_ctx *s, const gt_query *query, json_t *q, double timeout, int show,
                              gt_answer_error *err)
{
    const gt_family *f = gt_query_family(query);
    gt_solve_options o;
    const char *text;
    int format;
    if (search_options(gt_query_name(query), f->solver, q, timeout, &o, err) || search_text(f, q, &text, &format, err))
        return NULL;
    o.show = show;
    gt_answer *a = malloc(sizeof *a);
    gt_parse_error pe = {0};
    if (!a) {
        err->rc = GT_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "out of memory");
        return NULL;
    }
    if (f->solver->long_search && !claim_search(s, err)) {
        free(a);
        return NULL;
    }
    int rc = gt_query_answer(query, format, text, strlen(text), &o, a, &pe);
    if (f->solver->long_search)
        atomic_fetch_sub(&s->searches, 1);
    json_t *out = NULL;
    if (rc == GT_OK || (rc == GT_ERR_TIMEOUT && a->n_fields > 0))
        out = gt_answer_json(a, rc);
    if (!out) {
        err->rc = rc ? rc : GT_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "%s",
                 rc == GT_ERR_PARSE || rc == GT_ERR_ILLEGAL ? pe.message : a->message[0] ? a->message : gt_strerror(err->rc));
    }
    free(a);
    return out;
}

/* The answer to one query object (defaults: the URL arguments of a batch, or
 * NULL), or NULL with err filled. */
static json_t *solve_one(gt_serve_ctx *s, json_t *q, gt_answer_error *err)
{
    const char *puzzle = str_param(q, "puzzle"), *text;
    int show, all, format;
    double timeout;
    if (!json_is_object(q)) {
        bad(err, "a query is a JSON object {\"puzzle\":..., \"scramble\":...}%s%s", "", "");
        return NULL;
    }
    if (!puzzle) {
        bad(err, "give a puzzle (a family or a table name: see /api/tables)%s%s", "", "");
        return NULL;
    }
    if (bool_param(q, "show", &show, err) || bool_param(q, "all", &all, err) || timeout_param(s, q, &timeout, err))
        return NULL;
    const gt_query *searched = NULL;
    const gt_family *named = gt_catalog_find_family(puzzle);
    const char *variant_key = named && named->solver ? named->solver->variant_key : NULL;
    if (all && variant_key) { /* every solution is a walk's: of a table named */
        char example[GT_NAME_MAX + 8];
        snprintf(example, sizeof example, "%.40s-%.40s", puzzle,
                 named->solver->variant_default ? named->solver->variant_default : "");
        bad(err, "all is not available for %.40s (use the table name, e.g. %.90s)", puzzle, example);
        return NULL;
    }
    int rc = gt_serve_tables_search(s->tables, puzzle, variant_key ? str_param(q, variant_key) : NULL, &searched, err);
    if (rc == GT_OK)
        return solve_searched(s, searched, q, timeout, show, err);
    if (rc != GT_ERR_NOTFOUND || err->rc) /* err filled: a searched puzzle whose tables are missing */
        return NULL;
    if (json_object_get(q, "max_length") || json_object_get(q, "near")) {
        refuse_bounded(puzzle, err);
        return NULL;
    }
    const gt_table_spec *spec = gt_catalog_find(puzzle);
    const gt_family *family = spec ? gt_catalog_family_of(spec) : gt_catalog_find_family(puzzle);
    if (family && !family->query) {
        bad(err, "%.40s is not served yet: use godtab-solve %.40s", puzzle, puzzle);
        return NULL;
    }
    gt_answer_walk w;
    if (gt_serve_tables_walk(s->tables, puzzle, str_param(q, "metric"), &w, err) != 0 ||
        walk_query(&w, q, &text, &format, err) != 0)
        return NULL;
    return gt_answer_walk_json(&w, format, text, show, all, MAX_SOLUTIONS, err);
}

void gt_serve_solve(gt_serve_ctx *s, json_t *params, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    json_t *answer = solve_one(s, params, &err);
    if (!answer) {
        r->status = status_of(err.rc);
        r->body = error_json(&err);
        return;
    }
    ok(r, answer);
}

/* ---- health, tables, random ---- */

void gt_serve_health(gt_serve_ctx *s, gt_serve_reply *r)
{
    ok(r, json_pack("{s:s, s:f, s:i, s:I, s:I}", "status", "ok", "uptime", gt_serve_now() - s->stats.started,
                    "tables_loaded", gt_serve_tables_loaded(s->tables), "requests",
                    (json_int_t)atomic_load(&s->stats.requests), "errors",
                    (json_int_t)atomic_load(&s->stats.errors)));
}

void gt_serve_tables_reply(gt_serve_ctx *s, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    json_t *o = gt_serve_tables_json(s->tables, &err);
    if (!o)
        gt_serve_fail_rc(r, err.rc, err.message);
    else
        ok(r, o);
}

void gt_serve_random(gt_serve_ctx *s, json_t *params, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    const char *puzzle = str_param(params, "puzzle");
    uint64_t n = 1, seed = 0;
    gt_answer_walk w;
    if (!puzzle) {
        gt_serve_fail_rc(r, GT_ERR_INVAL, "give a puzzle (a table or a family: see /api/tables)");
        return;
    }
    if (getrandom(&seed, sizeof seed, 0) != sizeof seed)
        seed = (uint64_t)time(NULL);
    if (uint_param(params, "n", 1, (uint64_t)s->config->max_random, &n, &err) ||
        uint_param(params, "seed", 0, UINT64_MAX, &seed, &err) ||
        gt_serve_tables_walk(s->tables, puzzle, str_param(params, "metric"), &w, &err)) {
        gt_serve_fail_rc(r, err.rc, err.message);
        return;
    }
    gt_rng rng;
    gt_rng_seed(&rng, seed);
    json_t *list = json_array();
    for (uint64_t i = 0; list && i < n; i++) {
        json_t *o = gt_answer_walk_random(&w, &rng, NULL, 0, &err);
        if (!o || json_array_append_new(list, o) != 0) {
            json_decref(list);
            gt_serve_fail_rc(r, err.rc ? err.rc : GT_ERR_NOMEM, err.message);
            return;
        }
    }
    ok(r, list);
}

/* ---- batches ---- */

/* The query of a plain text line: the URL arguments with the line as its
 * scramble, or as the key named by `format` (facelets, config, state). */
static json_t *line_query(json_t *params, const char *line, size_t len)
{
    json_t *q = json_deep_copy(params);
    const char *format = str_param(params, "format");
    const char *key = !format || !strcmp(format, "scramble") ? "scramble" : format;
    if (q && (json_object_del(q, "format"), json_object_set_new(q, key, json_stringn(line, len)) != 0)) {
        json_decref(q);
        q = NULL;
    }
    return q;
}

/* Splits a body into queries: a JSON array, or lines (NDJSON objects or
 * plain text). Items that do not parse become JSON strings of their error,
 * answered in their place. GT_OK, or a body-wide error in err. */
static int batch_items(gt_serve_ctx *s, json_t *params, const char *body, size_t len, json_t **items,
                       gt_answer_error *err)
{
    size_t at = strspn(body, " \t\r\n");
    json_error_t je;
    char cap[32];
    snprintf(cap, sizeof cap, "%d", s->config->max_batch);
    if (at < len && body[at] == '[') {
        *items = json_loadb(body, len, 0, &je);
        if (!*items) {
            err->rc = GT_ERR_PARSE;
            char why[160];
            snprintf(err->message, sizeof err->message, "the batch is not a JSON array: %.150s",
                     gt_serve_json_why(&je, why, sizeof why));
            return GT_ERR_PARSE;
        }
    } else {
        *items = json_array();
        for (size_t i = 0; *items && i < len;) {
            size_t end = i;
            while (end < len && body[end] != '\n' && body[end] != '\r')
                end++;
            size_t k = i + strspn(body + i, " \t");
            if (k < end && body[k] != '#') {
                json_t *q = body[k] == '{' ? json_loadb(body + i, end - i, 0, &je) : line_query(params, body + i, end - i);
                char why[160];
                json_array_append_new(*items, q ? q : json_sprintf("line %zu: %s", json_array_size(*items) + 1,
                                                                        body[k] == '{' ? gt_serve_json_why(&je, why, sizeof why)
                                                                                       : "out of memory"));
            }
            i = end + 1;
        }
    }
    if (!json_is_array(*items))
        return bad(err, "the batch is not a JSON array%s%s", "", "");
    if (json_array_size(*items) > (size_t)s->config->max_batch) {
        err->rc = GT_ERR_RANGE;
        snprintf(err->message, sizeof err->message, "a batch holds at most %s queries (--max-batch), not %zu", cap,
                 json_array_size(*items));
        return GT_ERR_RANGE;
    }
    return GT_OK;
}

/* The answer of item i of a batch, carrying its index. */
static json_t *batch_answer(gt_serve_ctx *s, json_t *params, json_t *item, size_t i, double deadline, int *failed)
{
    gt_answer_error err = {0, "", NULL};
    json_t *q = json_is_object(item) && json_is_object(params) ? json_deep_copy(params) : NULL, *answer = NULL;
    if (q) { /* the URL arguments are defaults the line may override */
        json_object_del(q, "format");
        json_object_update(q, item);
    }
    if (gt_serve_now() > deadline) {
        err.rc = GT_ERR_TIMEOUT;
        snprintf(err.message, sizeof err.message, "not answered: the batch used up its time budget");
    } else if (json_is_string(item)) {
        err.rc = GT_ERR_PARSE;
        snprintf(err.message, sizeof err.message, "%s", json_string_value(item));
    } else {
        answer = solve_one(s, q ? q : item, &err);
    }
    json_decref(q);
    json_t *o = json_pack("{s:I}", "index", (json_int_t)i);
    if (answer) {
        json_object_update(o, answer);
        json_decref(answer);
    } else {
        json_t *e = error_json(&err);
        json_object_update(o, e);
        json_decref(e);
        ++*failed;
    }
    return o;
}

void gt_serve_batch(gt_serve_ctx *s, json_t *params, const char *body, size_t len, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    json_t *items = NULL;
    double timeout;
    if (timeout_param(s, params, &timeout, &err) || batch_items(s, params, body, len, &items, &err)) {
        json_decref(items);
        if (err.rc == GT_ERR_RANGE) /* too many queries: a limit, as a body too large */
            gt_serve_fail(r, 413, GT_EXIT_USAGE, "limit", err.message);
        else
            gt_serve_fail_rc(r, err.rc, err.message);
        return;
    }
    double deadline = gt_serve_now() + timeout;
    json_t *answers = json_array();
    int failed = 0;
    for (size_t i = 0; answers && i < json_array_size(items); i++)
        if (json_array_append_new(answers, batch_answer(s, params, json_array_get(items, i), i, deadline, &failed)))
            break;
    ok(r, answers ? json_pack("{s:I, s:i, s:o}", "count", (json_int_t)json_array_size(items), "failed", failed,
                              "answers", answers)
                  : NULL);
    json_decref(items);
}

/* ---- pictures: the library's SVG writer, as godtab-solve --svg ---- */

/* The distribution chart of a stored table, from /api/tables' entry. */
static int chart_of(gt_serve_ctx *s, json_t *params, const char *table, char *svg, size_t cap, gt_answer_error *err)
{
    int log_scale = 0, rc;
    json_t *all = gt_serve_tables_json(s->tables, err), *found = NULL;
    for (size_t i = 0; all && i < json_array_size(json_object_get(all, "tables")); i++) {
        json_t *t = json_array_get(json_object_get(all, "tables"), i);
        if (!strcmp(json_string_value(json_object_get(t, "name")), table))
            found = t;
    }
    uint64_t count[GT_MAX_DEPTH + 1];
    json_t *d = json_object_get(found, "distribution");
    size_t n = json_array_size(d) <= GT_MAX_DEPTH + 1 ? json_array_size(d) : GT_MAX_DEPTH + 1;
    for (size_t k = 0; k < n; k++)
        count[k] = (uint64_t)json_integer_value(json_array_get(d, k));
    rc = !all ? err->rc : !found ? GT_ERR_NOTFOUND : bool_param(params, "log", &log_scale, err);
    if (!rc && (rc = gt_draw_bars_svg(count, (int)n, log_scale, table, svg, cap)) != 0)
        snprintf(err->message, sizeof err->message, "%s", gt_strerror(rc));
    if (rc == GT_ERR_NOTFOUND)
        snprintf(err->message, sizeof err->message, "table %.100s is not built (see /api/tables)", table);
    json_decref(all);
    return err->rc = rc;
}

/* The net of a facelets answer, or the board of a config answer, captioned
 * with its solution; or a table's distribution chart (table=NAME, log=1). */
static int svg_of(gt_serve_ctx *s, json_t *params, char *svg, size_t cap, gt_answer_error *err)
{
    const char *table = str_param(params, "table");
    int rc;
    char caption[320];
    if (table)
        return chart_of(s, params, table, svg, cap, err);
    json_t *q = json_deep_copy(params);
    json_object_set_new(q, "show", json_true());
    json_object_del(q, "all");
    json_t *a = q ? solve_one(s, q, err) : NULL;
    json_decref(q);
    if (!a)
        return err->rc ? err->rc : GT_ERR_NOMEM;
    const char *solution = json_string_value(json_object_get(a, "solution"));
    const char *facelets = json_string_value(json_object_get(a, "facelets"));
    const char *config = json_string_value(json_object_get(a, "config"));
    const char *board = json_string_value(json_object_get(a, "board"));
    snprintf(caption, sizeof caption, "%s (%d)", solution && *solution ? solution : "solved",
             (int)json_integer_value(json_object_get(a, "distance")));
    int rows = 0, cols = 0, n = facelets ? (int)strlen(facelets) : 0, size = 1;
    while (size * size * 6 < n)
        size++;
    if (facelets)
        rc = gt_draw_net_svg(size, facelets, caption, svg, cap);
    else if (config && board && sscanf(board, "%dx%d", &rows, &cols) == 2)
        rc = gt_draw_board_svg(rows, cols, config, caption, svg, cap);
    else
        rc = bad(err, "no picture of %s answers%s", json_string_value(json_object_get(a, "puzzle")), "");
    json_decref(a);
    if (rc && rc != GT_ERR_INVAL)
        snprintf(err->message, sizeof err->message, "%s", gt_strerror(rc));
    return err->rc = rc;
}

char *gt_serve_svg(gt_serve_ctx *s, json_t *params, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    size_t cap = 1 << 16;
    char *svg = malloc(cap);
    if (!svg || svg_of(s, params, svg, cap, &err) != 0) {
        free(svg);
        gt_serve_fail_rc(r, svg ? err.rc : GT_ERR_NOMEM, err.message);
        return NULL;
    }
    return svg;
}
