/* godtab-gen-mpi (issue 17, docs/distributed.md): the pocket tables built on
 * 1, 2 and 4 MPI ranks (oversubscribed on this machine) are the
 * single-process build's: same checksum, same data, same metadata apart
 * from the rank count, and `godtab-gen --verify` finds them identical to a
 * fresh build. A rank killed mid-build fails the job and leaves the stored
 * table as it was. Skips, saying so, when godtab-gen-mpi was not built (no
 * mpicc: `make test` installs Open MPI, so CI always runs it). */
#include "test_util.h"

#include "catalog.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

#include <unistd.h>

/* root allowed (CI runs as root); no leak check in the ranks: Open MPI
 * keeps its own buffers to exit (ASan's other checks still run) */
#define MPIRUN "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 GODTAB_MPI_QUIET=1 " \
               "ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe -n "

static char *dir;

static int setup(void **state)
{
    (void)state;
    dir = tu_mkdtemp();
    char *cmd;
    if (asprintf(&cmd, "%s/godtab-gen --quiet --db %s/single pocket", GODTAB_BIN, dir) < 0)
        return -1;
    int rc = tu_run(cmd, NULL, NULL);
    free(cmd);
    return rc;
}

static int teardown(void **state)
{
    (void)state;
    tu_rmrf(dir);
    free(dir);
    return 0;
}

static int have_mpi(void)
{
    if (access(GODTAB_BIN "/godtab-gen-mpi", X_OK) == 0 && system("command -v mpirun >/dev/null 2>&1") == 0)
        return 1;
    printf("godtab-gen-mpi: skipped (not built: no mpicc; Debian: apt-get install openmpi-bin libopenmpi-dev)\n");
    return 0;
}

static void read_meta(const char *db_name, const char *table, gt_table_meta *m)
{
    char *path;
    gt_db *db;
    assert_true(asprintf(&path, "%s/%s", dir, db_name) > 0);
    assert_int_equal(gt_db_open(&db, path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_get_meta(db, table, m), GT_OK);
    gt_db_close(db);
    free(path);
}

/* Everything but who built it, when and how fast. */
static void expect_same_meta(const gt_table_meta *a, const gt_table_meta *b)
{
    assert_string_equal(a->name, b->name);
    assert_string_equal(a->puzzle, b->puzzle);
    assert_string_equal(a->metric, b->metric);
    assert_int_equal(a->n_states, b->n_states);
    assert_int_equal(a->encoding, b->encoding);
    assert_true(gt_distribution_equal(&a->distribution, &b->distribution));
    assert_int_equal(a->checksum, b->checksum);
    assert_int_equal(a->raw_bytes, b->raw_bytes);
    assert_int_equal(a->stored_bytes, b->stored_bytes);
    assert_int_equal(a->chunk_bytes, b->chunk_bytes);
    assert_int_equal(a->format_version, b->format_version);
}

static void test_ranks_build_the_same_tables(void **state)
{
    (void)state;
    if (!have_mpi())
        return;
    static const int ranks[] = {1, 2, 4};
    static const char *const tables[] = {"pocket-htm", "pocket-qtm"};
    for (size_t i = 0; i < sizeof ranks / sizeof *ranks; i++) {
        char *cmd, *out, db_name[16];
        snprintf(db_name, sizeof db_name, "r%d", ranks[i]);
        assert_true(asprintf(&cmd, MPIRUN "%d %s/godtab-gen-mpi --batch 50000 --db %s/%s pocket-htm pocket-qtm",
                             ranks[i], GODTAB_BIN, dir, db_name) > 0);
        if (tu_run(cmd, &out, NULL) != 0)
            fail_msg("%s failed: %s", cmd, out);
        assert_non_null(strstr(out, "God's number 11"));
        assert_non_null(strstr(out, "God's number 14"));
        free(out);
        free(cmd);
        for (int t = 0; t < 2; t++) {
            gt_table_meta single, split;
            read_meta("single", tables[t], &single);
            read_meta(db_name, tables[t], &split);
            expect_same_meta(&single, &split);
            char note[32];
            snprintf(note, sizeof note, "mpi %d ranks", ranks[i]);
            assert_non_null(strstr(split.generator, note));
        }
        assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --verify --db %s/%s pocket", GODTAB_BIN, dir, db_name) > 0);
        assert_int_equal(tu_run(cmd, NULL, NULL), 0);
        free(cmd);
    }
}

static void test_a_killed_rank_keeps_the_old_table(void **state)
{
    (void)state;
    if (!have_mpi())
        return;
    char *cmd, *err;
    gt_table_meta before, after;
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s/kill pocket-htm", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    read_meta("kill", "pocket-htm", &before);
    /* rank 1 of 2 kills itself after level 3 of the rebuild */
    assert_true(asprintf(&cmd, "GODTAB_MPI_DIE=1:3 " MPIRUN "2 %s/godtab-gen-mpi --quiet --db %s/kill pocket-htm",
                         GODTAB_BIN, dir) > 0);
    assert_int_not_equal(tu_run(cmd, NULL, &err), 0);
    free(cmd);
    free(err);
    read_meta("kill", "pocket-htm", &after);
    expect_same_meta(&before, &after);
    assert_string_equal(before.built_at, after.built_at);
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --verify --db %s/kill pocket-htm", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
}

static void test_usage_errors(void **state)
{
    (void)state;
    if (!have_mpi())
        return;
    char *cmd, *err;
    assert_true(asprintf(&cmd, MPIRUN "2 %s/godtab-gen-mpi --db %s/u no-such-table", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "unknown table or family 'no-such-table'"));
    free(cmd);
    free(err);
    assert_true(asprintf(&cmd, MPIRUN "1 %s/godtab-gen-mpi --db %s/u", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "no table named"));
    free(cmd);
    free(err);
    assert_true(asprintf(&cmd, MPIRUN "1 %s/godtab-gen-mpi --version", GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
}

/* issue 26: -h/--help and -V/--version anywhere exit 0 (-V was "unknown
 * option"), on stdout; the version line is gt_version_text's. */
static void test_help_and_version(void **state)
{
    (void)state;
    if (!have_mpi())
        return;
    char version[192], *expected;
    gt_version_text(version, sizeof version);
    assert_true(asprintf(&expected, "godtab-gen-mpi: %s\n", version) > 0);
    static const char *const asks[] = {"-V", "--version", "--db /nowhere -V", "--quiet --version pocket"};
    for (size_t i = 0; i < sizeof asks / sizeof *asks; i++) {
        char *cmd, *out;
        assert_true(asprintf(&cmd, MPIRUN "1 %s/godtab-gen-mpi %s", GODTAB_BIN, asks[i]) > 0);
        assert_int_equal(tu_run(cmd, &out, NULL), 0);
        assert_string_equal(out, expected);
        free(out);
        free(cmd);
    }
    free(expected);
    static const char *const helps[] = {"-h", "--help", "--db /nowhere --help", "-h pocket"};
    for (size_t i = 0; i < sizeof helps / sizeof *helps; i++) {
        char *cmd, *out;
        assert_true(asprintf(&cmd, MPIRUN "1 %s/godtab-gen-mpi %s", GODTAB_BIN, helps[i]) > 0);
        assert_int_equal(tu_run(cmd, &out, NULL), 0);
        assert_non_null(strstr(out, "usage: mpirun -n K godtab-gen-mpi"));
        assert_non_null(strstr(out, "--version"));
        free(out);
        free(cmd);
    }
}

/* issue 26: a family name builds its tables, as godtab-gen's (only table
 * names were taken): `pocket` builds pocket-htm and pocket-qtm, the same
 * as the single-process build's. */
static void test_family_names(void **state)
{
    (void)state;
    if (!have_mpi())
        return;
    char *cmd, *out;
    assert_true(asprintf(&cmd, MPIRUN "2 %s/godtab-gen-mpi --db %s/family pocket", GODTAB_BIN, dir) > 0);
    if (tu_run(cmd, &out, NULL) != 0)
        fail_msg("%s failed: %s", cmd, out);
    const char *htm = strstr(out, "pocket-htm:"), *qtm = strstr(out, "pocket-qtm:");
    assert_true(htm && qtm && htm < qtm); /* catalog order */
    free(out);
    free(cmd);
    static const char *const tables[] = {"pocket-htm", "pocket-qtm"};
    for (int t = 0; t < 2; t++) {
        gt_table_meta single, split;
        read_meta("single", tables[t], &single);
        read_meta("family", tables[t], &split);
        expect_same_meta(&single, &split);
    }
    /* a family and one of its tables: each table once */
    assert_true(asprintf(&cmd, MPIRUN "1 %s/godtab-gen-mpi --db %s/family floppy floppy-htm", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    const char *first = strstr(out, "floppy-htm:");
    assert_non_null(first);
    assert_null(strstr(first + 1, "floppy-htm:"));
    free(out);
    free(cmd);
}

/* issue 27: a table built from a definition file is named by its --name:
 * rank 0 reads its stored definition, every rank builds it from the bytes
 * sent; the rebuilt table is the same (data, checksum, encoding) and
 * still answers by its name. An unknown name is refused before anything. */
static void test_definition_tables_by_name(void **state)
{
    (void)state;
    if (!have_mpi())
        return;
    char *cmd, *out;
    gt_table_meta before, after;
    assert_true(asprintf(&cmd, "%s/godtab-gen --quiet --db %s/def --def %s/puzzles/skewb.tws --name skewb", GODTAB_BIN,
                         dir, GODTAB_ROOT) > 0);
    assert_int_equal(tu_run(cmd, NULL, NULL), 0);
    free(cmd);
    read_meta("def", "skewb", &before);
    assert_true(asprintf(&cmd, MPIRUN "2 %s/godtab-gen-mpi --db %s/def skewb", GODTAB_BIN, dir) > 0);
    if (tu_run(cmd, &out, NULL) != 0)
        fail_msg("%s failed: %s", cmd, out);
    assert_non_null(strstr(out, "skewb: "));
    free(out);
    free(cmd);
    read_meta("def", "skewb", &after);
    expect_same_meta(&before, &after);
    assert_int_equal(after.storage, before.storage);
    assert_int_equal(after.n_sections, before.n_sections);
    assert_non_null(strstr(after.generator, "mpi 2 ranks"));
    assert_true(asprintf(&cmd, "%s/godtab-solve skewb --db %s/def \"R U\"", GODTAB_BIN, dir) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_non_null(strstr(out, "(2)"));
    free(out);
    free(cmd);
    assert_true(asprintf(&cmd, MPIRUN "2 %s/godtab-gen-mpi --db %s/def no-such-table", GODTAB_BIN, dir) > 0);
    char *err = NULL;
    assert_int_equal(tu_run(cmd, NULL, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "unknown table or family 'no-such-table'"));
    free(err);
    free(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranks_build_the_same_tables),
        cmocka_unit_test(test_a_killed_rank_keeps_the_old_table),
        cmocka_unit_test(test_usage_errors),
        cmocka_unit_test(test_help_and_version),
        cmocka_unit_test(test_family_names),
        cmocka_unit_test(test_definition_tables_by_name),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
