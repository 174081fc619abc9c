/* The instant 3x3x3 query (issue 11): `godtab-solve cube3` as a process,
 * tables mapped from the database, page cache warm.
 *   - one-shot "R U R' U'": median wall time of 11 runs and the peak private
 *     memory (RssAnon: what the process allocated, not the shared pages of
 *     the map), against <= 50 ms and <= 100 MB;
 *   - a malformed and an unsolvable query: median wall time (<= 10 ms);
 *   - 4 processes solving the same 15-move cube at once: the peak sum of
 *     their RSS (shared pages counted 4 times) and of their PSS (each
 *     shared page split between its users: the RAM they really take),
 *     against the stored table size;
 *   - map against copy: the search time of a 12- and a 15-move cube in
 *     each mode (--load map|copy), and the copy's start-up.
 * Needs the cube3 tables in $GODTAB_DB or the default database. */
#include "bench_util.h"
#include "store.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUNS 11
#define SOLVE GODTAB_BIN "/godtab-solve"
#define DEEP "R U2 F' D L2 B R' U F2 D' L B2 R U F"

/* A /proc/PID/status or smaps_rollup field in kB (0 if unreadable). */
static long proc_kb(pid_t pid, const char *file, const char *field)
{
    char path[64], line[256];
    long v = 0;
    if (pid)
        snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, file);
    else
        snprintf(path, sizeof path, "/proc/self/%s", file);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, field, n) && line[n] == ':') {
            v = atol(line + n + 1);
            break;
        }
    fclose(f);
    return v;
}

/* MemTotal - MemAvailable in kB: the RAM the system counts as used (the
 * page cache, which holds the table's one copy, is available). */
static long used_kb(void)
{
    return proc_kb(0, "../meminfo", "MemTotal") - proc_kb(0, "../meminfo", "MemAvailable");
}

static pid_t spawn(char *const argv[])
{
    fflush(stdout); /* or the child's freopen would print our buffer again */
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* Runs argv to its end, sampling its private memory; returns the wall
 * seconds, *anon_kb the peak RssAnon, *status the exit status. */
static double run_sampled(char *const argv[], long *anon_kb, int *status)
{
    double t0 = bench_now();
    pid_t pid = spawn(argv);
    *anon_kb = 0;
    for (;;) {
        long a = proc_kb(pid, "status", "RssAnon");
        if (a > *anon_kb)
            *anon_kb = a;
        if (waitpid(pid, status, WNOHANG) == pid)
            break;
        usleep(200); /* leave the cores to the process measured */
    }
    return bench_now() - t0;
}

static const char *verdict(int met)
{
    return met ? "met" : "MISSED";
}

static void one_shot(const char *label, char *const argv[], double target_ms, long target_mb)
{
    double s[RUNS];
    long anon = 0, a;
    int status = 0;
    for (int i = 0; i < RUNS; i++) {
        s[i] = run_sampled(argv, &a, &status);
        anon = a > anon ? a : anon;
    }
    double ms = bench_median(s, RUNS) * 1e3;
    printf("%s: median %.1f ms (target <= %.0f ms) %s, peak private memory %.1f MB", label, ms, target_ms,
           verdict(ms <= target_ms), (double)anon / 1024);
    if (target_mb > 0)
        printf(" (target <= %ld MB) %s", target_mb, verdict(anon <= target_mb * 1024));
    printf(", exit %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* 4 processes on the same cube at once: the system's used memory before
 * and at its peak (the table's pages are the page cache's one copy, warm
 * before the run, so the rise is what the 4 add), the peak sums of RSS
 * (shared pages counted in each process) and of private memory, and the sum
 * of PSS at the peak of the RSS sum (PSS splits a shared page between its
 * users; its sum is read one process after another while pages are being
 * mapped, so it is indicative only). */
static void four_at_once(const char *db, uint64_t table_bytes)
{
    char *argv[] = {SOLVE, "cube3", "--db", (char *)db, "--threads", "1", DEEP, NULL};
    pid_t pid[4];
    long anon = 0, all_four_rss = 0, all_four_pss = 0, used0 = used_kb(), used = used0;
    double t0 = bench_now();
    for (int i = 0; i < 4; i++)
        pid[i] = spawn(argv);
    for (int running = 4; running > 0;) {
        long r = 0, p = 0, a = 0;
        running = 0;
        for (int i = 0; i < 4; i++) {
            if (pid[i] <= 0)
                continue;
            r += proc_kb(pid[i], "smaps_rollup", "Rss");
            p += proc_kb(pid[i], "smaps_rollup", "Pss");
            a += proc_kb(pid[i], "status", "RssAnon");
            int st;
            if (waitpid(pid[i], &st, WNOHANG) == pid[i])
                pid[i] = 0;
            else
                running++;
        }
        anon = a > anon ? a : anon;
        long u = used_kb();
        used = u > used ? u : used;
        if (running == 4 && r > all_four_rss) {
            all_four_rss = r;
            all_four_pss = p;
        }
        usleep(5000);
    }
    double rise = (double)(used - used0) * 1024;
    printf("4 processes at once on a 15-move cube (%.1f s): used memory rose by %.0f MB; the table's pages are "
           "the page cache's one copy (%.0f MB stored), so in all %.0f MB (target: about one table's worth) %s; "
           "peak sum of private memory %.1f MB; sum of RSS %.0f MB (the shared pages counted 4 times), of PSS "
           "%.0f MB at that moment\n",
           bench_now() - t0, rise / 1e6, (double)table_bytes / 1e6, ((double)table_bytes + rise) / 1e6,
           verdict(rise <= 0.25 * (double)table_bytes), (double)anon / 1024, (double)all_four_rss / 1024,
           (double)all_four_pss / 1024);

}

/* The search seconds the CLI reports (--json "seconds") and its wall time. */
static void mode_run(const char *db, const char *mode, const char *cube)
{
    char cmd[1024], out[512] = "";
    snprintf(cmd, sizeof cmd, "%s cube3 --db '%s' --load %s --json --quiet \"%s\"", SOLVE, db, mode, cube);
    double t0 = bench_now();
    FILE *p = popen(cmd, "r");
    if (!p || !fgets(out, sizeof out, p)) {
        printf("  --load %s: failed\n", mode);
        if (p)
            pclose(p);
        return;
    }
    pclose(p);
    const char *sec = strstr(out, "\"seconds\":"), *dist = strstr(out, "\"distance\":");
    printf("  --load %-4s %2d moves: search %.3f s, whole process %.2f s\n", mode, dist ? atoi(dist + 11) : -1,
           sec ? atof(sec + 10) : -1.0, bench_now() - t0);
}

/* The rung a single query reads in place (the picking's order, docs/cube3.md:
 * the 2-bit one with cube3-twophase, read in its parts), with the corners:
 * its name in *rung and the stored bytes; 0 when no edge table is stored. */
static uint64_t stored_bytes(gt_db *db, const char **rung)
{
    static const char *const rungs[] = {"cube3-fsud16-twist-2bit", "cube3-fsud16-twist", "cube3-fss16-twist",
                                        "cube3-flipslice-twist"};
    gt_table_meta m;
    uint64_t total = gt_db_get_meta(db, "cube3-corners", &m) == 0 ? m.stored_bytes : 0;
    for (int i = 0; i < 4; i++) {
        if (gt_db_get_meta(db, rungs[i], &m) != 0)
            continue;
        *rung = rungs[i];
        total += m.stored_bytes;
        if (i == 0 && gt_db_get_meta(db, "cube3-twophase", &m) != 0)
            continue; /* not without its fallback */
        return total + (i == 0 ? m.stored_bytes : 0);
    }
    return 0;
}

int main(void)
{
    const char *db_path = gt_db_default_path(NULL), *rung = NULL;
    gt_db *db;
    uint64_t table_bytes = 0;
    if (gt_db_open(&db, db_path, GT_DB_READONLY) != 0 || (table_bytes = stored_bytes(db, &rung)) == 0) {
        printf("cube3 one-shot: skipped: no cube3 edge table in %s (build one with: godtab-gen cube3)\n", db_path);
        return 0;
    }
    gt_db_close(db);
    printf("cube3 one-shot: rung %s, read in place\n", rung);
    char *quick[] = {SOLVE, "cube3", "--db", (char *)db_path, "R U R' U'", NULL};
    char *bad[] = {SOLVE, "cube3", "--db", (char *)db_path, "R U X", NULL};
    char *unsolvable[] = {SOLVE, "cube3", "--db", (char *)db_path, "--facelets",
                          "UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", NULL};
    one_shot("one-shot cube3 \"R U R' U'\" (mapped tables)", quick, 50, 100);
    one_shot("malformed query", bad, 10, 0);
    one_shot("unsolvable query", unsolvable, 10, 0);
    four_at_once(db_path, table_bytes);
    printf("map against copy (search time as the CLI reports it):\n");
    mode_run(db_path, "map", "R U2 F' D L2 B R' U F2 D' L B2");
    mode_run(db_path, "copy", "R U2 F' D L2 B R' U F2 D' L B2");
    mode_run(db_path, "map", DEEP);
    mode_run(db_path, "copy", DEEP);
    return 0;
}
