/* godtab-solve def with states in the definition's .tws syntax (--state,
 * --state-file, --format state batches) and --random: each answer is
 * replayed here on the state the test wrote, the distance checked against
 * a scramble of known length, and every error's exit code and column. Also
 * the 1-bit table of a bipartite definition (the 2x2x2 in QTM): its
 * encoding, its distribution against pocket-qtm's, answers from it. */
#include "test_def_util.h"

#include "def.h"
#include "gt_error.h"

#define db tu_db_path
#define DEF "--def " PUZ "2x2x2.tws "

static int setup(void **state)
{
    (void)state;
    return tu_def_db_setup("--metric qtm");
}

#define teardown tu_db_teardown


/* The state `state` (the file's syntax) followed by the printed solution
 * is solved, in `distance` moves (-1: any). */
static void check_state_answer(const gt_def *d, const char *state, const char *line, int distance)
{
    uint8_t perm[64], ori[64];
    char sol[1024];
    const char *open = strrchr(line, '(');
    assert_non_null(open);
    snprintf(sol, sizeof sol, "%.*s", (int)(open - line), line);
    if (distance >= 0)
        assert_int_equal(atoi(open + 1), distance);
    assert_int_equal(gt_def_parse_state(d, state, perm, ori, NULL), GT_OK);
    assert_int_equal(gt_def_apply_scramble(d, sol, perm, ori, NULL), GT_OK);
    assert_true(gt_def_is_solved(d, perm, ori));
}

/* A --random line "STATE<tab>SCRAMBLE" (every family's shape): the
 * scramble, from solved, gives the state. */
static void check_random_line(const gt_def *d, char *line)
{
    uint8_t want_perm[64], want_ori[64], perm[64], ori[64];
    char *tab = strchr(line, '\t');
    assert_non_null(tab);
    *tab = 0;
    assert_int_equal(gt_def_parse_state(d, line, want_perm, want_ori, NULL), GT_OK);
    memcpy(perm, d->solved_perm, (size_t)d->total);
    memcpy(ori, d->solved_ori, (size_t)d->total);
    assert_int_equal(gt_def_apply_scramble(d, tab + 1, perm, ori, NULL), GT_OK);
    assert_memory_equal(perm, want_perm, (size_t)d->total);
    assert_memory_equal(ori, want_ori, (size_t)d->total);
    *tab = '\t';
}

/* Two equal moves in a row ("R R", "U' U'")? */
static int repeats_a_move(const char *moves)
{
    const char *prev = NULL;
    size_t prev_len = 0;
    for (const char *t = moves; *t;) {
        size_t len = strcspn(t, " ");
        if (prev && len == prev_len && !strncmp(prev, t, len))
            return 1;
        prev = t;
        prev_len = len;
        t += len + (t[len] == ' ');
    }
    return 0;
}

/* Quarter turns of a QTM answer: "R2" counts 2. */
static int quarter_turns(const char *moves)
{
    int n = 0;
    for (const char *t = moves; *t;) {
        size_t len = strcspn(t, " ");
        n += len ? (t[len - 1] == '2' || (len > 1 && t[len - 2] == '2')) ? 2 : 1 : 0;
        t += len + (t[len] == ' ');
    }
    return n;
}

/* "R U" written as a state: the state R U leaves, in the file's syntax. */
static void test_state_argument(void **state)
{
    (void)state;
    gt_def *d = tu_def_load("2x2x2.tws");
    uint8_t perm[64], ori[64];
    char text[1024], args[2048], *out, *err;
    memcpy(perm, d->solved_perm, (size_t)d->total);
    memcpy(ori, d->solved_ori, (size_t)d->total);
    assert_int_equal(gt_def_apply_scramble(d, "R U", perm, ori, NULL), GT_OK);
    assert_int_equal(gt_def_state_text(d, perm, ori, text, sizeof text), GT_OK);
    for (char *p = text; *p; p++)
        *p = *p == '\n' ? ' ' : *p;
    snprintf(args, sizeof args, DEF "--state \"%s\"", text);
    assert_int_equal(tu_def_solve(args, NULL, &out, &err), 0);
    check_state_answer(d, text, out, 2);
    free(out);
    free(err);
    /* two corners swapped (no orientation line): a 2x2x2 position */
    static const char *const swap = "CORNERS 2 1 3 4 5 6 7 8";
    assert_int_equal(tu_def_solve(DEF "--state \"CORNERS 2 1 3 4 5 6 7 8\"", NULL, &out, &err), 0);
    check_state_answer(d, swap, out, -1);
    free(out);
    free(err);
    assert_int_equal(tu_def_solve(DEF "--json --state \"CORNERS 1 2 3 4 5 6 7 8\"", NULL, &out, &err), 0);
    assert_string_equal(out, "{\"puzzle\":\"def-2x2x2-htm\",\"metric\":\"htm\",\"distance\":0,\"solution\":\"\"}\n");
    free(out);
    free(err);
    gt_def_free(d);
}

/* A multi-line State ... End block in a file, with comments. */
static void test_state_file(void **state)
{
    (void)state;
    gt_def *d = tu_def_load("2x2x2.tws");
    char path[] = "/tmp/godtab_t84_XXXXXX", args[256], text[1024], block[1200], *out, *err;
    uint8_t perm[64], ori[64];
    memcpy(perm, d->solved_perm, (size_t)d->total);
    memcpy(ori, d->solved_ori, (size_t)d->total);
    assert_int_equal(gt_def_apply_scramble(d, "R'", perm, ori, NULL), GT_OK);
    assert_int_equal(gt_def_state_text(d, perm, ori, text, sizeof text), GT_OK);
    snprintf(block, sizeof block, "State   # R' as a block\n%sEnd\n", text);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, block, strlen(block)), (ssize_t)strlen(block));
    close(fd);
    snprintf(args, sizeof args, DEF "--state-file %s", path);
    assert_int_equal(tu_def_solve(args, NULL, &out, &err), 0);
    check_state_answer(d, block, out, 1);
    free(out);
    free(err);
    unlink(path);
    gt_def_free(d);
}

static void test_state_batch(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(tu_def_solve(DEF "--format state", "CORNERS 1 2 3 4 5 6 7 8\\nCORNERS 9\\n\\nCORNERS 1 2\\n", &out,
                           &err),
                     GT_EXIT_PARTIAL);
    /* the blank line is skipped; each bad line has its error line in its place */
    assert_string_equal(out, "(0)\nerror: column 9: piece 9 of set CORNERS is not in 1..8\n"
                             "error: column 12: set CORNERS wants 8 piece numbers, found the end after 2\n");
    assert_non_null(strstr(err, "line 2: column 9: piece 9 of set CORNERS is not in 1..8"));
    assert_non_null(strstr(err, "line 4: column 12: set CORNERS wants 8 piece numbers, found the end after 2"));
    free(out);
    free(err);
}

static void test_state_errors(void **state)
{
    (void)state;
    static const struct {
        const char *args, *message;
        int code;
    } cases[] = {
        {DEF "--state \"EDGES 1 2\"", "column 1: 'EDGES' is not a set of the definition", GT_EXIT_PARSE},
        {DEF "--state \"CORNERS 1 2 3 4 5 6 7 x\"", "column 23: set CORNERS wants 8 piece numbers", GT_EXIT_PARSE},
        {DEF "--state \"CORNERS 1 2 3 4 5 6 7 8 0 0 0 0 0 0 0 3\"", "column 39: orientation 3", GT_EXIT_PARSE},
        /* identical-piece violation: corner 2 twice */
        {DEF "--state \"CORNERS 2 2 3 4 5 6 7 8\"", "column 1: set CORNERS holds piece 1 0 times", GT_EXIT_ILLEGAL},
        /* one corner twisted: the orientation sum is wrong */
        {DEF "--state \"CORNERS 1 2 3 4 5 6 7 8 1 0 0 0 0 0 0 0\"", "outside this table", GT_EXIT_ILLEGAL},
        /* the fixed DBL corner moved */
        {DEF "--state \"CORNERS 1 2 3 4 5 6 8 7\"", "outside this table", GT_EXIT_ILLEGAL},
        {DEF "--state \"CORNERS 1 2 3 4 5 6 7 8\" R", "give one of", GT_EXIT_USAGE},
        {DEF "--format cube", "--format wants scramble or state", GT_EXIT_USAGE},
        {DEF "--seed 3", "--seed goes with --random", GT_EXIT_USAGE},
        {DEF "--random -1", "--random wants", GT_EXIT_USAGE},
        {DEF "--random 2 --all", "--all goes with a query, not --random", GT_EXIT_USAGE},
        {DEF "--state-file /nonexistent", "/nonexistent", GT_EXIT_STORAGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out, *err;
        int rc = tu_def_solve(cases[i].args, NULL, &out, &err);
        if (rc != cases[i].code || !strstr(err, cases[i].message))
            print_error("case %zu: exit %d, stderr %s", i, rc, err);
        assert_int_equal(rc, cases[i].code);
        assert_non_null(strstr(err, cases[i].message));
        assert_string_equal(out, "");
        free(out);
        free(err);
    }
}

/* godtab-gen's report of a build: the depth lines and the encoding line. */
static char *gen(const char *args)
{
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s %s", GODTAB_BIN, db, args) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    free(cmd);
    free(err);
    return out;
}

/* The lines of a report that are two numbers, "      3          120"
 * (a depth and its count; antipode lines have eight). */
static void depth_lines(const char *report, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (const char *l = report; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
        size_t n = strcspn(l, "\n");
        int depth, used = -1;
        unsigned long long count;
        if (sscanf(l, "%d %llu%n", &depth, &count, &used) == 2 && (size_t)used == n && len + n + 2 < cap)
            len += (size_t)snprintf(buf + len, cap - len, "%.*s\n", (int)n, l);
    }
}

static void test_bipartite_one_bit(void **state)
{
    (void)state;
    char *def = gen("--def " PUZ "2x2x2.tws --metric qtm"), *pocket = gen("pocket-qtm");
    char a[4096], b[4096], *out, *err;
    assert_non_null(strstr(def, "parity1 encoding 459270 bytes")); /* 3,674,160 states at 1 bit */
    assert_non_null(strstr(def, "God's number 14"));
    depth_lines(def, a, sizeof a);
    depth_lines(pocket, b, sizeof b);
    assert_true(strlen(a) > 100);
    assert_string_equal(a, b);
    free(def);
    free(pocket);
    char *htm = gen("--def " PUZ "2x2x2.tws --name def-2x2x2-htm-copy"); /* half turns: not bipartite */
    assert_non_null(strstr(htm, "mod3 encoding"));
    free(htm);
    assert_int_equal(tu_def_solve(DEF "--metric qtm \"R2 U2\"", NULL, &out, &err), 0);
    assert_string_equal(out, "U2 R2 (4)\n"); /* two equal quarter turns: R2, counted 2 */
    free(out);
    free(err);
    assert_int_equal(tu_def_solve(DEF "--metric qtm --json --all \"R2 U2\"", NULL, &out, &err), 0);
    assert_string_equal(out, "{\"puzzle\":\"def-2x2x2-qtm\",\"metric\":\"qtm\",\"distance\":4,\"solution\":\"U2 R2\","
                             "\"solutions\":[\"U2 R2\"],\"count\":1}\n"); /* U U R R, U' U' R R, ...: once */
    free(out);
    free(err);
    gt_def *d = tu_def_load("2x2x2.tws");
    assert_int_equal(tu_def_solve(DEF "--metric qtm --random 10 --seed 3", NULL, &out, &err), 0);
    int halves = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        check_random_line(d, line);
        halves += strchr(strchr(line, '\t'), '2') != NULL; /* in the scramble */
    }
    assert_true(halves > 0); /* some scramble holds a doubled quarter turn, written R2 */
    free(out);
    free(err);
    gt_def_free(d);
    char *verify = gen("--def " PUZ "2x2x2.tws --metric qtm --verify");
    assert_non_null(strstr(verify, "data identical to a fresh build"));
    free(verify);
}

/* --all: every line before the count solves the state, as many as the
 * count says, all of its length; --json lists them. */
static void test_all(void **state)
{
    (void)state;
    gt_def *d = tu_def_load("2x2x2.tws");
    char *out, *err;
    static const char *const swap = "CORNERS 2 1 3 4 5 6 7 8";
    assert_int_equal(tu_def_solve(DEF "--metric qtm --all --state \"CORNERS 2 1 3 4 5 6 7 8\"", NULL, &out, &err), 0);
    unsigned long long count = 0, lines = 0;
    int length = -1, halves = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (sscanf(line, "%llu optimal solutions of length %d", &count, &length) == 2)
            break;
        char with_paren[512];
        snprintf(with_paren, sizeof with_paren, "%s (13)", line);
        check_state_answer(d, swap, with_paren, 13);
        assert_int_equal(quarter_turns(line), 13); /* "R2" counts 2 */
        assert_false(repeats_a_move(line)); /* two equal quarter turns are written R2 */
        halves += strchr(line, '2') != NULL;
        lines++;
    }
    assert_int_equal(length, 13);
    assert_true(count > 1);
    assert_true(halves > 0);
    assert_int_equal(lines, count);
    free(out);
    free(err);
    /* each written solution once ("R' R'" and "R R" are both "R2"), the
     * same list with --json */
    char *json;
    assert_int_equal(tu_def_solve(DEF "--metric qtm --all --state \"CORNERS 2 1 3 4 5 6 7 8\"", NULL, &out, &err), 0);
    free(err);
    assert_int_equal(tu_def_solve(DEF "--metric qtm --all --json --state \"CORNERS 2 1 3 4 5 6 7 8\"", NULL, &json, &err),
                     0);
    free(err);
    char *list = strstr(json, "\"solutions\":[\"");
    assert_non_null(list);
    char **seen = calloc(count, sizeof *seen);
    size_t n_seen = 0;
    for (char *line = strtok(out, "\n"); line && n_seen < count; line = strtok(NULL, "\n")) {
        char quoted[256];
        snprintf(quoted, sizeof quoted, "\"%s\"", line);
        assert_non_null(strstr(list, quoted));
        for (size_t k = 0; k < n_seen; k++)
            assert_string_not_equal(seen[k], line);
        seen[n_seen++] = line;
    }
    assert_int_equal(n_seen, count);
    char want_count[64];
    snprintf(want_count, sizeof want_count, "],\"count\":%llu}", count);
    assert_non_null(strstr(json, want_count));
    free(seen);
    free(out);
    free(json);
    assert_int_equal(tu_def_solve(DEF "--all --json \"R U\"", NULL, &out, &err), 0);
    /* "solution" as in every family's answer, then the list */
    assert_string_equal(out, "{\"puzzle\":\"def-2x2x2-htm\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"U' R'\","
                             "\"solutions\":[\"U' R'\"],\"count\":1}\n");
    free(out);
    free(err);
    assert_int_equal(tu_def_solve(DEF "--all \"\"", NULL, &out, &err), 0);
    assert_string_equal(out, "(solved)\n1 optimal solution of length 0\n");
    free(out);
    free(err);
    gt_def_free(d);
}

/* --random N --seed S: N lines "STATE<tab>SCRAMBLE" (the shape of every
 * family's --random), reproducible from the seed; the scramble gives the
 * state. --json: puzzle, metric, state, scramble, length, then distance
 * and the solution, which solves the state. */
static void test_random(void **state)
{
    (void)state;
    gt_def *d = tu_def_load("2x2x2.tws");
    char *out, *err, *again, *err2, *json, *err3;
    assert_int_equal(tu_def_solve(DEF "--random 20 --seed 7", NULL, &out, &err), 0);
    assert_int_equal(tu_def_solve(DEF "--random 20 --seed 7", NULL, &again, &err2), 0);
    assert_string_equal(out, again);
    assert_int_equal(tu_def_solve(DEF "--random 20 --seed 7 --json", NULL, &json, &err3), 0);
    int lines = 0, far = 0;
    char *save_out, *save_json, *obj = strtok_r(json, "\n", &save_json);
    for (char *line = strtok_r(out, "\n", &save_out); line; line = strtok_r(NULL, "\n", &save_out), lines++) {
        check_random_line(d, line);
        char st[512], scramble[256], solution[256], head[1024], answer[300];
        int length = -1, distance = -2;
        assert_non_null(obj);
        assert_int_equal(sscanf(obj, "{\"puzzle\":\"def-2x2x2-htm\",\"metric\":\"htm\",\"state\":\"%511[^\"]\","
                                     "\"scramble\":\"%255[^\"]\",\"length\":%d,\"distance\":%d,\"solution\":\"%255[^\"]\"}",
                                st, scramble, &length, &distance, solution),
                         5);
        snprintf(head, sizeof head, "%s\t%s", st, scramble); /* the text line, field for field */
        assert_string_equal(head, line);
        assert_int_equal(length, distance);
        snprintf(answer, sizeof answer, "%s (%d)", solution, distance);
        check_state_answer(d, st, answer, distance);
        far += distance >= 7; /* most of the 2x2x2 is 8 to 10 away */
        obj = strtok_r(NULL, "\n", &save_json);
    }
    assert_null(obj);
    assert_int_equal(lines, 20);
    assert_true(far >= 15);
    free(out);
    free(err);
    free(again);
    free(err2);
    free(json);
    free(err3);
    assert_int_equal(tu_def_solve(DEF "--random 0", NULL, &out, &err), 0);
    assert_string_equal(out, "");
    free(out);
    free(err);
    gt_def_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_argument), cmocka_unit_test(test_state_file),
        cmocka_unit_test(test_state_batch),    cmocka_unit_test(test_state_errors),
        cmocka_unit_test(test_random),         cmocka_unit_test(test_bipartite_one_bit),
        cmocka_unit_test(test_all),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
