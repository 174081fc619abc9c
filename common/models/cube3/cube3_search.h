/* Optimal 3x3x3 solving: IDA* over the cubie coordinates with the pattern
 * databases of cube3_tables.h as an admissible heuristic (docs/cube3.md).
 *
 * h(position) = max(corner distance,
 *                   distance to <U,D,R2,L2,F2,B2> on each of the 3 axes)
 * where the two other axes are read by conjugating with whole-cube rotations
 * (a symmetry preserves distance). In QTM the same HTM bounds are admissible
 * (a half turn is two quarter turns), raised by one when their parity
 * disagrees with the position's, which fixes the QTM distance's parity.
 *
 * The inverse position gives the same lookups again (dist(c^-1) = dist(c)).
 * In HTM both edge tables are coset distances for subgroups holding every U
 * and D turn, so an axis whose value equals the moves left can neither end
 * the solution (read on the position) nor start it (read on the inverse):
 * the search skips those moves and prunes a node where all three axes are
 * tight. A start with symmetries (the superflip has all 48) is searched
 * once per orbit of first moves. docs/cube3.md has the proofs.
 *
 * The search enumerates canonical sequences only: never the same face twice
 * in a row, and of two commuting opposite-face turns only U-before-D,
 * R-before-L, F-before-B (in QTM a half turn is written U U, never U' U').
 * Its first levels are split into tasks run in parallel with OpenMP; the
 * solution reported is the first in that canonical order, whatever the
 * thread count. */
#ifndef GODTAB_CUBE3_SEARCH_H
#define GODTAB_CUBE3_SEARCH_H

#include "cube3.h"
#include "table.h"

#include <stdint.h>

#define GT_CUBE3_MAX_SOLUTION 32

enum { GT_CUBE3_HTM = 0, GT_CUBE3_QTM = 1 };

typedef struct gt_cube3_solver gt_cube3_solver;

/* A solver over loaded tables: corners (cube3-corners, required), and for
 * the edges either fss (cube3-fss16-twist, the strongest; the solver then
 * builds its symmetry classes, a few seconds) or fst
 * (cube3-flipslice-twist), or neither (corners alone: shallow positions
 * only). The solver keeps its own copies (in huge pages, which makes the
 * random reads faster), so the tables may be freed after this call; one
 * solver may serve several searches at once. GT_ERR_INVAL if a table has
 * the wrong size or encoding, GT_ERR_NOMEM. */
int gt_cube3_solver_new(const gt_table *corners, const gt_table *fst, const gt_table *fss,
                        gt_cube3_solver **out);
void gt_cube3_solver_free(gt_cube3_solver *s);

/* The heuristic of a position (a lower bound of its HTM distance). */
int gt_cube3_solver_bound(const gt_cube3_solver *s, const gt_cube3 *c);

/* Called from one thread about every progress_interval seconds: the bound
 * being searched, nodes generated so far, seconds since the start. */
typedef void (*gt_cube3_progress_fn)(void *user, int bound, uint64_t nodes, double seconds);

typedef struct gt_cube3_search_options {
    int metric;                /* GT_CUBE3_HTM or GT_CUBE3_QTM */
    int threads;               /* 0 = all cores */
    int max_depth;             /* give up past this length (0 = 20 HTM / 26 QTM) */
    double timeout;            /* seconds; 0 = none */
    int all;                   /* find every optimal (canonical) solution */
    gt_cube3_progress_fn progress;
    void *progress_user;
    double progress_interval;  /* seconds; 0 = 1 */
    volatile int *cancel;      /* optional: set non-zero to stop (GT_ERR_INTERRUPT) */
    /* For comparisons (each only slows the search; answers are the same): */
    int no_inverse;            /* skip the inverse position's lookups */
    int no_axis_masks;         /* HTM: do not restrict first and last moves by tight axes */
    int no_symmetry;           /* do not search a symmetric start once per orbit of first moves */
} gt_cube3_search_options;

typedef struct gt_cube3_search_result {
    int distance;       /* optimal length in the metric, or -1 if not found */
    int lower_bound;    /* proven: no solution is shorter (== distance if found) */
    int length;         /* moves[0..length-1]: the first optimal solution */
    uint8_t moves[GT_CUBE3_MAX_SOLUTION];
    uint64_t n_solutions; /* with all: how many; else 1 if found */
    uint8_t *solutions;   /* with all: n_solutions * distance moves, sorted; else NULL */
    uint64_t nodes;       /* nodes generated */
    double seconds;
} gt_cube3_search_result;

/* Searches for an optimal solution of `start` (which must be legal); every
 * solution returned has been applied to `start` and checked to solve it.
 * Returns 0 (found), GT_ERR_TIMEOUT (max_depth or timeout reached:
 * lower_bound holds the best bound proven), GT_ERR_INTERRUPT, GT_ERR_NOMEM,
 * GT_ERR_INVAL. Free the result with gt_cube3_search_result_free. */
int gt_cube3_search(const gt_cube3_solver *s, const gt_cube3 *start,
                    const gt_cube3_search_options *opts, gt_cube3_search_result *result);
void gt_cube3_search_result_free(gt_cube3_search_result *result);

#endif
