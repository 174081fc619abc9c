/* GET /api/taquin/graph: the quotient graph of a taquin board as the seed
 * article draws it (2.7, 2.8.1.3): every type with its (d;k) number,
 * representative, distance, orbit size and its closer / farther / as-far
 * neighbour types; the upward niches (no farther neighbour); and a smallest
 * beacon set for a radius, found by the library's exhaustive search
 * (gt_taquin_beacon_search). The web page draws it on concentric circles. */
#include "serve.h"
#include "gt_error.h"

#include <stdio.h>
#include <string.h>

/* The indices of a type's links, as a JSON array. */
static json_t *links_json(const gt_taquin_link *links, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        json_array_append_new(a, json_integer(links[i].type));
    return a;
}

static json_t *type_json(const gt_taquin_board *b, const gt_taquin_type *t, int index, int beacon)
{
    char rep[64], number[32];
    gt_taquin_format(b, t->rep_code, rep, sizeof rep);
    snprintf(number, sizeof number, "(%d;%d)", t->distance, t->number);
    return json_pack("{s:i, s:s, s:s, s:i, s:i, s:o, s:o, s:o, s:b, s:b}", "index", index, "number", number,
                     "representative", rep, "distance", t->distance, "orbit_size", t->orbit_size, "closer",
                     links_json(t->up, t->n_up), "farther", links_json(t->down, t->n_down), "as_far",
                     links_json(t->level, t->n_level), "niche", t->distance > 0 && t->n_down == 0, "beacon",
                     beacon);
}

void gt_serve_taquin_graph(gt_serve_ctx *s, json_t *params, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    const char *board = json_string_value(json_object_get(params, "board"));
    const char *radius_text = json_string_value(json_object_get(params, "radius"));
    int radius = radius_text ? (int)strtol(radius_text, NULL, 10) : 2;
    gt_answer_taquin t;
    if (radius < 1 || radius > 3 || (radius_text && strspn(radius_text, "0123456789") != strlen(radius_text))) {
        gt_serve_fail_rc(r, GT_ERR_INVAL, "radius wants 1, 2 or 3");
        return;
    }
    if (gt_serve_tables_taquin(s->tables, board ? board : "3x3", 1, &t, &err) != 0) {
        gt_serve_fail_rc(r, err.rc, err.message);
        return;
    }
    const gt_taquin_anatomy *a = t.anatomy;
    if (!a || a->n_types > GT_TAQUIN_BEACON_MAX_TYPES) {
        gt_serve_fail_rc(r, GT_ERR_INVAL, "the quotient graph is drawn for boards of at most 64 types (2x2 to 3x3, "
                                          "2x4, 2x6)");
        return;
    }
    gt_taquin_beacon_set set;
    int rc = gt_taquin_beacon_search(a, radius, 1, &set);
    if (rc) {
        gt_serve_fail_rc(r, rc, NULL);
        return;
    }
    json_t *types = json_array();
    for (int i = 0; types && i < a->n_types; i++)
        json_array_append_new(types, type_json(t.board, &a->types[i], i, (int)(set.beacons >> i & 1)));
    json_t *o = json_pack("{s:s, s:i, s:o, s:i, s:i, s:I}", "board", board ? board : "3x3", "radius", radius, "types",
                          types, "niches", a->upward_niches, "beacons", set.size, "smallest_beacon_sets",
                          (json_int_t)set.optimal_sets);
    r->status = o ? 200 : 500;
    r->body = o ? o : gt_answer_error_json(GT_ERR_NOMEM, NULL);
}
