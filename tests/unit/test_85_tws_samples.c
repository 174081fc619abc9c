/* twsearch's samples read unchanged (issue 28, docs/definitions.md
 * "twsearch's samples"): every file of twsearch's samples/main/ either
 * parses into a gt_def or is refused at FILE:LINE:COL with the feature
 * named. The samples are twsearch's (not shipped here): the test reads the
 * directory $GODTAB_TWS_SAMPLES (default tests/tws-samples) when it exists
 * and skips otherwise. The features themselves are golden cases in
 * tests/golden/def.txt, so they are covered without the samples; here,
 * what a golden line cannot show: a MoveSequence is the product of its
 * steps. */
#include "test_util.h"

#include "defn.h"
#include "gt_error.h"

#include <dirent.h>

#define SAMPLES_DEFAULT GODTAB_ROOT "/tests/tws-samples"

/* s := s moved by move m (defn.h: position j receives the piece at
 * perm[j], its twist plus ori[j]). */
static void apply(const gt_def *d, int m, uint8_t *perm, uint8_t *ori)
{
    const uint16_t *mp = d->move_perm + (size_t)m * (size_t)d->total;
    const uint8_t *mo = d->move_ori + (size_t)m * (size_t)d->total;
    uint8_t p[64], o[64];
    for (int s = 0; s < d->n_sets; s++)
        for (int j = d->set[s].offset; j < d->set[s].offset + d->set[s].n; j++) {
            p[j] = perm[mp[j]];
            o[j] = (uint8_t)((ori[mp[j]] + mo[j]) % d->set[s].omod);
        }
    memcpy(perm, p, (size_t)d->total);
    memcpy(ori, o, (size_t)d->total);
}

/* S = A B2 A' (before A and B in the file), on a set with orientation
 * where the order of the steps matters: S applied to a state equals A, B,
 * B, then A as many times as its inverse needs (its order minus one). */
static void test_move_sequence_is_the_product(void **state)
{
    (void)state;
    const char *text = "Set O 4 3\nSet E 2 2\nSolved\nO\n1 2 3 4\nEnd\nMoveSequence S A B2 A'\n"
                       "Move A\nO\n2 3 1 4\n1 1 0 0\nEnd\n"
                       "Move B\nO\n1 2 4 3\n0 1 2 0\nE\n2 1\n1 0\nEnd\n";
    gt_def *d;
    gt_def_error err;
    assert_int_equal(gt_def_parse(text, strlen(text), &d, &err), GT_OK);
    assert_int_equal(d->n_moves, 3);
    assert_string_equal(d->move_name[0], "S");
    int a = gt_def_find_move(d, "A", 1), b = gt_def_find_move(d, "B", 1);
    uint8_t start_p[6] = {2, 0, 3, 1, 1, 0}, start_o[6] = {1, 0, 2, 1, 1, 0};
    uint8_t p1[6], o1[6], p2[6], o2[6];
    memcpy(p1, start_p, 6), memcpy(o1, start_o, 6);
    apply(d, 0, p1, o1);
    memcpy(p2, start_p, 6), memcpy(o2, start_o, 6);
    apply(d, a, p2, o2);
    apply(d, b, p2, o2);
    apply(d, b, p2, o2);
    /* A' = A^(k-1), k the order of A (found by applying A to the identity) */
    uint8_t ip[6] = {0, 1, 2, 3, 0, 1}, io[6] = {0}, id_p[6] = {0, 1, 2, 3, 0, 1}, id_o[6] = {0};
    int order = 0;
    do {
        apply(d, a, ip, io);
        order++;
    } while (memcmp(ip, id_p, 6) || memcmp(io, id_o, 6));
    assert_int_equal(order, 3 * 3); /* a 3-cycle twisting 1+1+0: order 9 */
    for (int i = 0; i < order - 1; i++)
        apply(d, a, p2, o2);
    assert_memory_equal(p1, p2, 6);
    assert_memory_equal(o1, o2, 6);
    gt_def_free(d);
}

/* Is msg one of the refusals that name a feature or a limit? A vague
 * error (a number where a name was expected...) on a sample is a bug. */
static int names_a_feature(const char *msg)
{
    static const char *const named[] = {"are not supported", "is not supported", "more than 128 sets",
                                        "a twsearch scramble file"};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strstr(msg, named[i]))
            return 1;
    return 0;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* Each move of a parsed sample is a permutation of each of its sets. */
static void check_moves(const gt_def *d, const char *name)
{
    for (int m = 0; m < d->n_moves; m++) {
        const uint16_t *mp = d->move_perm + (size_t)m * (size_t)d->total;
        for (int s = 0; s < d->n_sets; s++) {
            uint8_t seen[GT_DEF_MAX_PIECES] = {0};
            for (int j = d->set[s].offset; j < d->set[s].offset + d->set[s].n; j++) {
                int k = mp[j] - d->set[s].offset;
                if (k < 0 || k >= d->set[s].n || seen[k]++)
                    fail_msg("%s: move %s is not a permutation of set %s", name, d->move_name[m], d->set[s].name);
            }
        }
    }
}

static void test_every_sample(void **state)
{
    (void)state;
    const char *dir = getenv("GODTAB_TWS_SAMPLES") ? getenv("GODTAB_TWS_SAMPLES") : SAMPLES_DEFAULT;
    DIR *dp = opendir(dir);
    if (!dp) {
        print_message("no twsearch samples at %s (set GODTAB_TWS_SAMPLES): skipped\n", dir);
        skip();
    }
    int parsed = 0, refused = 0, vague = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || (strcmp(e->d_name + n - 4, ".tws") && strcmp(e->d_name + n - 4, ".scr")))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *text = read_all(path, &len);
        gt_def *d = NULL;
        gt_def_error err;
        int rc = gt_def_parse(text, len, &d, &err);
        if (rc == GT_OK) {
            check_moves(d, e->d_name);
            parsed++;
        } else {
            assert_int_equal(rc, GT_ERR_PARSE);
            assert_null(d);
            int ok = err.line >= 1 && err.column >= 1 && names_a_feature(err.message);
            print_message("%s %s:%d:%d: %s\n", ok ? "refused" : "VAGUE", e->d_name, err.line, err.column,
                          err.message);
            refused++;
            vague += !ok;
        }
        gt_def_free(d);
        free(text);
    }
    closedir(dp);
    print_message("%d parse, %d refused (%d without the feature named)\n", parsed, refused, vague);
    assert_true(parsed + refused > 0);
    assert_int_equal(vague, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_sequence_is_the_product),
        cmocka_unit_test(test_every_sample),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
