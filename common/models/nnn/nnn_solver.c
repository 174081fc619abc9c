/* The solver hooks of the N×N×N (spec.h): a scramble with its size, or
 * facelets, answered through the one query path by seed 002's reduction
 * (nnn_solve.c). The reduced cube is solved by cube3's two-phase and a
 * 2x2x2 optimally from the stored pocket-htm table when there is one: both
 * asked through the loader's nested queries (another family's answers,
 * by name), so this model names no other. */
#include "nnn.h"
#include "nnn_solve.h"
#include "nnn4.h"
#include "facecube.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

/* The reduced cube's solver and the 2x2x2's table, by name. HTM for N = 2:
 * a half-turn count is what OBTM and STM both count there. */
#define CUBE3_FAMILY "cube3"
#define POCKET_TABLE "pocket-htm"

typedef struct nnn_handle {
    gt_loader ld;
    void *cube3;  /* the nested cube3 query: its two-phase solves the reduced cube */
    void *pocket; /* the nested pocket-htm query, or NULL: a 2x2x2 by the reduction */
    gt_nnn_solver *solver;
    /* The 4x4x4 reduction's tables, opened at the first 4x4x4 (a query of
     * another size does not pay for them): t4_state 0 not tried, 1 open,
     * -1 not built or unreadable (the commutators answer). */
    pthread_mutex_t t4_lock;
    int t4_state;
    gt_nnn4_tables *t4;
} nnn_handle;

static int t4_load(void *user, const char *table, gt_puzzle **puzzle, gt_table **t)
{
    const gt_loader *ld = user;
    return ld->load(ld->user, table, puzzle, t);
}

static int t4_map(void *user, const char *table, gt_table **t)
{
    const gt_loader *ld = user;
    return ld->map(ld->user, table, GT_LOAD_CHECKED, t);
}

static void t4_unload(void *user, const char *table, gt_puzzle *puzzle, gt_table *t)
{
    const gt_loader *ld = user;
    ld->unload(ld->user, table, puzzle, t);
}

static const gt_nnn4_tables *t4_tables(const nnn_handle *ch)
{
    nnn_handle *h = (nnn_handle *)ch; /* the lazy open is the handle's one mutable part, under its lock */
    pthread_mutex_lock(&h->t4_lock);
    if (h->t4_state == 0)
        h->t4_state = h->ld.load && gt_nnn4_tables_open(t4_load, h->ld.map ? t4_map : NULL, t4_unload, &h->ld,
                                                         &h->t4) == GT_OK
                          ? 1
                          : -1;
    pthread_mutex_unlock(&h->t4_lock);
    return h->t4_state > 0 ? h->t4 : NULL;
}

static void nnn_close(void *handle)
{
    nnn_handle *h = handle;
    if (!h)
        return;
    if (h->cube3)
        h->ld.close_query(h->cube3);
    if (h->pocket)
        h->ld.close_query(h->pocket);
    gt_nnn_solver_free(h->solver);
    gt_nnn4_tables_close(h->t4, t4_unload, &h->ld);
    pthread_mutex_destroy(&h->t4_lock);
    free(h);
}

/* The pocket table is optional (a table not built, or unreadable: the
 * reduction answers, never a wrong answer); cube3's solver opens nothing
 * until its first query (its two-phase tables are built when not stored). */
static int nnn_open(const gt_loader *ld, const char *name, const gt_solve_options *o, void **out)
{
    (void)o;
    *out = NULL;
    if (strcmp(name, "nnn") != 0)
        return GT_ERR_NOTFOUND;
    if (!ld->open_query)
        return GT_ERR_INVAL; /* a loader without nested queries */
    nnn_handle *h = calloc(1, sizeof *h);
    if (!h)
        return GT_ERR_NOMEM;
    h->ld = *ld;
    pthread_mutex_init(&h->t4_lock, NULL);
    int rc = ld->open_query(ld->user, CUBE3_FAMILY, NULL, &h->cube3);
    if (rc == GT_OK && ld->open_query(ld->user, POCKET_TABLE, NULL, &h->pocket) != GT_OK)
        h->pocket = NULL;
    if (rc == GT_OK)
        rc = gt_nnn_solver_new(&h->solver);
    if (rc) {
        nnn_close(h);
        return rc;
    }
    *out = h;
    return GT_OK;
}

/* Face turns in cube notation ("R U2 F'") as nnn outer turns; GT_ERR_CORRUPT
 * for anything else. Returns the count or an error. */
static int outer_turns(const char *text, gt_turn *out, int cap)
{
    int n = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        const char *face = strchr(gt_face_letters, *p);
        if (!face || !*p || n >= cap)
            return GT_ERR_CORRUPT;
        int quarters = p[1] == '2' ? 2 : p[1] == '\'' ? 3 : 1;
        out[n++] = (gt_turn){.face = (uint8_t)(face - gt_face_letters), .quarters = (uint8_t)quarters};
        p += quarters == 1 ? 1 : 2;
    }
    return n;
}

/* The 3x3x3 stage: cube3's two-phase (at most max_length moves, 1 s; a
 * longer answer past the deadline is still an answer). */
static int cube3_solve(const nnn_handle *h, const uint8_t colours[54], gt_turn *out, int cap, int max_length)
{
    gt_solve_options o = {.timeout = 1.0, .bounded = 1, .max_length = max_length, .threads = 1};
    char facelets[55];
    gt_parse_error pe;
    for (int i = 0; i < 54; i++) {
        if (colours[i] > 5)
            return GT_ERR_ILLEGAL;
        facelets[i] = gt_face_letters[colours[i]];
    }
    facelets[54] = 0;
    gt_answer *a = malloc(sizeof *a);
    if (!a)
        return GT_ERR_NOMEM;
    int rc = h->ld.answer(h->cube3, GT_QUERY_STATE, facelets, &o, a, &pe);
    if (rc == GT_OK || (rc == GT_ERR_TIMEOUT && a->n_fields > 0))
        rc = outer_turns(a->solution, out, cap);
    else if (rc == GT_ERR_PARSE)
        rc = GT_ERR_ILLEGAL;
    free(a);
    return rc;
}

/* After the commutators: at most 20 moves (~1 ms); after the 4x4x4 tables'
 * reduction, whose answers are meant to be short: at most 19 (~25 ms). */
static int cube3_stage(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    return cube3_solve(ctx, colours, out, cap, 20);
}

static int cube3_stage_short(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    return cube3_solve(ctx, colours, out, cap, 19);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The pocket's answer (move names) as nnn turns, replayed on the nnn model
 * like every answer of the reduction, and counted; all in the cube3 stage
 * (the reduced cube of N = 2 is the cube itself). */
int gt_nnn_solution_of_names(const gt_nnn *c, const char *names, gt_nnn_solution *sol)
{
    gt_parse_error err;
    gt_nnn z;
    if (gt_nnn_parse(2, names, &sol->moves, &sol->count, &err) != GT_OK)
        return GT_ERR_CORRUPT;
    int rc = gt_nnn_init(&z, 2);
    if (rc != GT_OK)
        return rc;
    memcpy(z.f, c->f, (size_t)gt_nnn_facelets(2));
    gt_nnn_apply(&z, sol->moves, sol->count);
    rc = gt_nnn_is_solved(&z) ? GT_OK : GT_ERR_CORRUPT;
    gt_nnn_free(&z);
    sol->stage_count[GT_NNN_STAGE_CUBE3] = sol->count;
    sol->method = GT_NNN_METHOD_POCKET;
    sol->obtm = gt_nnn_count_obtm(2, sol->moves, sol->count);
    sol->stm = gt_nnn_count_stm(2, sol->moves, sol->count);
    return rc;
}

/* A 2x2x2 from the pocket table: GT_OK, or an error (no table, or an
 * answer that failed its replay), after which the reduction answers. */
static int pocket_solve(const nnn_handle *h, const gt_nnn *c, gt_nnn_solution *sol)
{
    char facelets[6 * 2 * 2 + 1];
    gt_parse_error pe;
    double t0 = now();
    memset(sol, 0, sizeof *sol);
    if (c->n != 2 || !h->pocket)
        return GT_ERR_NOTFOUND;
    gt_answer *a = malloc(sizeof *a);
    if (!a)
        return GT_ERR_NOMEM;
    gt_nnn_to_facelets(c, NULL, facelets);
    int rc = h->ld.answer(h->pocket, GT_QUERY_STATE, facelets, NULL, a, &pe);
    if (rc == GT_OK)
        rc = gt_nnn_solution_of_names(c, a->solution, sol);
    free(a);
    sol->seconds[GT_NNN_STAGE_CUBE3] = now() - t0;
    if (rc != GT_OK)
        gt_nnn_solution_free(sol);
    return rc;
}

int gt_nnn_answer_solve(const void *handle, const gt_nnn *c, int metric, gt_nnn_solution *sol, int *optimal)
{
    const nnn_handle *h = handle;
    int rc = pocket_solve(h, c, sol);
    if (rc != GT_OK && gt_nnn_short_covers(c->n, metric))
        rc = gt_nnn_short_solve(c, metric, GT_NNN_SHORT_DEPTH, sol);
    *optimal = rc == GT_OK;
    if (*optimal)
        return GT_OK;
    if (rc == GT_ERR_NOMEM || rc == GT_ERR_CORRUPT)
        return rc;
    if (c->n == 4 && t4_tables(h) && gt_nnn_solve_tables(h->t4, c, 1, cube3_stage_short, (void *)h, sol) == GT_OK)
        return GT_OK;
    return gt_nnn_solve(h->solver, c, cube3_stage, (void *)h, sol);
}

/* The query as a legal cube: facelets (any size, or o->size), or a
 * scramble of o->size. */
static int read_cube(int format, const char *text, int size, gt_nnn *c, gt_parse_error *err)
{
    gt_nnn_verdict v;
    char letters[7];
    int rc;
    if (format == GT_QUERY_STATE) {
        if ((rc = gt_nnn_from_facelets(text, size, c, letters, &v)) == GT_ERR_PARSE)
            snprintf(err->message, sizeof err->message, "not a cube: %.140s", v.reason);
        if (rc)
            return rc;
    } else {
        if (size < GT_NNN_MIN || size > GT_NNN_MAX) {
            snprintf(err->message, sizeof err->message, "a scramble needs its size (2..%d)", GT_NNN_MAX);
            return GT_ERR_PARSE;
        }
        if ((rc = gt_nnn_init(c, size)) != GT_OK)
            return rc;
        if ((rc = gt_nnn_scramble(c, text, err)) != GT_OK) {
            gt_nnn_free(c);
            return rc;
        }
        gt_nnn_verdict_of(c, &v);
    }
    if (v.code) {
        snprintf(err->message, sizeof err->message, "illegal %dx%dx%d: %.120s", c->n, c->n, c->n, v.reason);
        gt_nnn_free(c);
        return GT_ERR_ILLEGAL;
    }
    return GT_OK;
}

/* The answer fields, as godtab-solve nnn --json prints them. */
static int put_fields(const gt_nnn *c, const gt_nnn_solution *sol, int optimal, gt_answer *a)
{
    char stages[256];
    size_t len = 0;
    double total = 0;
    if (gt_nnn_format(c->n, sol->moves, sol->count, a->solution, sizeof a->solution) != GT_OK) {
        snprintf(a->message, sizeof a->message, "the %dx%dx%d answer is longer than %zu bytes (godtab-solve nnn "
                 "prints it)", c->n, c->n, c->n, sizeof a->solution - 1);
        return GT_ERR_RANGE;
    }
    for (int s = 0; s < GT_NNN_STAGES; s++) {
        total += sol->seconds[s];
        len += (size_t)snprintf(stages + len, sizeof stages - len, "%s\"%s\":%.6f", s ? "," : "{",
                                gt_nnn_stage_names[s], sol->seconds[s]);
    }
    snprintf(stages + len, sizeof stages - len, "}");
    a->distance = (int)sol->count;
    a->flags = optimal ? GT_ANSWER_OPTIMAL : 0;
    gt_answer_put_text(a, "puzzle", "nnn");
    gt_answer_put_int(a, "size", c->n);
    gt_answer_put_text(a, "solution", a->solution);
    gt_answer_put_int(a, "obtm", sol->obtm);
    gt_answer_put_int(a, "stm", sol->stm);
    gt_answer_put_bool(a, "optimal", optimal);
    gt_answer_put_text(a, "method", gt_nnn_method_names[sol->method]);
    if (sol->method == GT_NNN_METHOD_TABLES) {
        char phases[64];
        snprintf(phases, sizeof phases, "[%d,%d,%d]", sol->phase_count[0], sol->phase_count[1],
                 sol->phase_count[2]);
        gt_answer_put_json(a, "phases", phases);
    }
    gt_answer_put_real(a, "seconds", total);
    return gt_answer_put_json(a, "stage_seconds", stages);
}

static int nnn_solve_query(const void *handle, int format, const char *text, const gt_solve_options *o,
                           gt_answer *a, gt_parse_error *err)
{
    gt_parse_error ignored;
    gt_nnn c;
    gt_nnn_solution sol;
    int optimal;
    if (!err)
        err = &ignored;
    *err = (gt_parse_error){0};
    int rc = read_cube(format, text, o ? o->size : 0, &c, err);
    if (rc) {
        snprintf(a->message, sizeof a->message, "%s", err->message[0] ? err->message : gt_strerror(rc));
        return rc;
    }
    if ((rc = gt_nnn_answer_solve(handle, &c, o ? o->metric : GT_NNN_OBTM, &sol, &optimal)) == GT_OK) {
        rc = put_fields(&c, &sol, optimal, a);
        gt_nnn_solution_free(&sol);
    } else {
        snprintf(a->message, sizeof a->message, rc == GT_ERR_CORRUPT ? "internal error: the %dx%dx%d answer failed "
                 "its replay" : "no solution found for the %dx%dx%d", c.n, c.n, c.n);
    }
    gt_nnn_free(&c);
    return rc;
}

const gt_solver_hooks gt_nnn_solver_hooks = {
    .state_key = "facelets",
    .long_search = 1,
    .size_key = "size",
    .size_max = GT_NNN_MAX,
    .metrics = "obtm stm", /* GT_NNN_OBTM, GT_NNN_STM */
    .open = nnn_open,
    .solve = nnn_solve_query,
    .close = nnn_close,
};
