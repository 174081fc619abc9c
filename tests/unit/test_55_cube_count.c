/* Exact position counts of the n×n×n cube (issue 12, common/groups/cubecount):
 * the published values typed in from the literature for n = 2..7, Kociemba's
 * recurrence of A075152 for n up to 64, the limits, and the cross-check
 * against Schreier–Sims: the order of the facelet group of `cube-def N
 * --inner`, divided by gt_cubecount_facelet_divisor, is the count (n = 2..10
 * by the default construction, n = 4 and 5 also by the deterministic one,
 * which uses no randomness and no order bound). */
#include "test_util.h"

#include "cubecount.h"
#include "cubegroup.h"
#include "gt_error.h"
#include "permgroup.h"
#include "puzdef.h"

#include <gmp.h>
#include <math.h>

/* OEIS A075152 (Hoey 1987; n = 2..5 from the OEIS entry, 4 also in seed
 * 003) and J. Scherphuis's puzzle pages (6x6x6 and 7x7x7 "number of
 * positions"), digit for digit. */
static const char *const published[] = {
    [2] = "3674160",
    [3] = "43252003274489856000",
    [4] = "7401196841564901869874093974498574336000000000",
    [5] = "282870942277741856536180333107150328293127731985672134721536000000000000000",
    [6] = "157152858401024063281013959519483771508510790313968742344694684829502629887168573442107637760000"
          "000000000000000000000",
    [7] = "195005511837313078353291267540197487949049926920434345671521329123232327061354691800652787127558"
          "53360682328551719137311299993600000000000000000000000000000000000",
};

static void test_published_values(void **state)
{
    (void)state;
    mpz_t count;
    mpz_init(count);
    for (int n = 2; n <= 7; n++) {
        assert_int_equal(gt_cubecount_positions(n, count), GT_OK);
        char *digits = mpz_get_str(NULL, 10, count);
        assert_string_equal(digits, published[n]);
        free(digits);
    }
    mpz_clear(count);
}

/* a(n) = a(n-2)·24⁶·(24!/24⁶)^(n-2) (Kociemba, OEIS), from a(2) and a(3)
 * typed in, with 24! typed in too. */
static void test_recurrence(void **state)
{
    (void)state;
    mpz_t a[65], step, ratio, got;
    mpz_inits(step, ratio, got, NULL);
    mpz_init_set_str(a[2], published[2], 10);
    mpz_init_set_str(a[3], published[3], 10);
    mpz_set_str(ratio, "620448401733239439360000", 10);
    mpz_divexact_ui(ratio, ratio, 191102976UL); /* 24⁶ */
    for (int n = 4; n <= 64; n++) {
        mpz_init(a[n]);
        mpz_pow_ui(step, ratio, (unsigned long)(n - 2));
        mpz_mul_ui(step, step, 191102976UL);
        mpz_mul(a[n], a[n - 2], step);
        assert_int_equal(gt_cubecount_positions(n, got), GT_OK);
        assert_int_equal(mpz_cmp(got, a[n]), 0);
    }
    for (int n = 2; n <= 64; n++)
        mpz_clear(a[n]);
    mpz_clears(step, ratio, got, NULL);
}

/* The shape, the bounds, and the size of a(1024) against its logarithm. */
static void test_shape_and_limits(void **state)
{
    (void)state;
    gt_cubecount_shape s;
    assert_int_equal(gt_cubecount_shape_of(7, &s), GT_OK);
    assert_int_equal(s.middle_edges, 12);
    assert_int_equal(s.wing_orbits, 2);
    assert_int_equal(s.centre_orbits, 6); /* 2 x-centres, 2 +-centres, 2 obliques */
    assert_int_equal(s.fixed_centres, 6);
    assert_int_equal(gt_cubecount_shape_of(6, &s), GT_OK);
    assert_int_equal(s.middle_edges + s.fixed_centres, 0);
    assert_int_equal(s.wing_orbits, 2);
    assert_int_equal(s.centre_orbits, 4);
    mpz_t x;
    mpz_init_set_ui(x, 42);
    assert_int_equal(gt_cubecount_positions(1, x), GT_ERR_INVAL);
    assert_int_equal(gt_cubecount_positions(GT_CUBECOUNT_NMAX + 1, x), GT_ERR_INVAL);
    assert_int_equal(gt_cubecount_facelet_divisor(0, x), GT_ERR_INVAL);
    assert_int_equal(mpz_cmp_ui(x, 42), 0);
    assert_int_equal(gt_cubecount_positions(1024, x), GT_OK);
    /* even n: log10 a = log10(7!·3⁶) + w·log10 24! + c·log10(24!/24⁶) */
    double lg = log10(3674160.0) + 511 * log10(620448401733239439360000.0) + 261121.0 * log10(3246670537110000.0);
    char *digits = mpz_get_str(NULL, 10, x);
    assert_int_equal((long)strlen(digits), (long)floor(lg) + 1);
    assert_int_equal((long)strlen(digits), 4062527L);
    free(digits);
    mpz_clear(x);
}

/* |<cube-def n [--inner]>| / divisor == a(n). */
static void cross_check(int n, int deterministic)
{
    static char text[1 << 17];
    gt_puzdef *def;
    gt_puzdef_error err;
    gt_group *g;
    const gt_point *gens[GT_PUZDEF_MAX_GENS];
    gt_group_options opt = {.random_sifts = deterministic ? -1 : 0};
    assert_int_equal(gt_cubegroup_definition_text(n, "URFDLB", n >= 4, text, sizeof text), GT_OK);
    assert_int_equal(gt_puzdef_parse(text, &def, &err), GT_OK);
    assert_int_equal(def->degree, 6 * n * n - (n % 2 ? 6 : 0));
    assert_int_equal(def->ngens, 6 * (n / 2));
    gt_puzdef_gen_ptrs(def, gens);
    assert_int_equal(gt_group_create(def->degree, def->ngens, gens, &opt, &g), GT_OK);
    mpz_t order, divisor, count, rem;
    mpz_inits(order, divisor, count, rem, NULL);
    gt_group_order(g, order);
    assert_int_equal(gt_cubecount_facelet_divisor(n, divisor), GT_OK);
    assert_int_equal(gt_cubecount_positions(n, count), GT_OK);
    mpz_tdiv_qr(order, rem, order, divisor);
    assert_int_equal(mpz_sgn(rem), 0);
    assert_int_equal(mpz_cmp(order, count), 0);
    if (n <= 7) {
        mpz_set_str(count, published[n], 10);
        assert_int_equal(mpz_cmp(order, count), 0);
    }
    mpz_clears(order, divisor, count, rem, NULL);
    gt_group_free(g);
    gt_puzdef_free(def);
}

static void test_schreier_sims(void **state)
{
    (void)state;
    for (int n = 2; n <= 10; n++)
        cross_check(n, 0);
}

static void test_schreier_sims_deterministic(void **state)
{
    (void)state;
    cross_check(4, 1);
    cross_check(5, 1);
}

/* The definitions: every n up to the limit, none past it. */
static void test_definition_limits(void **state)
{
    (void)state;
    static char text[1 << 17];
    assert_true(GT_CUBEGROUP_DEF_NMAX <= GT_CUBEGROUP_DEF_NMAX_POINTS);
    assert_true(6 * 26 * 26 - 6 <= GT_PERM_MAX_DEGREE && 6 * 27 * 27 - 6 > GT_PERM_MAX_DEGREE);
    assert_int_equal(gt_cubegroup_definition_text(GT_CUBEGROUP_DEF_NMAX + 1, "U", 0, text, sizeof text),
                     GT_ERR_INVAL);
    assert_int_equal(gt_cubegroup_definition_text(3, "URF", 1, text, sizeof text), GT_ERR_INVAL);
    assert_int_equal(gt_cubegroup_definition_text(5, "URF", 1, text, 20), GT_ERR_RANGE);
    assert_int_equal(gt_cubegroup_definition_text(GT_CUBEGROUP_DEF_NMAX, "URFDLB", 1, text, sizeof text), GT_OK);
    gt_puzdef *def;
    gt_puzdef_error err;
    assert_int_equal(gt_puzdef_parse(text, &def, &err), GT_OK);
    int n = GT_CUBEGROUP_DEF_NMAX;
    assert_int_equal(def->degree, 6 * n * n - (n % 2 ? 6 : 0));
    char last[GT_PUZDEF_NAME_MAX];
    snprintf(last, sizeof last, "%dB", n / 2); /* the deepest inner layer of the last face */
    assert_string_equal(def->names[def->ngens - 1], last);
    gt_puzdef_free(def);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_values),
        cmocka_unit_test(test_recurrence),
        cmocka_unit_test(test_shape_and_limits),
        cmocka_unit_test(test_schreier_sims),
        cmocka_unit_test(test_schreier_sims_deterministic),
        cmocka_unit_test(test_definition_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
