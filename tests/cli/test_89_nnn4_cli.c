/* godtab-solve nnn on a 4x4x4 with the reduction tables (godtab-gen nnn):
 * answers by the tables ("by tables" after the counts, "method":"tables"),
 * far shorter than the commutators'; --method commutators and tables;
 * tables not built (exit 4 with tables only, silently the commutators
 * otherwise), another N with tables only (exit 1), a bad --method (exit
 * 1), --axes outside 1..3 (exit 1), a damaged table (said on stderr and the commutators answer; exit 5
 * with tables only); --random's scrambles; cube3-twophase read when stored.
 * Every run names its database with --db. */
#include "test_util.h"

#include <stdlib.h>
#include <string.h>

static char *empty_db;

static int setup(void **state)
{
    (void)state;
    if (tu_db_setup("nnn"))
        return -1;
    return asprintf(&empty_db, "%s/empty", tu_db_dir) < 0 ? -1 : 0;
}

static int teardown(void **state)
{
    free(empty_db);
    return tu_db_teardown(state);
}

static int solve(char **out, char **err, const char *db, const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve nnn --db %s %s", GODTAB_BIN, db, args);
    return tu_run(cmd, out, err);
}

/* A copy of the test's database, named `name` beside it (malloc'd path). */
static char *db_copy(const char *name)
{
    char *other, *cmd;
    assert_true(asprintf(&other, "%s/%s", tu_db_dir, name) > 0);
    assert_true(asprintf(&cmd, "cp -r %s %s", tu_db_path, other) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    return other;
}

static long obtm_of(const char *out)
{
    const char *p = strstr(out, "\"obtm\":");
    assert_non_null(p);
    return strtol(p + 7, NULL, 10);
}

/* Random states answered by the tables: each marked, and under 70 OBTM
 * (the commutators take ~220). */
static void test_tables_answer(void **state)
{
    (void)state;
    char *out, *err, cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/godtab-solve nnn --size 4 --random 2 --seed 9 --method commutators --db %s | cut -f1"
             " | %s/godtab-solve nnn --json --db %s", GODTAB_BIN, empty_db, GODTAB_BIN, tu_db_path);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_string_equal(err, "");
    int lines = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        assert_non_null(strstr(line, "\"method\":\"tables\""));
        assert_non_null(strstr(line, "\"reduction\":"));
        assert_true(obtm_of(line) < 70);
    }
    assert_int_equal(lines, 2);
    free(out);
    free(err);
}

static void test_text_and_stages(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 4 \"R U Rw F2 Uw' L\""), 0);
    assert_non_null(strstr(out, ") by tables\n"));
    free(out);
    free(err);
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 4 --stages \"R U Rw F2 Uw' L\""), 0);
    assert_true(strncmp(out, "reduction: ", 11) == 0);
    assert_non_null(strstr(out, "\ncube3: "));
    free(out);
    free(err);
}

/* --random: the tables' answer may leave the cube turned half a turn about
 * an axis (docs/nnn.md), so the printed scramble then starts with that
 * half turn (both halves' wide turns) and still gives the printed position
 * (the program checks it: exit 9 otherwise). */
static void test_random_scrambles(void **state)
{
    (void)state;
    char *out, *err, args[128];
    int turned = 0;
    for (int seed = 1; seed <= 2; seed++) { /* seed 2 ends turned, seed 1 does not */
        snprintf(args, sizeof args, "--size 4 --random 1 --seed %d", seed);
        assert_int_equal(solve(&out, &err, tu_db_path, args), 0);
        assert_string_equal(err, "");
        const char *tab = strchr(out, '\t');
        assert_non_null(tab);
        turned += !strncmp(tab + 1, "Uw2 Dw2 ", 8) || !strncmp(tab + 1, "Rw2 Lw2 ", 8) ||
                  !strncmp(tab + 1, "Fw2 Bw2 ", 8);
        free(out);
        free(err);
    }
    assert_true(turned > 0); /* the path is exercised */
}

/* With cube3-twophase stored next to the tables, the 3x3x3 stage reads it
 * (in place) instead of building its small tables: the same kind of answer. */
static void test_with_stored_twophase(void **state)
{
    (void)state;
    char *out, *err, *cmd, *other = db_copy("with-twophase");
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s cube3-twophase", GODTAB_BIN, other) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    assert_int_equal(solve(&out, &err, other, "--size 4 --json \"R U Rw F2 Uw' L B2 Dw\""), 0);
    assert_non_null(strstr(out, "\"method\":\"tables\""));
    assert_string_equal(err, "");
    free(out);
    free(err);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/godtab-solve nnn --size 4 --random 2 --seed 5 --db %s | cut -f1 | "
                         "%s/godtab-solve nnn --stages --db %s", GODTAB_BIN, other, GODTAB_BIN, other) > 0);
    assert_int_equal(tu_run(cmd, &out, &err), 0);
    assert_non_null(strstr(out, "\ncube3: "));
    assert_string_equal(err, "");
    free(out);
    free(err);
    free(cmd);
    free(other);
}

/* --method commutators: seed 002's answer, tables or not. */
static void test_method_commutators(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 4 --json --method commutators \"R U Rw F2 Uw' L\""), 0);
    assert_non_null(strstr(out, "\"method\":\"commutators\""));
    assert_true(obtm_of(out) > 20);
    free(out);
    free(err);
}

/* Tables not built: silently the commutators; with --method tables, exit 4
 * naming the command that builds them. */
static void test_tables_missing(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve(&out, &err, empty_db, "--size 4 --json \"R U Rw F2 Uw' L\""), 0);
    assert_non_null(strstr(out, "\"method\":\"commutators\""));
    assert_string_equal(err, "");
    free(out);
    free(err);
    assert_int_equal(solve(&out, &err, empty_db, "--size 4 --method tables \"R U Rw F2 Uw' L\""), 4);
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "godtab-gen nnn"));
    free(out);
    free(err);
}

static void test_bad_method_and_size(void **state)
{
    (void)state;
    char *out, *err;
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 4 --method fast R"), 1);
    assert_non_null(strstr(err, "--method 'fast'"));
    free(out);
    free(err);
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 4 --axes 4 R"), 1);
    assert_non_null(strstr(err, "--axes"));
    free(out);
    free(err);
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 4 --axes 2 \"R U Rw F2 Uw' L\""), 0);
    assert_non_null(strstr(out, ") by tables\n"));
    free(out);
    free(err);
    assert_int_equal(solve(&out, &err, tu_db_path, "--size 5 --method tables \"R U Rw F2 Uw' L\""), 1);
    assert_non_null(strstr(err, "4x4x4's, not the 5x5x5's"));
    free(out);
    free(err);
}

/* A copy of the database with one byte of `record` flipped: the answer of
 * `scramble` is the commutators' with `said` on stderr, and with
 * --method tables exit 5 naming the damage. */
static void expect_damage(const char *copy, const char *record, const char *scramble, const char *said)
{
    char *out, *err, *other = db_copy(copy), args[256];
    tu_lmdb_flip(other, record, 1000);
    snprintf(args, sizeof args, "--size 4 --json \"%s\"", scramble);
    assert_int_equal(solve(&out, &err, other, args), 0);
    assert_non_null(strstr(out, "\"method\":\"commutators\""));
    assert_non_null(strstr(err, said));
    free(out);
    free(err);
    snprintf(args, sizeof args, "--size 4 --method tables \"%s\"", scramble);
    assert_int_equal(solve(&out, &err, other, args), 5);
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "damaged"));
    free(out);
    free(err);
    free(other);
}

/* A damaged table: the store refuses it; said on stderr, the commutators
 * answer (exit 0); with --method tables, exit 5. */
static void test_damaged_table(void **state)
{
    (void)state;
    expect_damage("damaged", "nnn4-p3-centres/data/00000000", "R U Rw F2 Uw' L", "cannot be used");
}

/* The pairing's table is read in place, each block checked on first use:
 * a damaged block is found by the query that reads it, which then gives
 * no answer from the tables, never a wrong one (block 0 holds the paired
 * end, which every P3 reads). */
static void test_damaged_block_read_in_place(void **state)
{
    (void)state;
    expect_damage("damaged-pairs", "nnn4-p3-pairs/data/00000000", "R U Rw F2 Uw' L B2 Dw", "gave no answer");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_answer),        cmocka_unit_test(test_text_and_stages),
        cmocka_unit_test(test_random_scrambles),     cmocka_unit_test(test_with_stored_twophase),
        cmocka_unit_test(test_method_commutators),   cmocka_unit_test(test_tables_missing),
        cmocka_unit_test(test_bad_method_and_size),  cmocka_unit_test(test_damaged_table),
        cmocka_unit_test(test_damaged_block_read_in_place),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
