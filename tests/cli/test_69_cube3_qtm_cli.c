/* godtab-solve cube3 --metric qtm end to end (issue 11): a half turn is
 * printed U2 and counted two quarter turns, as Cube Explorer does; --all
 * lists each solution once and counts what it prints; --json agrees with
 * the text. A private database holds only the corner table (built here
 * with godtab-gen, ~4 s). */
#include "test_util.h"

#include "cube3.h"

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("cube3-corners");
}

static int solve(const char *args, char **out)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db %s --quiet --corners-only --metric qtm %s", GODTAB_BIN,
             tu_db_path, args);
    return tu_run(cmd, out, NULL);
}

/* The quarter-turn count of a printed solution ("R2 F' B"), checking on
 * the way that it solves `scramble` (U2 applied as a half turn) and never
 * turns one face twice in a row (U U would be U2). */
static int check_solution(const char *scramble, const char *solution)
{
    gt_cube3 c, t;
    gt_parse_error pe;
    char both[512];
    assert_int_equal(gt_cube3_from_scramble(scramble, &c, &pe), 0);
    snprintf(both, sizeof both, "%s %s", scramble, solution);
    assert_int_equal(gt_cube3_from_scramble(both, &t, &pe), 0);
    assert_true(gt_cube3_is_solved(&t));
    int quarters = 0, last = -1;
    for (const char *p = solution; *p; p++) {
        if (!strchr("URFDLB", *p))
            continue;
        int face = (int)(strchr("URFDLB", *p) - "URFDLB");
        assert_true(face != last);
        last = face;
        quarters += p[1] == '2' ? 2 : 1;
    }
    return quarters;
}

static void test_half_turn_printed_u2(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(solve("R2", &out), 0);
    assert_string_equal(out, "R2 (2)\n");
    free(out);
    assert_int_equal(solve("\"R2 U\"", &out), 0);
    assert_string_equal(out, "U' R2 (3)\n");
    free(out);
    assert_int_equal(solve("--json \"R2 U\"", &out), 0);
    assert_non_null(strstr(out, "{\"puzzle\":\"cube3\",\"metric\":\"qtm\",\"distance\":3,\"solution\":\"U' R2\","));
    free(out);
    /* HTM is unchanged */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db %s --quiet --corners-only \"R2 U\"", GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_string_equal(out, "U' R2 (2)\n");
    free(out);
}

/* --all: each printed line a distinct solution of the distance in quarter
 * turns, the count the number of lines, and --json the same list. */
static void test_all_lists_each_once(void **state)
{
    (void)state;
    static const char *const scrambles[] = {"U2 D2", "B' U2 B' F R2"};
    static const char *const expect[] = {"U2 D2\n1 optimal solution of length 4\n",
                                         "R2 F' B U2 B\nB R2 F' B U2\n2 optimal solutions of length 7\n"};
    for (int s = 0; s < 2; s++) {
        char args[256], *text, *json;
        snprintf(args, sizeof args, "--all \"%s\"", scrambles[s]);
        assert_int_equal(solve(args, &text), 0);
        assert_string_equal(text, expect[s]);
        snprintf(args, sizeof args, "--all --json \"%s\"", scrambles[s]);
        assert_int_equal(solve(args, &json), 0);
        /* each text line checked, and found in the JSON list in the same order */
        int lines = 0, distance;
        const char *at = strstr(json, "\"solutions\":[");
        assert_non_null(at);
        char *save = NULL, *copy = strdup(text);
        for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            if (strstr(line, "optimal solution")) {
                assert_int_equal(sscanf(strstr(line, "length ") + 7, "%d", &distance), 1);
                continue;
            }
            char quoted[256];
            snprintf(quoted, sizeof quoted, "\"%s\"", line);
            assert_non_null(at = strstr(at, quoted));
            at += strlen(quoted);
            assert_int_equal(check_solution(scrambles[s], line), s == 0 ? 4 : 7);
            lines++;
        }
        char count[64];
        snprintf(count, sizeof count, "],\"count\":%d,", lines);
        assert_non_null(strstr(json, count));
        snprintf(count, sizeof count, "\"distance\":%d,", distance);
        assert_non_null(strstr(json, count));
        free(copy);
        free(text);
        free(json);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_half_turn_printed_u2),
        cmocka_unit_test(test_all_lists_each_once),
    };
    return cmocka_run_group_tests(tests, setup, tu_db_teardown);
}
