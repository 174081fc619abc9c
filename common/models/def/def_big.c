/* The ranked index (def_internal.h, issue 28): when an orbit's factor is
 * computed rather than enumerated (more than GT_DEF_FACTOR_MAX values), the
 * index is the mixed radix of every factor's value, 64 bits, and the BFS
 * expands it through level hooks (puzzle.h) instead of coordinate move
 * tables: a state's neighbours are found by unranking its computed factors
 * once, moving their pieces and ranking them again; enumerated factors keep
 * their move tables. No table of 2^24 entries per orbit is made. */
#include "bfs.h"
#include "bfs_mod3.h"
#include "def_internal.h"
#include "gt_cpu.h"
#include "gt_error.h"

#include <string.h>

int gt_def_big_plan(gt_def_model *m, gt_def_error *err)
{
    unsigned __int128 states = 1;
    int computed = 0;
    for (int f = 0; f < m->n_factors; f++)
        computed |= m->factor[f].rank != DEF_RANK_ENUM;
    if (!computed)
        return GT_OK; /* the coordinates (def_plan.c), as before issue 28 */
    m->ranked = 1;
    m->n_coords = 0;
    m->rk_n = 0;
    for (int f = 0; f < m->n_factors; f++)
        if (m->factor[f].size > 1) {
            m->rk_factor[m->rk_n++] = f;
            if ((states *= m->factor[f].size) >> 62)
                return gt_error_set(err, GT_ERR_RANGE, 0, 0, "set %s: the index space exceeds 2^62 states",
                                    m->def->set[m->orbit[m->factor[f].orbit].set].name);
        }
    uint64_t w = 1;
    for (int i = m->rk_n - 1; i >= 0; i--) {
        m->rk_weight[i] = w;
        w *= m->factor[m->rk_factor[i]].size;
    }
    m->rk_states = (uint64_t)states;
    return GT_OK;
}

/* One state being expanded: each factor's value, and the labels or
 * orientations of the computed ones (slot[i] >= 0: its row of a). */
typedef struct rk_walk {
    uint64_t value[DEF_MAX_FACTORS];
    int slot[DEF_MAX_FACTORS];
    uint8_t a[DEF_MAX_COMPUTED][GT_DEF_MAX_PIECES];
} rk_walk;

static void walk_init(const gt_def_model *m, rk_walk *w)
{
    int n = 0;
    for (int i = 0; i < m->rk_n; i++)
        w->slot[i] = m->factor[m->rk_factor[i]].rank == DEF_RANK_ENUM ? -1 : n++;
}

static void walk_decode(const gt_def_model *m, uint64_t index, rk_walk *w)
{
    for (int i = m->rk_n - 1; i >= 0; i--) {
        const gt_def_factor *f = &m->factor[m->rk_factor[i]];
        w->value[i] = i ? index % f->size : index; /* the first factor's value is what is left */
        index = i ? index / f->size : 0;
        if (w->slot[i] >= 0)
            gt_def_computed_unrank(&m->orbit[f->orbit], f, w->value[i], w->a[w->slot[i]]);
    }
}

/* The index after move mv (inline: compiled into big_moves's clones). */
static inline __attribute__((always_inline)) uint64_t walk_move(const gt_def_model *m, const rk_walk *w, int mv)
{
    uint64_t index = 0;
    for (int i = 0; i < m->rk_n; i++) {
        const gt_def_factor *f = &m->factor[m->rk_factor[i]];
        uint64_t v;
        if (w->slot[i] < 0) {
            v = f->e.move[w->value[i] * (uint64_t)m->n_moves + (uint64_t)mv];
        } else {
            const gt_def_orbit *ob = &m->orbit[f->orbit];
            const uint8_t *a = w->a[w->slot[i]], *src = ob->src + mv * ob->k, *tw = ob->twist + mv * ob->k;
            uint8_t b[GT_DEF_MAX_PIECES];
            if (f->rank == DEF_RANK_PERM || f->rank == DEF_RANK_EVEN) {
                index += gt_def_perm_rank_of_move(f, ob->k, a, src) * m->rk_weight[i];
                continue;
            }
            if (f->kind == DEF_ORI)
                for (int j = 0; j < ob->k; j++)
                    b[j] = (uint8_t)((a[src[j]] + tw[j]) % ob->omod);
            else
                for (int j = 0; j < ob->k; j++)
                    b[j] = a[src[j]];
            v = gt_def_computed_rank(ob, f, b);
        }
        index += v * m->rk_weight[i];
    }
    return index;
}

#define RK_BLOCK 4096

/* Backward, a cell's neighbours are ranked and read this many at a time:
 * most unreached cells of a dense level find a neighbour at depth among
 * the first few (the rest are not ranked), and the group's reads are
 * prefetched together. */
enum { BACKWARD_GROUP = 4 };

/* Forward: every neighbour ranked first, its byte prefetched (the reads of
 * a table of hundreds of megabytes overlap instead of waiting in turn),
 * then the unreached ones claimed. */
static uint64_t expand_forward(const gt_def_neighbours *fn, const void *ctx, const void *scratch, int n_moves,
                               uint8_t *dist, uint8_t depth)
{
    uint64_t next[GT_MAX_MOVES], found = 0;
    fn->moves(ctx, scratch, 0, n_moves, next);
    for (int mv = 0; mv < n_moves; mv++)
        __builtin_prefetch(&dist[next[mv]]);
    for (int mv = 0; mv < n_moves; mv++)
        found += (uint64_t)gt_def_claim(&dist[next[mv]], (uint8_t)(depth + 1));
    return found;
}

/* Backward: 1 if a neighbour of the decoded cell is at depth. */
static int has_parent(const gt_def_neighbours *fn, const void *ctx, const void *scratch, int n_moves,
                      const uint8_t *dist, uint8_t depth)
{
    uint64_t next[BACKWARD_GROUP];
    for (int first = 0; first < n_moves; first += BACKWARD_GROUP) {
        int count = n_moves - first < BACKWARD_GROUP ? n_moves - first : BACKWARD_GROUP;
        fn->moves(ctx, scratch, first, count, next);
        for (int j = 0; j < count; j++)
            __builtin_prefetch(&dist[next[j]]);
        for (int j = 0; j < count; j++)
            if (__atomic_load_n(&dist[next[j]], __ATOMIC_RELAXED) == depth)
                return 1;
    }
    return 0;
}

uint64_t gt_def_expand_block(const gt_def_neighbours *fn, const void *ctx, void *scratch, int n_moves,
                             uint8_t *dist, uint64_t lo, uint64_t hi, uint8_t depth, int forward)
{
    uint64_t found = 0;
    const uint8_t look = forward ? depth : GT_UNREACHED;
    for (uint64_t i = lo; i < hi; i++) {
        if ((i & 7) == 0 && i + 8 <= hi && !gt_def_has_byte(dist + i, look)) {
            i += 7;
            continue;
        }
        if (__atomic_load_n(&dist[i], __ATOMIC_RELAXED) != look)
            continue;
        fn->decode(ctx, scratch, i);
        if (forward) {
            found += expand_forward(fn, ctx, scratch, n_moves, dist, depth);
        } else if (has_parent(fn, ctx, scratch, n_moves, dist, depth)) {
            __atomic_store_n(&dist[i], (uint8_t)(depth + 1), __ATOMIC_RELAXED);
            found++;
        }
    }
    return found;
}

/* One cell at 2 bits (gt_def_expand_block_mod3): forward, its unreached
 * neighbours claimed; backward (the cell unreached), the cell claimed if a
 * neighbour holds `code`, the neighbours ranked a group at a time. */
static uint64_t mod3_cell(const gt_def_neighbours *fn, const void *ctx, const void *scratch, int n_moves,
                          uint8_t *codes, uint64_t i, unsigned code, int forward)
{
    uint64_t next[GT_MAX_MOVES], found = 0;
    const unsigned next_code = (code + 1) % 3;
    const int group = forward ? n_moves : BACKWARD_GROUP;
    for (int first = 0; first < n_moves; first += group) {
        int count = n_moves - first < group ? n_moves - first : group;
        fn->moves(ctx, scratch, first, count, next);
        for (int j = 0; j < count; j++)
            __builtin_prefetch(&codes[next[j] >> 2]);
        for (int j = 0; j < count; j++) {
            if (forward)
                found += (uint64_t)gt_mod3_claim(codes, next[j], next_code);
            else if (gt_mod3_code(codes, next[j]) == code)
                return (uint64_t)gt_mod3_claim(codes, i, next_code);
        }
    }
    return found;
}

uint64_t gt_def_expand_block_mod3(const gt_def_neighbours *fn, const void *ctx, void *scratch, int n_moves,
                                  uint8_t *codes, uint64_t lo, uint64_t hi, uint8_t depth, int forward)
{
    uint64_t found = 0;
    const unsigned code = depth % 3u, look = forward ? code : 3u;
    for (uint64_t w = lo / 32; w * 32 < hi; w++)
        for (uint64_t hits = gt_mod3_matches(gt_mod3_word(codes, w), look); hits; hits &= hits - 1) {
            uint64_t i = w * 32 + (uint64_t)__builtin_ctzll(hits) / 2;
            if (i >= hi)
                break;
            fn->decode(ctx, scratch, i);
            found += mod3_cell(fn, ctx, scratch, n_moves, codes, i, code, forward);
        }
    return found;
}

/* The ranked index's neighbours: the state unranked once, each move ranked
 * (the clones: the ranks are inlined into them). */
static void big_decode(const void *ctx, void *scratch, uint64_t index)
{
    walk_decode(ctx, index, scratch);
}

GT_V3_CLONES static void big_moves(const void *ctx, const void *scratch, int first, int count, uint64_t *next)
{
    for (int j = 0; j < count; j++)
        next[j] = walk_move(ctx, scratch, first + j);
}

static const gt_def_neighbours big_neighbours_fn = {big_decode, big_moves};

/* One level of the ranked index, a block of cells at a time, at a byte a
 * state (gt_def_expand_block) or at 2 bits (gt_def_expand_block_mod3). */
static uint64_t big_level(const gt_puzzle *p, uint8_t *cells, uint8_t depth, int forward, int threads,
                          gt_def_block_fn block)
{
    const gt_def_model *m = p->ctx;
    const int64_t blocks = (int64_t)((m->rk_states + RK_BLOCK - 1) / RK_BLOCK);
    uint64_t found = 0;
#pragma omp parallel num_threads(threads) reduction(+ : found)
    {
        rk_walk w;
        walk_init(m, &w);
#pragma omp for schedule(dynamic, 16)
        for (int64_t b = 0; b < blocks; b++) {
            uint64_t lo = (uint64_t)b * RK_BLOCK, hi = lo + RK_BLOCK < m->rk_states ? lo + RK_BLOCK : m->rk_states;
            found += block(&big_neighbours_fn, m, &w, m->n_moves, cells, lo, hi, depth, forward);
        }
    }
    return found;
}

static uint64_t big_expand(const gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads)
{
    return big_level(p, dist, depth, forward, threads, gt_def_expand_block);
}

static uint64_t big_expand_mod3(const gt_puzzle *p, uint8_t *codes, uint8_t depth, int forward, int threads)
{
    return big_level(p, codes, depth, forward, threads, gt_def_expand_block_mod3);
}

uint64_t gt_def_seed_solved(const gt_puzzle *p, uint8_t *dist)
{
    dist[p->solved] = 0;
    return 1;
}

static const gt_bfs_levels big_levels = {gt_def_seed_solved, big_expand, big_expand_mod3};

/* The walk solver's neighbour hook (puzzle.h): the state unranked once,
 * then each move ranked as the BFS's expansion does. */
static void big_neighbours(const gt_puzzle *p, uint64_t index, uint64_t *out)
{
    const gt_def_model *m = p->ctx;
    rk_walk w;
    walk_init(m, &w);
    big_decode(m, &w, index);
    big_moves(m, &w, 0, m->n_moves, out);
}

int gt_def_big_state(const gt_def_model *m, uint64_t index, uint8_t *perm, uint8_t *ori)
{
    if (index >= m->rk_states)
        return GT_ERR_INVAL;
    memcpy(perm, m->def->solved_perm, (size_t)m->def->total);
    memcpy(ori, m->def->solved_ori, (size_t)m->def->total);
    for (int i = m->rk_n - 1; i >= 0; i--) {
        const gt_def_factor *f = &m->factor[m->rk_factor[i]];
        uint64_t v = index % f->size;
        index /= f->size;
        gt_def_factor_write(m, f, f->rank == DEF_RANK_ENUM ? f->e.key[v] : v, perm, ori);
    }
    return GT_OK;
}

int gt_def_big_index(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, uint64_t *index)
{
    uint64_t value[DEF_MAX_FACTORS], out = 0;
    for (int f = 0; f < m->n_factors; f++) {
        const gt_def_factor *fa = &m->factor[f];
        uint64_t key = gt_def_factor_key(m, fa, perm, ori);
        int64_t d = 0;
        if (key == DEF_NO_KEY)
            return GT_ERR_ILLEGAL; /* foreign pieces, or a parity or twist sum no move reaches */
        if (fa->rank == DEF_RANK_ENUM && (d = gt_def_enum_find(&fa->e, key)) < 0)
            return GT_ERR_ILLEGAL;
        value[f] = fa->rank == DEF_RANK_ENUM ? (uint64_t)d : key;
    }
    for (int i = 0; i < m->rk_n; i++)
        out += value[m->rk_factor[i]] * m->rk_weight[i];
    *index = out;
    return GT_OK;
}

void gt_def_big_puzzle(gt_def_model *m)
{
    uint64_t solved = 0;
    gt_def_big_index(m, m->def->solved_perm, m->def->solved_ori, &solved);
    m->puzzle = (gt_puzzle){
        .name = "def",
        .metric = m->metric == GT_DEF_QTM ? "qtm" : "htm",
        .n_states = m->rk_states,
        .n_moves = m->n_moves,
        .move_names = m->name_ptr,
        .move_inverse = m->inverse,
        .n_coords = 0,
        .solved = solved,
        .levels = &big_levels,
        .neighbours = big_neighbours,
        .ctx = m,
    };
}
