/* Breadth-first search over a puzzle descriptor, in parallel with OpenMP.
 *
 * The result is one byte per state (its distance from the goal, GT_UNREACHED
 * if not reachable). It is identical for every thread count: each level is a
 * set, whichever thread discovers a state writes the same value. */
#ifndef GODTAB_BFS_H
#define GODTAB_BFS_H

#include "puzzle.h"

#include <stdint.h>

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
int gt_bfs_run(const gt_puzzle *p, const gt_bfs_options *opts, uint8_t **dist_out,
               gt_distribution *distribution);

/* Counts the distribution of a distance array (GT_UNREACHED entries are not
 * counted). threads as above. */
void gt_distribution_count(const uint8_t *dist, uint64_t n, int threads, gt_distribution *out);

/* 1 if the two distributions are equal. */
int gt_distribution_equal(const gt_distribution *a, const gt_distribution *b);

#endif
