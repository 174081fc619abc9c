/* godtab-solve nnn solving end to end: the answer text replayed through
 * --show against the solved net, --json, --stages, standard-input batch
 * (facelets and scrambles, a failing line), the short search and --metric,
 * the exit codes. No database. */
#include "test_nnn_util.h"

#include <stdlib.h>
#include <string.h>

/* Solves SCRAMBLE on an N-cube, then checks that SCRAMBLE + answer draws
 * the solved net (no rotation, and no turn of an odd cube's middle layer, in
 * SCRAMBLE: the answer solves the cube in the orientation its fixed centres
 * give). */
static void solve_and_replay(int n, const char *scramble)
{
    char args[8192], *out, *err, *net, *solved;
    snprintf(args, sizeof args, "--size %d \"%s\"", n, scramble);
    assert_int_equal(tu_nnn(args, &out, &err), 0);
    char *counts = strstr(out, "(OBTM ");
    assert_non_null(counts);
    *counts = 0;
    snprintf(args, sizeof args, "--size %d --show \"%s %s\"", n, scramble, out);
    assert_int_equal(tu_nnn(args, &net, NULL), 0);
    snprintf(args, sizeof args, "--size %d --show \"\"", n);
    assert_int_equal(tu_nnn(args, &solved, NULL), 0);
    assert_string_equal(net, solved);
    free(out);
    free(err);
    free(net);
    free(solved);
}

static void test_solve_replayed(void **state)
{
    (void)state;
    solve_and_replay(2, "R U2 F' R");
    solve_and_replay(3, "R U F' D2 L B");
    solve_and_replay(4, "R 2U Rw' F2 3Rw D'");
    solve_and_replay(5, "R U 2Rw' 2R2 2F D");
    solve_and_replay(6, "3Rw 2U' F 4L B2 R");
    solve_and_replay(7, "R U 3Rw' 2R2 2F 3Bw D 3U");
    /* even-N parities on a reduced cube: OLL (one dedge flipped), PLL (two swapped) */
    solve_and_replay(4, "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'");
    solve_and_replay(6, "Rw2 U2 Rw2 Uw2 Rw2 Uw2");
}

static void test_output_forms(void **state)
{
    (void)state;
    tu_nnn_expect("--size 4 \"\"", 0, "(OBTM 0, STM 0)", NULL);
    tu_nnn_expect("--size 3 \"R U R' U'\"", 0, "U R U' R' (OBTM 4, STM 4)", NULL);
    /* issue 26: "solution" and a number of "seconds", as every family */
    tu_nnn_expect("--size 5 --json \"R U Rw\"", 0, "\"size\":5,\"solution\":\"", NULL);
    tu_nnn_expect("--size 5 --json \"R U Rw\"", 0, "\"seconds\":0.", NULL);
    tu_nnn_expect("--size 5 --json \"R U Rw\"", 0, ",\"stage_seconds\":{\"contours\":", NULL);
    tu_nnn_expect("--size 5 --json --stages \"R U Rw\"", 0, "\"stages\":[{\"name\":\"contours\"", NULL);
    tu_nnn_expect("--size 6 --stages \"R U 2Rw\"", 0, "interieur: ", NULL);
    tu_nnn_expect("--size 6 --stages \"R U 2Rw\"", 0, "cube3: ", NULL);
    tu_nnn_expect("--facelets UUUURRRRFFFFDDDDLLLLBBBB", 0, "(OBTM 0, STM 0)", NULL);
    tu_nnn_expect("--size 5 \"R U x 2F\"", 0, "(OBTM", NULL); /* rotations: solved as the centres say */
}

static void test_batch(void **state)
{
    (void)state;
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd,
             "printf 'R U\\n# comment\\n\\nRw x F\\n5Rw\\n' | %s/godtab-solve nnn --size 4", GODTAB_BIN);
    assert_int_equal(tu_run(cmd, &out, &err), 8); /* line 5 failed, the others answered */
    assert_non_null(strstr(err, "line 5"));
    assert_non_null(strstr(err, "too many layers"));
    int lines = 0;
    for (char *p = out; (p = strstr(p, "(OBTM")); p++)
        lines++;
    assert_int_equal(lines, 2);
    free(out);
    free(err);
    /* the facelets of random positions (their first field: a tab and a scramble follow up to N = 7) */
    snprintf(cmd, sizeof cmd,
             "%s/godtab-solve nnn --size 5 --random 3 --seed 1 | cut -f1 | %s/godtab-solve nnn --json",
             GODTAB_BIN, GODTAB_BIN);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    lines = 0;
    for (char *p = out; (p = strstr(p, "\"obtm\":")); p++)
        lines++;
    assert_int_equal(lines, 3);
    free(out);
    free(err);
}

/* Issue 29: a scramble of at most 5 moves comes back as short as it can
 * (the exact search, marked optimal, "by search"), in the metric of
 * --metric (OBTM by default); longer ones by the reduction, as before. */
static void test_short_search(void **state)
{
    (void)state;
    tu_nnn_expect("--size 4 \"R U Rw\"", 0, "Rw' U' R' (OBTM 3, STM 3) optimal by search\n", "");
    solve_and_replay(4, "R U Rw");
    solve_and_replay(5, "L' 3Rw F2 Dw");
    tu_nnn_expect("--size 4 --json \"R U Rw\"", 0,
                  "\"solution\":\"Rw' U' R'\",\"obtm\":3,\"stm\":3,\"optimal\":true,\"method\":\"search\",", "");
    tu_nnn_expect("--size 4 --stages \"R U Rw\"", 0,
                  "contours: (OBTM 0, STM 0)\ninterieur: (OBTM 0, STM 0)\ncube3: Rw' U' R' (OBTM 3, STM 3)\n"
                  "Rw' U' R' (OBTM 3, STM 3) optimal by search\n", "");
    /* an inner slice: 2 in OBTM, 1 in STM */
    tu_nnn_expect("--size 4 \"R U 2R\"", 0, "(OBTM 4, STM 4) optimal by search\n", "");
    tu_nnn_expect("--size 4 --metric obtm \"R U 2R\"", 0, "(OBTM 4, STM 4) optimal by search\n", "");
    tu_nnn_expect("--size 4 --metric stm \"R U 2R\"", 0, "2R' U' R' (OBTM 4, STM 3) optimal by search\n", "");
    tu_nnn_expect("--size 5 --metric stm \"M U' 2R\"", 0, "2R' U M' (OBTM 5, STM 3) optimal by search\n", "");
    tu_nnn_expect("--size 4 \"\"", 0, "(OBTM 0, STM 0) optimal by search\n", "");
    /* longer: the reduction, not optimal */
    tu_nnn_expect("--size 4 \"R U F L B D\"", 0, ") by commutators\n", "");
    tu_nnn_expect("--size 4 --json \"R U F L B D\"", 0, "\"optimal\":false,\"method\":\"commutators\"", "");
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "printf 'R U 2R\\nR U Rw\\n' | %s/godtab-solve nnn --size 4 --metric stm", GODTAB_BIN);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_string_equal(out, "2R' U' R' (OBTM 4, STM 3) optimal by search\nRw' U' R' (OBTM 3, STM 3) optimal by search\n");
    free(out);
    free(err);
}

static void test_exit_codes(void **state)
{
    (void)state;
    tu_nnn_expect("--size 4 \"R 5Rw\"", 2, NULL, "too many layers");
    tu_nnn_expect("--size 4 M", 2, NULL, "no middle slice");
    /* a 3x3x3 with one edge flipped: illegal, exit 3, nothing printed */
    tu_nnn_expect("--facelets UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", 3, NULL, "middle edge");
    tu_nnn_expect("--size 0 R", 1, NULL, "--size");
    tu_nnn_expect("--size 4 --show", 1, NULL, "needs a query");
    tu_nnn_expect("--size 4 --metric htm R", 1, NULL, "--metric wants obtm or stm, not 'htm'");
    tu_nnn_expect("--size 4 --metric \"\" R", 1, NULL, "--metric wants obtm or stm");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_replayed),
        cmocka_unit_test(test_output_forms),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_short_search),
        cmocka_unit_test(test_exit_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
