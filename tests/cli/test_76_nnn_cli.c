/* godtab-solve nnn end to end: every exit code (0 ok, 1 usage, 2
 * malformed, 3 illegal), --check, --show, --random, --json,
 * --facelets from standard input. No database is opened. */
#include "test_nnn_util.h"

#include <stdlib.h>
#include <string.h>

/* Runs godtab-solve nnn ARGS; returns the exit code, output in *out, *err. */
static void test_check(void **state)
{
    (void)state;
    tu_nnn_expect("--size 5 --check \"R U 3Rw' M2 2F x\"", 0, "legal", NULL);
    tu_nnn_expect("--facelets UUUURRRRFFFFDDDDLLLLBBBB --check", 0, "legal", NULL);
    tu_nnn_expect("--size 2 --facelets 'WWWW RRRR GGGG YYYY OOOO BBBB' --check --json", 0, "\"legal\":true", NULL);
    /* a 3x3x3 with one edge flipped (UR): illegal, the piece named */
    tu_nnn_expect("--facelets UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB --check", 3, NULL,
           "middle edge");
    tu_nnn_expect("--facelets UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB --check --json", 3,
           "\"legal\":false", "flip sum odd");
    /* a 4x4x4 wing flipped in place (UB, U1-B2 position): the wing condition */
    tu_nnn_expect("--facelets UBUUUUUUUUUUUUUURRRRRRRRRRRRRRRRFFFFFFFFFFFFFFFFDDDDDDDDDDDDDDDDLLLLLLLLLLLLLLLLBBUBBBBBBBBBBBBB"
           " --check", 3, NULL, "handedness");
}

static void test_show(void **state)
{
    (void)state;
    tu_nnn_expect("--size 7 --show \"R U\"", 0, "F F F F F F D", NULL);
    tu_nnn_expect("--size 33 --show R", 1, NULL, "up to 32x32x32");
}

static void test_random(void **state)
{
    (void)state;
    char *a, *b;
    assert_int_equal(tu_nnn("--size 6 --random 3 --seed 9", &a, NULL), 0);
    assert_int_equal(tu_nnn("--size 6 --random 3 --seed 9", &b, NULL), 0);
    assert_string_equal(a, b);
    /* each line: a legal position, then a scramble that gives it (N <= 7) */
    char *save, *line = strtok_r(a, "\n", &save);
    int lines = 0;
    for (; line; line = strtok_r(NULL, "\n", &save), lines++) {
        /* issue 26's one shape: the state, a tab, the scramble */
        char facelets[6 * 36 + 1], *scramble = strchr(line, '\t'), cmd[16384], *net1, *net2;
        assert_non_null(scramble);
        assert_int_equal(scramble - line, 6 * 36);
        memcpy(facelets, line, sizeof facelets - 1);
        facelets[sizeof facelets - 1] = 0;
        snprintf(cmd, sizeof cmd, "--facelets %s --check", facelets);
        tu_nnn_expect(cmd, 0, "legal", NULL);
        snprintf(cmd, sizeof cmd, "--facelets %s --show", facelets);
        assert_int_equal(tu_nnn(cmd, &net1, NULL), 0);
        snprintf(cmd, sizeof cmd, "--size 6 --show \"%s\"", scramble + 1);
        assert_int_equal(tu_nnn(cmd, &net2, NULL), 0);
        assert_string_equal(net1, net2);
        free(net1);
        free(net2);
    }
    assert_int_equal(lines, 3);
    free(a);
    free(b);
    tu_nnn_expect("--size 8 --random 1 --seed 2", 0, NULL, NULL); /* past N = 7: facelets only */
    assert_int_equal(tu_nnn("--size 8 --random 1 --seed 2", &a, NULL), 0);
    assert_int_equal(strlen(a), 6 * 64 + 1);
    free(a);
    tu_nnn_expect("--size 4 --random 1 --seed 2 --json", 0, "{\"puzzle\":\"nnn\",\"metric\":\"obtm\",\"state\":\"", NULL);
    tu_nnn_expect("--size 4 --random 1 --seed 2 --json", 0, "\",\"length\":", NULL);
    tu_nnn_expect("--random 1", 1, NULL, "--random needs --size");
}

static void test_usage_and_malformed(void **state)
{
    (void)state;
    tu_nnn_expect("--size 1 R", 1, NULL, "--size");
    tu_nnn_expect("--size 1025 R", 1, NULL, "--size");
    tu_nnn_expect("R U", 1, NULL, "needs --size");
    tu_nnn_expect("--size 5 \"R U\"", 0, "(OBTM", NULL); /* solved: tests/cli/test_78_nnn_solver_cli.c */
    tu_nnn_expect("--help", 0, "--stages", NULL);
    tu_nnn_expect("--size 4 \"R 5Rw\"", 2, NULL, "'5Rw' at column 3");
    tu_nnn_expect("--size 4 \"R M'\"", 2, NULL, "no middle slice on an even cube");
    tu_nnn_expect("--size 4 \"R Q\"", 2, NULL, "unknown move");
    tu_nnn_expect("--facelets UUUURRRRFFFFDDDDLLLLBBB", 2, NULL, "not 6·N²");
    tu_nnn_expect("--size 3 --facelets UUUURRRRFFFFDDDDLLLLBBBB", 2, NULL, "6·N² = 54");
    tu_nnn_expect("--facelets UUUURRRRFFFFDDDDLLLLBBBX", 2, NULL, "seventh symbol 'X' at facelet 24");
    tu_nnn_expect("--facelets UUUURRRRFFFFDDDDLLLLBBBR", 2, NULL, "'R' shows 5 times, not N² = 4");
}

/* --facelets - reads standard input: a 200x200x200 (too long for one
 * command-line word) and a string past the largest cube. */
static void test_facelets_from_stdin(void **state)
{
    (void)state;
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/godtab-solve nnn --size 200 --random 1 --seed 4 | %s/godtab-solve nnn --facelets - --check",
             GODTAB_BIN, GODTAB_BIN);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_non_null(strstr(out, "legal"));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "head -c 6291460 /dev/zero | tr '\\0' U | %s/godtab-solve nnn --facelets - --check",
             GODTAB_BIN);
    assert_int_equal(tu_run(cmd, &out, &err), 2);
    assert_non_null(strstr(err, "more than"));
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check),  cmocka_unit_test(test_show), cmocka_unit_test(test_random),
        cmocka_unit_test(test_usage_and_malformed), cmocka_unit_test(test_facelets_from_stdin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
