/* Pattern databases of a definition and the optimal search over them
 * (issue 28; docs/search.md).
 *
 * A projection keeps some pieces of some orbits and forgets the rest: each
 * kept piece belongs to a group, the pieces of one group are identical in
 * the projection, and the orientations are kept or not. A state's image is
 * where each group's pieces are (a chain of combinations) and, when kept,
 * their orientations; the images form a smaller puzzle whose distance
 * table (built by the one BFS through level hooks, stored as every table)
 * is a lower bound of the distance: a pattern database. The search
 * (def_search.c) walks the definition's states by IDA*, bounded by the
 * maximum of several pattern databases, each read at 2 bits a state
 * (distance mod 3, made exact from the parent's distance). */
#ifndef GODTAB_DEF_PDB_H
#define GODTAB_DEF_PDB_H

#include "def.h"
#include "table.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define GT_DEF_PDB_MAX 8          /* pattern databases one search combines */
#define GT_DEF_PROJ_TEXT_MAX 512  /* a projection written out */
#define GT_DEF_PROJ_PARTS 16      /* orbits one projection keeps */
#define GT_DEF_PROJ_K_MAX 64      /* positions of an orbit a projection keeps pieces of */

/* What one projection keeps of one orbit. */
typedef struct gt_def_proj_part {
    int orbit;     /* the model's orbit */
    int k, omod;   /* the orbit's positions and orientation modulus */
    int base;      /* the orbit's first cell value (gt_def_cells) */
    int oshift, omask; /* a value's orientation bits */
    int first;     /* the orbit's first cell */
    int keep_ori;  /* the kept pieces' orientations are kept */
    int n_groups;
    int n_items;   /* pieces kept: item i is physical piece item_piece[i] */
    int singles;   /* every group one piece (a faster rank) */
    uint8_t group_size[GT_DEF_PROJ_K_MAX];
    uint8_t item_piece[GT_DEF_PROJ_K_MAX]; /* group 0's pieces first, then group 1's, ... */
    int ori_digits;      /* orientations ranked (one less when their sum is fixed) */
    int ori_sum;         /* the fixed sum (mod omod) when ori_digits < n_items */
    uint64_t comb_size[GT_DEF_PROJ_K_MAX]; /* C(free positions, group size), each group */
    uint64_t pos_size, size;               /* the combinations' product; with orientations */
    uint64_t ori_size;                     /* size / pos_size: the orientations' count */
    /* singles: the weights of item i's free-relative position (the
     * orientations' count included) and of its orientation, so that the
     * rank is a sum of independent products, not a chain of them */
    uint64_t pos_weight[GT_DEF_PROJ_K_MAX], ori_weight[GT_DEF_PROJ_K_MAX];
    /* singles of a whole orbit that every move permutes evenly: the last
     * two position digits are not ranked (the last is 0, the one before
     * gives the digits' sum the parity `parity`), k!/2 arrangements */
    int even, parity;
} gt_def_proj_part;

/* A projection of a planned model (gt_def_model_plan_orbits or _plan). */
typedef struct gt_def_proj {
    int n_parts;
    gt_def_proj_part part[GT_DEF_PROJ_PARTS];
    uint64_t states; /* the image's index space: the parts' sizes multiplied */
    char text[GT_DEF_PROJ_TEXT_MAX]; /* its canonical text (gt_def_proj_parse reads it back) */
} gt_def_proj;

/* Plans the moves and orbits of a definition only (no coordinates, no
 * index: any size). Return values: as gt_def_model_plan but never
 * GT_ERR_RANGE. */
int gt_def_model_plan_orbits(const gt_def *def, const gt_def_options *o, gt_def_model **out, gt_def_error *err);

/* The model's moves, powers included, and its definition. */
int gt_def_model_n_moves(const gt_def_model *m);
const gt_def *gt_def_model_def(const gt_def_model *m);

/* Reads a projection: parts separated by ';', each a set name, optionally
 * '=' and its kept pieces (numbers of the Solved block, 1-based, ',' apart;
 * "a-b" a range; "a+b" makes them one group of identical pieces; a piece
 * number the Solved block repeats is a group already), and optionally
 * ":perm" (positions only) or ":ori" (every piece of the set one group:
 * orientations only). "CORNER", "EDGE=1-6", "EDGE=1,2,3:perm", "EDGE:ori".
 * Return values: GT_OK, GT_ERR_PARSE (err->column: where, what), GT_ERR_RANGE
 * (an orbit past GT_DEF_PROJ_K_MAX positions, or an image past 2^62). */
int gt_def_proj_parse(const gt_def_model *m, const char *text, gt_def_proj *out, gt_def_error *err);

/* Chooses projections automatically (def_pdb_auto.c): each orbit whole if
 * its image has at most max_states, else its pieces in runs of the largest
 * length that fits (orientations kept); small orbits joined to another's
 * projection while the product fits. Largest first, at most GT_DEF_PDB_MAX
 * and at most budget_states in all. Return values: GT_OK, GT_ERR_RANGE (no
 * projection fits: err says the smallest useful one's size), GT_ERR_INVAL
 * (no set has more than one image: the definition has one state). */
int gt_def_proj_auto(const gt_def_model *m, uint64_t max_states, uint64_t budget_states, gt_def_proj *out, int *n,
                     gt_def_error *err);

/* Position p's place among the positions not in `used` (a Lehmer digit,
 * or a combination's term): the ranks, and the BFS's fast path, count
 * the used positions below it. */
static inline int gt_def_free_place(uint64_t used, int p)
{
    return p - __builtin_popcountll(used & ((1ull << p) - 1));
}

/* C(n, k) for n, k <= GT_DEF_PROJ_K_MAX (def_proj.c fills it when it
 * finishes a projection's part). */
extern uint64_t gt_def_binom[GT_DEF_PROJ_K_MAX + 1][GT_DEF_PROJ_K_MAX + 1];

/* The colex rank of the positions in mask among those not in used: a
 * group of identical pieces' digit in a projection's index. */
static inline uint64_t gt_def_comb_rank(uint64_t mask, uint64_t used)
{
    uint64_t cr = 0;
    int i = 1;
    for (uint64_t mk = mask; mk; mk &= mk - 1, i++)
        cr += gt_def_binom[gt_def_free_place(used, __builtin_ctzll(mk))][i];
    return cr;
}

/* The c positions of colex rank cr among the k positions not in used
 * (gt_def_comb_rank backwards), as a mask. */
uint64_t gt_def_comb_unrank(uint64_t cr, int c, uint64_t used, int k);

/* The image of a state given by the cells of its kept pieces (values as
 * gt_def_cells'): items[j] is the cell of item j, the parts' items one
 * after the other (gt_def_proj_items of them). */
uint64_t gt_def_proj_rank(const gt_def_proj *pr, const uint16_t *items);
/* An image back to its items' cells (one choice among identical pieces). */
void gt_def_proj_unrank(const gt_def_proj *pr, uint64_t index, uint16_t *items);
/* How many items the projection keeps. */
int gt_def_proj_items(const gt_def_proj *pr);
/* Which cell of the model each item is: cell[j] for item j. */
void gt_def_proj_item_cells(const gt_def_proj *pr, int *cell);

/* The cells of a model's pieces: piece i of orbit o (the piece that starts
 * at the orbit's local position i) is cell gt_def_cells_first(o) + i, and
 * its value is base[o] + (position << s) + orientation, s the bits of the
 * orbit's orientations, so that one table per move moves every piece
 * (def_proj.c). */
typedef struct gt_def_cells {
    int n_cells, n_values, n_moves;
    int first[GT_DEF_MAX_POSITIONS]; /* each orbit's first cell */
    int base[GT_DEF_MAX_POSITIONS];  /* each orbit's first value */
    uint16_t *move; /* move[m * n_values + v]: value v after move m */
    uint16_t *solved; /* n_cells: every piece at its start */
} gt_def_cells;

/* Return values: GT_OK, GT_ERR_NOMEM, GT_ERR_RANGE (more than 65535 values). */
int gt_def_cells_build(const gt_def_model *m, gt_def_cells *c);
void gt_def_cells_free(gt_def_cells *c);
/* The cells of a flat state (identical pieces given in position order).
 * Return values: GT_OK, GT_ERR_ILLEGAL (a piece foreign to its orbit). */
int gt_def_cells_of_state(const gt_def_model *m, const gt_def_cells *c, const uint8_t *perm, const uint8_t *ori,
                          uint16_t *cells);

/* ---- a pattern database as a puzzle for the BFS (def_pdb.c) ---- */

typedef struct gt_def_pdb gt_def_pdb;

/* The projection's image as a descriptor: n_coords 0, level hooks and a
 * neighbours hook (puzzle.h), moves named as the model's. m and pr must
 * outlive it. Return values: GT_OK, GT_ERR_NOMEM, GT_ERR_RANGE (past 2^40
 * states: the BFS's byte a state would not fit). */
int gt_def_pdb_make(const gt_def_model *m, const gt_def_proj *pr, gt_def_pdb **out);
const gt_puzzle *gt_def_pdb_puzzle(const gt_def_pdb *d);

/* Which fast path the database's BFS takes (the tests check that each is
 * taken where expected). Return values: GT_DEF_PDB_RANKED (every
 * neighbour unranked and ranked), GT_DEF_PDB_XOR (orientations modulo 2
 * ride along as a mask), GT_DEF_PDB_DIGITS (any modulus, digit by digit),
 * GT_DEF_PDB_LAST (no orientation: the last piece's position rides along),
 * GT_DEF_PDB_GROUP (identical pieces without orientation: the last
 * group's positions ride along). */
enum { GT_DEF_PDB_RANKED, GT_DEF_PDB_XOR, GT_DEF_PDB_DIGITS, GT_DEF_PDB_LAST, GT_DEF_PDB_GROUP };
int gt_def_pdb_fast_path(const gt_def_pdb *d);
void gt_def_pdb_free(gt_def_pdb *d);

/* A pattern database's table spec (godtab-gen --def FILE --pdb): the
 * definition request first (a gt_def_request: spec->arg may be read as
 * one), then the projection's text. */
typedef struct gt_def_pdb_request {
    gt_def_request def;
    const char *projection;
} gt_def_pdb_request;

/* Fills spec for the pattern database `name` of req (the caller keeps name,
 * summary and req alive): MOD3, mapped; make_puzzle plans the model and the
 * projection (GT_ERR_INVAL if the text does not read). */
void gt_def_pdb_spec_init(gt_table_spec *spec, const char *name, const char *summary, const gt_def_pdb_request *req);

/* The section of a pattern database's table holding its projection's text
 * (beside GT_CATALOG_DEF_SECTION, the definition). */
#define GT_DEF_PROJ_SECTION "projection"

/* ---- the near table (def_near.c) ---- */

/* Every state within `depth` moves of the goal, hashed into `entries`
 * slots: a slot holds the least distance of the states hashed to it, or
 * "empty" when none (then every state hashed there is more than depth
 * away). A lower bound for any state; the search takes the maximum of it
 * and the pattern databases. Two layouts:
 * - 4 bits a slot (the search's small table, and stored tables of
 *   version 1): the distance, 15 when empty;
 * - 2 bits a slot (stored tables from version 2): the distance relative
 *   to the depth D, 0 for at most D - 2, 1 for D - 1, 2 for D, 3 when
 *   empty. Twice the slots in the same memory, so half the collisions at
 *   the levels that cut; a 0 is read through the search's small table,
 *   exact to D - 2 (docs/search.md).
 * Stored as a mapped table NAME-near of `entries` states (GT_ENC_NIBBLE,
 * or GT_ENC_TOP2 for the 2-bit codes), its distribution the slots of each
 * value (a 2-bit code c at D - 2 + c, the empty ones at depth + 1), with
 * the definition and a GT_DEF_NEAR_SECTION section ("near VERSION depth
 * D"). */
#define GT_DEF_NEAR_SECTION "near"
#define GT_DEF_NEAR_VERSION 2     /* the hash and slot functions; 2: 2-bit codes (1: nibbles, still read) */
#define GT_DEF_NEAR_DEPTH_MAX 14  /* 15 is the empty slot */

typedef struct gt_def_near_plan {
    uint64_t entries; /* slots: 8 / bits a byte */
    int bits;         /* 4 or 2 a slot */
    int depth;        /* the states filled in: those within depth moves */
    double sequences; /* the canonical move sequences the fill walks */
} gt_def_near_plan;

/* The deepest fill of a table of `bytes` bytes at `bits` (4 or 2) a slot
 * whose last level has no more canonical sequences than slots and whose
 * walk visits at most max_work sequences. Return values: GT_OK,
 * GT_ERR_RANGE (under 1 KiB, or a canonical automaton of more than 2048
 * states: def_near.c counts them), GT_ERR_INVAL (bits neither 4 nor 2, a
 * set of more than 64 pieces or an orientation modulus past 4: a state is
 * hashed a byte a position), GT_ERR_NOMEM. */
int gt_def_near_choose(const gt_def_model *m, uint64_t bytes, int bits, double max_work, gt_def_near_plan *out);

/* Fills data (plan->entries * plan->bits / 8 bytes) on `threads` threads
 * (0: all), and d with the slots of each value (the empty ones at depth +
 * 1), counted as they are written. Return values: GT_OK, GT_ERR_NOMEM,
 * GT_ERR_INTERRUPT (*cancel set). */
int gt_def_near_fill(const gt_def_model *m, const gt_def_near_plan *plan, int threads, const volatile int *cancel,
                     uint8_t *data, gt_distribution *d);

/* The pages the search's copies of its tables take (gt_alloc_huge): a
 * table's reads land anywhere, and with small pages each was a TLB miss. */
#define GT_DEF_NEAR_PAGE (2u << 20)

/* The slots of each value, recounted from the data (as gt_def_near_fill
 * counts them): a stored table's check. */
void gt_def_near_count(const uint8_t *data, const gt_def_near_plan *plan, gt_distribution *d);

/* One step of a hash lane: a bijection of the lane for each word, so two
 * states that differ in one word never share a hash. */
static inline uint64_t gt_def_near_lane(uint64_t h, uint64_t w, uint64_t k)
{
    h = (h ^ w) * k;
    return h ^ (h >> 29);
}

/* The last n (< 8) bytes at p as the word an 8-byte memcpy of them,
 * zero-filled, would give: on a little-endian machine put together in a
 * register, since a word read from bytes just stored one at a time waits
 * for the stores (the search hashes a new state for every child). */
static inline uint64_t gt_def_near_tail(const uint8_t *p, int n)
{
    uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (int j = n - 1; j >= 0; j--)
        w = w << 8 | p[j];
#else
    uint8_t tail[8] = {0};
    for (int j = 0; j < n; j++)
        tail[j] = p[j];
    memcpy(&w, tail, 8);
#endif
    return w;
}

/* The hash of a flat state (a byte a position: def_search_internal.h's
 * gt_def_near_pack), and its slot among `entries`. Two lanes of eight
 * bytes (independent multiplications, so the loop is not one chain of
 * them), then a final avalanche. Stored tables depend on it: changing it
 * changes GT_DEF_NEAR_VERSION. Inline: the search hashes every child it
 * reads, and a call cost more than the hash. */
static inline uint64_t gt_def_near_hash(const uint8_t *state, int bytes)
{
    uint64_t a = 0x9e3779b97f4a7c15ull ^ (uint64_t)bytes, b = 0xc2b2ae3d27d4eb4full, w, x;
    int i = 0;
    for (; i + 16 <= bytes; i += 16) {
        memcpy(&w, state + i, 8);
        memcpy(&x, state + i + 8, 8);
        a = gt_def_near_lane(a, w, 0xff51afd7ed558ccdull);
        b = gt_def_near_lane(b, x, 0xc4ceb9fe1a85ec53ull);
    }
    for (; i + 8 <= bytes; i += 8) {
        memcpy(&w, state + i, 8);
        a = gt_def_near_lane(a, w, 0xff51afd7ed558ccdull);
    }
    if (i < bytes) /* the last bytes, zero-filled to a word */
        a = gt_def_near_lane(a, gt_def_near_tail(state + i, bytes - i), 0xff51afd7ed558ccdull);
    uint64_t h = a ^ (b << 23 | b >> 41);
    h ^= h >> 31;
    h *= 0x7fb5d329728ea185ull;
    h ^= h >> 27;
    h *= 0x81dadef4bc2dd44dull;
    return h ^ (h >> 33);
}

static inline uint64_t gt_def_near_slot(uint64_t hash, uint64_t entries)
{
    return (uint64_t)(((unsigned __int128)hash * entries) >> 64);
}

/* The depth and bits a slot of a stored near table (its section read,
 * its encoding and size checked; bits may be NULL). Return values: GT_OK,
 * GT_ERR_CORRUPT (not a near table of version 1 or 2). */
int gt_def_near_table_depth(const gt_table *t, int *depth, int *bits);

/* ---- the optimal search (def_search.c) ---- */

typedef struct gt_def_search gt_def_search;

/* Called with every solution found (moves[0..n-1], model move numbers):
 * non-zero stops the search. */
typedef int (*gt_def_solution_fn)(void *user, const uint8_t *moves, int n);
/* Called once a depth is exhausted: that depth, the nodes so far, seconds. */
typedef void (*gt_def_progress_fn)(void *user, int depth, uint64_t nodes, double seconds);

typedef struct gt_def_search_options {
    int threads;          /* 0: all */
    double timeout;       /* seconds, 0: none */
    int all;              /* every optimal solution (only the same move is never turned twice) */
    int max_depth;        /* 0: GT_MAX_DEPTH */
    gt_def_solution_fn on_solution;
    gt_def_progress_fn on_progress;
    void *user;
    const volatile int *cancel; /* non-zero stops the search (GT_ERR_INTERRUPT) */
} gt_def_search_options;

/* A search over the model's states bounded by the pattern databases
 * (tables[i] the stored table of projections[i], GT_ENC_MOD3, n_states the
 * projection's), and the near table of the definition or NULL: copied in
 * (into 2 MiB pages where the kernel allows), every block checked, on all
 * cores; the caller may free it then. The model, projections and pattern
 * databases must outlive the search.
 * Return values: GT_OK, GT_ERR_NOMEM, GT_ERR_INVAL (no table at all, a table
 * whose size or encoding is not its projection's, a near table that is not
 * one of this version or a definition it cannot hash), GT_ERR_RANGE (the
 * databases keep more than 512 pieces in all), GT_ERR_CORRUPT (a damaged
 * block of the near table). */
int gt_def_search_new(const gt_def_model *m, const gt_def_proj *projections, const gt_table *const *tables, int n,
                      const gt_table *near, gt_def_search **out);

/* gt_def_search_open's flags. GT_DEF_SEARCH_IN_PLACE: the near table and
 * the pattern databases are read where they are mapped, each block checked
 * on its first read, instead of copied first. One query's few reads then
 * cost far less than the copy (an FTO scramble: 0.7 s with the copy); a
 * batch's many reads are faster in the copy's 2 MiB pages. The tables
 * must then outlive the search. */
#define GT_DEF_SEARCH_IN_PLACE 1

/* gt_def_search_new with flags (0: as gt_def_search_new).
 * Return values: as gt_def_search_new (GT_ERR_CORRUPT only when copied:
 * in place, a damaged block makes the search that reads it fail). */
int gt_def_search_open(const gt_def_model *m, const gt_def_proj *projections, const gt_table *const *tables, int n,
                       const gt_table *near, int flags, gt_def_search **out);
void gt_def_search_free(gt_def_search *s);

/* One short search of a state a few moves from the goal (at most 5 ms,
 * its result dropped), for a front end that answers queries next: the
 * first query otherwise paid for the code, the stack and the tables' first
 * reads (an FTO query took 68 us first, 16 us after). */
void gt_def_search_warm_up(gt_def_search *s);

/* The result of one search. */
typedef struct gt_def_search_result {
    int length;      /* the optimal length, or -1 */
    int lower_bound; /* the depth proven (on GT_ERR_TIMEOUT: no solution shorter) */
    int solutions;   /* found (with all: every one) */
    uint64_t nodes;
    double seconds;
    uint8_t moves[GT_MAX_DEPTH]; /* the first optimal solution (the same whatever the threads) */
} gt_def_search_result;

/* Solves the flat state optimally. Return values: GT_OK (r->length, r->moves),
 * GT_ERR_ILLEGAL (no move sequence reaches it: err names the orbit and the
 * invariant), GT_ERR_TIMEOUT (r->lower_bound), GT_ERR_INTERRUPT,
 * GT_ERR_CORRUPT (a damaged table block), GT_ERR_NOMEM. */
int gt_def_search_run(gt_def_search *s, const uint8_t *perm, const uint8_t *ori, const gt_def_search_options *o,
                      gt_def_search_result *r, gt_def_error *err);

/* The distance bound of the state (the databases' maximum), for tests. */
int gt_def_search_bound(gt_def_search *s, const uint8_t *perm, const uint8_t *ori, int *bound);

/* 0 when the flat state keeps every invariant the moves keep (each orbit's
 * orientation sum, the permutation parities the moves tie together); else
 * GT_ERR_ILLEGAL with err naming the set and the invariant (def_legal.c). */
int gt_def_check_invariants(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, gt_def_error *err);

#endif
