/* The N×N×N solver (docs/nnn.md, "Solver"): seed 002's reduction by
 * commutators, for any N from 2 to GT_NNN_MAX.
 *
 *   I   "les contours": every wing orbit is solved by pure wing 3-cycles
 *       [A, r] (A outer turns, r one inner layer), conjugated by one outer
 *       turn; an odd orbit first gets one quarter turn of its layer;
 *   II  "l'intérieur des faces": centres, face by face (U D L F, then R B),
 *       by the pure 3-cycle [a, X^e b X^-e] (a, b parallel inner layers),
 *       mapped to every face by the rotations of the cube; first with a a
 *       set of layers (block turns), a whole row of centres a commutator;
 *   III the reduced cube as a 3x3x3, solved by a caller-supplied solver
 *       (a model may not include another model: the program passes cube3's
 *       two-phase as a callback). Even N needs no parity algorithm: stage I
 *       pairs the edges into a 3x3x3 edge arrangement of the corners' parity.
 *
 * Every answer is replayed on the facelet model before it is returned. */
#ifndef GODTAB_NNN_SOLVE_H
#define GODTAB_NNN_SOLVE_H

#include "nnn.h"
#include "spec.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { GT_NNN_STAGE_EDGES, GT_NNN_STAGE_CENTRES, GT_NNN_STAGE_CUBE3, GT_NNN_STAGES };
extern const char *const gt_nnn_stage_names[GT_NNN_STAGES];

/* Solves a 3x3x3 given as 54 colours (Kociemba's order, colour f = face f,
 * centre of face f coloured f): writes face turns (face 0..5, lo = hi = 0,
 * quarters 1..3) to out, returns their number (<= cap) or a negative GT_ERR_*. */
typedef int (*gt_nnn_cube3_fn)(void *ctx, const uint8_t colours[54], gt_turn *out, int cap);

/* The wing commutator tables (built once, ~10 ms; shareable between threads). */
typedef struct gt_nnn_solver gt_nnn_solver;
GT_API int gt_nnn_solver_new(gt_nnn_solver **out);
GT_API void gt_nnn_solver_free(gt_nnn_solver *s);
/* How many (target, source, third) wing 3-cycles the tables hold (of 24·23·22). */
long gt_nnn_solver_cycles(const gt_nnn_solver *s);

/* What produced an answer ("method" in the answer): seed 002's reduction,
 * the exact short search (nnn_short.c), the 2x2x2's pocket table. */
enum { GT_NNN_METHOD_COMMUTATORS, GT_NNN_METHOD_SEARCH, GT_NNN_METHOD_POCKET, GT_NNN_METHOD_TABLES, GT_NNN_METHODS };
extern const char *const gt_nnn_method_names[GT_NNN_METHODS];

typedef struct gt_nnn_solution {
    gt_turn *moves;                   /* the stages one after the other */
    long count;
    long stage_count[GT_NNN_STAGES];  /* moves of each stage (after cancellation) */
    double seconds[GT_NNN_STAGES];
    long obtm, stm;
    int method; /* GT_NNN_METHOD_*: what produced the answer */
    int phase_count[3]; /* tables: each reduction phase's turns, before cancellation */
} gt_nnn_solution;

/* Solves a legal position (gt_nnn_verdict_of code 0). Returns GT_OK,
 * GT_ERR_ILLEGAL (no solution: an illegal start), GT_ERR_NOMEM, the
 * callback's error, or GT_ERR_CORRUPT when an answer failed its replay (a
 * bug: no answer is returned then). Free with gt_nnn_solution_free. */
GT_API int gt_nnn_solve(const gt_nnn_solver *s, const gt_nnn *start, gt_nnn_cube3_fn cube3, void *ctx,
                 gt_nnn_solution *out);
GT_API void gt_nnn_solution_free(gt_nnn_solution *sol);

/* The reduced cube's end: the turns `reduce` (which reduce start to a 3x3x3:
 * centres solved, edges paired, its parity even) then cube3's answer, all
 * cancelled and replayed, into out (reduction in the edges stage, the
 * 3x3x3 in the cube3 stage). Return values: those of gt_nnn_solve. */
int gt_nnn_solve_after(const gt_nnn *start, const gt_turn *reduce, long n_reduce, gt_nnn_cube3_fn cube3,
                       void *ctx, gt_nnn_solution *out);

/* A 4x4x4 by the reduction from its tables (nnn4.h) then cube3 through the
 * callback, replayed; axes 1..GT_NNN4_AXES_MAX: the reduction run from that
 * many axes (the cube as given, turned by z, by y), one a thread, the
 * shortest answer kept (2 axes: ~1 turn shorter, 3: ~1.5, at the time of
 * one a core). Return values: GT_OK; GT_ERR_INVAL (axes); GT_ERR_ILLEGAL; GT_ERR_CORRUPT or
 * GT_ERR_TIMEOUT (damaged tables: a phase not found, or an answer failing
 * its replay: the caller answers by the commutators); GT_ERR_NOMEM. */
typedef struct gt_nnn4_tables gt_nnn4_tables;
enum { GT_NNN4_AXES_MAX = 3 };
int gt_nnn_solve_tables(const gt_nnn4_tables *t, const gt_nnn *c, int axes, gt_nnn_cube3_fn cube3, void *ctx,
                        gt_nnn_solution *sol);

/* Cancels adjacent turns on one axis in place (same layer block: quarters
 * merged, identities dropped); returns the new count. */
long gt_nnn_cancel(int n, gt_turn *moves, long count);

/* ---- the exact short search (nnn_short.c) ---- */

/* The metrics the short search minimises: OBTM (blocks holding an outer
 * layer, 1 each) or STM (every block but the whole cube, 1 each). */
enum { GT_NNN_OBTM, GT_NNN_STM };
#define GT_NNN_SHORT_DEPTH 5 /* the deepest answer it looks for */
/* The largest N it covers, by metric: where a miss (no answer of 5 moves)
 * is proven in well under 0.2 s (docs/nnn.md, "Short scrambles"). */
#define GT_NNN_SHORT_OBTM_MAX 7
#define GT_NNN_SHORT_STM_MAX 5
/* 1 when the short search covers an N×N×N in that metric. */
int gt_nnn_short_covers(int n, int metric);
/* A shortest answer of at most max_depth (<= GT_NNN_SHORT_DEPTH) moves of
 * the metric's whole move set for a legal start, up to whole-cube
 * orientation (the answer solves it in some orientation; in its own when
 * one of the shortest writings does), by meeting in the middle: the states
 * within 2 moves of solved against a depth-first search of 3 from start.
 * GT_OK (method GT_NNN_METHOD_SEARCH, all in the cube3 stage, replayed),
 * GT_ERR_NOTFOUND (no answer that short), GT_ERR_RANGE (N not covered),
 * GT_ERR_INVAL, GT_ERR_NOMEM, GT_ERR_CORRUPT (a bug: no answer returned). */
int gt_nnn_short_solve(const gt_nnn *start, int metric, int max_depth, gt_nnn_solution *out);

/* ---- the family's solver hooks (nnn_solver.c) ---- */

/* Scrambles (with gt_solve_options.size) or facelets through the one query
 * path: the reduction, its 3x3x3 stage cube3's two-phase and a 2x2x2 the
 * pocket-htm table, both asked by name through the loader's nested
 * queries. Answer fields: puzzle, size, solution, obtm, stm, optimal,
 * seconds, stage_seconds. */
extern const gt_solver_hooks gt_nnn_solver_hooks;

/* A 2x2x2 c's answer written as move names (the pocket table's) read as
 * nnn turns into sol, replayed on c and counted, all in the cube3 stage.
 * Return values: GT_OK, GT_ERR_CORRUPT (unreadable or not solving c),
 * GT_ERR_NOMEM. */
int gt_nnn_solution_of_names(const gt_nnn *c, const char *names, gt_nnn_solution *sol);

/* The answer for a legal c with the solver handle of those hooks (what
 * gt_query_answer runs): the pocket table's for a 2x2x2 when there is one,
 * else the short search's in metric (GT_NNN_OBTM, GT_NNN_STM) when it
 * finds one (both *optimal 1), else the reduction's. Return values: those
 * of gt_nnn_solve. */
int gt_nnn_answer_solve(const void *handle, const gt_nnn *c, int metric, gt_nnn_solution *sol, int *optimal);

#ifdef __cplusplus
}
#endif

#endif
