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
#include "alloc.h"
#include "def_search_internal.h"
#include "gt_error.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double gt_def_search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- setting up ----------------------------------------------------------- */

/* A stored table copied into memory of 2 MiB pages, every block checked
 * on the way, on all cores, 64 MiB at a time, each part of the map
 * forgotten once copied (so that the process holds the copy and one part
 * of the map, not both whole). The search's reads land anywhere: read in
 * place, each paid a page walk (the near table's prefetches stalled on
 * them: 80% of the megaminx's search time) and a test of its block's
 * check. */
static int table_copy(const gt_table *t, uint8_t **out)
{
    const gt_view *v = &t->view;
    const int64_t blocks = (int64_t)((v->bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT);
    const int64_t step = (64 << 20) >> GT_BLOCK_SHIFT; /* blocks copied before their map is forgotten */
    uint8_t *p = gt_alloc_huge((size_t)v->bytes);
    int bad = 0;
    if (!(*out = p))
        return GT_ERR_NOMEM;
    for (int64_t from = 0; from < blocks; from += step) {
        const int64_t to = from + step < blocks ? from + step : blocks;
#pragma omp parallel for schedule(static, 64) reduction(| : bad)
        for (int64_t b = from; b < to; b++) {
            const uint64_t off = (uint64_t)b << GT_BLOCK_SHIFT;
            bad |= !gt_view_ok(v, off);
            memcpy(p + off, v->data + off,
                   (size_t)(v->bytes - off < GT_BLOCK_BYTES ? v->bytes - off : GT_BLOCK_BYTES));
        }
        gt_table_forget_pages(t, (uint64_t)from << GT_BLOCK_SHIFT, (uint64_t)(to - from) << GT_BLOCK_SHIFT);
    }
    /* one read a page on this thread: its first searches then find the
     * pages' translations cached (an FTO query took 90 us, then 22 us) */
    volatile uint8_t sink = 0;
    for (uint64_t off = 0; off < v->bytes; off += GT_DEF_NEAR_PAGE)
        sink ^= p[off];
    (void)sink;
    return bad ? GT_ERR_CORRUPT : GT_OK;
}

static int pdb_setup(gt_def_search *s, int i, const gt_def_proj *pr, const gt_table *t, int in_place)
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
    d->data = t->data;
    if (t->view.bytes < SEARCH_PDB_COPY_MIN || in_place) /* small (its pages' translations stay cached), or one query */
        return GT_OK;
    int rc = table_copy(t, &d->copy);
    d->data = d->copy;
    return rc;
}

/* The small near table: most nodes of a search are a few moves from its
 * bound, where a table of the states within a few moves cuts as much as
 * the stored one, but is read from the caches instead of memory. A 64th
 * of the stored one at most (so that a small stored table, as the tests',
 * gets a shallower one too); not built when it would be as deep. */
static int small_setup(gt_def_search *s, uint64_t near_bytes)
{
    gt_def_near_plan plan;
    gt_distribution d;
    const uint64_t bytes = near_bytes / 64 < SEARCH_SMALL_BYTES ? near_bytes / 64 : SEARCH_SMALL_BYTES;
    int rc = gt_def_near_choose(s->m, bytes < 1024 ? 1024 : bytes, 4, SEARCH_SMALL_WORK, &plan);
    if (rc == GT_OK && s->near.bits == 2 && plan.depth > s->near.depth - 2)
        plan.depth = s->near.depth - 2; /* exact where the stored codes say "at most depth - 2" */
    if (rc == GT_ERR_RANGE || (rc == GT_OK && (plan.depth < 1 || plan.depth >= s->near.depth ||
                                               (plan.depth < 2 && s->near.bits == 4))))
        return GT_OK;
    if (rc)
        return rc;
    if (!(s->small.copy = gt_alloc_huge((size_t)(plan.entries / 2))))
        return GT_ERR_NOMEM;
    s->small.data = s->small.copy;
    s->small.entries = plan.entries;
    s->small.depth = plan.depth;
    s->small.bits = 4;
    return gt_def_near_fill(s->m, &plan, 0, NULL, s->small.copy, &d);
}

/* The near table's depth, slots and moves, and the small table. */
static int near_setup(gt_def_search *s, const gt_table *near, int in_place)
{
    int rc = GT_OK;
    if (gt_def_near_table_depth(near, &s->near.depth, &s->near.bits) != GT_OK || !gt_def_near_fits(s->m))
        return GT_ERR_INVAL;
    s->near.entries = near->meta.n_states;
    s->flat_bytes = s->m->def->total;
    gt_def_near_pack(s->m, s->m->def->solved_perm, s->m->def->solved_ori, s->solved_flat);
    if (in_place) {
        s->near.data = near->view.data;
        s->near.view = &near->view;
    } else {
        rc = table_copy(near, &s->near.copy);
        s->near.data = s->near.copy;
    }
    rc = rc ? rc : gt_def_near_moves_build(s->m, &s->near_moves);
    return rc ? rc : small_setup(s, near->view.bytes);
}

int gt_def_search_new(const gt_def_model *m, const gt_def_proj *projections, const gt_table *const *tables, int n,
                      const gt_table *near, gt_def_search **out)
{
    return gt_def_search_open(m, projections, tables, n, near, 0, out);
}

int gt_def_search_open(const gt_def_model *m, const gt_def_proj *projections, const gt_table *const *tables, int n,
                       const gt_table *near, int flags, gt_def_search **out)
{
    const int in_place = (flags & GT_DEF_SEARCH_IN_PLACE) != 0;
    gt_def_search *s;
    int rc;
    *out = NULL;
    if (n < 0 || n > GT_DEF_PDB_MAX || (n == 0 && !near))
        return GT_ERR_INVAL;
    if (!(s = calloc(1, sizeof *s)))
        return GT_ERR_NOMEM;
    s->m = m;
    if ((rc = gt_def_cells_build(m, &s->cells)) != 0)
        goto free_search;
    for (int i = 0; i < n; i++)
        if ((rc = pdb_setup(s, i, &projections[i], tables[i], in_place)) != 0)
            goto free_search;
    s->n_pdb = n;
    if (near && (rc = near_setup(s, near, in_place)) != 0)
        goto free_search;
    gt_def_canon_build(m, &s->canon);
    *out = s;
    return GT_OK;
free_search: /* what was set up so far (the rest is zero) */
    gt_def_search_free(s);
    return rc;
}

void gt_def_search_free(gt_def_search *s)
{
    if (!s)
        return;
    for (int i = 0; i < GT_DEF_PDB_MAX; i++) /* NULL past the databases set up */
        free(s->pdb[i].copy);
    free(s->near.copy);
    free(s->small.copy);
    gt_def_near_moves_free(&s->near_moves);
    gt_def_cells_free(&s->cells);
    free(s);
}

/* ---- the walk --------------------------------------------------------------- */

/* 1 (and the path kept) if the cells' state is solved: with a near table,
 * its flat state is the whole state (every position's label and twist,
 * gt_def_near_pack); else replayed on the definition, since identical or
 * forgotten pieces may hide a difference. (The program replays every
 * answer once more before printing it.) */
static int is_goal(const search_worker *w, int g)
{
    const gt_def_model *m = w->s->m;
    if (w->s->near.data)
        return !memcmp(w->flat + (size_t)g * (size_t)w->s->flat_bytes, w->s->solved_flat, (size_t)w->s->flat_bytes);
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    memcpy(perm, w->run->perm, (size_t)m->def->total);
    memcpy(ori, w->run->ori, (size_t)m->def->total);
    for (int i = 0; i < g; i++)
        gt_def_model_apply(m, w->path[i], perm, ori);
    return gt_def_is_solved(m->def, perm, ori);
}

static int should_stop(search_worker *w)
{
    search_run *run = w->run;
    if (__atomic_load_n(&run->stop, __ATOMIC_RELAXED) ||
        w->prefix > __atomic_load_n(&run->best_prefix, __ATOMIC_RELAXED))
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
    const int code = search_pdb_code(d, idx);
    if (code < 0 || code == 3)
        return -1;
    const unsigned r = (unsigned)code;
    const unsigned delta = (r + 3 - (unsigned)(h % 3)) % 3; /* 0: same, 1: one more, 2: one less */
    return h + (delta == 1) - (delta == 2);
}

/* A near table's code of a state's hash, prefetched; a 2-bit table's
 * code 0 reads the small table too (its byte prefetched from the caches). */
static inline void near_prefetch(const gt_def_search *s, const search_near *nv, uint64_t hash)
{
    __builtin_prefetch(nv->data + gt_def_near_slot(hash, nv->entries) * (unsigned)nv->bits / 8);
    if (nv->bits == 2 && s->small.data)
        __builtin_prefetch(s->small.data + (gt_def_near_slot(hash, s->small.entries) >> 1));
}

/* A near table's bound of a state's hash (a copy checked whole, a table
 * filled here, or the mapping, checked a block at a time: -1 for a
 * damaged block). A 2-bit code 0 ("at most depth - 2") reads the small
 * table, exact to depth - 2 (without it, 0 bounds nothing: admissible). */
static inline int near_bound(const gt_def_search *s, const search_near *nv, uint64_t hash)
{
    const uint64_t slot = gt_def_near_slot(hash, nv->entries);
    if (nv->view && !gt_view_ok(nv->view, slot * (unsigned)nv->bits / 8))
        return -1;
    if (nv->bits == 4) {
        const unsigned v = (nv->data[slot >> 1] >> ((slot & 1) * 4)) & 15u;
        return v == 15 ? nv->depth + 1 : (int)v;
    }
    const unsigned c = (nv->data[slot >> 2] >> ((slot & 3) * 2)) & 3u;
    if (c)
        return nv->depth - 2 + (int)c; /* 3, empty: depth + 1 */
    return s->small.data ? near_bound(s, &s->small, hash) : 0;
}

/* The hash of the child of flat by move mv, its slot prefetched. */
static inline uint64_t child_hash(const gt_def_search *s, const search_near *nv, const uint8_t *flat, uint8_t *child,
                                  int mv)
{
    gt_def_near_apply(&s->near_moves, mv, flat, child);
    const uint64_t hash = gt_def_near_hash(child, s->flat_bytes);
    near_prefetch(s, nv, hash);
    return hash;
}

/* How far past the bound a child at depth g + 1 with this hash is; a
 * damaged block of a table read in place stops the search (3: its parent
 * is cut). */
static inline int over_bound(const search_worker *w, const search_near *nv, int g, uint64_t hash)
{
    const int bound = near_bound(w->s, nv, hash);
    if (__builtin_expect(bound < 0, 0)) {
        __atomic_store_n(&w->run->stop, SEARCH_DAMAGED, __ATOMIC_RELAXED);
        return 3;
    }
    return g + 1 + bound - w->bound;
}

static inline int first_of_base(const gt_def_search *s, const int *mv, int i)
{
    return i == 0 || s->canon.base[mv[i]] != s->canon.base[mv[i - 1]];
}

/* Reads the kept children's prefetched slots, from their hashes (but the
 * first power of each base when siblings_only): keep[i] cleared for those
 * past the bound; 1 when one proves the parent past it (near_direct says
 * why). */
static int read_slots(const search_worker *w, const search_near *nv, int g, const int *mv, int n, uint8_t *keep,
                      const uint64_t *hash, int siblings_only)
{
    for (int i = 0; i < n; i++) {
        if (!keep[i] || (siblings_only && first_of_base(w->s, mv, i)))
            continue;
        const int over = over_bound(w, nv, g, hash[i]);
        if (over >= 3)
            return 1;
        keep[i] = over <= 0;
    }
    return 0;
}

/* The near table's cut of the children mv[i] still kept (keep[i]) of a
 * node at depth g: keep[i] cleared for those past the bound; 1 when one
 * proves the node itself past it. A child's slot v is at most its
 * distance, so its parent is at least v - 1 away, and so is every child
 * of the same base in the half-turn metric (one move from it). With t the
 * moves the parent has left: v >= t + 2 cuts the parent, v == t + 1 the
 * base's other powers, then not looked up. So the first power of each
 * base is looked up first (their slots prefetched together), the others
 * of the bases kept after; but with more moves left than the table's
 * depth no slot reaches t + 1, and every child is looked up at once (one
 * round of reads instead of two: the megaminx's 8-move searches 14%
 * faster, the 4x4x4's 10%). */
static int near_direct(const search_worker *w, const search_near *nv, const uint8_t *flat, int g, const int *mv, int n,
                       uint8_t *keep)
{
    const gt_def_search *s = w->s;
    uint8_t *child = w->flat + (size_t)(g + 1) * (size_t)s->flat_bytes;
    uint64_t hash[GT_MAX_MOVES];
    const int at_once = w->bound - g > nv->depth; /* no slot can cut a base: one round for all */
    for (int i = 0; i < n; i++)
        if (keep[i] && (at_once || first_of_base(s, mv, i)))
            hash[i] = child_hash(s, nv, flat, child, mv[i]);
    for (int i = 0; i < n; i++) {
        if (!first_of_base(s, mv, i))
            continue;
        const int over = keep[i] ? over_bound(w, nv, g, hash[i]) : 0, cut_base = over == 2 && !s->canon.qtm;
        if (over >= 3)
            return 1;
        keep[i] = keep[i] && over <= 0;
        for (int j = i + 1; j < n && !first_of_base(s, mv, j); j++)
            if (cut_base)
                keep[j] = 0;
            else if (keep[j] && !at_once)
                hash[j] = child_hash(s, nv, flat, child, mv[j]);
    }
    return read_slots(w, nv, g, mv, n, keep, hash, 1);
}

/* The kept children's inverse states looked up too, when every piece is
 * distinct and at home when solved (the same distance, another slot: a
 * child both of whose slots are low by a collision is rare), the same
 * rules applied. */
static int near_inverse(const search_worker *w, const search_near *nv, const uint8_t *flat, int g, const int *mv, int n,
                        uint8_t *keep)
{
    const gt_def_search *s = w->s;
    uint8_t *child = w->flat + (size_t)(g + 1) * (size_t)s->flat_bytes, inv[GT_DEF_MAX_POSITIONS];
    uint64_t hash[GT_MAX_MOVES];
    if (!s->near_moves.invertible)
        return 0;
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        gt_def_near_apply(&s->near_moves, mv[i], flat, child);
        gt_def_near_invert(&s->near_moves, child, inv);
        hash[i] = gt_def_near_hash(inv, s->flat_bytes);
        near_prefetch(s, nv, hash[i]);
    }
    return read_slots(w, nv, g, mv, n, keep, hash, 0);
}

/* The databases' exact distances of the kept children (ch[i][p] for each
 * p of ps[0..k)), keep[i] cleared for those past the bound; -1 for a
 * damaged block. The images are ranked first and their table bytes
 * prefetched, so that the lookups (random reads in tables of megabytes)
 * overlap. */
static int pdb_read(const search_worker *w, const uint16_t *track, const int *h, const int *ps, int k, int g,
                    const int *mv, int n, uint8_t *keep, int (*ch)[GT_DEF_PDB_MAX])
{
    const gt_def_search *s = w->s;
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    uint64_t idx[GT_MAX_MOVES][GT_DEF_PDB_MAX];
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        const uint16_t *t = s->cells.move + (size_t)mv[i] * (size_t)s->cells.n_values;
        for (int q = 0; q < k; q++) {
            const search_pdb *d = &s->pdb[ps[q]];
            for (int j = 0; j < d->n_items; j++)
                items[j] = t[track[d->slot[j]]];
            idx[i][q] = gt_def_proj_rank(d->pr, items);
            __builtin_prefetch(d->data + (idx[i][q] >> 2));
        }
    }
    for (int i = 0; i < n; i++)
        for (int q = 0; q < k && keep[i]; q++) {
            const int p = ps[q];
            if ((ch[i][p] = exact_h(&s->pdb[p], idx[i][q], h[p])) < 0)
                return -1;
            keep[i] = g + 1 + ch[i][p] <= w->bound;
        }
    return 0;
}

/* The databases' exact distances of the kept children, keep[i] cleared
 * for those past the bound; -1 for a damaged block. A child is within one
 * of its parent, so only a database whose parent distance reaches
 * bound - g - 1 can cut one (`cutting`: those; the one with the largest
 * parent distance alone first, since it cuts most children, then the
 * others together for the children it kept: one round of reads each); the
 * others (!cutting) are read only for the children every cut kept, since
 * their distances are needed exact below (a residue is read against its
 * parent's). Reading every database of every child at once took the
 * 3x3x3.tws's ten positions (docs/search.md) 2.40 s instead of 1.88 s. */
static int pdb_cut(const search_worker *w, const uint16_t *track, const int *h, int g, const int *mv, int n,
                   uint8_t *keep, int (*ch)[GT_DEF_PDB_MAX], int cutting)
{
    const int n_pdb = w->run->n_pdb, reach = w->bound - g - 1;
    int ps[GT_DEF_PDB_MAX], k = 0;
    for (int p = 0; p < n_pdb; p++)
        if ((h[p] >= reach) == cutting) {
            ps[k++] = p;
            if (h[p] > h[ps[0]]) { /* the largest first */
                ps[k - 1] = ps[0];
                ps[0] = p;
            }
        }
    if (!cutting || k < 2)
        return k ? pdb_read(w, track, h, ps, k, g, mv, n, keep, ch) : 0;
    if (pdb_read(w, track, h, ps, 1, g, mv, n, keep, ch) < 0)
        return -1;
    return pdb_read(w, track, h, ps + 1, k - 1, g, mv, n, keep, ch);
}

static int dfs(search_worker *w, const uint16_t *track, const int *h, int g, uint64_t forbid, int prev, int run_len);

/* Walks child mv of the node at depth g, its cells (track) and distances
 * (h) given and its flat state at depth g + 1: the move on the path, the
 * canonical state and the run of equal moves carried down. */
static int descend(search_worker *w, const uint16_t *track, const int *h, int g, uint64_t forbid, int prev, int run_len,
                   int mv)
{
    w->path[g] = (uint8_t)mv;
    return dfs(w, track, h, g + 1, gt_def_canon_next(&w->s->canon, forbid, mv, w->run->o->all), mv,
               mv == prev ? run_len + 1 : 1);
}

/* Enters child mv of the node at depth g (no databases read: no cells
 * moved) unless its inverse state's slot puts it past the bound. */
static int lazy_enter(search_worker *w, const search_near *nv, const uint8_t *flat, const uint16_t *track,
                      const int *h, int g, uint64_t forbid, int prev, int run_len, int mv)
{
    const gt_def_search *s = w->s;
    uint8_t *child = w->flat + (size_t)(g + 1) * (size_t)s->flat_bytes, inv[GT_DEF_MAX_POSITIONS];
    gt_def_near_apply(&s->near_moves, mv, flat, child);
    if (s->near_moves.invertible) {
        gt_def_near_invert(&s->near_moves, child, inv);
        if (over_bound(w, nv, g, gt_def_near_hash(inv, s->flat_bytes)) > 0)
            return 0;
    }
    return descend(w, track, h, g, forbid, prev, run_len, mv);
}

/* The children of a node that no database bounds, read lazily in move
 * order: the first power of each base together (one round), a base's
 * other powers only once its first is walked and did not cut them, and a
 * child's inverse state just before it is entered. A search that follows
 * its path (an FTO scramble within the near table: 9 nodes) then hashes
 * and reads half the children, and no sibling nor inverse round where the
 * path goes through a first power. near_direct says why a slot cuts the
 * parent or its base. Returns as dfs. */
static int near_lazy(search_worker *w, const search_near *nv, const uint8_t *flat, const uint16_t *track,
                     const int *h, int g, uint64_t forbid, int prev, int run_len, const int *mv, int n)
{
    const gt_def_search *s = w->s;
    uint8_t *child = w->flat + (size_t)(g + 1) * (size_t)s->flat_bytes;
    uint64_t hash[s->m->n_moves]; /* sized as dfs's arrays (below) */
    int over[s->m->n_moves];
    for (int i = 0; i < n; i++)
        if (first_of_base(s, mv, i))
            hash[i] = child_hash(s, nv, flat, child, mv[i]);
    for (int i = 0; i < n; i++)
        if (first_of_base(s, mv, i) && (over[i] = over_bound(w, nv, g, hash[i])) >= 3)
            return 0;
    for (int i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && !first_of_base(s, mv, j); j++)
            ;
        if (over[i] <= 0 && lazy_enter(w, nv, flat, track, h, g, forbid, prev, run_len, mv[i]))
            return 1;
        if (over[i] == 2 && !s->canon.qtm)
            continue; /* the base's other powers are past the bound too */
        for (int k = i + 1; k < j; k++)
            hash[k] = child_hash(s, nv, flat, child, mv[k]);
        for (int k = i + 1; k < j; k++) {
            const int o = over_bound(w, nv, g, hash[k]);
            if (o >= 3)
                return 0;
            if (o <= 0 && lazy_enter(w, nv, flat, track, h, g, forbid, prev, run_len, mv[k]))
                return 1;
        }
    }
    return 0;
}

/* Depth-first below a node at depth g with exact distances h[]; returns 1
 * to stop (a solution found without all, or a stop), 0 to go on. The
 * children are cut by the near table first when it bounds the root
 * better than the databases (the megaminx), else by the databases first,
 * then by the near table only where its depth reaches (the 3x3x3). */
static int dfs(search_worker *w, const uint16_t *track, const int *h, int g, uint64_t forbid, int prev, int run_len)
{
    const gt_def_search *s = w->s;
    const search_run *run = w->run;
    const uint8_t *flat = s->near.data ? w->flat + (size_t)g * (size_t)s->flat_bytes : NULL;
    uint16_t child[GT_DEF_SEARCH_TRACK_MAX];
    /* sized by the puzzle's moves (at least one), not GT_MAX_MOVES: a walk's
     * frames then stay in the first-level cache (3x3x3.tws's ten positions
     * took 1.6% longer with frames of 255 moves) */
    const int n_moves = s->m->n_moves;
    int ch[n_moves][GT_DEF_PDB_MAX], mv[n_moves], n = 0;
    uint8_t keep[n_moves];
    w->nodes++;
    if (g == w->bound)
        return found_at_bound(w, g);
    if (should_stop(w))
        return 1;
    for (int m = 0; m < n_moves; m++)
        if (gt_def_canon_ok(&s->canon, forbid, m, prev, run_len))
            keep[n] = 1, mv[n++] = m;
    /* a slot is at most depth + 1: it cuts no child with more moves left;
     * the small table where it cuts every child the stored one would */
    const search_near *nv = s->small.data && w->bound - g <= s->small.depth ? &s->small : &s->near;
    const int near = flat && w->bound - g - 1 <= s->near.depth,
              near_first = near && (!run->pdb_first || nv == &s->small), near_after = near && !near_first;
    if (near_first && !run->n_pdb)
        return near_lazy(w, nv, flat, track, h, g, forbid, prev, run_len, mv, n);
    if (near_first && (near_direct(w, nv, flat, g, mv, n, keep) || near_inverse(w, nv, flat, g, mv, n, keep)))
        return 0;
    if (pdb_cut(w, track, h, g, mv, n, keep, ch, 1) < 0)
        goto damaged;
    if (near_after && (near_direct(w, nv, flat, g, mv, n, keep) || near_inverse(w, nv, flat, g, mv, n, keep)))
        return 0;
    if (pdb_cut(w, track, h, g, mv, n, keep, ch, 0) < 0)
        goto damaged;
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        const uint16_t *t = s->cells.move + (size_t)mv[i] * (size_t)s->cells.n_values;
        for (int c = 0; c < (run->n_pdb ? s->n_track : 0); c++) /* the tracked cells serve the databases */
            child[c] = t[track[c]];
        if (flat)
            gt_def_near_apply(&s->near_moves, mv[i], flat, w->flat + (size_t)(g + 1) * (size_t)s->flat_bytes);
        if (descend(w, child, ch[i], g, forbid, prev, run_len, mv[i]))
            return 1;
    }
    return 0;
damaged:
    __atomic_store_n(&w->run->stop, SEARCH_DAMAGED, __ATOMIC_RELAXED);
    return 1;
}

int gt_def_search_dfs(search_worker *w, const uint16_t *track, const int *h, int g, uint64_t forbid, int prev,
                      int run_len)
{
    return dfs(w, track, h, g, forbid, prev, run_len);
}

int gt_def_search_child_h(const gt_def_search *s, int p, const uint16_t *track, int h)
{
    return exact_h(&s->pdb[p], child_index(&s->pdb[p], track), h);
}

int gt_def_search_near_bound(const gt_def_search *s, const uint8_t *flat)
{
    return near_bound(s, &s->near, gt_def_near_hash(flat, s->flat_bytes));
}
