/* The definition model's coordinates (def.h): each planned coordinate
 * (def_plan.c) enumerated from the solved state, the descriptor,
 * state <-> index, and the catalog's spec. */
#include "def_internal.h"
#include "gt_error.h"
#include "table.h"
#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A second coordinate holds at most this many values (the BFS's limit). */
#define DEF_COORD1_MAX 65536u

void gt_def_model_info(const gt_def_model *m, gt_def_plan_info *info)
{
    uint64_t rows = 0; /* the unbuilt coordinates' move rows: what a BFS-only model keeps of them */
    memset(info, 0, sizeof *info);
    info->n_moves = m->n_moves;
    info->states = 1;
    /* the enumerations held: every factor's (the coordinates' move steps
     * read them), and the coordinates' once built */
    info->bytes = gt_def_model_held(m);
    if (m->ranked) { /* one ranked index: the distances and the enumerated factors' tables */
        info->states = info->coord_size[0] = m->rk_states;
        for (int i = 0; i < m->rk_n; i++)
            info->n_factors++;
    }
    for (int c = 0; c < m->n_coords && !m->ranked; c++) {
        /* once built, the enumerated sizes; before, the factor products */
        info->coord_size[c] = m->built ? m->coord[c].size : gt_def_coord_bound(m, c);
        info->states *= info->coord_size[c];
        info->n_factors += m->coord_nf[c];
        /* keys, hash (twice the keys, 12 bytes a slot) and move rows */
        if (!m->built) {
            info->bytes += info->coord_size[c] * (8 + 24 + 4 * (uint64_t)m->n_moves);
            rows += info->coord_size[c] * 4 * (uint64_t)m->n_moves;
        }
    }
    /* With the BFS at 2 bits a state (gt_bfs_run_mod3) and a model that
     * keeps what the BFS reads (gt_def_options.bfs_only): the enumerations'
     * peak, then the move rows next to the table, built in place, and what
     * of it LMDB holds a copy of while storing it (one part, each part's
     * pages given back once copied: gt_db_put_mapped_release). */
    const uint64_t table = (info->states + 3) / 4;
    const uint64_t bfs = (m->built ? info->bytes : gt_def_model_held(m) + rows) + table + gt_table_put_in_flight(table);
    info->bytes_mod3 = bfs > info->bytes ? bfs : info->bytes;
    /* At the peak, 1.75 bytes a state (measured: 2x2x2.tws's 88,179,840
     * states, 147 MiB resident): the BFS's byte, next to its frontier list
     * (a quarter byte) during the search, and after it the 2-bit table
     * with its copy written into LMDB's pages and read back. */
    info->bytes += info->states / 4 * DEF_TABLE_QUARTERS + info->states % 4 * 2;
}

/* ---- coordinates ------------------------------------------------------------ */

typedef struct coord_ctx {
    const gt_def_model *m;
    int c;
} coord_ctx;

/* A coordinate key is the mixed-radix number of its factors' dense values. */
static uint64_t coord_step(const void *ctx, uint64_t key, int mv)
{
    const coord_ctx *cc = ctx;
    const gt_def_model *m = cc->m;
    uint64_t out = 0, scale = 1;
    for (int i = m->coord_nf[cc->c] - 1; i >= 0; i--) {
        const gt_def_enum *e = &m->factor[m->coord_factor[cc->c][i]].e;
        uint64_t v = key % e->size;
        key /= e->size;
        out += (uint64_t)e->move[v * (uint64_t)m->n_moves + (uint64_t)mv] * scale;
        scale *= e->size;
    }
    return out;
}

static int enumerate_coords(gt_def_model *m, uint64_t extra)
{
    gt_def_enum_powers pw;
    gt_def_enum_powers_of(m, &pw); /* each base's first power applied, the others derived */
    for (int c = 0; c < m->n_coords; c++) {
        coord_ctx cc = {m, c};
        /* within what the budget leaves (the factors' and the other
         * grouping's enumerations held): past it, GT_ERR_NOMEM */
        int rc = gt_def_enum_build_powers(&m->coord[c], 0, m->n_moves, &pw, coord_step, &cc,
                                          c == 1 ? DEF_COORD1_MAX : UINT32_MAX, gt_def_model_room(m, extra));
        if (rc)
            return rc;
    }
    return GT_OK;
}

static uint64_t coords_states(const gt_def_model *m)
{
    return m->n_coords == 1 ? m->coord[0].size : (uint64_t)m->coord[0].size * m->coord[1].size;
}

/* Swaps the grouping in use with the alternative one (enumerations too). */
static void swap_layout(gt_def_model *m, gt_def_enum *saved)
{
    for (int c = 0; c < GT_MAX_COORDS; c++) {
        int nf = m->coord_nf[c], tmp[DEF_MAX_FACTORS];
        memcpy(tmp, m->coord_factor[c], sizeof tmp);
        m->coord_nf[c] = m->alt_nf[c];
        memcpy(m->coord_factor[c], m->alt_factor[c], sizeof tmp);
        m->alt_nf[c] = nf;
        memcpy(m->alt_factor[c], tmp, sizeof tmp);
        gt_def_enum e = m->coord[c];
        m->coord[c] = saved[c];
        saved[c] = e;
    }
}

/* Enumerates the coordinates of both groupings and keeps the smaller index. */
static int choose_layout(gt_def_model *m)
{
    gt_def_enum saved[GT_MAX_COORDS];
    int rc = enumerate_coords(m, 0);
    if (rc || !m->has_alt)
        return rc;
    memset(saved, 0, sizeof saved);
    swap_layout(m, saved);
    rc = enumerate_coords(m, saved[0].bytes + saved[1].bytes);
    if (rc == GT_OK && coords_states(m) >= (uint64_t)saved[0].size * saved[1].size)
        swap_layout(m, saved);
    for (int c = 0; c < GT_MAX_COORDS; c++)
        gt_def_enum_free(&saved[c]);
    return rc;
}

int gt_def_model_build(gt_def_model *m, const gt_puzzle **out)
{
    int rc;
    if (!m->built && m->ranked) {
        gt_def_big_puzzle(m);
        m->built = 1;
    }
    if (!m->built) {
        if ((rc = choose_layout(m)) != 0)
            return rc;
        m->puzzle = (gt_puzzle){
            .name = "def",
            .metric = m->metric == GT_DEF_QTM ? "qtm" : "htm",
            .n_states = coords_states(m),
            .n_moves = m->n_moves,
            .move_names = m->name_ptr,
            .move_inverse = m->inverse,
            .n_coords = m->n_coords,
            .coord = {{"definition coordinate 0", m->coord[0].size, m->coord[0].move},
                      {"definition coordinate 1", m->coord[1].size, m->coord[1].move}},
            .solved = 0,
            .ctx = m,
        };
        if ((rc = gt_def_parity_build(m)) != 0)
            return rc;
        for (int c = 0; c < m->n_coords && m->bfs_only; c++)
            gt_def_enum_shed(&m->coord[c], m->n_moves);
        m->shed = m->bfs_only;
        m->built = 1;
    }
    *out = &m->puzzle;
    return GT_OK;
}

/* ---- state <-> index -------------------------------------------------------- */

int gt_def_model_state(const gt_def_model *m, uint64_t index, uint8_t *perm, uint8_t *ori)
{
    if (!m->built || m->shed || index >= m->puzzle.n_states)
        return GT_ERR_INVAL;
    if (m->ranked)
        return gt_def_big_state(m, index, perm, ori);
    uint64_t value[GT_MAX_COORDS] = {index, 0};
    if (m->n_coords == 2) {
        value[0] = index / m->coord[1].size;
        value[1] = index % m->coord[1].size;
    }
    memcpy(perm, m->def->solved_perm, (size_t)m->def->total);
    memcpy(ori, m->def->solved_ori, (size_t)m->def->total);
    for (int c = 0; c < m->n_coords; c++) {
        uint64_t key = m->coord[c].key[value[c]];
        for (int i = m->coord_nf[c] - 1; i >= 0; i--) {
            const gt_def_factor *f = &m->factor[m->coord_factor[c][i]];
            gt_def_factor_write(m, f, f->e.key[key % f->e.size], perm, ori);
            key /= f->e.size;
        }
    }
    return GT_OK;
}

int gt_def_model_index(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, uint64_t *index)
{
    int64_t dense[DEF_MAX_FACTORS];
    if (!m->built || m->shed)
        return GT_ERR_INVAL;
    for (int j = 0; j < m->def->total; j++)
        if (ori[j] >= m->omod_at[j])
            return GT_ERR_ILLEGAL;
    if (m->ranked)
        return gt_def_big_index(m, perm, ori, index);
    for (int f = 0; f < m->n_factors; f++) {
        uint64_t key = gt_def_factor_key(m, &m->factor[f], perm, ori);
        if (key == DEF_NO_KEY || (dense[f] = gt_def_enum_find(&m->factor[f].e, key)) < 0)
            return GT_ERR_ILLEGAL; /* (a factor of one value: the solved one only) */
    }
    uint64_t v[GT_MAX_COORDS] = {0, 0};
    for (int c = 0; c < m->n_coords; c++) {
        uint64_t key = 0;
        for (int i = 0; i < m->coord_nf[c]; i++) {
            int f = m->coord_factor[c][i];
            key = key * m->factor[f].e.size + (uint64_t)dense[f];
        }
        int64_t d = gt_def_enum_find(&m->coord[c], key);
        if (d < 0)
            return GT_ERR_ILLEGAL;
        v[c] = (uint64_t)d;
    }
    *index = m->n_coords == 1 ? v[0] : v[0] * m->coord[1].size + v[1];
    return GT_OK;
}

int gt_def_state_text(const gt_def *def, const uint8_t *perm, const uint8_t *ori, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap)
        buf[0] = '\0';
    for (int s = 0; s < def->n_sets; s++) {
        const gt_def_set *set = &def->set[s];
        GT_APPEND("%s\n", set->name);
        for (int j = 0; j < set->n; j++)
            GT_APPEND(j + 1 < set->n ? "%d " : "%d\n", perm[set->offset + j] + 1);
        for (int j = 0; j < set->n && set->omod > 1; j++)
            GT_APPEND(j + 1 < set->n ? "%d " : "%d\n", ori[set->offset + j]);
    }
    return GT_OK;
}

/* ---- table specs ------------------------------------------------------------ */

int gt_def_make_puzzle(const gt_table_spec *spec, gt_puzzle **out)
{
    const gt_def_request *req = spec->arg;
    gt_def_model *m = NULL;
    const gt_puzzle *p = NULL;
    int rc = gt_def_model_plan(req->def, &req->options, &m, NULL);
    if (rc == GT_OK && (rc = gt_def_model_build(m, &p)) != 0)
        gt_def_model_free(m);
    if (rc)
        return rc;
    m->puzzle.metric = req->options.metric == GT_DEF_QTM ? "qtm" : "htm";
    m->puzzle.name = spec->name;
    *out = &m->puzzle;
    return GT_OK;
}

void gt_def_free_puzzle(gt_puzzle *p)
{
    if (p)
        gt_def_model_free(p->ctx);
}

void gt_def_spec_init(gt_table_spec *spec, const char *name, const char *summary, const gt_def_request *req)
{
    *spec = (gt_table_spec){
        .name = name,
        .family = "def",
        .summary = summary,
        .encoding = GT_ENC_MOD3,
        .zstd_level = 19,
        .make_puzzle = gt_def_make_puzzle,
        .free_puzzle = gt_def_free_puzzle,
        .arg = req,
    };
}
