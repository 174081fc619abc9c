/* Pattern databases end to end (issue 28): godtab-gen --def FILE --pdb into
 * a temporary LMDB, godtab-solve answering from them by file and by name,
 * every answer replayed and its length checked against the full table's,
 * and each documented error: a bad projection (1), a projection or a table
 * past --max-memory (9, naming the largest projection that fits), a state
 * no move reaches (3), a search past --timeout (10, with its lower bound),
 * a pattern database named as a puzzle (1), --random without a full table
 * (1); the near table --pdb auto adds (its answers as short as the full
 * table's, named as a puzzle (1), damaged (5)). */
#include "test_def_util.h"

#include "def.h"
#include "gt_error.h"
#include "store_corrupt.h"

#define db tu_db_path

static int run_gen(const char *args, char **out, char **err)
{
    char *cmd;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s %s", GODTAB_BIN, db, args) > 0);
    int rc = tu_run(cmd, out, err);
    free(cmd);
    return rc;
}

static int setup(void **state)
{
    (void)state;
    /* p2: weak databases of the 2x2x2 (permutation, orientation apart),
     * full2: its full table; weak3: tiny ones of the 3x3x3 */
    if (tu_db_setup("--def " PUZ "2x2x2.tws --pdb CORNERS:perm --pdb CORNERS:ori --name p2"))
        return -1;
    char *cmd;
    int rc = 0;
    const char *more[] = {"--def " PUZ "2x2x2.tws --name full2", "--def " PUZ "3x3x3.tws --pdb EDGES:ori --pdb CORNERS:ori --name weak3"};
    for (int i = 0; i < 2 && rc == 0; i++) {
        if (asprintf(&cmd, "%s/godtab-gen --quiet --db %s %s", GODTAB_BIN, db, more[i]) < 0)
            return -1;
        rc = tu_run(cmd, NULL, NULL);
        free(cmd);
    }
    return rc;
}

#define teardown tu_db_teardown

/* The length printed at the end of an answer line "... (N)". */
static int answer_length(const char *line)
{
    const char *open = strrchr(line, '(');
    assert_non_null(open);
    return atoi(open + 1);
}

/* The last line of a program's output (its trailing newline cut). */
static const char *last_line(char *text)
{
    size_t n = strlen(text);
    if (n && text[n - 1] == '\n')
        text[--n] = 0;
    char *nl = strrchr(text, '\n');
    return nl ? nl + 1 : text;
}

/* godtab-solve def ARGS exits with `code` and says `text` on stderr. */
static void solve_refused(const char *args, int code, const char *text)
{
    char *out, *err;
    assert_int_equal(tu_def_solve(args, NULL, &out, &err), code);
    if (!strstr(err, text))
        fail_msg("%s: stderr '%s' does not say '%s'", args, err, text);
    free(out);
    free(err);
}

/* Each scramble answered from `name`'s tables as long as from the full
 * table `full`, and the answer replayed on the definition d. */
/* The scramble asked of both tables one process each (an empty one, which
 * a batch skips as a blank line). */
static void answer_one_as_short(const gt_def *d, const char *name, const char *full, const char *scramble)
{
    char args[256], *out, *err, *fout, *ferr;
    snprintf(args, sizeof args, "--name %s \"%s\"", name, scramble);
    assert_int_equal(tu_def_solve(args, NULL, &out, &err), 0);
    snprintf(args, sizeof args, "--name %s \"%s\"", full, scramble);
    assert_int_equal(tu_def_solve(args, NULL, &fout, &ferr), 0);
    assert_int_equal(answer_length(out), answer_length(fout));
    tu_def_check_replay(d, scramble, out);
    free(out);
    free(err);
    free(fout);
    free(ferr);
}

static void answers_as_short_on(const gt_def *d, const char *name, const char *full, const char *const *scrambles,
                                size_t n)
{
    /* the others in one batch a name (a process each: a full table's
     * model takes seconds to plan), primes written \047 in printf's quotes */
    char in[4096] = "", args[256], *out, *err, *fout, *ferr;
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        for (const char *c = scrambles[i]; *c; c++)
            len += (size_t)snprintf(in + len, sizeof in - len, *c == '\'' ? "\\047" : "%c", *c);
        if (*scrambles[i])
            len += (size_t)snprintf(in + len, sizeof in - len, "\\n");
        else
            answer_one_as_short(d, name, full, scrambles[i]);
    }
    snprintf(args, sizeof args, "--name %s", name);
    assert_int_equal(tu_def_solve(args, in, &out, &err), 0);
    snprintf(args, sizeof args, "--name %s", full);
    assert_int_equal(tu_def_solve(args, in, &fout, &ferr), 0);
    char *line = out, *fline = fout;
    int asked_alone = 0;
    for (size_t i = 0; i < n; i++) {
        if (!*scrambles[i])
            continue;
        char *end = strchr(line, '\n'), *fend = strchr(fline, '\n');
        assert_non_null(end);
        assert_non_null(fend);
        *end = *fend = 0;
        assert_int_equal(answer_length(line), answer_length(fline));
        tu_def_check_replay(d, scrambles[i], line);
        if (!asked_alone++) { /* one query alone: its tables read in place, the batch's answer */
            char *one, *one_err;
            snprintf(args, sizeof args, "--name %s \"%s\"", name, scrambles[i]);
            assert_int_equal(tu_def_solve(args, NULL, &one, &one_err), 0);
            assert_true(strlen(one) > 0 && one[strlen(one) - 1] == '\n');
            one[strlen(one) - 1] = 0;
            assert_string_equal(one, line);
            free(one);
            free(one_err);
        }
        line = end + 1;
        fline = fend + 1;
    }
    free(out);
    free(err);
    free(fout);
    free(ferr);
}

/* The same for the shipped puzzles/FILE. */
static void answers_as_short(const char *file, const char *name, const char *full, const char *const *scrambles,
                             size_t n)
{
    gt_def *d = tu_def_load(file);
    answers_as_short_on(d, name, full, scrambles, n);
    gt_def_free(d);
}

static void test_answers_as_short_as_the_full_table(void **state)
{
    (void)state;
    static const char *const scrambles[] = {"R U R' U'", "", "R2", "F2 U' R F R2 U F' R U2",
                                            "U R U2 R' U' F2 R U F' R2 U' F", "R U F R' U' F'",
                                            "F R2 U' F2 R U R' F' U2 R"};
    answers_as_short("2x2x2.tws", "p2", "full2", scrambles, sizeof scrambles / sizeof scrambles[0]);
}

static void test_by_name_batch_json_all(void **state)
{
    (void)state;
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "printf 'R U\\n# c\\n\\nR2 F\\n' | %s/godtab-solve p2 --db %s --json", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    /* the answers, then the search's own figures */
    const char *first = "{\"puzzle\":\"p2\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"U' R'\",\"nodes\":";
    const char *second = "\n{\"puzzle\":\"p2\",\"metric\":\"htm\",\"distance\":2,\"solution\":\"F' R2\",\"nodes\":";
    assert_memory_equal(out, first, strlen(first));
    assert_non_null(strstr(out, second));
    assert_non_null(strstr(out, ",\"seconds\":"));
    free(cmd);
    free(out);
    free(err);
    /* --all: as many solutions as the full table's walk lists */
    char *full, *ferr;
    assert_int_equal(tu_def_solve("--name p2 --all \"R U F\"", NULL, &out, &err), 0);
    assert_int_equal(tu_def_solve("--name full2 --all \"R U F\"", NULL, &full, &ferr), 0);
    assert_non_null(strstr(out, " optimal solution"));
    assert_string_equal(last_line(out), last_line(full));
    free(out);
    free(err);
    free(full);
    free(ferr);
}

static void test_progress_and_threads(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(tu_def_solve("--name weak3 --progress --threads 1 \"R2 U2 F2 D2\"", NULL, &out, &err), 0);
    assert_int_equal(answer_length(out), 4);
    assert_non_null(strstr(err, "godtab-solve: no solution of 3 moves ("));
    free(out);
    free(err);
    solve_refused("--name weak3 --threads 0 R", GT_EXIT_USAGE, "--threads wants");
    solve_refused("--name weak3 --timeout -1 R", GT_EXIT_USAGE, "--timeout wants");
}

static void test_timeout_gives_the_lower_bound(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(tu_def_solve("--name weak3 --timeout 0.2 \"R U2 F' R2 U' F R' U F2 L D2 B U R' F D\"", NULL, &out,
                                  &err),
                     GT_EXIT_TIMEOUT);
    assert_non_null(strstr(err, "the optimal length is at least "));
    assert_true(atoi(strstr(err, "at least ") + 9) >= 1);
    free(out);
    free(err);
}

static void test_unreachable_states(void **state)
{
    (void)state;
    solve_refused("--name weak3 --state \"CORNERS 2 1 3 4 5 6 7 8\"", GT_EXIT_ILLEGAL, "parity");
    solve_refused("--name weak3 --state \"CORNERS 1 2 3 4 5 6 7 8 1 0 0 0 0 0 0 0\"", GT_EXIT_ILLEGAL,
                  "set CORNERS: the orientation sum");
}

/* Writes text (n bytes) to path. */
static void write_text(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static void test_gen_errors(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --pdb BOGUS", &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--pdb 'BOGUS': column 1: projection: no such set"));
    free(out);
    free(err);
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --pdb EDGES=1-6 --max-memory 1M", &out, &err), GT_EXIT_INTERNAL);
    assert_non_null(strstr(err, "too big: projection 'EDGES=1-6' has 42577920 images"));
    assert_non_null(strstr(err, "the largest that fits: "));
    free(out);
    free(err);
    /* the full table past the limit names the pattern databases */
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --max-memory 64M", &out, &err), GT_EXIT_INTERNAL);
    assert_non_null(strstr(err, "the largest projection that fits: "));
    assert_non_null(strstr(err, "--pdb auto"));
    free(out);
    free(err);
    assert_int_equal(run_gen("--pdb auto", &out, &err), GT_EXIT_USAGE);
    free(out);
    free(err);
    /* a definition of one state (its two pieces alike): nothing to project */
    static const char one[] = "Set S 2 1\nSolved\nS\n1 1\nEnd\nMove A\nS\n2 1\nEnd\n";
    char *path, args[1024];
    assert_true(asprintf(&path, "%s/one.tws", tu_db_dir) > 0);
    write_text(path, one, sizeof one - 1);
    snprintf(args, sizeof args, "--def %s --pdb auto", path);
    assert_int_equal(run_gen(args, &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "no set has more than one image (no move changes the state): nothing to project"));
    free(out);
    free(err);
    free(path);
}

static void test_misuse(void **state)
{
    (void)state;
    char *cmd, *out, *err;
    solve_refused("--name p2-pdb0 R", GT_EXIT_USAGE, "is a pattern database");
    assert_true(asprintf(&cmd, "%s/godtab-solve p2 --db %s --random 1", GODTAB_BIN, db) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--random draws from a full table"));
    free(cmd);
    free(out);
    free(err);
}

/* --pdb auto: the databases, then the near table in the memory left;
 * the answers' lengths are the full table's. */
static void test_auto_within_memory(void **state)
{
    (void)state;
    char *out, *err;
    static const char *const scrambles[] = {"R U L' B", "R U' B L' U R' B' L", "", "L", "B' R L' U B R' U' L B'"};
    assert_int_equal(run_gen("--def " PUZ "skewb.tws --pdb auto --max-memory 8M --name sk", &out, &err), 0);
    assert_non_null(strstr(out, "sk-pdb0: projection "));
    assert_non_null(strstr(out, "sk-near: the states within "));
    free(out);
    free(err);
    assert_int_equal(run_gen("--quiet --def " PUZ "skewb.tws --name fullsk", &out, &err), 0);
    free(out);
    free(err);
    answers_as_short("skewb.tws", "sk", "fullsk", scrambles, sizeof scrambles / sizeof scrambles[0]);
    /* the near table is no puzzle by itself */
    solve_refused("--name sk-near R", GT_EXIT_USAGE, "is a pattern database");
}

/* A damaged near table: a batch is refused before any answer (the search
 * checks its copy whole as it reads it in); one query, read in place,
 * stops at the first damaged block it reads (here every block is). */
static void test_near_damaged(void **state)
{
    (void)state;
    char *out, *err;
    gt_db *h;
    gt_table_meta meta;
    assert_int_equal(run_gen("--quiet --def " PUZ "skewb.tws --pdb auto --max-memory 8M --name skd", &out, &err), 0);
    free(out);
    free(err);
    assert_int_equal(gt_db_open(&h, db, GT_DB_WRITE), GT_OK);
    assert_int_equal(gt_db_get_meta(h, "skd-near", &meta), GT_OK);
    const uint64_t bytes = gt_encoding_bytes(meta.encoding, meta.n_states);
    assert_true(bytes > 12345 + GT_BLOCK_BYTES); /* in one chunk: mapped */
    assert_int_equal(gt_db_corrupt_every_for_test(h, "skd-near", 0, 12345, GT_BLOCK_BYTES), GT_OK);
    gt_db_close(h);
    assert_int_equal(tu_def_solve("--name skd", "R U\n", &out, &err), GT_EXIT_CORRUPT);
    assert_non_null(strstr(err, "godtab-solve: "));
    assert_string_equal(out, "");
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--name skd \"R U\"", NULL, &out, &err), GT_EXIT_CORRUPT);
    assert_non_null(strstr(err, "the near table has a damaged block"));
    assert_string_equal(out, "");
    free(out);
    free(err);
}

/* "# @pdb PROJECTION" lines name the projections in the file itself. */
static void test_pdb_from_file(void **state)
{
    (void)state;
    char *path, *cmd, *out, *err, args[1024];
    assert_true(asprintf(&path, "%s/named.tws", tu_db_dir) > 0);
    assert_true(asprintf(&cmd, "printf '# @pdb CORNERS:ori\\n# @pdb CORNERS:perm\\n' | cat - %s2x2x2.tws > %s", PUZ, path) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    snprintf(args, sizeof args, "--def %s --pdb file --name named", path);
    assert_int_equal(run_gen(args, &out, &err), 0);
    assert_non_null(strstr(out, "named-pdb0: projection CORNERS:ori"));
    assert_non_null(strstr(out, "named-pdb1: projection CORNERS:perm"));
    free(out);
    free(err);
    assert_int_equal(tu_def_solve("--name named \"R U F2\"", NULL, &out, &err), 0);
    assert_int_equal(answer_length(out), 3);
    free(out);
    free(err);
    /* a file without the lines, and a line that does not read (FILE:LINE) */
    assert_int_equal(run_gen("--def " PUZ "2x2x2.tws --pdb file", &out, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "the file names no projection"));
    free(out);
    free(err);
    assert_true(asprintf(&cmd, "printf '# @pdb CORNERS:bad\\n' | cat - %s2x2x2.tws > %s", PUZ, path) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    snprintf(args, sizeof args, "--def %s --pdb file", path);
    assert_int_equal(run_gen(args, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "named.tws:1: @pdb CORNERS:bad: column 9: projection: ':perm' or ':ori' expected"));
    free(out);
    free(err);
    free(path);
}

/* A definition whose moves with their powers are more than 64 (four
 * moves of order 20: 76; twsearch's 8x8x8 has 72, its gigaminx 96),
 * refused before 2026-11-27: tabled in full, searched over pattern
 * databases, the same lengths both ways. Each move is a 5-cycle on P, a
 * 4-cycle on R and swaps Q's two pieces, so R's parity is Q's and P's is
 * even: a state with only Q swapped, or only P's first two, is refused
 * (each move's sign, kept a byte a move since). A move's fifth power
 * leaves P alone and another's fourth leaves R and Q alone: those two
 * commute while B and D do not, which until 2026-11-29 made B and D
 * commute for the search, and "B D" had no answer. (Nine pieces, a
 * 5-cycle and a 4-cycle on one set, took 11 s to plan, 30 s under the
 * sanitizers: 9! values times 76 moves.) */
static const char many_powers[] = "Name ManyPowers\nSet P 5 1\nSet R 4 1\nSet Q 2 1\n"
                                  "Solved\nP\n1 2 3 4 5\nR\n1 2 3 4\nQ\n1 2\nEnd\n"
                                  "Move A\nP\n2 3 4 5 1\nR\n2 3 4 1\nQ\n2 1\nEnd\n"
                                  "Move B\nP\n3 4 5 1 2\nR\n3 1 4 2\nQ\n2 1\nEnd\n"
                                  "Move C\nP\n5 1 2 3 4\nR\n4 1 2 3\nQ\n2 1\nEnd\n"
                                  "Move D\nP\n2 4 5 3 1\nR\n2 4 1 3\nQ\n2 1\nEnd\n";

static void test_more_than_64_moves_with_powers(void **state)
{
    (void)state;
    static const char *const scrambles[] = {"A B", "B D", "A7 C9' D", "B10 A3 D'", "A2 B2 C2 D2", "A10", "D9'"};
    char *path, args[1024], *out, *err;
    gt_def *d;
    assert_int_equal(gt_def_parse(many_powers, sizeof many_powers - 1, &d, NULL), GT_OK);
    assert_true(asprintf(&path, "%s/many.tws", tu_db_dir) > 0);
    write_text(path, many_powers, sizeof many_powers - 1);
    snprintf(args, sizeof args, "--def %s --name manyfull", path);
    assert_int_equal(run_gen(args, &out, &err), 0);
    assert_non_null(strstr(out, "God's number 4; 1440 states reached"));
    free(out);
    free(err);
    snprintf(args, sizeof args, "--def %s --pdb auto --max-memory 64K --name many", path);
    assert_int_equal(run_gen(args, &out, &err), 0);
    assert_non_null(strstr(out, "many-pdb0: projection "));
    free(out);
    free(err);
    answers_as_short_on(d, "many", "manyfull", scrambles, sizeof scrambles / sizeof scrambles[0]);
    solve_refused("--name many --state \"P 1 2 3 4 5 R 1 2 3 4 Q 2 1\"", GT_EXIT_ILLEGAL, "parity");
    solve_refused("--name many --state \"P 2 1 3 4 5 R 1 2 3 4 Q 1 2\"", GT_EXIT_ILLEGAL, "parity");
    gt_def_free(d);
    /* past 255: a 200-cycle (199 powers) and a 199-cycle (198) */
    char big[8192];
    int len = snprintf(big, sizeof big, "Set P 200 1\nSolved\nP\n");
    for (int i = 1; i <= 200; i++)
        len += snprintf(big + len, sizeof big - (size_t)len, "%d ", i);
    len += snprintf(big + len, sizeof big - (size_t)len, "\nEnd\nMove A\nP\n");
    for (int i = 1; i <= 200; i++)
        len += snprintf(big + len, sizeof big - (size_t)len, "%d ", i % 200 + 1);
    len += snprintf(big + len, sizeof big - (size_t)len, "\nEnd\nMove B\nP\n1 ");
    for (int i = 2; i <= 200; i++)
        len += snprintf(big + len, sizeof big - (size_t)len, "%d ", i == 200 ? 2 : i + 1);
    len += snprintf(big + len, sizeof big - (size_t)len, "\nEnd\n");
    write_text(path, big, (size_t)len);
    snprintf(args, sizeof args, "--def %s --pdb auto --max-memory 64K", path);
    assert_int_equal(run_gen(args, &out, &err), GT_EXIT_PARSE);
    assert_non_null(strstr(err, "more than 255 moves with their powers"));
    free(out);
    free(err);
    free(path);
}

/* The checksum of "NAME: ok (checksum C" in out. */
static void checksum_of(const char *out, char *sum)
{
    const char *at = strstr(out, ": ok (checksum ");
    assert_non_null(at);
    snprintf(sum, 17, "%.16s", at + strlen(": ok (checksum "));
}

/* A database past the memory a byte an image needs is built at 2 bits an
 * image (gt_bfs_run_mod3 through the projection's level hooks): the same
 * bytes as the byte BFS's, verified the same way. */
static void test_pdb_at_two_bits_an_image(void **state)
{
    (void)state;
    char *out, *err, one[17], two[17];
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --pdb EDGES=1-5 --max-memory 2M --name two5", &out, &err), 0);
    assert_non_null(strstr(out, "two5-pdb0: projection EDGES=1-5, 3041280 images (the BFS at 2 bits an image)"));
    assert_non_null(strstr(out, "God's number 9; 3041280 states reached of 3041280"));
    free(out);
    free(err);
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --pdb EDGES=1-5 --max-memory 2M --name two5 --verify", &out, &err),
                     0);
    checksum_of(out, two);
    free(out);
    free(err);
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --pdb EDGES=1-5 --name byte5", &out, &err), 0);
    assert_null(strstr(out, "2 bits"));
    free(out);
    free(err);
    assert_int_equal(run_gen("--def " PUZ "3x3x3.tws --pdb EDGES=1-5 --name byte5 --verify", &out, &err), 0);
    checksum_of(out, one);
    assert_string_equal(one, two);
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers_as_short_as_the_full_table),
        cmocka_unit_test(test_by_name_batch_json_all),
        cmocka_unit_test(test_progress_and_threads),
        cmocka_unit_test(test_timeout_gives_the_lower_bound),
        cmocka_unit_test(test_unreachable_states),
        cmocka_unit_test(test_gen_errors),
        cmocka_unit_test(test_pdb_at_two_bits_an_image),
        cmocka_unit_test(test_misuse),
        cmocka_unit_test(test_auto_within_memory),
        cmocka_unit_test(test_near_damaged),
        cmocka_unit_test(test_pdb_from_file),
        cmocka_unit_test(test_more_than_64_moves_with_powers),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
