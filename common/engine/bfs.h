/* Breadth-first search over a puzzle descriptor, in parallel with OpenMP.
 *
 * The result is one byte per state (its distance from the goal, GT_UNREACHED
 * if not reachable). It is identical for every thread count: each level is a
 * set, whichever thread discovers a state writes the same value. */
#ifndef GODTAB_BFS_H
#define GODTAB_BFS_H

#include "puzzle.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_UNREACHED 255

/* The per-depth counts of a table. */
typedef struct gt_distribution {
    int max_depth;                     /* God's number: the largest finite distance */
    uint64_t count[GT_MAX_DEPTH + 1];  /* count[d] for 0 <= d <= max_depth */
    uint64_t reached;                  /* sum of count[] */
} gt_distribution;

/* Called after each level (from the calling thread): depth just completed,
 * states found so far, total states, seconds since start. May be NULL. */
typedef void (*gt_bfs_progress_fn)(void *user, int depth, uint64_t found, uint64_t total,
                                   double seconds);

typedef struct gt_bfs_options {
    int threads;                  /* 0 = all cores */
    gt_bfs_progress_fn progress;  /* optional */
    void *progress_user;
    volatile int *cancel;         /* optional: set non-zero to stop (returns GT_ERR_INTERRUPT) */
} gt_bfs_options;

/* Tables of at least this many states get their distance array in huge pages. */
#define GT_BFS_HUGE_STATES (64u << 20)

/* Runs the BFS from p->solved (or from the cells p->levels->seed marks).
 * One level loop serves every descriptor: with coordinates it expands by
 * move-table lookups, without (n_coords == 0) through p->levels.
 * Parameters: opts may be NULL (all cores, no progress, no cancel).
 * Return values: GT_OK (then *dist_out is a malloc'd array of p->n_states
 * bytes to free() and *distribution is filled in), GT_ERR_NOMEM,
 * GT_ERR_INVAL (a malformed descriptor, or a second coordinate of more than
 * 65,536 values), GT_ERR_INTERRUPT (opts->cancel),
 * GT_ERR_RANGE (some distance would exceed GT_MAX_DEPTH). */
GT_API int gt_bfs_run(const gt_puzzle *p, const gt_bfs_options *opts, uint8_t **dist_out,
               gt_distribution *distribution);

/* The BFS at 2 bits a state, for tables whose byte a state would not fit:
 * *codes_out is the table in GT_ENC_MOD3's layout (table.h: each state's
 * distance mod 3, 3 unreached, state i in bits 2*(i%4) of byte i/4), built
 * in place, so the search holds n/4 bytes instead of n. A level scans the
 * whole table: forward, every state coded depth mod 3 (those at depth - 3,
 * depth - 6 ... are expanded again and find nothing new: their neighbours
 * are all reached); backward, every unreached state looks for a neighbour
 * coded depth mod 3 (an unreached state's neighbours are at depth or more,
 * so that code can only mean depth). Only the code of depth + 1 is written,
 * by an atomic AND on an unreached state's two bits, so every thread count
 * gives the same table, and the level's count is the number of ANDs that
 * found the state unreached: no counting pass.
 * Parameters: p with coordinates (and its goal set, as gt_bfs_run's), or
 * level hooks with expand_mod3 (puzzle.h: seeded at p->solved; without
 * it, refused); opts as gt_bfs_run's.
 * Return values: GT_OK (then *codes_out is a gt_alloc_huge'd array of
 * gt_bfs_mod3_bytes(n) bytes to free(), *distribution filled in),
 * GT_ERR_INVAL, GT_ERR_NOMEM, GT_ERR_INTERRUPT, GT_ERR_RANGE. */
int gt_bfs_run_mod3(const gt_puzzle *p, const gt_bfs_options *opts, uint8_t **codes_out,
                    gt_distribution *distribution);

/* The bytes of gt_bfs_run_mod3's array for n states: n/4 rounded up to 8
 * bytes (the level scans read whole words; the padding reads unreached). */
uint64_t gt_bfs_mod3_bytes(uint64_t n);

/* ---- the BFS split over ranks (docs/distributed.md) ----
 *
 * Rank r of R owns the states [lo, hi) (gt_bfs_slice_start: n·r/R rounded
 * to 64) and holds only their distances. Each level, every rank expands its own frontier forwards
 * and hands the neighbours it does not own to their owners through
 * comm->exchange, in rounds of at most comm->batch states a rank, so memory
 * stays flat; the owners mark the unreached ones. The level loop is
 * gt_bfs_run's own (one rank is the single-process case: the same levels,
 * the same distances). The communicator is the caller's: MPI in
 * mpi/godtab-gen-mpi.c, threads in the tests; the library links no MPI. */
typedef struct gt_bfs_comm {
    int rank, ranks;
    uint64_t batch; /* states a rank expands per exchange round (0: 1 << 20) */
    /* Collective. send[k][0..nsend[k]) go to rank k; what the other ranks
     * sent to this one is written to *recv (grown with realloc; *recv_cap
     * its capacity in states), *nrecv states. Returns GT_OK or a GT_ERR_*. */
    int (*exchange)(void *ctx, uint64_t *const *send, const uint64_t *nsend, uint64_t **recv, uint64_t *nrecv,
                    uint64_t *recv_cap);
    /* Collective: v[0..n) summed over the ranks, in place. */
    int (*sum)(void *ctx, uint64_t *v, int n);
    /* Optional (NULL: every level is pushed). Collective: rank r's
     * counts[r] bytes at all + displs[r] are copied to every rank's `all`
     * at the same place. Used for the levels where the frontier outgrows
     * the unreached states: they are pulled, as gt_bfs_run's backward
     * levels, against the frontier shared as one bit a state (N/8 bytes on
     * every rank). */
    int (*allgather)(void *ctx, uint8_t *all, const uint64_t *counts, const uint64_t *displs);
    void *ctx;
} gt_bfs_comm;

/* Ranks a pulled level handles (more: every level is pushed). */
#define GT_BFS_MAX_RANKS 4096

/* The first state rank `rank` of `ranks` owns of n states: n·rank/ranks
 * rounded down to a multiple of 64, so that each rank's states are whole
 * bytes (and words) of a one-bit-a-state bitmap. */
uint64_t gt_bfs_slice_start(uint64_t n, int rank, int ranks);

/* Runs the BFS on comm->ranks ranks (call it on every rank). Parameters:
 * p must have coordinates (a level-hook descriptor cannot be split: its
 * expansion reads any cell). Return values: GT_OK (*slice_out: malloc'd
 * distances of this rank's states [*lo, *hi); *distribution: the whole
 * table's, on every rank), GT_ERR_INVAL, GT_ERR_NOMEM, GT_ERR_RANGE,
 * GT_ERR_INTERRUPT, or the communicator's error (every rank returns it). */
int gt_bfs_run_ranked(const gt_puzzle *p, const gt_bfs_options *opts, const gt_bfs_comm *comm,
                      uint8_t **slice_out, uint64_t *lo, uint64_t *hi, gt_distribution *distribution);

/* Counts the distribution of a distance array (GT_UNREACHED entries are not
 * counted). threads as above. */
GT_API void gt_distribution_count(const uint8_t *dist, uint64_t n, int threads, gt_distribution *out);

/* 1 if the two distributions are equal. */
int gt_distribution_equal(const gt_distribution *a, const gt_distribution *b);

/* The median distance: the least d with at least half of the reached
 * states at distance d or less (0 when none is reached). */
int gt_distribution_median(const gt_distribution *d);

#ifdef __cplusplus
}
#endif

#endif
