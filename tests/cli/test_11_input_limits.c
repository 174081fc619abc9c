/* godtab-solve and godtab-gen at the edges of their input (reliability
 * review, issue 10), end to end on a private database (pocket, floppy):
 *
 *   - move tokens with huge or wrapping layer counts ("257R", a 60-digit
 *     count), a count of 0 and leading zeros: exit 2, one line naming the
 *     token, in every front end that reads moves (pocket, a table name,
 *     floppy, cube3);
 *   - standard-input batches: a NUL byte refuses its line, "\r", "\r\n" and
 *     "\n" all end a line, an error's column counts from the start of the
 *     line as typed (the same column as on the command line);
 *   - cube3 without its tables: a malformed query exits 2 and an unsolvable
 *     one 3 (the query is checked before the tables are opened);
 *   - --seed: only a decimal 0..2^64-1; --db "": refused, not the default.
 *
 * Batch inputs are written to files (not printf'd through the shell) so that
 * NUL and CR bytes reach the program exactly. */
#include "test_util.h"

#include "gt_error.h"

#define dir tu_db_dir
#define db tu_db_path

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("pocket floppy");
}

#define teardown tu_db_teardown

typedef struct run_result {
    int code;
    char *out, *err;
} run_result;

/* Runs "GODTAB_DB=DB PROGRAM ARGS [< input file]"; input (input_len bytes,
 * any bytes) is written to a file in the test directory first. */
static run_result run(const char *program, const char *args, const char *input, size_t input_len)
{
    char *cmd, path[4096] = "";
    if (input) {
        snprintf(path, sizeof path, "%s/input", dir);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(input, 1, input_len, f), input_len);
        fclose(f);
    }
    assert_true(asprintf(&cmd, "GODTAB_DB=%s %s/%s %s%s%s", db, GODTAB_BIN, program, args, input ? " < " : "",
                         path) > 0);
    run_result r;
    r.code = tu_run(cmd, &r.out, &r.err);
    free(cmd);
    return r;
}

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* Checks a run: exit code, stdout exactly want_out (unless NULL), stderr
 * holding err_has (unless NULL), and for a refused single query exactly one
 * stderr line. */
static void expect_in(const char *program, const char *args, const char *input, size_t input_len, int code,
                      const char *want_out, const char *err_has)
{
    run_result r = run(program, args, input, input_len);
    int bad = r.code != code || (want_out && strcmp(r.out, want_out)) || (err_has && !strstr(r.err, err_has));
    if (!bad && code != GT_EXIT_OK && code != GT_EXIT_PARTIAL)
        bad = strchr(r.err, '\n') != strrchr(r.err, '\n') || strlen(r.err) > 200;
    if (bad)
        fail_msg("%s %s: exit %d (want %d)\nstdout: %s\nstderr: %s", program, args, r.code, code, r.out, r.err);
    run_free(&r);
}

static void expect(const char *args, int code, const char *want_out, const char *err_has)
{
    expect_in("godtab-solve", args, NULL, 0, code, want_out, err_has);
}

/* ---- finding 1: numbers in move tokens ---- */

static void test_layer_counts_refused(void **state)
{
    (void)state;
    /* accepted as R before: a count of 0, leading zeros */
    expect("pocket 0R", GT_EXIT_PARSE, "", "no layer 0 in '0R' at column 1");
    expect("pocket 'U 00000R'", GT_EXIT_PARSE, "", "leading zero in the layer count of '00000R' at column 3");
    expect("pocket-qtm 'R 01U'", GT_EXIT_PARSE, "", "'01U' at column 3");
    /* counts past 255 wrapped; past 2^31 overflowed */
    expect("pocket 257R", GT_EXIT_PARSE, "", "too many layers in '257R' at column 1");
    expect("pocket 'R 4294967298R'", GT_EXIT_PARSE, "", "too many layers in '4294967298R' at column 3");
    expect("pocket R29999999999", GT_EXIT_PARSE, "", "amount too large in 'R29999999999' at column 1");
    expect("pocket 999999999999999999999999999999999999999999999999999999999999R", GT_EXIT_PARSE, "",
           "too many layers in '999999999999999999999999...' at column 1");
    /* the Floppy reads its own four letters: digits are unknown moves */
    expect("floppy 'R 257R'", GT_EXIT_PARSE, "", "unknown move '257R' at column 3");
    expect("floppy R29999999999", GT_EXIT_PARSE, "", "unknown move '9999999999' at column 3");
    /* cube3: refused before its (absent) tables are looked for */
    expect("cube3 --quiet 257R", GT_EXIT_PARSE, "", "too many layers in '257R' at column 1");
    expect("cube3 --quiet 'R 0R'", GT_EXIT_PARSE, "", "no layer 0 in '0R' at column 3");
    expect("cube3 --quiet 3R", GT_EXIT_PARSE, "", "'3R' at column 1");
    /* and in a batch: the line is named, the others answered */
    static const char lines[] = "R\n258R\n0U\nU\n";
    expect_in("godtab-solve", "pocket", lines, sizeof lines - 1, GT_EXIT_PARTIAL,
              "R' (1)\nerror: too many layers in '258R' at column 1\nerror: no layer 0 in '0U' at column 1\nU' (1)\n",
              "line 2: too many layers in '258R' at column 1");
    expect_in("godtab-solve", "pocket", lines, sizeof lines - 1, GT_EXIT_PARTIAL, NULL,
              "line 3: no layer 0 in '0U' at column 1");
}

/* ---- finding 2: batch lines ---- */

static void test_batch_nul_byte(void **state)
{
    (void)state;
    /* "R U\0XX" was answered as "R U" with exit 0 */
    static const char nul[] = "R U\0XX\nR\n";
    expect_in("godtab-solve", "pocket", nul, sizeof nul - 1, GT_EXIT_PARTIAL,
              "error: a NUL byte at column 4: a query is text\nR' (1)\n",
              "line 1: a NUL byte at column 4");
    static const char nul_first[] = "\0R\n";
    expect_in("godtab-solve", "floppy", nul_first, sizeof nul_first - 1, GT_EXIT_PARTIAL,
              "error: a NUL byte at column 1: a query is text\n",
              "line 1: a NUL byte at column 1");
    /* a NUL in a comment line still refuses it: the line is not text */
    static const char nul_comment[] = "R\n# a\0b\n";
    expect_in("godtab-solve", "floppy", nul_comment, sizeof nul_comment - 1, GT_EXIT_PARTIAL,
              "R (1)\nerror: a NUL byte at column 4: a query is text\n",
              "line 2: a NUL byte at column 4");
}

static void test_batch_line_ends(void **state)
{
    (void)state;
    /* lone CRs merged "R" and "U" into one query "R U" */
    static const char cr[] = "R\rU\r";
    expect_in("godtab-solve", "pocket", cr, sizeof cr - 1, GT_EXIT_OK, "R' (1)\nU' (1)\n", NULL);
    static const char mixed[] = "R\r\nU\nF\r\rR2";
    expect_in("godtab-solve", "pocket", mixed, sizeof mixed - 1, GT_EXIT_OK, "R' (1)\nU' (1)\nF' (1)\nR2 (1)\n",
              NULL);
    /* line numbers count every end: the empty line between two CRs too */
    static const char numbered[] = "R\r\rQ\r\nU\n";
    expect_in("godtab-solve", "floppy", numbered, sizeof numbered - 1, GT_EXIT_PARTIAL,
              "R (1)\nerror: unknown move 'Q' at column 1\nerror: unknown move 'U' at column 1\n",
              "line 3: unknown move 'Q' at column 1");
}

static void test_batch_columns_match_argv(void **state)
{
    (void)state;
    /* the batch said column 5 for what the command line calls column 9 */
    static const char spaced[] = "    R U Q\n";
    expect_in("godtab-solve", "pocket", spaced, sizeof spaced - 1, GT_EXIT_PARTIAL,
              "error: unknown move 'Q' at column 9\n",
              "line 1: unknown move 'Q' at column 9");
    expect("pocket '    R U Q'", GT_EXIT_PARSE, "", "unknown move 'Q' at column 9");
    static const char tabbed[] = "\t R X\n";
    expect_in("godtab-solve", "floppy", tabbed, sizeof tabbed - 1, GT_EXIT_PARTIAL,
              "error: unknown move 'X' at column 5\n",
              "line 1: unknown move 'X' at column 5");
    expect("floppy \"$(printf '\\t R X')\"", GT_EXIT_PARSE, "", "unknown move 'X' at column 5");
    /* leading blanks are still no query, nor is an indented comment */
    static const char blanks[] = "  \t\n   # c\n  R\n";
    expect_in("godtab-solve", "pocket", blanks, sizeof blanks - 1, GT_EXIT_OK, "R' (1)\n", "");
}

/* ---- finding 3: cube3 checks the query before opening tables ---- */

static void test_cube3_without_tables(void **state)
{
    (void)state;
    char *args;
    /* an empty directory: no database at all */
    assert_true(asprintf(&args, "cube3 --quiet --db %s/none/db", dir) > 0);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s 'R Q'", args);
    expect(buf, GT_EXIT_PARSE, "", "unknown move 'Q' at column 3");
    /* one edge flipped: an assembly outside the solvable orbit */
    snprintf(buf, sizeof buf, "%s UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", args);
    expect(buf, GT_EXIT_ILLEGAL, "", "edge flip");
    snprintf(buf, sizeof buf, "%s --facelets UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", args);
    expect(buf, GT_EXIT_ILLEGAL, "", "edge flip");
    snprintf(buf, sizeof buf, "%s --facelets UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB", args);
    expect(buf, GT_EXIT_PARSE, "", "expected 54 facelets, got 53");
    /* a good query, then the missing tables */
    snprintf(buf, sizeof buf, "%s \"R U R'\"", args);
    expect(buf, GT_EXIT_NOTABLE, "", "/none/db cube3"); /* godtab-gen --db DIR/none/db cube3 */
    /* the pocket/floppy database has no cube3 table either */
    expect("cube3 --quiet 'R Q'", GT_EXIT_PARSE, "", "unknown move 'Q'");
    expect("cube3 --quiet R", GT_EXIT_NOTABLE, "", " cube3\n");
    free(args);
}

/* ---- finding 4: --seed ---- */

static void test_seed_values(void **state)
{
    (void)state;
    static const char *const bad[] = {"-5", "-0", "+5", "' 5'", "''", "abc", "5x", "0x10",
                                      "18446744073709551616", "99999999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char args[128];
        snprintf(args, sizeof args, "floppy --random 1 --seed %s", bad[i]);
        expect(args, GT_EXIT_USAGE, "", "--seed wants a non-negative integer");
    }
    /* the whole range is taken, and the same seed gives the same states */
    run_result a = run("godtab-solve", "floppy --random 3 --seed 18446744073709551615", NULL, 0);
    run_result b = run("godtab-solve", "floppy --random 3 --seed 18446744073709551615", NULL, 0);
    assert_int_equal(a.code, 0);
    assert_int_equal(b.code, 0);
    assert_string_equal(a.out, b.out);
    run_free(&a);
    run_free(&b);
    expect("floppy --random 1 --seed 0", GT_EXIT_OK, NULL, "");
}

/* ---- finding 5: --db "" ---- */

static void test_empty_db_refused(void **state)
{
    (void)state;
    /* GODTAB_DB names a good database: an empty --db used to fall back to it */
    expect("pocket --db '' R", GT_EXIT_USAGE, "", "--db wants a database path");
    expect("pocket --db= R", GT_EXIT_USAGE, "", "--db wants a database path");
    expect("floppy -d '' R", GT_EXIT_USAGE, "", "--db wants a database path");
    expect("taquin --db '' 000/000/000", GT_EXIT_USAGE, "", "--db wants a database path");
    expect("cube3 --db '' R", GT_EXIT_USAGE, "", "--db wants a database path");
    expect_in("godtab-gen", "--db '' --list", NULL, 0, GT_EXIT_USAGE, "", "godtab-gen: --db wants a database path");
    expect_in("godtab-gen", "--quiet --db= floppy", NULL, 0, GT_EXIT_USAGE, "", "--db wants a database path");
    /* the same programs with the path given still work */
    char args[4200];
    snprintf(args, sizeof args, "pocket --db %s R", db);
    expect(args, GT_EXIT_OK, "R' (1)\n", "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layer_counts_refused),
        cmocka_unit_test(test_batch_nul_byte),
        cmocka_unit_test(test_batch_line_ends),
        cmocka_unit_test(test_batch_columns_match_argv),
        cmocka_unit_test(test_cube3_without_tables),
        cmocka_unit_test(test_seed_values),
        cmocka_unit_test(test_empty_db_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
