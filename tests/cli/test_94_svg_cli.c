/* Pictures from godtab-solve: --svg FILE on pocket, taquin and cube3 (the
 * net or board the library's SVG writer draws, captioned with the answer),
 * --show in ANSI colours on a terminal and in letters with NO_COLOR or into
 * a pipe, cube3's --show, and each refusal (--svg without a single query,
 * an unwritable file). */
#include "test_util.h"

#include "gt_error.h"

static char cmd[16384];

static int solve(const char *args, char **out, char **err)
{
    snprintf(cmd, sizeof cmd, "%s/godtab-solve %s", GODTAB_BIN, args);
    return tu_run(cmd, out, err);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *text = calloc(1, 1 << 20);
    assert_non_null(text);
    size_t n = fread(text, 1, (1 << 20) - 1, f);
    text[n] = 0;
    fclose(f);
    return text;
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

static void test_pocket_svg(void **state)
{
    (void)state;
    char args[8192], *out, *svg, path[4200];
    snprintf(path, sizeof path, "%s/pocket.svg", tu_db_dir);
    snprintf(args, sizeof args, "pocket --db %s --svg %s \"R U\"", tu_db_path, path);
    assert_int_equal(solve(args, &out, NULL), 0);
    assert_string_equal(out, "U' R' (2)\n"); /* the answer is unchanged */
    svg = slurp(path);
    assert_true(!strncmp(svg, "<svg xmlns=", 11));
    assert_int_equal(count_of(svg, "stroke=\"#222\""), 24);
    assert_non_null(strstr(svg, ">U' R' (2)</text>"));
    /* after R U the U face holds two white and two green stickers */
    assert_int_equal(count_of(svg, "fill=\"#009e60\""), 4);
    free(svg);
    free(out);
    /* a facelet query too, and the solved cube */
    snprintf(args, sizeof args, "pocket --db %s --svg %s --facelets UUUURRRRFFFFDDDDLLLLBBBB", tu_db_path, path);
    assert_int_equal(solve(args, &out, NULL), 0);
    free(out);
    svg = slurp(path);
    assert_non_null(strstr(svg, ">solved (0)</text>"));
    free(svg);
}

static void test_svg_refusals(void **state)
{
    (void)state;
    char args[8192], *err;
    snprintf(args, sizeof args, "pocket --db %s --svg /tmp/x.svg < /dev/null", tu_db_path);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--svg draws a single query"));
    free(err);
    snprintf(args, sizeof args, "pocket --db %s --svg /tmp/x.svg --random 2", tu_db_path);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    free(err);
    snprintf(args, sizeof args, "pocket --db %s --svg '' R", tu_db_path);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    free(err);
    snprintf(args, sizeof args, "pocket --db %s --svg %s/no/such/dir/x.svg R", tu_db_path, tu_db_dir);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_STORAGE);
    assert_non_null(strstr(err, "cannot write"));
    free(err);
    snprintf(args, sizeof args, "taquin --db %s --svg /tmp/x.svg < /dev/null", tu_db_path);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    free(err);
    snprintf(args, sizeof args, "cube3 --db %s --show < /dev/null", tu_db_path);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "draw a single query"));
    free(err);
    snprintf(args, sizeof args, "floppy --db %s --svg /tmp/x.svg R", tu_db_path); /* no net: no option */
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    free(err);
}

static void test_taquin_svg(void **state)
{
    (void)state;
    char args[8192], *out, *svg, path[4200];
    snprintf(path, sizeof path, "%s/taquin.svg", tu_db_dir);
    snprintf(args, sizeof args, "taquin --db %s --svg %s 110/101/100", tu_db_path, path);
    assert_int_equal(solve(args, &out, NULL), 0);
    assert_string_equal(out, "L1 C1 L1 C3 L1 (5)\n");
    svg = slurp(path);
    assert_int_equal(count_of(svg, "fill=\"#333333\""), 5);
    assert_non_null(strstr(svg, ">L1 C1 L1 C3 L1 (5)</text>"));
    free(svg);
    free(out);
}

/* taquin --graph: the quotient graph as SVG (48 types, 9 niches, 5 beacons)
 * or Graphviz; alone it answers nothing else. */
static void test_taquin_graph(void **state)
{
    (void)state;
    char args[8192], *out, *err, *text, path[4200];
    snprintf(path, sizeof path, "%s/graph.svg", tu_db_dir);
    snprintf(args, sizeof args, "taquin --db %s --graph %s", tu_db_path, path);
    assert_int_equal(solve(args, &out, NULL), 0);
    assert_string_equal(out, "");
    free(out);
    text = slurp(path);
    assert_int_equal(count_of(text, "<circle cx="), 48);
    assert_int_equal(count_of(text, "stroke=\"#c00\""), 9);
    assert_int_equal(count_of(text, "fill=\"#8cf\""), 5);
    assert_non_null(strstr(text, ">5;1</text>"));
    free(text);
    snprintf(path, sizeof path, "%s/graph.dot", tu_db_dir);
    snprintf(args, sizeof args, "taquin --db %s --graph %s 110/101/100", tu_db_path, path);
    assert_int_equal(solve(args, &out, NULL), 0);
    assert_string_equal(out, "L1 C1 L1 C3 L1 (5)\n");
    free(out);
    text = slurp(path);
    assert_true(!strncmp(text, "graph taquin {", 14));
    assert_int_equal(count_of(text, " color=red"), 9);
    assert_int_equal(count_of(text, "fillcolor=lightblue"), 5);
    free(text);
    snprintf(args, sizeof args, "taquin --db %s --graph %s/no/dir/g.svg", tu_db_path, tu_db_dir);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_STORAGE);
    free(err);
    snprintf(args, sizeof args, "taquin --db %s --board 4x4 --graph /tmp/g.svg", tu_db_path); /* not built */
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_NOTABLE);
    free(err);
    snprintf(args, sizeof args, "taquin --db %s --graph ''", tu_db_path);
    assert_int_equal(solve(args, NULL, &err), GT_EXIT_USAGE);
    free(err);
}

/* --show: colours on a terminal (script gives one), letters otherwise. */
static void test_show_colour(void **state)
{
    (void)state;
    char args[8192], *out;
    snprintf(args, sizeof args, "pocket --db %s --show \"R U\" | cat", tu_db_path);
    assert_int_equal(solve(args, &out, NULL), 0);
    assert_non_null(strstr(out, "    U U\n    F F\n"));
    assert_null(strstr(out, "\x1b["));
    free(out);
    snprintf(cmd, sizeof cmd, "NO_COLOR= script -qc \"%s/godtab-solve pocket --db %s --show 'R U'\" /dev/null",
             GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_int_equal(count_of(out, "\x1b[48;5;"), 24);
    assert_non_null(strstr(out, "U' R' (2)"));
    free(out);
    snprintf(cmd, sizeof cmd, "NO_COLOR=1 script -qc \"%s/godtab-solve pocket --db %s --show 'R U'\" /dev/null",
             GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_null(strstr(out, "\x1b["));
    assert_non_null(strstr(out, "F D R R U B L L"));
    free(out);
}

/* cube3: --show draws before any table is needed; --svg with --near
 * (the two-phase solver builds its small tables without the database's). */
static void test_cube3_pictures(void **state)
{
    (void)state;
    char args[8192], *out, *err, *svg, path[4200];
    snprintf(args, sizeof args, "cube3 --db %s --show --quiet \"R U\"", tu_db_path);
    int rc = solve(args, &out, &err);
    assert_true(rc == 0 || rc == GT_EXIT_NOTABLE);
    assert_non_null(strstr(out, "      U U U\n      U U U\n      F F F\nF F D R R R U B B L L L\n"));
    free(out);
    free(err);
    snprintf(path, sizeof path, "%s/cube3.svg", tu_db_dir);
    snprintf(args, sizeof args, "cube3 --db %s --near --svg %s \"R U\"", tu_db_path, path);
    assert_int_equal(solve(args, &out, NULL), 0);
    svg = slurp(path);
    assert_int_equal(count_of(svg, "stroke=\"#222\""), 54);
    assert_non_null(strstr(svg, ">R U</text>"));
    free(svg);
    free(out);
}

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("pocket-htm taquin-3x3 floppy-htm");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pocket_svg),  cmocka_unit_test(test_svg_refusals),
        cmocka_unit_test(test_taquin_svg),  cmocka_unit_test(test_show_colour),
        cmocka_unit_test(test_taquin_graph),
        cmocka_unit_test(test_cube3_pictures),
    };
    return cmocka_run_group_tests(tests, setup, tu_db_teardown);
}
