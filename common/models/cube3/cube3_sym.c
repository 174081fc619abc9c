#include "cube3_sym.h"
#include "alloc.h"
#include "cube3_tables.h"
#include "facecube.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#define UNASSIGNED UINT32_MAX

const gt_cube3_sym_slice gt_cube3_sym_sorted = {GT_CUBE3_SLICE_SORTED, gt_cube3_slice_sorted,
                                                gt_cube3_set_slice_sorted};
const gt_cube3_sym_slice gt_cube3_sym_places = {GT_CUBE3_SLICES, gt_cube3_slice, gt_cube3_set_slice};

static void compose(const uint16_t *first, const uint16_t *then, uint16_t *out)
{
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        out[f] = then[first[f]];
}

int gt_cube3_sym_perms(uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS])
{
    uint16_t y[GT_CUBE3_FACELETS], x2[GT_CUBE3_FACELETS], mirror[GT_CUBE3_FACELETS];
    int rc;
    if ((rc = gt_facecube_turn(3, GT_FACE_U, 0, 2, 1, y)) != 0 ||
        (rc = gt_facecube_turn(3, GT_FACE_R, 0, 2, 2, x2)) != 0)
        return rc;
    for (int f = 0; f < GT_CUBE3_FACELETS; f++) { /* left-right mirror: x -> -x */
        int xyz[3];
        gt_facecube_coords(3, f, xyz);
        xyz[0] = -xyz[0];
        mirror[f] = (uint16_t)gt_facecube_facelet_at(3, xyz);
    }
    for (int k = 0; k < GT_CUBE3_SYMS; k++) {
        uint16_t p[GT_CUBE3_FACELETS], t[GT_CUBE3_FACELETS];
        for (int f = 0; f < GT_CUBE3_FACELETS; f++)
            p[f] = (uint16_t)f;
        for (int q = 0; q < k % 4; q++) {
            compose(p, y, t);
            memcpy(p, t, sizeof p);
        }
        if (k / 4 % 2) {
            compose(p, x2, t);
            memcpy(p, t, sizeof p);
        }
        if (k / 8) {
            compose(p, mirror, t);
            memcpy(p, t, sizeof p);
        }
        memcpy(perms[k], p, sizeof p);
    }
    return GT_OK;
}

int gt_cube3_sym48_perms(uint16_t perms[GT_CUBE3_SYMS48][GT_CUBE3_FACELETS])
{
    static const int axis_face[3] = {-1, GT_FACE_F, GT_FACE_R}; /* none, z, x */
    uint16_t sym16[GT_CUBE3_SYMS][GT_CUBE3_FACELETS], axis[GT_CUBE3_FACELETS];
    int rc = gt_cube3_sym_perms(sym16);
    for (int a = 0; a < 3 && rc == GT_OK; a++) {
        for (int f = 0; f < GT_CUBE3_FACELETS; f++)
            axis[f] = (uint16_t)f;
        if (axis_face[a] >= 0 && (rc = gt_facecube_turn(3, axis_face[a], 0, 2, 1, axis)) != 0)
            break;
        for (int k = 0; k < GT_CUBE3_SYMS; k++)
            compose(axis, sym16[k], perms[a * GT_CUBE3_SYMS + k]);
    }
    return rc;
}

/* Edge part of conjugation by one symmetry, as table lookups: place i of the
 * conjugate holds the cubie facelet that the symmetry maps from the cubie
 * facelet (ep[from], from_index ^ eo[from]) of the original. */
typedef struct edge_conj {
    uint8_t from[GT_CUBE3_EDGES], from_index[GT_CUBE3_EDGES];
    uint8_t to[GT_CUBE3_EDGES][2], to_index[GT_CUBE3_EDGES][2];
} edge_conj;

static void edge_conj_init(const uint16_t *sym, edge_conj *e)
{
    uint16_t inverse[GT_CUBE3_FACELETS];
    for (int f = 0; f < GT_CUBE3_FACELETS; f++)
        inverse[sym[f]] = (uint16_t)f;
    for (int i = 0; i < GT_CUBE3_EDGES; i++)
        for (int k = 0; k < 2; k++)
            for (int j = 0; j < GT_CUBE3_EDGES; j++)
                for (int a = 0; a < 2; a++) {
                    if (gt_cube3_edge_facelets[j][a] == inverse[gt_cube3_edge_facelets[i][0]] && k == 0) {
                        e->from[i] = (uint8_t)j;
                        e->from_index[i] = (uint8_t)a;
                    }
                    if (gt_cube3_edge_facelets[j][a] == sym[gt_cube3_edge_facelets[i][k]]) {
                        e->to[i][k] = (uint8_t)j;
                        e->to_index[i][k] = (uint8_t)a;
                    }
                }
}

static void edge_conjugate(const edge_conj *e, const gt_cube3 *c, gt_cube3 *out)
{
    for (int i = 0; i < GT_CUBE3_EDGES; i++) {
        int p = e->from[i], k = e->from_index[i] ^ c->eo[p];
        out->ep[i] = e->to[c->ep[p]][k];
        out->eo[i] = e->to_index[c->ep[p]][k];
    }
}

void gt_cube3_fss_free(gt_cube3_fss *f)
{
    if (!f)
        return;
    free(f->class_of);
    free(f->rep);
    free(f->stabilizer);
    free(f->twist_conj);
    free(f->ss_move);
    free(f->flip_move);
    free(f->twist_move);
    free(f->ud_move);
    free(f->ud_conj);
    free(f);
}

/* Room for `need` classes in rep[] and stabilizer[] (each array keeps its own
 * capacity, so a failure leaves both consistent). */
static int reserve_classes(gt_cube3_fss *f, size_t *rep_cap, size_t *stab_cap, size_t need)
{
    int rc = gt_array_reserve((void **)&f->rep, rep_cap, need, sizeof *f->rep, 0);
    if (rc == GT_OK)
        rc = gt_array_reserve((void **)&f->stabilizer, stab_cap, need, sizeof *f->stabilizer, 0);
    return rc;
}

/* The symmetries, their edge conjugations and inverses. */
static int sym_init(gt_cube3_fss *f, uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS], edge_conj econj[GT_CUBE3_SYMS])
{
    int rc = gt_cube3_sym_perms(perms);
    for (int s = 0; s < GT_CUBE3_SYMS && rc == GT_OK; s++) {
        edge_conj_init(perms[s], &econj[s]);
        f->sym_inverse[s] = -1;
        for (int t = 0; t < GT_CUBE3_SYMS; t++) {
            uint16_t p[GT_CUBE3_FACELETS];
            compose(perms[s], perms[t], p);
            int identity = 1;
            for (int x = 0; x < GT_CUBE3_FACELETS && identity; x++)
                identity = p[x] == x;
            if (identity)
                f->sym_inverse[s] = t;
        }
    }
    return rc;
}

/* A coordinate of a conjugate, for each value and symmetry: the
 * U-D-preserving symmetries keep U/D stickers on U/D and map the D layer to
 * itself or to the U layer, so the twist of a conjugate depends on the twist
 * alone, and its U/D split on the split alone. */
static int coord_conj_init(uint32_t size, void (*set)(gt_cube3 *, uint32_t), uint32_t (*get)(const gt_cube3 *),
                           uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS], uint16_t *out)
{
    for (uint32_t v = 0; v < size; v++) {
        gt_cube3 c, conj;
        gt_cube3_identity(&c);
        set(&c, v);
        for (int s = 0; s < GT_CUBE3_SYMS; s++) {
            int rc = gt_cube3_conjugate(&c, perms[s], &conj);
            if (rc != GT_OK)
                return rc;
            out[v * GT_CUBE3_SYMS + (uint32_t)s] = (uint16_t)get(&conj);
        }
    }
    return GT_OK;
}

/* A coordinate left out: one value, 0. */
static void set_none(gt_cube3 *c, uint32_t v)
{
    (void)c;
    (void)v;
}

static uint32_t get_none(const gt_cube3 *c)
{
    (void)c;
    return 0;
}

/* One inner coordinate's move and conjugation tables (*size 1 and zeros
 * when it is left out). */
static int inner_coord_init(int wanted, uint32_t size, void (*set)(gt_cube3 *, uint32_t),
                            uint32_t (*get)(const gt_cube3 *), uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS],
                            uint32_t *n, uint32_t **move, uint16_t **conj)
{
    *n = wanted ? size : 1;
    if (!wanted) {
        set = set_none;
        get = get_none;
    }
    if (!(*conj = malloc(*n * GT_CUBE3_SYMS * sizeof **conj)))
        return GT_ERR_NOMEM;
    int rc = gt_cube3_coord_move_table(*n, set, get, move);
    return rc == GT_OK ? coord_conj_init(*n, set, get, perms, *conj) : rc;
}

/* The move and conjugation tables of the inner coordinates: the twist and
 * the U/D split, each with one value, always 0, when left out. */
static int inner_init(gt_cube3_fss *f, int inner, uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS])
{
    int rc = inner_coord_init(inner & GT_CUBE3_INNER_TWIST, GT_CUBE3_TWISTS, gt_cube3_set_twist, gt_cube3_twist,
                              perms, &f->n_tw, &f->twist_move, &f->twist_conj);
    if (rc == GT_OK)
        rc = inner_coord_init(inner & GT_CUBE3_INNER_SPLIT, GT_CUBE3_UD_SPLITS, gt_cube3_set_ud_split,
                              gt_cube3_ud_split, perms, &f->n_ud, &f->ud_move, &f->ud_conj);
    f->n_inner = f->n_tw * f->n_ud;
    return rc;
}

/* Classes in order of their smallest member, which is the representative. */
static int classes_init(gt_cube3_fss *f, const edge_conj econj[GT_CUBE3_SYMS], size_t rep_cap, size_t stab_cap)
{
    const gt_cube3_sym_slice *sl = f->slice;
    memset(f->class_of, 0xff, (size_t)f->n_x * sizeof *f->class_of);
    uint32_t n = 0;
    for (uint32_t x = 0; x < f->n_x; x++) {
        if (f->class_of[x] != UNASSIGNED)
            continue;
        gt_cube3 c, conj;
        gt_cube3_identity(&c);
        sl->set(&c, x / GT_CUBE3_FLIPS);
        gt_cube3_set_flip(&c, x % GT_CUBE3_FLIPS);
        uint16_t stab = 0;
        for (int s = 0; s < GT_CUBE3_SYMS; s++) {
            edge_conjugate(&econj[s], &c, &conj);
            uint32_t y = sl->get(&conj) * GT_CUBE3_FLIPS + gt_cube3_flip(&conj);
            if (y == x)
                stab |= (uint16_t)(1u << s);
            if (f->class_of[y] == UNASSIGNED) /* conj(y, s^-1) = x */
                f->class_of[y] = n << 4 | (uint32_t)f->sym_inverse[s];
        }
        int rc = reserve_classes(f, &rep_cap, &stab_cap, (size_t)n + 1);
        if (rc != GT_OK)
            return rc;
        f->rep[n] = x;
        f->stabilizer[n] = stab;
        n++;
    }
    f->n_classes = n;
    return GT_OK;
}

int gt_cube3_fss_new(gt_cube3_fss **out, int threads)
{
    return gt_cube3_sym_classes_new(&gt_cube3_sym_sorted, GT_CUBE3_INNER_TWIST, out, threads);
}

int gt_cube3_sym_classes_new(const gt_cube3_sym_slice *slice, int inner, gt_cube3_fss **out, int threads)
{
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS];
    edge_conj econj[GT_CUBE3_SYMS];
    int rc;
    (void)threads;
    gt_cube3_fss *f = calloc(1, sizeof *f);
    if (!f)
        return GT_ERR_NOMEM;
    f->slice = slice;
    f->n_x = slice->size * GT_CUBE3_FLIPS;
    if ((rc = sym_init(f, perms, econj)) != 0)
        goto free_fss;
    if ((rc = gt_cube3_coord_move_table(slice->size, slice->set, slice->get, &f->ss_move)) != 0 ||
        (rc = gt_cube3_coord_move_table(GT_CUBE3_FLIPS, gt_cube3_set_flip, gt_cube3_flip, &f->flip_move)) != 0 ||
        (rc = inner_init(f, inner, perms)) != 0)
        goto free_fss;
    f->class_of = gt_alloc_huge((size_t)f->n_x * sizeof *f->class_of);
    size_t rep_cap = 0, stab_cap = 0; /* room for X/8 classes (about X/16); grown if ever short */
    if (!f->class_of || reserve_classes(f, &rep_cap, &stab_cap, f->n_x / 8) != GT_OK) {
        rc = GT_ERR_NOMEM;
        goto free_fss;
    }
    if ((rc = classes_init(f, econj, rep_cap, stab_cap)) != GT_OK)
        goto free_fss;
    *out = f;
    return GT_OK;

free_fss:
    gt_cube3_fss_free(f);
    return rc;
}

/* The inner coordinate (twist * n_ud + split) of the conjugate by s. */
static inline uint32_t inner_conj(const gt_cube3_fss *f, uint32_t twist, uint32_t split, uint32_t s)
{
    return f->twist_conj[twist * GT_CUBE3_SYMS + s] * f->n_ud + f->ud_conj[split * GT_CUBE3_SYMS + s];
}

uint64_t gt_cube3_fss_entry_of(const gt_cube3_fss *f, const gt_cube3 *c)
{
    uint32_t cs = f->class_of[f->slice->get(c) * GT_CUBE3_FLIPS + gt_cube3_flip(c)];
    uint32_t split = f->n_ud > 1 ? gt_cube3_ud_split(c) : 0, twist = f->n_tw > 1 ? gt_cube3_twist(c) : 0;
    return (uint64_t)(cs >> 4) * f->n_inner + inner_conj(f, twist, split, cs & 15u);
}

/* ---- BFS ---- */

static inline int claim(uint8_t *cell, uint8_t value)
{
    uint8_t expected = GT_UNREACHED;
    return __atomic_load_n(cell, __ATOMIC_RELAXED) == GT_UNREACHED &&
           __atomic_compare_exchange_n(cell, &expected, value, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* The 18 neighbouring classes of a class and the symmetry taking each
 * neighbour to its representative. */
static void neighbours(const gt_cube3_fss *f, uint32_t cls, uint32_t *ncls, uint32_t *nsym)
{
    uint32_t x = f->rep[cls], ss = x / GT_CUBE3_FLIPS, flip = x % GT_CUBE3_FLIPS; /* ss: the slice coordinate */
    for (int m = 0; m < GT_CUBE3_MOVES; m++) {
        uint32_t y = f->ss_move[ss * GT_CUBE3_MOVES + (uint32_t)m] * GT_CUBE3_FLIPS +
                     f->flip_move[flip * GT_CUBE3_MOVES + (uint32_t)m];
        ncls[m] = f->class_of[y] >> 4;
        nsym[m] = f->class_of[y] & 15u;
    }
}

/* Entries of a symmetric representative that are the same position seen
 * through a stabilising symmetry must hold the same distance: mark them all. */
static uint64_t claim_all(const gt_cube3_fss *f, uint8_t *dist, uint32_t cls, uint32_t twist, uint32_t split,
                          uint8_t value)
{
    uint64_t base = (uint64_t)cls * f->n_inner, found = claim(&dist[base + twist * f->n_ud + split], value);
    uint16_t stab = f->stabilizer[cls];
    if (stab != 1)
        for (uint32_t s = 1; s < GT_CUBE3_SYMS; s++)
            if (stab >> s & 1)
                found += claim(&dist[base + inner_conj(f, twist, split, s)], value);
    return found;
}

/* Where move m takes the inner coordinates (t, u) of a class whose
 * neighbour under m is read through symmetry nsym: twist and split apart. */
static inline uint32_t moved_twist(const gt_cube3_fss *f, uint32_t t, int m, uint32_t nsym)
{
    return f->twist_conj[f->twist_move[t * GT_CUBE3_MOVES + (uint32_t)m] * GT_CUBE3_SYMS + nsym];
}

static inline uint32_t moved_split(const gt_cube3_fss *f, uint32_t u, int m, uint32_t nsym)
{
    return f->ud_conj[f->ud_move[u * GT_CUBE3_MOVES + (uint32_t)m] * GT_CUBE3_SYMS + nsym];
}

static uint64_t expand_forward(const gt_cube3_fss *f, uint8_t *dist, uint8_t depth, int threads)
{
    uint64_t found = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 64) reduction(+ : found)
    for (int64_t cls = 0; cls < (int64_t)f->n_classes; cls++) {
        const uint8_t *row = dist + (uint64_t)cls * f->n_inner;
        uint32_t ncls[GT_CUBE3_MOVES], nsym[GT_CUBE3_MOVES];
        int have = 0;
        for (uint32_t i = 0; i < f->n_inner; i++) {
            if (__atomic_load_n(&row[i], __ATOMIC_RELAXED) != depth)
                continue;
            if (!have) {
                neighbours(f, (uint32_t)cls, ncls, nsym);
                have = 1;
            }
            uint32_t t = i / f->n_ud, u = i % f->n_ud;
            for (int m = 0; m < GT_CUBE3_MOVES; m++)
                found += claim_all(f, dist, ncls[m], moved_twist(f, t, m, nsym[m]), moved_split(f, u, m, nsym[m]),
                                   (uint8_t)(depth + 1));
        }
    }
    return found;
}

/* One twist's entries of a class (row + t * n_ud, n_ud of them): each
 * unreached one whose neighbour under some move is at `depth` is at depth+1. */
static uint64_t pull_twist(const gt_cube3_fss *f, uint8_t *cells, uint32_t t, const uint32_t *ncls,
                           const uint32_t *nsym, const uint8_t *dist, uint8_t depth)
{
    uint64_t found = 0;
    for (uint32_t u = 0; u < f->n_ud; u++) {
        if (__atomic_load_n(&cells[u], __ATOMIC_RELAXED) != GT_UNREACHED)
            continue;
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            uint64_t e = (uint64_t)ncls[m] * f->n_inner + moved_twist(f, t, m, nsym[m]) * f->n_ud +
                         moved_split(f, u, m, nsym[m]);
            if (__atomic_load_n(&dist[e], __ATOMIC_RELAXED) == depth) {
                __atomic_store_n(&cells[u], (uint8_t)(depth + 1), __ATOMIC_RELAXED);
                found++;
                break;
            }
        }
    }
    return found;
}

static uint64_t expand_backward(const gt_cube3_fss *f, uint8_t *dist, uint8_t depth, int threads)
{
    uint64_t found = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 64) reduction(+ : found)
    for (int64_t cls = 0; cls < (int64_t)f->n_classes; cls++) {
        uint8_t *row = dist + (uint64_t)cls * f->n_inner;
        uint32_t ncls[GT_CUBE3_MOVES], nsym[GT_CUBE3_MOVES];
        if (!memchr(row, GT_UNREACHED, f->n_inner))
            continue; /* a row all reached needs no neighbours */
        neighbours(f, (uint32_t)cls, ncls, nsym);
        for (uint32_t t = 0; t < f->n_tw; t++)
            found += pull_twist(f, row + t * f->n_ud, t, ncls, nsym, dist, depth);
    }
    return found;
}

/* The BFS's level hooks (puzzle.h): the goal's class is class 0 (its
 * representative is the solved X), and a level is expanded class by class. */
static uint64_t fss_seed(const gt_puzzle *p, uint8_t *dist)
{
    return claim_all(p->ctx, dist, 0, 0, 0, 0);
}

static uint64_t fss_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    return forward ? expand_forward(p->ctx, dist, depth, threads) : expand_backward(p->ctx, dist, depth, threads);
}

static const gt_bfs_levels fss_levels = {.seed = fss_seed, .expand = fss_expand};

int gt_cube3_fss_puzzle_new(gt_puzzle **out, int threads)
{
    return gt_cube3_sym_puzzle_new(&gt_cube3_sym_sorted, GT_CUBE3_INNER_TWIST, GT_CUBE3_FSS_TABLE, out, threads);
}

int gt_cube3_sym_puzzle_new(const gt_cube3_sym_slice *slice, int inner, const char *name, gt_puzzle **out,
                            int threads)
{
    gt_puzzle *p = calloc(1, sizeof *p);
    gt_cube3_fss *f = NULL;
    int rc = p ? gt_cube3_sym_classes_new(slice, inner, &f, threads) : GT_ERR_NOMEM;
    if (rc) {
        free(p);
        return rc;
    }
    *p = (gt_puzzle){.name = name, .metric = "htm", .n_states = gt_cube3_fss_states(f),
                     .n_moves = GT_CUBE3_MOVES, .move_names = gt_cube3_move_names,
                     .move_inverse = gt_cube3_move_inverse, .levels = &fss_levels, .ctx = f};
    *out = p;
    return GT_OK;
}

void gt_cube3_fss_puzzle_free(gt_puzzle *p)
{
    if (!p)
        return;
    gt_cube3_fss_free(p->ctx);
    free(p);
}

void gt_cube3_sym_expand_counts(const gt_cube3_fss *f, const uint8_t *dist, uint64_t counts[16])
{
    memset(counts, 0, 16 * sizeof *counts);
    for (uint32_t c = 0; c < f->n_classes; c++) {
        uint64_t size = GT_CUBE3_SYMS / (uint64_t)__builtin_popcount(f->stabilizer[c]);
        const uint8_t *row = dist + (uint64_t)c * f->n_inner;
        for (uint32_t i = 0; i < f->n_inner; i++)
            if (row[i] < 16)
                counts[row[i]] += size;
    }
}
