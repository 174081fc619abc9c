/* A projection's image as a puzzle (def_pdb.h): the one BFS builds its
 * distance table through level hooks, as def_big.c's ranked index: each
 * image at the level is unranked into its kept pieces' cells, each move
 * moves them by the cells' table, and the result is ranked again. */
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_cpu.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

#define PDB_BLOCK 4096
#define PDB_STATES_MAX (1ull << 40)

/* GT_DEF_PDB_DIGITS only up to this many orientations: a table of their digits. */
#define LOW_TABLE_MAX 65536

struct gt_def_pdb {
    const gt_def_model *m;
    const gt_def_proj *pr;
    gt_def_model *own_model; /* a spec's puzzle owns its model and projection */
    gt_def_proj *own_proj;
    gt_def_cells cells;
    int n_items;
    /* The BFS's fast path: the index's lowest digits are the last part's
     * kept orientations (a move adds to each the twist of the position its
     * piece is at), or, without orientations, its last piece's position,
     * or its last group's combination (identical pieces); the images that
     * differ only there (an "arrangement": 128 of them for 7 edges, 2,187
     * for the corners, 19 for 6 of 24 wings, 4,845 for a second colour of
     * the 4x4x4's centres) have their neighbours ranked once
     * (docs/search.md, "The BFS's fast path"). */
    int low_kind;                  /* gt_def_pdb_fast_path's value */
    /* the last part's first item (GT_DEF_PDB_GROUP: its last group's), digits, modulus */
    int low_first, low_digits, low_omod;
    uint64_t low_size;             /* the images of an arrangement */
    const uint64_t *low_weight;    /* its digits' weights */
    uint8_t *low_digit;            /* GT_DEF_PDB_DIGITS: low_size x low_digits, each value's digits */
    gt_puzzle puzzle;
};

/* A thread's image at hand, the BFS's scratch: its items and, on the fast
 * path, its arrangement's neighbours. */
typedef struct pdb_scratch {
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    uint64_t lo, hi; /* the arrangement's indices [lo, hi); hi 0: none yet */
    uint64_t low;    /* the image's index minus lo */
    uint64_t child[GT_MAX_MOVES]; /* each move's neighbour of lo (GT_DEF_PDB_DIGITS: its orientations left out) */
    uint8_t twist[GT_MAX_MOVES][GT_DEF_PROJ_K_MAX]; /* GT_DEF_PDB_DIGITS: the twist each move gives each digit */
    uint64_t used[GT_MAX_MOVES]; /* GT_DEF_PDB_LAST, _GROUP: the other pieces' positions after each move */
    uint8_t free_pos[GT_DEF_PROJ_K_MAX]; /* GT_DEF_PDB_LAST: the last piece's positions, by digit */
    uint64_t others;   /* GT_DEF_PDB_GROUP: the positions of the part's other groups */
    uint64_t low_mask; /* GT_DEF_PDB_GROUP: the last group's positions in the image at hand */
} pdb_scratch;

/* out[j]: the image after move first + j of the image whose items are
 * `items` (j < count). */
static void pdb_moves(const gt_def_pdb *d, const uint16_t *items, int first, int count, uint64_t *out)
{
    uint16_t next[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    for (int j = 0; j < count; j++) {
        const uint16_t *t = d->cells.move + (size_t)(first + j) * (size_t)d->cells.n_values;
        for (int i = 0; i < d->n_items; i++)
            next[i] = t[items[i]];
        out[j] = gt_def_proj_rank(d->pr, next);
    }
}

/* An image's neighbours: unranked once (into the thread's items), each
 * move ranked. */
static void pdb_decode(const void *ctx, void *scratch, uint64_t index)
{
    const gt_def_pdb *d = ctx;
    gt_def_proj_unrank(d->pr, index, ((pdb_scratch *)scratch)->items);
}

static void pdb_range(const void *ctx, const void *scratch, int first, int count, uint64_t *next)
{
    pdb_moves(ctx, ((const pdb_scratch *)scratch)->items, first, count, next);
}

static const gt_def_neighbours pdb_neighbours_fn = {pdb_decode, pdb_range};

/* The position of cell value v of the last part's orbit. */
static inline int last_position(const gt_def_proj_part *pt, int v)
{
    return (v - pt->base) >> pt->oshift;
}

/* GT_DEF_PDB_LAST: the last piece's free positions, and each move's rank
 * of the other pieces alone (the arrangement's first image's neighbour
 * less its last digit) with their positions after the move. */
static inline __attribute__((always_inline)) void last_decode(const gt_def_pdb *d, pdb_scratch *s)
{
    const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
    const int last = d->n_items - 1;
    uint64_t used = 0;
    for (int i = d->low_first; i < last; i++)
        used |= 1ull << last_position(pt, s->items[i]);
    for (int p = 0, q = 0; p < pt->k; p++)
        if (!(used >> p & 1))
            s->free_pos[q++] = (uint8_t)p;
    for (int mv = 0; mv < d->m->n_moves; mv++) {
        const uint16_t *t = d->cells.move + (size_t)mv * (size_t)d->cells.n_values;
        uint64_t moved = 0;
        for (int i = d->low_first; i < last; i++)
            moved |= 1ull << last_position(pt, t[s->items[i]]);
        const int p = last_position(pt, t[s->items[last]]);
        s->used[mv] = moved;
        s->child[mv] -= (uint64_t)gt_def_free_place(moved, p);
    }
}

/* GT_DEF_PDB_DIGITS: the twist each move gives each kept orientation, and
 * each move's rank less the orientations' digits. */
static inline __attribute__((always_inline)) void digits_decode(const gt_def_pdb *d, pdb_scratch *s)
{
    const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
    for (int mv = 0; mv < d->m->n_moves; mv++) {
        const uint16_t *t = d->cells.move + (size_t)mv * (size_t)d->cells.n_values;
        for (int i = 0; i < d->low_digits; i++) {
            const int tw = (t[s->items[d->low_first + i]] - pt->base) & pt->omask;
            s->twist[mv][i] = (uint8_t)tw;
            s->child[mv] -= (uint64_t)tw * d->low_weight[i];
        }
    }
}

/* The positions after move t of the items [from, to) of the last part. */
static inline uint64_t moved_positions(const gt_def_proj_part *pt, const uint16_t *t, const uint16_t *items, int from,
                                       int to)
{
    uint64_t moved = 0;
    for (int i = from; i < to; i++)
        moved |= 1ull << last_position(pt, t[items[i]]);
    return moved;
}

/* The positions of a mask of the last part's positions after move t. */
static inline uint64_t moved_mask(const gt_def_proj_part *pt, const uint16_t *t, uint64_t mask)
{
    uint64_t moved = 0;
    for (; mask; mask &= mask - 1)
        moved |= 1ull << last_position(pt, t[pt->base + (__builtin_ctzll(mask) << pt->oshift)]);
    return moved;
}

/* GT_DEF_PDB_GROUP: the part's other groups' positions, and each move's
 * rank less the last group's digit, with those groups' positions after
 * the move. */
static inline __attribute__((always_inline)) void group_decode(const gt_def_pdb *d, pdb_scratch *s)
{
    const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
    const int part_first = d->n_items - pt->n_items;
    s->others = 0;
    for (int i = part_first; i < d->low_first; i++)
        s->others |= 1ull << last_position(pt, s->items[i]);
    for (int mv = 0; mv < d->m->n_moves; mv++) {
        const uint16_t *t = d->cells.move + (size_t)mv * (size_t)d->cells.n_values;
        s->used[mv] = moved_positions(pt, t, s->items, part_first, d->low_first);
        s->child[mv] -= gt_def_comb_rank(moved_positions(pt, t, s->items, d->low_first, d->n_items), s->used[mv]);
    }
}

/* The fast path: a new arrangement is unranked at its first index (every
 * kept digit 0) and its neighbours ranked by every move; an image of the
 * arrangement at hand only notes its digits' value (GT_DEF_PDB_GROUP: its
 * last group's positions). */
GT_POPCNT_CLONES static void low_decode(const void *ctx, void *scratch, uint64_t index)
{
    const gt_def_pdb *d = ctx;
    pdb_scratch *s = scratch;
    const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
    if (index < s->lo || index >= s->hi) {
        s->lo = index - index % d->low_size;
        s->hi = s->lo + d->low_size;
        gt_def_proj_unrank(d->pr, s->lo, s->items);
        pdb_moves(d, s->items, 0, d->m->n_moves, s->child);
        if (d->low_kind == GT_DEF_PDB_LAST)
            last_decode(d, s);
        else if (d->low_kind == GT_DEF_PDB_GROUP)
            group_decode(d, s);
        else if (d->low_kind == GT_DEF_PDB_DIGITS)
            digits_decode(d, s);
    }
    s->low = index - s->lo;
    if (d->low_kind == GT_DEF_PDB_GROUP)
        s->low_mask = gt_def_comb_unrank(s->low, d->n_items - d->low_first, s->others, pt->k);
}

GT_POPCNT_CLONES static void low_range(const void *ctx, const void *scratch, int first, int count, uint64_t *next)
{
    const gt_def_pdb *d = ctx;
    const pdb_scratch *s = scratch;
    if (d->low_kind == GT_DEF_PDB_LAST) {
        const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
        const int at = pt->base + (s->free_pos[s->low] << pt->oshift);
        for (int j = 0; j < count; j++) {
            const uint16_t *t = d->cells.move + (size_t)(first + j) * (size_t)d->cells.n_values;
            next[j] = s->child[first + j] + (uint64_t)gt_def_free_place(s->used[first + j], last_position(pt, t[at]));
        }
        return;
    }
    if (d->low_kind == GT_DEF_PDB_XOR) {
        for (int j = 0; j < count; j++)
            next[j] = s->child[first + j] ^ s->low;
        return;
    }
    if (d->low_kind == GT_DEF_PDB_GROUP) {
        const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
        for (int j = 0; j < count; j++) {
            const uint16_t *t = d->cells.move + (size_t)(first + j) * (size_t)d->cells.n_values;
            next[j] = s->child[first + j] + gt_def_comb_rank(moved_mask(pt, t, s->low_mask), s->used[first + j]);
        }
        return;
    }
    const uint8_t *digit = d->low_digit + s->low * (uint64_t)d->low_digits;
    for (int j = 0; j < count; j++) {
        uint64_t r = s->child[first + j];
        for (int i = 0; i < d->low_digits; i++) {
            unsigned o = digit[i] + s->twist[first + j][i];
            o -= o >= (unsigned)d->low_omod ? (unsigned)d->low_omod : 0u;
            r += o * d->low_weight[i];
        }
        next[j] = r;
    }
}

static const gt_def_neighbours low_neighbours_fn = {low_decode, low_range};

/* One level of the images, a block at a time, at a byte an image or at 2
 * bits (the block function). */
static uint64_t pdb_level(const gt_puzzle *p, uint8_t *cells, uint8_t depth, int forward, int threads,
                          gt_def_block_fn block)
{
    const gt_def_pdb *d = p->ctx;
    const int64_t blocks = (int64_t)((p->n_states + PDB_BLOCK - 1) / PDB_BLOCK);
    const gt_def_neighbours *fn = d->low_kind != GT_DEF_PDB_RANKED ? &low_neighbours_fn : &pdb_neighbours_fn;
    uint64_t found = 0;
#pragma omp parallel num_threads(threads) reduction(+ : found)
    {
        pdb_scratch s;
        s.lo = s.hi = 0;
#pragma omp for schedule(dynamic, 16)
        for (int64_t b = 0; b < blocks; b++) {
            uint64_t lo = (uint64_t)b * PDB_BLOCK, hi = lo + PDB_BLOCK < p->n_states ? lo + PDB_BLOCK : p->n_states;
            found += block(fn, d, &s, d->m->n_moves, cells, lo, hi, depth, forward);
        }
    }
    return found;
}

static uint64_t pdb_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    return pdb_level(p, dist, depth, forward, threads, gt_def_expand_block);
}

static uint64_t pdb_expand_mod3(const gt_puzzle *p, uint8_t *codes, uint8_t depth, int forward, int threads)
{
    return pdb_level(p, codes, depth, forward, threads, gt_def_expand_block_mod3);
}

static const gt_bfs_levels pdb_levels = {gt_def_seed_solved, pdb_expand, pdb_expand_mod3};

static void pdb_neighbours(const gt_puzzle *p, uint64_t index, uint64_t *out)
{
    const gt_def_pdb *d = p->ctx;
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    gt_def_proj_unrank(d->pr, index, items);
    pdb_moves(d, items, 0, d->m->n_moves, out);
}

/* Does every move add to a piece of the orbit the twist of the position it
 * is at, whatever its orientation? (The fast path's premise, checked rather
 * than assumed.) */
static int twists_add(const gt_def_pdb *d, const gt_def_proj_part *pt)
{
    for (int mv = 0; mv < d->m->n_moves; mv++) {
        const uint16_t *t = d->cells.move + (size_t)mv * (size_t)d->cells.n_values;
        for (int p = 0; p < pt->k; p++) {
            const int at = pt->base + (p << pt->oshift), moved = t[at] - pt->base;
            for (int o = 1; o < pt->omod; o++) {
                const int want = (moved & ~pt->omask) + ((moved & pt->omask) + o) % pt->omod;
                if (t[at + o] - pt->base != want)
                    return 0;
            }
        }
    }
    return 1;
}

/* The fast path where the last part allows it, one piece a group:
 * without orientations, its last piece's position (when it has a few);
 * else its orientations kept, twists that add, the general modulus only
 * when a table of its digits is small. Return values: GT_OK, GT_ERR_NOMEM. */
static int pdb_low_plan(gt_def_pdb *d)
{
    const gt_def_proj_part *pt = &d->pr->part[d->pr->n_parts - 1];
    d->low_kind = GT_DEF_PDB_RANKED;
    d->low_first = d->n_items - pt->n_items;
    if (pt->singles && pt->ori_digits == 0 && !pt->even && pt->k - pt->n_items >= 3) {
        d->low_size = (uint64_t)(pt->k - pt->n_items + 1); /* the last piece's free positions */
        d->low_kind = GT_DEF_PDB_LAST;
        return GT_OK;
    }
    if (!pt->singles && (!pt->keep_ori || pt->ori_digits == 0) && pt->comb_size[pt->n_groups - 1] >= 3) {
        d->low_size = pt->comb_size[pt->n_groups - 1]; /* the last group's combinations */
        d->low_first = d->n_items - pt->group_size[pt->n_groups - 1];
        d->low_kind = GT_DEF_PDB_GROUP;
        return GT_OK;
    }
    if (!pt->singles || !pt->keep_ori || pt->ori_digits == 0 || !twists_add(d, pt))
        return GT_OK;
    d->low_digits = pt->ori_digits;
    d->low_omod = pt->omod;
    d->low_size = pt->ori_size;
    d->low_weight = pt->ori_weight;
    if (pt->omod == 2) {
        d->low_kind = GT_DEF_PDB_XOR;
        return GT_OK;
    }
    if (pt->ori_size > LOW_TABLE_MAX)
        return GT_OK;
    if (!(d->low_digit = malloc(pt->ori_size * (uint64_t)pt->ori_digits)))
        return GT_ERR_NOMEM;
    for (uint64_t v = 0; v < pt->ori_size; v++)
        for (int i = pt->ori_digits - 1, r = (int)v; i >= 0; i--, r /= pt->omod)
            d->low_digit[v * (uint64_t)pt->ori_digits + (uint64_t)i] = (uint8_t)(r % pt->omod);
    d->low_kind = GT_DEF_PDB_DIGITS;
    return GT_OK;
}

int gt_def_pdb_make(const gt_def_model *m, const gt_def_proj *pr, gt_def_pdb **out)
{
    gt_def_pdb *d;
    int cell[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX], rc;
    uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    *out = NULL;
    if (pr->states > PDB_STATES_MAX)
        return GT_ERR_RANGE;
    if (!(d = calloc(1, sizeof *d)))
        return GT_ERR_NOMEM;
    if ((rc = gt_def_cells_build(m, &d->cells)) != 0) {
        free(d);
        return rc;
    }
    d->m = m;
    d->pr = pr;
    d->n_items = gt_def_proj_items(pr);
    if ((rc = pdb_low_plan(d)) != GT_OK) {
        gt_def_pdb_free(d);
        return rc;
    }
    gt_def_proj_item_cells(pr, cell);
    for (int i = 0; i < d->n_items; i++)
        items[i] = d->cells.solved[cell[i]];
    d->puzzle = (gt_puzzle){
        .name = "def-pdb",
        .metric = m->metric == GT_DEF_QTM ? "qtm" : "htm",
        .n_states = pr->states,
        .n_moves = m->n_moves,
        .move_names = m->name_ptr,
        .move_inverse = m->inverse,
        .n_coords = 0,
        .solved = gt_def_proj_rank(pr, items),
        .levels = &pdb_levels,
        .neighbours = pdb_neighbours,
        .ctx = d,
    };
    *out = d;
    return GT_OK;
}

int gt_def_model_n_moves(const gt_def_model *m)
{
    return m->n_moves;
}

const gt_def *gt_def_model_def(const gt_def_model *m)
{
    return m->def;
}

const gt_puzzle *gt_def_pdb_puzzle(const gt_def_pdb *d)
{
    return &d->puzzle;
}

int gt_def_pdb_fast_path(const gt_def_pdb *d)
{
    return d->low_kind;
}

void gt_def_pdb_free(gt_def_pdb *d)
{
    if (!d)
        return;
    gt_def_cells_free(&d->cells);
    free(d->low_digit);
    gt_def_model_free(d->own_model);
    free(d->own_proj);
    free(d);
}

/* ---- table specs (godtab-gen --def FILE --pdb) ---- */

static int pdb_make_puzzle(const gt_table_spec *spec, gt_puzzle **out)
{
    const gt_def_pdb_request *req = spec->arg;
    gt_def_model *m = NULL;
    gt_def_proj *pr = malloc(sizeof *pr);
    gt_def_pdb *d = NULL;
    gt_def_error err;
    int rc = pr ? gt_def_model_plan_orbits(req->def.def, &req->def.options, &m, &err) : GT_ERR_NOMEM;
    if (rc == GT_OK && (rc = gt_def_proj_parse(m, req->projection, pr, &err)) != GT_OK)
        rc = rc == GT_ERR_NOMEM ? rc : GT_ERR_INVAL;
    if (rc == GT_OK)
        rc = gt_def_pdb_make(m, pr, &d);
    if (rc) {
        gt_def_model_free(m);
        free(pr);
        return rc;
    }
    d->own_model = m;
    d->own_proj = pr;
    d->puzzle.name = spec->name;
    *out = &d->puzzle;
    return GT_OK;
}

static void pdb_free_puzzle(gt_puzzle *p)
{
    if (p)
        gt_def_pdb_free(p->ctx);
}

void gt_def_pdb_spec_init(gt_table_spec *spec, const char *name, const char *summary, const gt_def_pdb_request *req)
{
    *spec = (gt_table_spec){
        .name = name,
        .family = "def",
        .summary = summary,
        .encoding = GT_ENC_MOD3,
        .zstd_level = 19,
        .make_puzzle = pdb_make_puzzle,
        .free_puzzle = pdb_free_puzzle,
        .arg = req,
        .storage = GT_STORAGE_MAPPED,
    };
}
