/* The solver hooks of the taquin (spec.h): board queries through the one
 * query path (gt_query_answer), the board picked by the option variant
 * ("4x4": table taquin-4x4), and the "graph" view: the quotient graph as
 * the seed article draws it (2.7, 2.8.1.3), every type with its (d;k)
 * number, its closer / farther / as-far neighbour types, the upward niches
 * and a smallest beacon set for a radius (gt_taquin_beacon_search). */
#include "taquin.h"
#include "gt_error.h"
#include "json_quote.h"
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct taquin_handle {
    gt_loader ld;
    char table[GT_NAME_MAX];
    gt_puzzle *puzzle;
    gt_table *t;
    gt_taquin_tables tables;
    gt_taquin_anatomy *anatomy;
} taquin_handle;

static void taquin_close(void *handle)
{
    taquin_handle *h = handle;
    if (!h)
        return;
    gt_taquin_anatomy_free(h->anatomy);
    if (h->puzzle)
        h->ld.unload(h->ld.user, h->table, h->puzzle, h->t);
    free(h);
}

/* The board's table, checked to be a taquin byte table; with show, the
 * (d;k) numbers where the CLI gives them (boards small enough: they need
 * every type), or none if they cannot be built. */
static int load_board(taquin_handle *h, int show)
{
    int rc = h->ld.load(h->ld.user, h->table, &h->puzzle, &h->t);
    if (rc)
        return rc;
    if (gt_taquin_board_of(h->puzzle, &h->tables.board) != 0 || h->t->meta.encoding != GT_ENC_BYTE)
        return GT_ERR_CORRUPT;
    h->tables.puzzle = h->puzzle;
    h->tables.table = h->t;
    if (show && h->puzzle->n_states <= GT_TAQUIN_ANATOMY_MAX_STATES &&
        gt_taquin_anatomy_build(h->puzzle, h->t->data, &h->anatomy) != GT_OK)
        h->anatomy = NULL;
    h->tables.anatomy = h->anatomy;
    return GT_OK;
}

static int taquin_open(const gt_loader *ld, const char *name, const gt_solve_options *o, void **out)
{
    const char *board = o && o->variant ? o->variant : "3x3";
    int rows, cols;
    *out = NULL;
    if (strcmp(name, "taquin") != 0)
        return GT_ERR_NOTFOUND;
    if (gt_taquin_parse_size(board, &rows, &cols) != 0)
        return GT_ERR_INVAL;
    taquin_handle *h = calloc(1, sizeof *h);
    if (!h)
        return GT_ERR_NOMEM;
    h->ld = *ld;
    snprintf(h->table, sizeof h->table, "taquin-%dx%d", rows, cols);
    int rc = load_board(h, o && o->show);
    if (rc) {
        taquin_close(h);
        return rc;
    }
    *out = h;
    return GT_OK;
}

static int taquin_solve(const void *handle, int format, const char *text, const gt_solve_options *o, gt_answer *a,
                        gt_parse_error *err)
{
    const taquin_handle *h = handle;
    if (format != GT_QUERY_STATE) {
        return gt_error_set(err, GT_ERR_PARSE, 0, 0, "taquin wants a config (n·m tiles 0/1 row by row: 110/101/100)");
    }
    return gt_taquin_answer(&h->tables, text, o && o->show, a, err);
}

/* The indices of links, a JSON list appended to buf. */
static int put_links(const char *key, const gt_taquin_link *links, int n, char *buf, size_t cap, size_t *len)
{
    if (gt_textbuf_append(buf, cap, len, ",\"%s\":[", key) != 0)
        return GT_ERR_RANGE;
    for (int i = 0; i < n; i++)
        if (gt_textbuf_append(buf, cap, len, "%s%d", i ? "," : "", links[i].type) != 0)
            return GT_ERR_RANGE;
    return gt_textbuf_append(buf, cap, len, "]") ? GT_ERR_RANGE : GT_OK;
}

/* One type of the graph, a JSON object appended to buf. */
static int put_type(const gt_taquin_board *b, const gt_taquin_type *t, int index, int beacon, char *buf, size_t cap,
                    size_t *len)
{
    char rep[64];
    gt_taquin_format(b, t->rep_code, rep, sizeof rep);
    int rc = gt_textbuf_append(buf, cap, len, "%s{\"index\":%d,\"number\":\"(%d;%d)\",\"representative\":",
                               index ? "," : "", index, t->distance, t->number) ||
                     gt_json_quote(buf, cap, len, rep) ||
                     gt_textbuf_append(buf, cap, len, ",\"distance\":%d,\"orbit_size\":%d", t->distance, t->orbit_size)
                 ? GT_ERR_RANGE
                 : GT_OK;
    if (rc == GT_OK)
        rc = put_links("closer", t->up, t->n_up, buf, cap, len);
    if (rc == GT_OK)
        rc = put_links("farther", t->down, t->n_down, buf, cap, len);
    if (rc == GT_OK)
        rc = put_links("as_far", t->level, t->n_level, buf, cap, len);
    if (rc == GT_OK && gt_textbuf_append(buf, cap, len, ",\"niche\":%s,\"beacon\":%s}",
                                         t->distance > 0 && t->n_down == 0 ? "true" : "false",
                                         beacon ? "true" : "false") != 0)
        rc = GT_ERR_RANGE;
    return rc;
}

/* The radius parameter: 1, 2 or 3 (default 2). */
static int radius_of(const char *text, int *radius)
{
    *radius = text ? (int)strtol(text, NULL, 10) : 2;
    if (*radius < 1 || *radius > 3 || (text && strspn(text, "0123456789") != strlen(text)))
        return GT_ERR_INVAL;
    return GT_OK;
}

/* "graph": {"board","radius","types":[...],"niches","beacons","smallest_beacon_sets"}. */
static int taquin_view(const void *handle, const char *view, const char *(*param)(void *user, const char *key),
                       void *user, char *json, size_t cap, char *message, size_t message_cap)
{
    const taquin_handle *h = handle;
    const gt_taquin_anatomy *a = h->anatomy;
    const char *board = param(user, "board");
    int radius;
    size_t len = 0;
    if (strcmp(view, "graph") != 0)
        return GT_ERR_NOTFOUND;
    if (radius_of(param(user, "radius"), &radius) != GT_OK) {
        snprintf(message, message_cap, "radius wants 1, 2 or 3");
        return GT_ERR_INVAL;
    }
    if (!a || a->n_types > GT_TAQUIN_BEACON_MAX_TYPES) {
        snprintf(message, message_cap, "the quotient graph is drawn for boards of at most 64 types (2x2 to 3x3, "
                                       "2x4, 2x6)");
        return GT_ERR_INVAL;
    }
    gt_taquin_beacon_set set;
    int rc = gt_taquin_beacon_search(a, radius, 1, &set);
    json[0] = 0;
    if (rc == GT_OK && (gt_textbuf_append(json, cap, &len, "{\"board\":") ||
                        gt_json_quote(json, cap, &len, board ? board : "3x3") ||
                        gt_textbuf_append(json, cap, &len, ",\"radius\":%d,\"types\":[", radius)))
        rc = GT_ERR_RANGE;
    for (int i = 0; rc == GT_OK && i < a->n_types; i++)
        rc = put_type(h->tables.board, &a->types[i], i, (int)(set.beacons >> i & 1), json, cap, &len);
    if (rc == GT_OK && gt_textbuf_append(json, cap, &len, "],\"niches\":%d,\"beacons\":%d,\"smallest_beacon_sets\":%llu}",
                                         a->upward_niches, set.size, (unsigned long long)set.optimal_sets) != 0)
        rc = GT_ERR_RANGE;
    if (rc)
        snprintf(message, message_cap, "%s", gt_strerror(rc));
    return rc;
}

const gt_solver_hooks gt_taquin_solver_hooks = {
    .state_key = "config",
    .state_only = 1,
    .state_help = "a config (n·m tiles 0/1 row by row: 110/101/100)",
    .variant_key = "board",
    .variant_help = "NxM with 2 <= N, M <= 6",
    .variant_default = "3x3",
    .open = taquin_open,
    .solve = taquin_solve,
    .close = taquin_close,
    .view = taquin_view,
};
