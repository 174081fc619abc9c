/* Definition tables (issue 13): BFS time of the 2x2x2 from puzzles/2x2x2.tws
 * beside the hand-coded pocket table, run alternately so both see the same
 * machine load, and <R,U> (puzzles/3x3x3.tws --moves R,U) per metric, plus
 * the skewb and the 3x3x3 corners. Medians of several runs, on all cores;
 * the model's planning (coordinate enumeration) is timed apart. Also what
 * reading a scramble costs (a batch reads one a query). */
#include "bench_util.h"

#include "bfs.h"
#include "catalog.h"
#include "def.h"
#include "gt_error.h"
#include "rng.h"
#include "solve.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 7

static gt_def *load(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/puzzles/%s", GODTAB_ROOT, file);
    FILE *f = fopen(path, "rb");
    char *text = malloc(1 << 20);
    if (!f || !text)
        exit(1);
    size_t n = fread(text, 1, 1 << 20, f);
    fclose(f);
    gt_def *d = NULL;
    gt_def_error err;
    if (gt_def_parse(text, n, &d, &err)) {
        fprintf(stderr, "bench_def: %s:%d:%d: %s\n", file, err.line, err.column, err.message);
        exit(1);
    }
    free(text);
    return d;
}

static double bfs_seconds(const gt_puzzle *p, uint64_t *reached, int *god)
{
    uint8_t *dist;
    gt_distribution d;
    double t0 = bench_now();
    if (gt_bfs_run(p, NULL, &dist, &d))
        exit(1);
    double t = bench_now() - t0;
    free(dist);
    *reached = d.reached;
    *god = d.max_depth;
    return t;
}

/* Plans and builds a definition model: *plan_s is the enumeration time. */
static gt_def_model *model(const gt_def *d, int metric, const char *moves, const gt_puzzle **p, double *plan_s)
{
    gt_def_options o = {.metric = metric};
    gt_def_model *m;
    double t0 = bench_now();
    if (gt_def_moves_mask(d, moves, &o.move_mask, NULL) || gt_def_model_plan(d, &o, &m, NULL) ||
        gt_def_model_build(m, p))
        exit(1);
    *plan_s = bench_now() - t0;
    return m;
}

static void pocket_vs_definition(int metric)
{
    const gt_table_spec *spec = gt_catalog_find(metric ? "pocket-qtm" : "pocket-htm");
    gt_puzzle *pocket;
    const gt_puzzle *p;
    gt_def *d = load("2x2x2.tws");
    double plan, a[RUNS], b[RUNS];
    uint64_t reached;
    int god;
    if (!spec || spec->make_puzzle(spec, &pocket))
        exit(1);
    gt_def_model *m = model(d, metric, "all", &p, &plan);
    for (int r = 0; r < RUNS; r++) { /* alternate: the same load for both */
        a[r] = bfs_seconds(pocket, &reached, &god);
        b[r] = bfs_seconds(p, &reached, &god);
    }
    double ta = bench_median(a, RUNS), tb = bench_median(b, RUNS);
    printf("  2x2x2 %s: pocket BFS %8.1f ms, definition BFS %8.1f ms (ratio %.2f, target <= 2: %s); plan %.1f ms; %llu "
           "states, God %d\n",
           metric ? "qtm" : "htm", ta * 1e3, tb * 1e3, tb / ta, tb <= 2 * ta ? "met" : "MISSED", plan * 1e3,
           (unsigned long long)reached, god);
    gt_def_model_free(m);
    gt_def_free(d);
    spec->free_puzzle(pocket);
}

static void one(const char *file, const char *moves, int metric, int runs, double target_s)
{
    const gt_puzzle *p;
    gt_def *d = load(file);
    double plan, t[RUNS];
    uint64_t reached;
    int god;
    gt_def_model *m = model(d, metric, moves, &p, &plan);
    for (int r = 0; r < runs; r++)
        t[r] = bfs_seconds(p, &reached, &god);
    double med = bench_median(t, runs);
    printf("  %-18s %-4s %s: BFS %8.3f s", file, moves, metric ? "qtm" : "htm", med);
    if (target_s > 0)
        printf(" (target <= %.0f s: %s)", target_s, med <= target_s ? "met" : "MISSED");
    printf("; plan %.1f ms; %llu states, God %d\n", plan * 1e3, (unsigned long long)reached, god);
    gt_def_model_free(m);
    gt_def_free(d);
}

/* In-process optimal solve from the 2x2x2 definition table (2-bit, as
 * stored): random states, index from the state (the rank), then the walk. */
static void solve_latency(void)
{
    const gt_puzzle *p;
    gt_def *d = load("2x2x2.tws");
    double plan;
    gt_def_model *m = model(d, 0, "all", &p, &plan);
    uint8_t *dist, perm[64], ori[64], moves[GT_MAX_DEPTH];
    gt_distribution dd;
    gt_table t = {0};
    uint64_t bytes, idx[4096];
    gt_rng rng;
    gt_rng_seed(&rng, 1);
    if (gt_bfs_run(p, NULL, &dist, &dd) || gt_table_encode(dist, p->n_states, GT_ENC_MOD3, 0, &t.data, &bytes))
        exit(1);
    t.data_bytes = bytes;
    gt_table_meta_init(&t.meta, "def-2x2x2-htm", p, GT_ENC_MOD3, &dd, t.data, bytes);
    for (int i = 0; i < 4096; i++)
        idx[i] = gt_rng_below(&rng, p->n_states);
    double per[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        for (int i = 0; i < 4096; i++) {
            uint64_t back;
            int len;
            gt_def_model_state(m, idx[i], perm, ori);
            if (gt_def_model_index(m, perm, ori, &back) || gt_solve_walk(p, &t, back, moves, GT_MAX_DEPTH, &len))
                exit(1);
        }
        per[r] = (bench_now() - t0) / 4096;
    }
    double med = bench_median(per, RUNS);
    printf("  2x2x2 definition: optimal solve in process %.2f us (state -> index -> walk; target <= 5 us: %s)\n",
           med * 1e6, med <= 5e-6 ? "met" : "MISSED");
    free(dist);
    free(t.data);
    gt_def_model_free(m);
    gt_def_free(d);
}

/* What a batch of scrambles costs before any search: each 8-move random
 * scramble (any base move, turned once or back) read and applied to the
 * solved state, median of RUNS passes over 1,024 of them. */
static void scramble_read(const char *file)
{
    enum { N = 1024, LEN = 8 };
    gt_def *d = load(file);
    static char text[N][LEN * (GT_DEF_NAME_MAX + 2) + 1];
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    gt_rng rng;
    gt_rng_seed(&rng, 7);
    for (int i = 0; i < N; i++) {
        size_t len = 0;
        for (int k = 0; k < LEN; k++)
            len += (size_t)snprintf(text[i] + len, sizeof text[i] - len, "%s%s ",
                                    d->move_name[gt_rng_below(&rng, (uint64_t)d->n_moves)],
                                    gt_rng_below(&rng, 2) ? "'" : "");
    }
    double per[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_now();
        for (int i = 0; i < N; i++) {
            memcpy(perm, d->solved_perm, (size_t)d->total);
            memcpy(ori, d->solved_ori, (size_t)d->total);
            if (gt_def_apply_scramble(d, text[i], perm, ori, NULL))
                exit(1);
        }
        per[r] = (bench_now() - t0) / N;
    }
    printf("  %-18s an 8-move scramble read and applied: %.2f us\n", file, bench_median(per, RUNS) * 1e6);
    gt_def_free(d);
}

int main(void)
{
    solve_latency();
    scramble_read("FTO.tws");
    scramble_read("megaminx.tws");
    scramble_read("3x3x3.tws");
    pocket_vs_definition(0);
    pocket_vs_definition(1);
    one("3x3x3.tws", "R,U", 0, 3, 5);
    one("3x3x3.tws", "R,U", 1, 3, 5);
    one("skewb.tws", "all", 0, 5, 0);
    one("3x3x3_corners.tws", "all", 0, 3, 0);
    return 0;
}
