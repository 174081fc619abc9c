/* The two-phase solver's tables (cube3_twophase.h): coordinate move tables
 * and four pruning tables, each a breadth-first search over the product of
 * two coordinates, built in memory in a fraction of a second; and the
 * stored table "cube3-twophase" (the exact phase-1 distance over symmetry
 * classes, cube3_sym.c), which carries all of them as sections so that a
 * reader builds nothing (docs/twophase.md). */
#include "cube3_twophase.h"
#include "bfs.h"
#include "cube3_sym.h"
#include "gt_error.h"
#include "lehmer.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const uint8_t gt_cube3_twophase_p2_moves[GT_CUBE3_P2_MOVES] = {0, 1, 2, 9, 10, 11, 4, 13, 7, 16};

/* The U/D edges UR..DB sit in places 0..7 and the slice edges in 8..11
 * whenever the cube is in H, so each set is ranked on its own. */
uint32_t gt_cube3_twophase_eperm(const gt_cube3 *c)
{
    return gt_lehmer_rank(8, c->ep);
}

uint32_t gt_cube3_twophase_sperm(const gt_cube3 *c)
{
    uint8_t p[4];
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(c->ep[8 + i] - 8);
    return gt_lehmer_rank(4, p);
}

static void set_eperm(gt_cube3 *c, uint32_t v)
{
    gt_lehmer_unrank(8, v, c->ep);
}

static void set_sperm(gt_cube3 *c, uint32_t v)
{
    uint8_t p[4];
    gt_lehmer_unrank(4, v, p);
    for (int i = 0; i < 4; i++)
        c->ep[8 + i] = (uint8_t)(8 + p[i]);
}

/* Which four of the eight places 0..7 hold pieces 0..3 (the U-layer
 * corners, or the U-layer edges), ranked 0..69 in the combinatorial number
 * system: the j-th smallest such place p adds C(p, j). In H the U/D edges
 * stay in places 0..7, so the edge one is meaningful there. */
static const uint8_t binom[8][5] = {{1, 0, 0, 0, 0},  {1, 1, 0, 0, 0},   {1, 2, 1, 0, 0},   {1, 3, 3, 1, 0},
                                    {1, 4, 6, 4, 1},  {1, 5, 10, 10, 5}, {1, 6, 15, 20, 15}, {1, 7, 21, 35, 35}};

static uint32_t comb_rank(const uint8_t *pieces)
{
    uint32_t r = 0;
    for (int p = 0, j = 1; p < 8; p++)
        if (pieces[p] < 4)
            r += binom[p][j++];
    return r;
}

static void comb_unrank(uint32_t r, uint8_t *pieces)
{
    uint8_t in = 0, out = 4;
    for (int p = 7, j = 4; p >= 0; p--) {
        int take = j > 0 && binom[p][j] <= r;
        if (take)
            r -= binom[p][j--];
        pieces[p] = take ? in++ : out++;
    }
}

static void set_ccomb(gt_cube3 *c, uint32_t v) { comb_unrank(v, c->cp); }
static void set_ecomb(gt_cube3 *c, uint32_t v) { comb_unrank(v, c->ep); }

uint32_t gt_cube3_twophase_ccomb(const gt_cube3 *c)
{
    return comb_rank(c->cp);
}

uint32_t gt_cube3_twophase_ecomb(const gt_cube3 *c)
{
    return comb_rank(c->ep);
}

/* out[v * n_moves + k] = the coordinate after moves[k] from a position with
 * coordinate v (set on the solved cube: the other pieces do not matter). */
static void move_table(uint32_t size, void (*set)(gt_cube3 *, uint32_t), uint32_t (*get)(const gt_cube3 *),
                       const uint8_t *moves, int n_moves, uint16_t *out)
{
    gt_cube3 turn[GT_CUBE3_MOVES], c, d;
    for (int k = 0; k < n_moves; k++)
        gt_cube3_move_cube(moves[k], &turn[k]);
    for (uint32_t v = 0; v < size; v++) {
        gt_cube3_identity(&c);
        set(&c, v);
        for (int k = 0; k < n_moves; k++) {
            gt_cube3_multiply(&c, &turn[k], &d);
            out[v * (uint32_t)n_moves + (uint32_t)k] = (uint16_t)get(&d);
        }
    }
}

/* Distances from (0, 0) in the product of two coordinates (index a * nb + b),
 * level by level; both coordinates are 0 on the solved cube. Once half the
 * states are reached a level is found backwards (each unreached state looks
 * for a neighbour on the level; the move sets hold their inverses), which
 * reads far fewer states than expanding the large last levels. */
static void prune_bfs(uint32_t na, uint32_t nb, const uint16_t *ma, const uint16_t *mb, int n_moves,
                      uint8_t *dist)
{
    uint32_t n = na * nb, done = 1, before = 0;
    memset(dist, 0xFF, n);
    dist[0] = 0;
    /* Stops when a level adds nothing, in case a projection is not onto. */
    for (uint8_t depth = 0; done < n && done > before && depth < 0xFE; depth++) {
        int backward = done > n / 2;
        before = done;
        for (uint32_t i = 0; i < n; i++) {
            if (dist[i] != (backward ? 0xFF : depth))
                continue;
            const uint16_t *ra = ma + (i / nb) * (uint32_t)n_moves, *rb = mb + (i % nb) * (uint32_t)n_moves;
            for (int k = 0; k < n_moves; k++) {
                uint32_t j = (uint32_t)ra[k] * nb + rb[k];
                if (backward && dist[j] == depth) {
                    dist[i] = (uint8_t)(depth + 1);
                    done++;
                    break;
                }
                if (!backward && dist[j] == 0xFF) {
                    dist[j] = (uint8_t)(depth + 1);
                    done++;
                }
            }
        }
    }
}

/* ---- the arrays, and the sections of the stored table holding them ---- */

/* Every array of the tables struct: the section of the stored table it
 * lies in (one after the other, in this order), its field, element count
 * and size, and the bound of its values when they are indices (0:
 * distances, any value is safe). The first two are the class tables
 * (cube3_sym.c's); the others are built here, in one block laid out the
 * same way, so that a section is a contiguous run of arrays either way. */
typedef struct tp_array {
    const char *section;
    size_t field;
    uint32_t count, elem, bound;
} tp_array;

#define TP_FIELD(f) offsetof(gt_cube3_twophase_tables, f)
#define TP_CLASSES 2 /* the first two: not built here */
static const tp_array tp_arrays[] = {
    {"class", TP_FIELD(p1_class), GT_CUBE3_SLICES * GT_CUBE3_FLIPS, 4, GT_CUBE3_TWOPHASE_CLASSES << 4},
    {"twist_conj", TP_FIELD(p1_twist_conj), GT_CUBE3_TWISTS * 16u, 2, GT_CUBE3_TWISTS},
    {"p1_move", TP_FIELD(twist_move), GT_CUBE3_TWISTS * GT_CUBE3_MOVES, 2, GT_CUBE3_TWISTS},
    {"p1_move", TP_FIELD(flip_move), GT_CUBE3_FLIPS * GT_CUBE3_MOVES, 2, GT_CUBE3_FLIPS},
    {"p1_move", TP_FIELD(slice_move), GT_CUBE3_SLICES * GT_CUBE3_MOVES, 2, GT_CUBE3_SLICES},
    {"p2_move", TP_FIELD(cperm_move), GT_CUBE3_CPERMS * GT_CUBE3_P2_MOVES, 2, GT_CUBE3_CPERMS},
    {"p2_move", TP_FIELD(eperm_move), GT_CUBE3_EPERMS * GT_CUBE3_P2_MOVES, 2, GT_CUBE3_EPERMS},
    {"p2_move", TP_FIELD(sperm_move), GT_CUBE3_SPERMS * GT_CUBE3_P2_MOVES, 2, GT_CUBE3_SPERMS},
    {"p2_move", TP_FIELD(ccomb_move), GT_CUBE3_COMBS * GT_CUBE3_P2_MOVES, 2, GT_CUBE3_COMBS},
    {"p2_move", TP_FIELD(ecomb_move), GT_CUBE3_COMBS * GT_CUBE3_P2_MOVES, 2, GT_CUBE3_COMBS},
    {"p1_prune", TP_FIELD(twist_slice), GT_CUBE3_TWISTS * GT_CUBE3_SLICES, 1, 0},
    {"p1_prune", TP_FIELD(flip_slice), GT_CUBE3_FLIPS * GT_CUBE3_SLICES, 1, 0},
    {"p2_prune", TP_FIELD(cperm_sperm), GT_CUBE3_CPERMS * GT_CUBE3_SPERMS, 1, 0},
    {"p2_prune", TP_FIELD(eperm_sperm), GT_CUBE3_EPERMS * GT_CUBE3_SPERMS, 1, 0},
    {"p2_prune", TP_FIELD(eperm_ccomb), GT_CUBE3_EPERMS * GT_CUBE3_COMBS, 1, 0},
    {"p2_prune", TP_FIELD(cperm_ecomb), GT_CUBE3_CPERMS * GT_CUBE3_COMBS, 1, 0},
};
#define TP_N_ARRAYS (sizeof tp_arrays / sizeof tp_arrays[0])

static uint64_t array_bytes(const tp_array *a)
{
    return (uint64_t)a->count * a->elem;
}

/* The pointer fields differ in type but not in representation: read and
 * written as bytes. */
static const void *array_get(const gt_cube3_twophase_tables *t, const tp_array *a)
{
    const void *ptr;
    memcpy(&ptr, (const char *)t + a->field, sizeof ptr);
    return ptr;
}

static void array_set(gt_cube3_twophase_tables *t, const tp_array *a, const void *ptr)
{
    memcpy((char *)t + a->field, &ptr, sizeof ptr);
}

/* The arrays built here, in one block. */
static int alloc_tables(gt_cube3_twophase_tables *t)
{
    uint64_t total = 0;
    for (size_t i = TP_CLASSES; i < TP_N_ARRAYS; i++)
        total += array_bytes(&tp_arrays[i]);
    uint8_t *block = malloc(total);
    if (!block)
        return GT_ERR_NOMEM;
    t->block = block;
    for (size_t i = TP_CLASSES; i < TP_N_ARRAYS; i++) {
        array_set(t, &tp_arrays[i], block);
        block += array_bytes(&tp_arrays[i]);
    }
    t->bytes = sizeof *t + total;
    return GT_OK;
}

/* The rotations z and x bring the R-L and F-B axes to U-D (cube3_sym.h's
 * syms 16 and 32); a move m of the rotated cube is the move m' of the cube
 * with conj(m', rot) = m. */
static int axis_tables(gt_cube3_twophase_tables *t)
{
    uint16_t perms[GT_CUBE3_SYMS48][GT_CUBE3_FACELETS];
    int rc = gt_cube3_sym48_perms(perms);
    for (int a = 0; a < 3 && rc == GT_OK; a++) {
        memcpy(t->axis_rot[a], perms[a * GT_CUBE3_SYMS], sizeof t->axis_rot[a]);
        for (int m = 0; m < GT_CUBE3_MOVES && rc == GT_OK; m++) {
            gt_cube3 target, mc, conj;
            gt_cube3_move_cube(m, &target);
            int found = -1;
            for (int k = 0; k < GT_CUBE3_MOVES && found < 0 && rc == GT_OK; k++) {
                gt_cube3_move_cube(k, &mc);
                rc = gt_cube3_conjugate(&mc, t->axis_rot[a], &conj);
                if (rc == GT_OK && gt_cube3_equal(&conj, &target))
                    found = k;
            }
            if (found < 0 && rc == GT_OK)
                rc = GT_ERR_INVAL;
            t->axis_map[a][m] = (uint8_t)found;
        }
    }
    return rc;
}

static void phase1_tables(gt_cube3_twophase_tables *t)
{
    static const uint8_t all[GT_CUBE3_MOVES] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    move_table(GT_CUBE3_TWISTS, gt_cube3_set_twist, gt_cube3_twist, all, GT_CUBE3_MOVES, t->twist_move);
    move_table(GT_CUBE3_FLIPS, gt_cube3_set_flip, gt_cube3_flip, all, GT_CUBE3_MOVES, t->flip_move);
    move_table(GT_CUBE3_SLICES, gt_cube3_set_slice, gt_cube3_slice, all, GT_CUBE3_MOVES, t->slice_move);
}

static void phase2_tables(gt_cube3_twophase_tables *t)
{
    const uint8_t *p2 = gt_cube3_twophase_p2_moves;
    move_table(GT_CUBE3_CPERMS, gt_cube3_set_cperm, gt_cube3_cperm, p2, GT_CUBE3_P2_MOVES, t->cperm_move);
    move_table(GT_CUBE3_EPERMS, set_eperm, gt_cube3_twophase_eperm, p2, GT_CUBE3_P2_MOVES, t->eperm_move);
    move_table(GT_CUBE3_SPERMS, set_sperm, gt_cube3_twophase_sperm, p2, GT_CUBE3_P2_MOVES, t->sperm_move);
    move_table(GT_CUBE3_COMBS, set_ccomb, gt_cube3_twophase_ccomb, p2, GT_CUBE3_P2_MOVES, t->ccomb_move);
    move_table(GT_CUBE3_COMBS, set_ecomb, gt_cube3_twophase_ecomb, p2, GT_CUBE3_P2_MOVES, t->ecomb_move);
}

/* The six pruning tables, each a BFS over two coordinates, largest first;
 * min2phase's pairing gives the last two: each permutation with the other
 * kind's U/D split. */
static void prune_tables(gt_cube3_twophase_tables *t)
{
    const int m1 = GT_CUBE3_MOVES, m2 = GT_CUBE3_P2_MOVES;
    const struct {
        uint32_t na, nb;
        const uint16_t *ma, *mb;
        int n_moves;
        uint8_t *out;
    } jobs[] = {
        {GT_CUBE3_EPERMS, GT_CUBE3_COMBS, t->eperm_move, t->ccomb_move, m2, t->eperm_ccomb},
        {GT_CUBE3_CPERMS, GT_CUBE3_COMBS, t->cperm_move, t->ecomb_move, m2, t->cperm_ecomb},
        {GT_CUBE3_TWISTS, GT_CUBE3_SLICES, t->twist_move, t->slice_move, m1, t->twist_slice},
        {GT_CUBE3_FLIPS, GT_CUBE3_SLICES, t->flip_move, t->slice_move, m1, t->flip_slice},
        {GT_CUBE3_CPERMS, GT_CUBE3_SPERMS, t->cperm_move, t->sperm_move, m2, t->cperm_sperm},
        {GT_CUBE3_EPERMS, GT_CUBE3_SPERMS, t->eperm_move, t->sperm_move, m2, t->eperm_sperm},
    };
#pragma omp parallel for schedule(dynamic, 1) num_threads(2)
    for (int j = 0; j < (int)(sizeof jobs / sizeof jobs[0]); j++)
        prune_bfs(jobs[j].na, jobs[j].nb, jobs[j].ma, jobs[j].mb, jobs[j].n_moves, jobs[j].out);
}

int gt_cube3_twophase_tables_build(gt_cube3_twophase_tables **out)
{
    gt_cube3_twophase_tables *t = calloc(1, sizeof *t);
    *out = NULL;
    int rc = t ? alloc_tables(t) : GT_ERR_NOMEM;
    if (rc == GT_OK)
        rc = axis_tables(t);
    if (rc != GT_OK) {
        gt_cube3_twophase_tables_free(t);
        return rc;
    }
    /* The move tables of each phase on a core each, then the pruning tables. */
#pragma omp parallel sections num_threads(2)
    {
#pragma omp section
        phase1_tables(t);
#pragma omp section
        phase2_tables(t);
    }
    prune_tables(t);
    *out = t;
    return GT_OK;
}

void gt_cube3_twophase_tables_free(gt_cube3_twophase_tables *t)
{
    if (!t)
        return;
    free(t->block); /* p1_class and p1_twist_conj are never this struct's */
    free(t);
}

/* 1 if every value of an index array is below its bound (a table of
 * another layout must not send the search out of bounds). */
static int array_in_bounds(const tp_array *a, const void *data)
{
    uint32_t bad = 0;
    if (a->elem == 4)
        for (uint32_t i = 0; i < a->count; i++)
            bad |= ((const uint32_t *)data)[i] >= a->bound;
    else if (a->elem == 2)
        for (uint32_t i = 0; i < a->count; i++)
            bad |= ((const uint16_t *)data)[i] >= a->bound;
    return !bad;
}

int gt_cube3_twophase_tables_from_table(const gt_table *tab, gt_cube3_twophase_tables **out)
{
    *out = NULL;
    if (!tab || tab->meta.encoding != GT_ENC_NIBBLE || tab->meta.n_states != GT_CUBE3_TWOPHASE_STATES ||
        tab->view.bytes != (GT_CUBE3_TWOPHASE_STATES + 1) / 2 || !tab->view.data)
        return GT_ERR_INVAL;
    gt_cube3_twophase_tables *t = calloc(1, sizeof *t);
    if (!t)
        return GT_ERR_NOMEM;
    int rc = axis_tables(t);
    for (size_t i = 0; i < TP_N_ARRAYS && rc == GT_OK;) {
        const gt_view *v = gt_table_section(tab, tp_arrays[i].section);
        uint64_t off = 0;
        size_t j = i;
        for (; j < TP_N_ARRAYS && !strcmp(tp_arrays[j].section, tp_arrays[i].section); j++)
            off += array_bytes(&tp_arrays[j]);
        /* Sections are small: checked whole when mapped; aligned for their elements. */
        if (!v || v->bytes != off || !v->data || (uintptr_t)v->data % tp_arrays[i].elem || gt_view_check_all(v))
            rc = GT_ERR_INVAL;
        for (off = 0; rc == GT_OK && i < j; i++) {
            const tp_array *a = &tp_arrays[i];
            if (a->bound && !array_in_bounds(a, v->data + off))
                rc = GT_ERR_INVAL;
            array_set(t, a, v->data + off);
            off += array_bytes(a);
        }
    }
    if (rc != GT_OK) {
        free(t);
        return rc;
    }
    t->p1_view = &tab->view;
    t->bytes = sizeof *t; /* the rest is the table's */
    *out = t;
    return GT_OK;
}

/* ---- the stored table: its descriptor ---- */

int gt_cube3_twophase_puzzle_new(const gt_table_spec *spec, gt_puzzle **out)
{
    gt_puzzle *p = NULL;
    gt_cube3_twophase_tables *t = NULL;
    (void)spec;
    int rc = gt_cube3_sym_puzzle_new(&gt_cube3_sym_places, GT_CUBE3_INNER_TWIST, GT_CUBE3_TWOPHASE_TABLE, &p, 0);
    if (rc == GT_OK && (rc = gt_cube3_twophase_tables_build(&t)) != GT_OK)
        gt_cube3_fss_puzzle_free(p);
    if (rc != GT_OK)
        return rc;
    gt_cube3_fss *f = p->ctx;
    t->p1_class = f->class_of;
    t->p1_twist_conj = f->twist_conj;
    f->owner = t;
    *out = p;
    return GT_OK;
}

void gt_cube3_twophase_puzzle_free(gt_puzzle *p)
{
    if (!p)
        return;
    gt_cube3_fss *f = p->ctx;
    gt_cube3_twophase_tables_free(f->owner);
    gt_cube3_fss_puzzle_free(p);
}

int gt_cube3_twophase_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const gt_cube3_fss *f = p->ctx;
    const gt_cube3_twophase_tables *t = f->owner;
    (void)spec;
    if (!t || f->n_classes != GT_CUBE3_TWOPHASE_CLASSES)
        return GT_ERR_INVAL;
    *n = 0;
    for (size_t i = 0; i < TP_N_ARRAYS; i++) { /* a section: its first array, and all its bytes */
        if (i == 0 || strcmp(tp_arrays[i].section, tp_arrays[i - 1].section) != 0)
            out[(*n)++] = (gt_section_data){tp_arrays[i].section, array_get(t, &tp_arrays[i]), 0};
        out[*n - 1].bytes += array_bytes(&tp_arrays[i]);
    }
    return GT_OK;
}

/* ---- the stored table, built in memory ---- */

/* Copies the descriptor's sections into t (malloc'd, as gt_table_free wants). */
static int copy_sections(const gt_puzzle *p, gt_table *t)
{
    gt_section_data sec[GT_TABLE_SECTIONS_MAX];
    int n = 0, rc = gt_cube3_twophase_sections(NULL, p, sec, &n);
    for (int i = 0; i < n && rc == GT_OK; i++) {
        void *copy = malloc(sec[i].bytes);
        if (!copy) {
            rc = GT_ERR_NOMEM;
            break;
        }
        memcpy(copy, sec[i].data, sec[i].bytes);
        snprintf(t->meta.sections[i].name, sizeof t->meta.sections[i].name, "%s", sec[i].name);
        t->meta.sections[i].bytes = sec[i].bytes;
        t->sections[i] = (gt_view){.data = copy, .bytes = sec[i].bytes};
        t->meta.n_sections = i + 1;
    }
    return rc;
}

int gt_cube3_twophase_table_build(int threads, gt_table **out, uint64_t raw_counts[16])
{
    gt_puzzle *p = NULL;
    uint8_t *dist = NULL;
    gt_distribution d;
    gt_bfs_options o = {.threads = threads};
    gt_table *t = calloc(1, sizeof *t);
    *out = NULL;
    int rc = t ? gt_cube3_twophase_puzzle_new(NULL, &p) : GT_ERR_NOMEM;
    if (rc == GT_OK)
        rc = gt_bfs_run(p, &o, &dist, &d);
    if (rc == GT_OK)
        rc = gt_table_encode(dist, p->n_states, GT_ENC_NIBBLE, threads, &t->data, &t->data_bytes);
    if (rc == GT_OK && raw_counts)
        gt_cube3_sym_expand_counts(p->ctx, dist, raw_counts);
    if (rc == GT_OK) {
        gt_table_meta_init(&t->meta, GT_CUBE3_TWOPHASE_TABLE, p, GT_ENC_NIBBLE, &d, t->data, t->data_bytes);
        t->meta.storage = GT_STORAGE_MAPPED;
        t->view = (gt_view){.data = t->data, .bytes = t->data_bytes};
        rc = copy_sections(p, t);
    }
    free(dist);
    gt_cube3_twophase_puzzle_free(p);
    if (rc != GT_OK)
        gt_table_free(t);
    else
        *out = t;
    return rc;
}
