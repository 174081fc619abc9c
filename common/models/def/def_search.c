/* The optimal search of a definition (def_pdb.h): IDA* over the cells of
 * the kept pieces, bounded by the maximum of the pattern databases.
 *
 * Each database is read at 2 bits a state (distance mod 3): a move changes
 * a projection's distance by at most one, so the parent's exact distance
 * and the child's residue give the child's exact distance. The root's is
 * found by walking its image down to the goal (def_search_root.c).
 *
 * Move sequences are canonical: a base move is never followed by itself in
 * the half-turn metric (the two would be one move or none), nor by its
 * inverse or a third equal quarter turn in the quarter-turn metric, and of
 * two commuting base moves only the smaller comes first. Any optimal
 * sequence can be reordered into one that obeys these rules (swapping
 * commuting neighbours into order never lengthens it), so the first
 * solution found is optimal. With --all only the first rule applies.
 *
 * Threads share the canonical prefixes of two moves at each depth; the
 * answer is the first solution in prefix order, whatever the threads. */
#include "def_search_internal.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double gt_def_search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- canonical sequences ------------------------------------------------- */

/* 1 if base moves a and b (the model's moves ma, mb) commute on every
 * position of the definition. */
static int moves_commute(const gt_def_model *m, int ma, int mb)
{
    const int total = m->def->total;
    uint8_t p1[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], o1[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES];
    uint8_t p2[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], o2[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES];
    for (int j = 0; j < total; j++) {
        p1[j] = p2[j] = (uint8_t)(j & 0xff);
        o1[j] = o2[j] = 0;
    }
    /* positions past 255 share labels, so compare twice with shifted labels */
    gt_def_model_apply(m, ma, p1, o1);
    gt_def_model_apply(m, mb, p1, o1);
    gt_def_model_apply(m, mb, p2, o2);
    gt_def_model_apply(m, ma, p2, o2);
    if (memcmp(p1, p2, (size_t)total) || memcmp(o1, o2, (size_t)total))
        return 0;
    for (int j = 0; j < total; j++) {
        p1[j] = p2[j] = (uint8_t)((j >> 8) & 0xff);
        o1[j] = o2[j] = 0;
    }
    gt_def_model_apply(m, ma, p1, o1);
    gt_def_model_apply(m, mb, p1, o1);
    gt_def_model_apply(m, mb, p2, o2);
    gt_def_model_apply(m, ma, p2, o2);
    return !memcmp(p1, p2, (size_t)total);
}

static void canonical_build(gt_def_search *s)
{
    const gt_def_model *m = s->m;
    uint8_t commute[GT_MAX_MOVES][GT_MAX_MOVES];
    for (int a = 0; a < m->n_moves; a++)
        for (int b = 0; b < m->n_moves; b++)
            commute[a][b] = m->base[a] != m->base[b] && moves_commute(m, a, b);
    for (int prev = 0; prev <= m->n_moves; prev++)
        for (int mv = 0; mv < m->n_moves; mv++) {
            int ok = 1, ok_all = 1;
            if (prev < m->n_moves) {
                const int same = m->base[prev] == m->base[mv];
                if (m->metric == GT_DEF_QTM)
                    ok_all = !same || mv == prev; /* R R, never R R' */
                else
                    ok_all = !same;
                ok = ok_all && !(commute[prev][mv] && m->base[mv] < m->base[prev]);
            }
            s->allowed[prev][mv] = (uint8_t)ok;
            s->allowed_all[prev][mv] = (uint8_t)ok_all;
        }
}

/* ---- setting up ----------------------------------------------------------- */

static int pdb_setup(gt_def_search *s, int i, const gt_def_proj *pr, const gt_table *t)
{
    search_pdb *d = &s->pdb[i];
    int cell[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    if (t->meta.encoding != GT_ENC_MOD3 || t->meta.n_states != pr->states)
        return GT_ERR_INVAL;
    d->pr = pr;
    d->t = t;
    d->n_items = gt_def_proj_items(pr);
    gt_def_proj_item_cells(pr, cell);
    for (int j = 0; j < d->n_items; j++) {
        int k = 0;
        while (k < s->n_track && s->track[k] != cell[j])
            k++;
        if (k == s->n_track && s->n_track == GT_DEF_SEARCH_TRACK_MAX)
            return GT_ERR_RANGE; /* the databases keep more pieces than a node holds */
        if (k == s->n_track)
            s->track[s->n_track++] = cell[j];
        d->slot[j] = k;
    }
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    for (int j = 0; j < d->n_items; j++)
        items[j] = s->cells.solved[cell[j]];
    d->solved = gt_def_proj_rank(pr, items);
    return GT_OK;
}

int gt_def_search_new(const gt_def_model *m, const gt_def_proj *projections, const gt_table *const *tables, int n,
                      gt_def_search **out)
{
    gt_def_search *s;
    int rc;
    *out = NULL;
    if (n < 1 || n > GT_DEF_PDB_MAX)
        return GT_ERR_INVAL;
    if (!(s = calloc(1, sizeof *s)))
        return GT_ERR_NOMEM;
    s->m = m;
    if ((rc = gt_def_cells_build(m, &s->cells)) != 0)
        goto free_search;
    for (int i = 0; i < n; i++)
        if ((rc = pdb_setup(s, i, &projections[i], tables[i])) != 0)
            goto free_cells;
    s->n_pdb = n;
    canonical_build(s);
    *out = s;
    return GT_OK;
free_cells:
    gt_def_cells_free(&s->cells);
free_search:
    free(s);
    return rc;
}

void gt_def_search_free(gt_def_search *s)
{
    if (!s)
        return;
    gt_def_cells_free(&s->cells);
    free(s);
}

/* ---- the walk --------------------------------------------------------------- */

/* 1 (and the path kept) if the cells' state is solved: replayed on the
 * definition, since identical or forgotten pieces may hide a difference. */
static int is_goal(const search_worker *w, int g)
{
    const gt_def_model *m = w->s->m;
    uint8_t perm[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES], ori[GT_DEF_MAX_SETS * GT_DEF_MAX_PIECES];
    memcpy(perm, w->run->perm, (size_t)m->def->total);
    memcpy(ori, w->run->ori, (size_t)m->def->total);
    for (int i = 0; i < g; i++)
        gt_def_model_apply(m, w->path[i], perm, ori);
    return gt_def_is_solved(m->def, perm, ori);
}

static int should_stop(search_worker *w)
{
    search_run *run = w->run;
    if (__atomic_load_n(&run->stop, __ATOMIC_RELAXED) || w->prefix > __atomic_load_n(&run->best_prefix, __ATOMIC_RELAXED))
        return 1;
    if ((++w->polls & 0xfff) == 1) { /* at a prefix's first node too: a prefix may be small */
        if (run->o->cancel && *run->o->cancel)
            __atomic_store_n(&run->stop, SEARCH_CANCELLED, __ATOMIC_RELAXED);
        else if (run->deadline > 0 && gt_def_search_now() > run->deadline)
            __atomic_store_n(&run->stop, SEARCH_TIMED_OUT, __ATOMIC_RELAXED);
    }
    return __atomic_load_n(&run->stop, __ATOMIC_RELAXED) != 0;
}

/* A node at the bound with every distance 0: kept if solved (the first
 * in prefix order, or every one with --all); 1 to stop. */
static int found_at_bound(search_worker *w, int g)
{
    search_run *run = w->run;
    if (!is_goal(w, g))
        return 0;
    if (run->o->all) {
#pragma omp critical(gt_def_search_all)
        if (run->n_all < SEARCH_ALL_MAX) {
            search_solution *sol = &run->all[run->n_all++];
            sol->prefix = w->prefix;
            sol->n = g;
            memcpy(sol->moves, w->path, (size_t)g);
        }
        return 0;
    }
#pragma omp critical(gt_def_search_best)
    if (w->prefix < run->best_prefix) {
        memcpy(run->best, w->path, (size_t)g);
        __atomic_store_n(&run->best_prefix, w->prefix, __ATOMIC_RELAXED);
    }
    return 1;
}

/* The image index of a child in database d. */
static inline uint64_t child_index(const search_pdb *d, const uint16_t *track)
{
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    for (int j = 0; j < d->n_items; j++)
        items[j] = track[d->slot[j]];
    return gt_def_proj_rank(d->pr, items);
}

/* The exact distance from the parent's h and the child's residue r, or -1
 * for an image the table does not reach or a damaged block. */
static inline int exact_h(const search_pdb *d, uint64_t idx, int h)
{
    if (!gt_view_ok(&d->t->view, idx >> 2))
        return -1;
    const unsigned r = gt_table_raw(d->t, idx);
    if (r == 3)
        return -1;
    const unsigned delta = (r + 3 - (unsigned)(h % 3)) % 3; /* 0: same, 1: one more, 2: one less */
    return h + (delta == 1) - (delta == 2);
}

/* 1 if move mv may follow the path (the canonical rules, runs in QTM). */
static inline int move_ok(const gt_def_search *s, const uint8_t *allowed, int mv, int prev, int run_len)
{
    if (!allowed[mv])
        return 0;
    const int run = mv == prev ? run_len + 1 : 1;
    return run == 1 || 2 * run <= s->m->order[mv]; /* QTM: a run past half the order is shorter the other way */
}

/* Depth-first below a node at depth g with exact distances h[]; returns 1
 * to stop (a solution found without all, or a stop), 0 to go on. The
 * children's images are ranked first and their table bytes prefetched, so
 * that the lookups (random reads in tables of megabytes) overlap. */
static int dfs(search_worker *w, const uint16_t *track, const int *h, int g, int prev, int run_len)
{
    const gt_def_search *s = w->s;
    const int n_moves = s->m->n_moves, n_track = s->n_track, bound = w->bound, n_pdb = s->n_pdb;
    const uint8_t *allowed = w->run->o->all ? s->allowed_all[prev] : s->allowed[prev];
    uint16_t child[GT_DEF_SEARCH_TRACK_MAX];
    uint64_t idx[GT_MAX_MOVES][GT_DEF_PDB_MAX];
    int ch[GT_DEF_PDB_MAX];
    w->nodes++;
    if (g == bound)
        return found_at_bound(w, g);
    if (should_stop(w))
        return 1;
    for (int mv = 0; mv < n_moves; mv++) {
        if (!move_ok(s, allowed, mv, prev, run_len))
            continue;
        const uint16_t *t = s->cells.move + (size_t)mv * (size_t)s->cells.n_values;
        for (int i = 0; i < n_track; i++)
            child[i] = t[track[i]];
        for (int p = 0; p < n_pdb; p++) {
            idx[mv][p] = child_index(&s->pdb[p], child);
            __builtin_prefetch(s->pdb[p].t->data + (idx[mv][p] >> 2));
        }
    }
    for (int mv = 0; mv < n_moves; mv++) {
        if (!move_ok(s, allowed, mv, prev, run_len))
            continue;
        int ok = 1;
        for (int p = 0; p < n_pdb && ok; p++) {
            if ((ch[p] = exact_h(&s->pdb[p], idx[mv][p], h[p])) < 0) {
                __atomic_store_n(&w->run->stop, SEARCH_DAMAGED, __ATOMIC_RELAXED);
                return 1;
            }
            ok = g + 1 + ch[p] <= bound;
        }
        if (!ok)
            continue;
        const uint16_t *t = s->cells.move + (size_t)mv * (size_t)s->cells.n_values;
        for (int i = 0; i < n_track; i++)
            child[i] = t[track[i]];
        w->path[g] = (uint8_t)mv;
        if (dfs(w, child, ch, g + 1, mv, mv == prev ? run_len + 1 : 1))
            return 1;
    }
    return 0;
}

int gt_def_search_dfs(search_worker *w, const uint16_t *track, const int *h, int g, int prev, int run_len)
{
    return dfs(w, track, h, g, prev, run_len);
}

int gt_def_search_child_h(const gt_def_search *s, int p, const uint16_t *track, int h)
{
    return exact_h(&s->pdb[p], child_index(&s->pdb[p], track), h);
}
