/* bench_nnn4: the 4x4x4 reduction from tables (docs/nnn.md, "Reduction
 * from tables"): the five tables built as godtab-gen builds them (their
 * time), then random states (gt_nnn_random, seed 4) solved by the
 * reduction (from 1, 2 and 3 axes, a thread each) and cube3's two-phase at
 * most 19 moves with cube3-twophase (as godtab-solve nnn reads it when
 * stored), every answer replayed:
 * mean and max OBTM and STM, each phase's mean, mean and max time a solve,
 * beside the targets and anchors (dwalton76 51.6, TPR 44.4 OBTM).
 *
 * Environment: GODTAB_BENCH_NNN4_STATES (default 100, for each of 1, 2, 3 axes). */
#include "bench_util.h"

#include "bfs.h"
#include "cube3.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "nnn.h"
#include "nnn4.h"
#include "nnn_solve.h"
#include "rng.h"
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gt_cube3_twophase_tables *twophase;

static int cube3_cb(void *ctx, const uint8_t colours[54], gt_turn *out, int cap)
{
    (void)ctx;
    return gt_cube3_twophase_turns(twophase, colours, 19, 1, out, cap);
}

static int build_tables(gt_nnn4_tables *t, gt_table *store, gt_puzzle **puzzles)
{
    for (int i = 0; i < GT_NNN4_TABLES; i++) {
        const gt_table_spec *spec = &gt_nnn4_specs[i];
        uint8_t *dist;
        uint64_t bytes;
        gt_distribution d;
        if (spec->make_puzzle(spec, &puzzles[i]) != GT_OK || gt_bfs_run(puzzles[i], NULL, &dist, &d) != GT_OK)
            return -1;
        store[i].meta.encoding = GT_ENC_NIBBLE;
        int rc = gt_table_encode(dist, puzzles[i]->n_states, GT_ENC_NIBBLE, 0, &store[i].data, &bytes);
        free(dist);
        if (rc)
            return -1;
        for (int ph = 0; ph < GT_NNN4_PHASES; ph++)
            for (int k = 0; k < GT_NNN4_PHASE_TABLES; k++)
                if (gt_nnn4_spec(ph, k) == spec) {
                    t->p[ph][k] = puzzles[i];
                    t->t[ph][k] = &store[i];
                }
    }
    return 0;
}

/* Solves the states from `axes` axes: the figures and the targets. */
static int run_axes(const gt_nnn4_tables *tp, int states, int axes)
{
    gt_rng rng;
    gt_rng_seed(&rng, 4);
    double sum_obtm = 0, sum_stm = 0, sum_t = 0, max_t = 0, phase[GT_NNN4_PHASES + 1] = {0};
    long max_obtm = 0;
    for (int k = 0; k < states; k++) {
        gt_nnn c, r;
        gt_nnn_solution sol;
        if (gt_nnn_init(&c, 4) != GT_OK || gt_nnn_init(&r, 4) != GT_OK)
            return 1;
        gt_nnn_random(&c, &rng);
        double s0 = bench_now();
        int rc = gt_nnn_solve_tables(tp, &c, axes, cube3_cb, NULL, &sol);
        double dt = bench_now() - s0;
        memcpy(r.f, c.f, 96);
        if (rc == GT_OK)
            gt_nnn_apply(&r, sol.moves, sol.count);
        if (rc != GT_OK || !gt_nnn_is_solved(&r)) {
            fprintf(stderr, "bench_nnn4: state %d not solved (%s)\n", k, gt_strerror(rc));
            return 1;
        }
        sum_obtm += (double)sol.obtm;
        sum_stm += (double)sol.stm;
        max_obtm = sol.obtm > max_obtm ? sol.obtm : max_obtm;
        for (int p = 0; p < GT_NNN4_PHASES; p++)
            phase[p] += sol.phase_count[p];
        phase[GT_NNN4_PHASES] += (double)sol.stage_count[GT_NNN_STAGE_CUBE3];
        sum_t += dt;
        max_t = dt > max_t ? dt : max_t;
        gt_nnn_solution_free(&sol);
        gt_nnn_free(&c);
        gt_nnn_free(&r);
    }
    double mean = sum_obtm / states, mean_t = sum_t / states;
    printf("4x4x4, %d random states, %d axis/axes (a thread each): OBTM mean %.2f (max %ld), STM mean %.2f; phases "
           "%.2f / %.2f / %.2f, 3x3x3 %.2f\n", states, axes, mean, max_obtm, sum_stm / states, phase[0] / states,
           phase[1] / states, phase[2] / states, phase[3] / states);
    printf("  target OBTM <= 48 (dwalton76 51.6, TPR 44.4): %s; time a solve mean %.3f s (max %.3f s), "
           "target <= 0.5 s: %s\n", mean <= 48 ? "met" : "MISSED", mean_t, max_t, mean_t <= 0.5 ? "met" : "MISSED");
    return 0;
}

int main(void)
{
    const char *env = getenv("GODTAB_BENCH_NNN4_STATES");
    int states = env ? atoi(env) : 100;
    static gt_nnn4_tables t;
    static gt_table store[GT_NNN4_TABLES];
    gt_puzzle *puzzles[GT_NNN4_TABLES];
    double t0 = bench_now();
    gt_table *tp_table = NULL;
    if (gt_nnn4_model_init(&t.model) != GT_OK || build_tables(&t, store, puzzles)) {
        fprintf(stderr, "bench_nnn4: cannot build the tables\n");
        return 1;
    }
    double bytes = 0;
    for (int i = 0; i < GT_NNN4_TABLES; i++)
        bytes += (double)(puzzles[i]->n_states + 1) / 2;
    printf("tables: %d built in %.2f s (nibbles, %.0f MB in memory)\n", GT_NNN4_TABLES, bench_now() - t0, bytes / 1e6);
    if (gt_cube3_twophase_table_build(0, &tp_table, NULL) != GT_OK ||
        gt_cube3_twophase_tables_from_table(tp_table, &twophase) != GT_OK) {
        fprintf(stderr, "bench_nnn4: cannot build cube3-twophase\n");
        return 1;
    }
    for (int axes = 1; axes <= GT_NNN4_AXES_MAX; axes++)
        if (run_axes(&t, states, axes))
            return 1;
    for (int i = 0; i < GT_NNN4_TABLES; i++) {
        gt_nnn4_specs[i].free_puzzle(puzzles[i]);
        free(store[i].data);
    }
    gt_cube3_twophase_tables_free(twophase);
    gt_table_free(tp_table);
    return 0;
}
