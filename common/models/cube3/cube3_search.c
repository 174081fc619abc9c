#include "cube3_search.h"
#include "cube3_solver_internal.h"
#include "cube3_coord_internal.h"
#include "alloc.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "cube3_verify.h"
#include "facecube.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define SPLIT_DEPTH 4        /* levels enumerated up front; their nodes are the parallel tasks */
#define CHECK_EVERY 4096     /* nodes between looks at the clock and the stop flags */
#define NO_TASK UINT64_MAX
#define PREFIXES (GT_CUBE3_MOVES * GT_CUBE3_MOVES * GT_CUBE3_MOVES * GT_CUBE3_MOVES) /* 18^SPLIT_DEPTH */

/* The rotation that reads axis a (U-D, R-L, F-B) as the U-D axis. */
static inline const uint16_t *axis_rotation(const gt_cube3_solver *s, int a)
{
    return s->sym[a * GT_CUBE3_SYMS];
}

/* The coordinates IDA* carries: the corner table reads axis 0 (the cube as
 * given); the flip/slice/twist table reads every axis. */
typedef struct node {
    uint16_t cperm, twist[AXES], flip[AXES], slice[AXES];
    uint8_t ud[AXES]; /* the corners' U/D split (fsud's), else 0 */
} node;

static inline unsigned nibble(const uint8_t *data, uint64_t i)
{
    return (data[i >> 1] >> ((i & 1) * 4)) & 15u;
}

/* A table value; 0 (a bound that always holds) for an entry whose block
 * failed its check, which the search reports as GT_ERR_CORRUPT at the end. */
static inline unsigned corner_value(const gt_cube3_solver *s, uint64_t e)
{
    return gt_view_ok(&s->corners_v, e >> 1) ? nibble(s->corners, e) : 0;
}

/* The byte of the edge table holding entry e (4 bits an entry, or 2). */
static inline uint64_t edge_byte(const gt_cube3_solver *s, uint64_t e)
{
    return s->top2 ? e >> 2 : e >> 1;
}

/* Where that byte is: the table read in place may be in parts (over 2 GiB
 * stored; gt_view_at). */
static inline const uint8_t *edge_at(const gt_cube3_solver *s, uint64_t byte)
{
    return gt_view_at(&s->edges_v, byte);
}

/* The 2-bit rung's value: exact above the base, else the phase-1 distance
 * (a lower bound of this table's: its subgroup holds this one's). With more
 * than base moves left, a value up to the base prunes nothing and makes no
 * axis tight, so 0 (a bound that always holds) does as well without the
 * fallback's read: most lookups are made there (docs/cube3.md). */
static inline unsigned top2_value(const gt_cube3_solver *s, uint64_t e, int left)
{
    unsigned code = (*edge_at(s, e >> 2) >> ((e & 3) * 2)) & 3u;
    if (code)
        return (unsigned)s->top2_base + code;
    if (left > s->top2_base)
        return 0;
    uint64_t f = e / GT_CUBE3_UD_SPLITS; /* n_ud, a constant divisor */
    return gt_view_ok(&s->phase1_v, f >> 1) ? nibble(s->phase1, f) : 0;
}

/* Entry e's value, or a lower bound of it that decides the same with
 * `left` moves left (-1: the value itself). */
static inline unsigned edge_value(const gt_cube3_solver *s, uint64_t e, int left)
{
    if (!gt_view_ok(&s->edges_v, edge_byte(s, e)))
        return 0;
    return s->top2 ? top2_value(s, e, left) : (*edge_at(s, e >> 1) >> ((e & 1) * 4)) & 15u;
}

/* Prefetches what edge_value(e) will read. Not the 2-bit rung's fallback:
 * most lookups do not need it, and prefetching it anyway made the search
 * 13-15 % slower (the reads in flight are what the search waits on). */
static inline void edge_prefetch(const gt_cube3_solver *s, uint64_t e)
{
    __builtin_prefetch(edge_at(s, edge_byte(s, e)));
}

static int node_of(const gt_cube3_solver *s, const gt_cube3 *c, node *n)
{
    n->cperm = (uint16_t)gt_cube3_cperm(c);
    for (int a = 0; a < AXES; a++) {
        gt_cube3 conj;
        int rc = gt_cube3_conjugate(c, axis_rotation(s, a), &conj);
        if (rc)
            return rc;
        n->twist[a] = (uint16_t)gt_cube3_twist_of(&conj);
        n->flip[a] = (uint16_t)gt_cube3_flip_of(&conj);
        n->slice[a] = (uint16_t)(s->sorted_slice ? gt_cube3_slice_sorted(&conj) : gt_cube3_slice_of(&conj));
        n->ud[a] = (uint8_t)(s->n_ud > 1 ? gt_cube3_ud_split_of(&conj) : 0);
    }
    return GT_OK;
}

static inline void node_move(const gt_cube3_solver *s, const node *n, int m, node *out)
{
    out->cperm = s->cperm_move[n->cperm * GT_CUBE3_MOVES + m];
    for (int a = 0; a < AXES; a++) {
        int am = s->sym_move[a * GT_CUBE3_SYMS][m];
        out->twist[a] = s->twist_move[n->twist[a] * GT_CUBE3_MOVES + am];
        out->flip[a] = s->flip_move[n->flip[a] * GT_CUBE3_MOVES + am];
        out->slice[a] = s->slice_move[n->slice[a] * GT_CUBE3_MOVES + am];
        out->ud[a] = (uint8_t)s->ud_move[n->ud[a] * GT_CUBE3_MOVES + am];
    }
}

/* ---- table reads ---- */

static inline uint64_t corner_entry(const node *n)
{
    return (uint64_t)n->cperm * GT_CUBE3_TWISTS + n->twist[0];
}

/* The edge table's entry for one axis's coordinates: through the symmetry
 * class for fss and fsud (whose split ud is 0 for fss: n_ud is 1),
 * directly for fst. */
static inline uint64_t edge_entry(const gt_cube3_solver *s, uint32_t slice, uint32_t flip, uint32_t twist,
                                  uint32_t ud)
{
    if (s->class_of) {
        uint64_t x = (uint64_t)slice * GT_CUBE3_FLIPS + flip;
        if (!gt_view_ok(&s->class_v, x * 4))
            return 0; /* the goal's entry: a bound of 0 (damage is reported at the end) */
        uint32_t cs = s->class_of[x], sym = cs & 15u;
        return (uint64_t)(cs >> 4) * s->n_inner + s->twist_conj[twist * GT_CUBE3_SYMS + sym] * s->n_ud +
               s->ud_conj[ud * GT_CUBE3_SYMS + sym];
    }
    return gt_cube3_fst_entry(flip, slice, twist);
}

/* The first memory read edge_entry will make, to prefetch. */
static inline const void *edge_first_read(const gt_cube3_solver *s, uint32_t slice, uint32_t flip, uint32_t twist)
{
    if (s->class_of)
        return &s->class_of[slice * GT_CUBE3_FLIPS + flip];
    return edge_at(s, edge_byte(s, edge_entry(s, slice, flip, twist, 0)));
}

/* The corner value of a node; its edge value on each axis in f (when there
 * is an edge table). */
static int forward_values(const gt_cube3_solver *s, const node *n, int f[AXES])
{
    int h = (int)corner_value(s, corner_entry(n));
    for (int a = 0; a < AXES && s->edges; a++) {
        f[a] = (int)edge_value(s, edge_entry(s, n->slice[a], n->flip[a], n->twist[a], n->ud[a]), -1);
        if (f[a] > h)
            h = f[a];
    }
    return h;
}

int gt_cube3_solver_bound(const gt_cube3_solver *s, const gt_cube3 *c)
{
    node n;
    int f[AXES];
    if (node_of(s, c, &n))
        return 0;
    return forward_values(s, &n, f);
}

/* The inverse position, conjugated for each axis: dist(c^-1) = dist(c), and
 * its edge values often prune where c's do not. (Its corner value is c's:
 * the corner group's distances are those of inverses.) Turning c by m turns
 * the inverse on the other side, (c*m)^-1 = m^-1 * c^-1, which coordinates
 * cannot follow, so the inverse is carried as cubies, and only for the nodes
 * the search keeps. */
typedef struct inverse {
    gt_cube3 c[AXES];
} inverse;

static int inverse_of(const gt_cube3_solver *s, const gt_cube3 *c, inverse *out)
{
    gt_cube3 inv;
    gt_cube3_inverse(c, &inv);
    for (int a = 0; a < AXES; a++) {
        int rc = gt_cube3_conjugate(&inv, axis_rotation(s, a), &out->c[a]);
        if (rc)
            return rc;
    }
    return GT_OK;
}

static inline void inverse_move(const gt_cube3_solver *s, const inverse *parent, int m, inverse *out)
{
    for (int a = 0; a < AXES; a++)
        gt_cube3_multiply_into(&s->inverse_turn[a][m], &parent->c[a], &out->c[a]);
}


static inline uint32_t slice_of(const gt_cube3_solver *s, const gt_cube3 *c)
{
    return s->sorted_slice ? gt_cube3_slice_sorted(c) : gt_cube3_slice_of(c);
}

static inline uint32_t ud_of(const gt_cube3_solver *s, const gt_cube3 *c)
{
    return s->n_ud > 1 ? gt_cube3_ud_split_of(c) : 0;
}

/* ---- canonical move sequences ---- */

/* The search's memory of the last moves: enough to enumerate each canonical
 * sequence once. */
typedef struct history {
    int8_t face, move, run; /* last face (-1 none), last move, turns in a row on it */
    int8_t any_order;       /* the next move may turn the opposite face (see make_tasks) */
} history;

static inline int allowed(int metric, history h, int m)
{
    int f = m / 3;
    if (metric == GT_CUBE3_QTM && m % 3 == 1)
        return 0; /* no half turns in QTM */
    if (h.face < 0)
        return 1;
    if (f == h.face) /* QTM: a half turn is U U (never U' U', never three) */
        return metric == GT_CUBE3_QTM && m == h.move && m % 3 == 0 && h.run == 1;
    return h.any_order || !(f % 3 == h.face % 3 && f < h.face);
}

static inline history after(history h, int m)
{
    history n = {(int8_t)(m / 3), (int8_t)m, (int8_t)(m / 3 == h.face ? h.run + 1 : 1), 0};
    return n;
}

/* The axis of a move (U/D 0, R/L 1, F/B 2), which is also the table axis
 * that reads it as a U/D turn. */
static inline int axis_of(int m)
{
    return m / 3 % 3;
}

/* ---- the search ---- */

/* A node as the search keeps it. Besides its coordinates and inverse, what
 * the lookups proved about the moves left (docs/cube3.md, "Axis masks"): no
 * solution of exactly the remaining length ends with a turn of an axis in
 * no_last, or starts with one in no_first. inv_edge: the inverse's edge value
 * on each axis, which a child turned on that axis inherits; fwd_edge, the
 * position's, and inv_n, the inverse's coordinates on the axes other than
 * the move's (prune_by_inverse reads them), for when the node is read from
 * its inverse (docs/cube3.md, "Choosing the end to extend"). */
typedef struct snode {
    node n, inv_n;
    inverse inv;
    uint8_t inv_edge[AXES], fwd_edge[AXES];
    uint8_t move, no_last, no_first;
} snode;

typedef struct task {
    snode node;
    history hist;
    uint64_t syms; /* the start's symmetries that fix every move of the prefix (bit k: sym k) */
    uint8_t prefix[SPLIT_DEPTH];
    uint32_t rank;  /* its place in canonical order */
    double density; /* what its subtree cost last iteration (see order_tasks) */
} task;

typedef struct shared {
    const gt_cube3_solver *s;      /* the solver (its views hold the damage flags) */
    const gt_cube3 *start;
    const gt_cube3_search_options *o;
    int metric, start_parity, all, use_inverse;
    int axis_masks;                /* HTM with an edge table: the masks of snode apply */
    int directions;                /* each node extends the end with fewer moves allowed */
    uint64_t *cost, *cost_next;    /* nodes a task's subtree took in the last iteration / this one,
                                    * by prefix (NULL: tasks in canonical order) */
    int have_cost;                 /* cost holds a whole iteration's */
    uint64_t syms;                 /* symmetries of the start (bit k: conj by sym k fixes it) */
    double t0, deadline, next_report;
    volatile int stop;             /* timeout or cancel */
    uint64_t best_task;            /* lowest task index holding a solution (first mode) */
    uint8_t best[GT_CUBE3_MAX_SOLUTION];
    uint64_t nodes;                /* flushed per-thread counts */
    uint8_t *found;                /* all mode: solutions, bound moves each */
    size_t n_found, cap_found;
    int nomem;
} shared;

/* The moves found so far: path[0..n_front) from the start's end, and
 * back[0..n_back) taken from the other end, each the inverse of the move
 * it puts there (the search turns the inverse position there). */
typedef struct worker {
    shared *sh;
    uint64_t task, nodes, unflushed;
    int bound, abort, n_front, n_back;
    uint8_t path[GT_CUBE3_MAX_SOLUTION], back[GT_CUBE3_MAX_SOLUTION];
    uint8_t full[GT_CUBE3_MAX_SOLUTION];
} worker;

/* The solver the search threads read: the check beside the search may
 * replace it at any time by its checked copy (the same tables). */
static inline const gt_cube3_solver *solver_of(const shared *sh)
{
    return __atomic_load_n(&sh->s, __ATOMIC_ACQUIRE);
}

/* QTM distances have the parity of the permutation; so has each bound. */
static inline int parity_adjusted(const shared *sh, int h, int g)
{
    return sh->metric == GT_CUBE3_QTM && ((h ^ sh->start_parity ^ g) & 1) ? h + 1 : h;
}

/* The axes whose edge value equals the moves left: the edge tables give
 * coset distances for subgroups holding every U and D turn, so on such an
 * axis a solution of exactly that length cannot end with a U or D turn (it
 * would reach the subgroup one move sooner). Read on the inverse, it cannot
 * start with one. */
static inline uint8_t tight_axes(const int v[AXES], int left)
{
    uint8_t mask = 0;
    for (int a = 0; a < AXES; a++)
        if (v[a] == left)
            mask |= (uint8_t)(1u << a);
    return mask;
}

static void check_clock(worker *w)
{
    shared *sh = w->sh;
    __atomic_add_fetch(&sh->nodes, w->unflushed, __ATOMIC_RELAXED);
    w->unflushed = 0;
    double now = omp_get_wtime();
    if ((sh->deadline > 0 && now > sh->deadline) || (sh->o->cancel && *sh->o->cancel) ||
        gt_cube3_solver_damaged(solver_of(sh)))
        sh->stop = 1;
    if (sh->o->progress && omp_get_thread_num() == 0 && now >= sh->next_report) {
        sh->next_report = now + (sh->o->progress_interval > 0 ? sh->o->progress_interval : 1.0);
        sh->o->progress(sh->o->progress_user, w->bound,
                        __atomic_load_n(&sh->nodes, __ATOMIC_RELAXED), now - sh->t0);
    }
    if (sh->stop || (!sh->all && __atomic_load_n(&sh->best_task, __ATOMIC_RELAXED) < w->task))
        w->abort = 1;
}

/* Every candidate is replayed on the cubies: the coordinates alone do not
 * pin the edge permutation, and a wrong answer must never be given. */
static void at_leaf(worker *w, int length)
{
    shared *sh = w->sh;
    memcpy(w->full, w->path, (size_t)w->n_front);
    for (int k = 0; k < w->n_back; k++)
        w->full[length - 1 - k] = (uint8_t)gt_cube3_move_inverse[w->back[k]];
    gt_cube3 c = *sh->start;
    gt_cube3_apply_moves(&c, w->full, length);
    if (!gt_cube3_is_solved(&c))
        return;
#pragma omp critical(cube3_solution)
    {
        if (sh->all) {
            if (gt_array_reserve((void **)&sh->found, &sh->cap_found, sh->n_found + 1,
                                 (size_t)(length ? length : 1), 64) != GT_OK) {
                sh->nomem = 1;
                sh->stop = 1;
            }
            if (sh->n_found < sh->cap_found)
                memcpy(sh->found + sh->n_found++ * (uint64_t)length, w->full, (size_t)length);
        } else if (w->task < sh->best_task) {
            sh->best_task = w->task;
            memcpy(sh->best, w->full, (size_t)length);
        }
    }
    if (!sh->all)
        w->abort = 1;
}

/* The survivors' inverses and their edge values (the axis of the move that
 * made each child is inherited from the parent), dropping those they prune;
 * same three passes as expand. Returns how many are left. */
static int prune_by_inverse(const shared *sh, const snode *parent, int g, int left, snode *kids, int n_kids)
{
    const gt_cube3_solver *s = solver_of(sh);
    uint32_t slice[GT_CUBE3_MOVES][AXES], flip[GT_CUBE3_MOVES][AXES], twist[GT_CUBE3_MOVES][AXES];
    uint32_t ud[GT_CUBE3_MOVES][AXES];
    uint64_t entry[GT_CUBE3_MOVES][AXES];
    for (int k = 0; k < n_kids; k++) {
        int same = axis_of(kids[k].move);
        inverse_move(s, &parent->inv, kids[k].move, &kids[k].inv);
        for (int a = 0; a < AXES; a++) {
            if (a == same)
                continue;
            const gt_cube3 *c = &kids[k].inv.c[a];
            node *in = &kids[k].inv_n;
            in->slice[a] = (uint16_t)(slice[k][a] = slice_of(s, c));
            in->flip[a] = (uint16_t)(flip[k][a] = gt_cube3_flip_of(c));
            in->twist[a] = (uint16_t)(twist[k][a] = gt_cube3_twist_of(c));
            in->ud[a] = (uint8_t)(ud[k][a] = ud_of(s, c));
            __builtin_prefetch(edge_first_read(s, slice[k][a], flip[k][a], twist[k][a]));
        }
    }
    for (int k = 0; k < n_kids; k++)
        for (int a = 0; a < AXES; a++)
            if (a != axis_of(kids[k].move)) {
                entry[k][a] = edge_entry(s, slice[k][a], flip[k][a], twist[k][a], ud[k][a]);
                edge_prefetch(s, entry[k][a]);
            }
    int kept = 0;
    for (int k = 0; k < n_kids; k++) {
        int v[AXES], h = 0, same = axis_of(kids[k].move);
        for (int a = 0; a < AXES; a++) {
            v[a] = a == same ? parent->inv_edge[a] : (int)edge_value(s, entry[k][a], left);
            kids[k].inv_edge[a] = (uint8_t)v[a];
            if (v[a] > h)
                h = v[a];
        }
        if (parity_adjusted(sh, h, g + 1) > left)
            continue;
        kids[k].no_first = sh->axis_masks ? tight_axes(v, left) : 0;
        if (kids[k].no_first == 7)
            continue;
        if (kept != k)
            kids[kept] = kids[k];
        kept++;
    }
    return kept;
}

/* The children of `parent` (at depth g, reached by the moves `hist` tells)
 * that no bound prunes for a search of `bound` moves, in canonical order;
 * returns how many, and adds the number generated to *generated. Three
 * passes so that the table reads of siblings overlap instead of each
 * waiting for memory in turn: compute the children and prefetch their first
 * reads, compute and prefetch the dependent reads, then read. */
static int expand(const shared *sh, const snode *parent, int g, int bound, history hist, snode kids[GT_CUBE3_MOVES],
                  uint64_t *generated)
{
    const gt_cube3_solver *s = solver_of(sh);
    
    int left = bound - g - 1; /* moves left after a child */
    unsigned skip = parent->no_first | (left == 0 ? parent->no_last : 0u);
    /* With as many moves left as the corners' God's number, the corner
     * table cannot prune (QTM: its parity step could), so it is not read;
     * beside an fsud rung, not from the corners' median up either
     * (corner_read_below). */
    int corners = sh->metric == GT_CUBE3_QTM || left < s->corner_read_below;
    node cand[GT_CUBE3_MOVES];
    uint8_t moves[GT_CUBE3_MOVES];
    uint64_t entry[GT_CUBE3_MOVES][AXES];
    int n_cand = 0;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (!allowed(sh->metric, hist, m) || (skip >> axis_of(m) & 1))
            continue;
        node *c = &cand[n_cand];
        node_move(s, &parent->n, m, c);
        moves[n_cand++] = (uint8_t)m;
        if (corners)
            __builtin_prefetch(&s->corners[corner_entry(c) >> 1]);
        for (int a = 0; a < AXES && s->edges; a++)
            __builtin_prefetch(edge_first_read(s, c->slice[a], c->flip[a], c->twist[a]));
    }
    *generated += (uint64_t)n_cand;
    for (int k = 0; k < n_cand && s->edges; k++)
        for (int a = 0; a < AXES; a++) {
            entry[k][a] = edge_entry(s, cand[k].slice[a], cand[k].flip[a], cand[k].twist[a], cand[k].ud[a]);
            edge_prefetch(s, entry[k][a]);
        }
    int kept = 0;
    for (int k = 0; k < n_cand; k++) {
        int h = corners ? (int)corner_value(s, corner_entry(&cand[k])) : 0, v[AXES] = {-1, -1, -1};
        for (int a = 0; a < AXES && s->edges && h <= left; a++) {
            v[a] = (int)edge_value(s, entry[k][a], left);
            if (v[a] > h)
                h = v[a];
        }
        if (parity_adjusted(sh, h, g + 1) > left)
            continue;
        snode *c = &kids[kept];
        c->no_last = sh->axis_masks ? (uint8_t)(parent->no_last | tight_axes(v, left)) : 0;
        if (left > 0 && c->no_last == 7) /* no last move is left */
            continue;
        c->n = cand[k];
        c->move = moves[k];
        c->no_first = 0;
        for (int a = 0; a < AXES; a++)
            c->fwd_edge[a] = (uint8_t)(v[a] < 0 ? 0 : v[a]);
        kept++;
    }
    /* At the last level only the goal survives anyway: no inverses there. */
    if (sh->use_inverse && s->edges && left > 0 && kept > 0)
        kept = prune_by_inverse(sh, parent, g, left, kids, kept);
    return kept;
}

/* How many moves may extend an end: allowed after its history (HTM), on no
 * axis of mask. */
static inline int moves_allowed(history h, unsigned mask)
{
    int n = 0;
    for (int a = 0; a < AXES; a++) {
        if (mask >> a & 1)
            continue;
        if (h.face < 0 || h.face % 3 != a)
            n += 6;
        else if (h.face < 3 || h.any_order) /* the opposite face may follow, not the same */
            n += 3;
    }
    return n;
}

/* The same node read from its inverse: the other end of the moves left
 * becomes the one to extend, so first and last swap too. The inverse's
 * coordinates are in inv_n but on the axis of the move that made the node
 * (axis 0's rotation is the identity: its cubies give the corners'). */
static void swap_ends(const gt_cube3_solver *s, const snode *in, snode *out)
{
    int same = axis_of(in->move);
    const gt_cube3 *c = &in->inv.c[same];
    out->n = in->inv_n;
    out->n.cperm = (uint16_t)gt_cube3_cperm(&in->inv.c[0]);
    out->n.twist[same] = (uint16_t)gt_cube3_twist_of(c);
    out->n.flip[same] = (uint16_t)gt_cube3_flip_of(c);
    out->n.slice[same] = (uint16_t)slice_of(s, c);
    out->n.ud[same] = (uint8_t)ud_of(s, c);
    for (int a = 0; a < AXES; a++)
        gt_cube3_inverse(&in->inv.c[a], &out->inv.c[a]);
    memcpy(out->fwd_edge, in->inv_edge, AXES);
    memcpy(out->inv_edge, in->fwd_edge, AXES);
    out->no_first = in->no_last;
    out->no_last = in->no_first;
    out->move = in->move;
}

/* hist: the moves at the end being extended; other: at the other end
 * (flipped: that end is the start's, the node holds the inverse). A node
 * with two or more moves left extends whichever end allows fewer moves
 * (nxopt's choice); the last move is checked against both masks anyway. */
static void dfs(worker *w, const snode *self, int g, history hist, history other, int flipped)
{
    if (g == w->bound) {
        at_leaf(w, g);
        return;
    }
    snode swapped;
    if (w->sh->directions && w->bound - g >= 2 &&
        moves_allowed(other, self->no_last) < moves_allowed(hist, self->no_first)) {
        swap_ends(solver_of(w->sh), self, &swapped);
        self = &swapped;
        history h = hist;
        hist = other;
        other = h;
        flipped = !flipped;
    }
    snode kids[GT_CUBE3_MOVES];
    uint64_t generated = 0;
    int n_kids = expand(w->sh, self, g, w->bound, hist, kids, &generated);
    w->nodes += generated;
    w->unflushed += generated;
    if (w->unflushed >= CHECK_EVERY)
        check_clock(w);
    if (w->abort)
        return;
    int *n_end = flipped ? &w->n_back : &w->n_front;
    uint8_t *end = flipped ? w->back : w->path;
    for (int k = 0; k < n_kids; k++) {
        end[(*n_end)++] = kids[k].move;
        dfs(w, &kids[k], g + 1, after(hist, kids[k].move), other, flipped);
        (*n_end)--;
        if (w->abort)
            return;
    }
}

/* Is m the least move of its orbit under the symmetries in syms? */
static int least_in_orbit(const gt_cube3_solver *s, uint64_t syms, int m)
{
    for (int k = 1; k < GT_CUBE3_SYMS48; k++)
        if ((syms >> k & 1) && s->sym_move[k][m] < m)
            return 0;
    return 1;
}

static uint64_t fixing(const gt_cube3_solver *s, uint64_t syms, int m)
{
    for (int k = 1; k < GT_CUBE3_SYMS48; k++)
        if ((syms >> k & 1) && s->sym_move[k][m] != m)
            syms &= ~(1ull << k);
    return syms;
}

/* The surviving nodes `depth` levels below the root, in canonical order.
 *
 * A symmetric start (sh->syms beyond the identity) is searched once per
 * orbit of first moves: if a solution starts with m, its conjugate by a
 * symmetry of the start solves the start too and starts with the
 * conjugate of m. So a task's next move is kept only if it is the least of
 * its orbit under the symmetries that fix the start and the prefix. The
 * conjugate of a canonical sequence may begin with two opposite turns in
 * the other order (D U), so the move after a reduced one may turn either
 * opposite face. In --all mode nothing is reduced (sh->syms is 1). */
static int make_tasks(shared *sh, const snode *root, int depth, int bound, task **out, uint64_t *count,
                      uint64_t *nodes)
{
    uint64_t n_tasks = 1;
    task *tasks = malloc(sizeof *tasks);
    if (!tasks)
        return GT_ERR_NOMEM;
    tasks[0].node = *root;
    tasks[0].hist = (history){-1, -1, 0, 0};
    tasks[0].syms = sh->syms;
    for (int g = 0; g < depth; g++) {
        uint64_t next_n = 0;
        task *next = malloc(n_tasks * GT_CUBE3_MOVES * sizeof *next);
        if (!next) {
            free(tasks);
            return GT_ERR_NOMEM;
        }
        for (uint64_t t = 0; t < n_tasks; t++) {
            snode kids[GT_CUBE3_MOVES];
            int n_kids = expand(sh, &tasks[t].node, g, bound, tasks[t].hist, kids, nodes);
            uint64_t syms = tasks[t].syms;
            for (int k = 0; k < n_kids; k++) {
                int m = kids[k].move;
                if (syms != 1 && !least_in_orbit(solver_of(sh), syms, m))
                    continue;
                task *c = &next[next_n++];
                c->node = kids[k];
                memcpy(c->prefix, tasks[t].prefix, (size_t)g);
                c->prefix[g] = (uint8_t)m;
                c->hist = after(tasks[t].hist, m);
                c->hist.any_order = syms != 1;
                c->syms = syms != 1 ? fixing(solver_of(sh), syms, m) : 1;
            }
        }
        free(tasks);
        tasks = next;
        n_tasks = next_n;
    }
    *out = tasks;
    *count = n_tasks;
    return GT_OK;
}

/* The root as the search keeps it, its edge values on each axis (f, -1
 * without an edge table) and its bound. */
static int root_of(const shared *sh, const gt_cube3 *start, snode *root, int f[AXES], int *bound)
{
    const gt_cube3_solver *s = sh->s;
    memset(root, 0, sizeof *root);
    int rc = node_of(s, start, &root->n);
    if (rc || (rc = inverse_of(s, start, &root->inv)) != 0)
        return rc;
    f[0] = f[1] = f[2] = -1;
    int h = forward_values(s, &root->n, f);
    for (int a = 0; a < AXES; a++)
        root->fwd_edge[a] = (uint8_t)(f[a] < 0 ? 0 : f[a]);
    for (int a = 0; a < AXES && s->edges; a++) {
        const gt_cube3 *c = &root->inv.c[a];
        int v = (int)edge_value(s, edge_entry(s, slice_of(s, c), gt_cube3_flip_of(c), gt_cube3_twist_of(c), ud_of(s, c)), -1);
        root->inv_edge[a] = (uint8_t)v;
        if (sh->use_inverse && v > h)
            h = v;
    }
    *bound = parity_adjusted(sh, h, 0);
    return GT_OK;
}

static inline unsigned prefix_code(const uint8_t prefix[SPLIT_DEPTH])
{
    unsigned code = 0;
    for (int i = 0; i < SPLIT_DEPTH; i++)
        code = code * GT_CUBE3_MOVES + prefix[i];
    return code;
}

static int denser_first(const void *a, const void *b)
{
    const task *x = a, *y = b;
    if (x->density != y->density)
        return x->density > y->density ? -1 : 1;
    return x->rank < y->rank ? -1 : 1;
}

/* The tasks in decreasing order of what their subtrees cost in the last
 * iteration (vcube's order for its depth-4 seeds): a subtree with many
 * nodes near the bound is the likeliest to hold a solution one move
 * deeper, and the last iteration, which stops at the first solution, is
 * most of a search. A prefix ending on D, L or B allows fewer canonical
 * continuations (not the opposite face), so its cost weighs sqrt(3/2)
 * more. Ties, and new prefixes, keep canonical order. The counts are
 * those of whole iterations, so the order, hence the answer, does not
 * depend on the thread count. */
static void order_tasks(const shared *sh, task *tasks, uint64_t n, int split)
{
    for (uint64_t t = 0; t < n; t++)
        tasks[t].rank = (uint32_t)t;
    if (!sh->cost || !sh->have_cost || split != SPLIT_DEPTH)
        return;
    for (uint64_t t = 0; t < n; t++)
        tasks[t].density = (double)sh->cost[prefix_code(tasks[t].prefix)] * (tasks[t].hist.face >= 3 ? 1.2247449 : 1.0);
    qsort(tasks, n, sizeof *tasks, denser_first);
}

/* One IDA* iteration: is there a solution of exactly `bound` moves? */
static int search_bound(shared *sh, const snode *root_in, const int f[AXES], int bound, int threads)
{
    snode root = *root_in;
    if (sh->axis_masks) {
        int inv[AXES] = {root.inv_edge[0], root.inv_edge[1], root.inv_edge[2]};
        root.no_last = tight_axes(f, bound);
        root.no_first = sh->use_inverse ? tight_axes(inv, bound) : 0;
        if (bound > 0 && (root.no_last == 7 || root.no_first == 7))
            return GT_OK; /* proven at the root: no solution of this length */
    }
    int split = bound < SPLIT_DEPTH ? bound : SPLIT_DEPTH;
    task *tasks = NULL;
    uint64_t n_tasks = 0, prefix_nodes = 0;
    int rc = make_tasks(sh, &root, split, bound, &tasks, &n_tasks, &prefix_nodes);
    if (rc)
        return rc;
    order_tasks(sh, tasks, n_tasks, split);
    sh->nodes += prefix_nodes;
#pragma omp parallel num_threads(threads)
    {
        worker w = {.sh = sh, .bound = bound};
#pragma omp for schedule(dynamic, 1)
        for (uint64_t t = 0; t < n_tasks; t++) {
            if (sh->stop || (!sh->all && __atomic_load_n(&sh->best_task, __ATOMIC_RELAXED) < t))
                continue;
            w.task = t;
            w.abort = 0;
            memcpy(w.path, tasks[t].prefix, (size_t)split);
            w.n_front = split;
            w.n_back = 0;
            uint64_t before = w.nodes;
            dfs(&w, &tasks[t].node, split, tasks[t].hist, (history){-1, -1, 0, 0}, 0);
            if (sh->cost_next && split == SPLIT_DEPTH) /* each prefix is one task's: no race */
                sh->cost_next[prefix_code(tasks[t].prefix)] = w.nodes - before;
        }
        __atomic_add_fetch(&sh->nodes, w.unflushed, __ATOMIC_RELAXED);
    }
    free(tasks);
    if (sh->cost_next && split == SPLIT_DEPTH && !sh->stop) { /* next iteration's order */
        uint64_t *t = sh->cost;
        sh->cost = sh->cost_next;
        sh->cost_next = t;
        memset(sh->cost_next, 0, PREFIXES * sizeof *sh->cost_next);
        sh->have_cost = 1;
    }
    return GT_OK;
}

/* A few thousand nodes have read from most of the rung's blocks, each
 * checked on its first read in the search's threads; checking the rest at
 * once is cheaper from there (the 2-bit rung in place, 2 threads, against
 * 2e7 before: a 15-move cube of 72,000 nodes 0.37-0.38 -> 0.27-0.30 s,
 * three 18-move ones 0.1-1.4 s less; one of 1,551 nodes stays at 0.04 s,
 * where the whole check would take 0.17 s). With a core to spare the check
 * runs beside the search (gt_cube3_verify_start), else on every core while
 * the search waits. */
#define VERIFY_AFTER_NODES 5000ull

/* The symmetries of the start (bit k: conjugating it by sym k gives it
 * back); just the identity with --all or no_symmetry. */
static int start_symmetries(const gt_cube3_solver *s, const gt_cube3 *start, const gt_cube3_search_options *o,
                            uint64_t *syms)
{
    *syms = 1;
    for (int k = 1; k < GT_CUBE3_SYMS48 && !o->all && !o->no_symmetry; k++) {
        gt_cube3 conj;
        int rc = gt_cube3_conjugate(start, s->sym[k], &conj);
        if (rc != 0)
            return rc;
        if (gt_cube3_equal(&conj, start))
            *syms |= 1ull << k;
    }
    return GT_OK;
}

/* Checks the tables' unchecked blocks, beside the search when it leaves a
 * core free, else at once (*checked: the copy to free). 1 once begun, 0 to
 * try again at the next iteration. */
static int check_tables(shared *sh, int threads, gt_cube3_verify *beside, gt_cube3_solver **checked)
{
    if (threads < omp_get_num_procs() && gt_cube3_verify_start(beside, sh->s, 0, &sh->s) == GT_OK)
        return 1;
    if ((*checked = gt_cube3_verify_now(sh->s)) == NULL)
        return 0;
    sh->s = *checked;
    return 1;
}

/* Past copy_after_nodes, with a core free and the edge table read in place:
 * the check beside (if any) gives way to the copy beside (the tables are
 * the same, so the search may read either until the copy is whole). 1 once
 * begun, 0 to try again at the next iteration. */
static int copy_tables(shared *sh, const gt_cube3_solver *s, int threads, gt_cube3_verify *beside)
{
    if (threads >= omp_get_num_procs() || !s->edges_table || !s->edges_v.sums)
        return 1;
    gt_cube3_verify_finish(beside);
    return gt_cube3_verify_start(beside, s, 1, &sh->s) == GT_OK;
}

/* An iteration found the distance `bound`: the answer (or with --all every
 * one, sorted, each once, QTM half turns merged: cube3_qtm.c) into result. */
static int record_found(shared *sh, int bound, gt_cube3_search_result *result)
{
    const gt_cube3_search_options *o = sh->o;
    result->distance = bound;
    if (sh->all) {
        int rc = gt_cube3_solutions_finish(o->metric, sh->found, &sh->n_found, bound, &result->lengths);
        if (rc != 0)
            return rc;
        result->length = result->lengths[0];
        memcpy(result->moves, sh->found, (size_t)result->length);
        result->solutions = sh->found;
        result->n_solutions = sh->n_found;
        sh->found = NULL;
        return GT_OK;
    }
    result->length = o->metric == GT_CUBE3_QTM ? gt_cube3_qtm_merge(sh->best, bound, result->moves) : bound;
    if (o->metric != GT_CUBE3_QTM)
        memcpy(result->moves, sh->best, (size_t)bound);
    result->n_solutions = 1;
    return GT_OK;
}

/* The iterations from `bound` to max_depth: GT_OK with the answer in
 * result, or why none came (lower_bound proven). */
static int iterate(shared *sh, const snode *root, const int root_edges[AXES], int bound, int threads,
                   gt_cube3_search_result *result)
{
    const gt_cube3_search_options *o = sh->o;
    int max_depth = o->max_depth > 0 ? o->max_depth : (o->metric == GT_CUBE3_QTM ? 26 : 20);
    const int step = o->metric == GT_CUBE3_QTM ? 2 : 1; /* QTM: the parity is known */
    const uint64_t verify_after = o->verify_after_nodes ? o->verify_after_nodes : VERIFY_AFTER_NODES;
    const gt_cube3_solver *s = sh->s;
    gt_cube3_solver *checked = NULL;
    gt_cube3_verify beside = {0};
    int verifying = 0, copying = !o->copy_after_nodes, rc = GT_ERR_TIMEOUT;
    if (max_depth >= GT_CUBE3_MAX_SOLUTION)
        max_depth = GT_CUBE3_MAX_SOLUTION - 1;
    result->lower_bound = bound;
    for (; bound <= max_depth; bound += step) {
        if (!verifying && sh->nodes >= verify_after)
            verifying = check_tables(sh, threads, &beside, &checked);
        if (!copying && sh->nodes >= o->copy_after_nodes)
            copying = copy_tables(sh, s, threads, &beside);
        if ((rc = search_bound(sh, root, root_edges, bound, threads)) != 0)
            break;
        if (sh->nomem) {
            rc = GT_ERR_NOMEM;
            break;
        }
        if (sh->stop) { /* an unfinished iteration proves nothing new */
            rc = o->cancel && *o->cancel ? GT_ERR_INTERRUPT : GT_ERR_TIMEOUT;
            break;
        }
        if (sh->best_task != NO_TASK || sh->n_found > 0) {
            rc = record_found(sh, bound, result);
            break;
        }
        result->lower_bound = bound + step;
        rc = GT_ERR_TIMEOUT;
    }
    gt_cube3_verify_finish(&beside);
    sh->s = s;
    free(checked);
    return rc;
}

int gt_cube3_search(const gt_cube3_solver *s, const gt_cube3 *start,
                    const gt_cube3_search_options *opts, gt_cube3_search_result *result)
{
    static const gt_cube3_search_options defaults = {0};
    const gt_cube3_search_options *o = opts ? opts : &defaults;
    shared sh = {.s = s, .start = start, .o = o, .metric = o->metric, .all = o->all,
                 .best_task = NO_TASK};

    gt_cube3_verdict v;
    snode root;
    int rc, root_edges[AXES], bound;
    if (!s || !start || !result || (o->metric != GT_CUBE3_HTM && o->metric != GT_CUBE3_QTM))
        return GT_ERR_INVAL;
    memset(result, 0, sizeof *result);
    result->distance = -1;
    gt_cube3_verdict_of(start, &v);
    if (v.orbit != 0)
        return GT_ERR_ILLEGAL;
    sh.use_inverse = !o->no_inverse;
    sh.axis_masks = o->metric == GT_CUBE3_HTM && s->edges && !o->no_axis_masks;
    /* --all lists each canonical sequence once, which one end at a time keeps */
    sh.directions = sh.axis_masks && sh.use_inverse && !o->all && !o->no_direction;
    sh.start_parity = v.corner_parity;
    if ((rc = root_of(&sh, start, &root, root_edges, &bound)) != 0 ||
        (rc = start_symmetries(s, start, o, &sh.syms)) != 0)
        return rc;
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    /* without it (no memory), the tasks keep canonical order: still exact */
    uint64_t *costs = o->no_task_order ? NULL : calloc(2 * PREFIXES, sizeof *costs);
    sh.cost = costs;
    sh.cost_next = costs ? costs + PREFIXES : NULL;
    sh.t0 = omp_get_wtime();
    sh.deadline = o->timeout > 0 ? sh.t0 + o->timeout : 0;
    sh.next_report = sh.t0 + (o->progress_interval > 0 ? o->progress_interval : 1.0);
    rc = iterate(&sh, &root, root_edges, bound, threads, result);
    if (rc == GT_OK)
        result->lower_bound = result->distance;
    if (gt_cube3_solver_damaged(s)) { /* a damaged block read as 0: the answer may be right, but say so */
        rc = GT_ERR_CORRUPT;
        result->distance = -1;
    }
    free(sh.found);
    free(costs);
    result->nodes = sh.nodes;
    result->seconds = omp_get_wtime() - sh.t0;
    return rc;
}

void gt_cube3_search_result_free(gt_cube3_search_result *r)
{
    if (!r)
        return;
    free(r->solutions);
    free(r->lengths);
    r->solutions = NULL;
    r->lengths = NULL;
}
