/* The JSON answers shared by godtab-solve and godtab-serve (answer_json.h).
 * Keys are added in the order the CLI has always printed them: jansson keeps
 * insertion order, and JSON_COMPACT gives the same separators. */
#include "answer_json.h"
#include "gt_error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(gt_answer_error *err, int rc, const char *message)
{
    err->rc = rc;
    snprintf(err->message, sizeof err->message, "%s", message && *message ? message : gt_strerror(rc));
    return rc;
}

/* The message of a solver failure: a table that lies names the command that
 * rebuilds it. */
static int solver_fail(gt_answer_error *err, int rc, const char *family)
{
    char message[200];
    if (rc != GT_ERR_CORRUPT)
        return fail(err, rc, NULL);
    snprintf(message, sizeof message, "the table is inconsistent (rebuild it with: godtab-gen %s)", family);
    return fail(err, rc, message);
}

size_t gt_answer_format_moves(const char *const *names, const uint8_t *moves, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *name = names[moves[i]];
        size_t k = strlen(name);
        if (len + k + 2 >= cap)
            break;
        if (i)
            buf[len++] = ' ';
        memcpy(buf + len, name, k + 1);
        len += k;
    }
    return len;
}

int gt_answer_walk_solve(const gt_answer_walk *w, int format, const char *query, void *pos, uint64_t *index,
                         uint8_t *moves, int *len, gt_answer_error *err)
{
    const gt_query_hooks *q = w->family->query;
    gt_parse_error pe = {0};
    int rc = q->parse(w->spec, format, query, pos, index, &pe);
    if (rc)
        return fail(err, rc, pe.message);
    if ((rc = gt_solve_walk(w->puzzle, w->table, *index, moves, GT_MAX_DEPTH, len)) != 0)
        return solver_fail(err, rc, w->family->name);
    /* A failed replay means the table lies: nothing is answered. */
    if (!q->solves(w->spec, pos, moves, *len))
        return solver_fail(err, GT_ERR_CORRUPT, w->family->name);
    return GT_OK;
}

/* Builds an object from alternating keys and values (stolen references);
 * NULL if any allocation failed (everything is released). */
static json_t *object_of(int n, const char *const *keys, json_t *const *values)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (int i = 0; i < n; i++) {
        if (ok) /* json_object_set_new takes the value even when it fails */
            ok = values[i] && json_object_set_new(o, keys[i], values[i]) == 0;
        else
            json_decref(values[i]);
    }
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

typedef struct collect {
    const gt_puzzle *p;
    json_t *list;
    uint64_t max;
    int overflow, nomem;
    uint64_t twins; /* walks written as another one ("R' R'" as "R R"): not listed */
} collect;

static int collect_solution(void *user, const uint8_t *moves, int length)
{
    collect *c = user;
    char line[256];
    if (!gt_solve_written_once(c->p, moves, length)) {
        c->twins++;
        return 0;
    }
    if (json_array_size(c->list) >= c->max) {
        c->overflow = 1;
        return 1;
    }
    gt_solve_format_moves(c->p, moves, length, line, sizeof line);
    if (json_array_append_new(c->list, json_string(line)) != 0) {
        c->nomem = 1;
        return 1;
    }
    return 0;
}

/* Adds "solutions" and "count": every optimal solution of index. */
static int add_all(const gt_answer_walk *w, uint64_t index, uint64_t max, json_t *o, gt_answer_error *err)
{
    collect col = {w->puzzle, json_array(), max, 0, 0, 0};
    uint64_t count = 0;
    if (!col.list || json_object_set_new(o, "solutions", col.list) != 0)
        return fail(err, GT_ERR_NOMEM, NULL);
    int rc = gt_solve_all(w->puzzle, w->table, index, collect_solution, &col, &count);
    if (rc)
        return solver_fail(err, rc, w->family->name);
    if (col.nomem)
        return fail(err, GT_ERR_NOMEM, NULL);
    if (col.overflow)
        return fail(err, GT_ERR_RANGE, "too many optimal solutions to print");
    if (json_object_set_new(o, "count", json_integer((json_int_t)(count - col.twins))) != 0)
        return fail(err, GT_ERR_NOMEM, NULL);
    return GT_OK;
}

json_t *gt_answer_walk_json(const gt_answer_walk *w, int format, const char *query, int show, int all,
                            uint64_t max_solutions, gt_answer_error *err)
{
    _Alignas(max_align_t) unsigned char pos[GT_ANSWER_POSITION_MAX];
    const gt_query_hooks *q = w->family->query;
    uint8_t moves[GT_MAX_DEPTH];
    uint64_t index;
    int len;
    char solution[256], state[512];
    if (q->position_bytes > sizeof pos) {
        fail(err, GT_ERR_INVAL, "internal error: positions are too large");
        return NULL;
    }
    if (gt_answer_walk_solve(w, format, query, pos, &index, moves, &len, err) != 0)
        return NULL;
    gt_solve_format_moves(w->puzzle, moves, len, solution, sizeof solution);
    static const char *const keys[] = {"puzzle", "metric", "distance", "solution"};
    json_t *values[] = {json_string(w->family->name), json_string(w->puzzle->metric), json_integer(len),
                        json_string(solution)};
    json_t *o = object_of(4, keys, values);
    if (!o) {
        fail(err, GT_ERR_NOMEM, NULL);
        return NULL;
    }
    int rc = GT_OK;
    if (show && q->state_text && q->state_text(w->spec, pos, state, sizeof state) == GT_OK &&
        json_object_set_new(o, q->state_key, json_string(state)) != 0)
        rc = fail(err, GT_ERR_NOMEM, NULL);
    if (!rc && all)
        rc = add_all(w, index, max_solutions, o, err);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *gt_answer_walk_random(const gt_answer_walk *w, gt_rng *rng, char *text, size_t cap,
                              gt_answer_error *err)
{
    _Alignas(max_align_t) unsigned char pos[GT_ANSWER_POSITION_MAX];
    const gt_puzzle *p = w->puzzle;
    uint8_t moves[GT_MAX_DEPTH], inverse[GT_MAX_DEPTH] = {0};
    uint64_t index;
    int len, rc;
    do /* rejection: an index outside the reachable set is drawn again */
        index = gt_rng_below(rng, p->n_states);
    while (gt_table_residue(w->table, p, index) < 0);
    if ((rc = w->family->query->from_index(w->spec, index, pos)) != 0 ||
        (rc = gt_solve_walk(p, w->table, index, moves, GT_MAX_DEPTH, &len)) != 0 ||
        (rc = w->family->query->solves(w->spec, pos, moves, len) ? GT_OK : GT_ERR_CORRUPT) != 0) {
        solver_fail(err, rc, w->family->name);
        return NULL;
    }
    for (int k = 0; k < len; k++)
        inverse[k] = (uint8_t)p->move_inverse[moves[len - 1 - k]];
    char scramble[256], solution[256], state[512] = "";
    gt_solve_format_moves(p, inverse, len, scramble, sizeof scramble);
    gt_solve_format_moves(p, moves, len, solution, sizeof solution);
    const gt_query_hooks *q = w->family->query;
    if (q->state_text && q->state_text(w->spec, pos, state, sizeof state) != GT_OK)
        state[0] = 0;
    /* the shape of every family's --random (docs/json.md): the state, a
     * tab, the scramble */
    if (text)
        snprintf(text, cap, "%s\t%s", state, scramble);
    static const char *const keys[] = {"puzzle", "metric", "state", "scramble", "length", "distance", "solution"};
    json_t *values[] = {json_string(w->family->name), json_string(p->metric), json_string(state),
                        json_string(scramble), json_integer(len), json_integer(len), json_string(solution)};
    json_t *o = object_of(7, keys, values);
    if (!o)
        fail(err, GT_ERR_NOMEM, NULL);
    return o;
}

/* The JSON value of one answer field. */
static json_t *field_json(const gt_answer_field *f)
{
    switch (f->type) {
    case GT_FIELD_INT: return json_integer((json_int_t)f->i);
    case GT_FIELD_REAL: return json_real(f->r);
    case GT_FIELD_BOOL: return json_boolean(f->i);
    case GT_FIELD_NULL: return json_null();
    case GT_FIELD_JSON: return json_loads(f->text, JSON_DECODE_ANY, NULL);
    default: return json_string(f->text);
    }
}

json_t *gt_answer_json(const gt_answer *a, int rc)
{
    json_t *o = a->n_fields ? json_object() : NULL;
    for (int i = 0; o && i < a->n_fields; i++)
        if (json_object_set_new(o, a->fields[i].key, field_json(&a->fields[i])) != 0) {
            json_decref(o);
            return NULL;
        }
    if (o && rc) { /* an answer short of what was asked: said so, as the CLI's exit 10 */
        json_t *e = gt_answer_error_json(rc, a->message);
        if (!e || json_object_set(o, "limit", json_object_get(e, "error")) != 0) {
            json_decref(o);
            o = NULL;
        }
        json_decref(e);
    }
    return o;
}

const char *gt_answer_kind(int rc)
{
    switch (rc) {
    case GT_OK: return "ok";
    case GT_ERR_NOMEM: return "internal";
    case GT_ERR_INVAL: return "usage";
    case GT_ERR_PARSE: return "malformed";
    case GT_ERR_ILLEGAL: return "impossible";
    case GT_ERR_NOTFOUND: return "missing";
    case GT_ERR_CORRUPT: case GT_ERR_VERSION: return "corrupted";
    case GT_ERR_STORAGE: return "storage";
    case GT_ERR_MISMATCH: return "mismatch";
    case GT_ERR_RANGE: return "too_large";
    case GT_ERR_TIMEOUT: case GT_ERR_INTERRUPT: return "limit";
    default: return "internal";
    }
}

json_t *gt_answer_error_object(int exit_code, const char *kind, const char *message)
{
    static const char *const keys[] = {"code", "kind", "message"};
    json_t *values[] = {json_integer(exit_code), json_string(kind), json_string(message)};
    json_t *inner = object_of(3, keys, values);
    json_t *o = inner ? json_object() : NULL;
    if (o && json_object_set_new(o, "error", inner) == 0)
        return o;
    json_decref(o);
    return NULL;
}

json_t *gt_answer_error_json(int rc, const char *message)
{
    return gt_answer_error_object(gt_exit_code(rc), gt_answer_kind(rc),
                                  message && *message ? message : gt_strerror(rc));
}

char *gt_answer_dump(const json_t *value)
{
    return json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(9));
}
