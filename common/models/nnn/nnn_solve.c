/* The N×N×N solver's driver: cancellation, the 3x3x3 stage and the replay
 * (nnn_solve.h, docs/nnn.md "Solver"). The top of the solver: calls the
 * stages (nnn_centres.c, nnn_wings.c) and their shared helpers (nnn_moves.c). */
#include "nnn_solve.h"
#include "nnn_internal.h"
#include "nnn_solve_internal.h"
#include "nnn4.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const gt_nnn_stage_names[GT_NNN_STAGES] = {"contours", "interieur", "cube3"};

/* ---- cancellation ---- */

/* The turn on the axis's first face (U R F): layers mirrored, quarters negated. */
static gt_turn canonical(int n, gt_turn t)
{
    if (t.face >= 3) {
        uint16_t lo = (uint16_t)(n - 1 - t.hi), hi = (uint16_t)(n - 1 - t.lo);
        t = (gt_turn){.face = (uint8_t)(t.face - 3), .lo = lo, .hi = hi, .quarters = (uint8_t)((4 - t.quarters) & 3)};
    }
    return t;
}

/* A single layer past the middle is written from the nearer face. */
static gt_turn nearer(int n, gt_turn t)
{
    if (t.lo == t.hi && 2 * t.lo > n - 1)
        t = (gt_turn){.face = (uint8_t)((t.face + 3) % 6), .lo = (uint16_t)(n - 1 - t.lo),
                      .hi = (uint16_t)(n - 1 - t.lo), .quarters = (uint8_t)((4 - t.quarters) & 3)};
    return t;
}

long gt_nnn_cancel(int n, gt_turn *moves, long count)
{
    long top = 0; /* moves[0..top-1]: the kept turns, canonical */
    for (long i = 0; i < count; i++) {
        gt_turn t = canonical(n, moves[i]);
        if ((t.quarters & 3) == 0)
            continue;
        long j = top - 1;
        /* the tail's turns on this axis all commute with t */
        while (j >= 0 && moves[j].face == t.face && (moves[j].lo != t.lo || moves[j].hi != t.hi))
            j--;
        if (j >= 0 && moves[j].face == t.face) {
            moves[j].quarters = (uint8_t)((moves[j].quarters + t.quarters) & 3);
            if (moves[j].quarters == 0) {
                memmove(moves + j, moves + j + 1, (size_t)(top - j - 1) * sizeof *moves);
                top--;
            }
        } else {
            moves[top++] = t;
        }
    }
    for (long i = 0; i < top; i++)
        moves[i] = nearer(n, moves[i]);
    return top;
}

/* ---- stage III: the reduced cube as a 3x3x3 ---- */


/* The 54 colours of the reduced cube: corners, one sticker of each edge
 * stack and of each face's centres (N = 2: centres by face, edges as paired). */
static void reduced_colours(const gt_nnn *c, uint8_t out[54])
{
    int n = c->n, mid = n % 2 ? n / 2 : 1;
    uint8_t tgt[GT_NNN_EDGES][2];
    for (int f = 0; f < 6; f++)
        for (int r = 0; r < 3; r++)
            for (int col = 0; col < 3; col++) {
                int rr = r == 0 ? 0 : r == 2 ? n - 1 : mid, cc = col == 0 ? 0 : col == 2 ? n - 1 : mid;
                out[f * 9 + r * 3 + col] = c->f[(long)f * n * n + (long)rr * n + cc];
            }
    if (n > 2)
        return;
    gt_nnn_edge_targets(c, tgt);
    for (int f = 0; f < 6; f++)
        out[f * 9 + 4] = (uint8_t)f;
    gt_nnn c3;
    if (gt_nnn_init(&c3, 3) != GT_OK)
        return;
    for (int e = 0; e < GT_NNN_EDGES; e++) {
        long fl[2];
        gt_nnn_edge_facelets(3, e, 1, fl);
        out[fl[0]] = tgt[e][0];
        out[fl[1]] = tgt[e][1];
    }
    gt_nnn_free(&c3);
}

static int solve_cube3(gt_nnn *c, gt_nnn_cube3_fn cube3, void *ctx, gt_nnn_moves *mv)
{
    uint8_t col[54], face_of[256] = {0};
    gt_turn t[64];
    reduced_colours(c, col);
    for (int f = 0; f < 6; f++) /* even N: the reduction may end the cube turned whole */
        face_of[col[f * 9 + 4]] = (uint8_t)f;
    for (int i = 0; i < 54; i++)
        col[i] = face_of[col[i]];
    int k = cube3(ctx, col, t, 64);
    if (k < 0)
        return k;
    for (int i = 0; i < k; i++) {
        gt_nnn_turn(c, t[i].face, 0, 0, t[i].quarters);
        gt_nnn_moves_push(mv, t[i].face, 0, t[i].quarters);
    }
    return GT_OK;
}

/* ---- driver ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void gt_nnn_solution_free(gt_nnn_solution *sol)
{
    free(sol->moves);
    memset(sol, 0, sizeof *sol);
}

static int run_stage(int stage, const gt_nnn_solver *s, gt_nnn *c, gt_nnn_cube3_fn cube3, void *ctx,
                     gt_nnn_moves *mv)
{
    switch (stage) {
    case GT_NNN_STAGE_EDGES: return gt_nnn_solve_wings(s, c, mv);
    case GT_NNN_STAGE_CENTRES: return gt_nnn_solve_centres(c, mv);
    default: return solve_cube3(c, cube3, ctx, mv);
    }
}

/* ---- the replay ---- */

/* The replay keeps each face's grid rotation as a count (a face turn is O(1))
 * and reads the facelet at logical place z from stored place
 * gt_nnn_rot_grid(z, -rot[face]): a layer is then four strided strips of N, as in
 * gt_nnn_turn, for every layer, outer ones included. */
typedef struct lazy {
    gt_nnn c;
    int rot[6];
} lazy;

/* The stored start and step of strip s of layer `layer`. */
static void lazy_strip(const lazy *z, const gt_nnn_strip *s, int layer, long *start, long *step)
{
    int n = z->c.n, r = (4 - (z->rot[s->face] & 3)) & 3;
    long a = s->base + layer * s->dl, b = a + s->di;
    *start = gt_nnn_rot_grid(n, a, r);
    *step = gt_nnn_rot_grid(n, b, r) - *start;
}

static void lazy_layer(lazy *z, int face, int layer, int q)
{
    int n = z->c.n;
    long p[4], d[4];
    for (int j = 0; j < 4; j++)
        lazy_strip(z, &z->c.strip[face][j], layer, &p[j], &d[j]);
    uint8_t *f = z->c.f;
    for (int i = 0; i < n; i++) {
        uint8_t v[4] = {f[p[0]], f[p[1]], f[p[2]], f[p[3]]};
        for (int k = 0; k < 4; k++)
            f[p[(k + q) & 3]] = v[k];
        for (int k = 0; k < 4; k++)
            p[k] += d[k];
    }
    if (layer == 0)
        z->rot[face] += q;
    if (layer == n - 1)
        z->rot[(face + 3) % 6] += 4 - q;
}

/* The answer applied to a copy of start must solve it (every face one
 * colour: a face's own rotation does not change that). */
static int replay(const gt_nnn *start, const gt_nnn_solution *sol)
{
    lazy z = {.rot = {0}};
    if (gt_nnn_init(&z.c, start->n) != GT_OK)
        return GT_ERR_NOMEM;
    memcpy(z.c.f, start->f, (size_t)gt_nnn_facelets(start->n));
    for (long i = 0; i < sol->count; i++) {
        const gt_turn *t = &sol->moves[i];
        int q = t->quarters & 3;
        for (int layer = t->lo; q && layer <= t->hi && layer < start->n; layer++)
            lazy_layer(&z, t->face % 6, layer, q);
    }
    int ok = gt_nnn_is_solved(&z.c);
    gt_nnn_free(&z.c);
    return ok ? GT_OK : GT_ERR_CORRUPT;
}

/* An answer's end, whichever method found it: its moves into out, replayed
 * on start and counted; on any failure out is freed and the error returned. */
static int finish(const gt_nnn *start, gt_nnn_moves *mv, int rc, int method, gt_nnn_solution *out)
{
    out->moves = mv->m;
    out->count = mv->count;
    if (rc == GT_OK)
        rc = replay(start, out);
    if (rc != GT_OK) {
        gt_nnn_solution_free(out);
        return rc;
    }
    out->obtm = gt_nnn_count_obtm(start->n, out->moves, out->count);
    out->stm = gt_nnn_count_stm(start->n, out->moves, out->count);
    out->method = method;
    return GT_OK;
}

/* Odd N: the fixed centres name the faces (a scramble may turn the whole
 * cube), so colours are renamed to the face whose centre has them. */
static void relabel_by_centres(gt_nnn *c)
{
    int n = c->n;
    long nn = (long)n * n;
    uint8_t map[256];
    if (n % 2 == 0)
        return;
    for (int f = 0; f < 6; f++)
        map[c->f[f * nn + (long)(n / 2) * n + n / 2]] = (uint8_t)f;
    for (long i = 0; i < 6 * nn; i++)
        c->f[i] = map[c->f[i]];
}

int gt_nnn_solve(const gt_nnn_solver *s, const gt_nnn *start, gt_nnn_cube3_fn cube3, void *ctx,
                 gt_nnn_solution *out)
{
    memset(out, 0, sizeof *out);
    gt_nnn c;
    gt_nnn_moves mv = {0};
    if (!s || !start || !cube3)
        return GT_ERR_INVAL;
    if (gt_nnn_init(&c, start->n) != GT_OK)
        return GT_ERR_NOMEM;
    memcpy(c.f, start->f, (size_t)gt_nnn_facelets(start->n));
    relabel_by_centres(&c);
    int rc = GT_OK;
    for (int st = 0; st < GT_NNN_STAGES && rc == GT_OK; st++) {
        double t0 = now();
        long first = mv.count;
        rc = run_stage(st, s, &c, cube3, ctx, &mv);
        if (rc == GT_OK && mv.err)
            rc = mv.err;
        if (rc == GT_OK)
            mv.count = first + gt_nnn_cancel(c.n, mv.m + first, mv.count - first);
        out->stage_count[st] = mv.count - first;
        out->seconds[st] = now() - t0;
    }
    gt_nnn_free(&c);
    return finish(start, &mv, rc, GT_NNN_METHOD_COMMUTATORS, out);
}

/* Cancellation writes every block from its axis's first face (U R F): a
 * block holding the last layer is written back from the opposite face
 * (3-4Uw' is Dw), so the answer reads in outer block turns. */
static void outer_blocks(int n, gt_turn *moves, long count)
{
    for (long i = 0; i < count; i++) {
        gt_turn t = moves[i];
        if (t.lo > 0 && t.hi == n - 1)
            moves[i] = (gt_turn){.face = (uint8_t)((t.face + 3) % 6), .lo = 0, .hi = (uint16_t)(n - 1 - t.lo),
                                 .quarters = (uint8_t)((4 - t.quarters) & 3)};
    }
}

int gt_nnn_solve_after(const gt_nnn *start, const gt_turn *reduce, long n_reduce, gt_nnn_cube3_fn cube3,
                       void *ctx, gt_nnn_solution *out)
{
    gt_nnn c;
    gt_nnn_moves mv = {0};
    memset(out, 0, sizeof *out);
    if (gt_nnn_init(&c, start->n) != GT_OK)
        return GT_ERR_NOMEM;
    memcpy(c.f, start->f, (size_t)gt_nnn_facelets(start->n));
    for (long i = 0; i < n_reduce; i++) {
        gt_nnn_apply(&c, &reduce[i], 1);
        gt_nnn_moves_push_block(&mv, reduce[i].face, reduce[i].lo, reduce[i].hi, reduce[i].quarters);
    }
    double t0 = now();
    long first = mv.count = mv.err ? 0 : gt_nnn_cancel(c.n, mv.m, mv.count);
    int rc = mv.err ? mv.err : solve_cube3(&c, cube3, ctx, &mv);
    if (rc == GT_OK && mv.err)
        rc = mv.err;
    if (rc == GT_OK) {
        mv.count = gt_nnn_cancel(c.n, mv.m, mv.count);
        outer_blocks(c.n, mv.m, mv.count);
    }
    out->stage_count[GT_NNN_STAGE_EDGES] = first;
    out->stage_count[GT_NNN_STAGE_CUBE3] = mv.count - first;
    out->seconds[GT_NNN_STAGE_CUBE3] = now() - t0;
    gt_nnn_free(&c);
    return finish(start, &mv, rc, GT_NNN_METHOD_TABLES, out);
}

/* The tables' answer along one axis: axis 0 the cube itself (P1 stages
 * the L/R centres), 1 and 2 the cube turned whole by z and by y, its
 * colours renamed so that it reads in the standard scheme (P1 then stages
 * what were its U/D, F/B centres); the turns found are mapped back to the
 * faces of the cube as given, and the whole answer replayed on it (a
 * 4x4x4 solved in any orientation is solved). */
static int solve_axis(const gt_nnn4_tables *t, const gt_nnn *c, int axis, gt_nnn_cube3_fn cube3, void *ctx,
                      gt_nnn_solution *sol)
{
    enum { REDUCE_MAX = 160 };
    static const int rotation_face[3] = {-1, 2, 0};
    gt_turn reduce[REDUCE_MAX];
    int count, phases[GT_NNN4_PHASES];
    uint8_t rename[6];
    gt_nnn d, turned;
    double t0 = now();
    memset(sol, 0, sizeof *sol);
    if (gt_nnn_init(&d, 4) != GT_OK || gt_nnn_init(&turned, 4) != GT_OK)
        return GT_ERR_NOMEM;
    memcpy(d.f, c->f, 96);
    if (axis > 0) {
        gt_nnn_turn(&d, rotation_face[axis], 0, 3, 1);
        gt_nnn_turn(&turned, rotation_face[axis], 0, 3, 1);
    }
    for (int f = 0; f < 6; f++)
        rename[turned.f[f * 16 + 5]] = (uint8_t)f;
    for (int i = 0; i < 96; i++)
        d.f[i] = rename[d.f[i]];
    int rc = gt_nnn4_reduce(t, &d, reduce, REDUCE_MAX, &count, phases, NULL);
    for (int i = 0; rc == GT_OK && i < count; i++)
        reduce[i].face = turned.f[reduce[i].face * 16 + 5]; /* the face now where that one was */
    double reduced = now() - t0;
    if (rc == GT_OK && (rc = gt_nnn_solve_after(c, reduce, count, cube3, ctx, sol)) == GT_ERR_ILLEGAL)
        rc = GT_ERR_CORRUPT; /* the start was legal: the reduction was not one */
    if (rc == GT_OK) {
        memcpy(sol->phase_count, phases, sizeof phases);
        sol->seconds[GT_NNN_STAGE_EDGES] = reduced;
    }
    gt_nnn_free(&d);
    gt_nnn_free(&turned);
    return rc;
}

/* Each axis on a thread of its own: the shortest answer kept, the first
 * axis's on a tie, so the answer does not depend on the thread count. */
int gt_nnn_solve_tables(const gt_nnn4_tables *t, const gt_nnn *c, int axes, gt_nnn_cube3_fn cube3, void *ctx,
                        gt_nnn_solution *sol)
{
    gt_nnn_solution axis_sol[GT_NNN4_AXES_MAX];
    int rc[GT_NNN4_AXES_MAX], best = -1;
    memset(sol, 0, sizeof *sol);
    if (!t || c->n != 4 || axes < 1 || axes > GT_NNN4_AXES_MAX)
        return GT_ERR_INVAL;
#pragma omp parallel for num_threads(axes) schedule(static, 1)
    for (int axis = 0; axis < axes; axis++)
        rc[axis] = solve_axis(t, c, axis, cube3, ctx, &axis_sol[axis]);
    for (int axis = 0; axis < axes; axis++)
        if (rc[axis] == GT_OK && (best < 0 || axis_sol[axis].count < axis_sol[best].count))
            best = axis;
    for (int axis = 0; axis < axes; axis++)
        if (rc[axis] == GT_OK && axis != best)
            gt_nnn_solution_free(&axis_sol[axis]);
    if (best < 0)
        return rc[0];
    *sol = axis_sol[best];
    return GT_OK;
}
