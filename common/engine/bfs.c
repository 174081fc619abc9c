#include "bfs.h"
#include "alloc.h"
#include "gt_error.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* Levels are expanded either forwards (scan the frontier, mark unreached
 * neighbours) or backwards (scan unreached states, look for a neighbour in the
 * frontier), whichever scans fewer states: backwards wins once the frontier
 * outgrows what is left. Both directions write only the value depth+1, so
 * races between threads cannot change the result. */


/* States are visited row by row: a row is one value of the first coordinate
 * (the whole space for one-coordinate puzzles), so each move's first-
 * coordinate part is looked up once per row instead of once per state. The
 * second coordinate's move table is transposed (move-major) and narrowed to
 * 16 bits when it fits, so a row's inner loop stays in the L1 cache. */
typedef struct row_space {
    uint64_t rows, row_size;
    const uint32_t *move0;
    uint16_t *move1_by_move; /* move1_by_move[m * row_size + c1]; NULL for one coordinate */
    int n_moves;
} row_space;

static int rows_init(const gt_puzzle *p, row_space *r)
{
    *r = (row_space){p->n_states, 1, p->coord[0].move, NULL, p->n_moves};
    if (p->n_coords == 1)
        return GT_OK;
    uint64_t size1 = p->coord[1].size;
    if (size1 > 65536)
        return GT_ERR_INVAL;
    r->rows = p->coord[0].size;
    r->row_size = size1;
    r->move1_by_move = malloc(size1 * (uint64_t)p->n_moves * sizeof(uint16_t));
    if (!r->move1_by_move)
        return GT_ERR_NOMEM;
    for (uint64_t c1 = 0; c1 < size1; c1++)
        for (int m = 0; m < p->n_moves; m++)
            r->move1_by_move[(uint64_t)m * size1 + c1] = (uint16_t)p->coord[1].move[c1 * p->n_moves + m];
    return GT_OK;
}

/* base[m] + move1_by_move[m][c1] is the neighbour of (row, c1) by move m. */
static void row_bases(const row_space *r, uint64_t row, uint64_t *base)
{
    for (int m = 0; m < r->n_moves; m++)
        base[m] = r->move1_by_move ? (uint64_t)r->move0[row * r->n_moves + m] * r->row_size : 0;
}

static inline uint64_t neighbour(const row_space *r, const uint64_t *base, uint64_t row, uint64_t c1, int m)
{
    return r->move1_by_move ? base[m] + r->move1_by_move[(uint64_t)m * r->row_size + c1]
                            : r->move0[row * r->n_moves + m];
}

static inline uint8_t load_relaxed(const uint8_t *cell)
{
    return __atomic_load_n(cell, __ATOMIC_RELAXED);
}

/* Bit k (k = 0..7) set iff byte k of the 8 bytes at p equals v (exact: the
 * high bit of each byte of t is clear only for zero bytes of p XOR v). */
static inline unsigned match_mask(const uint8_t *p, uint8_t v)
{
    uint64_t w;
    memcpy(&w, p, 8);
    uint64_t x = w ^ (0x0101010101010101ull * v);
    uint64_t t = ((x & 0x7F7F7F7F7F7F7F7Full) + 0x7F7F7F7F7F7F7F7Full) | x;
    uint64_t zero_high = ~t & 0x8080808080808080ull;
    return (unsigned)((zero_high * 0x02040810204081ull) >> 56); /* gather the 8 high bits */
}

/* Calls body(c1) for every cell of the row equal to v, 8 cells at a time. */
#define FOR_EACH_MATCH(cells, row_size, v, c1, body)                                               \
    do {                                                                                           \
        uint64_t c1 = 0;                                                                           \
        for (; c1 + 8 <= (row_size); c1 += 8) {                                                    \
            unsigned mask_ = match_mask((cells) + c1, (v));                                        \
            while (mask_) {                                                                        \
                uint64_t c1_save_ = c1;                                                            \
                c1 += (uint64_t)__builtin_ctz(mask_);                                              \
                body;                                                                              \
                c1 = c1_save_;                                                                     \
                mask_ &= mask_ - 1;                                                                \
            }                                                                                      \
        }                                                                                          \
        for (; c1 < (row_size); c1++)                                                              \
            if ((cells)[c1] == (v)) {                                                              \
                body;                                                                              \
            }                                                                                      \
    } while (0)

/* Forward step. Only cells at GT_UNREACHED change during a level, and every
 * writer writes the same value `next`, so the unsynchronised read-modify-
 * write below cannot lose or invent a state; the level is counted afterwards
 * instead of with atomic counters. */
static void expand_forward(const row_space *r, uint8_t *dist, uint8_t depth, int threads)
{
    const uint8_t next = (uint8_t)(depth + 1);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
    for (int64_t row = 0; row < (int64_t)r->rows; row++) {
        uint64_t base[GT_MAX_MOVES];
        row_bases(r, (uint64_t)row, base);
        uint8_t *cells = dist + (uint64_t)row * r->row_size;
        FOR_EACH_MATCH(cells, r->row_size, depth, c1, {
            for (int m = 0; m < r->n_moves; m++) {
                uint8_t *t = dist + neighbour(r, base, (uint64_t)row, c1, m);
                uint8_t v = load_relaxed(t);
                __atomic_store_n(t, v == GT_UNREACHED ? next : v, __ATOMIC_RELAXED);
            }
        });
    }
}

/* Backward step: each unreached state looks for a neighbour in the frontier
 * and writes only its own cell. */
static void expand_backward(const row_space *r, uint8_t *dist, uint8_t depth, int threads)
{
    const uint8_t next = (uint8_t)(depth + 1);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
    for (int64_t row = 0; row < (int64_t)r->rows; row++) {
        uint64_t base[GT_MAX_MOVES];
        row_bases(r, (uint64_t)row, base);
        uint8_t *cells = dist + (uint64_t)row * r->row_size;
        FOR_EACH_MATCH(cells, r->row_size, GT_UNREACHED, c1, {
            for (int m = 0; m < r->n_moves; m++) {
                if (load_relaxed(&dist[neighbour(r, base, (uint64_t)row, c1, m)]) == depth) {
                    __atomic_store_n(&cells[c1], next, __ATOMIC_RELAXED);
                    break;
                }
            }
        });
    }
}

/* Forward step from an explicit list of frontier states, for the first
 * levels where scanning the whole table would cost more than the level
 * itself. Single-threaded: these levels are tiny. Appends the new level to
 * `out` (capacity cap) and returns its size, or cap + 1 if it did not fit. */
static uint64_t expand_list(const gt_puzzle *p, uint8_t *dist, const uint64_t *frontier, uint64_t n,
                            uint8_t depth, uint64_t *out, uint64_t cap)
{
    uint64_t found = 0;
    for (uint64_t i = 0; i < n; i++)
        for (int m = 0; m < p->n_moves; m++) {
            uint64_t t = gt_puzzle_move(p, frontier[i], m);
            if (dist[t] != GT_UNREACHED)
                continue;
            dist[t] = (uint8_t)(depth + 1);
            if (found < cap)
                out[found] = t;
            found++;
        }
    return found <= cap ? found : cap + 1;
}

/* Number of cells equal to v. */
static uint64_t count_value(const uint8_t *dist, uint64_t n, uint8_t v, int threads)
{
    uint64_t count = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : count)
    for (int64_t i = 0; i < (int64_t)n; i++)
        count += dist[i] == v;
    return count;
}

/* ---- the level loop, shared by every state space ---- */

/* One state space as the level loop sees it: expand one level and say how
 * many states it found (GT_ERR_* through *rc on failure). */
typedef struct level_space {
    const gt_puzzle *p;
    uint64_t (*expand)(struct level_space *s, uint8_t *dist, uint8_t depth, uint64_t frontier,
                       uint64_t unreached, int threads, int *rc);
    /* the coordinate space's state: small levels kept as lists (up to
     * list_cap states), large ones found by scanning rows */
    uint64_t *list, *next_list, list_cap;
    int have_list;
    row_space rows;
} level_space;

static uint64_t expand_coords(level_space *s, uint8_t *dist, uint8_t depth, uint64_t frontier,
                              uint64_t unreached, int threads, int *rc)
{
    const gt_puzzle *p = s->p;
    if (s->have_list && frontier > p->n_states / 256)
        s->have_list = 0; /* a scan is now cheaper than random list expansion */
    if (s->have_list) {
        uint64_t found = expand_list(p, dist, s->list, frontier, depth, s->next_list, s->list_cap);
        if (found <= s->list_cap) {
            uint64_t *swap = s->list;
            s->list = s->next_list;
            s->next_list = swap;
            return found;
        }
        s->have_list = 0; /* overflowed: every new state is marked, count them */
    } else {
        if (!s->rows.rows && (*rc = rows_init(p, &s->rows)) != 0)
            return 0;
        if (frontier < unreached)
            expand_forward(&s->rows, dist, depth, threads);
        else
            expand_backward(&s->rows, dist, depth, threads);
    }
    return count_value(dist, p->n_states, (uint8_t)(depth + 1), threads);
}

static uint64_t expand_hooks(level_space *s, uint8_t *dist, uint8_t depth, uint64_t frontier,
                             uint64_t unreached, int threads, int *rc)
{
    (void)rc;
    return s->p->levels->expand(s->p, dist, depth, frontier < unreached, threads);
}

static int space_init(const gt_puzzle *p, level_space *s)
{
    *s = (level_space){.p = p, .expand = p->levels ? expand_hooks : expand_coords};
    if (p->levels)
        return GT_OK;
    s->list_cap = p->n_states / 64 + 1;
    s->list = malloc(2 * s->list_cap * sizeof *s->list);
    s->next_list = s->list ? s->list + s->list_cap : NULL;
    s->have_list = s->list != NULL;
    if (s->list)
        s->list[0] = p->solved;
    return GT_OK;
}

static void space_free(level_space *s)
{
    free(s->list < s->next_list ? s->list : s->next_list);
    free(s->rows.move1_by_move);
}

static int valid_puzzle(const gt_puzzle *p)
{
    return p && p->n_states > 0 && p->n_moves > 0 && p->n_moves <= GT_MAX_MOVES &&
           (p->levels ? p->levels->seed && p->levels->expand && p->n_coords == 0
                      : p->n_coords > 0 && p->solved < p->n_states);
}

int gt_bfs_run(const gt_puzzle *p, const gt_bfs_options *opts, uint8_t **dist_out,
               gt_distribution *distribution)
{
    if (!valid_puzzle(p) || !dist_out || !distribution)
        return GT_ERR_INVAL;
    int threads = opts && opts->threads > 0 ? opts->threads : omp_get_max_threads();
    /* Below a million states a level takes less than a thread wake-up (and a
     * scheduler tick when the other core is busy): stay on one thread. */
    if (p->n_states < (1u << 20))
        threads = 1;
    /* Big tables are read at random: huge pages spare most TLB misses. */
    uint8_t *dist = p->n_states >= GT_BFS_HUGE_STATES ? gt_alloc_huge(p->n_states) : malloc(p->n_states);
    if (!dist)
        return GT_ERR_NOMEM;
    memset(dist, GT_UNREACHED, p->n_states);
    memset(distribution, 0, sizeof *distribution);
    level_space space;
    int rc = space_init(p, &space);
    double start = omp_get_wtime();
    uint64_t frontier, reached;
    if (p->levels) {
        frontier = p->levels->seed(p, dist);
    } else {
        dist[p->solved] = 0;
        frontier = 1;
    }
    reached = frontier;
    distribution->count[0] = frontier;
    int depth = 0;
    while (frontier > 0 && rc == GT_OK) {
        if (opts && opts->cancel && *opts->cancel) {
            rc = GT_ERR_INTERRUPT;
            break;
        }
        if (depth + 1 > GT_MAX_DEPTH) {
            rc = GT_ERR_RANGE;
            break;
        }
        uint64_t found = space.expand(&space, dist, (uint8_t)depth, frontier, p->n_states - reached, threads, &rc);
        if (rc || found == 0)
            break;
        depth++;
        distribution->count[depth] = found;
        reached += found;
        frontier = found;
        if (opts && opts->progress)
            opts->progress(opts->progress_user, depth, reached, p->n_states, omp_get_wtime() - start);
    }
    space_free(&space);
    if (rc) {
        free(dist);
        return rc;
    }
    distribution->max_depth = depth;
    distribution->reached = reached;
    *dist_out = dist;
    return GT_OK;
}

void gt_distribution_count(const uint8_t *dist, uint64_t n, int threads, gt_distribution *out)
{
    if (threads <= 0)
        threads = omp_get_max_threads();
    uint64_t count[256] = {0};
#pragma omp parallel num_threads(threads)
    {
        uint64_t local[256] = {0};
#pragma omp for schedule(static)
        for (int64_t i = 0; i < (int64_t)n; i++)
            local[dist[i]]++;
#pragma omp critical
        for (int v = 0; v < 256; v++)
            count[v] += local[v];
    }
    memset(out, 0, sizeof *out);
    for (int d = 0; d <= GT_MAX_DEPTH; d++) {
        out->count[d] = count[d];
        out->reached += count[d];
        if (count[d])
            out->max_depth = d;
    }
}

int gt_distribution_equal(const gt_distribution *a, const gt_distribution *b)
{
    if (a->max_depth != b->max_depth || a->reached != b->reached)
        return 0;
    for (int d = 0; d <= a->max_depth; d++)
        if (a->count[d] != b->count[d])
            return 0;
    return 1;
}
