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

int gt_def_enum_build_within(gt_def_enum *e, uint64_t start, int n_moves, gt_def_apply_fn apply, const void *ctx,
                             uint64_t cap, uint64_t max_bytes)
{
    uint64_t room = 0;
    uint32_t v;
    int rc;
    memset(e, 0, sizeof *e);
    e->max_bytes = max_bytes;
    e->bytes = hash_bytes(64);
    if ((rc = hash_init(&e->hash, 64)) != 0 || (rc = visit(e, &room, start, n_moves, cap, &v)) != 0)
        goto free_enum;
    for (uint32_t i = 0; i < e->size; i++) {
        /* every move's key first, their slots prefetched, so that the
         * probes' cache misses overlap (a 9-piece factor of 76 moves: the
         * walk was three quarters waiting on them) */
        uint64_t next[GT_MAX_MOVES];
        for (int m = 0; m < n_moves; m++) {
            next[m] = apply(ctx, e->key[i], m);
            const uint64_t slot = mix(next[m]) & e->hash.mask;
            __builtin_prefetch(&e->hash.keys[slot]);
            __builtin_prefetch(&e->hash.vals[slot]);
        }
        for (int m = 0; m < n_moves; m++) {
            if ((rc = visit(e, &room, next[m], n_moves, cap, &v)) != 0)
                goto free_enum;
            e->move[(uint64_t)i * (uint64_t)n_moves + (uint64_t)m] = v;
        }
    }
    return GT_OK;
free_enum:
    gt_def_enum_free(e);
    return rc;
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
