/* Kociemba's two-phase search (cube3_twophase.h, docs/twophase.md). */
#include "cube3_twophase.h"
#include "gt_error.h"

#include <string.h>
#include <time.h>

#define NO_MOVE 0xFF
#define CHECK_EVERY 1023u /* nodes between two looks at the clock and the cancel flag */
#define N_DIRS 7           /* the position and its inverse along the three axes, and a scratch one */
/* The pre-moves (run): at most PRE_MAX of them, leaving a phase 1 of at
 * least PRE_MIN_L1 moves (tuned in docs/twophase.md: 8 is best at <= 20 and
 * <= 21, 7 at <= 19; both may be set with -D to tune again). */
#ifndef PRE_MAX
#define PRE_MAX 6
#endif
#ifndef PRE_MIN_L1
#define PRE_MIN_L1 8
#endif

/* What the searches share: the position asked, the best solution (in
 * its frame), the limits. */
typedef struct tp_shared {
    gt_cube3 original;
    int max_length;
    int best;  /* the length to beat: that of best_moves once found */
    int found; /* best_moves holds a solution */
    uint8_t best_moves[GT_CUBE3_TWOPHASE_MAX];
    uint64_t nodes;
    double t0, timeout;
    volatile int *cancel;
    int done; /* a solution of at most max_length moves is kept */
    int stop; /* 0, or why the search stopped early: GT_ERR_TIMEOUT, GT_ERR_INTERRUPT, GT_ERR_CORRUPT */
    int damaged; /* a block of the stored phase-1 table failed its checksum */
    gt_cube3 move_cubes[GT_CUBE3_MOVES];
} tp_shared;

/* One direction: the position (or its inverse) seen along one axis, maybe
 * after a pre-move. */
typedef struct tp_search {
    const gt_cube3_twophase_tables *t;
    tp_shared *sh;
    gt_cube3 start;        /* this direction's position */
    const uint8_t *map;    /* its moves as moves of the original frame */
    int inverse;           /* 1: start is the inverse's conjugate (read solutions backwards) */
    int skip;              /* the same start as an earlier direction */
    /* Pre-moves q1..qn: start = q1*...*qn*(the direction's position) (do
     * qn first), so that a solution w of start solves it as w q1 .. qn. */
    uint8_t pre[GT_CUBE3_TWOPHASE_MAX];
    int n_pre;
    int h1;                /* start's phase-1 bound */
    uint8_t path[GT_CUBE3_TWOPHASE_MAX + 1]; /* phase-1 moves, then phase-2 moves */
    /* cubes[i]: start after path[0..i-1], valid for i < n_cubes; phase-1
     * solutions share prefixes, so each costs a move or two to replay. */
    gt_cube3 cubes[GT_CUBE3_TWOPHASE_MAX + 1];
    int n_cubes;
} tp_search;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Canonical sequences only: never the same face twice in a row, and of two
 * opposite faces (which commute) only U before D, R before L, F before B. */
static inline int allowed_after(int prev, int move)
{
    if (prev == NO_MOVE)
        return 1;
    int f = move / 3, pf = prev / 3;
    return f != pf && f + 3 != pf;
}

/* A move of H: any U or D turn, or a half turn of another face. */
static inline int is_h_move(int move)
{
    int f = move / 3;
    return f == 0 || f == 3 || move % 3 == 1;
}

/* Counts n nodes, looking at the clock each time the count passes a
 * multiple of CHECK_EVERY + 1; 1 when the search must stop. */
static int count_nodes(tp_search *s, uint64_t n)
{
    tp_shared *sh = s->sh;
    if (sh->stop || sh->done)
        return 1;
    uint64_t before = sh->nodes;
    sh->nodes += n;
    if ((before | CHECK_EVERY) == (sh->nodes | CHECK_EVERY))
        return 0;
    if (sh->cancel && *sh->cancel)
        sh->stop = GT_ERR_INTERRUPT;
    else if (sh->timeout > 0 && now_seconds() - sh->t0 >= sh->timeout)
        sh->stop = GT_ERR_TIMEOUT;
    return sh->stop != 0;
}

/* Merges adjacent turns of the same face (R2 R = R', R R' = nothing);
 * returns the new length. */
static int merge_turns(uint8_t *moves, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (k > 0 && moves[k - 1] / 3 == moves[i] / 3) {
            int quarters = (moves[k - 1] % 3 + 1 + moves[i] % 3 + 1) % 4;
            if (quarters == 0)
                k--;
            else
                moves[k - 1] = (uint8_t)(moves[i] / 3 * 3 + quarters - 1);
        } else {
            moves[k++] = moves[i];
        }
    }
    return k;
}

/* Keeps path[0..n-1] then the pre-moves, brought back to the original
 * frame, as the best solution after replaying it on the cubies; 1 when the
 * search is over (good enough, or a failed replay). */
static int record(tp_search *s, int n)
{
    tp_shared *sh = s->sh;
    uint8_t moves[2 * GT_CUBE3_TWOPHASE_MAX], seq[2 * GT_CUBE3_TWOPHASE_MAX];
    memcpy(seq, s->path, (size_t)n);
    memcpy(seq + n, s->pre, (size_t)s->n_pre);
    n += s->n_pre;
    for (int i = 0; i < n; i++)
        moves[i] = s->inverse ? (uint8_t)gt_cube3_move_inverse[s->map[seq[n - 1 - i]]] : s->map[seq[i]];
    /* The first pre-move may turn the face phase 2 ended with: merge them. */
    n = merge_turns(moves, n);
    if (n >= sh->best)
        return 0;
    gt_cube3 c = sh->original;
    gt_cube3_apply_moves(&c, moves, n);
    if (!gt_cube3_is_solved(&c)) {
        sh->stop = GT_ERR_CORRUPT;
        return 1;
    }
    memcpy(sh->best_moves, moves, (size_t)n);
    sh->best = n;
    sh->found = 1;
    sh->done = n <= sh->max_length;
    return sh->done;
}

/* A phase-2 position: its five coordinates. */
typedef struct tp_p2 {
    uint32_t cp, ep, sp, cc, ec;
} tp_p2;

static inline int h2_of(const gt_cube3_twophase_tables *t, const tp_p2 *x)
{
    int a = t->cperm_sperm[x->cp * GT_CUBE3_SPERMS + x->sp], b = t->eperm_sperm[x->ep * GT_CUBE3_SPERMS + x->sp];
    int c = t->eperm_ccomb[x->ep * GT_CUBE3_COMBS + x->cc], d = t->cperm_ecomb[x->cp * GT_CUBE3_COMBS + x->ec];
    a = a > b ? a : b;
    c = c > d ? c : d;
    return a > c ? a : c;
}

/* Phase 2: exactly togo more H-moves to the solved cube; 1 if found. The
 * children's pruning entries (misses in L2) are all requested before any
 * is read; with one move left a child must be the solved cube (no lookup). */
static int phase2(tp_search *s, const tp_p2 *x, int depth, int togo)
{
    const gt_cube3_twophase_tables *t = s->t;
    const uint32_t n = GT_CUBE3_P2_MOVES;
    if (togo == 0)
        return x->cp == 0 && x->ep == 0 && x->sp == 0;
    int prev = depth > 0 ? s->path[depth - 1] : NO_MOVE, kept = 0;
    tp_p2 ys[GT_CUBE3_P2_MOVES];
    uint8_t ms[GT_CUBE3_P2_MOVES];
    for (uint32_t k = 0; k < n; k++) {
        int m = gt_cube3_twophase_p2_moves[k];
        if (!allowed_after(prev, m))
            continue;
        if (count_nodes(s, 1))
            return 0;
        tp_p2 y = {t->cperm_move[x->cp * n + k], t->eperm_move[x->ep * n + k], t->sperm_move[x->sp * n + k],
                   t->ccomb_move[x->cc * n + k], t->ecomb_move[x->ec * n + k]};
        if (togo == 1) {
            if (y.cp == 0 && y.ep == 0 && y.sp == 0) {
                s->path[depth] = (uint8_t)m;
                return 1;
            }
            continue;
        }
        __builtin_prefetch(&t->cperm_sperm[y.cp * GT_CUBE3_SPERMS + y.sp]);
        __builtin_prefetch(&t->eperm_sperm[y.ep * GT_CUBE3_SPERMS + y.sp]);
        __builtin_prefetch(&t->eperm_ccomb[y.ep * GT_CUBE3_COMBS + y.cc]);
        __builtin_prefetch(&t->cperm_ecomb[y.cp * GT_CUBE3_COMBS + y.ec]);
        ys[kept] = y;
        ms[kept++] = (uint8_t)m;
    }
    for (int i = 0; i < kept; i++) {
        if (h2_of(t, &ys[i]) > togo - 1)
            continue;
        s->path[depth] = ms[i];
        if (phase2(s, &ys[i], depth + 1, togo - 1))
            return 1;
    }
    return 0;
}

/* The longest total worth completing: below best, and at most max_length
 * (min2phase's rule: a longer total is never searched for; completing each
 * phase-1 solution with its shortest phase 2 whatever the length cost 5x). */
static inline int total_limit(const tp_shared *sh)
{
    int lim = sh->best - 1;
    return lim < sh->max_length ? lim : sh->max_length;
}

/* The same for a direction's own moves (its pre-moves count). */
static inline int dir_limit(const tp_search *s)
{
    return total_limit(s->sh) - s->n_pre;
}

/* A phase-1 solution path[0..l1-1]: completes it with the shortest phase-2
 * solution within total_limit. 1 when the search is over. */
static int phase2_start(tp_search *s, int l1)
{
    const gt_cube3_twophase_tables *t = s->t;
    for (; s->n_cubes <= l1; s->n_cubes++)
        gt_cube3_multiply(&s->cubes[s->n_cubes - 1], &s->sh->move_cubes[s->path[s->n_cubes - 1]], &s->cubes[s->n_cubes]);
    const gt_cube3 *c = &s->cubes[l1];
    int budget = dir_limit(s) - l1;
    /* Most phase-1 solutions have no phase 2 within the budget: the
     * corners and slice edges alone (two coordinates, one small table)
     * reject them before the other coordinates are computed. */
    tp_p2 x = {gt_cube3_cperm(c), 0, gt_cube3_twophase_sperm(c), 0, 0};
    if (budget < 0 || t->cperm_sperm[x.cp * GT_CUBE3_SPERMS + x.sp] > budget)
        return 0;
    x.ep = gt_cube3_twophase_eperm(c);
    x.cc = gt_cube3_twophase_ccomb(c);
    x.ec = gt_cube3_twophase_ecomb(c);
    for (int d2 = h2_of(t, &x); d2 <= budget; d2++) {
        if (phase2(s, &x, l1, d2))
            return record(s, l1 + d2);
        if (s->sh->stop)
            return 1;
    }
    return 0;
}

static inline int h1_proj(const gt_cube3_twophase_tables *t, uint32_t tw, uint32_t fl, uint32_t sl)
{
    int a = t->twist_slice[tw * GT_CUBE3_SLICES + sl], b = t->flip_slice[fl * GT_CUBE3_SLICES + sl];
    return a > b ? a : b;
}

/* The entry of the stored phase-1 table for (tw, fl, sl) (cube3_twophase.h). */
static inline uint64_t p1_entry(const gt_cube3_twophase_tables *t, uint32_t tw, uint32_t fl, uint32_t sl)
{
    uint32_t cs = t->p1_class[sl * GT_CUBE3_FLIPS + fl];
    return (uint64_t)(cs >> 4) * GT_CUBE3_TWISTS + t->p1_twist_conj[tw * 16u + (cs & 15u)];
}

/* The exact phase-1 distance of entry e. A damaged block reads as 0, still
 * a lower bound, and marks the search so that it answers GT_ERR_CORRUPT. */
static inline int p1_read(tp_search *s, uint64_t e)
{
    const gt_view *v = s->t->p1_view;
    if (!gt_view_ok(v, e >> 1)) {
        /* The answer will be GT_ERR_CORRUPT whatever follows: stop now. */
        s->sh->damaged = 1;
        s->sh->stop = GT_ERR_CORRUPT;
        return 0;
    }
    return v->data[e >> 1] >> ((e & 1) * 4) & 15;
}

/* The phase-1 bound of a position (the exact distance with the stored
 * table, else the projections'). */
static int h1_start(tp_search *s)
{
    uint32_t tw = gt_cube3_twist(&s->start), fl = gt_cube3_flip(&s->start), sl = gt_cube3_slice(&s->start);
    return s->t->p1_view ? p1_read(s, p1_entry(s->t, tw, fl, sl)) : h1_proj(s->t, tw, fl, sl);
}

/* A phase-1 child kept for the search: its move and coordinates. */
typedef struct tp_child {
    uint32_t tw, fl, sl;
    uint64_t entry;
    int move;
} tp_child;

/* A child in H (h = 0) with 1 to 4 moves left is cut: a phase-1 sequence
 * ends with a move outside H, and no canonical sequence of at most 4 moves
 * with one outside H is in H (Kociemba's rule; test_65 checks it): the
 * moves left would leave H for good. */
static inline int back_to_h(int h, int left)
{
    return h == 0 && left >= 1 && left <= 4;
}

/* The children of a phase-1 node with togo > 1 moves left whose bound is
 * at most togo - 1, in move order. The projections (small, cached) are
 * read first; for the children they do not cut, the exact table's entries
 * (a cache miss each, two with the class) are all requested before any is
 * read, so that the misses overlap instead of following one another. */
static int p1_children(tp_search *s, uint32_t tw, uint32_t fl, uint32_t sl, int prev, int togo, tp_child *out)
{
    const gt_cube3_twophase_tables *t = s->t;
    int n = 0, generated = 0;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (!allowed_after(prev, m))
            continue;
        generated++;
        tp_child c = {t->twist_move[tw * GT_CUBE3_MOVES + (uint32_t)m], t->flip_move[fl * GT_CUBE3_MOVES + (uint32_t)m],
                      t->slice_move[sl * GT_CUBE3_MOVES + (uint32_t)m], 0, m};
        int h = h1_proj(t, c.tw, c.fl, c.sl);
        if (h > togo - 1 || back_to_h(h, togo - 1))
            continue;
        if (t->p1_view)
            __builtin_prefetch(&t->p1_class[c.sl * GT_CUBE3_FLIPS + c.fl]);
        out[n++] = c;
    }
    if (count_nodes(s, (uint64_t)generated) || !t->p1_view)
        return n;
    for (int i = 0; i < n; i++) {
        out[i].entry = p1_entry(t, out[i].tw, out[i].fl, out[i].sl);
        __builtin_prefetch(&t->p1_view->data[out[i].entry >> 1]);
    }
    int kept = 0;
    for (int i = 0; i < n; i++) {
        int h = p1_read(s, out[i].entry);
        if (h <= togo - 1 && !back_to_h(h, togo - 1))
            out[kept++] = out[i];
    }
    return s->sh->stop ? 0 : kept;
}

/* One phase-1 move left: it must be outside H and end in H, where the
 * three coordinates are 0 (no lookup). */
static int phase1_last(tp_search *s, uint32_t tw, uint32_t fl, uint32_t sl, int depth, int prev)
{
    const gt_cube3_twophase_tables *t = s->t;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (!allowed_after(prev, m) || is_h_move(m))
            continue;
        if (count_nodes(s, 1))
            return 1;
        if ((t->twist_move[tw * GT_CUBE3_MOVES + (uint32_t)m] | t->flip_move[fl * GT_CUBE3_MOVES + (uint32_t)m] |
             t->slice_move[sl * GT_CUBE3_MOVES + (uint32_t)m]) != 0)
            continue;
        s->path[depth] = (uint8_t)m;
        if (s->n_cubes > depth + 1)
            s->n_cubes = depth + 1;
        if (phase2_start(s, depth + 1))
            return 1;
    }
    return 0;
}

/* Phase 1: exactly togo more moves into H, the last one outside H (a
 * solution ending in an H-move was already met, one move shorter). */
static int phase1(tp_search *s, uint32_t tw, uint32_t fl, uint32_t sl, int depth, int togo)
{
    /* In H exactly when the three coordinates are 0 (a bound read as 0 from
     * a damaged block must not send phase 2 off on a position outside H). */
    if (togo == 0)
        return (tw | fl | sl) != 0 || (depth > 0 && is_h_move(s->path[depth - 1])) ? 0 : phase2_start(s, depth);
    int prev = depth > 0 ? s->path[depth - 1] : NO_MOVE;
    if (togo == 1)
        return phase1_last(s, tw, fl, sl, depth, prev);
    tp_child ch[GT_CUBE3_MOVES];
    int n = p1_children(s, tw, fl, sl, prev, togo, ch);
    if (s->sh->stop || s->sh->done)
        return 1;
    for (int i = 0; i < n; i++) {
        s->path[depth] = (uint8_t)ch[i].move;
        if (s->n_cubes > depth + 1)
            s->n_cubes = depth + 1;
        if (phase1(s, ch[i].tw, ch[i].fl, ch[i].sl, depth + 1, togo - 1))
            return 1;
    }
    return 0;
}

static void fill_result(const tp_shared *sh, gt_cube3_twophase_result *r)
{
    r->length = sh->found ? sh->best : -1;
    if (sh->found)
        memcpy(r->moves, sh->best_moves, (size_t)sh->best);
    r->nodes = sh->nodes;
    r->seconds = now_seconds() - sh->t0;
}

/* The six directions (min2phase's idea): the position and its inverse,
 * each along the three axes. Their phase-1 searches differ, and each is
 * complete on its own, so taking them in turn at each phase-1 length finds
 * short solutions sooner without losing the "none exists" answer. dir[6]
 * is the scratch direction of the pre-moves (run). */
static int directions(const gt_cube3_twophase_tables *t, tp_shared *sh, tp_search dir[N_DIRS])
{
    gt_cube3 inv;
    gt_cube3_inverse(&sh->original, &inv);
    for (int m = 0; m < GT_CUBE3_MOVES; m++)
        gt_cube3_move_cube(m, &sh->move_cubes[m]);
    for (int d = 0; d < N_DIRS - 1; d++) {
        dir[d] = (tp_search){.t = t, .sh = sh, .map = t->axis_map[d % 3], .inverse = d / 3};
        int rc = gt_cube3_conjugate(d / 3 ? &inv : &sh->original, t->axis_rot[d % 3], &dir[d].start);
        if (rc != GT_OK)
            return rc;
        dir[d].cubes[0] = dir[d].start;
        dir[d].n_cubes = 1;
        /* A symmetric position (the superflip) gives the same search twice. */
        for (int e = 0; e < d; e++)
            dir[d].skip |= gt_cube3_equal(&dir[e].start, &dir[d].start);
        dir[d].h1 = h1_start(&dir[d]);
    }
    return GT_OK;
}

/* Pre-moves (min2phase's idea): a solution w of q*c solves c as w then q,
 * so each sequence q gives one more phase-1 search, of a different
 * position. q = q1..qn is built from its end (qn first, moves prepended,
 * canonical); q1 is one of R F L B (an H-move there is phase 2's, and
 * R' = R2 R). q takes n moves of the phase-1 length l1, leaving at least
 * PRE_MIN_L1 to phase 1. rev[0..j-1] = qn..q(n-j+1), c their product
 * with the direction's position; x is the scratch direction. */
static void premoves(tp_search *x, int l1, uint8_t *rev, int j, const gt_cube3 *c)
{
    tp_shared *sh = x->sh;
    const gt_cube3_twophase_tables *t = x->t;
    int own = l1 - (j + 1), deeper = j + 2 <= PRE_MAX && own - 1 >= PRE_MIN_L1;
    gt_cube3 next[GT_CUBE3_MOVES];
    tp_child ch[GT_CUBE3_MOVES];
    int n = 0;
    /* The candidates for q1: projections first, then the exact table's
     * entries all requested before any is read (as in p1_children). */
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (j > 0 && !allowed_after(m, rev[j - 1]))
            continue;
        int first = m % 3 == 0 && m / 3 % 3 != 0; /* R F L B */
        if (!first && !deeper)
            continue;
        gt_cube3_multiply(&sh->move_cubes[m], c, &next[m]);
        if (!first)
            continue;
        tp_child k = {gt_cube3_twist(&next[m]), gt_cube3_flip(&next[m]), gt_cube3_slice(&next[m]), 0, m};
        if (h1_proj(t, k.tw, k.fl, k.sl) > own)
            continue;
        if (t->p1_view) {
            k.entry = p1_entry(t, k.tw, k.fl, k.sl);
            __builtin_prefetch(&t->p1_view->data[k.entry >> 1]);
        }
        ch[n++] = k;
    }
    for (int i = 0; i < n && !sh->stop && !sh->done && l1 <= total_limit(sh); i++) {
        if (t->p1_view && p1_read(x, ch[i].entry) > own)
            continue;
        rev[j] = (uint8_t)ch[i].move;
        x->start = next[ch[i].move];
        x->cubes[0] = x->start;
        x->n_cubes = 1;
        x->n_pre = j + 1;
        for (int k = 0; k <= j; k++)
            x->pre[k] = rev[j - k];
        phase1(x, ch[i].tw, ch[i].fl, ch[i].sl, 0, own);
    }
    for (int m = 0; deeper && m < GT_CUBE3_MOVES && !sh->stop && !sh->done && l1 <= total_limit(sh); m++)
        if (j == 0 || allowed_after(m, rev[j - 1])) {
            rev[j] = (uint8_t)m;
            premoves(x, l1, rev, j + 1, &next[m]);
        }
}

#define LIVE(sh, l1) ((l1) <= total_limit(sh) && !(sh)->stop && !(sh)->done)

/* Phase-1 lengths up to total_limit (a longer phase 1 cannot give a total
 * within it); at each, the six directions in turn, then (when none found
 * a solution) their pre-moves. */
static void run(tp_shared *sh, tp_search dir[N_DIRS])
{
    uint8_t rev[GT_CUBE3_TWOPHASE_MAX];
    tp_search *x = &dir[N_DIRS - 1];
    for (int l1 = 0; LIVE(sh, l1); l1++) {
        for (int d = 0; d < N_DIRS - 1 && LIVE(sh, l1); d++)
            if (!dir[d].skip && dir[d].h1 <= l1)
                phase1(&dir[d], gt_cube3_twist(&dir[d].start), gt_cube3_flip(&dir[d].start),
                       gt_cube3_slice(&dir[d].start), 0, l1);
        for (int d = 0; PRE_MAX > 0 && l1 - 1 >= PRE_MIN_L1 && d < N_DIRS - 1 && LIVE(sh, l1); d++)
            if (!dir[d].skip) { /* x: the direction, with pre-moves */
                *x = (tp_search){.t = dir[d].t, .sh = sh, .map = dir[d].map, .inverse = dir[d].inverse};
                premoves(x, l1, rev, 0, &dir[d].start);
            }
    }
}

/* Stopped by the deadline or the cancel flag with nothing found (the search
 * only looks for totals of at most max_length): completes the first phase-1
 * solution with its shortest phase 2, whatever the total, so that the caller
 * gets the best found "so far" as promised; a few milliseconds past the
 * deadline. The stop reason is kept. */
static void fallback(tp_shared *sh, tp_search dir[N_DIRS])
{
    int stop = sh->stop;
    sh->stop = 0;
    sh->timeout = 0;
    sh->cancel = NULL;
    sh->max_length = GT_CUBE3_TWOPHASE_MAX;
    sh->best = GT_CUBE3_TWOPHASE_MAX + 1;
    run(sh, dir);
    sh->done = 0;
    if (!sh->stop)
        sh->stop = stop;
}

/* Complete searches for the totals of at most k, k = from..to, until one finds a solution. */
static void run_bounds(tp_shared *sh, tp_search dir[N_DIRS], int from, int to)
{
    for (int k = from; k <= to && !sh->done && !sh->stop; k++) {
        sh->max_length = k;
        if (!sh->found)
            sh->best = k + 1;
        run(sh, dir);
    }
}

int gt_cube3_twophase_solve(const gt_cube3_twophase_tables *t, const gt_cube3 *start,
                            const gt_cube3_twophase_options *opts, gt_cube3_twophase_result *result)
{
    gt_cube3_verdict v;
    tp_search dir[N_DIRS];
    memset(result, 0, sizeof *result);
    result->length = -1;
    if (!t || !start || !opts || opts->max_length < 0 || opts->max_length > GT_CUBE3_TWOPHASE_MAX)
        return GT_ERR_INVAL;
    gt_cube3_verdict_of(start, &v);
    if (v.orbit != 0)
        return GT_ERR_INVAL;
    tp_shared sh = {.original = *start, .t0 = now_seconds(), .timeout = opts->timeout, .cancel = opts->cancel};
    if (directions(t, &sh, dir) != GT_OK)
        return GT_ERR_INVAL;
    /* Short positions first: a complete search for each bound k in turn
     * answers a position within GT_CUBE3_TWOPHASE_EXACT moves optimally
     * (for "R U", not the first 8-move total that phase 2 happens to give),
     * and costs next to nothing on deep ones, whose phase-1 bound is higher. */
    int exact = opts->max_length < GT_CUBE3_TWOPHASE_EXACT ? opts->max_length : GT_CUBE3_TWOPHASE_EXACT;
    run_bounds(&sh, dir, 0, exact);
    if (!sh.done && !sh.stop) {
        sh.max_length = opts->max_length;
        sh.best = GT_CUBE3_TWOPHASE_MAX + 1;
        run(&sh, dir);
    }
    /* None of at most max_length exists: the shortest, by complete searches
     * of growing bounds. */
    if (!sh.done && !sh.stop)
        run_bounds(&sh, dir, opts->max_length + 1, GT_CUBE3_TWOPHASE_MAX);
    if (sh.stop && sh.stop != GT_ERR_CORRUPT && !sh.found)
        fallback(&sh, dir);
    sh.max_length = opts->max_length;
    fill_result(&sh, result);
    if (sh.damaged) { /* a search over a damaged table proves nothing: no answer */
        result->length = -1;
        return GT_ERR_CORRUPT;
    }
    if (sh.stop && !sh.done)
        return sh.stop;
    /* Ran to the end: best is the shortest solution there is. */
    return sh.found && result->length <= opts->max_length ? GT_OK : GT_ERR_NOTFOUND;
}

int gt_cube3_twophase_turns(const gt_cube3_twophase_tables *t, const uint8_t colours[54], int max_length,
                            double timeout, gt_turn *out, int cap)
{
    gt_cube3 c;
    gt_cube3_twophase_options opt = {.max_length = max_length, .timeout = timeout};
    gt_cube3_twophase_result r;
    if (gt_cube3_from_colours(colours, &c, NULL, NULL) != GT_OK)
        return GT_ERR_ILLEGAL;
    int rc = gt_cube3_twophase_solve(t, &c, &opt, &r);
    if (rc != GT_OK && rc != GT_ERR_TIMEOUT && rc != GT_ERR_NOTFOUND)
        return rc;
    if (r.length < 0)
        return GT_ERR_TIMEOUT;
    if (r.length > cap)
        return GT_ERR_RANGE;
    for (int i = 0; i < r.length; i++) /* cube3.h's HTM numbering: face·3 + (quarters-1) */
        out[i] = (gt_turn){.face = (uint8_t)(r.moves[i] / 3), .quarters = (uint8_t)(r.moves[i] % 3 + 1)};
    return r.length;
}
