/* The 3x3x3's solver hooks (cube3_family.h): the tables opened through the
 * catalog's loader, an optimal IDA* search or, with max_length, the
 * two-phase one, and the answer's fields in the JSON order godtab-solve
 * cube3 --json and godtab-serve have always written. */
#include "cube3_family.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "cube3_verify.h"
#include "gt_error.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The near bound of a two-phase query: "max_length" 20 (God's number). */
#define CUBE3_NEAR 20

/* ---- the table ladder ---- */

void gt_cube3_solver_tables_free(gt_cube3_solver_tables *t)
{
    /* the tables were mapped for the solver, which only reads them: const
     * for it, owned here */
    gt_table_free((gt_table *)t->corners);
    gt_table_free((gt_table *)t->fst);
    gt_table_free((gt_table *)t->fss);
    gt_table_free((gt_table *)t->phase1);
    *t = (gt_cube3_solver_tables){NULL, NULL, NULL, NULL, 0};
}

uint64_t gt_cube3_solver_tables_edge_bytes(const gt_cube3_solver_tables *t)
{
    const gt_table *e = t->fss ? t->fss : t->fst;
    return e ? (e->view.bytes ? e->view.bytes : e->data_bytes) : 0;
}

/* The edge tables, strongest first (docs/cube3.md, "The table ladder"). */
static const char *const edge_tables[] = {GT_CUBE3_FSUD2_TABLE, GT_CUBE3_FSUD_TABLE, GT_CUBE3_FSS_TABLE,
                                          GT_CUBE3_FST_TABLE};

/* Would a table of `bytes` take at most half the physical memory? (The
 * search reads it at random: paged out, it would crawl.) */
static int fits_in_memory(uint64_t bytes)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages <= 0 || page <= 0 || bytes <= (uint64_t)pages * (uint64_t)page / 2;
}

/* Is the stored table `name` the automatic choice for `how`? (The 2-bit
 * rung only with cube3-twophase, its fallback.) */
static int suits(const gt_loader *ld, const char *name, int how)
{
    uint64_t bytes, ignored;
    int in_place, ignored_place;
    if (ld->stat(ld->user, name, GT_LOAD_IN_PARTS, &bytes, &in_place) != GT_OK ||
        (strcmp(name, GT_CUBE3_FSUD2_TABLE) == 0 &&
         ld->stat(ld->user, GT_CUBE3_TWOPHASE_TABLE, 0, &ignored, &ignored_place) != GT_OK))
        return 0;
    return in_place || (how == GT_CUBE3_TABLES_COPY && fits_in_memory(bytes));
}

size_t gt_cube3_rung_count(void)
{
    return GT_COUNT_OF(edge_tables);
}

const char *gt_cube3_rung_name(size_t i)
{
    return i < GT_COUNT_OF(edge_tables) ? edge_tables[i] : NULL;
}

/* The ladder is already fastest first (docs/cube3.md, "Picking a rung"):
 * the 2-bit fsud rung has the 4-bit one's node count at half the bytes, so
 * fewer cache misses; both beat the mapped fss16 rung by ~2.7x in nodes. */
int gt_cube3_pick_rung(const uint64_t *bytes, size_t n, uint64_t max_memory)
{
    for (size_t i = 0; i < n && i < GT_COUNT_OF(edge_tables); i++)
        if (bytes[i] && bytes[i] <= max_memory)
            return (int)i;
    return -1;
}

/* Maps edge table `name` into its slot of t (and the 2-bit rung's
 * fallback). A rung over 2 GiB is read in place in its parts, unless it
 * is to be copied: then the store joins the parts into the copy, dropping
 * each part's pages as it goes (the process holds the copy, not the copy
 * and the map: 2.5 GB resident for the 2-bit rung, not 5). */
static int map_edge_table(const gt_loader *ld, const char *name, int how, gt_cube3_solver_tables *t)
{
    gt_table *edges = NULL, *phase1 = NULL;
    const int fst = strcmp(name, GT_CUBE3_FST_TABLE) == 0, parts = how == GT_CUBE3_TABLES_COPY ? 0 : GT_LOAD_IN_PARTS;
    int rc = ld->map(ld->user, name, (fst ? GT_LOAD_CHECKED : 0) | parts, &edges);
    if (rc == GT_OK && strcmp(name, GT_CUBE3_FSUD2_TABLE) == 0)
        rc = ld->map(ld->user, GT_CUBE3_TWOPHASE_TABLE, GT_LOAD_CHECKED, &phase1);
    if (rc) {
        gt_table_free(edges);
        return rc;
    }
    *(fst ? &t->fst : &t->fss) = edges;
    t->phase1 = phase1;
    uint64_t bytes;
    int in_place = 1;
    ld->stat(ld->user, name, parts, &bytes, &in_place);
    t->edges_private = !in_place;
    return GT_OK;
}

int gt_cube3_map_edges(const gt_loader *ld, const char *name, int how, gt_cube3_solver_tables *t)
{
    t->fst = t->fss = t->phase1 = NULL;
    t->edges_private = 0;
    if (!ld)
        return GT_ERR_INVAL;
    for (size_t i = 0; i < GT_COUNT_OF(edge_tables); i++) {
        const char *e = edge_tables[i];
        if (name ? strcmp(name, e) == 0 : suits(ld, e, how))
            return map_edge_table(ld, e, how, t);
    }
    return GT_ERR_NOTFOUND;
}

/* ---- the solver hooks ---- */

typedef struct cube3_handle {
    gt_loader ld;
    int load; /* GT_SOLVE_LOAD_* */
    /* the optimal solver's tables, mapped on the first optimal query (a
     * two-phase query needs none of them) */
    int opt_state; /* 0 not tried, 1 ready, 2 failed (opt_rc); under lock */
    int opt_rc;
    gt_cube3_solver_tables t;
    gt_cube3_solver *solver;
    /* GT_SOLVE_LOAD_SERVE: the tables checked (and copied) beside the
     * queries, which read the solver from `current` (solver, then the
     * checked copy) */
    gt_cube3_verify beside;
    const gt_cube3_solver *current;
    /* the two-phase tables: read in place from cube3-twophase, or built in
     * memory (0.1-0.4 s) when it is not stored; on the first short query */
    pthread_mutex_t lock;
    int tp_state; /* 0 not tried, 1 ready, 2 failed (tp_rc); under lock */
    int tp_rc;
    gt_table *tp_table;
    gt_cube3_twophase_tables *tp;
} cube3_handle;

static void cube3_close(void *handle)
{
    cube3_handle *h = handle;
    if (!h)
        return;
    gt_cube3_verify_finish(&h->beside);
    gt_cube3_solver_free(h->solver);
    gt_cube3_solver_tables_free(&h->t);
    gt_cube3_twophase_tables_free(h->tp);
    gt_table_free(h->tp_table);
    pthread_mutex_destroy(&h->lock);
    free(h);
}

/* A server's tables: checked whole beside its queries (none of them pays
 * a block's first check any more), and copied into huge pages there when
 * twice the edge table fits half the memory (its queries then read at the
 * copy's speed, ~1.1x the map's: docs/cube3.md). Not started: the queries
 * still test each block, exact all the same. */
static void check_beside(cube3_handle *h)
{
    uint64_t bytes = gt_cube3_solver_tables_edge_bytes(&h->t);
    h->current = h->solver;
    if (h->load == GT_SOLVE_LOAD_SERVE)
        (void)gt_cube3_verify_start(&h->beside, h->solver, fits_in_memory(2 * bytes), &h->current);
}

/* Maps the optimal solver's tables: the corners, and the strongest edge
 * table that fits (none built: the corners alone, slow past ~12 moves). */
static int open_optimal(cube3_handle *h)
{
    gt_table *corners = NULL;
    int rc = h->ld.map(h->ld.user, GT_CUBE3_CORNERS_TABLE, 1, &corners);
    if (rc == GT_OK && h->load != GT_SOLVE_LOAD_MINIMAL) {
        rc = gt_cube3_map_edges(&h->ld, NULL, GT_CUBE3_TABLES_IN_PLACE, &h->t);
        if (rc == GT_ERR_NOTFOUND) /* the corners alone: slow, but exact */
            rc = GT_OK;
    }
    h->t.corners = corners;
    if (rc == GT_OK)
        rc = gt_cube3_solver_open_tables(&h->t, GT_CUBE3_TABLES_IN_PLACE, &h->solver);
    if (rc == GT_OK)
        check_beside(h);
    return rc;
}

/* The optimal solver, opened once (under the handle's lock). */
static int optimal_solver(cube3_handle *h)
{
    pthread_mutex_lock(&h->lock);
    if (h->opt_state == 0) {
        h->opt_rc = open_optimal(h);
        h->opt_state = h->opt_rc ? 2 : 1;
    }
    int rc = h->opt_rc;
    pthread_mutex_unlock(&h->lock);
    return rc;
}

/* Opens nothing yet: each kind of query maps its own tables on first use. */
static int cube3_open(const gt_loader *ld, const char *name, const gt_solve_options *o, void **out)
{
    (void)name;
    *out = NULL;
    cube3_handle *h = calloc(1, sizeof *h);
    if (!h)
        return GT_ERR_NOMEM;
    h->ld = *ld;
    h->load = o ? o->load : GT_SOLVE_LOAD_DEFAULT;
    pthread_mutex_init(&h->lock, NULL);
    *out = h;
    return GT_OK;
}

/* The two-phase tables, loaded once (under the handle's lock). */
static int twophase_tables(cube3_handle *h)
{
    pthread_mutex_lock(&h->lock);
    if (h->tp_state == 0) {
        int rc = h->ld.map(h->ld.user, GT_CUBE3_TWOPHASE_TABLE, 0, &h->tp_table);
        if (rc == GT_OK && (rc = gt_cube3_twophase_tables_from_table(h->tp_table, &h->tp)) == GT_ERR_INVAL)
            rc = GT_ERR_CORRUPT; /* stored, but not the layout this version reads */
        if (rc == GT_ERR_NOTFOUND) { /* not built: the small tables, built here */
            gt_table_free(h->tp_table);
            h->tp_table = NULL;
            rc = gt_cube3_twophase_tables_build(&h->tp);
        }
        h->tp_rc = rc;
        h->tp_state = rc ? 2 : 1;
    }
    int rc = h->tp_rc;
    pthread_mutex_unlock(&h->lock);
    return rc;
}

/* The message of a two-phase search that did not end within max_length;
 * returns the code it stands for. */
static int twophase_message(int rc, const gt_cube3_twophase_result *r, int max_length, double timeout,
                            const gt_table *table, gt_answer *a)
{
    char *m = a->message;
    size_t cap = sizeof a->message;
    if (rc == GT_ERR_NOTFOUND)
        snprintf(m, cap, "no solution of at most %d moves exists (the shortest has %d)", max_length, r->length);
    else if ((rc == GT_ERR_TIMEOUT || rc == GT_ERR_INTERRUPT) && r->length >= 0)
        snprintf(m, cap, "no solution of at most %d moves found within %g s; the best found has %d: see "
                 "standard output", max_length, timeout, r->length);
    else if (rc == GT_ERR_TIMEOUT || rc == GT_ERR_INTERRUPT)
        snprintf(m, cap, "no solution found within %g s", timeout);
    else if (rc == GT_ERR_CORRUPT && table && table->damaged) /* found during the search */
        snprintf(m, cap, "table %s is damaged (a block failed its checksum); rebuild it with: godtab-gen %s",
                 GT_CUBE3_TWOPHASE_TABLE, GT_CUBE3_TWOPHASE_TABLE);
    else
        snprintf(m, cap, "%s", gt_strerror(rc));
    return rc == GT_ERR_NOTFOUND || rc == GT_ERR_INTERRUPT ? GT_ERR_TIMEOUT : rc;
}

/* The fields of a two-phase solution (seconds to 0.1 ms, as the CLI has
 * always printed them). */
static void twophase_fields(const gt_cube3_twophase_result *r, int max_length, gt_answer *a)
{
    gt_cube3_format_moves(r->moves, r->length, a->solution, sizeof a->solution);
    a->distance = r->length;
    gt_answer_put_text(a, "puzzle", "cube3");
    gt_answer_put_text(a, "metric", "htm");
    gt_answer_put_bool(a, "optimal", 0);
    gt_answer_put_int(a, "max_length", max_length);
    gt_answer_put_int(a, "length", r->length);
    gt_answer_put_text(a, "solution", a->solution);
    gt_answer_put_int(a, "nodes", (int64_t)r->nodes);
    gt_answer_put_real(a, "seconds", floor(r->seconds * 1e4 + 0.5) / 1e4);
}

int gt_cube3_twophase_answer(const gt_cube3_twophase_tables *t, const gt_table *table, const gt_cube3 *pos,
                             int max_length, double timeout, gt_cube3_twophase_result *r, gt_answer *a)
{
    gt_cube3_twophase_options o = {.max_length = max_length, .timeout = timeout};
    gt_cube3_twophase_result mine;
    if (!r)
        r = &mine;
    int rc = gt_cube3_twophase_solve(t, pos, &o, r);
    if (r->length >= 0) { /* replayed: a wrong answer is never given */
        gt_cube3 check = *pos;
        gt_cube3_apply_moves(&check, r->moves, r->length);
        if (!gt_cube3_is_solved(&check)) {
            snprintf(a->message, sizeof a->message, "internal error: the solution found does not solve the cube");
            return GT_ERR_CORRUPT;
        }
    }
    int code = rc ? twophase_message(rc, r, max_length, timeout, table, a) : GT_OK;
    /* stopped by the clock with a longer solution: it is still given */
    if (rc == GT_OK || ((rc == GT_ERR_TIMEOUT || rc == GT_ERR_INTERRUPT) && r->length >= 0))
        twophase_fields(r, max_length, a);
    return code;
}

/* The optimal search's answer: the solution, or at its timeout what it
 * proved ("distance": null, "lower_bound"). */
static int optimal_answer(const cube3_handle *h, const gt_cube3 *pos, const gt_solve_options *o, gt_answer *a)
{
    gt_cube3_search_options so = {.metric = GT_CUBE3_HTM, .threads = o->threads, .timeout = o->timeout};
    gt_cube3_search_result r;
    memset(&r, 0, sizeof r);
    int rc = gt_cube3_search(__atomic_load_n(&h->current, __ATOMIC_ACQUIRE), pos, &so, &r);
    if (rc == GT_OK && (rc = gt_cube3_format_moves(r.moves, r.length, a->solution, sizeof a->solution)) == GT_OK) {
        a->distance = r.distance;
        a->flags = GT_ANSWER_OPTIMAL;
        gt_answer_put_text(a, "puzzle", "cube3");
        gt_answer_put_text(a, "metric", "htm");
        gt_answer_put_int(a, "distance", r.distance);
        gt_answer_put_text(a, "solution", a->solution);
        gt_answer_put_int(a, "nodes", (int64_t)r.nodes);
        gt_answer_put_real(a, "seconds", r.seconds);
    } else if (rc == GT_ERR_TIMEOUT) {
        a->distance = r.lower_bound;
        a->flags = GT_ANSWER_LOWER_BOUND;
        snprintf(a->message, sizeof a->message, "no solution found within %g s; the distance is at least %d",
                 o->timeout, r.lower_bound);
        gt_answer_put_text(a, "puzzle", "cube3");
        gt_answer_put_text(a, "metric", "htm");
        gt_answer_put_null(a, "distance");
        gt_answer_put_int(a, "lower_bound", r.lower_bound);
        gt_answer_put_int(a, "nodes", (int64_t)r.nodes);
        gt_answer_put_real(a, "seconds", r.seconds);
    } else {
        snprintf(a->message, sizeof a->message, "cube3: %s%s", gt_strerror(rc),
                 rc == GT_ERR_CORRUPT ? " (a cube3 table is damaged; rebuild it with: godtab-gen cube3)" : "");
    }
    gt_cube3_search_result_free(&r);
    return rc;
}

static int cube3_solve(const void *handle, int format, const char *text, const gt_solve_options *o, gt_answer *a,
                       gt_parse_error *err)
{
    cube3_handle *h = (cube3_handle *)handle; /* the two-phase tables load once, under its lock */
    static const gt_solve_options none = {0};
    gt_cube3 pos;
    gt_cube3_verdict v;
    gt_parse_error ignored;
    int rc = format == GT_QUERY_STATE ? gt_cube3_from_facelets(text, &pos, NULL, &v, err ? err : &ignored)
                                      : gt_cube3_from_scramble(text, &pos, err ? err : &ignored);
    if (rc)
        return rc;
    if (!o)
        o = &none;
    if (!o->bounded) {
        if ((rc = optimal_solver(h)) != GT_OK) {
            snprintf(a->message, sizeof a->message, "the cube3 tables: %s; build them with: godtab-gen cube3",
                     gt_strerror(rc));
            return rc;
        }
        return optimal_answer(h, &pos, o, a);
    }
    if ((rc = twophase_tables(h)) != GT_OK) {
        snprintf(a->message, sizeof a->message, "table %s: %s; rebuild it with: godtab-gen %s",
                 GT_CUBE3_TWOPHASE_TABLE, gt_strerror(rc), GT_CUBE3_TWOPHASE_TABLE);
        return rc;
    }
    int max_length = o->max_length == GT_SOLVE_NEAR ? CUBE3_NEAR : o->max_length;
    return gt_cube3_twophase_answer(h->tp, h->tp_table, &pos, max_length, o->timeout, NULL, a);
}

const gt_solver_hooks gt_cube3_solver_hooks = {
    .max_length_max = GT_CUBE3_TWOPHASE_MAX,
    .state_key = "facelets",
    .long_search = 1,
    .open = cube3_open,
    .solve = cube3_solve,
    .close = cube3_close,
};
