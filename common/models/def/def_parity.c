/* Bipartite definitions (the 1-bit table, table.h's GT_ENC_PARITY1): a
 * state's distance parity from its coordinates.
 *
 * On an orbit whose pieces are all distinct, the arrangement is a
 * permutation with a sign, and a move changes that sign by the sign of the
 * move restricted to the orbit. Choose a set S of such orbits and let
 * f(state) be the XOR of their signs. If every move of the metric flips f
 * (is odd on S), then f(solved) = 0 and each move changes both f and the
 * distance's parity, so f is the distance mod 2 and the graph is bipartite.
 * S is a solution of A x = 1 over GF(2), A[move][orbit] the move's sign on
 * the orbit (Gaussian elimination): on the 3x3x3 a quarter turn is odd on
 * the corners and on the edges, so S = {corners} works where all orbits
 * together would not. Orbits with identical pieces have no sign and are
 * never in S; with no solution the puzzle counts as not bipartite (the
 * 2-bit table then), never wrongly as bipartite.
 *
 * Each orbit's arrangement is one permutation factor, in one coordinate
 * (or a constant), so f splits into one bit per coordinate value, computed
 * once by walking the coordinate's move table: the values are numbered in
 * breadth-first order from 0, so each is reached from a smaller one before
 * it is read. */
#include "def_internal.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

#define PARITY_COLS 64 /* orbits with a sign some move changes, at most */

/* Row-reduces A x = rhs over GF(2) (rows: moves, bit c: column c) in
 * place; pivot_row[c] is the row of column c's pivot or -1. Returns 1 if
 * the system has a solution. */
static int parity_eliminate(uint64_t *row, int *rhs, int n_rows, int n_cols, int *pivot_row)
{
    int rank = 0;
    for (int c = 0; c < n_cols; c++) {
        pivot_row[c] = -1;
        for (int r = rank; r < n_rows; r++) {
            if (!(row[r] >> c & 1))
                continue;
            uint64_t t = row[r];
            int tr = rhs[r];
            row[r] = row[rank], rhs[r] = rhs[rank], row[rank] = t, rhs[rank] = tr;
            for (int q = 0; q < n_rows; q++)
                if (q != rank && (row[q] >> c & 1))
                    row[q] ^= row[rank], rhs[q] ^= rhs[rank];
            pivot_row[c] = rank++;
            break;
        }
    }
    for (int r = rank; r < n_rows; r++)
        if (rhs[r]) /* 0 = 1 */
            return 0;
    return 1;
}

/* The orbits of S (use[o] = 1): a solution of A x = 1, A's columns the
 * distinct-piece orbits some move is odd on. Returns 1 if one exists. */
static int parity_select(const gt_def_model *m, uint8_t *use)
{
    int col[PARITY_COLS], n_cols = 0, pivot_row[PARITY_COLS], rhs[GT_MAX_MOVES];
    uint64_t row[GT_MAX_MOVES];
    memset(use, 0, (size_t)m->n_orbits);
    for (int o = 0; o < m->n_orbits; o++) {
        const gt_def_orbit *ob = &m->orbit[o];
        const int odd = ob->n_labels == ob->k && !gt_def_orbit_even(m, ob);
        if (odd && n_cols == PARITY_COLS)
            return 0; /* too many to solve for here: the 2-bit table */
        if (odd)
            col[n_cols++] = o;
    }
    for (int mv = 0; mv < m->n_moves; mv++) {
        row[mv] = 0;
        rhs[mv] = 1;
        for (int c = 0; c < n_cols; c++)
            row[mv] |= (uint64_t)gt_def_move_odd(&m->orbit[col[c]], mv) << c;
    }
    if (m->n_moves == 0 || !parity_eliminate(row, rhs, m->n_moves, n_cols, pivot_row))
        return 0;
    for (int c = 0; c < n_cols; c++) /* free columns 0: a pivot takes its row's right side */
        if (pivot_row[c] >= 0)
            use[col[c]] = (uint8_t)rhs[pivot_row[c]];
    return 1;
}

/* The sign of move mv on the orbits of S whose permutation factor is in
 * coordinate c. */
static int parity_move(const gt_def_model *m, int mv, int c)
{
    int sign = 0;
    for (int i = 0; i < m->coord_nf[c]; i++) {
        const gt_def_factor *f = &m->factor[m->coord_factor[c][i]];
        if (f->kind == DEF_PERM && m->parity_orbit[f->orbit])
            sign ^= gt_def_move_odd(&m->orbit[f->orbit], mv);
    }
    return sign;
}

int gt_def_model_bipartite(const gt_def_model *m)
{
    uint8_t *use = malloc((size_t)m->n_orbits + 1);
    int yes = use && parity_select(m, use);
    free(use);
    return yes;
}

/* One coordinate's bits: 0 at the solved value, flipped by the moves that
 * are odd on it. Returns GT_OK, GT_ERR_NOMEM or GT_ERR_RANGE (inconsistent:
 * cannot happen when the signs are functions of the values, see above). */
static int parity_coord(gt_def_model *m, int c)
{
    const gt_def_enum *e = &m->coord[c];
    int flip[GT_MAX_MOVES];
    uint8_t *bit = malloc(e->size);
    if (!bit)
        return GT_ERR_NOMEM;
    memset(bit, 0xff, e->size);
    bit[0] = 0;
    for (int mv = 0; mv < m->n_moves; mv++)
        flip[mv] = parity_move(m, mv, c);
    for (uint64_t v = 0; v < e->size; v++)
        for (int mv = 0; mv < m->n_moves && bit[v] != 0xff; mv++) {
            uint32_t w = e->move[v * (uint64_t)m->n_moves + (uint64_t)mv];
            uint8_t want = (uint8_t)(bit[v] ^ flip[mv]);
            if (bit[w] == 0xff)
                bit[w] = want;
            else if (bit[w] != want)
                bit[v] = 0xff; /* stops the walk: reported below */
        }
    for (uint64_t v = 0; v < e->size; v++)
        if (bit[v] == 0xff) {
            free(bit);
            return GT_ERR_RANGE;
        }
    m->parity[c] = bit;
    return GT_OK;
}

static int parity_distance(const gt_puzzle *p, uint64_t index)
{
    const gt_def_model *m = p->ctx;
    if (m->n_coords == 1)
        return m->parity[0][index];
    return m->parity[0][index / m->coord[1].size] ^ m->parity[1][index % m->coord[1].size];
}

int gt_def_parity_build(gt_def_model *m)
{
    if (!(m->parity_orbit = malloc((size_t)m->n_orbits + 1)))
        return GT_ERR_NOMEM;
    if (!parity_select(m, m->parity_orbit))
        return GT_OK;
    for (int c = 0; c < m->n_coords; c++) {
        int rc = parity_coord(m, c);
        if (rc == GT_ERR_NOMEM)
            return rc;
        if (rc) /* not a function of the coordinates: keep the 2-bit table */
            return GT_OK;
    }
    m->puzzle.distance_parity = parity_distance;
    return GT_OK;
}
