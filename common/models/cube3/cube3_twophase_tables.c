/* The two-phase solver's tables (cube3_twophase.h): coordinate move tables
 * and four pruning tables, each a breadth-first search over the product of
 * two coordinates. All are small enough to build at start-up (measured in
 * docs/cube3.md), so nothing here is stored. */
#include "cube3_twophase.h"
#include "cube3_sym.h"
#include "gt_error.h"
#include "lehmer.h"

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
 * level by level; both coordinates are 0 on the solved cube. */
static void prune_bfs(uint32_t na, uint32_t nb, const uint16_t *ma, const uint16_t *mb, int n_moves,
                      uint8_t *dist)
{
    uint32_t n = na * nb, done = 1, before = 0;
    memset(dist, 0xFF, n);
    dist[0] = 0;
    /* Stops when a level adds nothing, in case a projection is not onto. */
    for (uint8_t depth = 0; done < n && done > before && depth < 0xFE; depth++) {
        before = done;
        for (uint32_t i = 0; i < n; i++) {
            if (dist[i] != depth)
                continue;
            uint32_t a = i / nb, b = i % nb;
            for (int k = 0; k < n_moves; k++) {
                uint32_t j = (uint32_t)ma[a * (uint32_t)n_moves + (uint32_t)k] * nb + mb[b * (uint32_t)n_moves + (uint32_t)k];
                if (dist[j] == 0xFF) {
                    dist[j] = (uint8_t)(depth + 1);
                    done++;
                }
            }
        }
    }
}

static int alloc_tables(gt_cube3_twophase_tables *t)
{
    const size_t m1 = GT_CUBE3_MOVES, m2 = GT_CUBE3_P2_MOVES;
    t->twist_move = malloc(GT_CUBE3_TWISTS * m1 * sizeof(uint16_t));
    t->flip_move = malloc(GT_CUBE3_FLIPS * m1 * sizeof(uint16_t));
    t->slice_move = malloc(GT_CUBE3_SLICES * m1 * sizeof(uint16_t));
    t->cperm_move = malloc(GT_CUBE3_CPERMS * m2 * sizeof(uint16_t));
    t->eperm_move = malloc(GT_CUBE3_EPERMS * m2 * sizeof(uint16_t));
    t->twist_slice = malloc(GT_CUBE3_TWISTS * GT_CUBE3_SLICES);
    t->flip_slice = malloc(GT_CUBE3_FLIPS * GT_CUBE3_SLICES);
    t->cperm_sperm = malloc(GT_CUBE3_CPERMS * GT_CUBE3_SPERMS);
    t->eperm_sperm = malloc(GT_CUBE3_EPERMS * GT_CUBE3_SPERMS);
    t->bytes = sizeof *t + (GT_CUBE3_TWISTS + GT_CUBE3_FLIPS + GT_CUBE3_SLICES) * m1 * 2 +
               (GT_CUBE3_CPERMS + GT_CUBE3_EPERMS) * m2 * 2 + (GT_CUBE3_TWISTS + GT_CUBE3_FLIPS) * GT_CUBE3_SLICES +
               (GT_CUBE3_CPERMS + GT_CUBE3_EPERMS) * GT_CUBE3_SPERMS;
    return t->twist_move && t->flip_move && t->slice_move && t->cperm_move && t->eperm_move && t->twist_slice &&
                   t->flip_slice && t->cperm_sperm && t->eperm_sperm
               ? GT_OK
               : GT_ERR_NOMEM;
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
    prune_bfs(GT_CUBE3_TWISTS, GT_CUBE3_SLICES, t->twist_move, t->slice_move, GT_CUBE3_MOVES, t->twist_slice);
    prune_bfs(GT_CUBE3_FLIPS, GT_CUBE3_SLICES, t->flip_move, t->slice_move, GT_CUBE3_MOVES, t->flip_slice);
}

static void phase2_tables(gt_cube3_twophase_tables *t)
{
    const uint8_t *p2 = gt_cube3_twophase_p2_moves;
    move_table(GT_CUBE3_CPERMS, gt_cube3_set_cperm, gt_cube3_cperm, p2, GT_CUBE3_P2_MOVES, t->cperm_move);
    move_table(GT_CUBE3_EPERMS, set_eperm, gt_cube3_twophase_eperm, p2, GT_CUBE3_P2_MOVES, t->eperm_move);
    move_table(GT_CUBE3_SPERMS, set_sperm, gt_cube3_twophase_sperm, p2, GT_CUBE3_P2_MOVES, t->sperm_move);
    prune_bfs(GT_CUBE3_CPERMS, GT_CUBE3_SPERMS, t->cperm_move, t->sperm_move, GT_CUBE3_P2_MOVES, t->cperm_sperm);
    prune_bfs(GT_CUBE3_EPERMS, GT_CUBE3_SPERMS, t->eperm_move, t->sperm_move, GT_CUBE3_P2_MOVES, t->eperm_sperm);
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
    /* Two independent halves (phase 1, phase 2) of about equal cost, one a core. */
#pragma omp parallel sections num_threads(2)
    {
#pragma omp section
        phase1_tables(t);
#pragma omp section
        phase2_tables(t);
    }
    *out = t;
    return GT_OK;
}

void gt_cube3_twophase_tables_free(gt_cube3_twophase_tables *t)
{
    if (!t)
        return;
    free(t->twist_move);
    free(t->flip_move);
    free(t->slice_move);
    free(t->cperm_move);
    free(t->eperm_move);
    free(t->twist_slice);
    free(t->flip_slice);
    free(t->cperm_sperm);
    free(t->eperm_sperm);
    free(t);
}
