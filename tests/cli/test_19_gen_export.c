/* godtab-gen --export and --version (issue 16): every state's distance of
 * a stored table as raw bytes, csv lines or a .npy file, checked against
 * the table's own distribution (a mod3 table is walked back to distances),
 * and every refusal with its exit code. */
#include "test_util.h"

#include "bfs.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

static int setup(void **state)
{
    (void)state;
    return tu_db_setup("pocket-htm floppy");
}

#define teardown tu_db_teardown

static int gen(const char *args, char **err)
{
    char *cmd;
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s %s", GODTAB_BIN, tu_db_path, args) > 0);
    int rc = tu_run(cmd, NULL, err);
    free(cmd);
    return rc;
}

static uint8_t *slurp(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    uint8_t *buf = malloc((size_t)*len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)*len, f), (size_t)*len);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

/* The histogram of exported distances is the stored distribution. */
static void expect_distribution(const char *table, const uint8_t *d, long n)
{
    gt_db *db;
    gt_table_meta m;
    assert_int_equal(gt_db_open(&db, tu_db_path, GT_DB_READONLY), GT_OK);
    assert_int_equal(gt_db_get_meta(db, table, &m), GT_OK);
    gt_db_close(db);
    assert_int_equal((uint64_t)n, m.n_states);
    gt_distribution got;
    gt_distribution_count(d, (uint64_t)n, 1, &got);
    assert_true(gt_distribution_equal(&got, &m.distribution));
    assert_int_equal(d[0], 0); /* the goal is state 0 of both */
}

static void test_formats(void **state)
{
    (void)state;
    char *path, *err;
    long len;
    assert_true(asprintf(&path, "%s/x", tu_db_dir) > 0);
    static const char *const tables[] = {"pocket-htm", "floppy-htm"};
    for (int t = 0; t < 2; t++) {
        char args[512];
        snprintf(args, sizeof args, "--export %s -o %s", tables[t], path);
        assert_int_equal(gen(args, &err), 0);
        free(err);
        uint8_t *raw = slurp(path, &len);
        expect_distribution(tables[t], raw, len);
        snprintf(args, sizeof args, "--export %s --format npy -o %s", tables[t], path);
        assert_int_equal(gen(args, &err), 0);
        free(err);
        long nlen;
        uint8_t *npy = slurp(path, &nlen);
        assert_memory_equal(npy, "\x93NUMPY\x01\x00", 8);
        long header = 10 + npy[8] + 256 * npy[9];
        assert_int_equal(header % 64, 0);
        assert_non_null(strstr((char *)npy + 10, "'descr': '|u1'"));
        char shape[64];
        snprintf(shape, sizeof shape, "'shape': (%ld,)", len);
        assert_non_null(strstr((char *)npy + 10, shape));
        assert_int_equal(nlen - header, len);
        assert_memory_equal(npy + header, raw, (size_t)len);
        free(npy);
        snprintf(args, sizeof args, "--export %s --format csv -o %s", tables[t], path);
        assert_int_equal(gen(args, &err), 0);
        free(err);
        uint8_t *csv = slurp(path, &nlen);
        assert_true(!strncmp((char *)csv, "index,distance\n0,0\n", 19));
        long lines = 0;
        for (long i = 0; i < nlen; i++)
            lines += csv[i] == '\n';
        assert_int_equal(lines, len + 1);
        free(csv);
        free(raw);
    }
    free(path);
}

static void test_refusals_and_version(void **state)
{
    (void)state;
    char args[512], *err;
    snprintf(args, sizeof args, "--export pocket-htm --format xml -o %s/y", tu_db_dir);
    assert_int_equal(gen(args, &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "--format wants raw, csv or npy"));
    free(err);
    snprintf(args, sizeof args, "--export pocket-qtm -o %s/y", tu_db_dir);
    assert_int_equal(gen(args, &err), GT_EXIT_NOTABLE);
    assert_non_null(strstr(err, "build it with: godtab-gen pocket-qtm"));
    free(err);
    assert_int_equal(gen("--export pocket-htm -o /nonexistent/dir/y", &err), GT_EXIT_STORAGE);
    assert_non_null(strstr(err, "cannot write /nonexistent/dir/y"));
    free(err);
    assert_int_equal(gen("--export pocket-htm", &err), GT_EXIT_USAGE);
    assert_non_null(strstr(err, "goes alone"));
    free(err);
    assert_int_equal(gen("--export pocket-htm -o /tmp/z pocket", &err), GT_EXIT_USAGE);
    free(err);
    char *out, *cmd;
    assert_true(asprintf(&cmd, "%s/godtab-gen --version", GODTAB_BIN) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_true(!strncmp(out, "godtab-gen: godtab ", 19));
    assert_non_null(strstr(out, "LMDB"));
    free(out);
    free(cmd);
}

/* Issue 26: "-o -" is standard output (no file named "-"), -h/-V exit 0,
 * --list sizes its columns from the longest name and family, --list --json. */
static void test_conventions(void **state)
{
    (void)state;
    char *cmd, *out, *err;
    assert_true(asprintf(&cmd, "cd %s && %s/godtab-gen --db %s --export floppy-htm --format csv -o - | head -2",
                         tu_db_dir, GODTAB_BIN, tu_db_path) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    assert_string_equal(out, "index,distance\n0,0\n");
    free(out);
    free(cmd);
    assert_true(asprintf(&cmd, "%s/-", tu_db_dir) > 0);
    assert_int_equal(access(cmd, F_OK), -1);
    free(cmd);
    static const char *const flags[] = {"-h", "--help", "-V", "--version"};
    for (int i = 0; i < 4; i++) {
        assert_true(asprintf(&cmd, "%s/godtab-gen %s", GODTAB_BIN, flags[i]) > 0);
        assert_int_equal(tu_run(cmd, &out, NULL), 0);
        assert_non_null(strstr(out, i < 2 ? "usage: godtab-gen" : "godtab-gen: godtab "));
        free(out);
        free(cmd);
    }
    /* every name line: the name, at least one space, the family, at least
     * one space, then the default/on-demand column at one place */
    assert_int_equal(gen("--list", &err), 0);
    free(err);
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s --list", GODTAB_BIN, tu_db_path) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    free(cmd);
    long column = -1;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == ' ')
            continue;
        char name[128], family[64];
        int used;
        assert_int_equal(sscanf(line, "%127s %63s %n", name, family, &used), 2);
        if (column < 0)
            column = used;
        if (used != column)
            fail_msg("--list columns do not line up: '%s'", line);
    }
    free(out);
    assert_true(asprintf(&cmd, "%s/godtab-gen --db %s --list --json", GODTAB_BIN, tu_db_path) > 0);
    assert_int_equal(tu_run(cmd, &out, NULL), 0);
    free(cmd);
    static const char head[] = "{\"tables\":[{\"name\":\"pocket-htm\",\"family\":\"pocket\",\"summary\":\"";
    assert_true(!strncmp(out, head, strlen(head)));
    assert_non_null(strstr(out, "\"default\":true,\"catalog\":true,\"stored\":true,\"stored_bytes\":"));
    assert_non_null(strstr(out, "\"name\":\"cube3-twophase\",\"family\":\"cube3-twophase\""));
    assert_non_null(strstr(out, "\"stored\":false}"));
    assert_non_null(strstr(out, ",\"states\":3674160,\"metric\":\"htm\",\"gods_number\":11}"));
    assert_string_equal(out + strlen(out) - 3, "]}\n");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_refusals_and_version),
        cmocka_unit_test(test_conventions),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
