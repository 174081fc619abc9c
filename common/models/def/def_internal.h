/* The definition model's private parts (def.h): enumerated coordinates, set
 * orbits and the model itself. Included only by common/models/def and the
 * tests. */
#ifndef GODTAB_DEF_INTERNAL_H
#define GODTAB_DEF_INTERNAL_H

#include "def.h"

#include <stdint.h>

#define DEF_NO_KEY UINT64_MAX

/* Raw key -> dense value, open addressing (linear probing). */
typedef struct gt_def_hash {
    uint64_t *keys;
    uint32_t *vals;
    uint64_t mask, n;
} gt_def_hash;

/* A coordinate whose values are the raw keys reached from the solved key:
 * dense value v stands for key[v], and move[v * n_moves + m] is the dense
 * value after move m. Dense value 0 is the solved key. */
typedef struct gt_def_enum {
    uint32_t size;
    uint64_t *key;
    uint32_t *move;
    gt_def_hash hash;
    uint64_t bytes, max_bytes; /* held (keys, move rows, hash) and allowed */
} gt_def_enum;

/* The raw key after move m (a callback of gt_def_enum_build). */
typedef uint64_t (*gt_def_apply_fn)(const void *ctx, uint64_t key, int m);

/* Enumerates the keys reachable from `start` (breadth first), at most `cap`.
 * Return values: GT_OK, GT_ERR_NOMEM, GT_ERR_RANGE (more than cap). */
int gt_def_enum_build(gt_def_enum *e, uint64_t start, int n_moves, gt_def_apply_fn apply, const void *ctx,
                      uint64_t cap);
/* The same within max_bytes of keys, move rows and hash (the peak of a
 * growth counted): GT_ERR_NOMEM, without allocating, when the next growth
 * would pass it. e->bytes is what the enumeration holds. */
int gt_def_enum_build_within(gt_def_enum *e, uint64_t start, int n_moves, gt_def_apply_fn apply, const void *ctx,
                             uint64_t cap, uint64_t max_bytes);
/* How each move's column is made (gt_def_enum_build_powers): applied, or
 * from the columns before it: DEF_MOVE_NEXT, the move before it (the
 * power before, of the same base) then gen[m] (the base's first power);
 * DEF_MOVE_INVERSE, the inverse of gen[m]'s column. */
enum { DEF_MOVE_APPLY = 0, DEF_MOVE_NEXT, DEF_MOVE_INVERSE };
typedef struct gt_def_enum_powers {
    uint8_t kind[GT_MAX_MOVES], gen[GT_MAX_MOVES];
} gt_def_enum_powers;
/* gt_def_enum_build_within applying only the moves pw marks
 * DEF_MOVE_APPLY (the bases' first powers reach every key the moves do)
 * and deriving the others' columns: the same keys, values and rows, the
 * values renumbered as if every move had been applied, the same refusals
 * (GT_ERR_RANGE past cap, GT_ERR_NOMEM past max_bytes). pw NULL: every
 * move applied. */
int gt_def_enum_build_powers(gt_def_enum *e, uint64_t start, int n_moves, const gt_def_enum_powers *pw,
                             gt_def_apply_fn apply, const void *ctx, uint64_t cap, uint64_t max_bytes);
/* A factor's walk (def_model.c): the key of orbit ob's arrangement (kind
 * DEF_PERM) or twists (DEF_ORI) after model move mv, ctx a
 * gt_def_factor_ctx (for tests: the plan calls its clones directly). */
typedef struct gt_def_factor_ctx {
    const struct gt_def_orbit *ob;
    int kind;
} gt_def_factor_ctx;
uint64_t gt_def_factor_step(const void *ctx, uint64_t key, int mv);
/* The model's moves as gt_def_enum_build_powers takes them (def_model.c). */
void gt_def_enum_powers_of(const gt_def_model *m, gt_def_enum_powers *pw);
/* Bytes an enumerated value costs at most: its key and move row (each
 * array up to twice the values, the old one held while it grows) and
 * its hash slots (up to four a value, six while the hash grows). */
#define DEF_ENUM_VALUE_BYTES(n_moves) (3 * (8 + 4 * (uint64_t)(n_moves)) + 6 * 12)
/* The dense value of a key, or -1 if no move sequence reaches it. */
int64_t gt_def_enum_find(const gt_def_enum *e, uint64_t key);
void gt_def_enum_free(gt_def_enum *e);
/* Drops an enumeration's keys and hash, keeping its move rows (n_moves
 * each): gt_def_enum_find may no longer be called on it. */
void gt_def_enum_shed(gt_def_enum *e, int n_moves);

enum { DEF_PERM = 0, DEF_ORI = 1 };

/* The positions of one set that the moves can exchange: pieces never leave
 * their orbit, so each orbit is ranked on its own. */
typedef struct gt_def_orbit {
    int set, k, omod, n_labels;
    int pos[GT_DEF_MAX_PIECES];            /* flat position of local position j */
    uint8_t label_value[GT_DEF_MAX_PIECES]; /* dense label -> piece number in the file (0-based) */
    uint8_t count[GT_DEF_MAX_PIECES];       /* pieces of each dense label */
    uint8_t *src, *twist;                   /* n_moves x k: local move (new[j] = old[src[j]] + twist[j]) */
    uint8_t odd[GT_MAX_MOVES];              /* [mv]: 1 if move mv is an odd permutation of the positions */
    int ori_kept;                           /* every move keeps the orientation sum (mod omod) */
} gt_def_orbit;

/* How a factor's values are numbered. DEF_RANK_ENUM: the dense values of
 * its enumeration e (every factor of at most GT_DEF_FACTOR_MAX values, as
 * before issue 28). The others are computed, never tabulated (def_rank.c),
 * for the factors past that limit: a Lehmer rank of distinct pieces (all
 * k! arrangements, or the k!/2 of the solved parity when every move is even
 * on the orbit), a multinomial rank of identical pieces, orientations in
 * base omod (all, or the first k - 1 when every move keeps their sum). */
enum { DEF_RANK_ENUM = 0, DEF_RANK_PERM, DEF_RANK_EVEN, DEF_RANK_MULTI, DEF_RANK_ORI, DEF_RANK_ORISUM };

typedef struct gt_def_factor {
    int orbit, kind; /* DEF_PERM or DEF_ORI */
    int rank;        /* DEF_RANK_*: ENUM uses e */
    int invariant;   /* DEF_RANK_EVEN: the solved parity; DEF_RANK_ORISUM: the solved sum */
    uint64_t size;   /* values: e.size, or the computed count */
    gt_def_enum e;
} gt_def_factor;

/* Computed factors are few: each has more than GT_DEF_FACTOR_MAX values. */
#define DEF_MAX_COMPUTED 4

#define DEF_MAX_FACTORS (2 * GT_DEF_MAX_SETS * 8)

struct gt_def_model {
    const gt_def *def;
    int n_moves;
    char names[GT_MAX_MOVES][GT_DEF_NAME_MAX + 8];
    const char *name_ptr[GT_MAX_MOVES];
    int inverse[GT_MAX_MOVES];
    /* Each move as a power of a base move: its base, power and the base's
     * order (for writing runs of one move as a power: def_model.c). */
    uint8_t base[GT_MAX_MOVES], power[GT_MAX_MOVES], order[GT_MAX_MOVES];
    int metric; /* GT_DEF_HTM or GT_DEF_QTM */
    uint32_t factor_max; /* GT_DEF_FACTOR_MAX, or a test's smaller limit */
    uint64_t max_bytes;  /* the options' budget (UINT64_MAX for none) */
    int bfs_only, shed;  /* gt_def_options.bfs_only; the lookups dropped */
    uint8_t *omod_at;    /* total: the orientation modulus of each position */
    uint16_t *perm;      /* n_moves x total: the moves, powers expanded (flat positions) */
    uint8_t *ori;
    int n_orbits;
    gt_def_orbit *orbit;
    int n_factors;
    gt_def_factor factor[DEF_MAX_FACTORS];
    /* The coordinates: the factors each combines (mixed radix of their
     * dense values, first factor most significant), enumerated. */
    int n_coords;
    int coord_nf[GT_MAX_COORDS];
    int coord_factor[GT_MAX_COORDS][DEF_MAX_FACTORS];
    gt_def_enum coord[GT_MAX_COORDS];
    /* A second grouping tried at build time (the smaller index wins): the
     * second coordinate filled greedily, orientations then permutations. */
    int has_alt;
    int alt_nf[GT_MAX_COORDS];
    int alt_factor[GT_MAX_COORDS][DEF_MAX_FACTORS];
    int built;
    gt_puzzle puzzle;
    /* Bipartite models (def_parity.c): the orbits whose signs make the
     * distance parity, and that parity's bit for each coordinate value. */
    uint8_t *parity_orbit;
    uint8_t *parity[GT_MAX_COORDS];
    /* The ranked index (def_big.c), when a factor is computed: no
     * coordinates (n_coords == 0); the index is the mixed radix of every
     * factor of more than one value (rk_factor[0] most significant, weight
     * rk_weight), and the BFS expands it through level hooks. */
    int ranked, rk_n;
    int rk_factor[DEF_MAX_FACTORS];
    uint64_t rk_weight[DEF_MAX_FACTORS];
    uint64_t rk_states;
};

/* gt_def_model_plan with orbit factors enumerated to at most factor_max
 * values (0: GT_DEF_FACTOR_MAX), larger ones computed: the tests lower it
 * to run the computed ranks on small puzzles. */
int gt_def_model_plan_limit(const gt_def *def, const gt_def_options *o, uint32_t factor_max, gt_def_model **out,
                            gt_def_error *err);

/* The bytes of the enumerations the model holds (factors, coordinates). */
uint64_t gt_def_model_held(const gt_def_model *m);
/* What the budget leaves for one more enumeration next to those the model
 * holds and `extra` bytes more (0 when nothing is left). */
uint64_t gt_def_model_room(const gt_def_model *m, uint64_t extra);
/* Bytes a state of the table costs at the build's peak (def_coord.c's
 * estimate), in quarters: 7 (1.75 bytes). */
#define DEF_TABLE_QUARTERS 7

/* Ranks of one orbit's labels or orientations a[0..k-1] (def_rank.c). */
uint64_t gt_def_multinomial(const uint8_t *count, int n);
uint64_t gt_def_multiset_rank(const gt_def_orbit *ob, const uint8_t *a);
void gt_def_multiset_unrank(const gt_def_orbit *ob, uint64_t rank, uint8_t *a);
uint64_t gt_def_ori_rank(const gt_def_orbit *ob, const uint8_t *a);
void gt_def_ori_unrank(const gt_def_orbit *ob, uint64_t r, uint8_t *a);
int gt_def_ori_fits(const gt_def_orbit *ob);
/* A computed factor's rank of a (DEF_NO_KEY if a breaks its invariant) and
 * back; f->rank != DEF_RANK_ENUM. */
uint64_t gt_def_computed_rank(const gt_def_orbit *ob, const gt_def_factor *f, const uint8_t *a);
/* The Lehmer rank (DEF_RANK_PERM or DEF_RANK_EVEN) of the labels
 * a[src[0..k-1]], a state reached by a move of the model: the BFS's inner
 * loop, the labels moved and ranked in one pass (always inline, so that it
 * is compiled into its caller's clones: called through gt_def_computed_rank,
 * each rank paid a call and, in the baseline clone, a library popcount).
 * The moves keep the invariant an even-restricted rank is chosen for (every
 * move even on the orbit), so neither the parity nor the digits that only
 * carry it (the last one or two) are computed: a sixth fewer steps. Tried:
 * the digits from 15 shifted SSE2 byte comparisons; 1.3x slower. */
static inline __attribute__((always_inline)) uint64_t gt_def_perm_rank_of_move(const gt_def_factor *f, int k,
                                                                               const uint8_t *a, const uint8_t *src)
{
    uint32_t seen = 0;
    uint64_t r = 0;
    const int n = f->rank == DEF_RANK_EVEN ? k - 2 : k - 1;
    for (int i = 0; i < n; i++) {
        unsigned x = a[src[i]];
        r = r * (uint64_t)(k - i) + (x - (unsigned)__builtin_popcount(seen & ((1u << x) - 1u)));
        seen |= 1u << x;
    }
    return r;
}
void gt_def_computed_unrank(const gt_def_orbit *ob, const gt_def_factor *f, uint64_t r, uint8_t *a);
/* Chooses the computed ranking of factor f (kind and orbit set) from the
 * moves: its rank, invariant and size. Return values: GT_OK, GT_ERR_RANGE
 * (more than 2^62 values). */
int gt_def_computed_plan(const gt_def_model *m, gt_def_factor *f);

/* The ranked index (def_big.c): planned when some factor is computed
 * (GT_ERR_RANGE past 2^62 states), the descriptor's hooks, state <-> index. */
int gt_def_big_plan(gt_def_model *m, gt_def_error *err);
void gt_def_big_puzzle(gt_def_model *m);
int gt_def_big_state(const gt_def_model *m, uint64_t index, uint8_t *perm, uint8_t *ori);
int gt_def_big_index(const gt_def_model *m, const uint8_t *perm, const uint8_t *ori, uint64_t *index);

/* 1 if move mv is an odd permutation of orbit ob's positions (def_rank.c). */
int gt_def_move_odd(const gt_def_orbit *ob, int mv);
/* 1 if every move is even on orbit ob (def_rank.c). */
int gt_def_orbit_even(const gt_def_model *m, const gt_def_orbit *ob);
/* 1 if a[0..k-1] (values 0..k-1) is an odd permutation: k minus its
 * cycles (def_model.c; the moves' signs and a state's, def_legal.c). */
int gt_def_perm_odd(const uint8_t *a, int k);
/* The raw key of a factor from a flat state, and back (def_model.c). */
uint64_t gt_def_factor_key(const gt_def_model *m, const gt_def_factor *f, const uint8_t *perm, const uint8_t *ori);
void gt_def_factor_write(const gt_def_model *m, const gt_def_factor *f, uint64_t key, uint8_t *perm, uint8_t *ori);

/* Groups the factors into the engine's coordinates (def_plan.c).
 * Return values: GT_OK, GT_ERR_RANGE (err says why). */
int gt_def_plan_coords(gt_def_model *m, gt_def_error *err);
/* Before the coordinates are enumerated: the product of coordinate c's
 * factor sizes, an upper bound on its size (def_plan.c). */
uint64_t gt_def_coord_bound(const gt_def_model *m, int c);

/* Gives the built model a distance_parity hook when it is bipartite
 * (def_parity.c). Return values: GT_OK (bipartite or not), GT_ERR_NOMEM. */
int gt_def_parity_build(gt_def_model *m);

/* The level hooks' cell updates (def_big.c, def_pdb.c): a cell is claimed
 * for depth + 1 only if still unreached (GT_UNREACHED, 255). */
static inline int gt_def_claim(uint8_t *cell, uint8_t value)
{
    uint8_t expected = 255;
    return __atomic_load_n(cell, __ATOMIC_RELAXED) == 255 &&
           __atomic_compare_exchange_n(cell, &expected, value, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* 1 if some byte of the 8 at p may equal v (SWAR, so that the scans skip
 * the cells of other levels 8 at a time). A racing write only turns 255
 * into depth + 1, which neither scan looks for. */
static inline int gt_def_has_byte(const uint8_t *p, uint8_t v)
{
    uint64_t x;
    __builtin_memcpy(&x, p, 8);
    x ^= 0x0101010101010101ull * v;
    return ((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull) != 0;
}

/* A state's neighbours, in two steps so that a backward level can stop at
 * the first neighbour it needs: decode reads index into scratch (the
 * caller's per-thread space), moves writes the neighbours after moves
 * first .. first + count - 1 into next[0 .. count-1]: a ranked index's
 * (def_big.c) or an image's (def_pdb.c). */
typedef struct gt_def_neighbours {
    void (*decode)(const void *ctx, void *scratch, uint64_t index);
    void (*moves)(const void *ctx, const void *scratch, int first, int count, uint64_t *next);
} gt_def_neighbours;

/* The level hooks' seed (puzzle.h) of an index with one goal, no
 * symmetry: the ranked index's and the projections' images'. */
uint64_t gt_def_seed_solved(const gt_puzzle *p, uint8_t *dist);

/* One BFS level over the cells [lo, hi) of dist (puzzle.h's level hooks):
 * forward, each cell at depth marks its unreached neighbours depth + 1;
 * backward, each unreached cell with a neighbour at depth becomes depth + 1.
 * Returns how many cells it set (def_big.c). */
uint64_t gt_def_expand_block(const gt_def_neighbours *fn, const void *ctx, void *scratch, int n_moves,
                             uint8_t *dist, uint64_t lo, uint64_t hi, uint8_t depth, int forward);
/* The same at 2 bits a cell (bfs_mod3.h, the hooks' expand_mod3): lo a
 * multiple of 32 (whole words), hi at most the index's end (the array's
 * padding is never a cell). Returns the cells it claimed (def_big.c). */
uint64_t gt_def_expand_block_mod3(const gt_def_neighbours *fn, const void *ctx, void *scratch, int n_moves,
                                  uint8_t *codes, uint64_t lo, uint64_t hi, uint8_t depth, int forward);
/* Either of the two above: a level's block of cells. */
typedef uint64_t (*gt_def_block_fn)(const gt_def_neighbours *fn, const void *ctx, void *scratch, int n_moves,
                                    uint8_t *cells, uint64_t lo, uint64_t hi, uint8_t depth, int forward);

/* A projection's part (def_pdb.h) from its orbit, keep_ori and n_groups,
 * and group_of_piece (the group of each piece of the orbit, 255 for none):
 * its items, combination sizes and orientation digits (def_proj.c).
 * Return values: GT_OK, GT_ERR_RANGE (past 2^62 images). */
struct gt_def_proj_part;
int gt_def_proj_part_finish(const gt_def_model *m, struct gt_def_proj_part *pt, const uint8_t *group_of_piece);

#endif
