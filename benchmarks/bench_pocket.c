/* Pocket cube benchmarks (issue 2): BFS per metric, the whole godtab-gen job,
 * raw vs stored bytes, in-process solve latency, stdin batch throughput and a
 * cold one-shot query. Medians over several runs, each beside its target. */
#include "bench_util.h"

#include "bfs.h"
#include "catalog.h"
#include "pocket.h"
#include "solve.h"
#include "store.h"

#include <fcntl.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUNS 7

static void report(const char *what, double value, const char *unit, const char *target, int met)
{
    printf("  %-44s %12.3f %-8s target %-12s %s\n", what, value, unit, target, met ? "met" : "MISSED");
}

/* Wall seconds of one run of argv, stdin from `in` (or /dev/null), stdout to /dev/null. */
static double run_wall(char *const argv[], const char *in)
{
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(in ? in : "/dev/null", O_RDONLY), out = open("/dev/null", O_WRONLY);
        dup2(fd, 0);
        dup2(out, 1);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
    double t = bench_now() - t0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_pocket: %s failed (status %d)\n", argv[0], status);
        exit(1);
    }
    return t;
}

static double bench_bfs(const char *name, int threads)
{
    const gt_table_spec *spec = gt_catalog_find(name);
    gt_puzzle *p;
    spec->make_puzzle(spec, &p);
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        uint8_t *dist;
        gt_distribution d;
        gt_bfs_options o = {threads, NULL, NULL, NULL};
        double t0 = bench_now();
        gt_bfs_run(p, &o, &dist, &d);
        t[r] = bench_now() - t0;
        free(dist);
    }
    return bench_median(t, RUNS);
}

int main(void)
{
    char dir[] = "/tmp/godtab-bench-XXXXXX", db[64], scrambles[96], gen[] = GODTAB_BIN "/godtab-gen",
         solve_bin[] = GODTAB_BIN "/godtab-solve";
    if (!mkdtemp(dir))
        return 1;
    snprintf(db, sizeof db, "%s/db", dir);
    snprintf(scrambles, sizeof scrambles, "%s/scrambles.txt", dir);
    int cores = omp_get_max_threads();
    printf("pocket cube (%d threads; medians of %d runs unless said)\n", cores, RUNS);

    double htm1 = bench_bfs("pocket-htm", 1), qtm1 = bench_bfs("pocket-qtm", 1);
    double htm = bench_bfs("pocket-htm", cores), qtm = bench_bfs("pocket-qtm", cores);
    report("BFS pocket-htm, all threads", htm * 1e3, "ms", "<= 50 ms", htm <= 0.050);
    report("BFS pocket-qtm, all threads", qtm * 1e3, "ms", "<= 50 ms", qtm <= 0.050);
    printf("  (one thread: htm %.1f ms, qtm %.1f ms; speed-up %.2fx, %.2fx)\n", htm1 * 1e3, qtm1 * 1e3, htm1 / htm,
           qtm1 / qtm);

    char *gen_argv[] = {gen, "--quiet", "--db", db, "pocket", NULL};
    double t[RUNS];
    for (int r = 0; r < RUNS; r++)
        t[r] = run_wall(gen_argv, NULL);
    double job = bench_median(t, RUNS);
    report("godtab-gen pocket (both, compress, commit)", job * 1e3, "ms", "<= 150 ms", job <= 0.150);

    gt_db *h;
    gt_table_meta m[2];
    if (gt_db_open(&h, db, GT_DB_READONLY) || gt_db_get_meta(h, "pocket-htm", &m[0]) ||
        gt_db_get_meta(h, "pocket-qtm", &m[1]))
        return 1;
    uint64_t stored = m[0].stored_bytes + m[1].stored_bytes;
    printf("  raw bytes: htm %llu (%s), qtm %llu (%s); one byte a state would be %u each\n",
           (unsigned long long)m[0].raw_bytes, gt_encoding_name(m[0].encoding), (unsigned long long)m[1].raw_bytes,
           gt_encoding_name(m[1].encoding), GT_POCKET_STATES);
    printf("  stored bytes: htm %llu, qtm %llu\n", (unsigned long long)m[0].stored_bytes,
           (unsigned long long)m[1].stored_bytes);
    report("stored bytes, both metrics", (double)stored / 1e6, "MB", "<= 1.2 MB", stored <= 1200000);

    /* in-process solve latency */
    const char *names[2] = {"pocket-htm", "pocket-qtm"};
    enum { N_SOLVES = 100000 };
    uint64_t *states = malloc(N_SOLVES * sizeof *states), seed = 42;
    for (int i = 0; i < N_SOLVES; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        states[i] = (seed >> 20) % GT_POCKET_STATES;
    }
    for (int k = 0; k < 2; k++) {
        gt_puzzle *p;
        gt_table *tab;
        if (gt_catalog_load(h, names[k], &p, &tab))
            return 1;
        long total_moves = 0;
        for (int r = 0; r < RUNS; r++) {
            double t0 = bench_now();
            for (int i = 0; i < N_SOLVES; i++) {
                uint8_t moves[GT_MAX_DEPTH];
                int len;
                gt_solve_walk(p, tab, states[i], moves, GT_MAX_DEPTH, &len);
                total_moves += len;
            }
            t[r] = (bench_now() - t0) / N_SOLVES;
        }
        double mean = bench_median(t, RUNS);
        char what[64];
        snprintf(what, sizeof what, "in-process solve %s (mean of 100,000)", names[k] + 7);
        report(what, mean * 1e6, "us", "<= 1 us", mean <= 1e-6);
        if (total_moves == 0)
            return 1;
        gt_table_free(tab);
    }
    gt_db_close(h);
    free(states);

    /* stdin batch: 1,000,000 random 11-move scrambles */
    FILE *f = fopen(scrambles, "w");
    static const char *face = "UDRLFB", *suffix[3] = {"", "'", "2"};
    for (int i = 0; i < 1000000; i++) {
        for (int k = 0; k < 11; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            fprintf(f, "%c%s%s", face[(seed >> 33) % 6], suffix[(seed >> 40) % 3], k < 10 ? " " : "\n");
        }
    }
    fclose(f);
    char *batch_argv[] = {solve_bin, "pocket", "--db", db, NULL};
    for (int r = 0; r < 5; r++)
        t[r] = run_wall(batch_argv, scrambles);
    double batch = bench_median(t, 5);
    report("godtab-solve stdin, 1,000,000 scrambles", 1e6 / batch, "solves/s", ">= 1,000,000", batch <= 1.0);

    char *one_argv[] = {solve_bin, "pocket", "--db", db, "R U R' U' F2 D", NULL};
    double cold[21];
    for (int r = 0; r < 21; r++)
        cold[r] = run_wall(one_argv, NULL);
    double one = bench_median(cold, 21);
    report("cold one-shot godtab-solve (median of 21)", one * 1e3, "ms", "<= 5 ms", one <= 0.005);

    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : 1;
}
