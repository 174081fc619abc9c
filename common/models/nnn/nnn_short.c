/* The exact short search of the N×N×N (nnn_solve.h, docs/nnn.md "Short
 * scrambles"): a shortest answer of at most GT_NNN_SHORT_DEPTH moves over
 * the whole move set of a metric, by meeting in the middle.
 *
 * Whole-cube orientation: every block turn holding an outer layer equals the
 * complementary block of the opposite face times a rotation, and rotations
 * are free. So the search runs in the frame where the DBL corner is home
 * (a rotation of the query) and turns only blocks of U, R and F that leave
 * that corner alone; there the solved cube is one state. The answer is then
 * written back in the query's frame, each outer block on whichever side
 * leaves the cube in the query's own orientation when one choice does. */
#include "nnn_solve.h"
#include "nnn_internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BACK_DEPTH 2 /* the table holds the states within 2 moves of solved */
#define FWD_DEPTH (GT_NNN_SHORT_DEPTH - BACK_DEPTH)
#define DBL_CORNER 6 /* Kociemba's corner slot DBL */
#define MOVES_MAX 128
/* The DBL frame's moves: 3 faces, 3 powers, N-1 outer blocks (and, STM,
 * (N-2)(N-1)/2 inner ones); the sizes covered must fit the move list. */
#define OBTM_MOVES(n) (9 * ((n) - 1))
#define STM_MOVES(n) (9 * ((n) - 1 + ((n) - 2) * ((n) - 1) / 2))
_Static_assert(OBTM_MOVES(GT_NNN_SHORT_OBTM_MAX) <= MOVES_MAX && STM_MOVES(GT_NNN_SHORT_STM_MAX) <= MOVES_MAX,
               "the short search's move list is too small for the sizes it covers");

const char *const gt_nnn_method_names[GT_NNN_METHODS] = {"commutators", "search", "pocket-table", "tables"};

int gt_nnn_short_covers(int n, int metric)
{
    return n >= GT_NNN_MIN && n <= (metric == GT_NNN_STM ? GT_NNN_SHORT_STM_MAX : GT_NNN_SHORT_OBTM_MAX);
}

/* The states within BACK_DEPTH moves of solved: open addressing on a hash of
 * the facelets; toward[i] is a move that takes state i one move closer. */
typedef struct short_search {
    int n;
    size_t size; /* 6·N² bytes a state */
    gt_turn moves[MOVES_MAX];
    int nmoves;
    uint8_t *states;
    uint8_t *dist;
    gt_turn *toward;
    long count, cap;
    long *slot; /* state index + 1, 0 empty */
    long mask;
    gt_nnn work;
    /* the best answer so far: path[0..best_fwd-1] then the table from best_idx */
    int best, best_fwd;
    long best_idx;
    gt_turn path[FWD_DEPTH + 1], best_path[FWD_DEPTH + 1];
} short_search;

/* The move set in the DBL frame: blocks of U, R, F holding the outer layer
 * and, for STM, every inner block (lo >= 1, hi <= N-2); 3 powers each. */
static void list_moves(short_search *s, int metric)
{
    int n = s->n;
    s->nmoves = 0;
    for (int f = 0; f < 3; f++)
        for (int lo = 0; lo <= (metric == GT_NNN_STM ? n - 2 : 0); lo++)
            for (int hi = lo; hi <= n - 2; hi++)
                for (int q = 1; q <= 3 && s->nmoves < MOVES_MAX; q++)
                    s->moves[s->nmoves++] =
                        (gt_turn){.face = (uint8_t)f, .lo = (uint16_t)lo, .hi = (uint16_t)hi, .quarters = (uint8_t)q};
}

static uint64_t hash_state(const uint8_t *p, size_t size)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 29;
    }
    for (; i < size; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h ^ (h >> 31);
}

/* The index of state p in the table, or -1. */
static long find(const short_search *s, const uint8_t *p)
{
    for (long i = (long)(hash_state(p, s->size) & (uint64_t)s->mask);; i = (i + 1) & s->mask) {
        long k = s->slot[i] - 1;
        if (k < 0)
            return -1;
        if (!memcmp(s->states + (size_t)k * s->size, p, s->size))
            return k;
    }
}

static void add(short_search *s, const uint8_t *p, int dist, gt_turn toward)
{
    long i = (long)(hash_state(p, s->size) & (uint64_t)s->mask);
    while (s->slot[i])
        i = (i + 1) & s->mask;
    memcpy(s->states + (size_t)s->count * s->size, p, s->size);
    s->dist[s->count] = (uint8_t)dist;
    s->toward[s->count] = toward;
    s->slot[i] = ++s->count;
}

/* Breadth first from solved, BACK_DEPTH moves (a move set closed under
 * inverses, so toward is the inverse of the move that found a state). */
static int build_table(short_search *s)
{
    long m = s->nmoves, cap = 1 + m + m * m, slots = 1;
    while (slots < 2 * cap)
        slots <<= 1;
    s->cap = cap;
    s->mask = slots - 1;
    s->states = malloc((size_t)cap * s->size);
    s->dist = malloc((size_t)cap);
    s->toward = malloc((size_t)cap * sizeof *s->toward);
    s->slot = calloc((size_t)slots, sizeof *s->slot);
    if (!s->states || !s->dist || !s->toward || !s->slot)
        return GT_ERR_NOMEM;
    gt_nnn_reset(&s->work);
    add(s, s->work.f, 0, (gt_turn){0});
    for (long lo = 0, d = 1; d <= BACK_DEPTH; d++) {
        long hi = s->count;
        for (long k = lo; k < hi; k++)
            for (int j = 0; j < s->nmoves; j++) {
                gt_turn t = s->moves[j];
                memcpy(s->work.f, s->states + (size_t)k * s->size, s->size);
                gt_nnn_turn(&s->work, t.face, t.lo, t.hi, t.quarters);
                if (find(s, s->work.f) < 0 && s->count < s->cap)
                    add(s, s->work.f, (int)d, (gt_turn){t.face, t.lo, t.hi, (uint8_t)(4 - t.quarters)});
            }
        lo = hi;
    }
    return GT_OK;
}

/* Turns on one axis commute: a run of them is searched in the order of the
 * move list only (a repeated block would merge). */
static int allowed(const short_search *s, int depth, int j)
{
    if (depth == 0)
        return 1;
    gt_turn a = s->path[depth - 1], b = s->moves[j];
    if (a.face != b.face)
        return 1;
    return a.lo < b.lo || (a.lo == b.lo && a.hi < b.hi);
}

/* Depth first from the query, FWD_DEPTH moves at most, each node looked up
 * in the table: the shortest prefix + table distance is kept. */
static void forward(short_search *s, int depth)
{
    long k = find(s, s->work.f);
    if (k >= 0 && depth + s->dist[k] < s->best) {
        s->best = depth + s->dist[k];
        s->best_fwd = depth;
        s->best_idx = k;
        memcpy(s->best_path, s->path, (size_t)depth * sizeof *s->path);
    }
    /* a node outside the table is more than BACK_DEPTH from solved */
    if (depth == FWD_DEPTH || depth + 1 >= s->best || (k < 0 && depth + BACK_DEPTH + 1 >= s->best))
        return;
    for (int j = 0; j < s->nmoves; j++) {
        if (!allowed(s, depth, j))
            continue;
        gt_turn t = s->moves[j];
        s->path[depth] = t;
        gt_nnn_turn(&s->work, t.face, t.lo, t.hi, t.quarters);
        forward(s, depth + 1);
        gt_nnn_turn(&s->work, t.face, t.lo, t.hi, 4 - t.quarters);
    }
}

/* The answer in the DBL frame: the forward path, then the table's moves. */
static int dbl_answer(short_search *s, const uint8_t *start, gt_turn *out)
{
    int len = 0;
    memcpy(s->work.f, start, s->size);
    for (int i = 0; i < s->best_fwd; i++) {
        out[len++] = s->best_path[i];
        gt_nnn_apply(&s->work, &s->best_path[i], 1);
    }
    for (long k = find(s, s->work.f); k >= 0 && s->dist[k] > 0; k = find(s, s->work.f)) {
        if (len >= GT_NNN_SHORT_DEPTH)
            return GT_ERR_CORRUPT;
        out[len++] = s->toward[k];
        gt_nnn_apply(&s->work, &s->toward[k], 1);
    }
    return len == s->best ? len : GT_ERR_CORRUPT;
}

/* ---- frames ---- */

/* The rotation y^a x^b z^c (whole-cube turns of U, R, F) of index r < 64. */
static void rotate(gt_nnn *c, int r)
{
    gt_nnn_turn(c, 0, 0, c->n - 1, r & 3);
    gt_nnn_turn(c, 1, 0, c->n - 1, (r >> 2) & 3);
    gt_nnn_turn(c, 2, 0, c->n - 1, (r >> 4) & 3);
}

static int dbl_home(const gt_nnn *c)
{
    long f[3];
    gt_nnn_corner_facelets(c->n, DBL_CORNER, f);
    const int *want = gt_nnn_corner_faces[DBL_CORNER];
    return c->f[f[0]] == want[0] && c->f[f[1]] == want[1] && c->f[f[2]] == want[2];
}

/* Into w: the query turned so that its DBL corner is home; *frame is a 2x2x2
 * turned the same way from solved (its face f's colour: the query's face
 * seen at f). GT_ERR_NOTFOUND when no rotation does it (not a legal cube). */
static int to_dbl_frame(const gt_nnn *start, gt_nnn *w, gt_nnn *frame)
{
    for (int r = 0; r < 64; r++) {
        memcpy(w->f, start->f, (size_t)gt_nnn_facelets(start->n));
        rotate(w, r);
        if (dbl_home(w)) {
            gt_nnn_reset(frame);
            rotate(frame, r);
            return GT_OK;
        }
    }
    return GT_ERR_NOTFOUND;
}

/* A single inner layer from the nearer face; the block of every inner
 * layer from L, D, F on an odd cube (M, E, S) and from R, U, B on an even
 * one (no M, E, S there); other inner blocks from U, R, F. */
static gt_turn tidy(int n, gt_turn t)
{
    int single = t.lo == t.hi, inner = t.lo >= 1 && t.hi <= n - 2, mes = t.lo == 1 && t.hi == n - 2;
    int on_mes_face = t.face == 4 || t.face == 3 || t.face == 2; /* L D F */
    int flip = single ? 2 * t.lo > n - 1 : mes ? on_mes_face != (n % 2) : t.face >= 3;
    if (inner && flip)
        t = (gt_turn){.face = (uint8_t)((t.face + 3) % 6), .lo = (uint16_t)(n - 1 - t.hi),
                      .hi = (uint16_t)(n - 1 - t.lo), .quarters = (uint8_t)((4 - t.quarters) & 3)};
    return t;
}

/* The DBL-frame answer in the query's frame, with the outer blocks of `flip`
 * (a bit a move) written from the opposite face: that block times a
 * rotation about the axis, after which the frame turns with it. */
static void to_query_frame(int n, const gt_nnn *frame0, const gt_turn *dbl, int len, unsigned flip, gt_nnn *frame,
                           gt_turn *out)
{
    memcpy(frame->f, frame0->f, (size_t)gt_nnn_facelets(2));
    for (int i = 0; i < len; i++) {
        gt_turn t = dbl[i];
        int f = t.face;
        if ((flip >> i) & 1 && t.lo == 0) {
            /* f's block 0..hi then the whole cube back by q = the opposite
             * face's block 0..N-2-hi by q (as seen from there) */
            t = (gt_turn){.face = (uint8_t)((f + 3) % 6), .lo = 0, .hi = (uint16_t)(n - 2 - t.hi), .quarters = t.quarters};
            out[i] = t;
            out[i].face = frame->f[4 * t.face];
            gt_nnn_turn(frame, f, 0, 1, dbl[i].quarters);
        } else {
            out[i] = t;
            out[i].face = frame->f[4 * f];
        }
        out[i] = tidy(n, out[i]);
    }
}

/* How well an answer's end suits: 3 the standard orientation (the
 * scramble undone), 2 an odd cube's own centres (as the reduction solves
 * it), 1 solved in another orientation, 0 not solved. */
static int score(const gt_nnn *z, const uint8_t *centres)
{
    int n = z->n;
    long nn = (long)n * n;
    if (!gt_nnn_is_solved(z))
        return 0;
    int standard = 1, own = n % 2;
    for (int f = 0; f < 6; f++) {
        standard &= z->f[f * nn] == f;
        own &= z->f[f * nn] == centres[f];
    }
    return standard ? 3 : own ? 2 : 1;
}

/* Of the ways to write the answer (each outer block from either side), the
 * best suited end (score), the first of those; each replayed on the
 * query. The answer into out, or GT_ERR_CORRUPT when none solves it (a
 * bug). */
static int pick_writing(const gt_nnn *start, const gt_nnn *frame0, const gt_turn *dbl, int len, gt_turn *out)
{
    gt_nnn frame, z;
    gt_turn cand[GT_NNN_SHORT_DEPTH];
    uint8_t centres[6];
    int best = 0, n = start->n;
    size_t size = (size_t)gt_nnn_facelets(n);
    if (gt_nnn_init(&frame, 2) || gt_nnn_init(&z, n)) {
        gt_nnn_free(&frame);
        return GT_ERR_NOMEM;
    }
    for (int f = 0; f < 6; f++)
        centres[f] = start->f[(long)f * n * n + (long)(n / 2) * n + n / 2];
    for (unsigned flip = 0; flip < 1u << len && best < 3; flip++) {
        to_query_frame(n, frame0, dbl, len, flip, &frame, cand);
        memcpy(z.f, start->f, size);
        gt_nnn_apply(&z, cand, len);
        int sc = score(&z, centres);
        if (sc > best) {
            best = sc;
            memcpy(out, cand, (size_t)len * sizeof *cand);
        }
    }
    gt_nnn_free(&frame);
    gt_nnn_free(&z);
    return best ? GT_OK : GT_ERR_CORRUPT;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void search_free(short_search *s)
{
    free(s->states);
    free(s->dist);
    free(s->toward);
    free(s->slot);
    gt_nnn_free(&s->work);
}

/* The shortest DBL-frame answer of the query turned into w: its length (0
 * when w is solved), GT_ERR_NOTFOUND past max_depth, or an error. */
static int search(short_search *s, const gt_nnn *w, int max_depth, gt_turn *dbl)
{
    int rc = build_table(s);
    if (rc != GT_OK)
        return rc;
    memcpy(s->work.f, w->f, s->size);
    s->best = max_depth + 1;
    forward(s, 0);
    if (s->best > max_depth)
        return GT_ERR_NOTFOUND;
    return dbl_answer(s, w->f, dbl);
}

int gt_nnn_short_solve(const gt_nnn *start, int metric, int max_depth, gt_nnn_solution *out)
{
    short_search s = {0};
    gt_nnn w = {0}, frame = {0};
    gt_turn dbl[GT_NNN_SHORT_DEPTH];
    double t0 = now();
    memset(out, 0, sizeof *out);
    if (!start || (metric != GT_NNN_OBTM && metric != GT_NNN_STM) || max_depth < 0)
        return GT_ERR_INVAL;
    if (!gt_nnn_short_covers(start->n, metric))
        return GT_ERR_RANGE;
    if (max_depth > GT_NNN_SHORT_DEPTH)
        max_depth = GT_NNN_SHORT_DEPTH;
    s.n = start->n;
    s.size = (size_t)gt_nnn_facelets(start->n);
    list_moves(&s, metric);
    int rc = gt_nnn_init(&s.work, s.n);
    if (rc == GT_OK && (rc = gt_nnn_init(&w, s.n)) == GT_OK && (rc = gt_nnn_init(&frame, 2)) == GT_OK &&
        (rc = to_dbl_frame(start, &w, &frame)) == GT_OK)
        rc = search(&s, &w, max_depth, dbl);
    if (rc >= 0) {
        int len = rc;
        out->moves = malloc((size_t)(len ? len : 1) * sizeof *out->moves);
        rc = !out->moves ? GT_ERR_NOMEM : pick_writing(start, &frame, dbl, len, out->moves);
        out->count = len;
    }
    search_free(&s);
    gt_nnn_free(&w);
    gt_nnn_free(&frame);
    if (rc != GT_OK) {
        gt_nnn_solution_free(out);
        return rc;
    }
    out->method = GT_NNN_METHOD_SEARCH;
    out->stage_count[GT_NNN_STAGE_CUBE3] = out->count;
    out->seconds[GT_NNN_STAGE_CUBE3] = now() - t0;
    out->obtm = gt_nnn_count_obtm(start->n, out->moves, out->count);
    out->stm = gt_nnn_count_stm(start->n, out->moves, out->count);
    return GT_OK;
}
