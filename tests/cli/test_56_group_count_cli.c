/* godtab-group count N and cube-def N for any N (issue 12), end to end: the
 * published counts for n = 2..7 (typed in from the literature), --json,
 * every exit code (0, and 1 for each kind of bad N or option, one line on
 * stderr naming it), the README example, and cube-def's range: a definition
 * for every N up to its limit, whose group order `order` turns into the
 * count (n = 4, 5), N = 26 read back by `order`, and a usage error past
 * it (N = 27: 6·27² facelets pass the format's 4096 points). */
#include "test_util.h"

#include "cubegroup.h"
#include "gt_error.h"

#include <gmp.h>

#define BIN GODTAB_BIN "/godtab-group"

static int run(const char *args, char **out, char **err)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s %s", BIN, args);
    return tu_run(cmd, out, err);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* A075152 (OEIS; n = 6, 7 from J. Scherphuis's puzzle pages). */
static const char *const published[] = {
    [2] = "3674160\n",
    [3] = "43252003274489856000\n",
    [4] = "7401196841564901869874093974498574336000000000\n",
    [5] = "282870942277741856536180333107150328293127731985672134721536000000000000000\n",
    [6] = "157152858401024063281013959519483771508510790313968742344694684829502629887168573442107637760000"
          "000000000000000000000\n",
    [7] = "195005511837313078353291267540197487949049926920434345671521329123232327061354691800652787127558"
          "53360682328551719137311299993600000000000000000000000000000000000\n",
};

static void test_counts(void **state)
{
    (void)state;
    char args[64], *out, *err;
    for (int n = 2; n <= 7; n++) {
        snprintf(args, sizeof args, "count %d", n);
        assert_int_equal(run(args, &out, &err), GT_EXIT_OK);
        assert_string_equal(out, published[n]);
        assert_string_equal(err, "");
        free(out);
        free(err);
    }
    assert_int_equal(run("count --json 4", &out, &err), GT_EXIT_OK);
    assert_string_equal(out, "{\"n\":4,\"digits\":46,\"positions\":\"7401196841564901869874093974498574336000000000\"}\n");
    free(out);
    free(err);
    /* the largest N: 4,062,527 digits, nothing but digits */
    assert_int_equal(run("count 1024", &out, &err), GT_EXIT_OK);
    size_t len = strlen(out);
    assert_int_equal((long)len, 4062528L);
    assert_int_equal(strspn(out, "0123456789"), len - 1);
    free(out);
    free(err);
}

/* Every bad N or option: exit 1, one line on stderr that names it. */
static void test_usage_errors(void **state)
{
    (void)state;
    const struct {
        const char *args, *words;
    } bad[] = {
        {"count", "count takes N"},
        {"count 1", "from 2 to 1024, not \"1\""},
        {"count 0", "not \"0\""},
        {"count 1025", "not \"1025\""},
        {"count 99999999999999999999", "not \"99999999999999999999\""},
        {"count -3", "not \"-3\""},
        {"count abc", "not \"abc\""},
        {"count 7x", "not \"7x\""},
        {"count 7.0", "not \"7.0\""},
        {"count ''", "not \"\""},
        {"count ' 7'", "not \" 7\""},
        {"count 4 5", "count takes one N"},
        {"count 4 --digits", "unknown option"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char *out, *err;
        assert_int_equal(run(bad[k].args, &out, &err), GT_EXIT_USAGE);
        assert_string_equal(out, "");
        assert_int_equal(count_lines(err), 1);
        if (!strstr(err, bad[k].words))
            fail_msg("%s: \"%s\" not in: %s", bad[k].args, bad[k].words, err);
        free(out);
        free(err);
    }
    char *out, *err;
    assert_int_equal(run("--help", &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "godtab-group count N [--json]"));
    free(out);
    free(err);
}

/* The README's example, as written there. */
static void test_readme_example(void **state)
{
    (void)state;
    FILE *f = fopen(GODTAB_ROOT "/README.md", "r");
    assert_non_null(f);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = 0;
    const char *at = strstr(text, "$ bin/godtab-group count 7\n");
    assert_non_null(at);
    at += strlen("$ bin/godtab-group count 7\n");
    assert_memory_equal(at, published[7], strlen(published[7]));
}

/* The order of the facelet group printed by `order` for cube-def N --inner. */
static void facelet_order(const char *dir, int n, mpz_t order)
{
    char args[1024], *out, *err;
    snprintf(args, sizeof args, "cube-def %d --inner > %s/cube%d.def", n, dir, n);
    assert_int_equal(run(args, &out, &err), GT_EXIT_OK);
    free(out);
    free(err);
    snprintf(args, sizeof args, "order %s/cube%d.def", dir, n);
    assert_int_equal(run(args, &out, &err), GT_EXIT_OK);
    const char *p = strstr(out, "\norder: ");
    assert_non_null(p);
    assert_int_equal(gmp_sscanf(p + 8, "%Zd", order), 1);
    free(out);
    free(err);
}

static void test_cube_def_any_n(void **state)
{
    (void)state;
    char *dir = tu_mkdtemp(), args[64], *out, *err;
    mpz_t order, want;
    mpz_inits(order, want, NULL);
    /* n = 4: |G| / (4!⁶/2 · 24 rotations); n = 5: |G| / (4!⁶/2)² */
    facelet_order(dir, 4, order);
    mpz_set_str(want, published[4], 10);
    mpz_mul_ui(want, want, 95551488UL * 24);
    assert_int_equal(mpz_cmp(order, want), 0);
    facelet_order(dir, 5, order);
    mpz_set_str(want, published[5], 10);
    mpz_mul_ui(want, want, 95551488UL);
    mpz_mul_ui(want, want, 95551488UL);
    assert_int_equal(mpz_cmp(order, want), 0);
    mpz_clears(order, want, NULL);
    for (int n = 2; n <= GT_CUBEGROUP_DEF_NMAX + 1; n++) {
        snprintf(args, sizeof args, "cube-def %d%s", n, n >= 4 ? " --inner" : "");
        int want_rc = n <= GT_CUBEGROUP_DEF_NMAX ? GT_EXIT_OK : GT_EXIT_USAGE;
        assert_int_equal(run(args, &out, &err), want_rc);
        assert_int_equal(count_lines(err), want_rc ? 1 : 0);
        if (!want_rc) {
            char points[32];
            snprintf(points, sizeof points, "\npoints %d\n", 6 * n * n - (n % 2 ? 6 : 0));
            assert_non_null(strstr(out, points));
        }
        free(out);
        free(err);
    }
    assert_int_equal(run("cube-def 27", &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "from 2 to 26, not \"27\""));
    free(out);
    free(err);
    /* N = 26, the largest, read back by `order`: the outer turns' group is
     * the supercube's at once; the --inner one (4,056 points, 78
     * generators) is parsed and its construction started (the whole order
     * takes about a minute, docs/nnn.md), so a time limit stops it */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cube-def 26 > %s/c26.def && %s order %s/c26.def", dir, BIN, dir);
    assert_int_equal(run(cmd, &out, &err), GT_EXIT_OK);
    assert_non_null(strstr(out, "points: 4056\ngenerators: 6\norder: 88580102706155225088000\n"));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "cube-def 26 --inner > %s/c26.def && %s order --timeout 1 %s/c26.def", dir, BIN,
             dir);
    assert_int_equal(run(cmd, &out, &err), GT_EXIT_TIMEOUT);
    assert_int_equal(count_lines(err), 1);
    assert_non_null(strstr(err, "--timeout"));
    free(out);
    free(err);
    tu_rmrf(dir);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_readme_example),
        cmocka_unit_test(test_cube_def_any_n),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
