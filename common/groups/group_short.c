/* Short words by meet in the middle (see group_short.h). */
#include "group_short.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_ENTRIES 250000L
#define MAX_DEPTH 12

struct gt_short_words {
    int n, nletters, depth;
    gt_point *letter;     /* nletters × n: letter 2k = generator k, 2k+1 its inverse */
    long count;           /* stored words */
    uint16_t *words;      /* count × depth letters */
    uint8_t *lens;        /* count */
    uint64_t *keys;       /* hash table: the permutation's hash, 0 = empty slot */
    int32_t *vals;        /* the word stored for that hash */
    size_t mask;
};

/* FNV-1a over the images, then a final mix; never 0 (0 marks empty slots). */
static uint64_t perm_hash(int n, const gt_point *p)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (int i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    h ^= h >> 31;
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return h | 1;
}

static long lookup(const gt_short_words *s, uint64_t h)
{
    for (size_t slot = h & s->mask;; slot = (slot + 1) & s->mask) {
        if (s->keys[slot] == 0)
            return -1;
        if (s->keys[slot] == h)
            return s->vals[slot];
    }
}

/* Depth-first enumeration of the reduced words of exactly `length` letters,
 * shortest lengths first across calls, so the first word stored for a
 * permutation is a shortest one. */
typedef struct enum_ctx {
    gt_short_words *s;
    int length;
    uint16_t word[MAX_DEPTH];
    gt_point *stack;      /* (MAX_DEPTH + 1) × n products of the prefixes */
} enum_ctx;

static void store_words(enum_ctx *c, int depth)
{
    gt_short_words *s = c->s;
    int n = s->n;
    const gt_point *p = c->stack + (size_t)depth * n;
    if (depth == c->length) {
        uint64_t h = perm_hash(n, p);
        size_t slot = h & s->mask;
        while (s->keys[slot] != 0 && s->keys[slot] != h)
            slot = (slot + 1) & s->mask;
        if (s->keys[slot] == h)
            return; /* a word at most this long is already there */
        s->keys[slot] = h;
        s->vals[slot] = (int32_t)s->count;
        memcpy(s->words + (size_t)s->count * s->depth, c->word, (size_t)c->length * sizeof *c->word);
        s->lens[s->count++] = (uint8_t)c->length;
        return;
    }
    for (int x = 0; x < s->nletters; x++) {
        if (depth > 0 && c->word[depth - 1] == (x ^ 1))
            continue;
        c->word[depth] = (uint16_t)x;
        gt_perm_mul(n, p, s->letter + (size_t)x * n, c->stack + (size_t)(depth + 1) * n);
        store_words(c, depth + 1);
    }
}

int gt_short_create(int n, int ngens, const gt_point *const *gens, long max_entries, gt_short_words **out)
{
    int rc = GT_ERR_INVAL;
    gt_short_words *s = NULL;
    gt_point *stack = NULL;
    if (n < 1 || n > GT_PERM_MAX_DEGREE || ngens < 1 || ngens > 0x7FFF || !gens || !out)
        return rc;
    if (max_entries <= 0)
        max_entries = DEFAULT_ENTRIES;
    rc = GT_ERR_NOMEM;
    if (!(s = calloc(1, sizeof *s)))
        return rc;
    s->n = n;
    s->nletters = 2 * ngens;
    /* the deepest D with 1 + L + L(L-1) + ... + L(L-1)^(D-1) <= max_entries */
    long total = 1, level = 1;
    while (s->depth < MAX_DEPTH) {
        long next = s->depth == 0 ? s->nletters : level * (s->nletters - 1);
        if (next <= 0 || total + next > max_entries)
            break;
        level = next;
        total += next;
        s->depth++;
    }
    size_t slots = 1;
    while (slots < (size_t)total * 2)
        slots <<= 1;
    s->mask = slots - 1;
    s->letter = malloc((size_t)s->nletters * n * sizeof *s->letter);
    s->words = malloc((size_t)total * (s->depth ? s->depth : 1) * sizeof *s->words);
    s->lens = malloc((size_t)total);
    s->keys = calloc(slots, sizeof *s->keys);
    s->vals = malloc(slots * sizeof *s->vals);
    stack = malloc((size_t)(MAX_DEPTH + 1) * n * sizeof *stack);
    if (!s->letter || !s->words || !s->lens || !s->keys || !s->vals || !stack)
        goto fail_short;
    for (int k = 0; k < ngens; k++) {
        if (!gt_perm_is_valid(n, gens[k])) {
            rc = GT_ERR_INVAL;
            goto fail_short;
        }
        memcpy(s->letter + (size_t)2 * k * n, gens[k], (size_t)n * sizeof *stack);
        gt_perm_inverse(n, gens[k], s->letter + (size_t)(2 * k + 1) * n);
    }
    enum_ctx c = {s, 0, {0}, stack};
    gt_perm_identity(n, stack);
    for (c.length = 0; c.length <= s->depth; c.length++)
        store_words(&c, 0);
    *out = s;
    rc = GT_OK;
    goto free_stack;
fail_short:
    gt_short_free(s);
free_stack:
    free(stack);
    return rc;
}

void gt_short_free(gt_short_words *s)
{
    if (!s)
        return;
    free(s->letter);
    free(s->words);
    free(s->lens);
    free(s->keys);
    free(s->vals);
    free(s);
}

int gt_short_depth(const gt_short_words *s) { return s->depth; }

/* The search for p = a·b: a runs over the words of exactly `length` letters,
 * b is looked up by the hash of a^-1·p. */
typedef struct find_ctx {
    const gt_short_words *s;
    const gt_point *p;
    int length;
    uint16_t word[MAX_DEPTH];
    gt_point *stack;      /* (MAX_DEPTH + 1) × n: a^-1 for the prefixes */
    gt_point *q;
    int best;             /* best total length so far (INT_MAX-ish if none) */
    uint16_t best_a[MAX_DEPTH];
    int best_alen;
    long best_b;
} find_ctx;

static void find_words(find_ctx *c, int depth)
{
    const gt_short_words *s = c->s;
    int n = s->n;
    const gt_point *ainv = c->stack + (size_t)depth * n;
    if (depth == c->length) {
        gt_perm_mul(n, ainv, c->p, c->q); /* b = a^-1 · p */
        long b = lookup(s, perm_hash(n, c->q));
        if (b >= 0 && depth + s->lens[b] < c->best) {
            c->best = depth + s->lens[b];
            memcpy(c->best_a, c->word, (size_t)depth * sizeof *c->word);
            c->best_alen = depth;
            c->best_b = b;
        }
        return;
    }
    for (int x = 0; x < s->nletters; x++) {
        if (depth > 0 && c->word[depth - 1] == (x ^ 1))
            continue;
        c->word[depth] = (uint16_t)x;
        /* (a·x)^-1 = x^-1 · a^-1, and x^-1 is the letter x ^ 1 */
        gt_perm_mul(n, s->letter + (size_t)(x ^ 1) * n, ainv, c->stack + (size_t)(depth + 1) * n);
        find_words(c, depth + 1);
    }
}

int gt_short_find(const gt_short_words *s, const gt_point *p, int *letters, int cap, int *len)
{
    int n = s->n, rc = GT_ERR_RANGE;
    if (cap < 2 * s->depth)
        return rc;
    rc = GT_ERR_NOMEM;
    gt_point *buf = malloc((size_t)(MAX_DEPTH + 3) * n * sizeof *buf);
    if (!buf)
        return rc;
    find_ctx c = {s, p, 0, {0}, buf, buf + (size_t)(MAX_DEPTH + 1) * n, 2 * s->depth + 1, {0}, 0, -1};
    gt_perm_identity(n, buf);
    /* a no longer than the best total so far cannot improve it */
    for (c.length = 0; c.length <= s->depth && c.length < c.best; c.length++)
        find_words(&c, 0);
    rc = 0;
    if (c.best_b < 0)
        goto free_buf;
    int total = 0;
    for (int k = 0; k < c.best_alen; k++)
        letters[total++] = c.best_a[k];
    const uint16_t *bw = s->words + (size_t)c.best_b * s->depth;
    for (int k = 0; k < s->lens[c.best_b]; k++) {
        if (total > 0 && letters[total - 1] == (bw[k] ^ 1))
            total--; /* cannot happen for a shortest word; harmless */
        else
            letters[total++] = bw[k];
    }
    /* check the product: a hash collision must not give a wrong word */
    gt_point *check = buf + (size_t)(MAX_DEPTH + 2) * n;
    gt_perm_identity(n, check);
    for (int k = 0; k < total; k++) {
        gt_perm_mul(n, check, s->letter + (size_t)letters[k] * n, c.q);
        memcpy(check, c.q, (size_t)n * sizeof *check);
    }
    if (gt_perm_equal(n, check, p)) {
        *len = total;
        rc = 1;
    }
free_buf:
    free(buf);
    return rc;
}
