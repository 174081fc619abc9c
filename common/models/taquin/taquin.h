/* The flip taquin ("taquin à retournement", article part 2) on an n×m board,
 * 2 <= n, m <= 6.
 *
 * A configuration is an n×m binary matrix coded on n·m bits, bit r·m + c =
 * the tile at row r, column c (0-based, row-major; article 2.9.1). The n + m
 * moves L1..Ln (rows) and C1..Cm (columns) turn a strip over: the strip is
 * reversed and every tile in it flipped (article 2.9.3).
 *
 * The tiles fall into orbits under the moves (docs/taquin.md):
 *   - 4-orbits {(i,j), (i,m-1-j), (n-1-i,j), (n-1-i,m-1-j)}, i < n/2, j < m/2,
 *     named a b c d in that order. XORing b and c with 1 turns every move into
 *     a plain transposition, so the orbit always holds two ones: its tiles
 *     satisfy x_a + x_d = x_b + x_c, 6 of the 16 patterns. The commutator of a
 *     row and a column move acts on one orbit only, so every orbit takes each
 *     of its 6 patterns independently of the rest.
 *   - the axis: the middle row (n odd) and middle column (m odd), tiles free.
 * So there are 6^(⌊n/2⌋⌊m/2⌋) · 2^(axis tiles) legal configurations, and a
 * configuration's rank is the mixed-radix number of its orbit digits (0..5)
 * and axis bits. The rank is split into two coordinates (some orbits / the
 * other orbits and the axis) so the move tables stay small (puzzle.h).
 *
 * Symmetries: the board's isometries (D4, 8 elements, for n = m; the 4-element
 * group {i, s_h, s_v, r2} otherwise) map moves to moves and fix the goal. */
#ifndef GODTAB_TAQUIN_H
#define GODTAB_TAQUIN_H

#include "notation.h"
#include "puzzle.h"
#include "spec.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_TAQUIN_MIN_SIDE 2
#define GT_TAQUIN_MAX_SIDE 6
#define GT_TAQUIN_MAX_CELLS 36
#define GT_TAQUIN_MAX_MOVES 12
#define GT_TAQUIN_MAX_ORBITS 9
#define GT_TAQUIN_MAX_AXIS 11
#define GT_TAQUIN_MAX_SYMS 8

/* Symmetry indices. Squares: the article's D4 (2.6.1), r = +90°. */
enum {
    GT_TAQUIN_SYM_I = 0,
    GT_TAQUIN_SYM_R = 1,
    GT_TAQUIN_SYM_R2 = 2,
    GT_TAQUIN_SYM_R3 = 3,
    GT_TAQUIN_SYM_SH = 4, /* horizontal axis: row r <-> row n-1-r */
    GT_TAQUIN_SYM_SV = 5, /* vertical axis: column c <-> column m-1-c */
    GT_TAQUIN_SYM_SD = 6, /* descending diagonal: (r,c) <-> (c,r) */
    GT_TAQUIN_SYM_SM = 7, /* rising diagonal: (r,c) <-> (n-1-c, n-1-r) */
};
/* Rectangles use indices 0..3 = i, s_h, s_v, r2. */

/* Everything about one board size; filled by gt_taquin_board_init. */
typedef struct gt_taquin_board {
    int rows, cols, cells;
    int n_moves; /* rows + cols: L1..Ln are moves 0..n-1, C1..Cm moves n..n+m-1 */
    char move_name[GT_TAQUIN_MAX_MOVES][4];
    uint8_t move_dest[GT_TAQUIN_MAX_MOVES][GT_TAQUIN_MAX_CELLS]; /* tile at c goes to dest[c] */
    uint64_t move_strip[GT_TAQUIN_MAX_MOVES];                    /* the cells a move turns over */
    int n_orbits; /* 4-orbits, in order (i, j) row-major */
    uint8_t orbit_cell[GT_TAQUIN_MAX_ORBITS][4];
    int n_axis; /* axis cells: middle row left to right, then middle column top to bottom */
    uint8_t axis_cell[GT_TAQUIN_MAX_AXIS];
    int coord0_orbits;      /* orbits 0..k-1 form coordinate 0; the rest and the axis coordinate 1 */
    uint32_t coord_size[2]; /* 6^k and 6^(n_orbits-k) · 2^n_axis */
    uint64_t n_states;      /* legal configurations */
    uint64_t orbit_weight[GT_TAQUIN_MAX_ORBITS]; /* rank = Σ digit·weight + axis bits */
    int n_syms;
    char sym_name[GT_TAQUIN_MAX_SYMS][4];
    uint8_t sym_dest[GT_TAQUIN_MAX_SYMS][GT_TAQUIN_MAX_CELLS];  /* tile at c goes to dest[c] */
    int sym_orbit[GT_TAQUIN_MAX_SYMS][GT_TAQUIN_MAX_ORBITS];    /* image orbit */
    uint8_t sym_digit[GT_TAQUIN_MAX_SYMS][GT_TAQUIN_MAX_ORBITS][6]; /* image digit */
    uint8_t sym_axis[GT_TAQUIN_MAX_SYMS][GT_TAQUIN_MAX_AXIS];   /* image axis position */
    int sym_compose[GT_TAQUIN_MAX_SYMS][GT_TAQUIN_MAX_SYMS];    /* [a][b] = a∘b (b first) */
} gt_taquin_board;

/* Which legality invariant a configuration breaks (gt_taquin_check). */
typedef enum gt_taquin_invariant {
    GT_TAQUIN_LEGAL = 0,
    GT_TAQUIN_ORBIT_PARITY = 1,   /* an orbit's four tiles have an odd sum (3x3: corner sum odd) */
    GT_TAQUIN_ORBIT_DIAGONAL = 2, /* one diagonal of an orbit all I, the other all 0
                                     (3x3: a11·a33 + a13·a31 odd) */
} gt_taquin_invariant;

typedef struct gt_taquin_violation {
    gt_taquin_invariant invariant;
    int orbit; /* the failing orbit */
    char message[200];
} gt_taquin_violation;

/* The catalog's taquin tables: "taquin-3x3" first, then every NxM, 2..6;
 * a spec's arg is its gt_taquin_size. The query hooks (taquin_query.c) read
 * a configuration (GT_QUERY_STATE) or a move sequence applied to the goal
 * (GT_QUERY_MOVES). */
extern const gt_family gt_taquin_family;
extern const gt_query_hooks gt_taquin_query_hooks;

typedef struct gt_taquin_size {
    int rows, cols;
} gt_taquin_size;

/* godtab-gen's taquin report (taquin_report.c): the article's part 2
 * recomputed from the stored tables, then the n×m results table. Every
 * figure is computed; the article's values are printed beside them.
 * Return values: GT_OK, GT_ERR_MISMATCH (a figure differs from the
 * article), or the loader's errors. */
int gt_taquin_report(const gt_report_env *env);

/* Fills *b for an n×m board. GT_ERR_INVAL outside 2..6. */
GT_API int gt_taquin_board_init(gt_taquin_board *b, int rows, int cols);

/* Parses "NxM" (also "NXM"). GT_ERR_PARSE if malformed, GT_ERR_INVAL if out of range. */
GT_API int gt_taquin_parse_size(const char *text, int *rows, int *cols);

/* A configuration after a move / a symmetry (codes need not be legal). */
GT_API uint64_t gt_taquin_apply_move(const gt_taquin_board *b, uint64_t code, int move);
uint64_t gt_taquin_apply_sym(const gt_taquin_board *b, uint64_t code, int sym);

/* 0 if legal; GT_ERR_ILLEGAL with *why (may be NULL) naming the invariant and
 * the cells that break it; GT_ERR_INVAL if the code has bits beyond the board. */
int gt_taquin_check(const gt_taquin_board *b, uint64_t code, gt_taquin_violation *why);

/* Rank of a legal configuration (0 .. n_states-1) and back. rank: as check.
 * unrank: GT_ERR_INVAL if rank >= n_states. */
int gt_taquin_rank(const gt_taquin_board *b, uint64_t code, uint64_t *rank);
int gt_taquin_unrank(const gt_taquin_board *b, uint64_t rank, uint64_t *code);

/* The rank of a symmetric image, computed on the orbit digits (fast path of
 * the descriptor's sym). rank must be < n_states. */
uint64_t gt_taquin_sym_rank(const gt_taquin_board *b, uint64_t rank, int sym);

/* Parses a configuration: rows·cols characters 0/1 (I accepted for 1), rows
 * optionally separated by '/' (then every row must be complete); leading and
 * trailing whitespace ignored. GT_ERR_PARSE with err filled (wrong length, bad
 * character, short row). Legality is not checked here. */
GT_API int gt_taquin_parse(const gt_taquin_board *b, const char *text, uint64_t *code,
                    gt_parse_error *err);

/* Writes the configuration as "110/101/100" (cap >= cells + rows). */
GT_API int gt_taquin_format(const gt_taquin_board *b, uint64_t code, char *buf, size_t cap);

/* Parses a move sequence "L3 C1 L3" (separators: spaces, commas, '-', or none)
 * into move indices. GT_ERR_PARSE with err, GT_ERR_RANGE if more than cap. */
GT_API int gt_taquin_parse_moves(const gt_taquin_board *b, const char *text, int *moves, int cap,
                          int *count, gt_parse_error *err);

/* The puzzle descriptor of a board ("taquin-NxM", metric "flip"): two
 * coordinates (one if the axis part is empty), symmetries, and the distance
 * parity for odd×odd boards (every move turns an odd number of tiles). */
GT_API int gt_taquin_puzzle_new(int rows, int cols, gt_puzzle **out);
GT_API void gt_taquin_puzzle_free(gt_puzzle *p);

/* The board of a taquin descriptor; GT_ERR_INVAL if p is not one. */
int gt_taquin_board_of(const gt_puzzle *p, const gt_taquin_board **out);

/* ---- Types (orbits of the symmetry group), taquin_anatomy.c ---- */

/* Counts over a whole board: types, by orbit size, per distance. */
typedef struct gt_taquin_type_counts {
    uint64_t types;
    uint64_t by_orbit_size[GT_TAQUIN_MAX_SYMS + 1]; /* [s]: types whose orbit has s elements */
    uint64_t per_distance[GT_MAX_DEPTH + 1];
    int bipartite;             /* 1 if every move changes the distance by exactly one */
    uint64_t fixed_moves;      /* (state, move) pairs leaving the configuration unchanged */
    uint64_t level_moves;      /* moves between two states at the same distance (fixed ones included) */
} gt_taquin_type_counts;

/* Computes the counts from a distance array (one byte per rank, as built by
 * gt_bfs_run). threads 0 = all cores. */
int gt_taquin_count_types(const gt_puzzle *p, const uint8_t *dist, int threads,
                          gt_taquin_type_counts *out);

/* The type of a state: its representative (the smallest rank of its orbit),
 * orbit size and stabiliser (bit k set if symmetry k fixes the state). */
int gt_taquin_type_of(const gt_puzzle *p, uint64_t rank, uint64_t *representative,
                      int *orbit_size, unsigned *stabiliser);

/* ---- The quotient graph (article 2.7), taquin_anatomy.c ---- */

typedef struct gt_taquin_link {
    int type;           /* neighbour type */
    int moves;          /* how many of the representative's moves lead to it */
    uint16_t move_mask; /* which */
} gt_taquin_link;

typedef struct gt_taquin_type {
    uint64_t rep_rank, rep_code;
    int distance;
    int number;         /* k of the article's (d; k): 1-based among the types at this distance */
    int orbit_size;
    unsigned stabiliser;
    int n_up, n_down, n_level;          /* closer / farther / same distance */
    gt_taquin_link up[GT_TAQUIN_MAX_MOVES], down[GT_TAQUIN_MAX_MOVES],
        level[GT_TAQUIN_MAX_MOVES];
} gt_taquin_type;

#define GT_TAQUIN_ANATOMY_MAX_STATES (1u << 20)
#define GT_TAQUIN_QDIST_MAX_TYPES 4096

typedef struct gt_taquin_anatomy {
    const gt_puzzle *puzzle; /* not owned */
    int n_types;
    gt_taquin_type *types;  /* sorted by distance, then representative rank */
    uint32_t *type_of;      /* per state */
    int max_depth;
    int types_per_distance[GT_MAX_DEPTH + 1];
    int by_orbit_size[GT_TAQUIN_MAX_SYMS + 1];
    int upward_niches;   /* types with no farther neighbour (the goal excluded) */
    int downward_niches; /* types with no closer neighbour */
    uint64_t edges;      /* (state, move) pairs checked */
    uint64_t parity_violations; /* of them, moves not changing the distance by exactly one */
    uint8_t *qdist;      /* n_types², quotient-graph distances (NULL if too many types) */
} gt_taquin_anatomy;

/* Builds the anatomy from a distance array. GT_ERR_RANGE if the board has
 * more than GT_TAQUIN_ANATOMY_MAX_STATES states. */
int gt_taquin_anatomy_build(const gt_puzzle *p, const uint8_t *dist, gt_taquin_anatomy **out);
void gt_taquin_anatomy_free(gt_taquin_anatomy *a);

/* The type index of a configuration code (GT_ERR_ILLEGAL if illegal). */
int gt_taquin_anatomy_find(const gt_taquin_anatomy *a, uint64_t code, int *type);

/* Quotient distance between two types. */
static inline int gt_taquin_qdist(const gt_taquin_anatomy *a, int t, int u)
{
    return a->qdist[(size_t)t * (size_t)a->n_types + (size_t)u];
}

/* ---- The labelled board (article 2.3.3.2.2 - 2.5.5), taquin_labelled.c ---- */

/* A labelled state: which tile (its home cell) sits on each cell, and whether
 * it shows its back. */
typedef struct gt_taquin_labelled {
    uint8_t tile[GT_TAQUIN_MAX_CELLS];
    uint8_t back[GT_TAQUIN_MAX_CELLS];
} gt_taquin_labelled;

typedef struct gt_taquin_group_report {
    uint64_t group_order;        /* |H| = number of labelled states reached */
    uint64_t legal;              /* |X_l| = visible configurations reached */
    uint64_t stabiliser_min, stabiliser_max; /* over every legal configuration */
    int orbit_stabiliser_ok;     /* |H| = |X_l|·|H_x| for every x */
} gt_taquin_group_report;

#define GT_TAQUIN_LABELLED_MAX_CELLS 12
#define GT_TAQUIN_LABELLED_MAX_STATES (1u << 20)

void gt_taquin_labelled_goal(const gt_taquin_board *b, gt_taquin_labelled *s);
void gt_taquin_labelled_move(const gt_taquin_board *b, gt_taquin_labelled *s, int move);

/* Enumerates H (BFS over labelled states from the goal) and every legal
 * configuration's stabiliser. GT_ERR_RANGE if the board has more than
 * GT_TAQUIN_LABELLED_MAX_CELLS cells or H more than ..._MAX_STATES elements. */
int gt_taquin_group(const gt_taquin_board *b, gt_taquin_group_report *out);

/* Writes a labelled board as the article does: "A,0 G,1 B,0/E,1 I,0 F,0/..."
 * (3x3 letters of 2.3.3.2.2; other boards letter tiles row-major from A). */
int gt_taquin_labelled_format(const gt_taquin_board *b, const gt_taquin_labelled *s, char *buf,
                              size_t cap);

/* ---- Beacons (article 2.8.1.3), taquin_beacon.c ---- */

#define GT_TAQUIN_BEACON_MAX_TYPES 64

/* The verdicts on the article's claims for a beacon set (types, goal
 * included or not) at a radius. Lists are bit masks over the types. */
typedef struct gt_taquin_beacon_claims {
    uint64_t beacons;       /* the set checked (goal added) */
    uint64_t uncovered;     /* (i): types outside every ball B(c, r) */
    uint64_t off_path;      /* (ii): non-goal types with no beacon within r on a shortest path */
    uint64_t stuck;         /* (iii): beacons that cannot reach the goal by hops of <= r
                               along shortest paths, staying on beacons */
    int claim1_holds;       /* exactly one uncovered type, at distance 5, an upward niche */
    int claim2_holds;       /* off_path is that one type (or empty) */
    int claim3_holds;       /* stuck is empty */
    int niche_escape_holds; /* every move from each off_path type lands on a type with a beacon */
} gt_taquin_beacon_claims;

int gt_taquin_beacon_check(const gt_taquin_anatomy *a, uint64_t beacons, int radius,
                           gt_taquin_beacon_claims *out);

/* A smallest beacon set for a radius, by exhaustive search: every non-goal
 * type (beacons included, which is claim (iii)) has a beacon other than
 * itself on one of its shortest paths within `radius` moves; the goal is a
 * beacon for free and not counted. exempt_niches: upward niches need none
 * (any move from one lands on a covered type). */
typedef struct gt_taquin_beacon_set {
    int size;           /* beacons, the goal not counted */
    uint64_t beacons;   /* mask over types, goal excluded */
    uint64_t nodes;     /* search nodes visited */
    uint64_t optimal_sets; /* number of distinct smallest sets */
} gt_taquin_beacon_set;

int gt_taquin_beacon_search(const gt_taquin_anatomy *a, int radius, int exempt_niches,
                            gt_taquin_beacon_set *out);

/* ---- Board queries answered (taquin_answer.c, taquin_solver.c) ---- */

/* A loaded board table; anatomy (the (d;k) numbers) may be NULL. */
typedef struct gt_taquin_tables {
    const gt_puzzle *puzzle;
    const gt_table *table;
    const gt_taquin_board *board;
    const gt_taquin_anatomy *anatomy;
} gt_taquin_tables;

/* One optimal solution of a configuration: parsed, checked, walked and
 * replayed; code/rank of the board. Return values: GT_OK; GT_ERR_PARSE,
 * GT_ERR_ILLEGAL, GT_ERR_CORRUPT (the table lies: "rebuild it with ...")
 * and the walk's errors, with err->message filled. */
int gt_taquin_solve_config(const gt_taquin_tables *t, const char *query, uint64_t *code, uint64_t *rank,
                           uint8_t *moves, int *len, gt_parse_error *err);

/* n move names of the board, one space apart (a name that would not fit is
 * left out). Returns the length. */
size_t gt_taquin_format_moves(const gt_taquin_board *b, const uint8_t *moves, int n, char *buf, size_t cap);

/* The neighbour types of a configuration (one entry a type reached by one
 * move): representative rank, one rank of it, distance, the moves. */
typedef struct gt_taquin_neighbour {
    uint64_t rep_rank, any_rank;
    int distance;
    char moves[64];
} gt_taquin_neighbour;
int gt_taquin_neighbours(const gt_taquin_tables *t, uint64_t code, gt_taquin_neighbour *list);

/* The answer fields of a board query: "puzzle", "board", "config",
 * "distance", "solution", and with show "type" (representative,
 * orbit_size, number, stabiliser, neighbours). Return values: those of
 * gt_taquin_solve_config (a->message filled too), GT_ERR_RANGE. */
int gt_taquin_answer(const gt_taquin_tables *t, const char *query, int show, gt_answer *a, gt_parse_error *err);

/* The text of --show appended at out + *len (capacity cap; a line that
 * does not fit is left out): the board, one row a line; "type LABEL at
 * distance d: n configurations, stabiliser {...}"; the closer, farther and
 * as-far neighbour types with the moves to them (taquin_show.c). */
void gt_taquin_show_text(const gt_taquin_tables *t, uint64_t code, uint64_t rank, int distance, char *out,
                         size_t cap, size_t *len);

/* The solver hooks of `taquin` (board queries: option variant "NxM"), and
 * its "graph" view: the quotient graph with a smallest beacon set. */
extern const gt_solver_hooks gt_taquin_solver_hooks;

/* ---- The annexe's numbering (article 2.11), taquin_annexe.c ---- */

/* The annexe numbers the 48 types of the 3x3 board (d;k), k = 1.. among the
 * types at distance d, and lists each type's "voisins montants" (closer
 * types) and "voisins descendants" (farther types) in that numbering; its
 * boards survive in the text for distances 0-3 only. A labelling maps the
 * article's (d;k) onto our types; gt_taquin_annexe_solve finds the labellings
 * of distances 4-7 (0-3 fixed by the boards) with the fewest lists that
 * differ from the true quotient graph, then narrows them with the text's
 * examples (2.8.1). Never prints. */

#define GT_TAQUIN_ANNEXE_DEPTH 8      /* distances 0..7 */
#define GT_TAQUIN_ANNEXE_WIDTH 13     /* at most 13 types per distance */
#define GT_TAQUIN_ANNEXE_TYPES 48
#define GT_TAQUIN_ANNEXE_ENTRIES 96   /* two lists per type */
#define GT_TAQUIN_ANNEXE_MAX_LABELLINGS 256
#define GT_TAQUIN_ANNEXE_EXAMPLES 5

/* Types at distance d in the annexe (1 2 6 11 13 9 4 2); 0 outside 0..7. */
int gt_taquin_annexe_count(int distance);

/* The annexe's list, as transcribed: bit j-1 set if the list names
 * (distance±1; j). farther 0 = "voisins montants" (distance-1), 1 =
 * "voisins descendants". *line (may be NULL) = its line in the seed text.
 * GT_ERR_INVAL out of range. */
int gt_taquin_annexe_list(int distance, int number, int farther, unsigned *mask, int *line);

/* The text's example i (0 .. GT_TAQUIN_ANNEXE_EXAMPLES-1), as a sentence
 * naming its section and line; NULL out of range. */
const char *gt_taquin_annexe_example(int i);

/* An annexe list that differs from the quotient graph under a labelling. */
typedef struct gt_taquin_annexe_entry {
    int distance, number; /* the article's (d;k) */
    int farther;          /* 0 "voisins montants", 1 "voisins descendants" */
    int line;             /* seed line */
    unsigned printed;     /* the annexe's list (bit j-1 = article (d±1; j)) */
    unsigned actual;      /* the true list, in the article's numbering */
} gt_taquin_annexe_entry;

typedef struct gt_taquin_annexe_result {
    int disagreements;  /* fewest differing lists over every labelling */
    int n_best;         /* labellings with that many */
    int n_stored;       /* of them, stored in label[] (at most ..._MAX_LABELLINGS) */
    int (*label)[GT_TAQUIN_ANNEXE_TYPES]; /* [i][article index] = our type; owned, see _free */
    int example_left[GT_TAQUIN_ANNEXE_EXAMPLES]; /* labellings left after examples 0..i */
    int example_contradicted[GT_TAQUIN_ANNEXE_EXAMPLES]; /* 1: no stored labelling fits it (skipped) */
    int fixed_by;       /* the example that left a single labelling (-1: none did / none needed) */
    int n_kept;         /* labellings left after every example */
    int chosen;         /* index in label[] of the first kept labelling (-1 if none) */
    unsigned ambiguous[GT_TAQUIN_ANNEXE_DEPTH]; /* (d;k) whose image differs among the kept labellings */
    int map[GT_TAQUIN_ANNEXE_DEPTH][GT_TAQUIN_ANNEXE_WIDTH]; /* chosen: article (d;k-1) -> our type */
    int n_wrong;
    gt_taquin_annexe_entry wrong[GT_TAQUIN_ANNEXE_ENTRIES]; /* under the chosen labelling */
    uint64_t nodes;     /* search nodes */
} gt_taquin_annexe_result;

/* The article index of (d;k): types numbered 0..47 by distance then k;
 * GT_NONE when there is no type k at distance d. */
int gt_taquin_annexe_index(int distance, int number);

/* Solves the labelling on the 3x3 anatomy (qdist needed). GT_ERR_INVAL if a
 * is not the 3x3 board's anatomy (48 types, 1 2 6 11 13 9 4 2 per distance),
 * GT_ERR_MISMATCH if the boards of distances 0-3 do not sit at their
 * distances, GT_ERR_NOMEM. On success free with gt_taquin_annexe_free. */
int gt_taquin_annexe_solve(const gt_taquin_anatomy *a, gt_taquin_annexe_result *out);
void gt_taquin_annexe_free(gt_taquin_annexe_result *r);

#ifdef __cplusplus
}
#endif

#endif
