/* 3x3x3 benchmark: the stored tables (build time, bytes), IDA* nodes/s, time
 * to an optimal solution for 10 random-state cubes (median, max) and for the
 * superflip, each beside its target from issue 4.
 *
 * Needs the tables of `godtab-gen cube3` in $GODTAB_DB or the default
 * database; skips, saying so, without them. Limits (seconds) per search:
 * GODTAB_BENCH_CUBE3_TIMEOUT (default 180, the target maximum) and
 * GODTAB_BENCH_SUPERFLIP_TIMEOUT (default 600, the target); a search that
 * hits its limit is reported as "> limit" with the lower bound it proved. */
#include "bench_util.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "gt_error.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_RANDOM 10
#define THREADS 2

static const char *const SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

static double env_seconds(const char *name, double fallback)
{
    const char *v = getenv(name);
    double x = v ? atof(v) : 0;
    return x > 0 ? x : fallback;
}

static void print_table(gt_db *db, const char *name, uint64_t *total_stored, double *total_build)
{
    gt_table_meta m;
    if (gt_db_get_meta(db, name, &m) != 0) {
        printf("  %-24s not built\n", name);
        return;
    }
    printf("  %-24s %13llu states  raw %7.1f MB  stored %7.1f MB  built in %6.1f s (%d threads)\n", name,
           (unsigned long long)m.n_states, (double)m.raw_bytes / 1e6, (double)m.stored_bytes / 1e6,
           m.build_seconds, m.threads);
    *total_stored += m.stored_bytes;
    *total_build += m.build_seconds;
}

/* Solves one position; returns its seconds (or -limit when it timed out). */
static double timed_solve(const gt_cube3_solver *s, const gt_cube3 *c, double limit, uint64_t *nodes,
                          double *busy, char *line, size_t cap)
{
    gt_cube3_search_options o = {.threads = THREADS, .timeout = limit};
    gt_cube3_search_result r;
    double t0 = bench_now();
    int rc = gt_cube3_search(s, c, &o, &r);
    double t = bench_now() - t0;
    *nodes += r.nodes;
    *busy += r.seconds;
    if (rc == GT_OK) {
        char moves[GT_CUBE3_MAX_SOLUTION * 4 + 1];
        gt_cube3_format_moves(r.moves, r.length, moves, sizeof moves); /* sized for any solution */
        snprintf(line, cap, "%2d moves in %7.1f s, %.3g nodes: %s", r.distance, t, (double)r.nodes, moves);
    } else {
        snprintf(line, cap, "no answer within %.0f s (%s); distance >= %d, %.3g nodes", limit, gt_strerror(rc),
                 r.lower_bound, (double)r.nodes);
        t = -limit;
    }
    gt_cube3_search_result_free(&r);
    return t;
}

int main(void)
{
    const char *path = gt_db_default_path(NULL);
    gt_db *db = NULL;
    gt_table *corners = NULL, *fss = NULL, *fst = NULL;
    gt_cube3_solver *s = NULL;
    double cube_limit = env_seconds("GODTAB_BENCH_CUBE3_TIMEOUT", 180);
    double flip_limit = env_seconds("GODTAB_BENCH_SUPERFLIP_TIMEOUT", 600);
    if (gt_db_open(&db, path, GT_DB_READONLY) != 0 || gt_db_get_table(db, GT_CUBE3_CORNERS_TABLE, 0, &corners) != 0) {
        printf("cube3: skipped: no cube3 tables in %s (build them with: godtab-gen cube3)\n", path);
        gt_db_close(db);
        return 0;
    }
    printf("cube3 tables in %s (target: all <= 4 GB stored, built in <= 20 min):\n", path);
    uint64_t stored = 0;
    double build = 0;
    print_table(db, GT_CUBE3_CORNERS_TABLE, &stored, &build);
    print_table(db, GT_CUBE3_FST_TABLE, &stored, &build);
    print_table(db, GT_CUBE3_FSS_TABLE, &stored, &build);
    printf("  total stored %.2f GB, total build %.1f min\n", (double)stored / 1e9, build / 60);

    double t0 = bench_now();
    if (gt_db_get_table(db, GT_CUBE3_FSS_TABLE, 0, &fss) != 0 && gt_db_get_table(db, GT_CUBE3_FST_TABLE, 0, &fst) != 0) {
        printf("cube3: skipped the solver: no edge table (build it with: godtab-gen cube3)\n");
        goto close;
    }
    if (gt_cube3_solver_new(corners, fst, fss, &s) != 0) {
        printf("cube3: the solver could not start\n");
        goto close;
    }
    printf("solver: corners + %s on 3 axes; loaded in %.1f s; %d threads\n",
           fss ? GT_CUBE3_FSS_TABLE : GT_CUBE3_FST_TABLE, bench_now() - t0, THREADS);

    double times[N_RANDOM], busy = 0;
    uint64_t nodes = 0;
    gt_rng rng = {20261122};
    int timeouts = 0;
    char line[256];
    for (int i = 0; i < N_RANDOM; i++) {
        gt_cube3 c;
        char facelets[GT_CUBE3_FACELETS + 1];
        gt_cube3_random_state(&rng, &c);
        gt_cube3_to_facelets(&c, NULL, facelets);
        times[i] = timed_solve(s, &c, cube_limit, &nodes, &busy, line, sizeof line);
        if (times[i] < 0) {
            timeouts++;
            times[i] = cube_limit * 1.0001; /* sorts last; shown as "> limit" */
        }
        printf("  random %2d %s  %s\n", i + 1, facelets, line);
        fflush(stdout);
    }
    double median = bench_median(times, N_RANDOM), max = times[N_RANDOM - 1];
    printf("random-state cubes: median %s%.1f s (target <= 20 s), max %s%.1f s (target <= 180 s)%s\n",
           median > cube_limit ? "> " : "", median > cube_limit ? cube_limit : median,
           max > cube_limit ? "> " : "", max > cube_limit ? cube_limit : max,
           timeouts ? " -- some hit the limit" : "");
    printf("IDA* speed: %.3g nodes/s on %d threads (%.3g nodes in %.0f s)\n", busy > 0 ? (double)nodes / busy : 0,
           THREADS, (double)nodes, busy);

    gt_cube3 sf;
    gt_cube3_from_scramble(SUPERFLIP, &sf, NULL);
    nodes = 0;
    busy = 0;
    double t = timed_solve(s, &sf, flip_limit, &nodes, &busy, line, sizeof line);
    printf("superflip: %s (target: proven 20 in <= 600 s)%s\n", line, t < 0 ? " -- not met" : "");
close:
    gt_cube3_solver_free(s);
    gt_table_free(corners);
    gt_table_free(fss);
    gt_table_free(fst);
    gt_db_close(db);
    return 0;
}
