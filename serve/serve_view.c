/* GET /api/FAMILY/VIEW: a view of a searched family's tables, written by
 * its solver (gt_query_view) as JSON text (a quotient graph with its
 * niches and beacons: docs/serve.md). The tables are picked as /api/solve
 * picks them (the solver's variant parameter). */
#include "serve.h"
#include "query.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VIEW_CAP (1 << 20)

/* A request parameter for the solver's view: its text, or NULL. */
static const char *param_of(void *user, const char *key)
{
    return json_string_value(json_object_get(user, key));
}

int gt_serve_is_view(const char *url)
{
    char family[GT_NAME_MAX];
    const char *slash = strncmp(url, "/api/", 5) ? NULL : strchr(url + 5, '/');
    size_t n = slash ? (size_t)(slash - url - 5) : 0;
    if (!slash || !n || n >= sizeof family || !slash[1] || strchr(slash + 1, '/'))
        return 0;
    memcpy(family, url + 5, n);
    family[n] = 0;
    const gt_family *f = gt_catalog_find_family(family);
    return f && f->solver && f->solver->view;
}

void gt_serve_view(gt_serve_ctx *s, const char *family, const char *view, json_t *params, gt_serve_reply *r)
{
    gt_answer_error err = {0, "", NULL};
    const gt_family *f = gt_catalog_find_family(family);
    const char *key = f && f->solver ? f->solver->variant_key : NULL;
    const gt_query *q = NULL;
    char message[256] = "";
    int rc = gt_serve_tables_search(s->tables, family, key ? param_of(params, key) : NULL, &q, &err);
    if (rc) {
        gt_serve_fail_rc(r, rc, err.message);
        return;
    }
    char *json = malloc(VIEW_CAP);
    rc = json ? gt_query_view(q, view, param_of, params, json, VIEW_CAP, message, sizeof message) : GT_ERR_NOMEM;
    json_t *o = rc ? NULL : json_loads(json, 0, NULL);
    free(json);
    if (rc) {
        gt_serve_fail_rc(r, rc, message[0] ? message : NULL);
        return;
    }
    r->status = o ? 200 : 500;
    r->body = o ? o : gt_answer_error_json(GT_ERR_NOMEM, NULL);
}
