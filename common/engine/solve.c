#include "solve.h"
#include "gt_error.h"
#include "puzzle_internal.h"

#include <omp.h>
#include <string.h>

/* descending_move for a descriptor without move tables: its neighbour hook
 * gives the n_moves neighbours at once (puzzle.h). */
static int descending_hooked(const gt_puzzle *p, const gt_table *t, uint64_t state, int want, int from_move,
                             uint64_t *next)
{
    uint64_t out[GT_MAX_MOVES];
    p->neighbours(p, state, out);
    for (int m = from_move; m < p->n_moves; m++)
        if (gt_table_residue(t, p, out[m]) == want) {
            *next = out[m];
            return m;
        }
    return -1;
}

/* The move leading from `state` (residue r) to a neighbour one step closer,
 * or -1. With modulus M, the closer neighbour has residue (r - 1) mod M. */
static int descending_move(const gt_puzzle *p, const gt_table *t, uint64_t state, int r, int modulus,
                           int from_move, uint64_t *next)
{
    int want = (r + modulus - 1) % modulus;
    if (p->n_coords == 0) /* a ranked index: the move tables below are absent */
        return descending_hooked(p, t, state, want, from_move, next);
    gt_puzzle_rows rows = gt_puzzle_split(p, state);
    if (t->meta.encoding == GT_ENC_MOD3) { /* the common case, without the per-probe switch */
        for (int m = from_move; m < p->n_moves; m++) {
            uint64_t s = gt_puzzle_at(&rows, m);
            if ((int)((t->data[s >> 2] >> ((s & 3) * 2)) & 3u) == want) {
                *next = s;
                return m;
            }
        }
        return -1;
    }
    for (int m = from_move; m < p->n_moves; m++) {
        uint64_t s = gt_puzzle_at(&rows, m);
        if (gt_table_residue(t, p, s) == want) {
            *next = s;
            return m;
        }
    }
    return -1;
}

static int check_state(const gt_puzzle *p, const gt_table *t, uint64_t state, int *residue)
{
    if (state >= p->n_states || t->meta.n_states != p->n_states || (p->n_coords == 0 && !p->neighbours))
        return GT_ERR_INVAL; /* out of range, another table, or no neighbours to walk */
    if ((t->meta.encoding == GT_ENC_PARITY1 && !p->distance_parity) || t->meta.encoding == GT_ENC_TOP2)
        return GT_ERR_INVAL; /* TOP2 keeps no residue of small distances: nothing to walk down */
    *residue = gt_table_residue(t, p, state);
    return *residue < 0 ? GT_ERR_ILLEGAL : GT_OK;
}

int gt_solve_walk(const gt_puzzle *p, const gt_table *t, uint64_t state, uint8_t *moves, int cap,
                  int *length)
{
    int r, rc = check_state(p, t, state, &r);
    if (rc)
        return rc;
    const int modulus = gt_table_modulus(t), god = t->meta.distribution.max_depth;
    int len = 0;
    while (state != p->solved) {
        uint64_t next;
        int m = descending_move(p, t, state, r, modulus, 0, &next);
        if (m < 0 || len >= god)
            return GT_ERR_CORRUPT;
        if (len >= cap)
            return GT_ERR_RANGE;
        moves[len++] = (uint8_t)m;
        state = next;
        r = (r + modulus - 1) % modulus;
    }
    *length = len;
    return GT_OK;
}

int gt_solve_distance(const gt_puzzle *p, const gt_table *t, uint64_t state, int *distance)
{
    uint8_t moves[GT_MAX_DEPTH + 1];
    return gt_solve_walk(p, t, state, moves, GT_MAX_DEPTH + 1, distance);
}

int gt_solve_distances(const gt_puzzle *p, const gt_table *t, uint64_t from, uint64_t count, uint8_t *out,
                       int threads)
{
    if (!p || !t || from > p->n_states || count > p->n_states - from || t->meta.encoding == GT_ENC_TOP2)
        return GT_ERR_INVAL; /* TOP2 keeps no distances up to its base */
    int direct = t->meta.encoding == GT_ENC_BYTE || t->meta.encoding == GT_ENC_NIBBLE, rc = GT_OK;
    if (threads <= 0)
        threads = omp_get_max_threads();
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4096)
    for (int64_t k = 0; k < (int64_t)count; k++) {
        uint64_t i = from + (uint64_t)k;
        int r = gt_table_residue(t, p, i), d = -1, e = GT_OK;
        if (r >= 0 && direct)
            d = r;
        else if (r >= 0)
            e = gt_solve_distance(p, t, i, &d); /* a residue is not a distance: walk it */
        out[k] = d < 0 ? GT_UNREACHED : (uint8_t)d;
        if (e) {
#pragma omp critical
            rc = e;
        }
    }
    return rc;
}

/* Depth-first enumeration of descending walks; the path so far is in moves. */
typedef struct all_walks {
    const gt_puzzle *p;
    const gt_table *t;
    int modulus, god;
    gt_solution_fn fn;
    void *user;
    uint64_t count;
    int stopped, corrupt;
    uint8_t moves[GT_MAX_DEPTH + 1];
} all_walks;

static void enumerate(all_walks *w, uint64_t state, int r, int len)
{
    if (state == w->p->solved) {
        w->count++;
        if (w->fn && w->fn(w->user, w->moves, len))
            w->stopped = 1;
        return;
    }
    if (len >= w->god) {
        w->corrupt = 1;
        return;
    }
    int found = 0;
    for (int m = 0; m < w->p->n_moves && !w->stopped && !w->corrupt; m++) {
        uint64_t next;
        m = descending_move(w->p, w->t, state, r, w->modulus, m, &next);
        if (m < 0)
            break;
        found = 1;
        w->moves[len] = (uint8_t)m;
        enumerate(w, next, (r + w->modulus - 1) % w->modulus, len + 1);
    }
    if (!found)
        w->corrupt = 1;
}

int gt_solve_all(const gt_puzzle *p, const gt_table *t, uint64_t state, gt_solution_fn fn,
                 void *user, uint64_t *count)
{
    int r, rc = check_state(p, t, state, &r);
    if (rc)
        return rc;
    all_walks w = {.p = p, .t = t, .modulus = gt_table_modulus(t),
                   .god = t->meta.distribution.max_depth, .fn = fn, .user = user};
    enumerate(&w, state, r, 0);
    if (w.corrupt)
        return GT_ERR_CORRUPT;
    *count = w.count;
    return GT_OK;
}

/* The length of a quarter turn's face letters ("R" of "R'", "Rw" of
 * "Rw'"), or 0 when the name is not letters with at most a trailing "'". */
static size_t quarter_turn_face(const char *name)
{
    size_t k = 0;
    while ((name[k] >= 'A' && name[k] <= 'Z') || (name[k] >= 'a' && name[k] <= 'z'))
        k++;
    return k && (!name[k] || (name[k] == '\'' && !name[k + 1])) ? k : 0;
}

int gt_solve_format_moves(const gt_puzzle *p, const uint8_t *moves, int n, char *out, size_t cap)
{
    int qtm = p->metric && !strcmp(p->metric, "qtm");
    size_t len = 0;
    if (cap == 0)
        return GT_ERR_RANGE;
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *name = p->move_names[moves[i]];
        size_t k = strlen(name), face = qtm && i + 1 < n && moves[i + 1] == moves[i] ? quarter_turn_face(name) : 0;
        if (face)
            k = face + 1; /* "R2" */
        if (len + k + 2 > cap)
            return GT_ERR_RANGE;
        if (i)
            out[len++] = ' ';
        if (face) {
            memcpy(out + len, name, face);
            out[len + face] = '2';
            out[len + k] = 0;
            i++; /* the second quarter turn is in the "2" */
        } else {
            memcpy(out + len, name, k + 1);
        }
        len += k;
    }
    return GT_OK;
}

int gt_solve_written_once(const gt_puzzle *p, const uint8_t *moves, int n)
{
    if (!p->metric || strcmp(p->metric, "qtm"))
        return 1;
    for (int i = 0; i + 1 < n; i++) {
        const char *name = p->move_names[moves[i]];
        size_t face = moves[i + 1] == moves[i] ? quarter_turn_face(name) : 0;
        if (face && name[face] == '\'')
            return 0;
    }
    return 1;
}
