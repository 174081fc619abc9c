/* Two-phase 3x3x3 benchmark (issue 11 targets): the small tables' build
 * (median of 5), the stored table cube3-twophase built in memory (time,
 * bytes), solve time for 100 random states at <= 21, <= 20 and <= 19 moves
 * (median, max; 10 s limit a state) with the stored table when the database
 * ($GODTAB_DB or the default) has it, else with the one built here; the
 * one-shot `godtab-solve cube3 --near` process (median of 11), 1000
 * states through standard input, and issue 30's measure: the mean time a
 * state of `godtab-solve cube3 --random 1000 --seed 5 --max-length L` (one
 * thread, one process, the load included) at L = 21, 20, 19. */
#include "bench_util.h"
#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "store.h"

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
    gt_rng rng = {20261123};
    for (int i = 0; i < N_STATES; i++) {
        gt_cube3 c;
        gt_cube3_twophase_result r;
        gt_cube3_twophase_options o = {.max_length = max_length, .timeout = LIMIT};
        gt_cube3_random_state(&rng, &c);
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

/* 1000 random states (facelets, from --random) through standard input. */
static void stdin_rate(void)
{
    const char *file = "/tmp/godtab-bench-twophase-states.txt";
    if (system(GODTAB_BIN "/godtab-solve cube3 --random 1000 --seed 7 | cut -f1 >/tmp/godtab-bench-twophase-states.txt") != 0) {
        printf("stdin --near: could not make the states\n");
        return;
    }
    double t0 = bench_now();
    int rc = system(GODTAB_BIN "/godtab-solve cube3 --near --format facelets --threads 2 </tmp/godtab-bench-twophase-states.txt >/dev/null");
    double rate = 1000 / (bench_now() - t0);
    remove(file);
    if (rc != 0)
        printf("stdin --near: failed\n");
    else
        printf("1000 random states through stdin, --near, 2 threads: %.0f solves/s (target: >= 200/s) %s\n", rate,
               rate >= 200 ? "met" : "MISSED");
}

/* Issue 30: the mean a state of one `--random 1000 --seed 5` batch at each
 * bound (each answer is solved, replayed and printed; the load included). */
static void random_batches(void)
{
    static const struct { int max_length; double target_ms; } runs[] = {{21, 1}, {20, 1}, {19, 50}};
    for (int i = 0; i < 3; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd,
                 GODTAB_BIN "/godtab-solve cube3 --random 1000 --seed 5 --max-length %d --threads 1 >/dev/null",
                 runs[i].max_length);
        double t0 = bench_now();
        if (system(cmd) != 0) {
            printf("--random 1000 --max-length %d: failed\n", runs[i].max_length);
            continue;
        }
        double ms = bench_now() - t0; /* seconds for 1000 = ms a state */
        printf("--random 1000 --seed 5 --max-length %d, one thread: mean %.2f ms a state, load included "
               "(target: <= %.0f ms) %s\n", runs[i].max_length, ms, runs[i].target_ms, verdict(ms, runs[i].target_ms));
    }
}

/* The small tables alone (the fallback without the stored table). */
static void small_tables(void)
{
    double build[5];
    gt_cube3_twophase_tables *t = NULL;
    for (int i = 0; i < 5; i++) {
        gt_cube3_twophase_tables_free(t);
        t = NULL;
        double t0 = bench_now();
        if (gt_cube3_twophase_tables_build(&t) != GT_OK) {
            printf("two-phase small tables: out of memory\n");
            return;
        }
        build[i] = bench_now() - t0;
    }
    printf("two-phase small tables (the fallback): %.1f MB in memory, built in %.3f s (median of 5)\n",
           (double)t->bytes / 1e6, bench_median(build, 5));
    gt_cube3_twophase_tables_free(t);
}

/* The stored table from the database ($GODTAB_DB or the default), mapped. */
static gt_table *stored_table(gt_db **db)
{
    gt_table *t = NULL;
    const char *path = gt_db_default_path(NULL);
    if (gt_db_open(db, path, GT_DB_READONLY) != GT_OK) {
        *db = NULL;
        return NULL;
    }
    if (gt_db_map_table(*db, GT_CUBE3_TWOPHASE_TABLE, &t) != GT_OK)
        return NULL;
    return t;
}

int main(void)
{
    gt_table *built = NULL, *stored;
    gt_db *db = NULL;
    gt_cube3_twophase_tables *t = NULL;
    small_tables();
    double t0 = bench_now();
    if (gt_cube3_twophase_table_build(0, &built, NULL) != GT_OK) {
        printf("cube3-twophase: build failed\n");
        return 1;
    }
    double secs = bench_now() - t0;
    uint64_t bytes = built->data_bytes;
    for (int i = 0; i < built->meta.n_sections; i++)
        bytes += built->meta.sections[i].bytes;
    printf("cube3-twophase table: built in %.1f s (target: <= 60 s) %s; %.1f MB (data %.1f MB + %d sections; "
           "target: <= 100 MB) %s\n", secs, verdict(secs, 60), (double)bytes / 1e6, (double)built->data_bytes / 1e6,
           built->meta.n_sections, verdict((double)bytes / 1e6, 100));
    stored = stored_table(&db);
    printf("solving with: %s\n", stored ? "the stored table (mapped from the database)"
                                         : "the table built above, in memory (none stored in the database)");
    if (gt_cube3_twophase_tables_from_table(stored ? stored : built, &t) != GT_OK) {
        printf("cube3-twophase: the table does not fit\n");
        return 1;
    }
    solve_times(t, 21, 1);
    solve_times(t, 20, 5);
    solve_times(t, 19, 50);
    gt_cube3_twophase_tables_free(t);
    gt_table_free(stored);
    gt_table_free(built);
    if (db)
        gt_db_close(db);
    one_shot();
    stdin_rate();
    random_batches();
    return 0;
}
