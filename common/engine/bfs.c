#include "bfs.h"
#include "alloc.h"
#include "bfs_mod3.h"
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
    /* the split space (gt_bfs_run_ranked): this rank's states [lo, hi);
     * for pulled levels, every rank's first state and bitmap offset (bytes)
     * and the frontier of all ranks, one bit a state */
    const gt_bfs_comm *comm;
    uint64_t lo, hi, *start, *seg;
    uint8_t *bits;
    /* the 2-bit space (gt_bfs_run_mod3): the levels counted so far */
    const gt_distribution *so_far;
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
    if (s->list && p->n_goals > s->list_cap)
        s->have_list = 0; /* a big goal set: the first level is a scan */
    else if (s->list && p->n_goals > 0)
        memcpy(s->list, p->goals, p->n_goals * sizeof *s->list);
    else if (s->list)
        s->list[0] = p->solved;
    return GT_OK;
}

static void space_free(level_space *s)
{
    free(s->list < s->next_list ? s->list : s->next_list);
    free(s->rows.move1_by_move);
}

static int goals_valid(const gt_puzzle *p)
{
    if (p->n_goals > 0 && !p->goals)
        return 0;
    for (uint64_t i = 0; i < p->n_goals; i++)
        if (p->goals[i] >= p->n_states)
            return 0;
    return 1;
}

/* Marks the goal states at distance 0; returns how many (distinct). */
static uint64_t seed_goals(const gt_puzzle *p, uint8_t *dist)
{
    if (p->n_goals == 0) {
        dist[p->solved] = 0;
        return 1;
    }
    uint64_t marked = 0;
    for (uint64_t i = 0; i < p->n_goals; i++)
        if (dist[p->goals[i]] != 0) {
            dist[p->goals[i]] = 0;
            marked++;
        }
    return marked;
}

static int valid_puzzle(const gt_puzzle *p)
{
    return p && p->n_states > 0 && p->n_moves > 0 && p->n_moves <= GT_MAX_MOVES &&
           (p->levels ? p->levels->seed && p->levels->expand && p->n_coords == 0
                      : p->n_coords > 0 && p->solved < p->n_states && goals_valid(p));
}

/* Sums a level's count over the ranks (one rank: itself). */
static int level_sum(const level_space *s, uint64_t *v)
{
    return s->comm && s->comm->ranks > 1 ? s->comm->sum(s->comm->ctx, v, 1) : GT_OK;
}

/* The level loop of every BFS: levels until one finds nothing, with
 * cancellation, the depth guard and progress. frontier: the states at
 * depth 0 (counted over every rank). */
static int run_levels(level_space *s, uint8_t *dist, uint64_t frontier, const gt_bfs_options *opts, int threads,
                      gt_distribution *distribution)
{
    const gt_puzzle *p = s->p;
    double start = omp_get_wtime();
    uint64_t reached = frontier;
    int depth = 0, rc = GT_OK;
    distribution->count[0] = frontier;
    while (frontier > 0) {
        if (opts && opts->cancel && *opts->cancel) {
            rc = GT_ERR_INTERRUPT;
            break;
        }
        if (depth + 1 > GT_MAX_DEPTH) {
            rc = GT_ERR_RANGE;
            break;
        }
        uint64_t found = s->expand(s, dist, (uint8_t)depth, frontier, p->n_states - reached, threads, &rc);
        if (rc || found == 0)
            break;
        depth++;
        distribution->count[depth] = found;
        reached += found;
        frontier = found;
        if (opts && opts->progress)
            opts->progress(opts->progress_user, depth, reached, p->n_states, omp_get_wtime() - start);
    }
    distribution->max_depth = depth;
    distribution->reached = reached;
    return rc;
}

/* Threads for a table of n states: below a million states a level takes
 * less than a thread wake-up (and a scheduler tick when the other core is
 * busy), so one. */
static int bfs_threads(const gt_bfs_options *opts, uint64_t n)
{
    int threads = opts && opts->threads > 0 ? opts->threads : omp_get_max_threads();
    return n < (1u << 20) ? 1 : threads;
}

int gt_bfs_run(const gt_puzzle *p, const gt_bfs_options *opts, uint8_t **dist_out,
               gt_distribution *distribution)
{
    if (!valid_puzzle(p) || !dist_out || !distribution)
        return GT_ERR_INVAL;
    int threads = bfs_threads(opts, p->n_states);
    /* Big tables are read at random: huge pages spare most TLB misses. */
    uint8_t *dist = p->n_states >= GT_BFS_HUGE_STATES ? gt_alloc_huge(p->n_states) : malloc(p->n_states);
    if (!dist)
        return GT_ERR_NOMEM;
    memset(dist, GT_UNREACHED, p->n_states);
    memset(distribution, 0, sizeof *distribution);
    level_space space;
    int rc = space_init(p, &space);
    uint64_t frontier = 1;
    if (p->levels) {
        frontier = p->levels->seed(p, dist);
    } else {
        frontier = seed_goals(p, dist);
    }
    if (rc == GT_OK)
        rc = run_levels(&space, dist, frontier, opts, threads, distribution);
    space_free(&space);
    if (rc) {
        free(dist);
        return rc;
    }
    *dist_out = dist;
    return GT_OK;
}

/* ---- the BFS at 2 bits a state (gt_bfs_run_mod3) ---- */

#define MOD3_CHUNK_WORDS 1024 /* words a thread takes at a time */

uint64_t gt_bfs_mod3_bytes(uint64_t n)
{
    return (n + 31) / 32 * 8;
}

/* One cell's level work: forward, its unreached neighbours claimed; backward
 * (the cell unreached), the cell claimed if a neighbour holds `code`.
 * Returns the cells claimed. */
static uint64_t mod3_cell(const gt_puzzle *p, uint8_t *codes, uint64_t i, unsigned code, int forward)
{
    uint64_t next[GT_MAX_MOVES], found = 0;
    for (int m = 0; m < p->n_moves; m++) {
        next[m] = gt_puzzle_move(p, i, m);
        __builtin_prefetch(&codes[next[m] >> 2]);
    }
    const unsigned next_code = (code + 1) % 3;
    for (int m = 0; m < p->n_moves; m++) {
        if (forward)
            found += (uint64_t)gt_mod3_claim(codes, next[m], next_code);
        else if (gt_mod3_code(codes, next[m]) == code)
            return (uint64_t)gt_mod3_claim(codes, i, next_code);
    }
    return found;
}

/* One level over the whole table: the cells coded depth mod 3 (forward) or
 * unreached (backward), found 32 at a time. */
static uint64_t mod3_level(const gt_puzzle *p, uint8_t *codes, uint8_t depth, int forward, int threads)
{
    const unsigned code = depth % 3u, look = forward ? code : 3u;
    const uint64_t n = p->n_states, words = gt_bfs_mod3_bytes(n) / 8;
    const int64_t chunks = (int64_t)((words + MOD3_CHUNK_WORDS - 1) / MOD3_CHUNK_WORDS);
    uint64_t found = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 4) reduction(+ : found)
    for (int64_t c = 0; c < chunks; c++) {
        uint64_t end = ((uint64_t)c + 1) * MOD3_CHUNK_WORDS < words ? ((uint64_t)c + 1) * MOD3_CHUNK_WORDS : words;
        for (uint64_t w = (uint64_t)c * MOD3_CHUNK_WORDS; w < end; w++) {
            for (uint64_t hits = gt_mod3_matches(gt_mod3_word(codes, w), look); hits; hits &= hits - 1) {
                uint64_t i = w * 32 + (uint64_t)__builtin_ctzll(hits) / 2;
                if (i < n)
                    found += mod3_cell(p, codes, i, code, forward);
            }
        }
    }
    return found;
}

/* Forward while the cells a forward level scans (the frontier, and the
 * levels 3, 6 ... below it, which share its code) are fewer than the
 * unreached ones. */
static uint64_t expand_mod3(level_space *s, uint8_t *codes, uint8_t depth, uint64_t frontier, uint64_t unreached,
                            int threads, int *rc)
{
    (void)rc;
    uint64_t scanned = frontier;
    for (int d = depth - 3; d >= 0; d -= 3)
        scanned += s->so_far->count[d];
    if (s->p->levels)
        return s->p->levels->expand_mod3(s->p, codes, depth, scanned < unreached, threads);
    return mod3_level(s->p, codes, depth, scanned < unreached, threads);
}

/* Marks the goal states at code 0; returns how many (distinct). */
static uint64_t mod3_seed(const gt_puzzle *p, uint8_t *codes)
{
    if (p->n_goals == 0)
        return (uint64_t)gt_mod3_claim(codes, p->solved, 0);
    uint64_t marked = 0;
    for (uint64_t i = 0; i < p->n_goals; i++)
        marked += (uint64_t)gt_mod3_claim(codes, p->goals[i], 0);
    return marked;
}

int gt_bfs_run_mod3(const gt_puzzle *p, const gt_bfs_options *opts, uint8_t **codes_out,
                    gt_distribution *distribution)
{
    if (!valid_puzzle(p) || (p->levels && !p->levels->expand_mod3) || (p->levels && p->solved >= p->n_states) ||
        !codes_out || !distribution)
        return GT_ERR_INVAL;
    const uint64_t bytes = gt_bfs_mod3_bytes(p->n_states);
    uint8_t *codes = gt_alloc_huge(bytes);
    if (!codes)
        return GT_ERR_NOMEM;
    memset(codes, 0xFF, bytes);
    memset(distribution, 0, sizeof *distribution);
    level_space space = {.p = p, .expand = expand_mod3, .so_far = distribution};
    int rc = run_levels(&space, codes, mod3_seed(p, codes), opts, bfs_threads(opts, p->n_states), distribution);
    if (rc) {
        free(codes);
        return rc;
    }
    for (uint64_t i = p->n_states; i % 4; i++) /* the last byte's cells past n: 0, as gt_table_encode leaves them */
        codes[i >> 2] &= (uint8_t) ~(3u << ((i & 3) * 2));
    *codes_out = codes;
    return GT_OK;
}

/* ---- the BFS split over ranks ---- */

/* Out of line so that the installed bfs.h holds no __int128 (not ISO C or
 * C++: a -pedantic build of a program including it would warn). */
uint64_t gt_bfs_slice_start(uint64_t n, int rank, int ranks)
{
    if (rank >= ranks)
        return n;
    return (uint64_t)((unsigned __int128)n * (unsigned)rank / (unsigned)ranks) & ~(uint64_t)63;
}

/* The rank owning state t: the r with start(r) <= t < start(r + 1). */
static int owner_of(uint64_t n, int ranks, uint64_t t)
{
    int r = (int)((unsigned __int128)t * (unsigned)ranks / n);
    while (r + 1 < ranks && gt_bfs_slice_start(n, r + 1, ranks) <= t)
        r++;
    while (r > 0 && gt_bfs_slice_start(n, r, ranks) > t)
        r--;
    return r;
}

/* One round's outgoing states: one growable array a rank. */
typedef struct outbox {
    uint64_t **to, *n, *cap, *recv, nrecv, recv_cap;
} outbox;

static int outbox_push(outbox *o, int k, uint64_t t)
{
    if (o->n[k] == o->cap[k]) {
        uint64_t cap = o->cap[k] ? 2 * o->cap[k] : 4096;
        uint64_t *grown = realloc(o->to[k], cap * sizeof *grown);
        if (!grown)
            return GT_ERR_NOMEM;
        o->to[k] = grown;
        o->cap[k] = cap;
    }
    o->to[k][o->n[k]++] = t;
    return GT_OK;
}

/* Expands the frontier states of slice cells [from, to): neighbours this
 * rank owns are marked at once, the others queued for their owners. */
/* One neighbour t of a frontier state: marked at once if this rank owns it
 * (threads race here as in expand_forward: the same value), else queued. */
static int push_one(level_space *s, uint8_t *dist, uint8_t next, uint64_t t, outbox *o)
{
    if (t < s->lo || t >= s->hi)
        return outbox_push(o, owner_of(s->p->n_states, s->comm->ranks, t), t);
    uint8_t v = load_relaxed(&dist[t - s->lo]);
    __atomic_store_n(&dist[t - s->lo], v == GT_UNREACHED ? next : v, __ATOMIC_RELAXED);
    return GT_OK;
}

/* Slice cells [from, to) row by row (gt_bfs_run's row space: one
 * first-coordinate lookup a row, the second coordinate's table in cache). */
static int expand_slice(level_space *s, uint8_t *dist, uint8_t depth, uint64_t from, uint64_t to, outbox *o)
{
    const row_space *r = &s->rows;
    const uint8_t next = (uint8_t)(depth + 1);
    uint64_t a = s->lo + from, b = s->lo + to, base[GT_MAX_MOVES];
    int rc = GT_OK;
    for (uint64_t row = a / r->row_size; a < b && row <= (b - 1) / r->row_size && rc == GT_OK; row++) {
        uint64_t start = row * r->row_size, c0 = a > start ? a - start : 0;
        uint64_t c_end = b - start < r->row_size ? b - start : r->row_size;
        uint8_t *cells = dist + (start + c0 - s->lo);
        row_bases(r, row, base);
        FOR_EACH_MATCH(cells, c_end - c0, depth, k, {
            for (int m = 0; m < r->n_moves && rc == GT_OK; m++)
                rc = push_one(s, dist, next, neighbour(r, base, row, c0 + k, m), o);
        });
    }
    return rc;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t sort_unique(uint64_t *v, uint64_t n)
{
    if (n < 2)
        return n;
    qsort(v, n, sizeof *v, cmp_u64);
    uint64_t k = 1;
    for (uint64_t i = 1; i < n; i++)
        if (v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* Cells [from, to) on `threads` threads, each queueing into its own
 * outbox, then the outboxes joined into boxes[threads] for the exchange. */
static int expand_round(level_space *s, uint8_t *dist, uint8_t depth, uint64_t from, uint64_t to, int threads,
                        outbox *boxes)
{
    int ranks = s->comm->ranks, rc = GT_OK;
    for (int t = 0; t <= threads; t++) /* (a team may get fewer threads than asked) */
        memset(boxes[t].n, 0, (size_t)ranks * sizeof *boxes[t].n);
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), n = omp_get_num_threads();
        int r = expand_slice(s, dist, depth, from + (to - from) * (uint64_t)t / (uint64_t)n,
                             from + (to - from) * (uint64_t)(t + 1) / (uint64_t)n, &boxes[t]);
        if (r) {
#pragma omp critical
            rc = r;
        }
    }
    outbox *all = &boxes[threads];
    for (int t = 0; t < threads && rc == GT_OK; t++)
        for (int k = 0; k < ranks && rc == GT_OK; k++)
            for (uint64_t i = 0; i < boxes[t].n[k] && rc == GT_OK; i++)
                rc = outbox_push(all, k, boxes[t].to[k][i]);
    /* A state reached from several frontier states of the round is sent
     * once: sorted, duplicates dropped (the exchange volume, halved or so). */
    for (int k = 0; k < ranks && rc == GT_OK; k++)
        all->n[k] = sort_unique(all->to[k], all->n[k]);
    return rc;
}

/* ---- pulled levels: the frontier as a bitmap of every rank's states ---- */

/* Slices start at multiples of 64, so rank r's bits are bytes
 * start(r)/8 on: the whole frontier is one bitmap indexed by state. */
static int frontier_bit(const level_space *s, uint64_t t)
{
    return (s->bits[t >> 3] >> (t & 7)) & 1;
}

/* The level from the unreached side, as expand_backward: every rank shares
 * its frontier as bits (comm->allgather), then each unreached state of the
 * slice looks for a neighbour in it. Exchanged: N/8 bytes a rank, however
 * many states the level finds. */
static int pull_level(level_space *s, uint8_t *dist, uint8_t depth, int threads)
{
    const gt_bfs_comm *c = s->comm;
    int ranks = c->ranks;
    uint64_t n_local = s->hi - s->lo, counts[GT_BFS_MAX_RANKS];
    uint8_t *mine = s->bits + s->seg[c->rank]; /* s->lo is a multiple of 64 */
    memset(mine, 0, s->seg[c->rank + 1] - s->seg[c->rank]);
    for (uint64_t i = 0; i < n_local; i++)
        if (dist[i] == depth)
            mine[i >> 3] |= (uint8_t)(1u << (i & 7));
    for (int r = 0; r < ranks; r++)
        counts[r] = s->seg[r + 1] - s->seg[r];
    int rc = c->allgather(c->ctx, s->bits, counts, s->seg);
    if (rc)
        return rc;
    const row_space *r = &s->rows;
    int64_t first = (int64_t)(s->lo / r->row_size), last = (int64_t)((s->hi + r->row_size - 1) / r->row_size);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
    for (int64_t row = first; row < last; row++) {
        uint64_t base[GT_MAX_MOVES], start = (uint64_t)row * r->row_size;
        uint64_t c0 = s->lo > start ? s->lo - start : 0, c_end = s->hi - start < r->row_size ? s->hi - start : r->row_size;
        uint8_t *cells = dist + (start + c0 - s->lo);
        row_bases(r, (uint64_t)row, base);
        FOR_EACH_MATCH(cells, c_end - c0, GT_UNREACHED, k, {
            for (int m = 0; cells[k] == GT_UNREACHED && m < r->n_moves; m++)
                if (frontier_bit(s, neighbour(r, base, (uint64_t)row, c0 + k, m)))
                    cells[k] = (uint8_t)(depth + 1);
        });
    }
    return GT_OK;
}

/* The bitmap of pulled levels, made on first use; 0 if there is none (no
 * allgather, too many ranks, or no memory): the level is pushed then. */
static int pull_ready(level_space *s)
{
    const gt_bfs_comm *c = s->comm;
    if (s->bits)
        return 1;
    if (!c->allgather || c->ranks > GT_BFS_MAX_RANKS)
        return 0;
    s->start = malloc((size_t)(c->ranks + 1) * sizeof *s->start);
    s->seg = malloc((size_t)(c->ranks + 1) * sizeof *s->seg);
    if (!s->start || !s->seg)
        return 0;
    for (int r = 0; r <= c->ranks; r++) {
        s->start[r] = gt_bfs_slice_start(s->p->n_states, r, c->ranks);
        s->seg[r] = (s->start[r] + 7) / 8; /* whole bytes but the last */
    }
    s->bits = calloc(s->seg[c->ranks] + 1, 1);
    return s->bits != NULL;
}

/* One level in rounds: expand up to `batch` cells of the slice, exchange,
 * mark what came in; until no rank has cells left. Every rank makes the
 * same collective calls, so a rank with a shorter slice sends empty rounds.
 * (A rank that fails locally stops calling them: the program aborts the
 * whole job then, as MPI programs do.) */
static uint64_t expand_ranked(level_space *s, uint8_t *dist, uint8_t depth, uint64_t frontier,
                              uint64_t unreached, int threads, int *rc)
{
    const gt_bfs_comm *c = s->comm;
    uint64_t n_local = s->hi - s->lo, batch = c->batch ? c->batch : (1u << 20), pos = 0, more = 1;
    outbox *boxes = (outbox *)s->list, *o = &boxes[threads];
    /* From the unreached side once the frontier is a 16th of them:
     * sooner than gt_bfs_run's backward levels (frontier >= unreached),
     * since a pushed state also costs a sort and a trip through the
     * network. Every rank sees the same global counts, so all choose alike. */
    int pull = 16 * frontier >= unreached && pull_ready(s);
    uint64_t ok = (uint64_t)pull;
    if (c->ranks > 1 && (*rc = level_sum(s, &ok)) != GT_OK)
        return 0;
    if (ok == (uint64_t)c->ranks) {
        more = 0;
        *rc = pull_level(s, dist, depth, threads);
    }
    while (more && *rc == GT_OK) {
        uint64_t end = pos + batch < n_local ? pos + batch : n_local;
        *rc = expand_round(s, dist, depth, pos, end, threads, boxes);
        pos = end;
        if (*rc == GT_OK)
            *rc = c->exchange(c->ctx, o->to, o->n, &o->recv, &o->nrecv, &o->recv_cap);
        for (uint64_t i = 0; *rc == GT_OK && i < o->nrecv; i++)
            if (dist[o->recv[i] - s->lo] == GT_UNREACHED)
                dist[o->recv[i] - s->lo] = (uint8_t)(depth + 1);
        more = pos < n_local;
        if (*rc == GT_OK)
            *rc = level_sum(s, &more);
    }
    uint64_t found = count_value(dist, n_local, (uint8_t)(depth + 1), threads);
    if (*rc == GT_OK)
        *rc = level_sum(s, &found);
    return found;
}

/* count outboxes: one a thread and the joined one. */
static void outboxes_free(outbox *boxes, int count, int ranks)
{
    for (int b = 0; boxes && b < count; b++) {
        for (int k = 0; k < ranks && boxes[b].to; k++)
            free(boxes[b].to[k]);
        free(boxes[b].to);
        free(boxes[b].n);
        free(boxes[b].cap);
        free(boxes[b].recv);
    }
    free(boxes);
}

static outbox *outboxes_new(int count, int ranks)
{
    outbox *boxes = calloc((size_t)count, sizeof *boxes);
    for (int b = 0; boxes && b < count; b++) {
        boxes[b].to = calloc((size_t)ranks, sizeof *boxes[b].to);
        boxes[b].n = calloc((size_t)ranks, sizeof *boxes[b].n);
        boxes[b].cap = calloc((size_t)ranks, sizeof *boxes[b].cap);
        if (!boxes[b].to || !boxes[b].n || !boxes[b].cap) {
            outboxes_free(boxes, count, ranks);
            return NULL;
        }
    }
    return boxes;
}

int gt_bfs_run_ranked(const gt_puzzle *p, const gt_bfs_options *opts, const gt_bfs_comm *comm,
                      uint8_t **slice_out, uint64_t *lo, uint64_t *hi, gt_distribution *distribution)
{
    if (!valid_puzzle(p) || p->levels || p->n_goals > 0 || !comm || comm->ranks < 1 || comm->rank < 0 ||
        comm->rank >= comm->ranks || !comm->exchange || !comm->sum || !slice_out || !distribution)
        return GT_ERR_INVAL;
    level_space space = {.p = p, .expand = expand_ranked, .comm = comm,
                         .lo = gt_bfs_slice_start(p->n_states, comm->rank, comm->ranks),
                         .hi = gt_bfs_slice_start(p->n_states, comm->rank + 1, comm->ranks)};
    uint64_t n_local = space.hi - space.lo;
    int threads = bfs_threads(opts, n_local);
    uint8_t *dist = malloc(n_local ? n_local : 1);
    outbox *boxes = outboxes_new(threads + 1, comm->ranks);
    int rc = dist && boxes ? GT_OK : GT_ERR_NOMEM;
    if (rc == GT_OK)
        rc = rows_init(p, &space.rows);
    space.list = (uint64_t *)boxes; /* the split space keeps its outboxes where lists would be */
    memset(distribution, 0, sizeof *distribution);
    if (rc == GT_OK) {
        memset(dist, GT_UNREACHED, n_local);
        if (p->solved >= space.lo && p->solved < space.hi)
            dist[p->solved - space.lo] = 0;
        rc = run_levels(&space, dist, 1, opts, threads, distribution);
    }
    outboxes_free(boxes, threads + 1, comm->ranks);
    free(space.rows.move1_by_move);
    free(space.start);
    free(space.seg);
    free(space.bits);
    if (rc) {
        free(dist);
        return rc;
    }
    *slice_out = dist;
    *lo = space.lo;
    *hi = space.hi;
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

int gt_distribution_median(const gt_distribution *d)
{
    uint64_t seen = 0;
    for (int k = 0; k < d->max_depth; k++)
        if ((seen += d->count[k]) * 2 >= d->reached)
            return k;
    return d->max_depth;
}
