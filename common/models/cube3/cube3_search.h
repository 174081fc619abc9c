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
 * R-before-L, F-before-B (in QTM a half turn is searched as U U, never
 * U' U', and returned as U2: see gt_cube3_qtm_merge). Its first four
 * levels are split into tasks run in parallel with OpenMP, each iteration
 * in decreasing order of what the task's subtree cost in the previous one
 * (canonical order first, and for ties); the solution reported is the
 * first in that order, whatever the thread count. */
#ifndef GODTAB_CUBE3_SEARCH_H
#define GODTAB_CUBE3_SEARCH_H

#include "cube3.h"
#include "table.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_CUBE3_MAX_SOLUTION 32

enum { GT_CUBE3_HTM = 0, GT_CUBE3_QTM = 1 };

typedef struct gt_cube3_solver gt_cube3_solver;

/* A solver over loaded tables: corners (cube3-corners, required), and for
 * the edges either fss (cube3-fss16-twist, or the ladder's bigger rung
 * cube3-fsud16-twist, told apart by name; the solver builds fss's symmetry
 * classes if the table lacks them, a few seconds) or fst
 * (cube3-flipslice-twist), or neither (corners alone: shallow positions
 * only). The solver keeps its own copies (in huge pages, which makes the
 * random reads faster), so the tables may be freed after this call; one
 * solver may serve several searches at once. GT_ERR_INVAL if a table has
 * the wrong size or encoding, GT_ERR_NOMEM. */
GT_API int gt_cube3_solver_new(const gt_table *corners, const gt_table *fst, const gt_table *fss,
                        gt_cube3_solver **out);

/* How a solver holds its tables (docs/cube3.md, "Storage" has the figures):
 *   GT_CUBE3_TABLES_IN_PLACE  reads them where they are (a mapped table is
 *       read straight from the database map, shared by every process, each
 *       64 KiB block checked on first use); the tables must outlive the
 *       solver. Starts in milliseconds: the one-shot and shallow queries.
 *   GT_CUBE3_TABLES_COPY  checks them whole and copies them into huge pages
 *       (fewer TLB misses on random reads): seconds to start, then faster
 *       on long searches (about 1.4x). The tables may be freed after the call. */
enum { GT_CUBE3_TABLES_IN_PLACE = 0, GT_CUBE3_TABLES_COPY = 1 };

/* gt_cube3_solver_new with a choice of how. The move tables and symmetry
 * classes come from the tables' sections when they have them (tables built
 * since the format's mapped storage), else they are built here.
 * Return values: GT_OK, GT_ERR_INVAL (a table of the wrong size, encoding
 * or sections), GT_ERR_CORRUPT (a copy found a damaged block), GT_ERR_NOMEM. */
GT_API int gt_cube3_solver_open(const gt_table *corners, const gt_table *fst, const gt_table *fss, int how,
                         gt_cube3_solver **out);

/* The tables of gt_cube3_solver_open_tables: those of gt_cube3_solver_open,
 * and phase1 (cube3-twophase), which cube3-fsud16-twist-2bit needs for its
 * small values (NULL otherwise). edges_private: the edge table's data is a
 * private copy already (a table stored in parts), which
 * GT_CUBE3_TABLES_COPY then reads as it is and copies the others only. */
typedef struct gt_cube3_solver_tables {
    const gt_table *corners, *fst, *fss, *phase1;
    int edges_private;
} gt_cube3_solver_tables;

/* gt_cube3_solver_open over any rung of the table ladder (docs/cube3.md).
 * Return values: as gt_cube3_solver_open; GT_ERR_INVAL also for
 * cube3-fsud16-twist-2bit without a phase1 table of the same classes. */
int gt_cube3_solver_open_tables(const gt_cube3_solver_tables *tables, int how, gt_cube3_solver **out);
GT_API void gt_cube3_solver_free(gt_cube3_solver *s);

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
    int no_direction;          /* HTM: always extend the start's end, never the other */
    int no_task_order;         /* search the tasks in canonical order, not by last iteration's cost */
    /* Tables read in place are checked whole once a search has visited this
     * many nodes, then read without their blocks' tests (0: 5,000). With a
     * core left free by `threads`, the check runs beside the search. */
    uint64_t verify_after_nodes;
    /* With a core left free and the edge table read in place: once a search
     * has visited this many nodes, the table is copied into huge pages
     * beside it (checked block by block), the search goes on with the copy
     * when it is whole, and the map's pages are let go. Up to twice the
     * table's size resident meanwhile. 0: never (the default). */
    uint64_t copy_after_nodes;
} gt_cube3_search_options;

typedef struct gt_cube3_search_result {
    int distance;       /* optimal length in the metric, or -1 if not found */
    int lower_bound;    /* proven: no solution is shorter (== distance if found) */
    int length;         /* moves[0..length-1]: the first optimal solution in face
                         * turns; in QTM a half turn is one move U2 that the distance
                         * counts as 2 (Cube Explorer's way), so length <= distance */
    uint8_t moves[GT_CUBE3_MAX_SOLUTION];
    uint64_t n_solutions; /* with all: how many distinct ones; else 1 if found */
    uint8_t *solutions;   /* with all: n_solutions slots of distance bytes, sorted in the
                           * search's canonical order; slot i holds lengths[i] moves
                           * (then 0xFF padding); read with gt_cube3_search_solution */
    uint8_t *lengths;     /* with all: each solution's length in face turns; else NULL */
    uint64_t nodes;       /* nodes generated */
    double seconds;
} gt_cube3_search_result;

/* Searches for an optimal solution of `start` (which must be legal); every
 * solution returned has been applied to `start` and checked to solve it.
 * Returns 0 (found), GT_ERR_CORRUPT (a table block failed its check: no
 * answer is given), GT_ERR_TIMEOUT (max_depth or timeout reached:
 * lower_bound holds the best bound proven), GT_ERR_INTERRUPT, GT_ERR_NOMEM,
 * GT_ERR_INVAL. Free the result with gt_cube3_search_result_free. */
GT_API int gt_cube3_search(const gt_cube3_solver *s, const gt_cube3 *start,
                    const gt_cube3_search_options *opts, gt_cube3_search_result *result);
GT_API void gt_cube3_search_result_free(gt_cube3_search_result *result);

/* Solution i of a result (0..n_solutions-1 with all; any i gives the first
 * solution otherwise) and its length in face turns. */
const uint8_t *gt_cube3_search_solution(const gt_cube3_search_result *r, uint64_t i, int *length);

/* ---- QTM spelling (cube3_qtm.c) ---- */

/* Writes quarters[0..n-1] with each pair of equal quarter turns in a row
 * (U U or U' U') as the half turn U2 into out (n bytes suffice); returns
 * the number of moves written. The QTM length is unchanged. */
int gt_cube3_qtm_merge(const uint8_t *quarters, int n, uint8_t *out);
/* The inverse spelling: each half turn U2 as U U (out: 2n bytes suffice);
 * returns the number of quarter turns written. */
int gt_cube3_qtm_expand(const uint8_t *moves, int n, uint8_t *out);
/* The length of a sequence in quarter turns (a half turn counts 2). */
int gt_cube3_qtm_length(const uint8_t *moves, int n);
/* For the search: sorts the *n solutions of `distance` moves in found (in
 * QTM, quarter turns; U' U' and U U are the same half turn), keeps each
 * distinct one once (*n becomes their number), in QTM rewrites each with
 * its half turns merged (padded with 0xFF), and returns their lengths in
 * *lengths (malloc'd). GT_OK, GT_ERR_NOMEM, GT_ERR_INVAL. */
int gt_cube3_solutions_finish(int metric, uint8_t *found, uint64_t *n, int distance, uint8_t **lengths);

#ifdef __cplusplus
}
#endif

#endif
