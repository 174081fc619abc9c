/* End to end: godtab-gen taquin builds, stores and reports into a temporary
 * LMDB; godtab-solve taquin answers single queries, batches, JSON, --show,
 * and every error path with its documented exit code. */
#include "test_util.h"

#include "gt_error.h"
#include "taquin.h"

typedef struct fixture {
    char *dir;
    char db[4200];
    char *report; /* godtab-gen's output */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    char cmd[8192];
    assert_non_null(f);
    f->dir = tu_mkdtemp();
    snprintf(f->db, sizeof f->db, "%s/db", f->dir);
    snprintf(cmd, sizeof cmd, "%s/godtab-gen --db '%s' --threads 2 taquin", GODTAB_BIN, f->db);
    assert_int_equal(tu_run(cmd, &f->report, NULL), 0);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    tu_rmrf(f->dir);
    free(f->dir);
    free(f->report);
    free(f);
    return 0;
}

/* Runs godtab-solve taquin with args (and stdin text if not NULL). */
static int solve(const fixture *f, const char *args, const char *input, char **out, char **err)
{
    char cmd[8192];
    if (input)
        snprintf(cmd, sizeof cmd, "printf '%s' | %s/godtab-solve taquin --db '%s' %s", input,
                 GODTAB_BIN, f->db, args);
    else
        snprintf(cmd, sizeof cmd, "%s/godtab-solve taquin --db '%s' %s", GODTAB_BIN, f->db, args);
    return tu_run(cmd, out, err);
}

/* Checks an answer line "M1 M2 ... (d)": d moves that solve the configuration. */
static int check_answer(int rows, int cols, const char *config, const char *line)
{
    gt_taquin_board b;
    gt_parse_error e;
    uint64_t code;
    int moves[64], count, distance = -1;
    char text[512];
    assert_int_equal(gt_taquin_board_init(&b, rows, cols), 0);
    assert_int_equal(gt_taquin_parse(&b, config, &code, &e), 0);
    const char *open = strrchr(line, '(');
    assert_non_null(open);
    assert_int_equal(sscanf(open, "(%d)", &distance), 1);
    snprintf(text, sizeof text, "%.*s", (int)(open - line), line);
    assert_int_equal(gt_taquin_parse_moves(&b, text, moves, 64, &count, &e), 0);
    assert_int_equal(count, distance);
    for (int i = 0; i < count; i++)
        code = gt_taquin_apply_move(&b, code, moves[i]);
    assert_int_equal(code, 0);
    return distance;
}

static void test_gen_report(void **state)
{
    fixture *f = *state;
    const char *expected[] = {
        "legal configurations   192 (article 192) ok",
        "agrees with reachability on 512 of 512 codes ok",
        "God's number           7 (article 7) ok",
        "types under D4         48 (article 48) ok",
        "1: 8, 2: 4, 4: 28, 8: 8 (article 8, 4, 28, 8) ok",
        "types per distance     1 2 6 11 13 9 4 2 (article 1 2 6 11 13 9 4 2) ok",
        "|H|     768 = 4 x 192",
        "order 4..4 over the 192 legal configurations",
        "A,0 G,1 B,0/E,1 I,0 F,0/C,0 H,0 D,0 (article",
        "upward niches          9 (article 9) ok",
        "1152 of 1152 moves change the distance by exactly one ok",
        "A->B by L1 L3, B->A by C3",
        "(i)   the balls B(c,2) cover every type but (5;1): FALSE",
        "111/111/111 [article (3;2), upward niche, nearest beacon 3 moves]",
        "010/111/010 [article (5;1), upward niche, nearest beacon 3 moves]",
        "(ii)  every type but b and (5;1) has a beacon within 2 on a shortest path: FALSE",
        "(iii) every beacon reaches the goal by straight hops of <= 2 between beacons: HOLDS",
        "5 beacons (34 optimal sets)",
        /* the annexe's numbering, recomputed from the stored table (issue 18) */
        "4 labellings with the fewest differing lists (1 of 96)",
        "2 labellings remain after the text's examples",
        "(5;9)=(5;3) 101/100/000",
        "annexe erratum: (6;3) voisins montants (line 2501) print 3,5,8, true 3,5,8,9",
        "  3x3     192         7    48         yes",
        "  6x6     10077696    12   1325760    no",
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
        if (!strstr(f->report, expected[i]))
            fail_msg("report lacks: %s\n%s", expected[i], f->report);
    assert_null(strstr(f->report, "DIFFERS"));
    assert_null(strstr(f->report, "not built"));
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s/godtab-gen --db '%s' --verify taquin", GODTAB_BIN, f->db);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
}

/* 2.2: configurations 1-7 at 2 2 2 3 3 3 4, answered and replayed. */
static void test_worked_examples(void **state)
{
    fixture *f = *state;
    static const char *configs[] = {"I00/II0/I00", "I00/0II/I00", "000/00I/III", "000/00I/000",
                                    "000/0I0/000", "0I0/000/I0I", "I0I/000/I0I"};
    static const int distances[] = {2, 2, 2, 3, 3, 3, 4};
    for (int i = 0; i < 7; i++) {
        char *out, *err, args[64];
        snprintf(args, sizeof args, "'%s'", configs[i]);
        assert_int_equal(solve(f, args, NULL, &out, &err), 0);
        assert_int_equal(check_answer(3, 3, configs[i], out), distances[i]);
        assert_string_equal(err, "");
        free(out);
        free(err);
    }
    char *out, *err;
    assert_int_equal(solve(f, "000000000", NULL, &out, &err), 0);
    assert_string_equal(out, "(0)\n");
    free(out);
    free(err);
    /* Anaïs (2.7.4.1): odd, so never 10. */
    assert_int_equal(solve(f, "110/101/100", NULL, &out, &err), 0);
    assert_int_equal(check_answer(3, 3, "110/101/100", out) % 2, 1);
    free(out);
    free(err);
}

static void test_json_and_show(void **state)
{
    fixture *f = *state;
    char *out, *err;
    assert_int_equal(solve(f, "--json --show 110/000/100", NULL, &out, &err), 0);
    assert_non_null(strstr(out, "{\"puzzle\":\"taquin\",\"board\":\"3x3\",\"config\":\"110/000/100\","
                                "\"distance\":5,\"solution\":\""));
    assert_non_null(strstr(out, "\"orbit_size\":8,\"number\":\"(5;"));
    assert_non_null(strstr(out, "\"stabiliser\":[\"i\"]"));
    assert_non_null(strstr(out, "\"neighbours\":[{"));
    free(out);
    free(err);
    assert_int_equal(solve(f, "--show 110/000/100", NULL, &out, &err), 0);
    assert_non_null(strstr(out, "1 1 0\n0 0 0\n1 0 0\n"));
    assert_non_null(strstr(out, "at distance 5: 8 configurations, stabiliser {i}"));
    assert_non_null(strstr(out, "closer (4):"));
    assert_non_null(strstr(out, "farther (6):"));
    free(out);
    free(err);
    /* A 6x6 query, rows unseparated, I for 1. */
    assert_int_equal(solve(f, "--board 6x6 000000I1111I100001100001I1111I000000", NULL, &out, &err), 0);
    int d = check_answer(6, 6, "000000I1111I100001100001I1111I000000", out);
    assert_true(d >= 1 && d <= 12);
    free(out);
    free(err);
    assert_int_equal(solve(f, "--board 4x5 --show 0000/0000/0000/0000/0000", NULL, &out, &err),
                     GT_EXIT_PARSE);
    free(out);
    free(err);
    assert_int_equal(solve(f, "--board 4x5 --show 00100/11111/00100/00100", NULL, &out, &err), 0);
    out[strlen(out) - 1] = 0; /* the answer is the last line, after the drawing and the type */
    check_answer(4, 5, "00100/11111/00100/00100", strrchr(out, '\n') + 1);
    assert_non_null(strstr(out, "type (")); /* 20736 states: the types are numbered (d;k) */
    free(out);
    free(err);
}

static void test_errors(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *args;
        int code;
        const char *message;
    } cases[] = {
        {"11010110", GT_EXIT_PARSE, "wrong length: 8 tiles, a 3x3 board has 9"},
        {"110/101/1000", GT_EXIT_PARSE, "row 3 has 4 tiles"},
        {"110/1x1/100", GT_EXIT_PARSE, "bad character 'x' at position 6"},
        {"00I/000/I00", GT_EXIT_ILLEGAL, "diagonal invariant fails"},
        {"000/000/00I", GT_EXIT_ILLEGAL, "corner sum is odd"},
        {"--board 4x4 0000/0100/0000/0000", GT_EXIT_ILLEGAL, "orbit sum is odd"},
        {"--board 7x7 0", GT_EXIT_USAGE, "--board wants NxM"},
        {"110 101 100", GT_EXIT_USAGE, "give one CONFIG"},
        {"--frobnicate", GT_EXIT_USAGE, "unknown option or missing value '--frobnicate'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out, *err;
        assert_int_equal(solve(f, cases[i].args, NULL, &out, &err), cases[i].code);
        if (!strstr(err, cases[i].message))
            fail_msg("'%s': stderr lacks '%s': %s", cases[i].args, cases[i].message, err);
        assert_string_equal(out, "");
        /* one line */
        if (cases[i].code != GT_EXIT_USAGE || strstr(cases[i].args, "board"))
            assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
        free(out);
        free(err);
    }
}

static void test_batch(void **state)
{
    fixture *f = *state;
    char *out, *err;
    assert_int_equal(solve(f, "", "110/101/100\\n111\\n\\n# comment\\n00I/000/I00\\nI0I/000/I0I\\n",
                           &out, &err),
                     GT_EXIT_PARTIAL);
    /* one output line an input line: failed lines as "error: ..." in place */
    char *line[4], *p = out;
    for (int k = 0; k < 4; k++) {
        line[k] = p;
        p = strchr(p, '\n');
        assert_non_null(p);
        *p++ = 0;
    }
    assert_string_equal(p, "");
    check_answer(3, 3, "110/101/100", line[0]);
    assert_string_equal(line[1], "error: wrong length: 3 tiles, a 3x3 board has 9");
    assert_true(!strncmp(line[2], "error: illegal configuration: diagonal invariant fails", 54));
    assert_int_equal(check_answer(3, 3, "I0I/000/I0I", line[3]), 4);
    assert_non_null(strstr(err, "line 2: wrong length: 3 tiles"));
    assert_non_null(strstr(err, "line 5: illegal configuration: diagonal invariant fails"));
    free(out);
    free(err);
    /* All good: exit 0, JSON one object a line. */
    assert_int_equal(solve(f, "--json --board 2x3", "000/000\\n110/100\\n", &out, &err), 0);
    assert_non_null(strstr(out, "\"board\":\"2x3\",\"config\":\"000/000\",\"distance\":0"));
    assert_non_null(strstr(out, "\"config\":\"110/100\""));
    free(out);
    free(err);
}

static void test_missing_table(void **state)
{
    fixture *f = *state;
    char *dir = tu_mkdtemp(), cmd[8192], *out, *err;
    snprintf(cmd, sizeof cmd, "%s/godtab-gen --db '%s/db' taquin-3x3", GODTAB_BIN, dir);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    snprintf(cmd, sizeof cmd, "%s/godtab-solve taquin --db '%s/db' --board 4x4 0000/0000/0000/0000",
             GODTAB_BIN, dir);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "godtab-gen --db ")); /* the database asked for */
    assert_non_null(strstr(err, "/db taquin-4x4"));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "%s/godtab-solve taquin --db '%s/none' 000000000", GODTAB_BIN, dir);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "/none taquin-3x3"));
    free(out);
    free(err);
    tu_rmrf(dir);
    free(dir);
    (void)f;
}

/* --random (issue 26): every family's shape, the board, a tab, an optimal
 * scramble; the board is solved in as many flips as the scramble has. */
static void test_random(void **state)
{
    fixture *f = *state;
    char *out, *out2, *err;
    assert_int_equal(solve(f, "--random 6 --seed 3", NULL, &out, &err), 0);
    assert_int_equal(solve(f, "--random 6 --seed 3", NULL, &out2, NULL), 0);
    assert_string_equal(out, out2);
    int lines = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        char *tab = strchr(line, '\t'), args[256], want[16], *ans;
        assert_non_null(tab);
        *tab = 0;
        int d = 0;
        for (const char *p = tab + 1; *p; p++)
            d += *p != ' ' && (p == tab + 1 || p[-1] == ' ');
        snprintf(args, sizeof args, "'%s'", line);
        snprintf(want, sizeof want, "(%d)", d);
        assert_int_equal(solve(f, args, NULL, &ans, NULL), 0);
        assert_non_null(strstr(ans, want));
        free(ans);
    }
    assert_int_equal(lines, 6);
    free(out);
    free(out2);
    free(err);
    assert_int_equal(solve(f, "--board 2x3 --random 1 --seed 3 --json", NULL, &out, NULL), 0);
    assert_non_null(strstr(out, "{\"puzzle\":\"taquin\",\"metric\":\"flip\",\"state\":\""));
    assert_non_null(strstr(out, "\",\"scramble\":\""));
    assert_non_null(strstr(out, ",\"length\":"));
    free(out);
    assert_int_equal(solve(f, "--random 1 100/100/100", NULL, NULL, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--random takes no CONFIG"));
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gen_report),    cmocka_unit_test(test_worked_examples),
        cmocka_unit_test(test_json_and_show), cmocka_unit_test(test_errors),
        cmocka_unit_test(test_batch),         cmocka_unit_test(test_missing_table),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
