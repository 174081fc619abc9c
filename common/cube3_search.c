#include "cube3_search.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "facecube.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define AXES 3
#define SPLIT_DEPTH 3        /* levels enumerated up front; their nodes are the parallel tasks */
#define CHECK_EVERY 4096     /* nodes between looks at the clock and the stop flags */
#define NO_TASK UINT64_MAX

struct gt_cube3_solver {
    /* [value*18 + move]; slice_move moves the sorted slice coordinate when
     * the symmetry-reduced table is used, the unsorted one otherwise */
    uint16_t *cperm_move, *twist_move, *flip_move, *slice_move;
    uint8_t conj_move[AXES][GT_CUBE3_MOVES]; /* the move m becomes on axis a */
    gt_cube3 inverse_turn[AXES][GT_CUBE3_MOVES]; /* the cube of the inverse of conj_move[a][m] */
    uint16_t rotation[AXES][GT_CUBE3_FACELETS]; /* conjugating rotation of each axis */
    /* The solver's own copies of the tables, in huge pages (see
     * gt_cube3_alloc_huge): 4-bit distances, fst and fss possibly NULL. */
    uint8_t *corners, *fst, *fss;
    gt_cube3_fss *classes;  /* the symmetry classes fss is indexed by */
};

/* The coordinates IDA* carries: the corner table reads axis 0 (the cube as
 * given); the flip/slice/twist table reads every axis. */
typedef struct node {
    uint16_t cperm, twist[AXES], flip[AXES], slice[AXES];
} node;

static inline unsigned nibble(const uint8_t *data, uint64_t i)
{
    return (data[i >> 1] >> ((i & 1) * 4)) & 15u;
}

static int to_u16(const uint32_t *in, uint32_t size, uint16_t **out)
{
    uint16_t *t = malloc((size_t)size * GT_CUBE3_MOVES * sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    for (size_t i = 0; i < (size_t)size * GT_CUBE3_MOVES; i++)
        t[i] = (uint16_t)in[i];
    *out = t;
    return GT_OK;
}

static int copy_huge(const gt_table *t, uint8_t **out)
{
    uint8_t *p = gt_cube3_alloc_huge(t->data_bytes);
    if (!p)
        return GT_ERR_NOMEM;
    memcpy(p, t->data, t->data_bytes);
    *out = p;
    return GT_OK;
}

static int find_move(const gt_cube3 *c)
{
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        gt_cube3 t;
        gt_cube3_move_cube(m, &t);
        if (gt_cube3_equal(&t, c))
            return m;
    }
    return -1;
}

int gt_cube3_solver_new(const gt_table *corners, const gt_table *fst, const gt_table *fss,
                        gt_cube3_solver **out)
{
    gt_cube3_moves *mt = NULL;
    int rc;
    if (!corners || corners->meta.encoding != GT_ENC_NIBBLE ||
        corners->meta.n_states != GT_C3_CORNER_STATES ||
        (fst && (fst->meta.encoding != GT_ENC_NIBBLE || fst->meta.n_states != GT_C3_FST_STATES)) ||
        (fss && (fss->meta.encoding != GT_ENC_NIBBLE || strcmp(fss->meta.name, GT_CUBE3_FSS_TABLE) != 0)))
        return GT_ERR_INVAL;
    gt_cube3_solver *s = calloc(1, sizeof *s);
    if (!s)
        return GT_ERR_NOMEM;
    if ((rc = gt_cube3_moves_new(&mt)) != 0)
        goto free_solver;
    if (fss) {
        if ((rc = gt_cube3_fss_new(&s->classes, 0)) != 0)
            goto free_solver;
        if (fss->meta.n_states != gt_cube3_fss_states(s->classes)) {
            rc = GT_ERR_INVAL;
            goto free_solver;
        }
    }
    if ((rc = to_u16(mt->cperm, GT_C3_CPERMS, &s->cperm_move)) != 0 ||
        (rc = to_u16(mt->twist, GT_C3_TWISTS, &s->twist_move)) != 0 ||
        (rc = to_u16(mt->flip, GT_C3_FLIPS, &s->flip_move)) != 0 ||
        (rc = fss ? to_u16(s->classes->ss_move, GT_C3_SLICE_SORTED, &s->slice_move)
                  : to_u16(mt->slice, GT_C3_SLICES, &s->slice_move)) != 0)
        goto free_solver;
    /* Axis 0 is the cube as given; z brings the R-L axis to U-D, x the F-B axis. */
    static const int rotation_face[AXES] = {-1, GT_FACE_F, GT_FACE_R};
    for (int a = 0; a < AXES; a++) {
        if (rotation_face[a] < 0) {
            for (int f = 0; f < GT_CUBE3_FACELETS; f++)
                s->rotation[a][f] = (uint16_t)f;
        } else if ((rc = gt_facecube_turn(3, rotation_face[a], 0, 2, 1, s->rotation[a])) != 0) {
            goto free_solver;
        }
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            gt_cube3 mc, conj;
            gt_cube3_move_cube(m, &mc);
            if ((rc = gt_cube3_conjugate(&mc, s->rotation[a], &conj)) != 0)
                goto free_solver;
            int cm = find_move(&conj);
            if (cm < 0) {
                rc = GT_ERR_INVAL;
                goto free_solver;
            }
            s->conj_move[a][m] = (uint8_t)cm;
            gt_cube3_move_cube(gt_cube3_move_inverse[cm], &s->inverse_turn[a][m]);
        }
    }
    if ((rc = copy_huge(corners, &s->corners)) != 0 || (fst && !fss && (rc = copy_huge(fst, &s->fst)) != 0) ||
        (fss && (rc = copy_huge(fss, &s->fss)) != 0))
        goto free_solver;
    gt_cube3_moves_free(mt);
    *out = s;
    return GT_OK;

free_solver:
    gt_cube3_moves_free(mt);
    gt_cube3_solver_free(s);
    return rc;
}

void gt_cube3_solver_free(gt_cube3_solver *s)
{
    if (!s)
        return;
    free(s->cperm_move);
    free(s->twist_move);
    free(s->flip_move);
    free(s->slice_move);
    free(s->corners);
    free(s->fst);
    free(s->fss);
    gt_cube3_fss_free(s->classes);
    free(s);
}

static int node_of(const gt_cube3_solver *s, const gt_cube3 *c, node *n)
{
    n->cperm = (uint16_t)gt_cube3_cperm(c);
    for (int a = 0; a < AXES; a++) {
        gt_cube3 conj;
        int rc = gt_cube3_conjugate(c, s->rotation[a], &conj);
        if (rc)
            return rc;
        n->twist[a] = (uint16_t)gt_cube3_twist(&conj);
        n->flip[a] = (uint16_t)gt_cube3_flip(&conj);
        n->slice[a] = (uint16_t)(s->fss ? gt_cube3_slice_sorted(&conj) : gt_cube3_slice(&conj));
    }
    return GT_OK;
}

static inline void node_move(const gt_cube3_solver *s, const node *n, int m, node *out)
{
    out->cperm = s->cperm_move[n->cperm * GT_CUBE3_MOVES + m];
    for (int a = 0; a < AXES; a++) {
        int am = s->conj_move[a][m];
        out->twist[a] = s->twist_move[n->twist[a] * GT_CUBE3_MOVES + am];
        out->flip[a] = s->flip_move[n->flip[a] * GT_CUBE3_MOVES + am];
        out->slice[a] = s->slice_move[n->slice[a] * GT_CUBE3_MOVES + am];
    }
}

/* The inverse position, conjugated for each axis: dist(c^-1) = dist(c), and
 * its table values often prune where c's do not. Turning c by m turns the
 * inverse on the other side, (c*m)^-1 = m^-1 * c^-1, which coordinates
 * cannot follow, so the inverse is carried as cubies, and only for the
 * nodes the search keeps. */
typedef struct inverse {
    gt_cube3 c[AXES];
} inverse;

static int inverse_of(const gt_cube3_solver *s, const gt_cube3 *c, inverse *out)
{
    gt_cube3 inv;
    gt_cube3_inverse(c, &inv);
    for (int a = 0; a < AXES; a++) {
        int rc = gt_cube3_conjugate(&inv, s->rotation[a], &out->c[a]);
        if (rc)
            return rc;
    }
    return GT_OK;
}

static inline void inverse_move(const gt_cube3_solver *s, const inverse *parent, int m, inverse *out)
{
    for (int a = 0; a < AXES; a++)
        gt_cube3_multiply(&s->inverse_turn[a][m], &parent->c[a], &out->c[a]);
}

static int inverse_heuristic(const gt_cube3_solver *s, const inverse *iv, int limit)
{
    uint32_t twist0 = gt_cube3_twist(&iv->c[0]);
    int h = (int)nibble(s->corners, (uint64_t)gt_cube3_cperm(&iv->c[0]) * GT_C3_TWISTS + twist0);
    if (h > limit || !s->fss)
        return h;
    for (int a = 0; a < AXES; a++) {
        const gt_cube3 *c = &iv->c[a];
        uint64_t e = gt_cube3_fss_entry(s->classes, gt_cube3_slice_sorted(c), gt_cube3_flip(c),
                                        a ? gt_cube3_twist(c) : twist0);
        int ha = (int)nibble(s->fss, e);
        if (ha > h) {
            h = ha;
            if (h > limit)
                return h;
        }
    }
    return h;
}

/* max of the lookups, stopping as soon as one exceeds `limit` (the caller
 * prunes then, whatever the exact maximum). */
static inline int heuristic(const gt_cube3_solver *s, const node *n, int limit)
{
    int h = (int)nibble(s->corners, (uint64_t)n->cperm * GT_C3_TWISTS + n->twist[0]);
    if (h > limit)
        return h;
    if (s->fss) {
        const gt_cube3_fss *f = s->classes;
        for (int a = 0; a < AXES; a++) {
            int ha = (int)nibble(s->fss, gt_cube3_fss_entry(f, n->slice[a], n->flip[a], n->twist[a]));
            if (ha > h) {
                h = ha;
                if (h > limit)
                    return h;
            }
        }
        return h;
    }
    if (!s->fst)
        return h;
    for (int a = 0; a < AXES; a++) {
        int ha = (int)nibble(s->fst, ((uint64_t)n->flip[a] * GT_C3_SLICES + n->slice[a]) *
                                         GT_C3_TWISTS + n->twist[a]);
        if (ha > h) {
            h = ha;
            if (h > limit)
                return h;
        }
    }
    return h;
}

int gt_cube3_solver_bound(const gt_cube3_solver *s, const gt_cube3 *c)
{
    node n;
    if (node_of(s, c, &n))
        return 0;
    return heuristic(s, &n, 99);
}

/* ---- canonical move sequences ---- */

/* The search's memory of the last moves: enough to enumerate each canonical
 * sequence once. */
typedef struct history {
    int8_t face, move, run; /* last face (-1 none), last move, turns in a row on it */
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
    return !(f % 3 == h.face % 3 && f < h.face);
}

static inline history after(history h, int m)
{
    history n = {(int8_t)(m / 3), (int8_t)m, (int8_t)(m / 3 == h.face ? h.run + 1 : 1)};
    return n;
}

/* ---- the search ---- */

typedef struct task {
    node n;
    inverse inv;
    history hist;
    uint8_t prefix[SPLIT_DEPTH];
} task;

typedef struct shared {
    const gt_cube3_solver *s;
    const gt_cube3 *start;
    const gt_cube3_search_options *o;
    int metric, start_parity, all, use_inverse;
    double t0, deadline, next_report;
    volatile int stop;             /* timeout or cancel */
    uint64_t best_task;            /* lowest task index holding a solution (first mode) */
    uint8_t best[GT_CUBE3_MAX_SOLUTION];
    uint64_t nodes;                /* flushed per-thread counts */
    uint8_t *found;                /* all mode: solutions, bound moves each */
    uint64_t n_found, cap_found;
    int nomem;
} shared;

typedef struct worker {
    shared *sh;
    uint64_t task, nodes, unflushed;
    int bound, abort;
    uint8_t path[GT_CUBE3_MAX_SOLUTION];
} worker;

static int bound_of(const shared *sh, const node *n, int g, int limit)
{
    int h = heuristic(sh->s, n, limit);
    /* QTM distances have the parity of the permutation; so has each bound. */
    if (sh->metric == GT_CUBE3_QTM && ((h ^ sh->start_parity ^ g) & 1))
        h++;
    return h;
}

static int inverse_bound_of(const shared *sh, const inverse *iv, int g, int limit)
{
    int h = inverse_heuristic(sh->s, iv, limit);
    if (sh->metric == GT_CUBE3_QTM && ((h ^ sh->start_parity ^ g) & 1))
        h++;
    return h;
}

static void check_clock(worker *w)
{
    shared *sh = w->sh;
    __atomic_add_fetch(&sh->nodes, w->unflushed, __ATOMIC_RELAXED);
    w->unflushed = 0;
    double now = omp_get_wtime();
    if ((sh->deadline > 0 && now > sh->deadline) || (sh->o->cancel && *sh->o->cancel))
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
    gt_cube3 c = *sh->start;
    gt_cube3_apply_moves(&c, w->path, length);
    if (!gt_cube3_is_solved(&c))
        return;
#pragma omp critical(cube3_solution)
    {
        if (sh->all) {
            if (sh->n_found == sh->cap_found) {
                uint64_t cap = sh->cap_found ? 2 * sh->cap_found : 64;
                uint8_t *grown = realloc(sh->found, cap * (uint64_t)(length ? length : 1));
                if (grown) {
                    sh->found = grown;
                    sh->cap_found = cap;
                } else {
                    sh->nomem = 1;
                    sh->stop = 1;
                }
            }
            if (sh->n_found < sh->cap_found)
                memcpy(sh->found + sh->n_found++ * (uint64_t)length, w->path, (size_t)length);
        } else if (w->task < sh->best_task) {
            sh->best_task = w->task;
            memcpy(sh->best, w->path, (size_t)length);
        }
    }
    if (!sh->all)
        w->abort = 1;
}

/* The fss entry of each axis of a node (its class lookup must be done first). */
static inline void fss_entries(const gt_cube3_solver *s, const node *n, uint64_t e[AXES])
{
    const gt_cube3_fss *f = s->classes;
    for (int a = 0; a < AXES; a++) {
        uint32_t cs = f->class_of[(uint32_t)n->slice[a] * GT_C3_FLIPS + n->flip[a]];
        e[a] = (uint64_t)(cs >> 4) * GT_C3_TWISTS + f->twist_conj[n->twist[a] * 16u + (cs & 15u)];
    }
}

/* Expands a node in three passes over its children so that their table
 * reads overlap instead of each waiting for memory in turn: compute the
 * children and prefetch their class lookups, then compute and prefetch
 * their table entries, then read them and recurse. */
static void dfs(worker *w, const node *n, const inverse *iv, int g, history hist)
{
    shared *sh = w->sh;
    const gt_cube3_solver *s = sh->s;
    if (g == w->bound) {
        at_leaf(w, g);
        return;
    }
    node kids[GT_CUBE3_MOVES];
    uint8_t moves[GT_CUBE3_MOVES];
    uint64_t entry[GT_CUBE3_MOVES][AXES];
    int n_kids = 0;
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        if (!allowed(sh->metric, hist, m))
            continue;
        node *c = &kids[n_kids];
        node_move(s, n, m, c);
        moves[n_kids++] = (uint8_t)m;
        __builtin_prefetch(&s->corners[((uint64_t)c->cperm * GT_C3_TWISTS + c->twist[0]) >> 1]);
        if (s->fss)
            for (int a = 0; a < AXES; a++)
                __builtin_prefetch(&s->classes->class_of[(uint32_t)c->slice[a] * GT_C3_FLIPS + c->flip[a]]);
    }
    w->nodes += (uint64_t)n_kids;
    w->unflushed += (uint64_t)n_kids;
    if (w->unflushed >= CHECK_EVERY)
        check_clock(w);
    if (w->abort)
        return;
    if (s->fss)
        for (int k = 0; k < n_kids; k++) {
            fss_entries(s, &kids[k], entry[k]);
            for (int a = 0; a < AXES; a++)
                __builtin_prefetch(&s->fss[entry[k][a] >> 1]);
        }
    int limit = w->bound - g - 1, keep[GT_CUBE3_MOVES], n_keep = 0;
    for (int k = 0; k < n_kids; k++) {
        int h;
        if (s->fss) {
            h = (int)nibble(s->corners, (uint64_t)kids[k].cperm * GT_C3_TWISTS + kids[k].twist[0]);
            for (int a = 0; a < AXES && h <= limit; a++) {
                int ha = (int)nibble(s->fss, entry[k][a]);
                if (ha > h)
                    h = ha;
            }
            if (sh->metric == GT_CUBE3_QTM && ((h ^ sh->start_parity ^ (g + 1)) & 1))
                h++;
        } else {
            h = bound_of(sh, &kids[k], g + 1, limit);
        }
        if (h <= limit)
            keep[n_keep++] = k;
    }
    /* The survivors' inverses, in the same three passes; at the last level
     * only the goal survives anyway, so they are skipped there. */
    inverse kid_inverse[GT_CUBE3_MOVES];
    int use_inverse = sh->use_inverse && limit > 0 && n_keep > 0;
    if (use_inverse) {
        uint32_t x[GT_CUBE3_MOVES][AXES], tw[GT_CUBE3_MOVES][AXES];
        uint64_t corner_entry[GT_CUBE3_MOVES];
        for (int j = 0; j < n_keep; j++) {
            int k = keep[j];
            inverse_move(s, iv, moves[k], &kid_inverse[k]);
            for (int a = 0; a < AXES; a++) {
                const gt_cube3 *c = &kid_inverse[k].c[a];
                tw[j][a] = gt_cube3_twist(c);
                x[j][a] = gt_cube3_slice_sorted(c) * GT_C3_FLIPS + gt_cube3_flip(c);
                if (s->fss)
                    __builtin_prefetch(&s->classes->class_of[x[j][a]]);
            }
            corner_entry[j] = (uint64_t)gt_cube3_cperm(&kid_inverse[k].c[0]) * GT_C3_TWISTS + tw[j][0];
            __builtin_prefetch(&s->corners[corner_entry[j] >> 1]);
        }
        if (s->fss)
            for (int j = 0; j < n_keep; j++)
                for (int a = 0; a < AXES; a++) {
                    uint32_t cs = s->classes->class_of[x[j][a]];
                    entry[j][a] = (uint64_t)(cs >> 4) * GT_C3_TWISTS +
                                  s->classes->twist_conj[tw[j][a] * 16u + (cs & 15u)];
                    __builtin_prefetch(&s->fss[entry[j][a] >> 1]);
                }
        int n_left = 0;
        for (int j = 0; j < n_keep; j++) {
            int h = (int)nibble(s->corners, corner_entry[j]);
            for (int a = 0; a < AXES && s->fss && h <= limit; a++) {
                int ha = (int)nibble(s->fss, entry[j][a]);
                if (ha > h)
                    h = ha;
            }
            if (sh->metric == GT_CUBE3_QTM && ((h ^ sh->start_parity ^ (g + 1)) & 1))
                h++;
            if (h <= limit)
                keep[n_left++] = keep[j];
        }
        n_keep = n_left;
    }
    for (int j = 0; j < n_keep; j++) {
        int k = keep[j];
        w->path[g] = moves[k];
        dfs(w, &kids[k], &kid_inverse[k], g + 1, after(hist, moves[k]));
        if (w->abort)
            return;
    }
}

/* The surviving nodes `depth` levels below the root, in canonical order. */
static int make_tasks(shared *sh, const node *root, const inverse *root_inverse, int depth, int bound,
                      task **out, uint64_t *count, uint64_t *nodes)
{
    uint64_t n_tasks = 1;
    task *tasks = malloc(sizeof *tasks);
    if (!tasks)
        return GT_ERR_NOMEM;
    tasks[0].n = *root;
    tasks[0].inv = *root_inverse;
    tasks[0].hist = (history){-1, -1, 0};
    for (int g = 0; g < depth; g++) {
        uint64_t next_n = 0;
        task *next = malloc(n_tasks * GT_CUBE3_MOVES * sizeof *next);
        if (!next) {
            free(tasks);
            return GT_ERR_NOMEM;
        }
        for (uint64_t t = 0; t < n_tasks; t++) {
            for (int m = 0; m < GT_CUBE3_MOVES; m++) {
                if (!allowed(sh->metric, tasks[t].hist, m))
                    continue;
                task *c = &next[next_n];
                node_move(sh->s, &tasks[t].n, m, &c->n);
                ++*nodes;
                if (g + 1 + bound_of(sh, &c->n, g + 1, bound - g - 1) > bound)
                    continue;
                inverse_move(sh->s, &tasks[t].inv, m, &c->inv);
                if (sh->use_inverse && g + 1 + inverse_bound_of(sh, &c->inv, g + 1, bound - g - 1) > bound)
                    continue;
                memcpy(c->prefix, tasks[t].prefix, (size_t)g);
                c->prefix[g] = (uint8_t)m;
                c->hist = after(tasks[t].hist, m);
                next_n++;
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

static int cmp_solution(const void *a, const void *b, void *length)
{
    return memcmp(a, b, (size_t)*(const int *)length);
}

/* One IDA* iteration: is there a solution of exactly `bound` moves? */
static int search_bound(shared *sh, const node *root, const inverse *root_inverse, int bound, int threads)
{
    int split = bound < SPLIT_DEPTH ? bound : SPLIT_DEPTH;
    task *tasks = NULL;
    uint64_t n_tasks = 0, prefix_nodes = 0;
    int rc = make_tasks(sh, root, root_inverse, split, bound, &tasks, &n_tasks, &prefix_nodes);
    if (rc)
        return rc;
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
            dfs(&w, &tasks[t].n, &tasks[t].inv, split, tasks[t].hist);
        }
        __atomic_add_fetch(&sh->nodes, w.unflushed, __ATOMIC_RELAXED);
    }
    free(tasks);
    return GT_OK;
}

int gt_cube3_search(const gt_cube3_solver *s, const gt_cube3 *start,
                    const gt_cube3_search_options *opts, gt_cube3_search_result *result)
{
    static const gt_cube3_search_options defaults = {0};
    const gt_cube3_search_options *o = opts ? opts : &defaults;
    shared sh = {.s = s, .start = start, .o = o, .metric = o->metric, .all = o->all,
                 .best_task = NO_TASK};
    gt_cube3_verdict v;
    node root;
    int rc;
    if (!s || !start || !result || (o->metric != GT_CUBE3_HTM && o->metric != GT_CUBE3_QTM))
        return GT_ERR_INVAL;
    memset(result, 0, sizeof *result);
    result->distance = -1;
    gt_cube3_verdict_of(start, &v);
    if (v.orbit != 0)
        return GT_ERR_ILLEGAL;
    inverse root_inverse;
    if ((rc = node_of(s, start, &root)) != 0 || (rc = inverse_of(s, start, &root_inverse)) != 0)
        return rc;
    sh.use_inverse = !o->no_inverse;
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    int max_depth = o->max_depth > 0 ? o->max_depth : (o->metric == GT_CUBE3_QTM ? 26 : 20);
    if (max_depth >= GT_CUBE3_MAX_SOLUTION)
        max_depth = GT_CUBE3_MAX_SOLUTION - 1;
    sh.start_parity = v.corner_parity;
    sh.t0 = omp_get_wtime();
    sh.deadline = o->timeout > 0 ? sh.t0 + o->timeout : 0;
    sh.next_report = sh.t0 + (o->progress_interval > 0 ? o->progress_interval : 1.0);
    int step = o->metric == GT_CUBE3_QTM ? 2 : 1; /* QTM: the parity is known */
    int bound = bound_of(&sh, &root, 0, 99);
    if (sh.use_inverse) {
        int hi = inverse_bound_of(&sh, &root_inverse, 0, 99);
        bound = hi > bound ? hi : bound;
    }
    result->lower_bound = bound;
    rc = GT_ERR_TIMEOUT;
    for (; bound <= max_depth; bound += step) {
        if ((rc = search_bound(&sh, &root, &root_inverse, bound, threads)) != 0)
            break;
        if (sh.nomem) {
            rc = GT_ERR_NOMEM;
            break;
        }
        if (sh.stop) { /* an unfinished iteration proves nothing new */
            rc = o->cancel && *o->cancel ? GT_ERR_INTERRUPT : GT_ERR_TIMEOUT;
            break;
        }
        if (sh.best_task != NO_TASK || sh.n_found > 0) {
            result->distance = bound;
            result->length = bound;
            if (sh.all) {
                if (bound > 0)
                    qsort_r(sh.found, sh.n_found, (size_t)bound, cmp_solution, &bound);
                memcpy(result->moves, sh.found, (size_t)bound);
                result->solutions = sh.found;
                result->n_solutions = sh.n_found;
                sh.found = NULL;
            } else {
                memcpy(result->moves, sh.best, (size_t)bound);
                result->n_solutions = 1;
            }
            rc = GT_OK;
            break;
        }
        result->lower_bound = bound + step;
        rc = GT_ERR_TIMEOUT;
    }
    if (rc == GT_OK)
        result->lower_bound = result->distance;
    free(sh.found);
    result->nodes = sh.nodes;
    result->seconds = omp_get_wtime() - sh.t0;
    return rc;
}

void gt_cube3_search_result_free(gt_cube3_search_result *r)
{
    if (!r)
        return;
    free(r->solutions);
    r->solutions = NULL;
}
