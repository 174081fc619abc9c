/* Stage I, "les contours": the wing orbits by pure 3-cycles (docs/nnn.md,
 * "Solver").
 *
 * A template is a commutator [A, B] or [B, A]: A one outer turn Z or a
 * conjugate Y Z Y⁻¹ of outer turns, B one quarter or half turn of the inner
 * layer k or N-1-k of U, R or F. When A's support meets B's ring in exactly
 * one wing, the commutator is a pure 3-cycle of that wing orbit (it moves
 * nothing else, centres included). Which (A, B) qualify, and their 3-cycles,
 * are found once on an 8x8x8 (orbit k = 2); one more outer turn conjugating
 * them (the seed's r_X, sym_RL: the same commutator seen from another face)
 * gives 3-cycles of every (target, source, third) of the orbit's 24 slots.
 * A slot is edge·2 + side (side 0: position k, side 1: N-1-k). */
#include "nnn_internal.h"
#include "nnn_solve_internal.h"

#include <stdlib.h>
#include <string.h>

enum { TN = 8, TK = 2, SLOTS = 24, WF = 48, OUTER = 18, SMOVES = 36, SETUPS = 1 + SMOVES + SMOVES * 33, TMOVES = 12 };

typedef struct tmove {
    int8_t face, kind, q; /* kind 0: outer layer, 1: layer k, 2: layer N-1-k */
} tmove;

/* A conjugating setup of 0..2 outer turns, and its inverse on the wing facelets. */
typedef struct setup {
    tmove mv[2];
    int len;
    int winv[WF];
} setup;

typedef struct wtemplate {
    tmove mv[TMOVES];
    int len;
} wtemplate;

struct gt_nnn_solver {
    wtemplate *tpl;                      /* best[t][s][u] indexes it */
    long ntpl, cap;
    int nsets;
    int best[SLOTS][SLOTS][SLOTS];       /* s -> t, t -> u, u -> s; -1 if none */
    int8_t flip[SLOTS][SLOTS];           /* s -> t swaps reference and other facelet */
};

/* Abstract wing facelet of each facelet of the 8x8x8 (-1: not in orbit 2). */
static void wing_index(int *idx)
{
    for (long z = 0; z < 6L * TN * TN; z++)
        idx[z] = -1;
    for (int e = 0; e < GT_NNN_EDGES; e++)
        for (int side = 0; side < 2; side++) {
            long f[2];
            gt_nnn_edge_facelets(TN, e, side ? TN - 1 - TK : TK, f);
            idx[f[0]] = (e * 2 + side) * 2;
            idx[f[1]] = (e * 2 + side) * 2 + 1;
        }
}

static void move_perm(const gt_nnn *c, tmove m, int *perm)
{
    int layer = m.kind == 0 ? 0 : m.kind == 1 ? TK : TN - 1 - TK;
    for (long z = 0; z < 6L * TN * TN; z++)
        perm[z] = (int)gt_nnn_img(c, m.face, layer, m.q, z);
}

static tmove inv(tmove m)
{
    m.q = (int8_t)(4 - m.q);
    return m;
}

/* The 3-cycle of a sequence on the abstract wing facelets, if it is one:
 * img[w] for the 6 moved wing facelets (others -1). Returns 1 if pure. */
static int pure_cycle(int *const *perms, const tmove *seq, int len, const int *idx, int img[WF])
{
    int moved = 0;
    for (int w = 0; w < WF; w++)
        img[w] = -1;
    for (long z = 0; z < 6L * TN * TN; z++) {
        long p = z;
        for (int i = 0; i < len; i++)
            p = perms[seq[i].face * 9 + seq[i].kind * 3 + seq[i].q - 1][p];
        if (p == z)
            continue;
        if (idx[z] < 0 || idx[p] < 0 || ++moved > 6)
            return 0;
        img[idx[z]] = idx[p];
    }
    return moved == 6;
}

/* Records the conjugates Y C Y⁻¹ of one pure template C by every setup Y. */
static void add_template(gt_nnn_solver *s, const tmove *seq, int len, const int img[WF], const setup *sets)
{
    for (int y = 0; y < s->nsets; y++) {
        const setup *st = &sets[y];
        int cyc[WF], moved = -1;
        for (int w = 0; w < WF; w++)
            cyc[w] = -1;
        for (int w = 0; w < WF; w++)
            if (img[w] >= 0) /* Y⁻¹(w) -> Y⁻¹(C(w)) */
                cyc[st->winv[w]] = st->winv[img[w]];
        for (int w = 0; w < WF && moved < 0; w += 2)
            if (cyc[w] >= 0)
                moved = w / 2;
        int sl = moved, t = cyc[sl * 2] / 2, u = cyc[t * 2] / 2, total = len + 2 * st->len;
        int *b = &s->best[t][sl][u];
        s->flip[sl][t] = (int8_t)(cyc[sl * 2] & 1);
        s->flip[t][u] = (int8_t)(cyc[t * 2] & 1);
        s->flip[u][sl] = (int8_t)(cyc[u * 2] & 1);
        if (*b >= 0 && s->tpl[*b].len <= total)
            continue;
        if (s->ntpl == s->cap) {
            long cap = s->cap ? 2 * s->cap : 4096;
            wtemplate *tp = realloc(s->tpl, (size_t)cap * sizeof *tp);
            if (!tp)
                return;
            s->tpl = tp;
            s->cap = cap;
        }
        wtemplate w = {.len = 0};
        for (int i = 0; i < st->len; i++)
            w.mv[w.len++] = st->mv[i];
        for (int i = 0; i < len; i++)
            w.mv[w.len++] = seq[i];
        for (int i = st->len - 1; i >= 0; i--)
            w.mv[w.len++] = inv(st->mv[i]);
        s->tpl[s->ntpl] = w;
        /* the same cycle read from each of its three slots */
        *b = s->best[u][t][sl] = s->best[sl][u][t] = (int)s->ntpl++;
    }
}

/* The candidates A: one outer turn, or Y Z Y⁻¹ (Z on another axis). */
static int a_parts(tmove a[][3], int *alen)
{
    int na = 0;
    for (int z = 0; z < OUTER; z++) {
        a[na][0] = (tmove){(int8_t)(z / 3), 0, (int8_t)(z % 3 + 1)};
        alen[na++] = 1;
    }
    for (int y = 0; y < OUTER; y++)
        for (int z = 0; z < OUTER; z++) {
            if (y / 3 % 3 == z / 3 % 3)
                continue;
            a[na][0] = (tmove){(int8_t)(y / 3), 0, (int8_t)(y % 3 + 1)};
            a[na][1] = (tmove){(int8_t)(z / 3), 0, (int8_t)(z % 3 + 1)};
            a[na][2] = inv(a[na][0]);
            alen[na++] = 3;
        }
    return na;
}

/* Tries [A, B] and [B, A] for every A and B. */
static void find_templates(gt_nnn_solver *s, int *const *perms, const int *idx, const setup *sets)
{
    tmove a[OUTER + OUTER * OUTER][3];
    int alen[OUTER + OUTER * OUTER], na = a_parts(a, alen), img[WF];
    for (int i = 0; i < na; i++)
        for (int bf = 0; bf < 3; bf++)
            for (int kind = 1; kind <= 2; kind++)
                for (int q = 1; q <= 3; q++) {
                    tmove b = {(int8_t)bf, (int8_t)kind, (int8_t)q}, seq[8];
                    for (int order = 0; order < 2; order++) {
                        int len = 0;
                        if (order)
                            seq[len++] = b;
                        for (int j = 0; j < alen[i]; j++)
                            seq[len++] = a[i][j];
                        if (!order)
                            seq[len++] = b;
                        if (order)
                            seq[len++] = inv(b);
                        for (int j = alen[i] - 1; j >= 0; j--)
                            seq[len++] = inv(a[i][j]);
                        if (!order)
                            seq[len++] = inv(b);
                        if (pure_cycle(perms, seq, len, idx, img))
                            add_template(s, seq, len, img, sets);
                    }
                }
}

void gt_nnn_solver_free(gt_nnn_solver *s)
{
    if (!s)
        return;
    free(s->tpl);
    free(s);
}

/* perms: every move's facelet permutation on the 8x8x8 ([face·9 + kind·3 + q-1]). */
static int build_perms(const gt_nnn *c, int **perms)
{
    for (int m = 0; m < 6 * 9; m++) {
        perms[m] = malloc(6 * TN * TN * sizeof(int));
        if (!perms[m])
            return GT_ERR_NOMEM;
        move_perm(c, (tmove){(int8_t)(m / 9), (int8_t)(m % 9 / 3), (int8_t)(m % 3 + 1)}, perms[m]);
    }
    return GT_OK;
}

/* Setup turn i (0..35): the 18 outer turns, then layers k and N-1-k of U R F. */
static tmove setup_move(int i)
{
    if (i < OUTER)
        return (tmove){(int8_t)(i / 3), 0, (int8_t)(i % 3 + 1)};
    i -= OUTER;
    return (tmove){(int8_t)(i / 6), (int8_t)(i % 6 / 3 + 1), (int8_t)(i % 3 + 1)};
}

/* The setups: none, one turn, two turns on different layers of different
 * axes or faces. Inner layers matter: outer turns keep the two wings of an
 * edge together, so only they let a cycle move a wing along its own edge. */
static int build_setups(int *const *perms, const int *idx, setup *sets)
{
    int k = 0;
    for (int a = -1; a < SMOVES; a++)
        for (int b = -1; b < SMOVES; b++) {
            tmove ma = setup_move(a < 0 ? 0 : a), mb = setup_move(b < 0 ? 0 : b);
            if ((a < 0 && b >= 0) || (a >= 0 && b >= 0 && ma.face % 3 == mb.face % 3))
                continue;
            setup *st = &sets[k++];
            st->len = (a >= 0) + (b >= 0);
            st->mv[0] = ma;
            st->mv[1] = mb;
            for (long z = 0; z < 6L * TN * TN; z++) {
                if (idx[z] < 0)
                    continue;
                long p = z; /* Y⁻¹ = the turns undone in reverse order */
                for (int i = st->len - 1; i >= 0; i--)
                    p = perms[st->mv[i].face * 9 + st->mv[i].kind * 3 + (3 - st->mv[i].q)][p];
                st->winv[idx[z]] = idx[p];
            }
        }
    return k;
}

int gt_nnn_solver_new(gt_nnn_solver **out)
{
    gt_nnn c;
    gt_nnn_solver *s = calloc(1, sizeof *s);
    int *idx = malloc(6 * TN * TN * sizeof(int)), *perms[6 * 9] = {0};
    setup *sets = malloc(SETUPS * sizeof *sets);
    int rc = s && idx && sets && gt_nnn_init(&c, TN) == GT_OK ? GT_OK : GT_ERR_NOMEM;
    if (rc == GT_OK) {
        memset(s->best, 0xff, sizeof s->best);
        wing_index(idx);
        rc = build_perms(&c, perms);
        if (rc == GT_OK) {
            s->nsets = build_setups(perms, idx, sets);
            find_templates(s, perms, idx, sets);
        }
        gt_nnn_free(&c);
    }
    for (int m = 0; m < 6 * 9; m++)
        free(perms[m]);
    free(sets);
    free(idx);
    if (rc != GT_OK || !s->tpl) {
        gt_nnn_solver_free(s);
        *out = NULL;
        return GT_ERR_NOMEM;
    }
    *out = s;
    return GT_OK;
}

long gt_nnn_solver_cycles(const gt_nnn_solver *s)
{
    long k = 0;
    for (int t = 0; t < SLOTS; t++)
        for (int a = 0; a < SLOTS; a++)
            for (int b = 0; b < SLOTS; b++)
                k += s->best[t][a][b] >= 0;
    return k;
}

/* ---- the stage ---- */

typedef struct orbit {
    int k;
    long fac[SLOTS][2];       /* each slot's reference and other facelet */
    uint8_t target[SLOTS][2]; /* the colours each slot must show */
    int done[SLOTS];
} orbit;

/* The slot whose wing belongs at t (shows target[t] once moved there). */
static int source_of(const gt_nnn_solver *s, const gt_nnn *c, const orbit *o, int t)
{
    for (int x = 0; x < SLOTS; x++) {
        if (o->done[x] && x != t)
            continue;
        int fl = x == t ? 0 : s->flip[x][t];
        uint8_t a = c->f[o->fac[x][fl]], b = c->f[o->fac[x][!fl]];
        if (a == o->target[t][0] && b == o->target[t][1])
            return x;
    }
    return -1;
}

/* Permutation parity of the orbit (wing at x belongs at dest[x]); -1 if not a permutation. */
static int orbit_parity(const gt_nnn_solver *s, const gt_nnn *c, const orbit *o)
{
    int dest[SLOTS], seen[SLOTS] = {0}, parity = 0;
    for (int t = 0; t < SLOTS; t++) {
        int x = source_of(s, c, o, t);
        if (x < 0 || seen[x])
            return -1;
        seen[x] = 1;
        dest[x] = t;
    }
    for (int i = 0; i < SLOTS; i++)
        for (int j = i + 1; j < SLOTS; j++)
            parity ^= dest[i] > dest[j];
    return parity;
}

/* Applies template `id` (s -> t -> u -> s) to the stickers and records its turns. */
static void apply_cycle(const gt_nnn_solver *s, gt_nnn *c, const orbit *o, int id, int src, int t, int u,
                        gt_nnn_moves *mv)
{
    int n = c->n, fs = s->flip[src][t], ft = s->flip[t][u];
    uint8_t vs[2] = {c->f[o->fac[src][0]], c->f[o->fac[src][1]]};
    uint8_t vt[2] = {c->f[o->fac[t][0]], c->f[o->fac[t][1]]};
    uint8_t vu[2] = {c->f[o->fac[u][0]], c->f[o->fac[u][1]]};
    int fu = s->flip[u][src];
    for (int i = 0; i < 2; i++) {
        c->f[o->fac[t][i ^ fs]] = vs[i];
        c->f[o->fac[u][i ^ ft]] = vt[i];
        c->f[o->fac[src][i ^ fu]] = vu[i];
    }
    const wtemplate *w = &s->tpl[id];
    for (int i = 0; i < w->len; i++) {
        int layer = w->mv[i].kind == 0 ? 0 : w->mv[i].kind == 1 ? o->k : n - 1 - o->k;
        gt_nnn_moves_push(mv, w->mv[i].face, layer, w->mv[i].q);
    }
}

/* Fills slot t: the wing for it moves in, preferably sending t's wing home. */
static int fill_slot(const gt_nnn_solver *s, gt_nnn *c, orbit *o, int t, gt_nnn_moves *mv)
{
    int src = source_of(s, c, o, t);
    if (src < 0)
        return GT_ERR_ILLEGAL;
    if (src != t) {
        int home = -1, best = -1, bu = -1;
        for (int x = 0; x < SLOTS && home < 0; x++)
            if (!o->done[x] && x != t && x != src && source_of(s, c, o, x) == t)
                home = x;
        for (int u = 0; u < SLOTS; u++) {
            int id = s->best[t][src][u];
            if (o->done[u] || u == t || u == src || id < 0)
                continue;
            if (best < 0 || u == home || (bu != home && s->tpl[id].len < s->tpl[best].len)) {
                best = id;
                bu = u;
            }
        }
        if (best < 0)
            return GT_ERR_CORRUPT;
        apply_cycle(s, c, o, best, src, t, bu, mv);
    }
    o->done[t] = 1;
    return GT_OK;
}

static int solve_orbit(const gt_nnn_solver *s, gt_nnn *c, orbit *o, gt_nnn_moves *mv)
{
    int parity = orbit_parity(s, c, o);
    if (parity < 0)
        return GT_ERR_ILLEGAL;
    if (parity) { /* one quarter turn of layer k: a 4-cycle of this orbit (centres come later) */
        gt_nnn_turn(c, 0, o->k, o->k, 1);
        gt_nnn_moves_push(mv, 0, o->k, 1);
        if (orbit_parity(s, c, o) != 0)
            return GT_ERR_ILLEGAL;
    }
    for (int t = 0; t < SLOTS; t++) {
        int rc = fill_slot(s, c, o, t, mv);
        if (rc)
            return rc;
    }
    return GT_OK;
}

int gt_nnn_solve_wings(const gt_nnn_solver *s, gt_nnn *c, gt_nnn_moves *mv)
{
    int n = c->n;
    uint8_t tgt[GT_NNN_EDGES][2];
    if (n % 2) { /* pair with the middle edges */
        for (int e = 0; e < GT_NNN_EDGES; e++) {
            long f[2];
            gt_nnn_edge_facelets(n, e, n / 2, f);
            tgt[e][0] = c->f[f[0]];
            tgt[e][1] = c->f[f[1]];
        }
    } else {
        gt_nnn_edge_targets(c, tgt);
    }
    for (int k = 1; k <= gt_nnn_wing_orbits(n); k++) {
        orbit o = {.k = k};
        for (int x = 0; x < SLOTS; x++) {
            gt_nnn_edge_facelets(n, x / 2, x % 2 ? n - 1 - k : k, o.fac[x]);
            o.target[x][0] = tgt[x / 2][0];
            o.target[x][1] = tgt[x / 2][1];
        }
        int rc = solve_orbit(s, c, &o, mv);
        if (rc)
            return rc;
    }
    return GT_OK;
}
