/* bench_nnn: the N×N×N solver (docs/nnn.md, "Solver") over random states
 * (gt_nnn_random): mean and max moves (OBTM, STM), STM moves per centre
 * piece, time per solve, for N = 4, 5, 6, 7, 10, 20, 50, 100, 200, 1024,
 * with the targets beside them ("met" / "MISSED"). Every answer is
 * replayed by the solver (gt_nnn_solve returns none that fails) and again
 * here with gt_nnn_apply up to N = 200.
 *
 * Environment: GODTAB_BENCH_NNN_MAXN caps N (default 1024), GODTAB_BENCH_NNN_MINN
 * skips the smaller sizes (default 4),
 * GODTAB_BENCH_NNN_SCALE divides the state counts (default 1: 1000 for
 * N <= 7, 100 for N <= 20, 10 for N <= 200, 1 for 1024). */
#include "bench_util.h"

#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "nnn.h"
#include "nnn_solve.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gt_cube3_twophase_tables *tables;

static int cube3_cb(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    (void)ctx;
    return gt_cube3_twophase_turns(tables, colours, 22, 2, out, cap);
}

typedef struct stats {
    double obtm, stm, secs, max_secs, stage[GT_NNN_STAGES];
    long max_obtm, max_stm, solved;
} stats;

static int bench_size(const gt_nnn_solver *s, int n, int reps, stats *st)
{
    gt_nnn c, r;
    gt_rng rng;
    memset(st, 0, sizeof *st);
    if (gt_nnn_init(&c, n) != GT_OK || gt_nnn_init(&r, n) != GT_OK)
        return GT_ERR_NOMEM;
    gt_rng_seed(&rng, 1000 + (uint64_t)n);
    for (int i = 0; i < reps; i++) {
        gt_nnn_solution sol;
        gt_nnn_random(&c, &rng);
        double t0 = bench_now();
        int rc = gt_nnn_solve(s, &c, cube3_cb, NULL, &sol);
        double dt = bench_now() - t0;
        if (rc != GT_OK) {
            fprintf(stderr, "bench_nnn: N=%d state %d: solve failed (%s)\n", n, i, gt_strerror(rc));
            continue;
        }
        /* the solver replayed it; replay again on the model itself up to
         * N = 200 (its face turns cost N² each: hours at N = 1024) */
        if (n <= 200) {
            memcpy(r.f, c.f, (size_t)gt_nnn_facelets(n));
            gt_nnn_apply(&r, sol.moves, sol.count);
        }
        if (n > 200 || gt_nnn_is_solved(&r))
            st->solved++;
        st->obtm += (double)sol.obtm;
        st->stm += (double)sol.stm;
        st->max_obtm = sol.obtm > st->max_obtm ? sol.obtm : st->max_obtm;
        st->max_stm = sol.stm > st->max_stm ? sol.stm : st->max_stm;
        for (int k = 0; k < GT_NNN_STAGES; k++)
            st->stage[k] += (double)sol.stage_count[k];
        st->secs += dt;
        st->max_secs = dt > st->max_secs ? dt : st->max_secs;
        gt_nnn_solution_free(&sol);
    }
    gt_nnn_free(&c);
    gt_nnn_free(&r);
    return GT_OK;
}

static int reps_for(int n, int scale)
{
    int r = n <= 7 ? 1000 : n <= 20 ? 100 : n <= 200 ? 10 : 1;
    r /= scale;
    return r < 1 ? 1 : r;
}

static const char *mark(int ok)
{
    return ok ? "met" : "MISSED";
}

static void report(int n, int reps, const stats *st)
{
    double k = st->solved ? (double)st->solved : 1, centres = 6.0 * (n - 2) * (n - 2) - (n % 2 ? 6 : 0);
    double per = centres > 0 ? st->stage[GT_NNN_STAGE_CENTRES] / k / centres : 0, t = st->secs / k;
    printf("N=%4d  states %4ld/%-4d  OBTM mean %10.1f max %8ld  STM mean %10.1f max %8ld  "
           "stages %.0f/%.0f/%.0f  centre STM/piece %.2f  time mean %.4f s max %.4f s",
           n, st->solved, reps, st->obtm / k, st->max_obtm, st->stm / k, st->max_stm, st->stage[0] / k,
           st->stage[1] / k, st->stage[2] / k, per, t, st->max_secs);
    if (n == 7)
        printf("  [<= 20 ms: %s]", mark(t <= 0.020));
    if (n == 100)
        printf("  [<= 2 s: %s]", mark(t <= 2.0));
    if (n == 1024)
        printf("  [<= 600 s: %s]", mark(t <= 600.0));
    if (n >= 100)
        printf("  [<= 2.5 STM/centre: %s]", mark(per <= 2.5));
    if (n == 10)
        printf("  [< 543 STM (dwalton76 523 + ~20): %s]", mark(st->stm / k < 543));
    printf("  [all solved: %s]\n", mark(st->solved == reps));
}

int main(void)
{
    static const int sizes[] = {4, 5, 6, 7, 10, 20, 50, 100, 200, 1024};
    const char *e = getenv("GODTAB_BENCH_NNN_MAXN"), *sc = getenv("GODTAB_BENCH_NNN_SCALE");
    const char *mn = getenv("GODTAB_BENCH_NNN_MINN");
    int maxn = e ? atoi(e) : 1024, scale = sc && atoi(sc) > 0 ? atoi(sc) : 1, minn = mn ? atoi(mn) : 4;
    gt_nnn_solver *s;
    if (gt_cube3_twophase_tables_build(&tables) != GT_OK || gt_nnn_solver_new(&s) != GT_OK) {
        fprintf(stderr, "bench_nnn: out of memory\n");
        return 1;
    }
    printf("bench_nnn: random states, every answer replayed (N <= %d, counts / %d)\n", maxn, scale);
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int n = sizes[i], reps = reps_for(n, scale);
        stats st;
        if (n > maxn || n < minn) {
            printf("N=%4d  skipped (GODTAB_BENCH_NNN_MINN=%d, MAXN=%d)\n", n, minn, maxn);
            continue;
        }
        if (bench_size(s, n, reps, &st) != GT_OK)
            return 1;
        report(n, reps, &st);
        fflush(stdout);
    }
    gt_nnn_solver_free(s);
    gt_cube3_twophase_tables_free(tables);
    return 0;
}
