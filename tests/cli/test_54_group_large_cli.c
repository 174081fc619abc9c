/* godtab-group on large groups (issue 10), end to end: S_500, A_500 and
 * S_4096 from two generators (orders against mpz_fac_ui), a wreath product
 * certified by the order bound, and --timeout (exit 10, one line) and
 * --progress on a construction that cannot finish in time. */
#include "test_util.h"

#include "gt_error.h"

#include <gmp.h>
#include <time.h>

#define BIN GODTAB_BIN "/godtab-group"

static char *dir;

static int setup(void **state)
{
    (void)state;
    dir = tu_mkdtemp();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tu_rmrf(dir);
    free(dir);
    return 0;
}

/* Writes dir/NAME.def: S_n from (1,2) and (1,...,n), or A_n from (1,2,3)
 * and the cycle of 2..n (n even) or 1..n (n odd). Returns the path. */
static const char *write_giant(const char *name, int n, int alternating)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s.def", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "name %s\npoints %d\n", name, n);
    fprintf(f, alternating ? "a = (1,2,3)\nc = (" : "t = (1,2)\nc = (");
    for (int k = alternating && n % 2 == 0 ? 2 : 1; k <= n; k++)
        fprintf(f, k < n ? "%d," : "%d)\n", k);
    fclose(f);
    return path;
}

/* The value after "key: " at the start of a line of out (malloc'd). */
static char *field(const char *out, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "%s: ", key);
    for (const char *p = out; (p = strstr(p, pat)); p++)
        if (p == out || p[-1] == '\n') {
            p += strlen(pat);
            return strndup(p, strcspn(p, "\n"));
        }
    return NULL;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void expect_giant_order(int n, int alternating)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "%s order %s", BIN, write_giant(alternating ? "alt" : "sym", n, alternating));
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_OK);
    assert_string_equal(err, "");
    mpz_t want;
    mpz_init(want);
    mpz_fac_ui(want, (unsigned long)n);
    if (alternating)
        mpz_tdiv_q_ui(want, want, 2);
    char *w = mpz_get_str(NULL, 10, want), *order = field(out, "order"), *rec = field(out, "recognised");
    assert_non_null(order);
    assert_string_equal(order, w);
    assert_non_null(rec);
    char expect[128];
    snprintf(expect, sizeof expect, "%s group on its %d points", alternating ? "alternating" : "symmetric", n);
    assert_non_null(strstr(rec, expect));
    /* the orbit lengths n, n-1, ..., 2 (S_n) or ..., 3 (A_n) */
    char *orbits = field(out, "orbit lengths");
    assert_non_null(orbits);
    char tail[32];
    snprintf(tail, sizeof tail, " %d", alternating ? 3 : 2);
    assert_string_equal(orbits + strlen(orbits) - strlen(tail), tail);
    free(orbits);
    free(w);
    free(order);
    free(rec);
    mpz_clear(want);
    free(out);
    free(err);
}

static void test_giants(void **state)
{
    (void)state;
    expect_giant_order(500, 0);
    expect_giant_order(500, 1);
    expect_giant_order(4096, 0);
}

/* S_5 wr S_40 on 200 points: order 120^40 · 40!, reached by the bound. */
static void test_wreath(void **state)
{
    (void)state;
    char path[512], cmd[1024], *out, *err;
    snprintf(path, sizeof path, "%s/wreath.def", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "points 200\nt = (1,2)\nc = (1,2,3,4,5)\nb =");
    for (int j = 1; j <= 5; j++) { /* the 40 blocks in a cycle */
        fprintf(f, " (");
        for (int blk = 0; blk < 40; blk++)
            fprintf(f, blk ? ",%d" : "%d", blk * 5 + j);
        fprintf(f, ")");
    }
    fprintf(f, "\ns = (1,6)(2,7)(3,8)(4,9)(5,10)\n");
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s order %s", BIN, path);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_OK);
    mpz_t want, f40;
    mpz_inits(want, f40, NULL);
    mpz_ui_pow_ui(want, 120, 40);
    mpz_fac_ui(f40, 40);
    mpz_mul(want, want, f40);
    char *w = mpz_get_str(NULL, 10, want), *order = field(out, "order"), *how = field(out, "construction");
    assert_string_equal(order, w);
    assert_non_null(strstr(how, "proven bound"));
    free(w);
    free(order);
    free(how);
    mpz_clears(want, f40, NULL);
    free(out);
    free(err);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs args against S_300 expecting exit 10 well before the plain
 * computation could end (minutes), with one closing line on stderr. */
static char *expect_timeout(const char *args, const char *what)
{
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "%s %s %s", BIN, args, write_giant("s300", 300, 0));
    if (strstr(args, "member"))
        strcat(cmd, " '(1,2,3)'");
    double start = now();
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_TIMEOUT);
    assert_true(now() - start < 60);
    assert_string_equal(out, "");
    const char *last = err;
    for (const char *p = err; *p && p[1]; p++)
        if (*p == '\n')
            last = p + 1;
    assert_non_null(strstr(last, "godtab-group: "));
    assert_non_null(strstr(last, "stopped by --timeout"));
    assert_non_null(strstr(last, what));
    free(out);
    return err;
}

static void test_timeout(void **state)
{
    (void)state;
    /* no randomness: plain Schreier–Sims on S_300 takes minutes */
    char *err = expect_timeout("order --deterministic --timeout 0.2", "building the group");
    assert_int_equal(count_lines(err), 1);
    free(err);
    err = expect_timeout("order --timeout 0.001 --deterministic", "building the group");
    assert_int_equal(count_lines(err), 1);
    free(err);
    /* member: the group is recognised at once, the factorisation table of
     * S_300 would take minutes */
    err = expect_timeout("member --timeout 0.5", "factorisation table");
    assert_int_equal(count_lines(err), 1);
    free(err);
    /* bad values: usage errors */
    const char *bad[] = {"--timeout 0", "--timeout -1", "--timeout x", "--timeout 1s", "--timeout"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char cmd[1024], *out;
        snprintf(cmd, sizeof cmd, "%s order %s %s", BIN, bad[k], write_giant("s10", 10, 0));
        assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_USAGE);
        assert_int_equal(count_lines(err), 1);
        free(out);
        free(err);
    }
}

/* --progress reports on stderr once a second, each line naming the phase. */
static void test_progress(void **state)
{
    (void)state;
    char *err = expect_timeout("order --deterministic --progress --timeout 2.5", "building the group");
    assert_true(count_lines(err) >= 2);
    assert_non_null(strstr(err, "s: check"));
    assert_non_null(strstr(err, "order >= 10^"));
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_giants),
        cmocka_unit_test(test_wreath),
        cmocka_unit_test(test_timeout),
        cmocka_unit_test(test_progress),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
