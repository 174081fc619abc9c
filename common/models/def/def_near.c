/* The near table of a definition (def_pdb.h; docs/search.md, "The
 * near table"): every state within `depth` moves of the goal, hashed into
 * a table of nibbles that holds, for each slot, the least distance of the
 * states that land there (15: none). A state whose slot is empty is more
 * than `depth` moves away; any other state is at least its slot's value
 * away, since the slot's value is a minimum over the states that share
 * it. So the slot is a lower bound for every state, exact for most of
 * those within `depth` when the table is sparse enough.
 *
 * The table is filled depth-first from the goal along the canonical move
 * sequences the search walks (def_search.c): every state at distance d is
 * the end of a canonical sequence of d moves, so its slot is lowered to d
 * or less. No state is pruned on the way (a collision would prune a state
 * still to be written), and the threads lower the slots by compare and
 * swap, so the table does not depend on their order. */
#include "def_search_internal.h"
#include "gt_error.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEAR_PREFIX_MAX 4096 /* the canonical prefixes the threads share */
#define NEAR_POLL 4096       /* leaves between two looks at cancel */

/* ---- the state and its hash ---------------------------------------------- */

/* Whether states have inverses (every piece distinct, labelled by its
 * home), and what gt_def_near_invert needs. */
static int inverse_build(const gt_def_model *m, gt_def_near_moves *nm)
{
    const gt_def *def = m->def;
    nm->set_first = malloc((size_t)def->total * sizeof *nm->set_first);
    nm->omod_at = malloc((size_t)def->total);
    if (!nm->set_first || !nm->omod_at) {
        gt_def_near_moves_free(nm);
        return GT_ERR_NOMEM;
    }
    nm->invertible = 1;
    for (int i = 0; i < def->n_sets; i++)
        for (int j = 0; j < def->set[i].n; j++) {
            const int at = def->set[i].offset + j;
            nm->set_first[at] = (uint16_t)def->set[i].offset;
            nm->omod_at[at] = m->omod_at[at];
            nm->invertible &= def->solved_perm[at] == j && def->solved_ori[at] == 0;
        }
    return GT_OK;
}

/* Move mv's changes from index n on: the positions whose byte only moves,
 * then those that add a twist; returns the index after them. */
static int moves_of(const gt_def_model *m, int mv, gt_def_near_moves *nm, int n)
{
    const int total = m->def->total;
    const uint16_t *mp = m->perm + (size_t)mv * (size_t)total;
    const uint8_t *mo = m->ori + (size_t)mv * (size_t)total;
    nm->start[mv] = n;
    for (int twist = 0; twist < 2; twist++) {
        if (twist)
            nm->twisted[mv] = n;
        for (int j = 0; j < total; j++) {
            const int tw = mo[j] % m->omod_at[j];
            if ((mp[j] != j || tw) && (tw != 0) == twist)
                nm->change[n++] = (gt_def_near_change){(uint16_t)j, mp[j], (uint8_t)tw, m->omod_at[j]};
        }
    }
    return n;
}

int gt_def_near_moves_build(const gt_def_model *m, gt_def_near_moves *nm)
{
    const int total = m->def->total;
    memset(nm, 0, sizeof *nm);
    nm->total = total;
    nm->start = malloc(((size_t)m->n_moves + 1) * sizeof *nm->start);
    nm->twisted = malloc((size_t)m->n_moves * sizeof *nm->twisted);
    nm->change = malloc((size_t)m->n_moves * (size_t)total * sizeof *nm->change);
    if (!nm->start || !nm->twisted || !nm->change) {
        gt_def_near_moves_free(nm);
        return GT_ERR_NOMEM;
    }
    int n = 0;
    for (int mv = 0; mv < m->n_moves; mv++)
        n = moves_of(m, mv, nm, n);
    nm->start[m->n_moves] = n;
    return inverse_build(m, nm);
}

void gt_def_near_moves_free(gt_def_near_moves *nm)
{
    free(nm->start);
    free(nm->twisted);
    free(nm->change);
    free(nm->set_first);
    free(nm->omod_at);
    memset(nm, 0, sizeof *nm);
}

int gt_def_near_fits(const gt_def_model *m)
{
    for (int j = 0; j < m->def->total; j++)
        if (m->def->solved_perm[j] >> GT_DEF_NEAR_LABEL_BITS || m->omod_at[j] > 4)
            return 0;
    return 1;
}

void gt_def_near_pack(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, uint8_t *flat)
{
    for (int j = 0; j < m->def->total; j++)
        flat[j] = (uint8_t)((ori[j] << GT_DEF_NEAR_LABEL_BITS) | perm[j]);
}

/* ---- planning -------------------------------------------------------------- */

/* The canonical automaton's states (def_canon.c): the forbidden set, and
 * in the quarter-turn metric the last move and its run. */
typedef struct canon_state {
    uint64_t forbid;
    int prev, run;
} canon_state;

#define NEAR_STATES_MAX 2048 /* found by a linear search: quadratic */

static int state_find(canon_state *st, int *n, canon_state x)
{
    for (int i = 0; i < *n; i++)
        if (st[i].forbid == x.forbid && st[i].prev == x.prev && st[i].run == x.run)
            return i;
    if (*n == NEAR_STATES_MAX)
        return -1;
    st[*n] = x;
    return (*n)++;
}

/* counts[d]: the canonical sequences of d moves, d <= max (a count per
 * state of the automaton, level by level). GT_ERR_RANGE past
 * NEAR_STATES_MAX states. */
static int sequence_counts(const gt_def_canon *c, int max, double *counts)
{
    canon_state *st = malloc(NEAR_STATES_MAX * sizeof *st);
    int *next = malloc((size_t)NEAR_STATES_MAX * GT_MAX_MOVES * sizeof *next), n = 0, rc = GT_OK;
    double *cur = calloc(NEAR_STATES_MAX, sizeof *cur), *nxt = calloc(NEAR_STATES_MAX, sizeof *nxt);
    if (!st || !next || !cur || !nxt) {
        rc = GT_ERR_NOMEM;
        goto free_all;
    }
    state_find(st, &n, (canon_state){0, c->n_moves, 0});
    for (int i = 0; i < n && rc == GT_OK; i++) /* n grows as states are found */
        for (int mv = 0; mv < c->n_moves; mv++) {
            next[i * GT_MAX_MOVES + mv] = -1;
            if (!gt_def_canon_ok(c, st[i].forbid, mv, st[i].prev, st[i].run))
                continue;
            canon_state x = {gt_def_canon_next(c, st[i].forbid, mv, 0), c->qtm ? mv : 0,
                             c->qtm ? (mv == st[i].prev ? st[i].run + 1 : 1) : 0};
            if ((next[i * GT_MAX_MOVES + mv] = state_find(st, &n, x)) < 0)
                rc = GT_ERR_RANGE;
        }
    cur[0] = 1;
    for (int d = 0; d <= max && rc == GT_OK; d++) {
        counts[d] = 0;
        memset(nxt, 0, (size_t)n * sizeof *nxt);
        for (int i = 0; i < n; i++) {
            counts[d] += cur[i];
            for (int mv = 0; mv < c->n_moves && cur[i] > 0; mv++)
                if (next[i * GT_MAX_MOVES + mv] >= 0)
                    nxt[next[i * GT_MAX_MOVES + mv]] += cur[i];
        }
        double *t = cur;
        cur = nxt;
        nxt = t;
    }
free_all:
    free(st);
    free(next);
    free(cur);
    free(nxt);
    return rc;
}

int gt_def_near_choose(const gt_def_model *m, uint64_t bytes, int bits, double max_work, gt_def_near_plan *out)
{
    gt_def_canon c;
    double counts[GT_DEF_NEAR_DEPTH_MAX + 2], work = 0;
    memset(out, 0, sizeof *out);
    if (bytes < 1024)
        return GT_ERR_RANGE;
    if (!gt_def_near_fits(m) || (bits != 4 && bits != 2))
        return GT_ERR_INVAL;
    out->entries = bytes * 8 / (unsigned)bits;
    out->bits = bits;
    gt_def_canon_build(m, &c);
    int rc = sequence_counts(&c, GT_DEF_NEAR_DEPTH_MAX + 1, counts);
    if (rc)
        return rc;
    /* deepen while the last level has no more sequences than slots (a
     * table mostly empty bounds the states beyond by depth + 1) and the
     * whole fill stays within the work allowed */
    for (int d = 0; d <= GT_DEF_NEAR_DEPTH_MAX; d++) {
        work += counts[d];
        if (d > 0 && (counts[d] > (double)out->entries || work > max_work))
            break;
        out->depth = d;
        out->sequences = work;
    }
    return GT_OK;
}

/* ---- the fill ------------------------------------------------------------------ */

typedef struct near_fill {
    const gt_def_model *m;
    const gt_def_near_moves *nm;
    const gt_def_canon *canon;
    uint8_t *data;
    uint64_t entries;
    int depth;              /* where this walk stops (fill_shallow's is shallower) */
    int table_depth, bits;  /* the table's: the 2-bit codes are relative to its depth */
    const volatile int *cancel;
} near_fill;

/* A thread's writes waiting in buckets, one a region of the table: the
 * table is LMDB's record, in small pages, and a write anywhere in 2 GB
 * missed the TLB as well as the caches (the fill's prefetches stalled on
 * their page walks); a bucket's writes land in a few MiB, within the
 * TLB's reach. */
#define NEAR_REGION_BYTES (4u << 20) /* a bucket's part of the table */
#define NEAR_BUCKETS_MAX 1024
#define NEAR_BUCKET_WRITES 512 /* writes a bucket holds before they are made */
typedef struct near_buckets {
    int shift; /* a slot's bucket: slot >> shift */
    uint32_t held[NEAR_BUCKETS_MAX];
    uint64_t (*write)[NEAR_BUCKET_WRITES]; /* [bucket][i]: slot << 4 | code */
} near_buckets;

/* One thread's tally: leaves since the last look at cancel, how many
 * slots of each value it added (or took away, as it lowered them), and
 * its buckets (NULL: each write made at once). */
typedef struct near_tally {
    uint64_t polls;
    int64_t delta[16];
    near_buckets *b;
} near_tally;

/* The value a state at distance d writes (def_pdb.h: its distance in a
 * nibble; in 2 bits, relative to the depth). */
static inline unsigned slot_code(const near_fill *f, int d)
{
    return f->bits == 4 ? (unsigned)d : d <= f->table_depth - 2 ? 0u : (unsigned)(d - f->table_depth + 2);
}

/* Lowers slot to code c (atomically: the threads race on the bytes). */
static inline void lower_slot(const near_fill *f, uint64_t slot, unsigned c, near_tally *t)
{
    const int per_byte = 8 / f->bits, shift = (int)(slot % (unsigned)per_byte) * f->bits;
    const unsigned mask = (1u << f->bits) - 1;
    uint8_t *b = f->data + slot / (unsigned)per_byte;
    uint8_t old = __atomic_load_n(b, __ATOMIC_RELAXED);
    while (((unsigned)old >> shift & mask) > c) {
        const uint8_t nv = (uint8_t)((old & ~(mask << shift)) | (c << shift));
        if (__atomic_compare_exchange_n(b, &old, nv, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            t->delta[(unsigned)old >> shift & mask]--;
            t->delta[c]++;
            break;
        }
    }
}

/* Makes a bucket's writes, their bytes prefetched first. */
static void bucket_flush(const near_fill *f, near_tally *t, uint32_t bucket)
{
    near_buckets *b = t->b;
    const uint64_t *w = b->write[bucket];
    for (uint32_t i = 0; i < b->held[bucket]; i++)
        __builtin_prefetch(f->data + (w[i] >> 4) * (unsigned)f->bits / 8, 1);
    for (uint32_t i = 0; i < b->held[bucket]; i++)
        lower_slot(f, w[i] >> 4, (unsigned)(w[i] & 15), t);
    b->held[bucket] = 0;
}

/* Lowers slot to code c, now or with its bucket. */
static inline void write_slot(const near_fill *f, near_tally *t, uint64_t slot, unsigned c)
{
    near_buckets *b = t->b;
    if (!b) {
        lower_slot(f, slot, c, t);
        return;
    }
    const uint32_t k = (uint32_t)(slot >> b->shift);
    b->write[k][b->held[k]++] = slot << 4 | c;
    if (b->held[k] == NEAR_BUCKET_WRITES)
        bucket_flush(f, t, k);
}

/* The buckets of a table of `entries` slots: NULL where the table is small
 * enough for one (then every write is made at once). */
static near_buckets *buckets_new(const near_fill *f)
{
    const uint64_t per_region = (uint64_t)NEAR_REGION_BYTES * 8 / (unsigned)f->bits;
    if (f->entries <= per_region)
        return NULL;
    int shift = 0;
    while ((1ull << shift) < per_region || (f->entries >> shift) >= NEAR_BUCKETS_MAX)
        shift++;
    near_buckets *b = calloc(1, sizeof *b);
    if (b && !(b->write = malloc(((f->entries >> shift) + 1) * sizeof *b->write))) {
        free(b);
        return NULL;
    }
    if (b)
        b->shift = shift;
    return b;
}

/* Makes every write still held, and frees the buckets. */
static void buckets_free(const near_fill *f, near_tally *t)
{
    if (!t->b)
        return;
    for (uint64_t k = 0; k <= f->entries >> t->b->shift; k++)
        bucket_flush(f, t, (uint32_t)k);
    free(t->b->write);
    free(t->b);
    t->b = NULL;
}

/* The last level: every child's slot written. */
static void fill_leaves(const near_fill *f, const uint8_t *st, uint8_t *child, int d, uint64_t forbid, int prev, int run,
                        near_tally *t)
{
    const int bytes = f->nm->total;
    for (int mv = 0; mv < f->m->n_moves; mv++) {
        if (!gt_def_canon_ok(f->canon, forbid, mv, prev, run))
            continue;
        gt_def_near_apply(f->nm, mv, st, child);
        write_slot(f, t, gt_def_near_slot(gt_def_near_hash(child, bytes), f->entries), slot_code(f, d));
    }
}

/* Depth-first below st (at depth d, in canonical state forbid after move
 * prev in a run of run): returns 1 when cancelled. buf holds a state a
 * depth below. */
static int fill_below(const near_fill *f, const uint8_t *st, uint8_t *buf, int d, uint64_t forbid, int prev, int run,
                      near_tally *t)
{
    const int bytes = f->nm->total;
    write_slot(f, t, gt_def_near_slot(gt_def_near_hash(st, bytes), f->entries), slot_code(f, d));
    if (d == f->depth)
        return 0;
    if (d + 1 == f->depth) {
        fill_leaves(f, st, buf, d + 1, forbid, prev, run, t);
        return (++t->polls % NEAR_POLL) == 0 && f->cancel && *f->cancel;
    }
    for (int mv = 0; mv < f->m->n_moves; mv++) {
        if (!gt_def_canon_ok(f->canon, forbid, mv, prev, run))
            continue;
        gt_def_near_apply(f->nm, mv, st, buf);
        if (fill_below(f, buf, buf + bytes, d + 1, gt_def_canon_next(f->canon, forbid, mv, 0), mv,
                       mv == prev ? run + 1 : 1, t))
            return 1;
    }
    return 0;
}

typedef struct near_prefix {
    uint8_t n, moves[3];
} near_prefix;

/* Replays a prefix's moves: its canonical state, last move and run. */
static void prefix_state(const near_fill *f, const near_prefix *p, uint64_t *forbid, int *prev, int *run)
{
    *forbid = 0;
    *prev = f->m->n_moves;
    *run = 0;
    for (int i = 0; i < p->n; i++) {
        const int mv = p->moves[i];
        *run = mv == *prev ? *run + 1 : 1;
        *prev = mv;
        *forbid = gt_def_canon_next(f->canon, *forbid, mv, 0);
    }
}

/* The canonical prefixes of len moves (their states are written by
 * fill_below's first call, the shorter ones by fill_shallow): -1 past
 * NEAR_PREFIX_MAX. */
static int make_prefixes(const near_fill *f, int len, near_prefix *out)
{
    near_prefix stack[4] = {{0, {0}}};
    int n = 0, next[4] = {0}, top = 0;
    if (len == 0) {
        out[0] = stack[0];
        return 1;
    }
    while (top >= 0) {
        const int mv = next[top]++;
        if (mv == f->m->n_moves) {
            top--;
            continue;
        }
        uint64_t forbid;
        int prev, run;
        prefix_state(f, &stack[top], &forbid, &prev, &run);
        if (!gt_def_canon_ok(f->canon, forbid, mv, prev, run))
            continue;
        near_prefix p = stack[top];
        p.moves[p.n++] = (uint8_t)mv;
        if (p.n == len) {
            if (n == NEAR_PREFIX_MAX)
                return -1;
            out[n++] = p;
            continue;
        }
        stack[++top] = p;
        next[top] = 0;
    }
    return n;
}

/* The states shallower than the prefixes: written by one thread. */
static int fill_shallow(const near_fill *f, int len, near_tally *t)
{
    near_fill g = *f;
    uint8_t *buf = malloc((size_t)(len + 2) * (size_t)f->nm->total);
    if (!buf)
        return GT_ERR_NOMEM;
    gt_def_near_pack(f->m, f->m->def->solved_perm, f->m->def->solved_ori, buf);
    g.depth = len - 1;
    g.cancel = NULL;
    if (g.depth >= 0)
        fill_below(&g, buf, buf + f->nm->total, 0, 0, f->m->n_moves, 0, t);
    free(buf);
    return GT_OK;
}

/* Walks one prefix: its moves from the goal, then fill_below. */
static int fill_prefix(const near_fill *f, const near_prefix *p, uint8_t *buf, near_tally *t)
{
    const int bytes = f->nm->total;
    uint64_t forbid;
    int prev, run;
    gt_def_near_pack(f->m, f->m->def->solved_perm, f->m->def->solved_ori, buf);
    for (int i = 0; i < p->n; i++) {
        gt_def_near_apply(f->nm, p->moves[i], buf, buf + bytes);
        memcpy(buf, buf + bytes, (size_t)bytes);
    }
    prefix_state(f, p, &forbid, &prev, &run);
    return fill_below(f, buf, buf + bytes, p->n, forbid, prev, run, t);
}

/* Every slot empty, on the threads (the first touch of each page). */
static void clear_slots(uint8_t *data, uint64_t bytes, int threads)
{
    const int64_t chunks = (int64_t)((bytes + (1u << 24) - 1) >> 24);
#pragma omp parallel for schedule(static) num_threads(threads)
    for (int64_t c = 0; c < chunks; c++) {
        const uint64_t lo = (uint64_t)c << 24, hi = lo + (1u << 24) < bytes ? lo + (1u << 24) : bytes;
        memset(data + lo, 0xff, (size_t)(hi - lo));
    }
}

/* The prefixes on the threads; the tallies summed into d. Returns 0, 1
 * (cancelled) or 2 (out of memory). */
static int fill_prefixes(const near_fill *f, const near_prefix *pf, int n, int threads, int64_t *delta)
{
    const size_t buf_bytes = (size_t)(f->depth + 2) * (size_t)f->nm->total;
    int stop = 0;
#pragma omp parallel num_threads(threads)
    {
        near_tally t = {.b = buckets_new(f)};
        uint8_t *buf = malloc(buf_bytes);
        if (!buf)
            __atomic_store_n(&stop, 2, __ATOMIC_RELAXED);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < n; i++)
            if (!__atomic_load_n(&stop, __ATOMIC_RELAXED) && fill_prefix(f, &pf[i], buf, &t))
                __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
        buckets_free(f, &t);
        free(buf);
#pragma omp critical(gt_def_near_tally)
        for (int v = 0; v < 16; v++)
            delta[v] += t.delta[v];
    }
    return stop;
}

/* The slots of each code as a distribution: a nibble's value is its
 * distance, a 2-bit code c stands at depth - 2 + c (0: "at most depth - 2"
 * counted at depth - 2), the empty slots at depth + 1. */
static void near_distribution(const gt_def_near_plan *plan, const uint64_t *count, gt_distribution *d)
{
    const unsigned empty = (1u << plan->bits) - 1;
    memset(d, 0, sizeof *d);
    for (unsigned c = 0; c < empty; c++) {
        const int at = plan->bits == 4 ? (int)c : plan->depth - 2 + (int)c;
        d->count[at < 0 ? 0 : at] += count[c];
    }
    d->count[plan->depth + 1] = count[empty]; /* "more than depth" */
    d->max_depth = plan->depth + 1;
    d->reached = plan->entries;
}

int gt_def_near_fill(const gt_def_model *m, const gt_def_near_plan *plan, int threads, const volatile int *cancel,
                     uint8_t *data, gt_distribution *d)
{
    gt_def_canon c;
    gt_def_near_moves nm;
    near_tally shallow = {0};
    near_prefix *pf = malloc(NEAR_PREFIX_MAX * sizeof *pf);
    int rc = pf ? gt_def_near_moves_build(m, &nm) : GT_ERR_NOMEM, n = -1, len;
    if (rc) {
        free(pf);
        return rc;
    }
    threads = threads > 0 ? threads : omp_get_max_threads();
    gt_def_canon_build(m, &c);
    near_fill f = {m, &nm, &c, data, plan->entries, plan->depth, plan->depth, plan->bits, cancel};
    clear_slots(data, plan->entries * (unsigned)plan->bits / 8, threads);
    for (len = plan->depth < 3 ? plan->depth : 3; n < 0; len--)
        n = make_prefixes(&f, len, pf);
    len++;
    shallow.delta[(1u << plan->bits) - 1] = (int64_t)plan->entries;
    rc = fill_shallow(&f, len, &shallow);
    int stop = rc ? 0 : fill_prefixes(&f, pf, n, threads, shallow.delta);
    rc = rc ? rc : stop == 2 ? GT_ERR_NOMEM : stop ? GT_ERR_INTERRUPT : GT_OK;
    uint64_t count[16];
    for (int v = 0; v < 16; v++)
        count[v] = (uint64_t)shallow.delta[v];
    near_distribution(plan, count, d);
    gt_def_near_moves_free(&nm);
    free(pf);
    return rc;
}

void gt_def_near_count(const uint8_t *data, const gt_def_near_plan *plan, gt_distribution *d)
{
    uint64_t count[16] = {0};
    const unsigned bits = (unsigned)plan->bits, mask = (1u << bits) - 1;
#pragma omp parallel for reduction(+ : count[:16])
    for (uint64_t i = 0; i < plan->entries * bits / 8; i++)
        for (unsigned shift = 0; shift < 8; shift += bits)
            count[data[i] >> shift & mask]++;
    near_distribution(plan, count, d);
}

int gt_def_near_table_depth(const gt_table *t, int *depth, int *bits)
{
    const gt_view *v = gt_table_section(t, GT_DEF_NEAR_SECTION);
    char text[64];
    int version = 0, d = -1, used = 0;
    if (!v || v->bytes >= sizeof text)
        return GT_ERR_CORRUPT;
    memcpy(text, v->data, (size_t)v->bytes);
    text[v->bytes] = 0;
    if (sscanf(text, "near %d depth %d%n", &version, &d, &used) != 2 || text[used] || version < 1 ||
        version > GT_DEF_NEAR_VERSION || d < 0 || d > GT_DEF_NEAR_DEPTH_MAX || t->meta.distribution.max_depth != d + 1)
        return GT_ERR_CORRUPT;
    const int b = version == 1 ? 4 : 2, per_byte = 8 / b;
    const gt_encoding enc = version == 1 ? GT_ENC_NIBBLE : GT_ENC_TOP2;
    if (t->meta.encoding != enc || t->meta.n_states < (uint64_t)per_byte || t->meta.n_states % (uint64_t)per_byte ||
        t->data_bytes != t->meta.n_states / (uint64_t)per_byte)
        return GT_ERR_CORRUPT;
    *depth = d;
    if (bits)
        *bits = b;
    return GT_OK;
}
