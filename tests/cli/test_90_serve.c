/* End to end: godtab-serve over a temporary database holding pocket-htm,
 * taquin-3x3 and floppy-htm, on a free loopback port. Every endpoint, its
 * answers against godtab-solve --json byte for byte, every error object
 * (kind, exit code, HTTP status), the limits (body, batch, time budget,
 * long-job queue), the refusal of paths outside the static directory,
 * 20 concurrent keep-alive clients × 200 queries, and the stop signals. */

#include "test_serve_util.h"

#include "gt_error.h"

#include <pthread.h>

#define CLIENTS 20
#define PER_CLIENT 200

static int setup(void **state)
{
    (void)state;
    assert_int_equal(tu_db_setup("pocket-htm taquin-3x3 taquin-4x4 floppy-htm"), 0);
    /* a definition table: a puzzle of its own, registered at run time */
    char *cmd;
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s --def %s/puzzles/skewb.tws --name skewb", GODTAB_BIN,
                         tu_db_path, GODTAB_ROOT) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    /* and its pattern databases (skewb-pdb-pdb0, ...): the search answers */
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s --def %s/puzzles/skewb.tws --pdb auto --max-memory 8M "
                               "--name skewb-pdb",
                         GODTAB_BIN, tu_db_path, GODTAB_ROOT) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    assert_int_equal(start_server(&srv, "--max-batch 1000 --max-body 262144 --max-random 50 --max-timeout 5"), 0);
    return 0;
}

static int teardown(void **state)
{
    assert_int_equal(stop_server(&srv, SIGTERM), 0);
    return tu_db_teardown(state);
}

/* godtab-solve's output for args (a JSON line, with its newline). */
static char *cli(const char *args)
{
    char cmd[8192], *out;
    int n = snprintf(cmd, sizeof cmd, "%s/godtab-solve ", GODTAB_BIN);
    const char *sp = strchr(args, ' '); /* the puzzle first, then --db */
    snprintf(cmd + n, sizeof cmd - (size_t)n, "%.*s --db %s%s", (int)(sp - args), args, tu_db_path, sp);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    return out;
}

/* ---- endpoints ---- */

static void test_health_and_tables(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(http("GET", "/api/health", NULL, &out), 200);
    assert_non_null(strstr(out, "\"status\":\"ok\""));
    free(out);
    assert_int_equal(http("GET", "/api/tables", NULL, &out), 200);
    assert_non_null(strstr(out, "\"name\":\"pocket-htm\",\"puzzle\":\"pocket\""));
    assert_non_null(strstr(out, "\"gods_number\":11,\"distribution\":[1,9,54,321,1847,9992,50136,227536,870072,"
                                "1887748,623800,2644]"));
    assert_non_null(strstr(out, "\"distribution\":[1,6,23,41,48,41,24,8]")); /* taquin 3x3, the article's */
    assert_non_null(strstr(out, "\"checksum\":\""));
    assert_non_null(strstr(out, "\"built_at\":\""));
    assert_non_null(strstr(out, "\"not_built\":["));
    assert_non_null(strstr(out, "\"pocket-qtm\""));
    free(out);
}

/* GET /api/solve?QUERY equals `godtab-solve ARGS --json`. */
static void same_as_cli(const char *query, const char *args)
{
    char *got, *want = cli(args), path[2048];
    snprintf(path, sizeof path, "/api/solve?%s", query);
    assert_int_equal(http("GET", path, NULL, &got), 200);
    if (strcmp(got, want))
        fprintf(stderr, "%s\n  server: %s  cli:    %s", query, got, want);
    assert_string_equal(got, want);
    free(got);
    free(want);
}

/* issue 28: pattern databases answered through the one query path: the
 * search's answer, as long as the full table's, with its nodes and seconds. */
static void test_pattern_databases_are_served(void **state)
{
    (void)state;
    char *got, *full;
    assert_int_equal(http("GET", "/api/solve?puzzle=skewb-pdb&scramble=R%20U%20L'%20B", NULL, &got), 200);
    assert_int_equal(http("GET", "/api/solve?puzzle=skewb&scramble=R%20U%20L'%20B", NULL, &full), 200);
    assert_non_null(strstr(got, "{\"puzzle\":\"skewb-pdb\",\"metric\":\"htm\",\"distance\":"));
    assert_int_equal(atoi(strstr(got, "\"distance\":") + 11), atoi(strstr(full, "\"distance\":") + 11));
    assert_non_null(strstr(got, ",\"nodes\":"));
    assert_non_null(strstr(got, ",\"seconds\":"));
    free(got);
    free(full);
}

/* issue 27: the N×N×N answered through the one query path, as godtab-solve
 * nnn answers it: the reduction with cube3's two-phase, a 2x2x2 optimally
 * from the pocket-htm table of the database. */
static void test_nnn_is_served(void **state)
{
    (void)state;
    static const char *const queries[][2] = {
        {"puzzle=nnn&size=3&scramble=R%20U", "nnn --json --size 3 \"R U\""},
        {"puzzle=nnn&size=4&scramble=Rw%20U%20F", "nnn --json --size 4 \"Rw U F\""},
        {"puzzle=nnn&size=2&scramble=R%20U%20F", "nnn --json --size 2 \"R U F\""},
        /* issue 29: the short search in the metric asked */
        {"puzzle=nnn&size=4&metric=stm&scramble=R%20U%202R", "nnn --json --size 4 --metric stm \"R U 2R\""},
        {"puzzle=nnn&size=4&metric=obtm&scramble=R%20U%202R", "nnn --json --size 4 \"R U 2R\""},
    };
    for (size_t i = 0; i < sizeof queries / sizeof *queries; i++) {
        char *got, *want = cli(queries[i][1]), path[512];
        snprintf(path, sizeof path, "/api/solve?%s", queries[i][0]);
        assert_int_equal(http("GET", path, NULL, &got), 200);
        /* the same object up to "seconds" (the clock's own) */
        const char *cut = strstr(want, ",\"seconds\":");
        assert_non_null(cut);
        if (strncmp(got, want, (size_t)(cut - want)) != 0)
            fail_msg("%s\n  server: %s  cli:    %s", queries[i][0], got, want);
        assert_non_null(strstr(got, "\"stage_seconds\":{\"contours\":"));
        free(got);
        free(want);
    }
    char *got;
    assert_int_equal(http("GET", "/api/solve?puzzle=nnn&facelets=UUUURRRRFFFFDDDDLLLLBBBB", NULL, &got), 200);
    assert_non_null(strstr(got, "{\"puzzle\":\"nnn\",\"size\":2,\"solution\":\"\",\"obtm\":0"));
    free(got);
}

static void test_solve_equals_cli(void **state)
{
    (void)state;
    same_as_cli("puzzle=pocket&scramble=R%20U%20R%27%20U%27", "pocket --json \"R U R' U'\"");
    same_as_cli("puzzle=pocket&metric=htm&scramble=R2%20U2&all=1", "pocket --json --all \"R2 U2\"");
    same_as_cli("puzzle=pocket&scramble=R%20U2%20F%27%20x%20D&show=true", "pocket --json --show \"R U2 F' x D\"");
    same_as_cli("puzzle=pocket&facelets=WYRG%20YBYO%20GOWR%20OGYG%20BWOB%20RRWB",
                "pocket --json --facelets \"WYRG YBYO GOWR OGYG BWOB RRWB\"");
    same_as_cli("puzzle=pocket-htm&scramble=F", "pocket-htm --json F");
    same_as_cli("puzzle=taquin&config=110/101/100", "taquin --json 110/101/100");
    same_as_cli("puzzle=taquin&board=3x3&config=I0I/000/I0I&show=1", "taquin --json --show I0I/000/I0I");
    same_as_cli("puzzle=taquin-3x3&scramble=L1%20C1%20L1&all=1", "taquin-3x3 --json --all \"L1 C1 L1\"");
    same_as_cli("puzzle=floppy&scramble=R%20F%20L%20B", "floppy --json \"R F L B\"");
    same_as_cli("puzzle=floppy&state=4231/1000", "floppy --json --state 4231/1000");
    /* a table built from a definition file, by its name */
    same_as_cli("puzzle=skewb&scramble=R%20U", "skewb --json \"R U\"");
    /* POST with a JSON body gives the same object */
    char *got, *want = cli("pocket --json \"R U\"");
    assert_int_equal(http("POST", "/api/solve", "{\"puzzle\":\"pocket\",\"scramble\":\"R U\"}", &got), 200);
    assert_string_equal(got, want);
    free(got);
    free(want);
}

/* cube3 by the two-phase solver: the CLI's object (nodes and seconds aside,
 * seconds being a measurement), the limits, the errors. */
static void test_cube3_twophase(void **state)
{
    (void)state;
    char *got, *want = cli("cube3 --max-length 22 --json \"R U F\"");
    assert_int_equal(http("GET", "/api/solve?puzzle=cube3&scramble=R%20U%20F&max_length=22", NULL, &got), 200);
    *strstr(want, ",\"seconds\":") = 0;
    if (strncmp(got, want, strlen(want)))
        fprintf(stderr, "server: %s  cli:    %s\n", got, want);
    assert_true(!strncmp(got, want, strlen(want)));
    free(got);
    free(want);
    assert_int_equal(http("GET", "/api/solve?puzzle=cube3&facelets=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
                                 "&near=1", NULL, &got), 200);
    assert_non_null(strstr(got, "\"max_length\":20,\"length\":0,\"solution\":\"\""));
    free(got);
    /* stopped by the clock: the best found, and the CLI's exit-10 message */
    assert_int_equal(http("GET", "/api/solve?puzzle=cube3&max_length=15&timeout=0.001&scramble=R%20U%20F%20D%20L%20B"
                                 "%20R2%20U2%20F2%20D2%20L2%20B2%20R%20U%20F%20D%20L%20B", NULL, &got), 200);
    assert_non_null(strstr(got, "\"limit\":{\"code\":10,\"kind\":\"limit\",\"message\":\"no solution of at most 15"));
    free(got);
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R%20U%20F&max_length=2", NULL, 504, 10, "limit",
                 "no solution of at most 2 moves exists (the shortest has 3)");
    /* without max_length or near: the optimal search, whose tables this
     * database lacks (test_95_serve_cube3 has them) */
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R", NULL, 404, 4, "missing", "godtab-gen cube3");
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R&max_length=31", NULL, 400, 1, "usage", "max_length wants");
    expect_error("GET", "/api/solve?puzzle=cube3&near=1", NULL, 400, 1, "usage", "scramble or facelets");
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R%20Q&near=1", NULL, 400, 2, "malformed", "unknown move");
    expect_error("GET", "/api/solve?puzzle=cube3&near=1&facelets=UUUUURUUURURRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
                 NULL, 422, 3, "impossible", "edge flip sum odd");
}

static void test_solve_errors(void **state)
{
    (void)state;
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R%20Q", NULL, 400, 2, "malformed", "unknown move 'Q'");
    expect_error("GET", "/api/solve?puzzle=pocket&facelets=UUUFURRRFRFFDDDDLLLLBBBB", NULL, 422, 3, "impossible",
                 "twisted corner");
    expect_error("GET", "/api/solve?puzzle=taquin&config=111/111/110", NULL, 422, 3, "impossible", "corner sum");
    expect_error("GET", "/api/solve?puzzle=taquin&config=11/01", NULL, 400, 2, "malformed", "");
    expect_error("GET", "/api/solve?puzzle=pocket&metric=qtm&scramble=R", NULL, 404, 4, "missing",
                 "build it with: godtab-gen pocket-qtm");
    expect_error("GET", "/api/solve?puzzle=taquin&board=4x5&config=00000000000000000000", NULL, 404, 4, "missing",
                 "godtab-gen taquin-4x5");
    expect_error("GET", "/api/solve?puzzle=megaminx&scramble=R", NULL, 400, 1, "usage", "unknown puzzle");
    expect_error("GET", "/api/solve?puzzle=pocket&metric=stm&scramble=R", NULL, 400, 1, "usage", "no metric");
    expect_error("GET", "/api/solve?scramble=R", NULL, 400, 1, "usage", "give a puzzle");
    expect_error("GET", "/api/solve?puzzle=pocket", NULL, 400, 1, "usage", "give a scramble or facelets");
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R&facelets=x", NULL, 400, 1, "usage", "not both");
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R&show=maybe", NULL, 400, 1, "usage", "show wants");
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R&timeout=0", NULL, 400, 1, "usage", "timeout wants");
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R&timeout=99", NULL, 400, 1, "usage", "--max-timeout");
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R&near=1", NULL, 400, 1, "usage", "for cube3");
    expect_error("GET", "/api/solve?puzzle=nnn&scramble=R", NULL, 400, 2, "malformed", "needs its size");
    expect_error("GET", "/api/solve?puzzle=nnn&size=4&scramble=M", NULL, 400, 2, "malformed", "");
    expect_error("GET", "/api/solve?puzzle=nnn&size=1025&scramble=R", NULL, 400, 1, "usage", "size wants");
    expect_error("GET", "/api/solve?puzzle=nnn&size=4&metric=htm&scramble=R", NULL, 400, 1, "usage",
                 "metric wants one of obtm,stm, not 'htm'");
    expect_error("GET", "/api/solve?puzzle=nnn&facelets=UUUURRRRFFFFDDDDLLLLBBBC", NULL, 400, 2, "malformed",
                 "not a cube");
    expect_error("GET", "/api/solve?puzzle=skewb&scramble=R%20Q", NULL, 400, 2, "malformed", "Q");
    expect_error("GET", "/api/solve?puzzle=skewb&scramble=R&near=1", NULL, 400, 1, "usage", "for cube3");
    expect_error("GET", "/api/solve?puzzle=taquin&board=9x9&config=0", NULL, 400, 1, "usage", "board wants");
    expect_error("POST", "/api/solve", "{\"puzzle\":", 400, 2, "malformed", "not a JSON object");
    expect_error("POST", "/api/solve", "[1,2]", 400, 2, "malformed", "not a JSON object");
    expect_error("DELETE", "/api/solve", NULL, 405, 1, "usage", "accepts GET, HEAD, POST only");
    expect_error("GET", "/api/solve/batch", NULL, 405, 1, "usage", "accepts POST only");
    expect_error("POST", "/api/tables", "", 405, 1, "usage", "accepts GET, HEAD only");
    expect_error("GET", "/api/nothing", NULL, 404, 1, "usage", "no such endpoint");
}

static void test_batch(void **state)
{
    (void)state;
    char *out;
    /* plain lines with the URL's defaults, a bad line answered in its place */
    assert_int_equal(http("POST", "/api/solve/batch?puzzle=pocket", "R U\nR Q\n\n# note\nF2 U\r\n", &out), 200);
    assert_non_null(strstr(out, "{\"count\":3,\"failed\":1,\"answers\":["));
    assert_non_null(strstr(out, "{\"index\":0,\"puzzle\":\"pocket\",\"metric\":\"htm\",\"distance\":2,\"solution\":"
                                "\"U' R'\"}"));
    assert_non_null(strstr(out, "{\"index\":1,\"error\":{\"code\":2,\"kind\":\"malformed\",\"message\":\"unknown "
                                "move 'Q' at column 3\"}}"));
    assert_non_null(strstr(out, "{\"index\":2,\"puzzle\":\"pocket\""));
    free(out);
    /* NDJSON objects, mixed puzzles, one not JSON at all */
    assert_int_equal(http("POST", "/api/solve/batch",
                          "{\"puzzle\":\"taquin\",\"config\":\"110/101/100\"}\n{\"puzzle\":\n"
                          "{\"puzzle\":\"floppy\",\"state\":\"4231/1000\"}\n",
                          &out),
                     200);
    assert_non_null(strstr(out, "{\"index\":0,\"puzzle\":\"taquin\",\"board\":\"3x3\",\"config\":\"110/101/100\","
                                "\"distance\":5"));
    assert_non_null(strstr(out, "{\"index\":1,\"error\":{\"code\":2,\"kind\":\"malformed\""));
    assert_non_null(strstr(out, "{\"index\":2,\"puzzle\":\"floppy\""));
    free(out);
    /* a JSON array; format=facelets for plain lines */
    assert_int_equal(http("POST", "/api/solve/batch",
                          "[{\"puzzle\":\"pocket\",\"scramble\":\"R\"},{\"puzzle\":\"pocket\",\"facelets\":"
                          "\"UUUFURRRFRFFDDDDLLLLBBBB\"},7]",
                          &out),
                     200);
    assert_non_null(strstr(out, "\"count\":3,\"failed\":2"));
    assert_non_null(strstr(out, "{\"index\":1,\"error\":{\"code\":3,\"kind\":\"impossible\""));
    assert_non_null(strstr(out, "{\"index\":2,\"error\":{\"code\":1,\"kind\":\"usage\""));
    free(out);
    assert_int_equal(http("POST", "/api/solve/batch?puzzle=pocket&format=facelets", "UUUURRRRFFFFDDDDLLLLBBBB\n", &out),
                     200);
    assert_non_null(strstr(out, "\"distance\":0"));
    free(out);
    expect_error("POST", "/api/solve/batch", "[1,", 400, 2, "malformed", "not a JSON array");
}

static void test_limits(void **state)
{
    (void)state;
    /* more queries than --max-batch 1000 */
    char *big = malloc(1001 * 2 + 1), *huge = malloc(300001);
    for (int i = 0; i < 1001; i++)
        memcpy(big + 2 * i, "R\n", 2);
    big[1001 * 2] = 0;
    memset(huge, 'R', 300000);
    huge[300000] = 0;
    expect_error("POST", "/api/solve/batch?puzzle=pocket", big, 413, 1, "limit", "at most 1000 queries");
    /* a body past --max-body 262144 */
    expect_error("POST", "/api/solve/batch?puzzle=pocket", huge, 413, 1, "limit", "larger than 262144 bytes");
    expect_error("POST", "/api/solve", huge, 413, 1, "limit", "--max-body");
    free(big);
    free(huge);
    /* a batch past its time budget: the lines not reached say so */
    char *out;
    assert_int_equal(http("POST", "/api/solve/batch?puzzle=pocket&timeout=0.000000001", "R\nU\n", &out), 200);
    assert_non_null(strstr(out, "{\"index\":1,\"error\":{\"code\":10,\"kind\":\"limit\",\"message\":\"not answered"));
    free(out);
    /* /api/random's n past --max-random 50 */
    expect_error("GET", "/api/random?puzzle=pocket&n=51", NULL, 400, 1, "usage", "n wants a whole number from 1 to 50");
    expect_error("GET", "/api/random?puzzle=pocket&seed=-1", NULL, 400, 1, "usage", "seed wants");
    expect_error("GET", "/api/random?puzzle=pocket&seed=18446744073709551616", NULL, 400, 1, "usage", "seed wants");
    expect_error("GET", "/api/random?n=1", NULL, 400, 1, "usage", "give a puzzle");
}

static void test_random_equals_cli(void **state)
{
    (void)state;
    char *got, *want = cli("pocket --json --random 5 --seed 7"), *joined = malloc(strlen(want) + 4);
    /* the CLI's lines, as the server's one array */
    size_t n = 0;
    joined[n++] = '[';
    for (const char *p = want; *p; p++)
        joined[n++] = *p == '\n' ? (p[1] ? ',' : ']') : *p;
    joined[n++] = '\n';
    joined[n] = 0;
    assert_int_equal(http("GET", "/api/random?puzzle=pocket&n=5&seed=7", NULL, &got), 200);
    assert_string_equal(got, joined);
    free(got);
    free(want);
    free(joined);
    assert_int_equal(http("GET", "/api/random?puzzle=taquin-3x3&n=2&seed=1", NULL, &got), 200);
    assert_non_null(strstr(got, "[{\"puzzle\":\"taquin\",\"metric\":\"flip\",\"state\":\""));
    free(got);
}

static void test_static_files(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(http("GET", "/", NULL, &out), 200);
    assert_non_null(strstr(out, "<html"));
    free(out);
    assert_int_equal(http("GET", "/index.html", NULL, &out), 200);
    free(out);
    static const char *const bad[] = {"/../Makefile", "/%2e%2e/Makefile", "/%2E%2E/%2E%2E/etc/passwd",
                                      "/..%2fMakefile", "/%252e%252e/Makefile", "/a/../../Makefile",
                                      "/..\\Makefile"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error("GET", bad[i], NULL, 403, 1, "forbidden", "outside the static directory");
    expect_error("GET", "/no-such-file.html", NULL, 404, 4, "missing", "no such page");
    expect_error("POST", "/index.html", "x", 405, 1, "usage", "");
}

/* /api/svg: the library's writer, the same bytes as godtab-solve --svg. */
static void test_svg(void **state)
{
    (void)state;
    char cmd[16384], path[4200], *out, *file;
    static const struct {
        const char *query, *args;
    } cases[] = {{"puzzle=pocket&scramble=R%20U", "pocket \"R U\""},
                 {"puzzle=taquin&config=110/101/100", "taquin 110/101/100"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(path, sizeof path, "%s/cli.svg", tu_db_dir);
        const char *sp = strchr(cases[i].args, ' ');
        snprintf(cmd, sizeof cmd, "%s/godtab-solve %.*s --db %s --svg %s%s && cat %s", GODTAB_BIN,
                 (int)(sp - cases[i].args), cases[i].args, tu_db_path, path, sp, path);
        assert_int_equal(tu_run(cmd, &file, NULL), 0);
        char url[256];
        snprintf(url, sizeof url, "/api/svg?%s", cases[i].query);
        assert_int_equal(http("GET", url, NULL, &out), 200);
        assert_non_null(strstr(file, out)); /* the answer line, then the same document */
        assert_true(!strncmp(out, "<svg xmlns=", 11));
        free(out);
        free(file);
    }
    assert_int_equal(http("GET", "/api/svg?table=pocket-htm&log=1", NULL, &out), 200);
    assert_non_null(strstr(out, "<title>depth 11: 2644</title>"));
    free(out);
    expect_error("GET", "/api/svg?table=pocket-qtm", NULL, 404, 4, "missing", "not built");
    expect_error("GET", "/api/svg?puzzle=floppy&scramble=R", NULL, 400, 1, "usage", "no picture");
    expect_error("GET", "/api/svg?puzzle=pocket&scramble=Q", NULL, 400, 2, "malformed", "unknown move");
}

/* /api/taquin/graph: 48 types, 9 upward niches, the smallest beacon sets
 * of docs/taquin.md (niches exempt: 11, 5 and 2 beacons for r = 1, 2, 3). */
static void test_taquin_graph(void **state)
{
    (void)state;
    static const char *const want[] = {"\"beacons\":11,\"smallest_beacon_sets\":4", "\"beacons\":5,\"smallest_beacon_sets\":34",
                                       "\"beacons\":2,\"smallest_beacon_sets\":2"};
    for (int r = 1; r <= 3; r++) {
        char path[64], *out;
        snprintf(path, sizeof path, "/api/taquin/graph?radius=%d", r);
        assert_int_equal(http("GET", path, NULL, &out), 200);
        int types = 0, beacons = 0;
        for (const char *p = out; (p = strstr(p, "\"index\":")) != NULL; p++)
            types++;
        for (const char *p = out; (p = strstr(p, "\"beacon\":true")) != NULL; p++)
            beacons++;
        assert_int_equal(types, 48);
        assert_int_equal(beacons, r == 1 ? 11 : r == 2 ? 5 : 2);
        assert_non_null(strstr(out, "\"niches\":9"));
        assert_non_null(strstr(out, want[r - 1]));
        assert_non_null(strstr(out, "{\"index\":0,\"number\":\"(0;1)\",\"representative\":\"000/000/000\",\"distance\":0"));
        free(out);
    }
    expect_error("GET", "/api/taquin/graph?radius=9", NULL, 400, 1, "usage", "radius wants");
    expect_error("GET", "/api/taquin/graph?radius=2x", NULL, 400, 1, "usage", "radius wants");
    expect_error("GET", "/api/taquin/graph?board=2x3", NULL, 404, 4, "missing", "godtab-gen taquin-2x3");
    expect_error("GET", "/api/taquin/graph?board=4x4", NULL, 400, 1, "usage", "at most 64 types"); /* 236 */
}

/* ---- input refused rather than cut short (issue 26) ---- */

/* A request whose body holds a NUL: the status and the error's message. */
static void expect_body_error(const char *path, const char *body, size_t len, const char *fragment)
{
    char *out;
    int fd = connect_to(srv.port);
    assert_true(fd >= 0);
    int status = exchange(fd, "POST", path, body, len, &out);
    close(fd);
    if (status != 400 || !strstr(out, fragment))
        fprintf(stderr, "POST %s: %d %s\n", path, status, out);
    assert_int_equal(status, 400);
    assert_non_null(strstr(out, "{\"error\":{\"code\":2,\"kind\":\"malformed\",\"message\":"));
    assert_non_null(strstr(out, fragment));
    free(out);
}

/* A NUL byte (%00) anywhere in a URL, in an argument's name or value or in
 * the path, on every endpoint, is 400: never the answer to the text before
 * it (R%00U was answered as R). */
static void test_nul_in_url_refused(void **state)
{
    (void)state;
    static const char *const urls[] = {
        "/api/solve?puzzle=pocket&scramble=R%00U", "/api/solve?puzzle=pocket&scramble=%00R",
        "/api/solve?puzzle=pocket%00x&scramble=R", "/api/solve?puzzle=pocket&metric=htm%00&scramble=R",
        "/api/random?puzzle=pocket%00&n=1",        "/api/random?puzzle=pocket&n=1%002",
        "/api/svg?puzzle=pocket&scramble=R%00U",   "/api/svg?table=pocket-htm%00",
        "/api/taquin/graph?radius=2%00",           "/api/health?x=%00",
        "/api/tables?x=%00",                        "/?x=%00"};
    for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++)
        expect_error("GET", urls[i], NULL, 400, 2, "malformed", "holds a NUL byte (%00) at byte");
    expect_error("GET", "/api/solve?puzzle=pocket&scramble=R%00U", NULL, 400, 2, "malformed",
                 "the value of URL argument 'scramble' holds a NUL byte (%00) at byte 1: refused, not cut short");
    expect_error("GET", "/api/solve?puzzle=pocket&scr%00amble=R", NULL, 400, 2, "malformed",
                 "the name of URL argument 'scr' holds a NUL byte (%00) at byte 3");
    expect_error("POST", "/api/solve/batch?puzzle=pocket%00", "R\n", 400, 2, "malformed", "'puzzle' holds a NUL");
    /* the path: cut at its NUL it would name another file or endpoint */
    expect_error("GET", "/api/health%00x", NULL, 400, 2, "malformed", "the URL's path holds a NUL byte");
    expect_error("GET", "/index.html%00.png", NULL, 400, 2, "malformed", "the URL's path holds a NUL byte");
    /* text that is not UTF-8 is refused, not dropped (metric=%FF fell back
     * to the default metric) */
    expect_error("GET", "/api/solve?puzzle=pocket&metric=%FF&scramble=R", NULL, 400, 2, "malformed",
                 "URL argument 'metric' is not UTF-8 text");
    char *out; /* the same connection still answers */
    assert_int_equal(http("GET", "/api/solve?puzzle=pocket&scramble=R%20U", NULL, &out), 200);
    free(out);
}

/* A NUL anywhere in a body (batch lines, NDJSON, JSON, /api/solve's
 * object) is 400, with its byte offset and line (a batch line \0R was
 * answered with distance 0). */
static void test_nul_in_body_refused(void **state)
{
    (void)state;
    expect_body_error("/api/solve/batch?puzzle=pocket", "\0R\n", 3, "the body holds a NUL byte at byte 0 (line 1)");
    expect_body_error("/api/solve/batch?puzzle=pocket", "R U\nR\0U\n", 8,
                      "the body holds a NUL byte at byte 5 (line 2): refused, not cut short");
    expect_body_error("/api/solve/batch", "[{\"puzzle\":\"pocket\",\"scramble\":\"R\"}]\0", 37, "at byte 36");
    expect_body_error("/api/solve", "{\"puzzle\":\"pocket\",\"scramble\":\"R\0U\"}", 36, "at byte 32 (line 1)");
    /* the \u0000 escape of JSON: refused too, in the server's words */
    expect_body_error("/api/solve", "{\"puzzle\":\"pocket\",\"scramble\":\"R\\u0000U\"}", 41,
                      "a NUL (\\\\u0000) in a string at line 1");
    expect_body_error("/api/solve/batch", "[{\"puzzle\":\"pocket\",\"scramble\":\"R\\u0000U\"}]", 43,
                      "the batch is not a JSON array: a NUL (\\\\u0000) in a string");
    char *out; /* an NDJSON line with \u0000: that line's error, in its place */
    assert_int_equal(http("POST", "/api/solve/batch", "{\"puzzle\":\"pocket\",\"scramble\":\"R\\u0000U\"}\n"
                                                      "{\"puzzle\":\"pocket\",\"scramble\":\"R\"}\n", &out), 200);
    assert_non_null(strstr(out, "\"count\":2,\"failed\":1"));
    assert_non_null(strstr(out, "{\"index\":0,\"error\":{\"code\":2,\"kind\":\"malformed\",\"message\":\"line 1: a NUL"));
    free(out);
}

/* 405 names the methods accepted, in the message and the Allow header
 * (DELETE /api/solve said "answers GET" though POST works). */
static void test_method_not_allowed(void **state)
{
    (void)state;
    static const struct {
        const char *method, *path, *allow;
    } cases[] = {{"DELETE", "/api/solve", "GET, HEAD, POST"}, {"PUT", "/api/solve", "GET, HEAD, POST"},
                 {"GET", "/api/solve/batch", "POST"},          {"DELETE", "/api/solve/batch", "POST"},
                 {"POST", "/api/tables", "GET, HEAD"},         {"POST", "/api/random", "GET, HEAD"},
                 {"PUT", "/api/health", "GET, HEAD"},          {"POST", "/index.html", "GET, HEAD"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char req[512], want[64];
        int closed;
        double took;
        int n = snprintf(req, sizeof req, "%s %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
                         cases[i].method, cases[i].path);
        char *resp = raw_request(srv.port, req, (size_t)n, 5, &closed, &took);
        snprintf(want, sizeof want, "\r\nAllow: %s\r\n", cases[i].allow);
        if (!strstr(resp, want))
            fprintf(stderr, "%s %s: %s\n", cases[i].method, cases[i].path, resp);
        assert_true(!strncmp(resp, "HTTP/1.1 405 ", 13));
        assert_non_null(strstr(resp, want));
        if (strncmp(cases[i].path, "/api/", 5)) {
            assert_non_null(strstr(resp, "files are only read: GET or HEAD"));
        } else {
            snprintf(want, sizeof want, "accepts %s only", cases[i].allow);
            assert_non_null(strstr(resp, want));
        }
        free(resp);
    }
}

/* A body announced past --max-body (262144 here) is refused at once with
 * 413 and the connection closed, before any of it is sent: the server
 * waited for the 999999999 bytes until the client gave up. */
static void test_announced_body_too_large(void **state)
{
    (void)state;
    static const char *const paths[] = {"/api/solve/batch?puzzle=pocket", "/api/solve", "/api/health"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        char req[512];
        int closed;
        double took;
        int n = snprintf(req, sizeof req, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n", paths[i]);
        char *resp = raw_request(srv.port, req, (size_t)n, 3, &closed, &took);
        if (!closed || took > 2)
            fprintf(stderr, "%s: closed %d after %.2f s: %s\n", paths[i], closed, took, resp);
        assert_true(!strncmp(resp, "HTTP/1.1 413 ", 13));
        assert_non_null(strstr(resp, "\r\nConnection: close\r\n"));
        assert_non_null(strstr(resp, "{\"error\":{\"code\":1,\"kind\":\"limit\",\"message\":\"the body announced "
                                     "(Content-Length: 999999999) is larger than 262144 bytes (--max-body)\"}}"));
        assert_true(closed);
        assert_true(took < 2);
        free(resp);
    }
    char *out; /* the server still answers */
    assert_int_equal(http("GET", "/api/health", NULL, &out), 200);
    free(out);
}

/* ---- concurrency: CLIENTS keep-alive clients × PER_CLIENT queries ---- */

typedef struct client {
    int id;
    char **queries, **answers; /* the CLI's answers */
    int wrong, broken;
} client;

static void *run_client(void *arg)
{
    client *c = arg;
    int fd = connect_to(srv.port);
    if (fd < 0) {
        c->broken = 1;
        return NULL;
    }
    for (int k = 0; k < PER_CLIENT; k++) {
        int i = (c->id * 7 + k) % PER_CLIENT;
        char *out = NULL;
        int status = exchange(fd, "GET", c->queries[i], NULL, 0, &out);
        if (status < 0) {
            c->broken = 1;
            break;
        }
        c->wrong += status != 200 || strcmp(out, c->answers[i]) != 0;
        free(out);
    }
    close(fd);
    return NULL;
}

static void test_concurrent_clients(void **state)
{
    (void)state;
    char *queries[PER_CLIENT], *answers[PER_CLIENT], *scrambles, *lines;
    char cmd[8192];
    /* PER_CLIENT random positions, and the CLI's answers to their scrambles
     * (one godtab-solve batch: its lines are in input order) */
    snprintf(cmd, sizeof cmd,
             "%s/godtab-solve pocket --db %s --random %d --seed 11 --json | sed 's/.*\"scramble\":\"\\([^\"]*\\)\".*/\\1/'"
             " | tee %s/scrambles",
             GODTAB_BIN, tu_db_path, PER_CLIENT, tu_db_dir);
    assert_int_equal(tu_run(cmd, &scrambles, NULL), 0);
    snprintf(cmd, sizeof cmd, "%s/godtab-solve pocket --db %s --json < %s/scrambles", GODTAB_BIN, tu_db_path, tu_db_dir);
    assert_int_equal(tu_run(cmd, &lines, NULL), 0);
    char *line = scrambles, *answer = lines;
    for (int i = 0; i < PER_CLIENT; i++) {
        char *nl = strchr(line, '\n'), *anl = strchr(answer, '\n'), path[1024];
        assert_non_null(nl);
        assert_non_null(anl);
        *nl = 0;
        answers[i] = strndup(answer, (size_t)(anl - answer + 1));
        size_t n = (size_t)snprintf(path, sizeof path, "/api/solve?puzzle=pocket&scramble=");
        for (const char *p = line; *p; p++)
            n += (size_t)snprintf(path + n, sizeof path - n, *p == ' ' ? "%%20" : *p == '\'' ? "%%27" : "%c", *p);
        queries[i] = strdup(path);
        line = nl + 1;
        answer = anl + 1;
    }
    free(lines);
    pthread_t threads[CLIENTS];
    client clients[CLIENTS];
    for (int t = 0; t < CLIENTS; t++) {
        clients[t] = (client){t, queries, answers, 0, 0};
        assert_int_equal(pthread_create(&threads[t], NULL, run_client, &clients[t]), 0);
    }
    int wrong = 0, broken = 0;
    for (int t = 0; t < CLIENTS; t++) {
        pthread_join(threads[t], NULL);
        wrong += clients[t].wrong;
        broken += clients[t].broken;
    }
    assert_int_equal(broken, 0);
    assert_int_equal(wrong, 0);
    for (int i = 0; i < PER_CLIENT; i++) {
        free(queries[i]);
        free(answers[i]);
    }
    free(scrambles);
}

/* ---- the process: signals, options, start-up errors ---- */

/* A cube3 search that runs until its timeout (1.5 s): no 13-move solution
 * of this position is found that fast. */
static void *slow_search(void *arg)
{
    (void)arg;
    char *out = NULL;
    http("GET", "/api/solve?puzzle=cube3&max_length=13&timeout=1.5&scramble=R%20U%20F%20D%20L%20B%20R2%20U2%20F2%20D2"
                "%20L2%20B2%20R%20U%20F%20D%20L%20B", NULL, &out);
    free(out);
    return NULL;
}

/* The server's count of requests begun, from /api/health (which counts
 * itself): a request is under way once its headers are counted. */
static long requests_begun(void)
{
    char *out = NULL;
    assert_int_equal(http("GET", "/api/health", NULL, &out), 200);
    const char *at = strstr(out, "\"requests\":");
    assert_non_null(at);
    long n = strtol(at + 11, NULL, 10);
    free(out);
    return n;
}

static void test_signals_and_queue(void **state)
{
    (void)state;
    server other;
    char *out;
    /* --long-queue 0: no batch may wait, each is refused at once (503) */
    assert_int_equal(start_server(&other, "--long-queue 0"), 0);
    int saved = srv.port;
    srv.port = other.port;
    expect_error("POST", "/api/solve/batch?puzzle=pocket", "R\n", 503, 6, "busy", "--long-queue");
    assert_int_equal(http("GET", "/api/solve?puzzle=pocket&scramble=R", NULL, &out), 200);
    free(out);
    /* --long-jobs 1: a cube3 search under way makes the next one busy (503),
     * while pocket queries are still answered */
    assert_int_equal(http("GET", "/api/solve?puzzle=cube3&scramble=R&near=1", NULL, &out), 200); /* tables built */
    free(out);
    pthread_t long_search;
    assert_int_equal(pthread_create(&long_search, NULL, slow_search, NULL), 0);
    usleep(300000);
    expect_error("GET", "/api/solve?puzzle=cube3&scramble=R&near=1", NULL, 503, 6, "busy", "--long-jobs");
    assert_int_equal(http("GET", "/api/solve?puzzle=pocket&scramble=R", NULL, &out), 200);
    free(out);
    pthread_join(long_search, NULL);
    srv.port = saved;
    assert_int_equal(stop_server(&other, SIGINT), 0);
    /* SIGTERM while a batch is under way: it is answered in full, exit 0 */
    assert_int_equal(start_server(&other, ""), 0);
    srv.port = other.port;
    long before = requests_begun();
    srv.port = saved;
    size_t n = 3000;
    char *body = malloc(n * 12 + 1);
    for (size_t i = 0; i < n; i++)
        memcpy(body + 12 * i, "R U F' R2 U\n", 12);
    body[n * 12] = 0;
    int fd = connect_to(other.port);
    assert_true(fd >= 0);
    char head[256];
    int k = snprintf(head, sizeof head, "POST /api/solve/batch?puzzle=pocket HTTP/1.1\r\nHost: x\r\nContent-Length: %zu\r\n\r\n",
                     strlen(body));
    assert_int_equal(send_all(fd, head, (size_t)k), 0);
    assert_int_equal(send_all(fd, body, strlen(body)), 0);
    /* SIGTERM only once the server has begun it: a connection still in the
     * listen queue is not under way (2 ms of sleep lost that race in CI) */
    srv.port = other.port;
    long polls = 0;
    while (requests_begun() <= before + ++polls && polls < 5000)
        usleep(1000);
    assert_true(polls < 5000);
    srv.port = saved;
    kill(other.pid, SIGTERM);
    /* the request already sent gets its whole answer */
    char *resp = malloc(1 << 22);
    size_t got = 0;
    ssize_t r;
    while ((r = recv(fd, resp + got, (1 << 22) - got - 1, 0)) > 0)
        got += (size_t)r;
    resp[got] = 0;
    close(fd);
    assert_non_null(strstr(resp, "HTTP/1.1 200"));
    assert_non_null(strstr(resp, "\"count\":3000,\"failed\":0"));
    int status;
    assert_int_equal(waitpid(other.pid, &status, 0), other.pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    free(resp);
    free(body);
}

/* err is exactly one line starting "godtab-serve: " and holding fragment. */
static void expect_one_line(const char *what, const char *err, const char *fragment)
{
    const char *nl = strchr(err, '\n');
    if (!nl || nl[1] || strncmp(err, "godtab-serve: ", 14) || !strstr(err, fragment))
        fprintf(stderr, "%s: [%s]\n", what, err);
    assert_true(nl && !nl[1]);
    assert_true(!strncmp(err, "godtab-serve: ", 14));
    assert_non_null(strstr(err, fragment));
}

/* Bad options: one line of our own each, naming the value as given (an
 * out-of-range port gave two lines; "2.5" threads were taken as 2). */
static void test_bad_options(void **state)
{
    (void)state;
    static const struct {
        const char *args, *fragment;
    } bad[] = {{"--listen 127.0.0.1", "--listen wants ADDR:PORT (127.0.0.1:8080), not '127.0.0.1'"},
               {"--listen 127.0.0.1:70000", "--listen's port wants a whole number from 0 to 65535, not '70000'"},
               {"--listen 127.0.0.1:80.5", "not '80.5'"},
               {"--listen 127.0.0.1:1e3", "not '1e3'"},
               {"--listen 127.0.0.1:-1", "not '-1'"},
               {"--listen 127.0.0.1:", "not ''"},
               {"--listen nowhere:80", "--listen wants an IPv4 address (127.0.0.1:8080), not 'nowhere' in 'nowhere:80'"},
               {"--threads 0", "--threads wants a whole number from 1 to 256, not '0'"},
               {"--threads 2.5", "not '2.5'"},
               {"--threads 0x10", "not '0x10'"},
               {"--threads ' 8'", "not ' 8'"},
               {"--max-body 1", "--max-body wants a whole number from 64 to 1073741824, not '1'"},
               {"--max-body 1e5", "not '1e5'"},
               {"--max-batch 99999999999999999999", "not '99999999999999999999'"},
               {"--max-timeout 1e3", "--max-timeout wants seconds from 0.001 to 86400, not '1e3'"},
               {"--max-timeout inf", "not 'inf'"},
               {"--db ''", "--db wants a path"},
               {"--bogus", "unknown option '--bogus' (see --help)"},
               {"-x", "unknown option '-x' (see --help)"},
               {"--threads", "--threads wants a value (see --help)"},
               {"extra", "unexpected argument 'extra'"},
               {"--static /no/such/dir --listen 127.0.0.1:0", "no static directory /no/such/dir"}};
    char cmd[8192], *err;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(cmd, sizeof cmd, "%s/godtab-serve --db %s %s", GODTAB_BIN, tu_db_path, bad[i].args);
        int rc = tu_run(cmd, NULL, &err);
        if (rc != GT_EXIT_USAGE)
            fprintf(stderr, "%s: %d %s\n", bad[i].args, rc, err);
        assert_int_equal(rc, GT_EXIT_USAGE);
        expect_one_line(bad[i].args, err, bad[i].fragment);
        free(err);
    }
}

/* Cannot listen: one line naming the address and port given and the
 * system's reason, exit 6; libmicrohttpd's own "Failed to bind to port 0"
 * never reaches stderr. */
static void test_cannot_listen(void **state)
{
    (void)state;
    char cmd[8192], *err, want[128];
    snprintf(cmd, sizeof cmd, "%s/godtab-serve --db %s --listen 127.0.0.1:%d", GODTAB_BIN, tu_db_path, srv.port);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_STORAGE); /* the port is taken */
    snprintf(want, sizeof want, "godtab-serve: cannot listen on 127.0.0.1:%d: Address already in use\n", srv.port);
    if (strcmp(err, want))
        fprintf(stderr, "[%s]\n", err);
    assert_string_equal(err, want);
    free(err);
    /* an address of no interface of this machine (TEST-NET-1), unless the
     * system lets any address be bound (then the server would just run) */
    FILE *f = fopen("/proc/sys/net/ipv4/ip_nonlocal_bind", "r");
    int nonlocal = f && fgetc(f) == '1';
    if (f)
        fclose(f);
    if (nonlocal)
        return;
    snprintf(cmd, sizeof cmd, "timeout 20 %s/godtab-serve --db %s --listen 192.0.2.1:8081", GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_STORAGE);
    expect_one_line("192.0.2.1:8081", err, "cannot listen on 192.0.2.1:8081: ");
    assert_null(strstr(err, "Failed to bind"));
    free(err);
}

/* libmicrohttpd's messages of a running server go through its logger:
 * one line each, "godtab-serve: libmicrohttpd: ...", --quiet or not. */
static void test_library_messages(void **state)
{
    (void)state;
    server other;
    char extra[2100], path[2048], *text;
    snprintf(path, sizeof path, "%s/serve.err", tu_db_dir);
    snprintf(extra, sizeof extra, "2>%s", path);
    assert_int_equal(start_server(&other, extra), 0);
    /* a URL past libmicrohttpd's memory: its own 414, and its message */
    size_t n = 40000;
    char *req = malloc(n + 64), *resp;
    int k = snprintf(req, 64, "GET /");
    memset(req + k, 'a', n);
    snprintf(req + k + n, 64, " HTTP/1.1\r\nHost: x\r\n\r\n");
    int closed;
    double took;
    resp = raw_request(other.port, req, strlen(req), 5, &closed, &took);
    assert_true(!strncmp(resp, "HTTP/1.1 414 ", 13));
    free(resp);
    free(req);
    assert_int_equal(stop_server(&other, SIGTERM), 0);
    char cmd[4400];
    snprintf(cmd, sizeof cmd, "cat %s", path);
    assert_int_equal(tu_run(cmd, &text, NULL), 0);
    if (!strstr(text, "godtab-serve: libmicrohttpd: "))
        fprintf(stderr, "[%s]\n", text);
    assert_non_null(strstr(text, "godtab-serve: libmicrohttpd: "));
    for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
        assert_true(!strncmp(line, "godtab-serve: ", 14));
        assert_non_null(strchr(line, '\n'));
    }
    free(text);
}

static void test_command_line(void **state)
{
    (void)state;
    char cmd[8192], *err, *out;
    snprintf(cmd, sizeof cmd, "%s/godtab-serve --db %s/none --listen 127.0.0.1:0", GODTAB_BIN, tu_db_dir);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "godtab-serve: no tables at"));
    free(err);
    /* -h and --help: the usage on stdout, exit 0; -V and --version: the
     * version, exit 0 (-h was "invalid option", exit 1) */
    static const char *const help[] = {"-h", "--help"}, *const version[] = {"-V", "--version"};
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, "%s/godtab-serve %s", GODTAB_BIN, help[i]);
        assert_int_equal(tu_run(cmd, &out, &err), 0);
        assert_true(!strncmp(out, "usage: godtab-serve", 19));
        assert_non_null(strstr(out, "-h, --help"));
        assert_non_null(strstr(out, "-V, --version"));
        assert_string_equal(err, "");
        free(out);
        free(err);
        snprintf(cmd, sizeof cmd, "%s/godtab-serve %s", GODTAB_BIN, version[i]);
        assert_int_equal(tu_run(cmd, &out, &err), 0);
        assert_true(!strncmp(out, "godtab-serve: godtab ", 21));
        assert_non_null(strchr(out, '\n'));
        assert_string_equal(strchr(out, '\n'), "\n");
        assert_string_equal(err, "");
        free(out);
        free(err);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_health_and_tables), cmocka_unit_test(test_solve_equals_cli),
        cmocka_unit_test(test_cube3_twophase),    cmocka_unit_test(test_solve_errors),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_limits),            cmocka_unit_test(test_random_equals_cli),
        cmocka_unit_test(test_static_files),      cmocka_unit_test(test_svg),
        cmocka_unit_test(test_taquin_graph),
        cmocka_unit_test(test_nnn_is_served),
        cmocka_unit_test(test_pattern_databases_are_served),
        cmocka_unit_test(test_nul_in_url_refused), cmocka_unit_test(test_nul_in_body_refused),
        cmocka_unit_test(test_method_not_allowed), cmocka_unit_test(test_announced_body_too_large),
        cmocka_unit_test(test_concurrent_clients),
        cmocka_unit_test(test_signals_and_queue), cmocka_unit_test(test_command_line),
        cmocka_unit_test(test_bad_options),       cmocka_unit_test(test_cannot_listen),
        cmocka_unit_test(test_library_messages),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
