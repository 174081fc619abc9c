/* The iterations of the definition search (def_search.c): the root's
 * exact distances, the canonical prefixes the threads share, the depth
 * loop with its time limit, and what a solution does. */
#include "def_search_internal.h"
#include "gt_error.h"

#include <limits.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX_LEN 2
#define SERIAL_NODES 20000 /* a depth expected to take fewer nodes runs on one thread */

/* ---- the root --------------------------------------------------------------- */

/* The exact distances of the root's images: each walked down its table
 * (each step to a neighbour one residue lower) to the goal's image. The
 * walks go in lockstep, and each step ranks its moves' images a batch at
 * a time, prefetching their bytes, until one descends: so the reads of
 * every database's step are one round, and a step ranks a few images,
 * not every move's (the first that descends, in move order, is taken
 * either way). On the 4x4x4, eight databases about seven steps deep, the
 * walks were half of a query's time. */
#define ROOT_BATCH 8

typedef struct root_walk {
    const search_pdb *d;
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    uint64_t idx, idx_of[ROOT_BATCH];
    unsigned code; /* idx's residue, known */
    int dist, next_mv, done;
} root_walk;

/* Ranks and prefetches walk k's next batch of moves' images. */
static void root_batch(const gt_def_search *s, root_walk *k)
{
    uint16_t next[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    for (int b = 0; b < ROOT_BATCH && k->next_mv + b < s->m->n_moves; b++) {
        const uint16_t *t = s->cells.move + (size_t)(k->next_mv + b) * (size_t)s->cells.n_values;
        for (int j = 0; j < k->d->n_items; j++)
            next[j] = t[k->items[j]];
        k->idx_of[b] = gt_def_proj_rank(k->d->pr, next);
        __builtin_prefetch(k->d->data + (k->idx_of[b] >> 2));
    }
}

/* Reads walk k's batch: steps down on the first move that descends, else
 * moves on to the next batch. GT_OK, or an error for a damaged table. */
static int root_step(const gt_def_search *s, root_walk *k)
{
    const unsigned want = (k->code + 2) % 3;
    for (int b = 0; b < ROOT_BATCH && k->next_mv + b < s->m->n_moves; b++) {
        const int code = search_pdb_code(k->d, k->idx_of[b]);
        if (code < 0)
            return GT_ERR_CORRUPT;
        if ((unsigned)code != want)
            continue;
        const uint16_t *t = s->cells.move + (size_t)(k->next_mv + b) * (size_t)s->cells.n_values;
        for (int j = 0; j < k->d->n_items; j++)
            k->items[j] = t[k->items[j]];
        k->idx = k->idx_of[b];
        k->code = want;
        k->next_mv = 0;
        k->done = k->idx == k->d->solved;
        return ++k->dist > GT_MAX_DEPTH ? GT_ERR_CORRUPT : GT_OK;
    }
    k->next_mv += ROOT_BATCH;
    return k->next_mv < s->m->n_moves ? GT_OK : GT_ERR_CORRUPT; /* residues that do not descend */
}

static int root_distances(const gt_def_search *s, const uint16_t *track, int n_pdb, int *h)
{
    root_walk walk[GT_DEF_PDB_MAX];
    int live = 0, rc = GT_OK;
    for (int p = 0; p < n_pdb; p++) {
        root_walk *k = &walk[p];
        k->d = &s->pdb[p];
        for (int j = 0; j < k->d->n_items; j++)
            k->items[j] = track[k->d->slot[j]];
        k->idx = gt_def_proj_rank(k->d->pr, k->items);
        k->dist = k->next_mv = 0;
        k->done = k->idx == k->d->solved;
        const int code = search_pdb_code(k->d, k->idx);
        if (code < 0)
            return GT_ERR_CORRUPT;
        if (code == 3)
            return GT_ERR_ILLEGAL; /* the image of no reachable state */
        k->code = (unsigned)code;
        live += !k->done;
    }
    while (live > 0 && rc == GT_OK) {
        for (int p = 0; p < n_pdb; p++)
            if (!walk[p].done)
                root_batch(s, &walk[p]);
        live = 0;
        for (int p = 0; p < n_pdb && rc == GT_OK; p++)
            if (!walk[p].done && (rc = root_step(s, &walk[p])) == GT_OK)
                live += !walk[p].done;
    }
    for (int p = 0; p < n_pdb; p++)
        h[p] = walk[p].dist;
    return rc;
}

/* root_setup's return value for a damaged block of a near table read in
 * place (positive: none of gt_error.h's codes). */
#define ROOT_NEAR_DAMAGED 1

/* The root's tracked cells and exact distances; *n_pdb the databases the
 * search reads: none when the near table holds the root (its distance is
 * then at most the table's depth, and the table's bounds below it are
 * exact but for rare collisions: the databases would cost more than they
 * cut); *pdb_first when they bound the root closer than the near table. */
static int root_setup(const gt_def_search *s, const uint8_t *perm, const uint8_t *ori, uint16_t *track, int *h,
                      int *hmax, int *n_pdb, int *pdb_first)
{
    uint16_t cells[GT_DEF_MAX_POSITIONS];
    uint8_t flat[GT_DEF_MAX_POSITIONS];
    int rc;
    *hmax = 0;
    if (s->near.data) {
        gt_def_near_pack(s->m, perm, ori, flat);
        if ((*hmax = gt_def_search_near_bound(s, flat)) < 0)
            return ROOT_NEAR_DAMAGED;
    }
    const int near = *hmax;
    *n_pdb = s->near.data && *hmax <= s->near.depth ? 0 : s->n_pdb;
    if (*n_pdb && (rc = gt_def_cells_of_state(s->m, &s->cells, perm, ori, cells)) != 0)
        return rc;
    for (int i = 0; i < s->n_track; i++) /* not moved without databases (search_run's n_pdb) */
        track[i] = *n_pdb ? cells[s->track[i]] : 0;
    if ((rc = root_distances(s, track, *n_pdb, h)) != 0)
        return rc;
    for (int p = 0; p < *n_pdb; p++)
        *hmax = h[p] > *hmax ? h[p] : *hmax;
    *pdb_first = *hmax > near;
    return GT_OK;
}

int gt_def_search_bound(gt_def_search *s, const uint8_t *perm, const uint8_t *ori, int *bound)
{
    uint16_t track[GT_DEF_SEARCH_TRACK_MAX];
    int h[GT_DEF_PDB_MAX], n_pdb, pdb_first;
    const int rc = root_setup(s, perm, ori, track, h, bound, &n_pdb, &pdb_first);
    return rc == ROOT_NEAR_DAMAGED ? GT_ERR_CORRUPT : rc;
}

/* ---- solutions --------------------------------------------------------------- */

static int solution_order(const void *a, const void *b)
{
    const search_solution *x = a, *y = b;
    if (x->prefix != y->prefix)
        return x->prefix < y->prefix ? -1 : 1;
    return memcmp(x->moves, y->moves, (size_t)x->n);
}

/* ---- one depth ------------------------------------------------------------------ */

typedef struct prefix {
    uint8_t n, moves[PREFIX_LEN];
} prefix;

/* The canonical prefixes of min(bound, PREFIX_LEN) moves, in move order. */
static int make_prefixes(const gt_def_search *s, int all, int bound, prefix *out)
{
    const int n_moves = s->m->n_moves, len = bound < PREFIX_LEN ? bound : PREFIX_LEN;
    int n = 0;
    if (len == 0) {
        out[n++] = (prefix){0, {0, 0}};
        return n;
    }
    for (int a = 0; a < n_moves; a++) {
        if (len == 1) {
            out[n++] = (prefix){1, {(uint8_t)a, 0}};
            continue;
        }
        const uint64_t forbid = gt_def_canon_next(&s->canon, 0, a, all);
        for (int b = 0; b < n_moves; b++)
            if (gt_def_canon_ok(&s->canon, forbid, b, a, 1))
                out[n++] = (prefix){2, {(uint8_t)a, (uint8_t)b}};
    }
    return n;
}

/* Walks one prefix from the root: its moves, then the depth-first search
 * (w->flat[0] the root's flat state when there is a near table). */
static void walk_prefix(search_worker *w, const prefix *pf, const uint16_t *root, const int *root_h)
{
    const gt_def_search *s = w->s;
    uint16_t track[GT_DEF_SEARCH_TRACK_MAX];
    int h[GT_DEF_PDB_MAX], run = 0, prev = s->m->n_moves;
    uint64_t forbid = 0;
    memcpy(track, root, (size_t)s->n_track * sizeof *track);
    memcpy(h, root_h, sizeof h);
    for (int i = 0; i < pf->n; i++) {
        const int mv = pf->moves[i];
        const uint16_t *t = s->cells.move + (size_t)mv * (size_t)s->cells.n_values;
        for (int c = 0; c < (w->run->n_pdb ? s->n_track : 0); c++)
            track[c] = t[track[c]];
        if (s->near.data) {
            uint8_t *flat = w->flat + (size_t)(i + 1) * (size_t)s->flat_bytes;
            gt_def_near_apply(&s->near_moves, mv, flat - s->flat_bytes, flat);
            const int bound = gt_def_search_near_bound(s, flat);
            if (bound < 0)
                __atomic_store_n(&w->run->stop, SEARCH_DAMAGED, __ATOMIC_RELAXED);
            if (bound < 0 || i + 1 + bound > w->bound)
                return;
        }
        for (int p = 0; p < w->run->n_pdb; p++) {
            h[p] = gt_def_search_child_h(s, p, track, h[p]);
            if (h[p] < 0) {
                __atomic_store_n(&w->run->stop, SEARCH_DAMAGED, __ATOMIC_RELAXED);
                return;
            }
            if (i + 1 + h[p] > w->bound)
                return;
        }
        run = mv == prev ? run + 1 : 1;
        prev = mv;
        forbid = gt_def_canon_next(&s->canon, forbid, mv, w->run->o->all);
        w->path[i] = (uint8_t)mv;
    }
    gt_def_search_dfs(w, track, h, pf->n, forbid, prev, run);
}

/* One thread's flat states, the root's first (NULL without a near table;
 * *ok 0 when out of memory). */
static uint8_t *flat_stack(const gt_def_search *s, const search_run *run, int *ok)
{
    uint8_t *flat = s->near.data ? malloc((size_t)(GT_MAX_DEPTH + 1) * (size_t)s->flat_bytes) : NULL;
    *ok = !s->near.data || flat;
    if (flat) {
        gt_def_near_pack(s->m, run->perm, run->ori, flat);
    }
    return flat;
}

/* Walks prefix i unless the search stopped or an earlier prefix solved it. */
static uint64_t walk_one(const gt_def_search *s, search_run *run, int bound, const prefix *pf, int i,
                         const uint16_t *root, const int *h, uint8_t *flat)
{
    if (__atomic_load_n(&run->stop, __ATOMIC_RELAXED) || i > __atomic_load_n(&run->best_prefix, __ATOMIC_RELAXED))
        return 0;
    search_worker w = {.s = s, .run = run, .bound = bound, .prefix = i, .flat = flat};
    walk_prefix(&w, &pf[i], root, h);
    return w.nodes;
}

/* The prefixes of depth `bound` on the threads; 0 when out of memory. */
static int search_prefixes(const gt_def_search *s, search_run *run, int bound, const uint16_t *root, const int *h,
                           uint64_t *out)
{
    static const int max_prefixes = GT_MAX_MOVES * GT_MAX_MOVES;
    prefix *pf = malloc((size_t)max_prefixes * sizeof *pf);
    int ok = pf != NULL;
    uint64_t nodes = 0;
    const int n = pf ? make_prefixes(s, run->o->all, bound, pf) : 0, threads = run->o->threads > 0 ? run->o->threads : 0;
#pragma omp parallel reduction(+ : nodes) reduction(& : ok) num_threads(threads ? threads : omp_get_max_threads())
    {
        uint8_t *flat = flat_stack(s, run, &ok);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < n; i++)
            if (ok)
                nodes += walk_one(s, run, bound, pf, i, root, h, flat);
        free(flat);
    }
    free(pf);
    *out = nodes;
    return ok;
}

/* The nodes depth `bound` is expected to take: the last depth's times the
 * last growth (at least 1); the last depth's alone before there is one. */
static uint64_t expected_nodes(const search_run *run)
{
    if (!run->before_last || run->last_nodes <= run->before_last)
        return run->last_nodes;
    double next = (double)run->last_nodes * ((double)run->last_nodes / (double)run->before_last);
    return next < 1e18 ? (uint64_t)next : UINT64_MAX;
}

/* Searches depth `bound`: on one thread from the root while the depths
 * are small (waking the others, and walking each prefix from the root,
 * cost more than a short search: an 8-move megaminx scramble takes a few
 * hundred nodes), else on the threads, a prefix each. Both go in move
 * order, so the answer is the same. The choice looks ahead one growth:
 * by the last depth alone, a 3x3x3.tws 13-mover of 1.4e5 nodes, 10 times
 * its depth before, ran on one thread. */
static void search_depth(const gt_def_search *s, search_run *run, int bound, const uint16_t *root, const int *h)
{
    int ok = 1;
    uint64_t nodes = 0;
    run->best_prefix = INT_MAX;
    run->n_all = 0;
    if (expected_nodes(run) < SERIAL_NODES) { /* one walk from the root: its order is the prefixes' */
        uint8_t *flat = flat_stack(s, run, &ok);
        search_worker w = {.s = s, .run = run, .bound = bound, .prefix = 0, .flat = flat};
        if (ok)
            gt_def_search_dfs(&w, root, h, 0, 0, s->m->n_moves, 0);
        nodes = w.nodes;
        free(flat);
    } else
        ok = search_prefixes(s, run, bound, root, h, &nodes);
    if (!ok)
        run->stop = SEARCH_CANCELLED;
    run->before_last = run->last_nodes;
    run->last_nodes = nodes;
    run->nodes += nodes;
}

/* ---- the depth loop ---------------------------------------------------------------- */

/* What ended a depth: 0 to go deeper, else the return value (r filled). */
static int depth_outcome(search_run *run, int bound, gt_def_search_result *r)
{
    const gt_def_search_options *o = run->o;
    switch (run->stop) {
    case SEARCH_TIMED_OUT: r->lower_bound = bound; return GT_ERR_TIMEOUT;
    case SEARCH_CANCELLED: r->lower_bound = bound; return GT_ERR_INTERRUPT;
    case SEARCH_DAMAGED: return GT_ERR_CORRUPT;
    default: break;
    }
    if (o->all && run->n_all > 0) {
        qsort(run->all, (size_t)run->n_all, sizeof *run->all, solution_order);
        memcpy(r->moves, run->all[0].moves, (size_t)bound);
        for (int i = 0; i < run->n_all; i++, r->solutions++)
            if (o->on_solution && o->on_solution(o->user, run->all[i].moves, bound))
                break;
    } else if (!o->all && run->best_prefix != INT_MAX) {
        memcpy(r->moves, run->best, (size_t)bound);
        r->solutions = 1;
        if (o->on_solution)
            o->on_solution(o->user, run->best, bound);
    } else {
        r->lower_bound = bound + 1;
        return 0;
    }
    r->length = r->lower_bound = bound;
    return 1;
}

static int root_error(int rc, gt_def_error *err)
{
    if (rc == GT_ERR_ILLEGAL)
        return gt_error_set(err, rc, 0, 0, "a pattern database has no image of this state: no move sequence reaches it");
    if (rc == GT_ERR_CORRUPT)
        return gt_error_set(err, rc, 0, 0, "a pattern database's distances do not lead to its goal: damaged");
    if (rc == ROOT_NEAR_DAMAGED)
        return gt_error_set(err, GT_ERR_CORRUPT, 0, 0, "the near table has a damaged block");
    return rc;
}

int gt_def_search_run(gt_def_search *s, const uint8_t *perm, const uint8_t *ori, const gt_def_search_options *o,
                      gt_def_search_result *r, gt_def_error *err)
{
    uint16_t root[GT_DEF_SEARCH_TRACK_MAX];
    int h[GT_DEF_PDB_MAX], hmax, rc;
    const double start = gt_def_search_now();
    const int max_depth = o->max_depth > 0 && o->max_depth < GT_MAX_DEPTH ? o->max_depth : GT_MAX_DEPTH - 1;
    memset(r, 0, sizeof *r);
    r->length = -1;
    if ((rc = gt_def_check_invariants(s->m, perm, ori, err)) != 0)
        return rc;
    int n_pdb, pdb_first;
    if ((rc = root_setup(s, perm, ori, root, h, &hmax, &n_pdb, &pdb_first)) != 0)
        return root_error(rc, err);
    search_run run = {.o = o, .perm = perm, .ori = ori, .deadline = o->timeout > 0 ? start + o->timeout : 0,
                      .n_pdb = n_pdb, .pdb_first = pdb_first};
    if (o->all && !(run.all = malloc(SEARCH_ALL_MAX * sizeof *run.all)))
        return GT_ERR_NOMEM;
    r->lower_bound = hmax;
    rc = GT_ERR_TIMEOUT; /* past max_depth */
    for (int bound = hmax; bound <= max_depth; bound++) {
        search_depth(s, &run, bound, root, h);
        int end = depth_outcome(&run, bound, r);
        r->nodes = run.nodes;
        r->seconds = gt_def_search_now() - start;
        if (o->on_progress && end == 0)
            o->on_progress(o->user, bound, r->nodes, r->seconds);
        if (end) {
            rc = end == 1 ? GT_OK : end;
            break;
        }
    }
    free(run.all);
    return rc;
}

void gt_def_search_warm_up(gt_def_search *s)
{
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    const gt_def_model *m = s->m;
    const int depth = s->near.data && s->near.depth < 8 ? s->near.depth + 1 : 8;
    gt_def_search_options o = {.threads = 1, .timeout = 0.005};
    gt_def_search_result r;
    memcpy(perm, m->def->solved_perm, (size_t)m->def->total);
    memcpy(ori, m->def->solved_ori, (size_t)m->def->total);
    for (int i = 0; i < depth; i++) /* moves spread over the list, so that most bases turn */
        gt_def_model_apply(m, (7 * i + 1) % m->n_moves, perm, ori);
    gt_def_search_run(s, perm, ori, &o, &r, NULL);
}
