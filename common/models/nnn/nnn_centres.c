/* Stage II, "l'intérieur des faces": the centres by pure 3-cycles
 * (docs/nnn.md, "Solver").
 *
 * The commutator, written once for the frame (T, R') = (U, R):
 *     [a, U^e b U^-e] = a · U^e b U^-e · a⁻¹ · U^e b⁻¹ U^-e
 * a and b single inner layers of R (a ≠ b, dA and dB quarters, e = ±1). The
 * ring of a meets the support of U^e b U^-e in one sticker of U, the centre t
 * at column a and (turned by U^e) row b, so the commutator is a pure 3-cycle
 * of t and two centres on F, D or B. Seen from another frame (T, R') — T the
 * face being solved, R' any of its four neighbours: the seed's r_X — it
 * serves every face. One turn X^k of the source's face, conjugating it,
 * brings any of the source's four orbit places to where the cycle takes it. */
#include "nnn_solve_internal.h"

#include <string.h>

/* Acceptable plans weighed before a plain one is taken: every read of a
 * colour is a cache miss once the cube outgrows the cache (6·N² bytes), so
 * large cubes take the first. */
static int plans_to_weigh(int n)
{
    return n > 256 ? 1 : 24;
}

/* A 4x4x4's lines hold one column besides b: nothing to join in blocks. */
#ifndef GT_NNN_BLOCK_MIN
#define GT_NNN_BLOCK_MIN 5
#endif

typedef struct cmove {
    int face, layer, q;
} cmove;

/* The order faces are solved in: the last two are adjacent (R, B), so the
 * cycles that finish them stay on those two faces. */
static const int face_order[6] = {0, 3, 4, 2, 1, 5};

static long seq_img(const gt_nnn *c, const cmove *m, int len, long z)
{
    for (int i = 0; i < len; i++)
        z = gt_nnn_img(c, m[i].face, m[i].layer, m[i].q, z);
    return z;
}

/* The commutator for target t on face T, slices on face R (e, dA, dB). */
static int make_comm(const gt_nnn *c, int T, int R, int e, int da, int db, long t, cmove m[8])
{
    int a = gt_nnn_layer_of(c, R, t), b = gt_nnn_layer_of(c, R, gt_nnn_img(c, T, 0, e, t));
    if (a < 1 || b < 1 || a == b || a > c->n - 2 || b > c->n - 2)
        return 0;
    cmove s[8] = {{R, a, da}, {T, 0, e}, {R, b, db}, {T, 0, -e}, {R, a, -da}, {T, 0, e}, {R, b, -db}, {T, 0, -e}};
    memcpy(m, s, sizeof s);
    return 8;
}

typedef struct plan {
    cmove m[8];
    int inverse;   /* [B, A]: the cycle reversed */
    int yface, yq; /* the conjugating turn of the source's face (yq 0: none) */
    long src, third;
    int cost;
} plan;

/* z is on a face not solved yet, other than T (whose placed centres stay). */
static int is_free(const int *solved, int n, int T, long z)
{
    int f = (int)(z / ((long)n * n));
    return !solved[f] && f != T;
}

/* The source's four orbit places on its face; the one holding colour col,
 * and the turn bringing it to u2 (t's colour tcol goes to u1). Returns 1 if
 * found; the cost counts turns twice, less one if the cycle also puts tcol
 * on its own face. */
static int pick_source(const gt_nnn *c, long u2, long u1, int col, int tcol, plan *p)
{
    int n = c->n, face = (int)(u2 / ((long)n * n));
    for (int q = 0; q < 4; q++) {
        long s = gt_nnn_img(c, face, 0, -q, u2); /* X^q takes s to u2 */
        if (c->f[s] != col)
            continue;
        p->yface = face;
        p->yq = q;
        p->src = s;
        p->third = gt_nnn_img(c, face, 0, -q, u1);
        /* a tie goes to the cycle that also puts t's centre on its own face */
        int tf = (int)(p->third / ((long)n * n)), bonus = tcol == tf && c->f[p->third] != tf;
        p->cost = 2 * (8 + (q ? 2 : 0)) - bonus;
        return 1;
    }
    return 0;
}

/* Cost units saved when the plan's first turn cancels into the last one. */
static int saving(const plan *p, const gt_turn *last)
{
    cmove f = p->yq ? (cmove){p->yface, 0, p->yq} : p->m[p->inverse ? 1 : 0];
    if (!last || last->face != f.face || last->lo != f.layer || last->hi != f.layer)
        return 0;
    return ((last->quarters + f.q) & 3) == 0 ? 4 : 2;
}

/* The cheapest plan bringing colour T to t, third place on an unsolved face. */
static int find_plan(const gt_nnn *c, int T, long t, const int *solved, const gt_turn *last, plan *best)
{
    int seen = 0, weigh = plans_to_weigh(c->n);
    best->cost = 1 << 30;
    for (int j = 0; j < 4; j++) {
        int R = c->strip[T][j].face;
        for (int e = 1; e <= 3; e += 2)
            for (int da = 1; da <= 3; da++)
                for (int db = 1; db <= 3; db++) {
                    plan p;
                    if (!make_comm(c, T, R, e, da, db, t, p.m))
                        continue;
                    long u1 = seq_img(c, p.m, 8, t), u2 = seq_img(c, p.m, 8, u1);
                    if (!is_free(solved, c->n, T, u1) || !is_free(solved, c->n, T, u2))
                        continue;
                    for (p.inverse = 0; p.inverse < 2; p.inverse++) {
                        /* forward: u2 -> t, t -> u1; reversed: u1 -> t, t -> u2 */
                        long from = p.inverse ? u1 : u2, to = p.inverse ? u2 : u1;
                        if (!pick_source(c, from, to, T, c->f[t], &p))
                            continue;
                        p.cost -= saving(&p, last);
                        if (p.cost < best->cost)
                            *best = p;
                        /* good enough: the bonus, or a plain 8-turn cycle once
                         * enough choices were seen (time at large N) */
                        if (best->cost <= 15 || (best->cost <= 16 && ++seen >= weigh))
                            return 1;
                    }
                }
    }
    return best->cost < (1 << 30);
}

/* Applies the plan: src -> t -> third -> src, and records its turns. */
static void apply_plan(gt_nnn *c, const plan *p, long t, gt_nnn_moves *mv)
{
    uint8_t vs = c->f[p->src], vt = c->f[t], vh = c->f[p->third];
    c->f[t] = vs;
    c->f[p->third] = vt;
    c->f[p->src] = vh;
    gt_nnn_moves_push(mv, p->yface, 0, p->yq);
    static const int fwd[8] = {0, 1, 2, 3, 4, 5, 6, 7}, rev[8] = {1, 2, 3, 0, 5, 6, 7, 4};
    /* [B, A] = B A B⁻¹ A⁻¹: the same eight turns, B's four first */
    for (int i = 0; i < 8; i++) {
        const cmove *m = &p->m[p->inverse ? rev[i] : fwd[i]];
        gt_nnn_moves_push(mv, m->face, m->layer, m->q);
    }
    gt_nnn_moves_push(mv, p->yface, 0, -p->yq);
}

static int solve_face(gt_nnn *c, int T, const int *solved, gt_nnn_moves *mv)
{
    int n = c->n;
    long base = (long)T * n * n;
    if (n >= GT_NNN_BLOCK_MIN) {
        int rc = gt_nnn_centres_blocks(c, T, solved, mv);
        if (rc)
            return rc;
    }
    for (int r = 1; r < n - 1; r++)
        for (int col = 1; col < n - 1; col++) {
            long t = base + (long)r * n + col;
            if (c->f[t] == T)
                continue;
            plan p;
            if (!find_plan(c, T, t, solved, mv->count ? &mv->m[mv->count - 1] : NULL, &p))
                return GT_ERR_ILLEGAL;
            apply_plan(c, &p, t, mv);
        }
    return GT_OK;
}

int gt_nnn_solve_centres(gt_nnn *c, gt_nnn_moves *mv)
{
    int solved[6] = {0};
    if (c->n < 4)
        return GT_OK;
    for (int i = 0; i < 6; i++) {
        int rc = solve_face(c, face_order[i], solved, mv);
        if (rc)
            return rc;
        solved[face_order[i]] = 1;
    }
    return GT_OK;
}
