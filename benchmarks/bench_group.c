/* Benchmarks of issue 5 (permutation groups). Medians over RUNS runs:
 *   - `order` (parse + Schreier–Sims + order) on every shipped definition;
 *     target: the 48-facet 3x3x3 in <= 5 ms;
 *   - membership + factorisation + shortening of 1,000 random 3x3x3 positions,
 *     per position; target <= 50 us (the factorisation table is built once,
 *     its time is printed too);
 *   - issue 12: the exact count of the 1024x1024x1024 cube (target <= 100 ms),
 *     and the Schreier–Sims order of the N×N×N facelet group (cube-def N
 *     --inner) against that count, for N = 4, 5 (also deterministic), 6, 8,
 *     10, 16. */
#include "bench_util.h"

#include "cubecount.h"
#include "cubegroup.h"
#include "group_short.h"
#include "group_words.h"
#include "gt_error.h"
#include "permgroup.h"
#include "puzdef.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 7
#define POSITIONS 1000

static int time_order(const char *path, const gt_group_options *opt, double *ms)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now();
        gt_puzdef *def;
        gt_puzdef_error err;
        gt_group *grp;
        const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
        if (gt_puzdef_load(path, &def, &err) < 0)
            return -1;
        gt_puzdef_gen_ptrs(def, ptrs);
        if (gt_group_create(def->degree, def->ngens, ptrs, opt, &grp) < 0)
            return -1;
        mpz_t order;
        mpz_init(order);
        gt_group_order(grp, order);
        mpz_clear(order);
        gt_group_free(grp);
        gt_puzdef_free(def);
        t[r] = (bench_now() - start) * 1e3;
    }
    *ms = bench_median(t, RUNS);
    return 0;
}

/* Builds the facelet group of cube-def n --inner, and checks |G| / divisor
 * == the count. Returns 1 if equal, 0 if not, -1 on failure; *ms: the time
 * of parse + Schreier–Sims + order. */
static int time_cube_order(int n, const gt_group_options *opt, double *ms)
{
    static char text[1 << 17];
    if (gt_cubegroup_definition_text(n, "URFDLB", n >= 4, text, sizeof text) < 0)
        return -1;
    double start = bench_now();
    gt_puzdef *def;
    gt_group *grp;
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    if (gt_puzdef_parse(text, &def, NULL) < 0)
        return -1;
    gt_puzdef_gen_ptrs(def, ptrs);
    if (gt_group_create(def->degree, def->ngens, ptrs, opt, &grp) < 0) {
        gt_puzdef_free(def);
        return -1;
    }
    mpz_t order, divisor, count;
    mpz_inits(order, divisor, count, NULL);
    gt_group_order(grp, order);
    *ms = (bench_now() - start) * 1e3;
    gt_cubecount_facelet_divisor(n, divisor);
    gt_cubecount_positions(n, count);
    mpz_mul(count, count, divisor);
    int same = mpz_cmp(order, count) == 0;
    mpz_clears(order, divisor, count, NULL);
    gt_group_free(grp);
    gt_puzdef_free(def);
    return same;
}

/* Issue 12: a(1024) in GMP (and in decimal), then the cross-checks. */
static int bench_cube_counts(void)
{
    double t[RUNS], td[RUNS];
    size_t digits = 0;
    for (int r = 0; r < RUNS; r++) {
        mpz_t x;
        mpz_init(x);
        double start = bench_now();
        gt_cubecount_positions(1024, x);
        t[r] = (bench_now() - start) * 1e3;
        char *s = mpz_get_str(NULL, 10, x);
        td[r] = (bench_now() - start) * 1e3 - t[r];
        digits = strlen(s);
        free(s);
        mpz_clear(x);
    }
    printf("count 1024x1024x1024 cube      %8.2f ms   (target <= 100 ms); to decimal (%zu digits) %.1f ms more\n",
           bench_median(t, RUNS), digits, bench_median(td, RUNS));
    static const int sizes[] = {4, 5, 6, 8, 10, 16};
    gt_group_options det = {0, -1, 0};
    int status = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        for (int d = 0; d < (sizes[k] <= 5 ? 2 : 1); d++) {
            double ms = 0;
            int same = time_cube_order(sizes[k], d ? &det : NULL, &ms);
            printf("order cube-def %2d --inner%s %9.2f ms   |G| / divisor = count: %s\n", sizes[k],
                   d ? ", deterministic" : "               ", ms, same == 1 ? "yes" : "NO");
            status |= same != 1;
        }
    return status;
}

int main(void)
{
    static const char *files[] = {"cube3_seed48.def", "cube2_urf.def", "cube2.def", "cube4.def",
                                  "taquin_labelled.def", "seed_n7.def"};
    char path[512];
    int status = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        double ms;
        snprintf(path, sizeof path, "puzzles/%s", files[f]);
        if (time_order(path, NULL, &ms) < 0) {
            printf("order %-22s FAILED\n", files[f]);
            status = 1;
            continue;
        }
        if (f == 0)
            printf("order %-22s %8.3f ms   (target <= 5 ms)\n", files[f], ms);
        else
            printf("order %-22s %8.3f ms\n", files[f], ms);
    }

    /* the same without the random phase, for comparison */
    gt_group_options det = {0, -1, 0};
    double ms;
    if (time_order("puzzles/cube3_seed48.def", &det, &ms) == 0)
        printf("order cube3_seed48.def, deterministic only %8.3f ms\n", ms);
    if (time_order("puzzles/cube4.def", &det, &ms) == 0)
        printf("order cube4.def, deterministic only        %8.3f ms\n", ms);

    int status_counts = bench_cube_counts();

    /* membership + factorisation on random positions of the seed's cube */
    gt_puzdef *def;
    gt_puzdef_error err;
    gt_group *grp;
    gt_words *words;
    const gt_point *ptrs[GT_PUZDEF_MAX_GENS];
    if (gt_puzdef_load("puzzles/cube3_seed48.def", &def, &err) < 0 ||
        (gt_puzdef_gen_ptrs(def, ptrs), gt_group_create(def->degree, def->ngens, ptrs, NULL, &grp) < 0))
        return 1;
    double tt[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now();
        if (gt_words_create(grp, def->ngens, ptrs, &words) < 0)
            return 1;
        tt[r] = (bench_now() - start) * 1e3;
        if (r < RUNS - 1)
            gt_words_free(words);
    }
    printf("factorisation table (3x3x3)  %8.1f ms   (once per group)\n", bench_median(tt, RUNS));
    static gt_point pos[POSITIONS][48];
    static int letters[1 << 14];
    static gt_syllable syl[1 << 14];
    gt_rng rng = {1};
    for (int k = 0; k < POSITIONS; k++)
        gt_group_random_element(grp, &rng, pos[k]);
    double t[RUNS];
    long total_raw = 0, total_short = 0;
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now();
        for (int k = 0; k < POSITIONS; k++) {
            int len;
            if (!gt_group_contains(grp, pos[k], NULL) ||
                gt_words_factor(words, pos[k], letters, 1 << 14, &len) != 1) {
                printf("member: a random element was not factorised\n");
                return 1;
            }
            int s = gt_words_shorten(words, letters, len, syl);
            if (r == 0) {
                total_raw += len;
                total_short += s;
            }
        }
        t[r] = (bench_now() - start) * 1e6 / POSITIONS;
    }
    printf("member + factorise + shorten  %8.2f us / position   (target <= 50 us)\n", bench_median(t, RUNS));
    printf("mean word length (3x3x3)      %8.1f -> %.1f moves after shortening\n",
           (double)total_raw / POSITIONS, (double)total_short / POSITIONS);
    /* shortest words near solved (member prints them when shorter) */
    gt_short_words *near;
    if (gt_short_create(48, def->ngens, ptrs, 0, &near) == GT_OK) {
        double tn[RUNS];
        for (int r = 0; r < RUNS; r++) {
            int w[10], len;
            for (int j = 0; j < 10; j++)
                w[j] = (int)gt_rng_below(&rng, 12);
            gt_words_eval(words, w, 10, pos[0]);
            double start = bench_now();
            if (gt_short_find(near, pos[0], letters, 1 << 14, &len) != 1)
                status = 1;
            tn[r] = (bench_now() - start) * 1e3;
        }
        printf("shortest word, 10-letter scramble   %8.1f ms (meet in the middle, 5 + 5 letters)\n",
               bench_median(tn, RUNS));
        gt_short_free(near);
    }
    gt_words_free(words);
    gt_group_free(grp);
    gt_puzdef_free(def);
    return status | status_counts;
}
