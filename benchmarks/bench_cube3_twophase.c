/* Two-phase 3x3x3 benchmark (issue 11 targets): table build (median of 5)
 * and size, solve time for 100 random states at <= 21, <= 20 and <= 19
 * moves (median, max; 10 s limit a state), and the one-shot
 * `godtab-solve cube3 --near` process (median of 11). Needs no table. */
#include "bench_util.h"
#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"

#include <stdio.h>
#include <stdlib.h>

#define N_STATES 100
#define LIMIT 10.0

static const char *verdict(double value, double target)
{
    return value <= target ? "met" : "MISSED";
}

static void solve_times(const gt_cube3_twophase_tables *t, int max_length, double target_ms)
{
    double ms[N_STATES], total = 0;
    int over = 0;
    uint64_t seed = 20261123;
    for (int i = 0; i < N_STATES; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_twophase_options o = {.max_length = max_length, .timeout = LIMIT};
        gt_cube3_random(&seed, &c);
        over += gt_cube3_twophase_solve(t, &c, &o, &r) != GT_OK;
        ms[i] = r.seconds * 1e3;
        total += r.length;
    }
    double med = bench_median(ms, N_STATES);
    printf("two-phase <= %d moves, %d random states: median %.2f ms, max %.0f ms, %d over %.0f s, "
           "average length %.2f (target: median <= %.0f ms) %s\n",
           max_length, N_STATES, med, ms[N_STATES - 1], over, LIMIT, total / N_STATES, target_ms,
           verdict(med, target_ms));
}

static void one_shot(void)
{
    double s[11];
    for (int i = 0; i < 11; i++) {
        double t0 = bench_now();
        if (system(GODTAB_BIN "/godtab-solve cube3 --near \"R U R' U' F2 D L2 B R2 D' F U2 L B' R D2 F' L\" "
                              ">/dev/null") != 0) {
            printf("one-shot --near: failed\n");
            return;
        }
        s[i] = bench_now() - t0;
    }
    double med = bench_median(s, 11) * 1e3;
    printf("one-shot godtab-solve cube3 --near (18-move scramble): median %.0f ms (target: <= 30 ms) %s\n", med,
           verdict(med, 30));
}

int main(void)
{
    double build[5];
    gt_cube3_twophase_tables *t = NULL;
    for (int i = 0; i < 5; i++) {
        gt_cube3_twophase_tables_free(t);
        double t0 = bench_now();
        if (gt_cube3_twophase_tables_build(&t) != GT_OK) {
            printf("two-phase tables: out of memory\n");
            return 1;
        }
        build[i] = bench_now() - t0;
    }
    double med = bench_median(build, 5);
    printf("two-phase tables: %.1f MB in memory, built in %.3f s (median of 5; target: <= 100 MB, <= 60 s) %s\n",
           (double)t->bytes / 1e6, med, verdict(med, 60));
    solve_times(t, 21, 1);
    solve_times(t, 20, 5);
    solve_times(t, 19, 50);
    gt_cube3_twophase_tables_free(t);
    one_shot();
    return 0;
}
