/* godtab-solve def with pattern databases (cmd_def.h): when no full table
 * was built but `godtab-gen --def FILE --pdb ...` stored NAME-pdb0,
 * NAME-pdb1, ..., the answer comes from the optimal search over them
 * (def_pdb.h). Each database carries the definition and its projection;
 * each is checked against its projection's size before it is used. */
#include "cli.h"
#include "cmd_def.h"
#include "gt_error.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gt_def_pdb_base(const char *name, char *base, size_t cap)
{
    const char *tail = strrchr(name, '-');
    if (!tail || (strcmp(tail, "-near") &&
                  (strncmp(tail, "-pdb", 4) || !tail[4] || strspn(tail + 4, "0123456789") != strlen(tail + 4))))
        return 0;
    snprintf(base, cap, "%.*s", (int)(tail - name), name);
    return 1;
}

static int load_one(const def_cli *c, def_session *s, int i, const char *name, gt_catalog_def_source *stored)
{
    int rc = gt_db_get_table(s->db, name, 0, &s->pdb[i]);
    if (rc) {
        gt_cli_table_error(s->db, c->db_path, name, "", rc);
        return gt_exit_code(rc);
    }
    const gt_view *v = gt_table_section(s->pdb[i], GT_CATALOG_DEF_SECTION);
    gt_catalog_def_source src;
    if (!v || gt_catalog_def_read((const char *)v->data, v->bytes, &src) != GT_OK ||
        (i > 0 && (src.len != stored->len || memcmp(src.text, stored->text, src.len) || src.metric != stored->metric ||
                   strcmp(src.moves, stored->moves)))) {
        fprintf(stderr, "godtab-solve: table %s: its stored definition is %s; rebuild with godtab-gen --def FILE --pdb\n",
                name, v ? "another one's or damaged" : "missing");
        return GT_EXIT_CORRUPT;
    }
    if (i == 0)
        *stored = src;
    return 0;
}

/* NAME-near, when built: mapped (the search copies it), and of the same
 * definition as NAME-pdb0. */
static int load_near(const def_cli *c, def_session *s)
{
    char name[GT_NAME_MAX + 16];
    gt_table_meta m;
    snprintf(name, sizeof name, "%s-near", s->name);
    int rc = strlen(name) >= GT_NAME_MAX ? GT_ERR_NOTFOUND : gt_db_get_meta(s->db, name, &m);
    if (rc == GT_ERR_NOTFOUND)
        return 0;
    if (rc == GT_OK)
        rc = gt_db_map_table(s->db, name, &s->near);
    if (rc) {
        gt_cli_table_error(s->db, c->db_path, name, "", rc);
        return gt_exit_code(rc);
    }
    const gt_view *v = gt_table_section(s->near, GT_CATALOG_DEF_SECTION),
                  *w = gt_table_section(s->pdb[0], GT_CATALOG_DEF_SECTION);
    if (!v || !w || v->bytes != w->bytes || memcmp(v->data, w->data, v->bytes)) {
        fprintf(stderr, "godtab-solve: table %s: its stored definition is %s; rebuild with godtab-gen --def FILE --pdb\n",
                name, v ? "another one's or damaged" : "missing");
        return GT_EXIT_CORRUPT;
    }
    return 0;
}

int gt_def_pdb_load(const def_cli *c, def_session *s, gt_catalog_def_source *stored, int *have_stored)
{
    char name[GT_NAME_MAX + 16];
    gt_table_meta m;
    int rc;
    s->n_pdb = 0;
    for (int i = 0; i < GT_DEF_PDB_MAX; i++) {
        snprintf(name, sizeof name, "%s-pdb%d", s->name, i);
        if (strlen(name) >= GT_NAME_MAX || gt_db_get_meta(s->db, name, &m) != GT_OK)
            break;
        if ((rc = load_one(c, s, i, name, stored)) != 0)
            return rc;
        s->n_pdb = i + 1;
    }
    *have_stored = s->n_pdb > 0;
    return s->n_pdb > 0 ? load_near(c, s) : 0;
}

int gt_def_pdb_model(def_session *s, const char *where, int metric, uint64_t mask)
{
    gt_def_options o = {.metric = metric, .move_mask = mask};
    gt_def_error err = {0};
    int rc = gt_def_model_plan_orbits(s->def, &o, &s->model, &err);
    if (rc) {
        fprintf(stderr, "godtab-solve: %s: %s\n", where, rc == GT_ERR_NOMEM ? gt_strerror(rc) : err.message);
        return rc == GT_ERR_INVAL ? GT_EXIT_PARSE : GT_EXIT_INTERNAL;
    }
    s->metric = metric == GT_DEF_QTM ? "qtm" : "htm";
    for (int i = 0; i < s->n_pdb; i++) {
        const gt_table *t = s->pdb[i];
        if (gt_catalog_def_pdb_projection(t, s->model, &s->proj[i]) != GT_OK) {
            fprintf(stderr, "godtab-solve: table %s: not a pattern database of this definition (its projection "
                            "does not read, or has another size); rebuild it\n",
                    t->meta.name);
            return GT_EXIT_CORRUPT;
        }
    }
    rc = gt_def_search_open(s->model, s->proj, (const gt_table *const *)s->pdb, s->n_pdb, s->near,
                            s->in_place ? GT_DEF_SEARCH_IN_PLACE : 0, &s->search);
    if (rc == GT_ERR_INVAL && s->near && gt_def_near_table_depth(s->near, &(int){0}, NULL) != GT_OK) {
        fprintf(stderr, "godtab-solve: table %s: not a near table of this version; rebuild it\n", s->near->meta.name);
        return GT_EXIT_CORRUPT;
    }
    if (rc) {
        fprintf(stderr, "godtab-solve: %s: %s%s\n", where, s->near && rc == GT_ERR_CORRUPT ? "the near table: " : "",
                gt_strerror(rc));
        return gt_exit_code(rc);
    }
    if (s->in_place) /* one query: no copy, and no warm-up for a second */
        return 0;
    gt_table_free(s->near); /* the search holds its own checked copy: the mapping's pages go back */
    s->near = NULL;
    gt_def_search_warm_up(s->search);
    return 0;
}

static void show_progress(void *user, int depth, uint64_t nodes, double seconds)
{
    (void)user;
    fprintf(stderr, "godtab-solve: no solution of %d moves (%llu nodes, %.2f s)\n", depth, (unsigned long long)nodes,
            seconds);
}

int gt_def_pdb_solve(const def_cli *c, const def_session *s, const uint8_t *perm, const uint8_t *ori,
                     gt_def_solution_fn on_solution, void *user, gt_def_search_result *r, char *err, size_t errcap)
{
    gt_def_search_options o = {.threads = c->threads, .timeout = c->timeout, .all = on_solution != NULL,
                               .on_solution = on_solution, .user = user,
                               .on_progress = c->progress ? show_progress : NULL};
    gt_def_error e = {0};
    int rc = gt_def_search_run(s->search, perm, ori, &o, r, &e);
    if (rc == GT_ERR_TIMEOUT)
        snprintf(err, errcap, "no answer within the time limit: the optimal length is at least %d", r->lower_bound);
    else if (rc == GT_ERR_ILLEGAL || (rc == GT_ERR_CORRUPT && e.message[0]))
        snprintf(err, errcap, "%s", e.message);
    else if (rc)
        snprintf(err, errcap, "%s", gt_strerror(rc));
    return rc;
}
