/* godtab-solve cube3 --max-length / --near / --random end to end: the
 * two-phase solver needs no database (a path that does not exist is given:
 * it builds its small tables), reads the stored table cube3-twophase when a
 * database has it (built here, 7-15 s), and falls back when a database does
 * not have it;
 * every answer is replayed here on the cubies, the random scrambles give
 * their facelets back and are reproducible from the seed, and the exit codes. */
#include "test_util.h"

#include "cube3.h"
#include "gt_error.h"

/* Runs godtab-solve cube3 against a database that does not exist. */
static int solve(const char *args, const char *input, char **out, char **err)
{
    char cmd[4096];
    if (input)
        snprintf(cmd, sizeof cmd, "printf '%s' | %s/godtab-solve cube3 --db /nonexistent/godtab-db %s", input,
                 GODTAB_BIN, args);
    else
        snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db /nonexistent/godtab-db %s", GODTAB_BIN, args);
    return tu_run(cmd, out, err);
}

/* The moves of an answer line "MOVES (N, ...)" applied to pos: 1 if solved
 * and the count is N <= max. */
static int answer_solves(const gt_cube3 *pos, const char *line, int max)
{
    char moves[512];
    const char *paren = strchr(line, '(');
    if (!paren || (size_t)(paren - line) >= sizeof moves)
        return 0;
    memcpy(moves, line, (size_t)(paren - line));
    moves[paren - line] = 0;
    gt_cube3 sol, c;
    if (gt_cube3_from_scramble(moves, &sol, NULL) != GT_OK)
        return 0;
    gt_cube3_multiply(pos, &sol, &c);
    return gt_cube3_is_solved(&c) && atoi(paren + 1) <= max;
}

static void test_near_and_max_length(void **state)
{
    (void)state;
    const char *scramble = "R U R' U' F2 D L2 B R2 D' F U2 L B' R D2 F' L";
    char args[512], *out, *err;
    gt_cube3 pos;
    assert_int_equal(gt_cube3_from_scramble(scramble, &pos, NULL), GT_OK);
    snprintf(args, sizeof args, "--near \"%s\"", scramble);
    assert_int_equal(solve(args, NULL, &out, &err), 0);
    assert_true(answer_solves(&pos, out, 20));
    assert_non_null(strstr(out, "not proven optimal"));
    free(out);
    free(err);
    snprintf(args, sizeof args, "--max-length 22 --json \"%s\"", scramble);
    assert_int_equal(solve(args, NULL, &out, &err), 0);
    assert_non_null(strstr(out, "\"optimal\":false,\"max_length\":22,\"length\":"));
    free(out);
    free(err);
    /* shallow: exactly the distance, and an honest "none" below it */
    assert_int_equal(solve("--max-length 3 \"R U F\"", NULL, &out, &err), 0);
    assert_non_null(strstr(out, "(3, at most 3"));
    free(out);
    free(err);
    assert_int_equal(solve("--max-length 2 \"R U F\"", NULL, &out, &err), GT_EXIT_TIMEOUT);
    assert_non_null(strstr(err, "no solution of at most 2 moves exists (the shortest has 3)"));
    free(out);
    free(err);
}

static void test_errors_without_tables(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve("--near \"R Q\"", NULL, &out, &err), GT_EXIT_PARSE);
    free(out);
    free(err);
    assert_int_equal(solve("--near --facelets UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", NULL, &out,
                           &err), GT_EXIT_ILLEGAL);
    assert_non_null(strstr(err, "orbit 3 of 12"));
    free(out);
    free(err);
    assert_int_equal(solve("--max-length 31 R", NULL, NULL, NULL), GT_EXIT_USAGE);
    assert_int_equal(solve("--near --all R", NULL, NULL, NULL), GT_EXIT_USAGE);
    assert_int_equal(solve("--near --metric qtm R", NULL, NULL, NULL), GT_EXIT_USAGE);
    assert_int_equal(solve("--random 1 R", NULL, NULL, NULL), GT_EXIT_USAGE);
    /* a limit reached: a 12-move bound on a random state cannot be met in 0.3 s */
    assert_int_equal(solve("--max-length 12 --timeout 0.3 --facelets "
                           "BBRBULFFBUDBURBDUFDLLRFRDRRRDFFDLLFRLULBLFFUBULDRBDUDU", NULL, &out, &err),
                     GT_EXIT_TIMEOUT);
    assert_non_null(strstr(err, "no solution of at most 12 moves"));
    free(out);
    free(err);
}

static void test_batch(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve("--near", "R U\\nR Q\\nF2 B2\\n", &out, &err), GT_EXIT_PARTIAL);
    assert_non_null(strstr(out, "(2, at most 20"));
    assert_non_null(strstr(err, "line 2"));
    free(out);
    free(err);
}

static void test_random(void **state)
{
    (void)state;
    char *out, *out2, *err;
    assert_int_equal(solve("--random 5 --seed 42", NULL, &out, &err), 0);
    free(err);
    assert_int_equal(solve("--random 5 --seed 42", NULL, &out2, NULL), 0);
    assert_string_equal(out, out2); /* reproducible from the seed */
    free(out2);
    int lines = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        char facelets[GT_CUBE3_FACELETS + 1], scramble[512];
        gt_cube3 a, b;
        /* issue 26's one shape: the state, a tab, the scramble */
        assert_int_equal(line[GT_CUBE3_FACELETS], '\t');
        memcpy(facelets, line, GT_CUBE3_FACELETS);
        facelets[GT_CUBE3_FACELETS] = 0;
        snprintf(scramble, sizeof scramble, "%s", line + GT_CUBE3_FACELETS + 1);
        int moves = 0;
        for (const char *p = scramble; *p; p++)
            moves += *p != ' ' && (p == scramble || p[-1] == ' ');
        assert_true(moves <= 21);
        assert_int_equal(gt_cube3_from_facelets(facelets, &a, NULL, NULL, NULL), GT_OK);
        assert_int_equal(gt_cube3_from_scramble(scramble, &b, NULL), GT_OK);
        assert_true(gt_cube3_equal(&a, &b)); /* the scramble gives the facelets */
    }
    assert_int_equal(lines, 5);
    free(out);
    assert_int_equal(solve("--random 1 --seed 42 --json", NULL, &out, NULL), 0);
    assert_non_null(strstr(out, "{\"puzzle\":\"cube3\",\"metric\":\"htm\",\"state\":\""));
    assert_non_null(strstr(out, "\",\"length\":"));
    assert_non_null(strstr(out, "\"max_length\":21}"));
    free(out);
}

/* With a database that lacks the table (only the Floppy's), then with the
 * table built: the same kind of answer, replayed here. */
static void test_stored_table(void **state)
{
    (void)state;
    const char *scramble = "R U R' U' F2 D L2 B R2 D' F U2 L B' R D2 F' L";
    char cmd[1024], *out, *err;
    gt_cube3 pos;
    assert_int_equal(gt_cube3_from_scramble(scramble, &pos, NULL), GT_OK);
    assert_int_equal(tu_db_setup("floppy"), 0);
    snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --db %s --near \"%s\"", GODTAB_BIN, tu_db_path, scramble);
    assert_int_equal(tu_run(cmd, &out, &err), 0); /* not built: the small tables, no error */
    assert_true(answer_solves(&pos, out, 20));
    free(out);
    free(err);
    char gen[512];
    snprintf(gen, sizeof gen, "%s/godtab-gen --quiet --db %s cube3-twophase", GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(gen, NULL, NULL), 0);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_true(answer_solves(&pos, out, 20));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "printf 'R U\\nF2 B2\\n' | %s/godtab-solve cube3 --db %s --near", GODTAB_BIN,
             tu_db_path);
    assert_int_equal(tu_run(cmd, &out, &err), 0); /* standard input, both threads */
    assert_non_null(strstr(out, "U' R' (2, at most 20"));
    free(out);
    free(err);
    /* Eight bytes overwritten inside the table (its data, or a section): the
     * map or the first read of that block finds it, and no answer is taken
     * from it: exit 5, naming the table. */
    snprintf(cmd, sizeof cmd,
             "cp -r %s %s.bad && printf '\\125\\252\\125\\252\\125\\252\\125\\252' | "
             "dd of=%s.bad/data.mdb bs=1 seek=30000000 conv=notrunc 2>/dev/null && "
             "%s/godtab-solve cube3 --db %s.bad --random 1000 --seed 1",
             tu_db_path, tu_db_path, tu_db_path, GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_CORRUPT);
    assert_non_null(strstr(err, "cube3-twophase"));
    free(out);
    free(err);
    tu_db_teardown(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_near_and_max_length),
        cmocka_unit_test(test_errors_without_tables),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_stored_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
