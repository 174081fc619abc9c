/* The web page in a real browser: headless Chromium (Debian `chromium`)
 * loads godtab-serve's page with ?test=SCRAMBLE, which types the scramble,
 * presses Solve, steps through the displayed solution to the end and back,
 * solves a 3x3x3 scramble (two-phase) and steps it to a solved net too,
 * draws the 3x3 quotient graph (/api/taquin/graph), and writes what it saw into
 * the page. The test reads that back (--dump-dom), checks the solution
 * equals the API's, that the last step shows a solved net, the first
 * render time, and saves a screenshot under the build directory
 * (serve_page.png). Skipped, saying so, when no Chromium is installed. */
#include "test_serve_util.h"

#include <limits.h>

static char chromium[PATH_MAX];

/* The first chromium on PATH (or $CHROMIUM), or 0. */
static int find_chromium(void)
{
    const char *env = getenv("CHROMIUM");
    if (env && *env && access(env, X_OK) == 0) {
        snprintf(chromium, sizeof chromium, "%s", env);
        return 1;
    }
    static const char *const names[] = {"chromium", "chromium-browser", "google-chrome"};
    const char *path = getenv("PATH");
    for (size_t i = 0; path && i < sizeof names / sizeof names[0]; i++) {
        char dirs[8192];
        snprintf(dirs, sizeof dirs, "%s", path);
        for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
            snprintf(chromium, sizeof chromium, "%s/%s", d, names[i]);
            if (access(chromium, X_OK) == 0)
                return 1;
        }
    }
    return 0;
}

static int setup(void **state)
{
    (void)state;
    if (!find_chromium())
        return 0;
    assert_int_equal(tu_db_setup("pocket-htm taquin-3x3"), 0);
    assert_int_equal(start_server(&srv, ""), 0);
    return 0;
}

static int teardown(void **state)
{
    if (!srv.pid)
        return 0;
    assert_int_equal(stop_server(&srv, SIGTERM), 0);
    return tu_db_teardown(state);
}

/* chromium's headless flags: no sandbox (CI runs as root), no GPU, and a
 * virtual time budget, so that the page's fetches finish before the dump. */
#define HEADLESS "--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=15000"

/* The value of "key": in the page's test result, copied into buf. */
static const char *field(const char *result, const char *key, char *buf, size_t cap)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(result, pattern);
    assert_non_null(at);
    at += strlen(pattern);
    size_t n = *at == '"' ? strcspn(at + 1, "\"") + 2 : strcspn(at, ",}");
    snprintf(buf, cap, "%.*s", (int)n, at);
    return buf;
}

static void test_page_solves_and_steps(void **state)
{
    (void)state;
    if (!srv.pid) {
        fprintf(stderr, "test_92: no chromium on PATH: the browser test is SKIPPED (apt-get install chromium)\n");
        skip();
    }
    char cmd[8192], *dom = NULL, *api = NULL, buf[256];
    snprintf(cmd, sizeof cmd, "%s " HEADLESS " --dump-dom 'http://127.0.0.1:%d/?test=R%%20U2%%20F%%27%%20R'",
             chromium, srv.port);
    assert_int_equal(tu_run(cmd, &dom, NULL), 0);
    const char *result = strstr(dom, "<div id=\"test-result\"");
    assert_non_null(result);
    result = strchr(result, '>') + 1;
    fprintf(stderr, "test_92: page reported %.*s\n", (int)strcspn(result, "<"), result);
    /* the displayed solution is the API's */
    assert_int_equal(http("GET", "/api/solve?puzzle=pocket&scramble=R%20U2%20F%27%20R", NULL, &api), 200);
    char want[128];
    snprintf(want, sizeof want, "\"solution\":%s", field(result, "solution", buf, sizeof buf));
    assert_non_null(strstr(api, want));
    assert_string_equal(field(result, "error", buf, sizeof buf), "\"\"");
    assert_string_equal(field(result, "solvedAtEnd", buf, sizeof buf), "true");
    assert_string_equal(field(result, "backOneSolved", buf, sizeof buf), "false");
    assert_string_equal(field(result, "backToStart", buf, sizeof buf), "true");
    assert_string_equal(field(result, "stepText", buf, sizeof buf), "\"4/4\"");
    assert_string_equal(field(result, "stickers", buf, sizeof buf), "24");
    assert_string_equal(field(result, "charts", buf, sizeof buf), "2"); /* pocket-htm, taquin-3x3 */
    assert_string_equal(field(result, "graphTypes", buf, sizeof buf), "48");
    assert_string_equal(field(result, "graphNiches", buf, sizeof buf), "9");
    assert_string_equal(field(result, "graphBeacons", buf, sizeof buf), "5"); /* radius 2, niches exempt */
    /* the 3x3x3 through the two-phase solver: 54 stickers, solved at the end */
    const char *c3 = strstr(result, "\"cube3\":{");
    assert_non_null(c3);
    assert_string_equal(field(c3, "stickers", buf, sizeof buf), "54");
    assert_string_equal(field(c3, "solvedAtEnd", buf, sizeof buf), "true");
    long render = strtol(field(result, "renderMs", buf, sizeof buf), NULL, 10);
    assert_true(render > 0 && render <= 1000); /* first render within 1 s */
    free(api);
    free(dom);
}

static void test_screenshot(void **state)
{
    (void)state;
    if (!srv.pid)
        skip();
    char exe[PATH_MAX], png[PATH_MAX + 32], cmd[16384];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    assert_true(n > 0);
    exe[n] = 0;
    *strrchr(exe, '/') = 0; /* BUILD/tests */
    *strrchr(exe, '/') = 0; /* BUILD */
    snprintf(png, sizeof png, "%s/serve_page.png", exe);
    unlink(png);
    snprintf(cmd, sizeof cmd, "%s " HEADLESS " --window-size=1000,2400 --screenshot=%s 'http://127.0.0.1:%d/?scramble=R%%20U2%%20F%%27%%20R'",
             chromium, png, srv.port);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    FILE *f = fopen(png, "rb");
    assert_non_null(f);
    unsigned char magic[8];
    assert_int_equal(fread(magic, 1, 8, f), 8);
    fclose(f);
    assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
    fprintf(stderr, "test_92: screenshot %s\n", png);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_page_solves_and_steps),
        cmocka_unit_test(test_screenshot),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
