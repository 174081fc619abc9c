/* Enumerated coordinates (def_internal.h): a breadth-first walk over raw
 * keys that numbers them densely and fills the move table as it goes. This
 * is not the table BFS (bfs.c): it only finds which values of one
 * coordinate exist, so that the index space has no holes a coordinate
 * alone can rule out (parity, orientation sums, pieces a subset of moves
 * never reaches). */
#include "def_internal.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    return x;
}

static int hash_init(gt_def_hash *h, uint64_t cap)
{
    h->mask = cap - 1;
    h->n = 0;
    h->keys = malloc(cap * sizeof *h->keys);
    h->vals = malloc(cap * sizeof *h->vals);
    if (!h->keys || !h->vals)
        return GT_ERR_NOMEM;
    memset(h->keys, 0xFF, cap * sizeof *h->keys); /* DEF_NO_KEY */
    return GT_OK;
}

static uint64_t hash_slot(const gt_def_hash *h, uint64_t key)
{
    uint64_t i = mix(key) & h->mask;
    while (h->keys[i] != DEF_NO_KEY && h->keys[i] != key)
        i = (i + 1) & h->mask;
    return i;
}

/* Bytes of a hash table of cap slots. */
static uint64_t hash_bytes(uint64_t cap)
{
    return cap * (sizeof(uint64_t) + sizeof(uint32_t));
}

/* 1 if `more` bytes may be allocated next to those e holds. */
static int within(const gt_def_enum *e, uint64_t more)
{
    return more <= e->max_bytes && e->bytes <= e->max_bytes - more;
}

/* Doubles the table when half full, so probes stay short. Both tables are
 * held while the keys move over: the budget counts them together. */
static int hash_grow(gt_def_enum *e)
{
    gt_def_hash *h = &e->hash, bigger;
    if (!within(e, hash_bytes((h->mask + 1) * 2)))
        return GT_ERR_NOMEM;
    int rc = hash_init(&bigger, (h->mask + 1) * 2);
    if (rc) {
        free(bigger.keys);
        free(bigger.vals);
        return rc;
    }
    for (uint64_t i = 0; i <= h->mask; i++)
        if (h->keys[i] != DEF_NO_KEY) {
            uint64_t s = hash_slot(&bigger, h->keys[i]);
            bigger.keys[s] = h->keys[i];
            bigger.vals[s] = h->vals[i];
        }
    bigger.n = h->n;
    free(h->keys);
    free(h->vals);
    e->bytes += hash_bytes(h->mask + 1);
    *h = bigger;
    return GT_OK;
}

int64_t gt_def_enum_find(const gt_def_enum *e, uint64_t key)
{
    uint64_t s = hash_slot(&e->hash, key);
    return e->hash.keys[s] == key ? (int64_t)e->hash.vals[s] : -1;
}

/* Bytes of c values' keys and move rows. */
static uint64_t rows_bytes(uint64_t c, int n_moves)
{
    return c * (sizeof(uint64_t) + (uint64_t)n_moves * sizeof(uint32_t));
}

/* Room for `need` values in key[] and their move rows. A realloc may copy:
 * the old and the new arrays count together against the budget. */
static int reserve(gt_def_enum *e, uint64_t *cap, uint64_t need, int n_moves, uint64_t limit)
{
    if (need <= *cap)
        return GT_OK;
    uint64_t c = *cap ? *cap * 2 : 64;
    if (c > limit && limit >= need) /* no room for values past the limit */
        c = limit;
    if (!within(e, rows_bytes(c, n_moves)))
        return GT_ERR_NOMEM;
    e->bytes += rows_bytes(c - *cap, n_moves);
    uint64_t *k = realloc(e->key, c * sizeof *k);
    if (!k)
        return GT_ERR_NOMEM;
    e->key = k;
    uint32_t *mv = realloc(e->move, c * (uint64_t)n_moves * sizeof *mv);
    if (!mv)
        return GT_ERR_NOMEM;
    e->move = mv;
    *cap = c;
    return GT_OK;
}

/* Adds key if new; *value is its dense value. */
static int visit(gt_def_enum *e, uint64_t *cap, uint64_t key, int n_moves, uint64_t limit, uint32_t *value)
{
    uint64_t s = hash_slot(&e->hash, key);
    int rc;
    if (e->hash.keys[s] == key) {
        *value = e->hash.vals[s];
        return GT_OK;
    }
    if (e->size >= limit)
        return GT_ERR_RANGE;
    if ((rc = reserve(e, cap, (uint64_t)e->size + 1, n_moves, limit)) != 0)
        return rc;
    e->hash.keys[s] = key;
    e->hash.vals[s] = e->size;
    e->key[e->size] = key;
    *value = e->size++;
    if (++e->hash.n * 2 > e->hash.mask + 1)
        return hash_grow(e);
    return GT_OK;
}

int gt_def_enum_build(gt_def_enum *e, uint64_t start, int n_moves, gt_def_apply_fn apply, const void *ctx,
                      uint64_t cap)
{
    return gt_def_enum_build_within(e, start, n_moves, apply, ctx, cap, UINT64_MAX);
}

/* The breadth-first walk: every key's children by the moves applied (all
 * of them without pw), in move order. */
static int walk(gt_def_enum *e, uint64_t *room, int n_moves, const gt_def_enum_powers *pw, gt_def_apply_fn apply,
                const void *ctx, uint64_t cap)
{
    uint32_t v;
    int rc;
    for (uint32_t i = 0; i < e->size; i++) {
        /* every move's key first, their slots prefetched, so that the
         * probes' cache misses overlap (a 9-piece factor of 76 moves: the
         * walk was three quarters waiting on them) */
        uint64_t next[GT_MAX_MOVES];
        for (int m = 0; m < n_moves; m++) {
            if (pw && pw->kind[m] != DEF_MOVE_APPLY)
                continue;
            next[m] = apply(ctx, e->key[i], m);
            const uint64_t slot = mix(next[m]) & e->hash.mask;
            __builtin_prefetch(&e->hash.keys[slot]);
            __builtin_prefetch(&e->hash.vals[slot]);
        }
        for (int m = 0; m < n_moves; m++) {
            if (pw && pw->kind[m] != DEF_MOVE_APPLY)
                continue;
            if ((rc = visit(e, room, next[m], n_moves, cap, &v)) != 0)
                return rc;
            e->move[(uint64_t)i * (uint64_t)n_moves + (uint64_t)m] = v;
        }
    }
    return GT_OK;
}

/* The columns of the moves not applied, from the columns before them: a
 * power is the power before it then the generator; the generator's inverse
 * undoes it (each move is a bijection of the values reached). */
static void derive(gt_def_enum *e, int n_moves, const gt_def_enum_powers *pw)
{
    uint32_t *row = e->move;
    const uint64_t n = (uint64_t)n_moves;
    for (int m = 0; m < n_moves; m++) {
        const uint64_t g = pw->gen[m];
        if (pw->kind[m] == DEF_MOVE_NEXT)
            for (uint64_t v = 0; v < e->size; v++)
                row[v * n + (uint64_t)m] = row[(uint64_t)row[v * n + (uint64_t)m - 1] * n + g];
        else if (pw->kind[m] == DEF_MOVE_INVERSE)
            for (uint64_t v = 0; v < e->size; v++)
                row[(uint64_t)row[v * n + g] * n + (uint64_t)m] = (uint32_t)v;
    }
}

/* Moves value `from`'s key and row to `to` (their cycle's walk, below). */
static void move_value(gt_def_enum *e, int n_moves, uint64_t from, uint64_t to)
{
    e->key[to] = e->key[from];
    memcpy(e->move + to * (uint64_t)n_moves, e->move + from * (uint64_t)n_moves, (size_t)n_moves * sizeof *e->move);
}

/* Puts value order[j] at j for every j, in place, one cycle at a time;
 * order ends as the identity. `spare` holds one row. */
static void permute_values(gt_def_enum *e, int n_moves, uint32_t *order, uint32_t *spare)
{
    for (uint32_t j = 0; j < e->size; j++) {
        if (order[j] == j)
            continue;
        uint64_t key = e->key[j];
        memcpy(spare, e->move + (uint64_t)j * (uint64_t)n_moves, (size_t)n_moves * sizeof *spare);
        uint32_t k = j;
        while (order[k] != j) {
            const uint32_t from = order[k];
            move_value(e, n_moves, from, k);
            order[k] = k;
            k = from;
        }
        e->key[k] = key;
        memcpy(e->move + (uint64_t)k * (uint64_t)n_moves, spare, (size_t)n_moves * sizeof *spare);
        order[k] = k;
    }
}

/* Renumbers the values in the order a walk applying every move finds them
 * (so that the dense values, hence every table's layout, do not depend on
 * which moves were applied). Its 8 bytes a value are not counted against
 * the budget: the walk's last hash growth held both tables, at least 12
 * bytes a value more than it now holds (test_81 renumbers at the least
 * budget the walk fits in). GT_ERR_NOMEM if malloc fails. */
static int renumber(gt_def_enum *e, int n_moves)
{
    uint32_t *order = malloc((size_t)e->size * sizeof *order), *number = malloc((size_t)e->size * sizeof *number);
    uint32_t *spare = malloc((size_t)n_moves * sizeof *spare);
    int rc = order && number && spare ? GT_OK : GT_ERR_NOMEM;
    if (rc == GT_OK) {
        memset(number, 0xFF, (size_t)e->size * sizeof *number);
        uint32_t found = 1;
        order[0] = 0;
        number[0] = 0;
        for (uint32_t i = 0; i < found; i++)
            for (int m = 0; m < n_moves; m++) {
                const uint32_t c = e->move[(uint64_t)order[i] * (uint64_t)n_moves + (uint64_t)m];
                if (number[c] == UINT32_MAX) {
                    number[c] = found;
                    order[found++] = c;
                }
            }
        permute_values(e, n_moves, order, spare);
        for (uint64_t x = 0; x < (uint64_t)e->size * (uint64_t)n_moves; x++)
            e->move[x] = number[e->move[x]];
        for (uint64_t s = 0; s <= e->hash.mask; s++)
            if (e->hash.keys[s] != DEF_NO_KEY)
                e->hash.vals[s] = number[e->hash.vals[s]];
    }
    free(order);
    free(number);
    free(spare);
    return rc;
}

int gt_def_enum_build_powers(gt_def_enum *e, uint64_t start, int n_moves, const gt_def_enum_powers *pw,
                             gt_def_apply_fn apply, const void *ctx, uint64_t cap, uint64_t max_bytes)
{
    uint64_t room = 0;
    uint32_t v;
    int rc;
    memset(e, 0, sizeof *e);
    e->max_bytes = max_bytes;
    e->bytes = hash_bytes(64);
    if ((rc = hash_init(&e->hash, 64)) != 0 || (rc = visit(e, &room, start, n_moves, cap, &v)) != 0 ||
        (rc = walk(e, &room, n_moves, pw, apply, ctx, cap)) != 0)
        goto free_enum;
    if (pw) {
        derive(e, n_moves, pw);
        if ((rc = renumber(e, n_moves)) != 0)
            goto free_enum;
    }
    return GT_OK;
free_enum:
    gt_def_enum_free(e);
    return rc;
}

int gt_def_enum_build_within(gt_def_enum *e, uint64_t start, int n_moves, gt_def_apply_fn apply, const void *ctx,
                             uint64_t cap, uint64_t max_bytes)
{
    return gt_def_enum_build_powers(e, start, n_moves, NULL, apply, ctx, cap, max_bytes);
}

void gt_def_enum_shed(gt_def_enum *e, int n_moves)
{
    free(e->key);
    free(e->hash.keys);
    free(e->hash.vals);
    e->key = NULL;
    e->hash = (gt_def_hash){0};
    e->bytes = (uint64_t)e->size * (uint64_t)n_moves * sizeof(uint32_t);
}

void gt_def_enum_free(gt_def_enum *e)
{
    free(e->key);
    free(e->move);
    free(e->hash.keys);
    free(e->hash.vals);
    memset(e, 0, sizeof *e);
}
