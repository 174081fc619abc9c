/* godtab-gen --def end to end against a real LMDB in a temporary directory:
 * build, published counts, antipodes, verify, --list, and every documented
 * error path with its exit code (docs/definitions.md). */
#include "test_util.h"

#include "gt_error.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#define db tu_db_path
#define PUZ GODTAB_ROOT "/puzzles/"

static int setup(void **state)
{
    (void)state;
    return tu_db_setup(NULL);
}

#define teardown tu_db_teardown

/* Runs "godtab-gen --db DB ARGS"; checks the exit code, that stdout has each
 * of `out_wanted` and stderr each of `err_wanted` (NULL-terminated lists). */
static void gen(const char *args, int code, const char *const *out_wanted, const char *const *err_wanted)
{
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s %s", GODTAB_BIN, db, args) > 0);
    int rc = tu_run(cmd, &out, &err);
    for (const char *const *w = out_wanted; rc == code && w && *w; w++)
        if (!strstr(out, *w))
            rc = -100;
    for (const char *const *w = err_wanted; rc == code && w && *w; w++)
        if (!strstr(err, *w))
            rc = -101;
    if (rc != code)
        fail_msg("godtab-gen %s: exit %d (want %d)\nstdout: %s\nstderr: %s", args, rc, code, out, err);
    free(cmd);
    free(out);
    free(err);
}

/* Writes text to DIR/NAME; returns the path (free it). */
static char *write_def(const char *name, const char *text)
{
    char *path;
    assert_true(asprintf(&path, "%s/%s", tu_db_dir, name) > 0);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_build_verify_list(void **state)
{
    (void)state;
    static const char *const built[] = {
        "def-2x2x2-htm: 2x2x2 (DBL corner fixed) from ",
        "      9      1887748\n",
        "God's number 11; 3674160 states reached of 3674160; matches the published counts",
        "antipode 1 of 2644", "    CORNERS\n", "mod3 encoding 918540 bytes", NULL};
    gen("--def " PUZ "2x2x2.tws", 0, built, NULL);
    static const char *const qtm[] = {"def-2x2x2-qtm: ", "God's number 14; 3674160 states", "matches the published", NULL};
    gen("--def " PUZ "2x2x2.tws --metric qtm", 0, qtm, NULL);
    static const char *const floppy[] = {"God's number 8; 192 states reached of 192; matches the published counts",
                                         "antipode 1 of 1", NULL};
    gen("--def " PUZ "floppy.tws --name my-floppy", 0, floppy, NULL);
    static const char *const skewb[] = {"def-skewb-R.U-htm: ", "no published counts to compare", NULL};
    gen("--def " PUZ "skewb.tws --moves R,U", 0, skewb, NULL);
    static const char *const verified[] = {"def-2x2x2-htm: ok (", "published counts match", NULL};
    gen("--def " PUZ "2x2x2.tws --verify", 0, verified, NULL);
    static const char *const verify_all[] = {"def-2x2x2-qtm: ok (checksum", "my-floppy: ok (checksum", NULL};
    gen("--verify", 0, verify_all, NULL);
    static const char *const quiet[] = {NULL};
    gen("--quiet --def " PUZ "ivy.tws", 0, quiet, NULL);
    /* (the columns are as wide as the longest name and family: issue 26) */
    static const char *const listed[] = {"pocket-htm", "def-2x2x2-htm           def            stored (",
                                         "3674160 states, htm, God's number 11 (not in the catalog", "my-floppy ", NULL};
    gen("--list", 0, listed, NULL);
}

static void test_verify_missing_table(void **state)
{
    (void)state;
    static const char *const err[] = {"def-pyraminx-htm", "build it with", NULL};
    gen("--def " PUZ "pyraminx.tws --verify", GT_EXIT_NOTABLE, NULL, err);
}

static void test_usage_errors(void **state)
{
    (void)state;
    static const char *const metric[] = {"--metric wants htm or qtm, not 'stm'", NULL};
    gen("--def " PUZ "2x2x2.tws --metric stm", GT_EXIT_USAGE, NULL, metric);
    static const char *const moves[] = {"--moves R,X: column 3: no move 'X'", NULL};
    gen("--def " PUZ "2x2x2.tws --moves R,X", GT_EXIT_USAGE, NULL, moves);
    static const char *const twice[] = {"move 'R' given twice", NULL};
    gen("--def " PUZ "2x2x2.tws --moves R,R", GT_EXIT_USAGE, NULL, twice);
    static const char *const alone[] = {"go with --def FILE", NULL};
    gen("--moves R,U", GT_EXIT_USAGE, NULL, alone);
    static const char *const names[] = {"no table names with it", NULL};
    gen("--def " PUZ "2x2x2.tws pocket", GT_EXIT_USAGE, NULL, names);
    static const char *const badname[] = {"--name wants 1 to 63", NULL};
    gen("--def " PUZ "2x2x2.tws --name 'a b'", GT_EXIT_USAGE, NULL, badname);
    static const char *const catname[] = {"'pocket-htm' is a catalog table", NULL};
    gen("--def " PUZ "2x2x2.tws --name pocket-htm", GT_EXIT_USAGE, NULL, catname);
    static const char *const mem[] = {"--max-memory wants a size", NULL};
    gen("--def " PUZ "2x2x2.tws --max-memory 12Q", GT_EXIT_USAGE, NULL, mem);
}

static void test_definition_errors(void **state)
{
    (void)state;
    char *bad = write_def("bad.tws", "Set A 2 1\nSolved\nA\n1 2\nEnd\nMove X\nA\n2 2\nEnd\n");
    char *args, *want;
    assert_true(asprintf(&args, "--def %s", bad) > 0);
    assert_true(asprintf(&want, "godtab-gen: %s:8:3: 2 appears twice in a move's permutation", bad) > 0);
    const char *const err[] = {want, NULL};
    gen(args, GT_EXIT_PARSE, NULL, err);
    free(args);
    free(want);
    free(bad);
    static const char *const missing[] = {"/nonexistent.tws: No such file", NULL};
    gen("--def /nonexistent.tws", GT_EXIT_STORAGE, NULL, missing);
    /* a move that does nothing is refused as a malformed definition */
    char *noop = write_def("noop.tws", "Set A 2 1\nSolved\nA\n1 2\nEnd\nMove X\nA\n1 2\nEnd\n");
    assert_true(asprintf(&args, "--def %s", noop) > 0);
    static const char *const nothing[] = {"move X changes nothing", NULL};
    gen(args, GT_EXIT_PARSE, NULL, nothing);
    free(args);
    free(noop);
}

/* godtab's own cycle-notation files: S4 on 4 points (24 states), then with
 * a colours line making points 1, 2 and 3, 4 alike (6 arrangements). */
static void test_cycle_notation_files(void **state)
{
    (void)state;
    char *s4 = write_def("s4.def", "name S4\npoints 4\nA = (1,2,3,4)\nB = (1,2)\n");
    char *colours = write_def("s4c.def", "points 4\nA = (1,2,3,4)\nB = (1,2)\ncolours 1 1 2 2\n");
    char *bad = write_def("s4bad.def", "points 4\nA = (1,2,3,4)\ncolours 1 1 2\n");
    char *bad2 = write_def("s4bad2.def", "points 4\nA = (1,2,3,4)\n  colours 1 x 2 2\n");
    char *bad3 = write_def("s4bad3.def", "points 4\nA = (1,2,5)\n");
    char *args;
    static const char *const all[] = {"S4 from ", "24 states reached of 24", NULL};
    assert_true(asprintf(&args, "--def %s", s4) > 0);
    gen(args, 0, all, NULL);
    free(args);
    static const char *const six[] = {"6 states reached of 6", NULL};
    assert_true(asprintf(&args, "--def %s", colours) > 0);
    gen(args, 0, six, NULL);
    free(args);
    static const char *const count[] = {"s4bad.def:1:1: colours: 3 colours for 4 points", NULL};
    assert_true(asprintf(&args, "--def %s", bad) > 0);
    gen(args, GT_EXIT_PARSE, NULL, count);
    free(args);
    static const char *const number[] = {"s4bad2.def:3:13: colours: a colour number", NULL};
    assert_true(asprintf(&args, "--def %s", bad2) > 0);
    gen(args, GT_EXIT_PARSE, NULL, number);
    free(args);
    static const char *const range[] = {"s4bad3.def:2:", NULL};
    assert_true(asprintf(&args, "--def %s", bad3) > 0);
    gen(args, GT_EXIT_PARSE, NULL, range);
    free(args);
    free(s4);
    free(colours);
    free(bad);
    free(bad2);
    free(bad3);
}

static void test_published_mismatch_is_not_stored(void **state)
{
    (void)state;
    /* a 3-cycle: distances 0, 1, 1 – the file claims 0, 1, 2 */
    char *wrong = write_def("wrong.tws", "# @published htm all 1 1 1\nSet A 3 1\nSolved\nA\n1 2 3\nEnd\n"
                                         "Move X\nA\n2 3 1\nEnd\n");
    char *args;
    assert_true(asprintf(&args, "--def %s", wrong) > 0);
    static const char *const out[] = {"DIFFERS from the published counts", NULL};
    static const char *const err[] = {"not stored", NULL};
    gen(args, GT_EXIT_MISMATCH, out, err);
    free(args);
    assert_true(asprintf(&args, "--def %s --verify", wrong) > 0);
    gen(args, GT_EXIT_NOTABLE, NULL, NULL);
    free(args);
    free(wrong);
}

static void test_too_big(void **state)
{
    (void)state;
    static const char *const mem[] = {"too big: the table needs about 2.6 MiB (2678620 bytes for 3674160 index states), "
                                      "more than the 1.0 MiB allowed by --max-memory; not built",
                                      NULL};
    gen("--def " PUZ "2x2x2.tws --max-memory 1M", GT_EXIT_INTERNAL, NULL, mem);
    /* the computed edges (12!/2 x 2^11) settle it before the corners are
     * enumerated, whatever the machine's memory */
    static const char *const cube[] = {"too big: the table needs at least ",
                                       "(an index of at least 980995276800 states: the product of the orbits' values, "
                                       "set EDGES ranked by computation)",
                                       NULL};
    gen("--def " PUZ "3x3x3.tws", GT_EXIT_INTERNAL, NULL, cube);
    /* within 200M the computed edges' permutations alone (12!, a quarter
     * byte a state and as much again in flight to LMDB) are past the limit.
     * (The Dino Cube's 12!/2 states, one computed factor, now fit within
     * 300M at 2 bits a state: test_81's plan.) */
    static const char *const part[] = {"too big: the table needs at least 228.4 MiB (an index of at least 479001600 "
                                       "states: the product of the orbits' values, set EDGES ranked by computation), "
                                       "more than the 200.0 MiB allowed; not built; the largest projection that fits: ",
                                       NULL};
    gen("--def " PUZ "3x3x3.tws --max-memory 200M", GT_EXIT_INTERNAL, NULL, part);
    /* below the probe of its edges (2^20 values a move row each), planning
     * itself is refused, with its figure */
    static const char *const probe[] = {"too big: planning needs up to 288.0 MiB, more than the 100.0 MiB allowed "
                                        "(set EDGE: the permutations of an orbit of 12 positions",
                                        NULL};
    gen("--def " PUZ "dino.tws --max-memory 100M", GT_EXIT_INTERNAL, NULL, probe);
    static const char *const listed[] = {NULL};
    gen("--list", 0, listed, NULL);
}

/* Runs godtab-gen with args (split at spaces) and returns its exit code;
 * *maxrss_kb is its peak resident memory (wait4's rusage of the child:
 * this child alone, whatever the test ran before), *err its stderr. */
static int gen_measured(const char *args, long *maxrss_kb, char **err)
{
    char *errpath, *line, *argv[16];
    int n = 0;
    assert_true(asprintf(&errpath, "%s/gen.err", tu_db_dir) > 0);
    assert_true(asprintf(&line, "%s/godtab-gen --db %s %s", GODTAB_BIN, db, args) > 0);
    for (char *t = strtok(line, " "); t && n < 15; t = strtok(NULL, " "))
        argv[n++] = t;
    argv[n] = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0 || dup2(fd, 2) < 0 || !freopen("/dev/null", "w", stdout))
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    assert_int_equal(wait4(pid, &status, 0, &ru), pid);
    *maxrss_kb = ru.ru_maxrss;
    FILE *f = fopen(errpath, "r");
    assert_non_null(f);
    *err = calloc(1, 4096);
    assert_non_null(*err);
    size_t got = fread(*err, 1, 4095, f);
    (*err)[got] = 0;
    fclose(f);
    free(errpath);
    free(line);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Like professor_skewb.tws (issue 28): two orbits of 12 distinct pieces
 * (12! each, ranked by computation) and, first in the file, one of six
 * pairs (12!/2^6 = 7,484,400 arrangements). Before, the planning
 * enumerated the pairs first (GiB of move rows, tens of seconds) and
 * ignored --max-memory; now the computed orbits come first, their product
 * is past any table, and the run stops at once within the budget. */
#define PERM12 "1 2 3 4 5 6 7 8 9 10 11 12\n"
#define CYCLE12 "2 3 4 5 6 7 8 9 10 11 12 1\n"
#define CYCLE3 "2 3 1 4 5 6 7 8 9 10 11 12\n"
static void test_planning_within_budget(void **state)
{
    (void)state;
    char *path = write_def("professor_like.tws", "Name ProfessorLike\nSet PAIRS 12 1\nSet A 12 1\nSet B 12 1\n"
                                                 "Solved\nPAIRS\n1 1 2 2 3 3 4 4 5 5 6 6\nA\n" PERM12 "B\n" PERM12
                                                 "End\nMove X\nPAIRS\n" CYCLE12 "A\n" CYCLE12 "B\n" CYCLE12
                                                 "End\nMove Y\nPAIRS\n" CYCLE3 "A\n" CYCLE3 "B\n" CYCLE3 "End\n");
    char *args, *err;
    long maxrss_kb;
    /* The cap plus a margin for the program itself; a sanitized build's
     * program also maps AddressSanitizer's shadow (about 360 MiB seen):
     * the old planning passed either (740 MiB plain, more sanitized). */
#if defined(__SANITIZE_ADDRESS__)
    const long allowed_kb = (2 * 256 + 128) * 1024;
#else
    const long allowed_kb = (256 + 64) * 1024;
#endif
    assert_true(asprintf(&args, "--def %s --max-memory 256M", path) > 0);
    int rc = gen_measured(args, &maxrss_kb, &err);
    if (rc != GT_EXIT_INTERNAL || !strstr(err, "too big: the table needs at least ") ||
        !strstr(err, "(an index of at least 229442532802560000 states: the product of the orbits' values, sets A, "
                     "B ranked by computation), more than the 256.0 MiB allowed; not built; the largest projection "
                     "that fits: ") ||
        maxrss_kb > allowed_kb)
        fail_msg("godtab-gen %s: exit %d, %ld KiB resident (at most %ld allowed)\nstderr: %s", args, rc, maxrss_kb,
                 allowed_kb, err);
    free(err);
    free(args);
    free(path);
}

/* The checksum in "NAME: ok (checksum C" of godtab-gen ARGS --verify. */
static void verified_checksum(const char *args, char *sum, size_t cap)
{
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s %s --verify", GODTAB_BIN, db, args) > 0);
    int rc = tu_run(cmd, &out, &err);
    const char *at = strstr(out, ": ok (checksum ");
    if (rc != 0 || !at)
        fail_msg("%s: exit %d\nstdout: %s\nstderr: %s", cmd, rc, out, err);
    snprintf(sum, cap, "%.16s", at + strlen(": ok (checksum "));
    free(cmd);
    free(out);
    free(err);
}

/* Past the memory a byte a state needs, the BFS keeps 2 bits a state
 * (gt_bfs_run_mod3) and the table is the same, byte for byte; its
 * verification runs the same BFS. 2x2x2_full.tws: 88,179,840 states, a
 * byte BFS peaks near 150 MiB, the 2-bit one near 50. */
static void test_two_bit_bfs_past_the_byte_budget(void **state)
{
    (void)state;
    static const char *const byte[] = {"memory estimate 7.1 MiB\n", "antipode 1 of 2644", NULL};
    gen("--def " PUZ "2x2x2.tws --name byte-bfs", 0, byte, NULL);
    static const char *const two[] = {"memory estimate 3.0 MiB (the BFS at 2 bits a state)",
                                      "God's number 11; 3674160 states reached of 3674160; matches the published",
                                      "mod3 encoding 918540 bytes", NULL};
    gen("--def " PUZ "2x2x2.tws --name two-bit --max-memory 3M", 0, two, NULL);
    char a[17], b[17];
    verified_checksum("--def " PUZ "2x2x2.tws --name byte-bfs", a, sizeof a);
    verified_checksum("--def " PUZ "2x2x2.tws --name two-bit --max-memory 3M", b, sizeof b);
    assert_string_equal(a, b);
    /* a table built at a byte a state (1 bit a state stored: the QTM 2x2x2
     * is bipartite) is verified that way, whatever the budget */
    static const char *const parity[] = {"mod-q: ", "parity1 encoding", NULL};
    gen("--def " PUZ "2x2x2.tws --metric qtm --name mod-q", 0, parity, NULL);
    static const char *const parity_ok[] = {"mod-q: ok (checksum", NULL};
    gen("--def " PUZ "2x2x2.tws --metric qtm --name mod-q --max-memory 3M --verify", 0, parity_ok, NULL);
    /* a stored table that is not the definition's: refused (its sections
     * first; the data's comparison is test_03's) */
    gen("--def " PUZ "2x2x2.tws --metric qtm --name other --max-memory 3M", 0, NULL, NULL);
    static const char *const differ[] = {"other: ", "stored sections differ from a fresh computation", NULL};
    gen("--def " PUZ "2x2x2.tws --name other --max-memory 3M --verify", GT_EXIT_CORRUPT, NULL, differ);
    char *err;
    long maxrss_kb;
#if defined(__SANITIZE_ADDRESS__)
    const long allowed_kb = (64 + 400) * 1024;
#else
    const long allowed_kb = 100 * 1024;
#endif
    int rc = gen_measured("--def " PUZ "2x2x2_full.tws --max-memory 64M --threads 2", &maxrss_kb, &err);
    if (rc != 0 || maxrss_kb > allowed_kb)
        fail_msg("2x2x2_full.tws within 64M: exit %d, %ld KiB resident (at most %ld)\nstderr: %s", rc, maxrss_kb,
                 allowed_kb, err);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_verify_list),
        cmocka_unit_test(test_verify_missing_table),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_definition_errors),
        cmocka_unit_test(test_cycle_notation_files),
        cmocka_unit_test(test_published_mismatch_is_not_stored),
        cmocka_unit_test(test_too_big),
        cmocka_unit_test(test_planning_within_budget),
        cmocka_unit_test(test_two_bit_bfs_past_the_byte_budget),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
