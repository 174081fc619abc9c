/* godtab-serve's optimal cube3 (issue 14): with only cube3-corners built the
 * solver reads the corners alone (exact, slow past ~12 moves), enough to
 * check an optimal answer against godtab-solve cube3 --corners-only, the
 * proven lower bound of a search that runs out of time (distance null,
 * "limit" with code 10), malformed and impossible cubes, and the error of a
 * database without the cube3 tables. */
#include "test_util.h"

#include "test_serve_util.h"

static int setup(void **state)
{
    (void)state;
    assert_int_equal(tu_db_setup("cube3-corners pocket-htm"), 0);
    assert_int_equal(start_server(&srv, "--max-timeout 5"), 0);
    return 0;
}

static int teardown(void **state)
{
    assert_int_equal(stop_server(&srv, SIGTERM), 0);
    return tu_db_teardown(state);
}

static void test_optimal_answer(void **state)
{
    (void)state;
    char *out, *cli, cmd[4096];
    assert_int_equal(http("GET", "/api/solve?puzzle=cube3&scramble=R%20U%20R%27%20U%27%20F2", NULL, &out), 200);
    assert_non_null(strstr(out, "{\"puzzle\":\"cube3\",\"metric\":\"htm\",\"distance\":5,\"solution\":\""));
    snprintf(cmd, sizeof cmd, "%s/godtab-solve cube3 --corners-only --db %s \"R U R' U' F2\"", GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &cli, NULL), 0);
    /* the same optimal solution as the CLI's */
    char solution[256];
    assert_int_equal(sscanf(strstr(out, "\"solution\":\"") + 12, "%255[^\"]", solution), 1);
    assert_true(!strncmp(cli, solution, strlen(solution)));
    free(cli);
    free(out);
    const char *body = "{\"puzzle\":\"cube3\",\"facelets\":\"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\"}";
    assert_int_equal(http("POST", "/api/solve", body, &out), 200);
    assert_non_null(strstr(out, "\"distance\":0,\"solution\":\"\""));
    free(out);
}

static void test_lower_bound_when_out_of_time(void **state)
{
    (void)state;
    char *out;
    /* a random state: far past what the corners alone prove in 0.3 s */
    const char *body = "{\"puzzle\":\"cube3\",\"timeout\":0.3,"
                       "\"facelets\":\"UULDUUUFDBLDLRBDRRBULFFBULRFFFFDBDDULRRBLDBRLFRBUBDFLR\"}";
    assert_int_equal(http("POST", "/api/solve", body, &out), 200);
    assert_non_null(strstr(out, "\"distance\":null,\"lower_bound\":"));
    assert_non_null(strstr(out, "\"limit\":{\"code\":10,\"kind\":\"limit\""));
    free(out);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R%20Q", NULL, 400, 2, "malformed", "unknown move 'Q'");
    expect_error("GET",
                 "/api/solve?puzzle=cube3&facelets=UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", NULL, 422, 3,
                 "impossible", "edge flip sum odd");
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R&timeout=99", NULL, 400, 1, "usage", "--max-timeout");
}

/* A database without cube3-corners: the optimal search says what to build. */
static void test_without_tables(void **state)
{
    (void)state;
    server other = srv;
    char *dir = tu_mkdtemp(), cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-gen --quiet --db %s/db pocket-htm", GODTAB_BIN, dir);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    char *saved = tu_db_path, *saved_dir = tu_db_dir, path[4200];
    snprintf(path, sizeof path, "%s/db", dir);
    tu_db_path = path;
    tu_db_dir = dir;
    assert_int_equal(start_server(&srv, ""), 0);
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R%20U", NULL, 404, 4, "missing", "godtab-gen cube3");
    int stopped = stop_server(&srv, SIGTERM);
    srv = other; /* restored before asserting, so the group teardown stops the first server even if this fails */
    tu_db_path = saved;
    tu_db_dir = saved_dir;
    tu_rmrf(dir);
    free(dir);
    assert_int_equal(stopped, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_optimal_answer),
        cmocka_unit_test(test_lower_bound_when_out_of_time),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_without_tables),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
