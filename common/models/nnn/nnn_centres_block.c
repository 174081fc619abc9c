/* Stage II's first part: centres by block commutators (docs/nnn.md,
 * "Block commutators").
 *
 * The 3-cycle of nnn_centres.c, [a, T^e b T^-e] with a and b inner layers
 * of a neighbour R of the face T being solved, keeps its shape when a is a
 * set S of layers (b not in S): the sticker paths never cross from one layer
 * of S to another, so it cycles every centre of T at (column in S, row b)
 * with two centres on other faces, |S| disjoint 3-cycles for 6 + 2·runs(S)
 * turns (a run of adjacent layers is one block turn, "a-bRw", one STM move).
 * Along a line of T (fixed R, e, b) every position of the cycle is affine in
 * the column index, so a plan is weighed by reading two bytes a column.
 *
 * Plans are taken greedily in passes of falling pieces-per-turn thresholds;
 * what no block plan places well is left to the single 3-cycles. */
#include "nnn_solve_internal.h"

#include <stdlib.h>
#include <string.h>

/* A position along a line: p0 + i·dp for column i (1..N-2). */
typedef struct affine {
    long p0, dp;
} affine;

static long at(affine a, int i)
{
    return a.p0 + (long)i * a.dp;
}

/* The commutator's three places for every column of one line and one
 * choice of quarters (da for S, db for b). */
typedef struct bline {
    int T, R, e, b, da, db;
    affine t, u1, u2;  /* forward: t -> u1 -> u2 -> t */
    affine layer;      /* the R layer of t_i */
    int fu1, fu2;      /* the faces of u1 and u2 (the same for every column) */
} bline;

/* One plan on a line: direction, the source face's conjugating turn, and
 * what it gains. */
typedef struct bplan {
    int inverse, q, gain, runs, cost;
    affine src, third;
} bplan;

static int face_of(int n, long z)
{
    return (int)(z / ((long)n * n));
}

/* The facelet of T at column i of R-layer b turned back by T^-e: the line
 * whose stickers T^e takes into layer b. */
static long line_target(const gt_nnn *c, int T, int R, int e, int b, int i)
{
    for (int k = 0; k < 4; k++) {
        const gt_nnn_strip *s = &c->strip[R][k];
        if (s->face == T)
            return gt_nnn_img(c, T, 0, -e, s->base + b * s->dl + i * s->di);
    }
    return -1;
}

/* Where the single-column commutator takes z (a = the column's layer). */
static long comm_img(const gt_nnn *c, const bline *l, int a, long z)
{
    const int face[8] = {l->R, l->T, l->R, l->T, l->R, l->T, l->R, l->T};
    const int layer[8] = {a, 0, l->b, 0, a, 0, l->b, 0};
    const int q[8] = {l->da, l->e, l->db, -l->e, -l->da, l->e, -l->db, -l->e};
    for (int k = 0; k < 8; k++)
        z = gt_nnn_img(c, face[k], layer[k], q[k], z);
    return z;
}

/* Fills the line's affine places from two columns i1 < i2 of layers != b. */
static int line_build(const gt_nnn *c, bline *l)
{
    int n = c->n, pick[2], k = 0;
    long t[2], a[2];
    for (int i = 1; i < n - 1 && k < 2; i++) {
        long z = line_target(c, l->T, l->R, l->e, l->b, i);
        int lay = z < 0 ? -1 : gt_nnn_layer_of(c, l->R, z);
        if (lay < 1 || lay > n - 2 || lay == l->b)
            continue;
        pick[k] = i;
        t[k] = z;
        a[k++] = lay;
    }
    if (k < 2)
        return 0;
    long u1[2], u2[2], span = pick[1] - pick[0];
    for (k = 0; k < 2; k++) {
        u1[k] = comm_img(c, l, (int)a[k], t[k]);
        u2[k] = comm_img(c, l, (int)a[k], u1[k]);
    }
    l->t = (affine){t[0] - pick[0] * ((t[1] - t[0]) / span), (t[1] - t[0]) / span};
    l->u1 = (affine){u1[0] - pick[0] * ((u1[1] - u1[0]) / span), (u1[1] - u1[0]) / span};
    l->u2 = (affine){u2[0] - pick[0] * ((u2[1] - u2[0]) / span), (u2[1] - u2[0]) / span};
    l->layer = (affine){a[0] - pick[0] * ((a[1] - a[0]) / span), (a[1] - a[0]) / span};
    if (labs(l->layer.dp) != 1)
        return 0;
    l->fu1 = face_of(n, u1[0]);
    l->fu2 = face_of(n, u2[0]);
    return l->fu1 != l->T && l->fu2 != l->T;
}

/* The affine image of a line's places under X^-q (X the face they are on). */
static affine turned(const gt_nnn *c, int X, int q, affine p)
{
    long z1 = gt_nnn_img(c, X, 0, -q, at(p, 1)), z2 = gt_nnn_img(c, X, 0, -q, at(p, 2));
    return (affine){z1 - (z2 - z1), z2 - z1};
}

enum { COL_FORBID = -1, COL_NEUTRAL = 0, COL_GAIN = 1 };

/* What cycling column i does for face T: places a T centre, changes nothing
 * that counts, or would take a placed one away. */
static int column_value(const gt_nnn *c, const bline *l, const bplan *p, int i)
{
    if (at(l->layer, i) == l->b)
        return COL_FORBID;
    int tgt = c->f[at(l->t, i)] == l->T, src = c->f[at(p->src, i)] == l->T;
    if (tgt)
        return src ? COL_NEUTRAL : COL_FORBID;
    return src ? COL_GAIN : COL_NEUTRAL;
}

/* Walks the columns; calls back (when run_fn is set) for each run [i0, i1]
 * of columns to cycle: gains joined across neutral columns, split at
 * forbidden ones. Fills p->gain and p->runs. */
typedef void (*run_fn)(gt_nnn *c, const bline *l, const bplan *p, int i0, int i1, void *ctx);

static void plan_scan(gt_nnn *c, const bline *l, bplan *p, run_fn fn, void *ctx)
{
    int n = c->n, open = 0, first = 0, last = 0;
    p->gain = p->runs = 0;
    for (int i = 1; i <= n - 1; i++) {
        int v = i == n - 1 ? COL_FORBID : column_value(c, l, p, i);
        if (v == COL_FORBID) {
            if (open && fn)
                fn(c, l, p, first, last, ctx);
            open = 0;
        } else if (v == COL_GAIN) {
            if (!open) {
                open = 1;
                first = i;
                p->runs++;
            }
            last = i;
            p->gain++;
        }
    }
}

static int plan_cost(const bplan *p)
{
    return 2 * p->runs + 6 + (p->q ? 2 : 0);
}

/* Is p better than best (more pieces a turn; ties: more pieces)? */
static int plan_better(const bplan *p, const bplan *best)
{
    if (!p->gain)
        return 0;
    if (!best->gain)
        return 1;
    long lhs = (long)p->gain * best->cost, rhs = (long)best->gain * p->cost;
    return lhs > rhs || (lhs == rhs && p->gain > best->gain);
}

/* Replaces *best by the best plan over direction and the source face's
 * turn on line l when one is better; returns 1 if so. */
static int line_best(gt_nnn *c, const bline *l, bplan *best)
{
    int better = 0;
    for (int inv = 0; inv < 2; inv++) {
        affine from = inv ? l->u1 : l->u2, to = inv ? l->u2 : l->u1;
        int X = inv ? l->fu1 : l->fu2;
        for (int q = 0; q < 4; q++) {
            bplan p = {.inverse = inv, .q = q};
            p.src = q ? turned(c, X, q, from) : from;
            p.third = q && face_of(c->n, at(to, 1)) == X ? turned(c, X, q, to) : to;
            plan_scan(c, l, &p, NULL, NULL);
            p.cost = plan_cost(&p);
            if (plan_better(&p, best)) {
                *best = p;
                better = 1;
            }
        }
    }
    return better;
}

/* ---- applying a plan ---- */

typedef struct apply_ctx {
    gt_nnn_moves *mv;
    int count;
    int lo[2048], hi[2048]; /* the runs as R layers (N <= 1024: fewer than N/2 + 1) */
} apply_ctx;

/* Cycles the colours of the run's columns (src -> t -> third -> src) and
 * keeps its layers for the turns. */
static void run_apply(gt_nnn *c, const bline *l, const bplan *p, int i0, int i1, void *ctx)
{
    apply_ctx *a = ctx;
    for (int i = i0; i <= i1; i++) {
        long t = at(l->t, i), s = at(p->src, i), h = at(p->third, i);
        uint8_t vs = c->f[s], vt = c->f[t], vh = c->f[h];
        c->f[t] = vs;
        c->f[h] = vt;
        c->f[s] = vh;
    }
    long x0 = at(l->layer, i0), x1 = at(l->layer, i1);
    a->lo[a->count] = (int)(x0 < x1 ? x0 : x1);
    a->hi[a->count++] = (int)(x0 < x1 ? x1 : x0);
}

static void push_runs(const apply_ctx *a, int R, int q)
{
    for (int k = 0; k < a->count; k++)
        gt_nnn_moves_push_block(a->mv, R, a->lo[k], a->hi[k], q);
}

static void push_b(gt_nnn_moves *mv, const bline *l, int sign)
{
    gt_nnn_moves_push(mv, l->T, 0, l->e);
    gt_nnn_moves_push(mv, l->R, l->b, sign * l->db);
    gt_nnn_moves_push(mv, l->T, 0, -l->e);
}

static void plan_apply(gt_nnn *c, const bline *l, bplan *p, apply_ctx *a)
{
    int X = p->inverse ? l->fu1 : l->fu2;
    a->count = 0;
    plan_scan(c, l, p, run_apply, a);
    gt_nnn_moves_push(a->mv, X, 0, p->q);
    if (p->inverse) {
        push_b(a->mv, l, 1);
        push_runs(a, l->R, l->da);
        push_b(a->mv, l, -1);
        push_runs(a, l->R, -l->da);
    } else {
        push_runs(a, l->R, l->da);
        push_b(a->mv, l, 1);
        push_runs(a, l->R, -l->da);
        push_b(a->mv, l, -1);
    }
    gt_nnn_moves_push(a->mv, X, 0, -p->q);
}

/* ---- the passes ---- */

static int is_free(const int *solved, int T, int f)
{
    return !solved[f] && f != T;
}

/* Takes plans on line (T, R, e, b) while one places at least num/den
 * pieces a turn. */
static void line_solve(gt_nnn *c, int T, int R, int e, int b, const int *solved, int num, int den,
                       apply_ctx *a)
{
    bline lines[9];
    int count = 0;
    for (int da = 1; da <= 3; da++)
        for (int db = 1; db <= 3; db++) {
            bline l = {.T = T, .R = R, .e = e, .b = b, .da = da, .db = db};
            if (line_build(c, &l) && is_free(solved, T, l.fu1) && is_free(solved, T, l.fu2))
                lines[count++] = l;
        }
    for (;;) {
        bplan best = {.gain = 0};
        int which = -1;
        for (int k = 0; k < count; k++)
            if (line_best(c, &lines[k], &best))
                which = k;
        if (which < 0 || (long)best.gain * den < (long)num * best.cost)
            return;
        plan_apply(c, &lines[which], &best, a);
    }
}

/* Pieces-per-turn thresholds (num/den), falling: the fullest rows first. */
static const int pass_num[] = {8, 4, 2, 3, 1, 7, 1, 7, 1, 1}, pass_den[] = {1, 1, 1, 2, 1, 10, 2, 20, 3, 4};

int gt_nnn_centres_blocks(gt_nnn *c, int T, const int *solved, gt_nnn_moves *mv)
{
    int n = c->n;
    apply_ctx *a = malloc(sizeof *a);
    if (!a)
        return GT_ERR_NOMEM;
    a->mv = mv;
    for (size_t pass = 0; pass < sizeof pass_num / sizeof *pass_num; pass++) {
        /* a line places at most N-3 centres for at least 8 turns */
        if (8L * pass_num[pass] > (long)(n - 3) * pass_den[pass])
            continue;
        for (int j = 0; j < 4; j++)
            for (int e = 1; e <= 3; e += 2)
                for (int b = 1; b < n - 1; b++)
                    line_solve(c, T, c->strip[T][j].face, e, b, solved, pass_num[pass], pass_den[pass], a);
    }
    free(a);
    return mv->err;
}
