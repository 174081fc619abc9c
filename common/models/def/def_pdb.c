/* A projection's image as a puzzle (def_pdb.h): the one BFS builds its
 * distance table through level hooks, as def_big.c's ranked index: each
 * image at the level is unranked into its kept pieces' cells, each move
 * moves them by the cells' table, and the result is ranked again. */
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

#define PDB_BLOCK 4096
#define PDB_STATES_MAX (1ull << 40)

struct gt_def_pdb {
    const gt_def_model *m;
    const gt_def_proj *pr;
    gt_def_model *own_model; /* a spec's puzzle owns its model and projection */
    gt_def_proj *own_proj;
    gt_def_cells cells;
    int n_items;
    gt_puzzle puzzle;
};

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
    gt_def_proj_unrank(d->pr, index, scratch);
}

static void pdb_range(const void *ctx, const void *scratch, int first, int count, uint64_t *next)
{
    pdb_moves(ctx, scratch, first, count, next);
}

static const gt_def_neighbours pdb_neighbours_fn = {pdb_decode, pdb_range};

/* One level of the images, a block at a time, at a byte an image or at 2
 * bits (the block function). */
static uint64_t pdb_level(const gt_puzzle *p, uint8_t *cells, uint8_t depth, int forward, int threads,
                          gt_def_block_fn block)
{
    const gt_def_pdb *d = p->ctx;
    const int64_t blocks = (int64_t)((p->n_states + PDB_BLOCK - 1) / PDB_BLOCK);
    uint64_t found = 0;
#pragma omp parallel num_threads(threads) reduction(+ : found)
    {
        uint16_t items[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
#pragma omp for schedule(dynamic, 16)
        for (int64_t b = 0; b < blocks; b++) {
            uint64_t lo = (uint64_t)b * PDB_BLOCK, hi = lo + PDB_BLOCK < p->n_states ? lo + PDB_BLOCK : p->n_states;
            found += block(&pdb_neighbours_fn, d, items, d->m->n_moves, cells, lo, hi, depth, forward);
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

void gt_def_pdb_free(gt_def_pdb *d)
{
    if (!d)
        return;
    gt_def_cells_free(&d->cells);
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
