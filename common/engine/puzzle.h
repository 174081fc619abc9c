/* The puzzle descriptor: everything the engine (BFS, storage, verification,
 * solver) knows about a puzzle.
 *
 * A puzzle is a finite state space indexed 0 .. n_states-1 and a set of moves
 * closed under inverses, so the state graph is undirected and every BFS
 * distance is also a distance *to* the goal. The index is the mixed-radix
 * product of one or two coordinates, each with its own move table:
 *
 *     index = c0 * coord[1].size + c1          (two coordinates)
 *     index = c0                               (one coordinate)
 *
 * and applying move m maps each coordinate through its table independently.
 * That is how the pocket cube (permutation x twist), the taquin (rank of a
 * legal configuration) and the 3x3x3 pattern databases are all described.
 *
 * A state space whose index is not such a product (a symmetry-reduced table)
 * has n_coords == 0 and gives the BFS its level expansion instead
 * (gt_bfs_levels): the same level loop, cancellation, progress, counting and
 * depth guard serve it. The walk solver (solve.h) reads neighbours from the
 * move tables; such a descriptor gives it its neighbour hook instead (a
 * ranked index: unrank, move, rank), or the walk refuses it (GT_ERR_INVAL). */
#ifndef GODTAB_PUZZLE_H
#define GODTAB_PUZZLE_H

#include "gt_api.h"
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_MAX_COORDS 2
/* A move's number fits a byte; a definition's moves count each power (the
 * 8x8x8's 24 faces and slices are 72 moves, the 12x12x12's 108). */
#define GT_MAX_MOVES 255
#define GT_MAX_DEPTH 64 /* distances are stored in one byte; 255 = unreached */

typedef struct gt_coord {
    const char *name;
    uint32_t size;
    /* move[value * n_moves + m]: the coordinate's value after move m. */
    const uint32_t *move;
} gt_coord;

struct gt_puzzle;

/* The BFS's level hooks of a descriptor without coordinates (puzzle.h's
 * header comment). dist holds one byte a state, GT_UNREACHED (255) for
 * unreached; a hook may run OpenMP loops on `threads` threads. */
typedef struct gt_bfs_levels {
    /* Marks the goal at distance 0 (and the cells that are the same position
     * as the goal in a symmetry-reduced index); returns how many it marked. */
    uint64_t (*seed)(const struct gt_puzzle *p, uint8_t *dist);
    /* One level: forward (scan the cells at `depth`, mark their unreached
     * neighbours depth + 1) or backward (mark each unreached cell that has a
     * neighbour at `depth`). Only value depth + 1 is ever written, so racing
     * threads cannot change the result. Returns how many cells it set. */
    uint64_t (*expand)(const struct gt_puzzle *p, uint8_t *dist, uint8_t depth, int forward, int threads);
    /* Optional (NULL: gt_bfs_run_mod3 refuses the descriptor): the same
     * level at 2 bits a cell (bfs_mod3.h: forward, the cells coded depth
     * mod 3; backward, the unreached cells with a neighbour of that code),
     * written with gt_mod3_claim; returns the cells it claimed. Such a
     * descriptor is seeded at p->solved alone. */
    uint64_t (*expand_mod3)(const struct gt_puzzle *p, uint8_t *codes, uint8_t depth, int forward, int threads);
} gt_bfs_levels;

typedef struct gt_puzzle {
    const char *name;   /* "pocket", "taquin-3x3", "cube3-corners" */
    const char *metric; /* "htm", "qtm", "flip" */
    uint64_t n_states;
    int n_moves;
    const char *const *move_names; /* n_moves names, as printed in solutions */
    const int *move_inverse;       /* move_inverse[m]: the move undoing m */
    int n_coords;
    gt_coord coord[GT_MAX_COORDS];
    uint64_t solved; /* index of the goal state */
    /* Optional, coordinates only: n_goals > 0 goal states (solved among
     * them, distinct), all at distance 0 (gt_bfs_run; the split BFS refuses
     * them). A phase of a reduction has a goal set (a
     * coset, "edges paired anywhere"), not one state. */
    const uint64_t *goals;
    uint64_t n_goals;
    /* Optional (NULL if the graph is not bipartite): the parity of the state's
     * distance, known without the table. The 1-bit encoding needs it. */
    int (*distance_parity)(const struct gt_puzzle *p, uint64_t index);
    /* Optional symmetries (n_syms == 0 if none): sym(p, index, k) is the image
     * of the state under symmetry k, 0 <= k < n_syms, k = 0 the identity. A
     * symmetry must commute with the move set (map moves to moves), so it
     * preserves distances. */
    int n_syms;
    uint64_t (*sym)(const struct gt_puzzle *p, uint64_t index, int k);
    const gt_bfs_levels *levels; /* n_coords == 0 only; NULL otherwise */
    /* Optional, n_coords == 0 only: out[m] = the state after move m of
     * `index`, for the n_moves moves at once (one unrank serves them all).
     * Consulted only where there are no move tables (the walk solver);
     * must be safe to call from several threads. NULL: no walk. */
    void (*neighbours)(const struct gt_puzzle *p, uint64_t index, uint64_t *out);
    void *ctx; /* the model's own data (move tables, ...) */
} gt_puzzle;

/* The state reached from `index` by move m. */
static inline uint64_t gt_puzzle_move(const gt_puzzle *p, uint64_t index, int m)
{
    if (p->n_coords == 1)
        return p->coord[0].move[index * (uint64_t)p->n_moves + (uint64_t)m];
    uint32_t size1 = p->coord[1].size;
    uint64_t c0 = index / size1, c1 = index % size1;
    return (uint64_t)p->coord[0].move[c0 * (uint64_t)p->n_moves + (uint64_t)m] * size1 +
           p->coord[1].move[c1 * (uint64_t)p->n_moves + (uint64_t)m];
}

#ifdef __cplusplus
}
#endif

#endif
