/* godtab-solve nnn --size 2 with the pocket table (issue 12): when the
 * database holds pocket-htm, a 2x2x2 gets an optimal answer, marked as such
 * ("optimal" after the counts, "optimal":true in JSON), as long as the one
 * `godtab-solve pocket` gives for the same facelets and among its optimal
 * solutions, and solving the cube when replayed (through --show); without
 * the table (no database, or one without pocket-htm) the answer is the
 * reduction's, as before, with nothing on stderr; a damaged table is said
 * on stderr and the reduction answers. Every run names its
 * database with --db, so GODTAB_DB and the default database do not matter. */
#include "test_nnn_util.h"

#include <stdlib.h>
#include <string.h>

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("pocket-htm");
}

/* Runs "BIN/godtab-solve ARGS"; its exit code, stdout and stderr. */
static int solve(char **out, char **err, const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve %s", GODTAB_BIN, args);
    return tu_run(cmd, out, err);
}

/* The answer's moves (the text before " (OBTM") and its OBTM and STM counts. */
static void split_answer(char *out, long *obtm, long *stm)
{
    char *counts = strstr(out, "(OBTM ");
    assert_non_null(counts);
    assert_int_equal(sscanf(counts, "(OBTM %ld, STM %ld)", obtm, stm), 2);
    if (counts > out)
        counts[-1] = 0;
    else
        *counts = 0;
}

/* 1 if text has a whole line equal to line. */
static int has_line(const char *text, const char *line)
{
    size_t len = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[len] == '\n' || !p[len]))
            return 1;
    return 0;
}

/* Solves FACELETS with the table: marked optimal, as long as the pocket
 * solver's answer, and one of the pocket's optimal solutions. */
static void check_facelets(const char *facelets)
{
    char args[512], *out, *err, *all, *all_err;
    long obtm, stm;
    snprintf(args, sizeof args, "nnn --db %s --facelets %s", tu_db_path, facelets);
    assert_int_equal(solve(&out, &err, args), 0);
    assert_string_equal(err, "");
    assert_non_null(strstr(out, ") optimal by pocket-table\n"));
    split_answer(out, &obtm, &stm);
    snprintf(args, sizeof args, "pocket --db %s --all --facelets %s", tu_db_path, facelets);
    assert_int_equal(solve(&all, &all_err, args), 0);
    char tail[64];
    snprintf(tail, sizeof tail, " of length %ld\n", obtm);
    if (!strstr(all, tail))
        fail_msg("%s: nnn gave %ld moves, pocket says: %s", facelets, obtm, all);
    assert_int_equal(stm, obtm);
    assert_true(obtm <= 11); /* the 2x2x2's God's number in HTM */
    if (!has_line(all, obtm ? out : "(solved)"))
        fail_msg("%s: '%s' is not among the pocket's optimal solutions:\n%s", facelets, out, all);
    free(all);
    free(all_err);
    free(out);
    free(err);
}

static void test_facelets_optimal(void **state)
{
    (void)state;
    char *out, *err;
    /* random 2x2x2 positions: their facelets are each line's first word */
    assert_int_equal(solve(&out, &err, "nnn --size 2 --db /nonexistent/db --random 8 --seed 5"), 0);
    int seen = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), seen++) {
        line[strcspn(line, "\t")] = 0;
        assert_int_equal((int)strlen(line), 24);
        check_facelets(line);
    }
    assert_int_equal(seen, 8);
    free(out);
    free(err);
    check_facelets("UUUURRRRFFFFDDDDLLLLBBBB");
    check_facelets("WYRGYBYOGOWROGYGBWOBRRWB"); /* the README's net, other letters */
}

/* Every face of a drawn 2x2x2 net one letter (any orientation). */
static void assert_net_solved(const char *net)
{
    char rows[6][16];
    int r = 0;
    for (const char *p = net; *p && r < 6; r++) {
        int k = 0;
        for (; *p && *p != '\n'; p++)
            if (*p != ' ' && k < 15)
                rows[r][k++] = *p;
        rows[r][k] = 0;
        p += *p == '\n';
    }
    assert_int_equal(r, 6);
    for (int i = 0; i < 6; i += 2) {
        int width = (int)strlen(rows[i]);
        assert_string_equal(rows[i], rows[i + 1]);
        for (int k = 0; k < width; k += 2)
            assert_int_equal(rows[i][k], rows[i][k + 1]);
    }
}

/* A scramble, then the answer on top of it: solved. */
static void test_scramble_replayed(void **state)
{
    (void)state;
    const char *scrambles[] = {"R U2 F' R", "x R U R' U' y2 F", "Rw U' L2 D B'",
                               "R U R' U' R' F R2 U' R' U' R U R' F'", ""};
    for (size_t i = 0; i < sizeof scrambles / sizeof *scrambles; i++) {
        char args[1024], *out, *err, *net;
        long obtm, stm;
        snprintf(args, sizeof args, "nnn --db %s --size 2 \"%s\"", tu_db_path, scrambles[i]);
        assert_int_equal(solve(&out, &err, args), 0);
        assert_non_null(strstr(out, ") optimal by pocket-table\n"));
        split_answer(out, &obtm, &stm);
        assert_true(obtm <= 11);
        snprintf(args, sizeof args, "nnn --size 2 --show \"%s %s\"", scrambles[i], out);
        assert_int_equal(solve(&net, NULL, args), 0);
        assert_net_solved(net);
        free(net);
        free(out);
        free(err);
    }
}

static void test_output_forms(void **state)
{
    (void)state;
    char args[1024];
    snprintf(args, sizeof args, "--db %s --size 2 --json \"R U\"", tu_db_path);
    tu_nnn_expect(args, 0, "{\"puzzle\":\"nnn\",\"size\":2,\"solution\":\"U' R'\",\"obtm\":2,\"stm\":2,\"optimal\":true,", "");
    snprintf(args, sizeof args, "--db %s --size 2 --stages \"R U\"", tu_db_path);
    tu_nnn_expect(args, 0, "contours: (OBTM 0, STM 0)\ninterieur: (OBTM 0, STM 0)\ncube3: U' R' (OBTM 2, STM 2)\n"
                           "U' R' (OBTM 2, STM 2) optimal by pocket-table\n", "");
    snprintf(args, sizeof args, "--db %s --size 2 --json --stages \"R U\"", tu_db_path);
    tu_nnn_expect(args, 0, "\"optimal\":true", "");
    /* a 3x3x3 of at most 5 moves is the short search's answer (optimal),
     * a longer one the two-phase's: short, not proven optimal */
    snprintf(args, sizeof args, "--db %s --size 3 --json \"R U F' D2 L B\"", tu_db_path);
    tu_nnn_expect(args, 0, "\"optimal\":false,\"method\":\"commutators\"", "");
    snprintf(args, sizeof args, "--db %s --size 3 \"R U\"", tu_db_path);
    tu_nnn_expect(args, 0, "U' R' (OBTM 2, STM 2) optimal by search\n", "");
}

/* Batches: every 2x2x2 line optimal, other sizes as before. */
static void test_batch(void **state)
{
    (void)state;
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "printf 'R U\\nx R F\\n\\nR2 F2 U\\n' | %s/godtab-solve nnn --db %s --size 2", GODTAB_BIN,
             tu_db_path);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_string_equal(out, "U' R' (OBTM 2, STM 2) optimal by pocket-table\nF' R' (OBTM 2, STM 2) optimal by "
                             "pocket-table\nU' F2 R2 (OBTM 3, STM 3) optimal by pocket-table\n");
    assert_string_equal(err, "");
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd,
             "printf 'UUUURRRRFFFFDDDDLLLLBBBB\\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\\n' | "
             "%s/godtab-solve nnn --db %s",
             GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_string_equal(out, "(OBTM 0, STM 0) optimal by pocket-table\n(OBTM 0, STM 0) optimal by search\n");
    free(out);
    free(err);
}

/* No table: the reduction answers, as before the table was used. */
static void test_without_table(void **state)
{
    (void)state;
    char args[1024], *out, *err;
    char *other = NULL;
    assert_true(asprintf(&other, "%s/qtm-only", tu_db_dir) > 0);
    snprintf(args, sizeof args, "%s/godtab-gen --quiet --db %s pocket-qtm", GODTAB_BIN, other);
    assert_int_equal(tu_run(args, NULL, NULL), 0);
    const char *dbs[] = {"/nonexistent/godtab.lmdb", other};
    for (int i = 0; i < 2; i++) {
        snprintf(args, sizeof args, "nnn --db %s --size 2 \"R U2 F' R U' F2 R' U F\"", dbs[i]);
        assert_int_equal(solve(&out, &err, args), 0);
        assert_string_equal(err, "");
        assert_non_null(strstr(out, "(OBTM "));
        assert_null(strstr(out, "optimal"));
        free(out);
        free(err);
        snprintf(args, sizeof args, "--db %s --size 2 --json \"R U2 F' R U' F2 R' U F\"", dbs[i]);
        tu_nnn_expect(args, 0, "\"optimal\":false", "");
    }
    free(other);
}

/* A damaged table: said once on stderr (how to rebuild it), and the
 * reduction still answers, exit 0 (the table only ever shortens answers). */
static void test_damaged_table(void **state)
{
    (void)state;
    char args[1024], *out, *err;
    char *other = NULL;
    assert_true(asprintf(&other, "%s/damaged", tu_db_dir) > 0);
    snprintf(args, sizeof args, "%s/godtab-gen --quiet --db %s pocket-htm", GODTAB_BIN, other);
    assert_int_equal(tu_run(args, NULL, NULL), 0);
    tu_lmdb_flip(other, "pocket-htm/data/00000001", 100);
    snprintf(args, sizeof args, "nnn --db %s --size 2 \"R U2 F' R U' F2 R' U F\"", other);
    assert_int_equal(solve(&out, &err, args), 0);
    assert_non_null(strstr(out, "(OBTM "));
    assert_null(strstr(out, "optimal"));
    assert_non_null(strstr(err, "pocket-htm"));
    assert_non_null(strstr(err, "godtab-gen --db ")); /* the database asked for */
    assert_non_null(strstr(err, " pocket)"));
    assert_int_equal((int)(strchr(err, '\n') - err) + 1, (int)strlen(err)); /* one line */
    free(out);
    free(err);
    free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_facelets_optimal),
        cmocka_unit_test(test_scramble_replayed),
        cmocka_unit_test(test_output_forms),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_without_table),
        cmocka_unit_test(test_damaged_table),
    };
    return cmocka_run_group_tests(tests, setup, tu_db_teardown);
}
