/* Definition tables registered at run time from the catalogue
 * (catalog_def.h): a stored table that carries its definition becomes a
 * table spec again (to rebuild it: godtab-gen-mpi NAME) and a searched
 * family of its own (gt_catalog_def_family: godtab-solve NAME, godtab-serve
 * ?puzzle=NAME, python db.solve(NAME, ...)). */
#include "catalog.h"
#include "catalog_def.h"
#include "def_pdb.h"
#include "gt_error.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The stored record, in a block the spec's sections hook hands back. */
typedef struct def_record {
    gt_def_request req; /* first: gt_def_make_puzzle reads spec->arg as a gt_def_request */
    char *bytes;
    size_t len;
} def_record;

/* A pattern database's spec->arg (def_pdb.h): its request first, then
 * what its two sections hold. */
typedef struct pdb_record {
    gt_def_pdb_request req;
    const def_record *rec;
    char text[GT_DEF_PROJ_TEXT_MAX];
} pdb_record;

struct gt_catalog_def_table {
    gt_table_spec spec;
    def_record rec;
    pdb_record pdb; /* a pattern database (GT_DEF_PROJ_SECTION): its projection */
    int is_pdb;
    gt_def *def;
    char name[GT_NAME_MAX];
    char summary[GT_NAME_MAX + 48];
};

static int def_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const def_record *r = spec->arg;
    (void)p;
    out[0] = (gt_section_data){GT_CATALOG_DEF_SECTION, r->bytes, r->len};
    *n = 1;
    return GT_OK;
}

static int pdb_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const pdb_record *r = spec->arg;
    (void)p;
    out[0] = (gt_section_data){GT_CATALOG_DEF_SECTION, r->rec->bytes, r->rec->len};
    out[1] = (gt_section_data){GT_DEF_PROJ_SECTION, r->text, strlen(r->text)};
    *n = 2;
    return GT_OK;
}

/* A pattern database's spec: the definition's request and the projection
 * stored beside it (its text, v's bytes). */
static int pdb_spec(const gt_view *v, gt_catalog_def_table *dt)
{
    if (v->bytes >= sizeof dt->pdb.text || memchr(v->data, 0, v->bytes))
        return GT_ERR_CORRUPT;
    memcpy(dt->pdb.text, v->data, v->bytes);
    dt->pdb.text[v->bytes] = 0;
    dt->pdb.req = (gt_def_pdb_request){dt->rec.req, dt->pdb.text};
    dt->pdb.rec = &dt->rec;
    dt->is_pdb = 1;
    gt_def_pdb_spec_init(&dt->spec, dt->name, dt->summary, &dt->pdb.req);
    dt->spec.arg = &dt->pdb;
    dt->spec.sections = pdb_sections;
    return GT_OK;
}

void gt_catalog_def_table_free(gt_catalog_def_table *dt)
{
    if (!dt)
        return;
    gt_def_free(dt->def);
    free(dt->rec.bytes);
    free(dt);
}

/* The definition record (its bytes, copied) of a table called name,
 * parsed into dt's spec. */
static int from_record(const void *bytes, size_t len, const char *name, gt_catalog_def_table *dt)
{
    gt_catalog_def_source src;
    gt_def_error e;
    if (!(dt->rec.bytes = malloc(len ? len : 1)))
        return GT_ERR_NOMEM;
    memcpy(dt->rec.bytes, bytes, len);
    dt->rec.len = len;
    int rc = gt_catalog_def_read(dt->rec.bytes, dt->rec.len, &src);
    if (rc == GT_OK && (rc = gt_catalog_def_parse(src.text, src.len, src.cycle_notation, &dt->def, &e)) != GT_OK)
        rc = rc == GT_ERR_NOMEM ? rc : GT_ERR_CORRUPT;
    uint64_t mask = 0;
    if (rc == GT_OK && gt_def_moves_mask(dt->def, src.moves, &mask, &e) != GT_OK)
        rc = GT_ERR_CORRUPT;
    if (rc)
        return rc;
    dt->rec.req = (gt_def_request){dt->def, {.metric = src.metric, .move_mask = mask}};
    snprintf(dt->name, sizeof dt->name, "%s", name);
    snprintf(dt->summary, sizeof dt->summary, "%s: the definition stored with the table (%s)", name,
             src.metric == GT_DEF_QTM ? "qtm" : "htm");
    gt_def_spec_init(&dt->spec, dt->name, dt->summary, &dt->rec.req);
    dt->spec.arg = &dt->rec;
    dt->spec.sections = def_sections;
    /* as godtab-gen --def stores it: mapped, checked against the literature */
    dt->spec.storage = GT_STORAGE_MAPPED;
    dt->spec.published = gt_def_find_published(dt->def, src.metric, mask);
    return GT_OK;
}

/* The definition of a table t called name: parsed from its section; the
 * spec rebuilds it as it is stored (its encoding). */
static int from_table(const gt_table *t, const char *name, gt_catalog_def_table *dt)
{
    const gt_view *v = gt_table_section(t, GT_CATALOG_DEF_SECTION);
    if (!v || gt_table_section(t, GT_DEF_NEAR_SECTION))
        return GT_ERR_NOTFOUND; /* not a definition table (or one built before they were stored), or a near table:
                                   hashed slots, read only by the search of its set */
    int rc = from_record(v->data, v->bytes, name, dt);
    const gt_view *proj = gt_table_section(t, GT_DEF_PROJ_SECTION);
    if (rc == GT_OK && proj)
        rc = pdb_spec(proj, dt);
    if (rc == GT_OK)
        dt->spec.encoding = t->meta.encoding;
    return rc;
}

int gt_catalog_def_table_from_record(const void *bytes, size_t len, const char *name, gt_encoding encoding,
                                     gt_catalog_def_table **out)
{
    *out = NULL;
    gt_catalog_def_table *dt = calloc(1, sizeof *dt);
    if (!dt)
        return GT_ERR_NOMEM;
    int rc = from_record(bytes, len, name, dt);
    if (rc) {
        gt_catalog_def_table_free(dt);
        return rc == GT_ERR_NOMEM ? rc : GT_ERR_CORRUPT;
    }
    dt->spec.encoding = encoding;
    *out = dt;
    return GT_OK;
}

void gt_catalog_def_table_record(const gt_catalog_def_table *dt, const void **bytes, size_t *len)
{
    *bytes = dt->rec.bytes;
    *len = dt->rec.len;
}

int gt_catalog_def_table_of(const gt_table *t, const char *name, gt_catalog_def_table **out)
{
    *out = NULL;
    gt_catalog_def_table *dt = calloc(1, sizeof *dt);
    if (!dt)
        return GT_ERR_NOMEM;
    int rc = from_table(t, name, dt);
    if (rc) {
        gt_catalog_def_table_free(dt);
        return rc;
    }
    *out = dt;
    return GT_OK;
}

int gt_catalog_def_table_open(gt_db *db, const char *name, gt_catalog_def_table **out)
{
    gt_table *t = NULL;
    *out = NULL;
    if (gt_catalog_find(name) || gt_catalog_find_family(name))
        return GT_ERR_NOTFOUND; /* a catalog name is never a definition table */
    int rc = gt_db_map_table(db, name, &t);
    if (rc == GT_ERR_INVAL)
        rc = GT_ERR_NOTFOUND; /* not a table name at all */
    if (rc == GT_OK)
        rc = gt_catalog_def_table_of(t, name, out);
    gt_table_free(t);
    return rc;
}

const gt_table_spec *gt_catalog_def_table_spec(const gt_catalog_def_table *dt)
{
    return &dt->spec;
}

const char *gt_catalog_def_table_metric(const gt_catalog_def_table *dt)
{
    return dt->rec.req.options.metric == GT_DEF_QTM ? "qtm" : "htm";
}

/* ---- the solver hooks of a definition table ---- */

typedef struct def_handle {
    gt_catalog_def_table *dt;
    gt_table *table;
    gt_puzzle *p; /* ctx: the gt_def_model */
    /* No table NAME but pattern databases NAME-pdb0, ... (def_pdb.h): the
     * orbit model and the search over them answer instead. */
    int n_pdb;
    gt_table *pdb[GT_DEF_PDB_MAX];
    gt_def_proj proj[GT_DEF_PDB_MAX];
    gt_table *near; /* NAME-near, or NULL */
    gt_def_model *m;
    gt_def_search *search;
    char name[GT_NAME_MAX];
} def_handle;

static void def_close(void *handle)
{
    def_handle *h = handle;
    if (!h)
        return;
    if (h->p)
        h->dt->spec.free_puzzle(h->p);
    gt_def_search_free(h->search);
    gt_def_model_free(h->m);
    for (int i = 0; i < h->n_pdb; i++)
        gt_table_free(h->pdb[i]);
    gt_table_free(h->near);
    gt_table_free(h->table);
    gt_catalog_def_table_free(h->dt);
    free(h);
}

int gt_catalog_def_pdb_projection(const gt_table *t, const gt_def_model *m, gt_def_proj *pr)
{
    char text[GT_DEF_PROJ_TEXT_MAX];
    const gt_view *v = gt_table_section(t, GT_DEF_PROJ_SECTION);
    gt_def_error e;
    if (!v || v->bytes >= sizeof text || memchr(v->data, 0, v->bytes))
        return GT_ERR_CORRUPT;
    memcpy(text, v->data, v->bytes);
    text[v->bytes] = 0;
    if (gt_def_proj_parse(m, text, pr, &e) != GT_OK || pr->states != t->meta.n_states ||
        t->meta.encoding != GT_ENC_MOD3)
        return GT_ERR_CORRUPT;
    return GT_OK;
}

/* 1 if two tables store the same definition record. */
static int same_definition(const gt_table *a, const gt_table *b)
{
    const gt_view *x = gt_table_section(a, GT_CATALOG_DEF_SECTION), *y = gt_table_section(b, GT_CATALOG_DEF_SECTION);
    return x && y && x->bytes == y->bytes && !memcmp(x->data, y->data, x->bytes);
}

/* The pattern databases NAME-pdb0, NAME-pdb1, ... of name, and its near
 * table NAME-near when built: GT_ERR_NOTFOUND when there is no NAME-pdb0. */
static int pdb_open(const gt_loader *ld, const char *name, def_handle *h)
{
    char table[GT_NAME_MAX + 16];
    int rc = GT_OK;
    for (int i = 0; i < GT_DEF_PDB_MAX && rc == GT_OK; i++) {
        snprintf(table, sizeof table, "%s-pdb%d", name, i);
        if (strlen(table) >= GT_NAME_MAX || ld->map(ld->user, table, 0, &h->pdb[i]) != GT_OK)
            break;
        h->n_pdb = i + 1;
        if (i == 0)
            rc = gt_catalog_def_table_of(h->pdb[0], name, &h->dt);
        else if (!same_definition(h->pdb[0], h->pdb[i]))
            rc = GT_ERR_CORRUPT; /* a database of another definition */
    }
    if (h->n_pdb == 0)
        return GT_ERR_NOTFOUND;
    snprintf(table, sizeof table, "%s-near", name);
    if (rc == GT_OK && strlen(table) < GT_NAME_MAX) {
        int near_rc = ld->map(ld->user, table, 0, &h->near);
        if (near_rc == GT_OK && !same_definition(h->pdb[0], h->near))
            rc = GT_ERR_CORRUPT; /* the near table of another definition */
        else if (near_rc != GT_OK && near_rc != GT_ERR_NOTFOUND && near_rc != GT_ERR_INVAL)
            rc = near_rc;
    }
    if (rc == GT_OK)
        rc = gt_def_model_plan_orbits(h->dt->def, &h->dt->rec.req.options, &h->m, NULL);
    for (int i = 0; i < h->n_pdb && rc == GT_OK; i++)
        rc = gt_catalog_def_pdb_projection(h->pdb[i], h->m, &h->proj[i]);
    if (rc == GT_OK)
        rc = gt_def_search_new(h->m, h->proj, (const gt_table *const *)h->pdb, h->n_pdb, h->near, &h->search);
    gt_table_free(h->near); /* the search holds its own checked copy */
    h->near = NULL;
    if (rc == GT_OK)
        gt_def_search_warm_up(h->search);
    snprintf(h->name, sizeof h->name, "%s", name);
    return rc == GT_ERR_INVAL ? GT_ERR_CORRUPT : rc;
}

static int def_open(const gt_loader *ld, const char *name, const gt_solve_options *o, void **out)
{
    (void)o;
    *out = NULL;
    def_handle *h = calloc(1, sizeof *h);
    if (!h)
        return GT_ERR_NOMEM;
    int rc = ld->map(ld->user, name, 0, &h->table);
    if (rc == GT_ERR_INVAL)
        rc = GT_ERR_NOTFOUND;
    if (rc == GT_ERR_NOTFOUND && (rc = pdb_open(ld, name, h)) != GT_ERR_NOTFOUND) {
        if (rc)
            def_close(h);
        else
            *out = h;
        return rc;
    }
    if (rc == GT_OK)
        rc = gt_catalog_def_table_of(h->table, name, &h->dt);
    if (rc == GT_OK && h->dt->is_pdb)
        rc = GT_ERR_NOTFOUND; /* a pattern database answers no query by itself: godtab-solve NAME searches them */
    if (rc == GT_OK)
        rc = h->dt->spec.make_puzzle(&h->dt->spec, &h->p);
    if (rc == GT_OK && h->table->meta.n_states != h->p->n_states)
        rc = GT_ERR_CORRUPT; /* built from another definition */
    if (rc) {
        def_close(h);
        return rc;
    }
    *out = h;
    return GT_OK;
}

/* The query's position (perm, ori) or its parse error. */
static int def_position(const gt_def *def, int format, const char *text, uint8_t *perm, uint8_t *ori,
                        gt_parse_error *err)
{
    gt_def_error e = {0};
    int rc;
    if (format == GT_QUERY_STATE) {
        rc = gt_def_parse_state(def, text, perm, ori, &e);
    } else {
        memcpy(perm, def->solved_perm, (size_t)def->total);
        memcpy(ori, def->solved_ori, (size_t)def->total);
        rc = gt_def_apply_scramble(def, text, perm, ori, &e);
    }
    if (rc && err) {
        err->offset = e.column > 0 ? e.column - 1 : 0;
        err->length = 1;
        snprintf(err->message, sizeof err->message, "%s", e.message[0] ? e.message : gt_strerror(rc));
    }
    return rc;
}

/* The table's walk from the position (h->p, h->table). */
static int walk_moves(const def_handle *h, const uint8_t *perm, const uint8_t *ori, uint8_t *moves, int *n,
                      gt_answer *a)
{
    uint64_t index;
    int rc;
    if (gt_def_model_index(h->p->ctx, perm, ori, &index) != GT_OK ||
        (rc = gt_solve_walk(h->p, h->table, index, moves, GT_MAX_DEPTH, n)) == GT_ERR_ILLEGAL) {
        snprintf(a->message, sizeof a->message, "the position is outside this table (not reachable with its moves)");
        return GT_ERR_ILLEGAL;
    }
    return rc;
}

/* The search over the pattern databases from the position. */
static int search_moves(const def_handle *h, const uint8_t *perm, const uint8_t *ori, const gt_solve_options *o,
                        gt_def_search_result *r, uint8_t *moves, int *n, gt_answer *a)
{
    gt_def_search_options so = {.threads = o ? o->threads : 0, .timeout = o ? o->timeout : 0};
    gt_def_error e = {0};
    int rc = gt_def_search_run(h->search, perm, ori, &so, r, &e);
    if (rc == GT_ERR_TIMEOUT)
        snprintf(a->message, sizeof a->message, "no answer within the time limit: the optimal length is at least %d",
                 r->lower_bound);
    else if (rc && e.message[0])
        snprintf(a->message, sizeof a->message, "%s", e.message);
    if (rc)
        return rc;
    memcpy(moves, r->moves, (size_t)r->length);
    *n = r->length;
    return GT_OK;
}

static int def_solve(const void *handle, int format, const char *text, const gt_solve_options *o, gt_answer *a,
                     gt_parse_error *err)
{
    const def_handle *h = handle;
    const gt_def *def = h->dt->def;
    const gt_def_model *m = h->search ? h->m : h->p->ctx;
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS], moves[GT_MAX_DEPTH];
    uint8_t p2[GT_DEF_MAX_POSITIONS], o2[GT_DEF_MAX_POSITIONS];
    gt_def_search_result r;
    int n = 0, rc = def_position(def, format, text, perm, ori, err);
    if (rc)
        return rc;
    rc = h->search ? search_moves(h, perm, ori, o, &r, moves, &n, a) : walk_moves(h, perm, ori, moves, &n, a);
    if (rc)
        return rc;
    memcpy(p2, perm, (size_t)def->total);
    memcpy(o2, ori, (size_t)def->total);
    for (int i = 0; i < n; i++) /* replayed on the permutations before it is given */
        gt_def_model_apply(m, moves[i], p2, o2);
    if (!gt_def_is_solved(def, p2, o2)) {
        snprintf(a->message, sizeof a->message, "the answer does not solve the position: a table is corrupted");
        return GT_ERR_CORRUPT;
    }
    rc = h->search ? gt_def_model_format_moves(m, moves, n, a->solution, sizeof a->solution)
                   : gt_solve_format_moves(h->p, moves, n, a->solution, sizeof a->solution);
    if (rc != GT_OK)
        return rc;
    a->distance = n;
    a->flags = GT_ANSWER_OPTIMAL;
    gt_answer_put_text(a, "puzzle", h->dt->name);
    gt_answer_put_text(a, "metric", gt_catalog_def_table_metric(h->dt));
    gt_answer_put_int(a, "distance", n);
    gt_answer_put_text(a, "solution", a->solution);
    if (h->search) { /* the search's own figures, as godtab-solve def --json */
        gt_answer_put_int(a, "nodes", (int64_t)r.nodes);
        gt_answer_put_real(a, "seconds", r.seconds);
    }
    return GT_OK;
}

static const gt_solver_hooks def_solver = {
    .state_key = "state",
    .open = def_open,
    .solve = def_solve,
    .close = def_close,
};

const gt_family gt_catalog_def_family = {
    .name = "def",
    .summary = "any puzzle from a definition file (godtab-gen --def): optimal solutions",
    .solver = &def_solver,
};
