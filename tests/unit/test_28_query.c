/* query.h, text in and text out (issue 26): the query comes with its
 * length, a NUL byte inside it is refused with its column (never answered
 * as the text before it), a text without a terminating NUL is read to its
 * length only; a family name opens its default table as godtab-solve
 * chooses it (gt_catalog_resolve), and a build name selects what godtab-gen
 * builds (gt_catalog_selects). Against a real database built by godtab-gen. */
#include "test_util.h"

#include "catalog.h"
#include "gt_error.h"
#include "query.h"
#include "store.h"

static char *dir;
static gt_db *db;

static int setup(void **state)
{
    (void)state;
    dir = tu_mkdtemp();
    char *cmd, *path;
    if (asprintf(&cmd, "%s/godtab-gen --quiet --db %s/db pocket floppy cube3-corners taquin-3x3", GODTAB_BIN, dir) < 0)
        return -1;
    int rc = tu_run(cmd, NULL, NULL);
    free(cmd);
    if (rc || asprintf(&path, "%s/db", dir) < 0)
        return -1;
    rc = gt_db_open(&db, path, GT_DB_READONLY);
    free(path);
    return rc;
}

static int teardown(void **state)
{
    (void)state;
    gt_db_close(db);
    tu_rmrf(dir);
    free(dir);
    return 0;
}

/* Solves text[0..len) on table; returns the code, the answer in out. */
static int solve(const char *table, int format, const char *text, size_t len, char *out, size_t cap, int *distance,
                 gt_parse_error *err)
{
    gt_query *q;
    assert_int_equal(gt_query_open(db, table, &q), GT_OK);
    int rc = gt_query_solve(q, format, text, len, out, cap, distance, err);
    gt_query_close(q);
    return rc;
}

static void test_nul_is_refused_with_its_column(void **state)
{
    (void)state;
    char out[256];
    int distance = -1;
    gt_parse_error err;
    memset(&err, 0, sizeof err);
    /* "R\0U": before issue 26, answered as "R" (R', 1) */
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, "R\0U", 3, out, sizeof out, &distance, &err), GT_ERR_PARSE);
    assert_int_equal(distance, -1);
    assert_int_equal(err.offset, 1);
    assert_int_equal(err.length, 1);
    assert_non_null(strstr(err.message, "a NUL byte at column 2"));
    /* a leading NUL: not the empty (solved) query */
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, "\0R", 2, out, sizeof out, &distance, &err), GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "a NUL byte at column 1"));
    assert_int_equal(distance, -1);
    /* a trailing NUL, and a state */
    static const char solved[] = "UUUURRRRFFFFDDDDLLLLBBBB";
    char state_text[sizeof solved + 1];
    memcpy(state_text, solved, sizeof solved); /* the 24 facelets, their NUL, one more byte */
    state_text[sizeof solved] = 'U';
    assert_int_equal(solve("pocket-htm", GT_QUERY_STATE, state_text, sizeof state_text, out, sizeof out, &distance,
                           &err),
                     GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "a NUL byte at column 25"));
    /* err may be NULL */
    assert_int_equal(solve("floppy-htm", GT_QUERY_MOVES, "R\0F", 3, out, sizeof out, &distance, NULL), GT_ERR_PARSE);
    assert_int_equal(gt_query_check_text("R U", 3, NULL), GT_OK);
    assert_int_equal(gt_query_check_text(NULL, 0, NULL), GT_OK);
}

static void test_length_is_the_query(void **state)
{
    (void)state;
    char out[256];
    int distance = -1;
    /* no NUL after the query: only its len bytes are read */
    static const char buf[] = {'R', ' ', 'U', ' ', 'R', '\'', ' ', 'U', '\'', 'Q', 'Q'};
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, buf, 9, out, sizeof out, &distance, NULL), GT_OK);
    assert_int_equal(distance, 4);
    assert_string_equal(out, "U R U' R'");
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, buf, 1, out, sizeof out, &distance, NULL), GT_OK);
    assert_string_equal(out, "R'");
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, "", 0, out, sizeof out, &distance, NULL), GT_OK);
    assert_int_equal(distance, 0);
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, NULL, 0, out, sizeof out, &distance, NULL), GT_OK);
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, NULL, 2, out, sizeof out, &distance, NULL), GT_ERR_INVAL);
    /* the bytes past len are not read: a malformed tail is not an error */
    gt_parse_error err;
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, buf, 11, out, sizeof out, &distance, &err), GT_ERR_PARSE);
    assert_int_equal(err.offset, 7);
}

static void test_cube3_text_carries_its_length(void **state)
{
    (void)state;
    gt_query *q;
    char out[256];
    int distance = -1;
    gt_parse_error err;
    /* cube3 answers through the one query path (its solver hooks) */
    assert_int_equal(gt_query_open_load(db, "cube3", GT_SOLVE_LOAD_MINIMAL, &q), GT_OK);
    assert_int_equal(gt_query_solve_timed(q, GT_QUERY_MOVES, "R U\0F", 5, 0, out, sizeof out, &distance, &err),
                     GT_ERR_PARSE);
    assert_non_null(strstr(err.message, "a NUL byte at column 4"));
    assert_int_equal(distance, -1);
    static const char facelets[] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert_int_equal(gt_query_solve_timed(q, GT_QUERY_STATE, facelets, 54, 0, out, sizeof out, &distance, &err),
                     GT_OK);
    assert_int_equal(distance, 0);
    assert_int_equal(gt_query_solve_timed(q, GT_QUERY_STATE, facelets, 55, 0, out, sizeof out, &distance, &err),
                     GT_ERR_PARSE); /* its own NUL, within the length given */
    assert_non_null(strstr(err.message, "a NUL byte at column 55"));
    assert_int_equal(gt_query_solve_timed(q, GT_QUERY_MOVES, "R U F2 XX", 6, 0, out, sizeof out, &distance, &err),
                     GT_OK);
    assert_int_equal(distance, 3);
    gt_query_close(q);
}

/* A server's handle (GT_SOLVE_LOAD_SERVE) checks and copies its tables on a
 * thread beside its queries, which switch to the copy when it is whole:
 * the same answers before, during and after, and closing stops the thread
 * wherever it is (right after opening, or long after). */
static void test_cube3_served_tables_checked_beside(void **state)
{
    (void)state;
    static const char scramble[] = "R U F2 D' L";
    char out[256], want[256];
    int distance = -1, want_distance = -1;
    gt_query *q;
    assert_int_equal(gt_query_open_load(db, "cube3", GT_SOLVE_LOAD_MINIMAL, &q), GT_OK);
    assert_int_equal(gt_query_solve_timed(q, GT_QUERY_MOVES, scramble, strlen(scramble), 0, want, sizeof want,
                                          &want_distance, NULL), GT_OK);
    gt_query_close(q);
    assert_int_equal(want_distance, 5);
    for (int wait_ms = 0; wait_ms <= 20; wait_ms += 20) {
        assert_int_equal(gt_query_open_load(db, "cube3", GT_SOLVE_LOAD_SERVE, &q), GT_OK);
        for (int i = 0; i < 10; i++) {
            assert_int_equal(gt_query_solve_timed(q, GT_QUERY_MOVES, scramble, strlen(scramble), 0, out, sizeof out,
                                                  &distance, NULL), GT_OK);
            assert_int_equal(distance, want_distance);
            assert_string_equal(out, want);
            usleep((useconds_t)wait_ms * 1000);
        }
        gt_query_close(q);
    }
}

static void test_family_names_open_the_default_table(void **state)
{
    (void)state;
    char out[256], out_table[256];
    int distance, distance_table;
    static const char scramble[] = "R U2 F' R";
    assert_int_equal(solve("pocket", GT_QUERY_MOVES, scramble, strlen(scramble), out, sizeof out, &distance, NULL),
                     GT_OK);
    assert_int_equal(solve("pocket-htm", GT_QUERY_MOVES, scramble, strlen(scramble), out_table, sizeof out_table,
                           &distance_table, NULL),
                     GT_OK);
    assert_string_equal(out, out_table);
    assert_int_equal(distance, distance_table);
    assert_int_equal(solve("floppy", GT_QUERY_MOVES, "R F L B", 7, out, sizeof out, &distance, NULL), GT_OK);
    assert_string_equal(out, "B L F R");
    gt_query *q;
    assert_int_equal(gt_query_open(db, "taquin", &q), GT_OK); /* its default board, taquin-3x3 */
    gt_query_close(q);
    assert_int_equal(gt_query_open(db, "cube3-corners", &q), GT_ERR_INVAL); /* read by cube3's solver, not walked */
    assert_int_equal(gt_query_open(db, "no-such-puzzle", &q), GT_ERR_NOTFOUND);
    assert_null(q);
}

static void test_resolve_as_godtab_solve(void **state)
{
    (void)state;
    assert_string_equal(gt_catalog_resolve("pocket", NULL)->name, "pocket-htm");
    assert_string_equal(gt_catalog_resolve("pocket", "qtm")->name, "pocket-qtm");
    assert_string_equal(gt_catalog_resolve("floppy", NULL)->name, "floppy-htm");
    assert_string_equal(gt_catalog_resolve("taquin", NULL)->name, "taquin-3x3");
    assert_string_equal(gt_catalog_resolve("pocket-qtm", NULL)->name, "pocket-qtm");
    assert_string_equal(gt_catalog_resolve("pocket-qtm", "qtm")->name, "pocket-qtm");
    assert_null(gt_catalog_resolve("pocket-qtm", "htm"));
    assert_null(gt_catalog_resolve("pocket", "xtm"));
    assert_null(gt_catalog_resolve("floppy", "qtm"));
    assert_null(gt_catalog_resolve("skewb", NULL));
    assert_null(gt_catalog_resolve(NULL, NULL));
    /* build names: a family selects its tables but the explicit-only ones */
    const gt_table_spec *htm = gt_catalog_find("pocket-htm"), *fss = gt_catalog_find("cube3-fss16-twist");
    assert_true(gt_catalog_selects(htm, "pocket"));
    assert_true(gt_catalog_selects(htm, "pocket-htm"));
    assert_false(gt_catalog_selects(htm, "pocket-qtm"));
    assert_false(gt_catalog_selects(htm, "floppy"));
    assert_non_null(fss);
    assert_int_equal(gt_catalog_selects(fss, "cube3"), !fss->explicit_only);
    assert_true(gt_catalog_selects(fss, "cube3-fss16-twist"));
}

static const char *no_param(void *user, const char *key)
{
    (void)user;
    (void)key;
    return NULL;
}

/* issue 27: the taquin's board queries through its solver hooks, the board
 * picked by the variant, the type with show; its "graph" view; a board not
 * built is missing, a malformed one refused. */
static void test_taquin_boards_answer_through_the_query_path(void **state)
{
    (void)state;
    gt_query *q = NULL;
    gt_solve_options o = {.variant = "3x3", .show = 1};
    gt_parse_error err;
    gt_answer *a = malloc(sizeof *a);
    assert_int_equal(gt_query_open_with(db, "taquin", &o, &q), GT_OK);
    assert_int_equal(gt_query_answer(q, GT_QUERY_STATE, "110/101/100", 11, &o, a, &err), GT_OK);
    assert_int_equal(a->distance, 5);
    assert_string_equal(gt_answer_get(a, "board")->text, "3x3");
    assert_int_equal(gt_answer_get(a, "type")->type, GT_FIELD_JSON);
    assert_non_null(strstr(gt_answer_get(a, "type")->text, "\"neighbours\":[{\"representative\""));
    assert_int_equal(gt_query_answer(q, GT_QUERY_STATE, "111/111/110", 11, &o, a, &err), GT_ERR_ILLEGAL);
    assert_int_equal(gt_query_answer(q, GT_QUERY_MOVES, "L1", 2, &o, a, &err), GT_ERR_PARSE);
    char *json = malloc(1 << 20), message[256];
    assert_int_equal(gt_query_view(q, "graph", no_param, NULL, json, 1 << 20, message, sizeof message), GT_OK);
    assert_non_null(strstr(json, "\"niches\":9,\"beacons\":5,"));
    assert_int_equal(gt_query_view(q, "nothing", no_param, NULL, json, 1 << 20, message, sizeof message),
                     GT_ERR_NOTFOUND);
    free(json);
    free(a);
    gt_query_close(q);
    o.variant = "4x4";
    assert_int_equal(gt_query_open_with(db, "taquin", &o, &q), GT_ERR_NOTFOUND);
    o.variant = "9x9";
    assert_int_equal(gt_query_open_with(db, "taquin", &o, &q), GT_ERR_INVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nul_is_refused_with_its_column),
        cmocka_unit_test(test_length_is_the_query),
        cmocka_unit_test(test_cube3_text_carries_its_length),
        cmocka_unit_test(test_cube3_served_tables_checked_beside),
        cmocka_unit_test(test_family_names_open_the_default_table),
        cmocka_unit_test(test_resolve_as_godtab_solve),
        cmocka_unit_test(test_taquin_boards_answer_through_the_query_path),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
