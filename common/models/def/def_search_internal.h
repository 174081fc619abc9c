/* The definition search's private parts (def_search.c, def_search_run.c):
 * included only by common/models/def and the tests. */
#ifndef GODTAB_DEF_SEARCH_INTERNAL_H
#define GODTAB_DEF_SEARCH_INTERNAL_H

#include "def_internal.h"
#include "def_pdb.h"

#include <string.h>

#define GT_DEF_SEARCH_TRACK_MAX 512 /* cells the search moves: the databases' pieces */
#define SEARCH_ALL_MAX 100000      /* solutions --all keeps at one depth */

enum { SEARCH_RUNNING = 0, SEARCH_DONE, SEARCH_TIMED_OUT, SEARCH_CANCELLED, SEARCH_DAMAGED };

/* One database as the search reads it: its items' slots in the tracked
 * cells, its table and the goal's image. */
typedef struct search_pdb {
    const gt_def_proj *pr;
    const gt_table *t;
    const uint8_t *data; /* its 2-bit codes: a copy checked whole (copy), or the mapping, checked a block at a time */
    uint8_t *copy;
    int n_items;
    int slot[GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX];
    uint64_t solved;
} search_pdb;

/* A database's code for image idx (3: no image), or -1 for a damaged block. */
static inline int search_pdb_code(const search_pdb *d, uint64_t idx)
{
    if (!d->copy && !gt_view_ok(&d->t->view, idx >> 2))
        return -1;
    return (d->data[idx >> 2] >> ((idx & 3) * 2)) & 3;
}

/* A position a move changes: the position it takes its byte from, and
 * the twist it adds modulo the position's orientations (one record, so
 * that a change is one read). */
typedef struct gt_def_near_change {
    uint16_t pos, src;
    uint8_t twist, omod;
} gt_def_near_change;

/* The moves as the near table moves a flat state: a byte a position, the
 * piece's label in the low 6 bits and its orientation above
 * (gt_def_near_pack); only the positions a move changes, each with the
 * position it takes from and the twist it adds (def_near.c). */
typedef struct gt_def_near_moves {
    int total;
    int *start;      /* n_moves + 1: move mv's changes are [start[mv], start[mv + 1]) */
    int *twisted;    /* n_moves: those from twisted[mv] on add a twist, those before only move a byte */
    gt_def_near_change *change;
    /* Each piece distinct and at home when solved (labels = positions of its
     * set, no twist): a state's inverse is then a state of the same
     * distance, looked up too (gt_def_near_invert). */
    int invertible;
    uint16_t *set_first; /* total: the first position of each position's set */
    uint8_t *omod_at;    /* total */
} gt_def_near_moves;

#define GT_DEF_NEAR_LABEL_BITS 6 /* labels below 64, orientations below 4 */

int gt_def_near_moves_build(const gt_def_model *m, gt_def_near_moves *nm);
void gt_def_near_moves_free(gt_def_near_moves *nm);

/* 1 if every label and orientation of the definition fits the byte. */
int gt_def_near_fits(const gt_def_model *m);
/* The flat state (total bytes) of perm and ori. */
void gt_def_near_pack(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, uint8_t *flat);

/* The inverse state of st (nm->invertible only): the piece at position j
 * with twist o puts position j, twisted by -o, at the piece's home. */
static inline void gt_def_near_invert(const gt_def_near_moves *nm, const uint8_t *st, uint8_t *inv)
{
    for (int j = 0; j < nm->total; j++) {
        const unsigned v = st[j], o = v >> GT_DEF_NEAR_LABEL_BITS, first = nm->set_first[j];
        const unsigned home = first + (v & ((1u << GT_DEF_NEAR_LABEL_BITS) - 1));
        inv[home] = (uint8_t)((o ? nm->omod_at[j] - o : 0) << GT_DEF_NEAR_LABEL_BITS | (j - first));
    }
}

/* to = from, `bytes` of them: words, the last one overlapping the one
 * before (a flat state is tens of bytes; a copy of a variable size called
 * the C library's for each child the search made). */
static inline void gt_def_near_copy(uint8_t *to, const uint8_t *from, int bytes)
{
    if (bytes < 8) {
        for (int i = 0; i < bytes; i++)
            to[i] = from[i];
        return;
    }
    for (int i = 0; i + 8 < bytes; i += 8)
        memcpy(to + i, from + i, 8);
    memcpy(to + bytes - 8, from + bytes - 8, 8);
}

/* The twisted byte a change puts at its position from byte v. */
static inline uint8_t gt_def_near_twisted(const gt_def_near_change *c, unsigned v)
{
    const unsigned o = (v >> GT_DEF_NEAR_LABEL_BITS) + c->twist;
    return (uint8_t)(((o >= c->omod ? o - c->omod : o) << GT_DEF_NEAR_LABEL_BITS) |
                     (v & ((1u << GT_DEF_NEAR_LABEL_BITS) - 1)));
}

/* child = st followed by move mv: the bytes that only move, then those
 * that take a twist (the search and the fill make a flat state for every
 * child they read, and most changes of most puzzles add none). */
static inline void gt_def_near_apply(const gt_def_near_moves *nm, int mv, const uint8_t *st, uint8_t *child)
{
    const gt_def_near_change *c = nm->change + nm->start[mv], *twisted = nm->change + nm->twisted[mv],
                             *end = nm->change + nm->start[mv + 1];
    gt_def_near_copy(child, st, nm->total);
    for (; c < twisted; c++)
        child[c->pos] = st[c->src];
    for (; c < end; c++)
        child[c->pos] = gt_def_near_twisted(c, st[c->src]);
}

/* The canonical sequences (def_canon.c). A path's state is the set of
 * bases (dense numbers, in the model's base order) that may not come
 * next: the last move's base, and each base that commutes with every move
 * since one of its own or a larger base. After move mv the set is
 * {base} | (commute[base] & (lower[base] | set)). --all keeps only the
 * first part (never the same base twice). The quarter-turn metric also
 * lets a move repeat itself up to half its order. */
typedef struct gt_def_canon {
    int n_moves, qtm;
    uint8_t base[GT_MAX_MOVES], order[GT_MAX_MOVES];
    uint64_t commute[GT_MAX_MOVES]; /* [base]: the bases that commute with it */
    uint64_t lower[GT_MAX_MOVES];   /* [base]: the smaller bases */
} gt_def_canon;

void gt_def_canon_build(const gt_def_model *m, gt_def_canon *c);

/* 1 if move mv may follow a path in state `forbid` whose last move prev
 * (n_moves at the root) ended a run of run_len. */
static inline int gt_def_canon_ok(const gt_def_canon *c, uint64_t forbid, int mv, int prev, int run_len)
{
    if (!(forbid >> c->base[mv] & 1))
        return 1;
    return c->qtm && mv == prev && 2 * (run_len + 1) <= c->order[mv]; /* R R, never R R' nor past half the order */
}

/* The state after move mv (all: --all's rule only). */
static inline uint64_t gt_def_canon_next(const gt_def_canon *c, uint64_t forbid, int mv, int all)
{
    const int b = c->base[mv];
    return all ? 1ull << b : (1ull << b) | (c->commute[b] & (c->lower[b] | forbid));
}

/* The small near table (def_search.c): 1 MiB, a core's second-level
 * cache, filled at setup in a few milliseconds (4 and 16 MiB, deeper but
 * read from the shared cache, made the megaminx's searches slower). */
#define SEARCH_SMALL_BYTES (1u << 20)
#define SEARCH_SMALL_WORK 4e6

/* A database from this size on is copied into 2 MiB pages (def_search.c):
 * beyond the TLB's reach of small pages. */
#define SEARCH_PDB_COPY_MIN (4u << 20)

/* A near table's slots (def_pdb.h): `entries` of `bits` (4 or 2), the
 * states within `depth` moves. */
typedef struct search_near {
    const uint8_t *data; /* its slots: a copy checked whole (copy), or the mapping (view) */
    uint8_t *copy;
    const gt_view *view; /* read in place: each block checked on its first read */
    uint64_t entries;
    int depth, bits;
} search_near;

struct gt_def_search {
    const gt_def_model *m;
    gt_def_cells cells;
    int n_pdb;
    search_pdb pdb[GT_DEF_PDB_MAX];
    int n_track;                          /* the cells the search moves */
    int track[GT_DEF_SEARCH_TRACK_MAX];   /* which cell of the model each is */
    gt_def_canon canon;
    search_near near;      /* the stored near table (near.data a checked copy in 2 MiB pages), or none
                              (near.data NULL): then no flat state is kept */
    search_near small;     /* a shallower one of nibbles filled at setup, small enough to stay in the caches
                              (data NULL when the stored one is as shallow); with a 2-bit stored one, at most
                              its depth - 2: it reads the stored one's code 0 */
    gt_def_near_moves near_moves;
    int flat_bytes;        /* total: a flat state (gt_def_near_pack) */
    uint8_t solved_flat[GT_DEF_MAX_POSITIONS]; /* the goal's flat state */
};

/* A solution kept by --all: its prefix (for the order) and moves. */
typedef struct search_solution {
    int prefix, n;
    uint8_t moves[GT_MAX_DEPTH];
} search_solution;

/* One search (gt_def_search_run): shared by the threads. */
typedef struct search_run {
    const gt_def_search_options *o;
    const uint8_t *perm, *ori; /* the state searched */
    double deadline;           /* 0: none */
    int stop;                  /* SEARCH_* (atomic) */
    int best_prefix;           /* the first prefix with a solution (atomic min) */
    uint8_t best[GT_MAX_DEPTH];
    search_solution *all;      /* --all: what this depth found */
    int n_all;
    uint64_t nodes;
    uint64_t last_nodes;       /* the previous depth's (0 before the first) */
    uint64_t before_last;      /* the depth's before (0 before the second) */
    int n_pdb;                 /* the databases read (root_setup: none when the near table holds the root) */
    int pdb_first;             /* the databases cut a node's children before the near table does */
} search_run;

/* One thread's walk of one prefix. */
typedef struct search_worker {
    const gt_def_search *s;
    search_run *run;
    int bound, prefix;
    uint64_t nodes, polls;
    uint8_t path[GT_MAX_DEPTH];
    uint8_t *flat; /* with a near table: a flat state a depth (GT_MAX_DEPTH + 1), then a scratch one */
} search_worker;

double gt_def_search_now(void);
int gt_def_search_dfs(search_worker *w, const uint16_t *track, const int *h, int g, uint64_t forbid, int prev,
                      int run_len);
/* The near table's bound of a flat state (its copy was checked whole). */
int gt_def_search_near_bound(const gt_def_search *s, const uint8_t *flat);
int gt_def_search_child_h(const gt_def_search *s, int p, const uint16_t *track, int h);

#endif
