/* The ladder's big rung, cube3-fsud16-twist (docs/cube3.md, "The table
 * ladder"): the corners' U/D split coordinate, the symmetry classes with
 * twist x split inside, a BFS over the same code on a smaller coset that is
 * checked entry by entry (Bellman's equation), and, when `godtab-gen
 * cube3-fsud16-twist` has built the table in $GODTAB_DB or the default
 * database, the stored table and the solver's answers with it. The full
 * build (minutes, ~15 GB) is not run here. */
#include "test_util.h"

#include "bfs.h"
#include "cube3.h"
#include "cube3_search.h"
#include "cube3_solver_internal.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "cube3_twophase.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

static int is_ud_turn(int m)
{
    return m / 3 % 3 == 0; /* U U2 U' D D2 D' */
}

static void test_ud_split_coordinate(void **state)
{
    (void)state;
    gt_cube3 c;
    gt_cube3_identity(&c);
    assert_int_equal(gt_cube3_ud_split(&c), 0);
    for (uint32_t v = 0; v < GT_CUBE3_UD_SPLITS; v++) {
        gt_cube3_identity(&c);
        gt_cube3_set_ud_split(&c, v);
        assert_int_equal(gt_cube3_ud_split(&c), v);
        int in_d = 0; /* exactly four D-layer corners, wherever they are */
        for (int i = 0; i < GT_CUBE3_CORNERS; i++)
            in_d += c.cp[i] >= GT_CUBE3_DFR;
        assert_int_equal(in_d, 4);
    }
    /* The split is a coset coordinate: a U or D turn made before c (u * c,
     * the subgroup acting on the left) leaves it as it is. */
    gt_rng rng = {70};
    for (int trial = 0; trial < 500; trial++) {
        gt_cube3_random_state(&rng, &c);
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            gt_cube3 u, t;
            gt_cube3_move_cube(m, &u);
            gt_cube3_multiply(&u, &c, &t);
            if (is_ud_turn(m))
                assert_int_equal(gt_cube3_ud_split(&t), gt_cube3_ud_split(&c));
        }
    }
    gt_cube3_identity(&c);
    gt_cube3_apply_move(&c, 4); /* R2 */
    assert_int_not_equal(gt_cube3_ud_split(&c), 0);
}

/* Conjugates by the 16 symmetries land in one class, on entries the class's
 * stabiliser makes equivalent. */
static void test_fsud_classes(void **state)
{
    (void)state;
    gt_cube3_fss *f;
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS];
    assert_int_equal(gt_cube3_sym_perms(perms), 0);
    assert_int_equal(gt_cube3_sym_classes_new(&gt_cube3_sym_places, GT_CUBE3_INNER_TWIST | GT_CUBE3_INNER_SPLIT, &f, 0),
                     0);
    assert_int_equal(f->n_classes, GT_CUBE3_FS_CLASSES);
    assert_int_equal(f->n_inner, 2187 * 70);
    assert_int_equal(gt_cube3_fss_states(f), 9863588700ull);
    gt_cube3 id;
    gt_cube3_identity(&id);
    assert_int_equal(gt_cube3_fss_entry_of(f, &id), 0);
    gt_rng rng = {71};
    for (int trial = 0; trial < 2000; trial++) {
        gt_cube3 c, conj;
        gt_cube3_random_state(&rng, &c);
        uint64_t e = gt_cube3_fss_entry_of(f, &c), cls = e / f->n_inner, in = e % f->n_inner;
        for (int s = 0; s < GT_CUBE3_SYMS; s++) {
            assert_int_equal(gt_cube3_conjugate(&c, perms[s], &conj), 0);
            uint64_t e2 = gt_cube3_fss_entry_of(f, &conj);
            assert_int_equal(e2 / f->n_inner, cls);
            int equivalent = e2 == e;
            for (int g = 0; g < GT_CUBE3_SYMS && !equivalent; g++) {
                uint64_t moved = f->twist_conj[in / 70 * 16 + (uint64_t)g] * 70u +
                                 f->ud_conj[in % 70 * 16 + (uint64_t)g];
                equivalent = (f->stabilizer[cls] >> g & 1) && cls * f->n_inner + moved == e2;
            }
            assert_true(equivalent);
        }
    }
    gt_cube3_fss_free(f);
}

/* A position standing for entry (cls, inner) of f. */
static void position_of(const gt_cube3_fss *f, uint64_t cls, uint32_t inner, gt_cube3 *c)
{
    uint32_t x = f->rep[cls];
    gt_cube3_identity(c);
    f->slice->set(c, x / GT_CUBE3_FLIPS);
    gt_cube3_set_flip(c, x % GT_CUBE3_FLIPS);
    gt_cube3_set_twist(c, inner / f->n_ud);
    gt_cube3_set_ud_split(c, inner % f->n_ud);
}

/* The same BFS code over (slice x flip)/16 x split, the twist left out (4.5
 * million entries, a second): every sampled entry satisfies Bellman's
 * equation (0 at the goal only, else 1 + the least of its 18 neighbours),
 * which only the true distances do; every entry is reached; the classes'
 * sizes sum to the raw coset count 495 x 2048 x 70. */
static void test_split_bfs_is_exact(void **state)
{
    (void)state;
    gt_puzzle *p;
    uint8_t *dist;
    gt_distribution got;
    assert_int_equal(gt_cube3_sym_puzzle_new(&gt_cube3_sym_places, GT_CUBE3_INNER_SPLIT, "test-fs-ud", &p, 0), 0);
    const gt_cube3_fss *f = p->ctx;
    assert_int_equal(gt_bfs_run(p, NULL, &dist, &got), 0);
    assert_int_equal(got.reached, p->n_states);
    uint64_t counts[16], total = 0;
    gt_cube3_sym_expand_counts(f, dist, counts);
    for (int d = 0; d < 16; d++)
        total += counts[d];
    assert_int_equal(p->n_states, (uint64_t)GT_CUBE3_FS_CLASSES * 70);
    assert_int_equal(total, 495ull * 2048 * 70);
    assert_int_equal(counts[0], 1);
    gt_rng rng = {72};
    for (int trial = 0; trial < 300000; trial++) {
        uint64_t e = gt_rng_below(&rng, p->n_states);
        gt_cube3 c, t;
        position_of(f, e / f->n_inner, (uint32_t)(e % f->n_inner), &c);
        assert_int_equal(gt_cube3_fss_entry_of(f, &c) / f->n_inner, e / f->n_inner);
        int least = 99;
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            t = c;
            gt_cube3_apply_move(&t, m);
            int v = dist[gt_cube3_fss_entry_of(f, &t)];
            least = v < least ? v : least;
        }
        int here = dist[gt_cube3_fss_entry_of(f, &c)];
        if (here == 0)
            assert_true(gt_cube3_flip(&c) == 0 && gt_cube3_slice(&c) == 0 && gt_cube3_ud_split(&c) == 0);
        else
            assert_int_equal(here, least + 1);
    }
    free(dist);
    gt_cube3_fss_puzzle_free(p);
}

/* `count` scrambles of 13 to 16 moves (a few seconds each at most): solver
 * a finds the lengths solver b finds, and its answers solve. */
static void expect_same_lengths(const gt_cube3_solver *a, const gt_cube3_solver *b, gt_rng *rng, int count)
{
    for (int trial = 0; trial < count; trial++) {
        gt_cube3 c;
        gt_cube3_identity(&c);
        for (int k = 0; k < 13 + trial % 4; k++)
            gt_cube3_apply_move(&c, (int)gt_rng_below(rng, GT_CUBE3_MOVES));
        gt_cube3_search_options o = {.threads = 2};
        gt_cube3_search_result ra, rb;
        assert_int_equal(gt_cube3_search(a, &c, &o, &ra), 0);
        assert_int_equal(gt_cube3_search(b, &c, &o, &rb), 0);
        assert_int_equal(ra.distance, rb.distance);
        gt_cube3_apply_moves(&c, ra.moves, ra.length);
        assert_true(gt_cube3_is_solved(&c));
        gt_cube3_search_result_free(&ra);
        gt_cube3_search_result_free(&rb);
    }
}

/* The 2-bit rung, when built besides the 4-bit one: its codes are the
 * 4-bit values folded (0 up to 9, 10 and 11 exact, 3 above); the solver
 * refuses it without cube3-twophase (or with another table in its place),
 * and with it finds the 4-bit rung's optimal lengths. */
static void test_stored_2bit_rung(gt_db *db, const gt_cube3_fss *f, const gt_table *fsud, const gt_table *corners,
                                  const gt_table *phase1, const gt_table *fss)
{
    gt_table *fsud2 = NULL;
    if (gt_db_map_table(db, GT_CUBE3_FSUD2_TABLE, &fsud2) != 0) {
        fprintf(stderr, "test_stored_fsud_table: no %s; its checks are skipped\n", GT_CUBE3_FSUD2_TABLE);
        return;
    }
    assert_int_equal(fsud2->meta.encoding, GT_ENC_TOP2);
    assert_int_equal(gt_table_top2_base(fsud2->meta.distribution.max_depth), 9);
    gt_rng rng = {74};
    for (int trial = 0; trial < 100000; trial++) {
        uint64_t e = gt_rng_below(&rng, gt_cube3_fss_states(f));
        unsigned v = gt_table_raw(fsud, e), code = v <= 9 ? 0 : v >= 12 ? 3 : v - 9;
        assert_int_equal(gt_table_raw(fsud2, e), code);
    }
    gt_cube3_solver *s2 = NULL, *s4 = NULL;
    gt_cube3_solver_tables t = {corners, NULL, fsud2, NULL, 0};
    assert_int_equal(gt_cube3_solver_open_tables(&t, GT_CUBE3_TABLES_IN_PLACE, &s2), GT_ERR_INVAL);
    t.phase1 = corners;
    assert_int_equal(gt_cube3_solver_open_tables(&t, GT_CUBE3_TABLES_IN_PLACE, &s2), GT_ERR_INVAL);
    t.phase1 = phase1;
    assert_int_equal(gt_cube3_solver_open_tables(&t, GT_CUBE3_TABLES_IN_PLACE, &s2), GT_OK);
    assert_int_equal(gt_cube3_solver_open(corners, NULL, fss, GT_CUBE3_TABLES_IN_PLACE, &s4), GT_OK);
    /* beside fsud the corners are read below their median only: 9 */
    assert_int_equal(s2->corner_read_below, 9);
    assert_int_equal(s4->corner_read_below, 11);
    expect_same_lengths(s2, s4, &rng, 30);
    gt_cube3_solver_free(s2);
    gt_cube3_solver_free(s4);
    gt_table_free(fsud2);
}

/* The 2-bit rung read in place in its parts (2.47 GB: stored in parts of
 * 1 GiB), when built with cube3-twophase: the same codes as its joined
 * copy, and a solver on it finds the copy's lengths (nothing but the
 * byte's address differs; gt_view_at). */
static void test_2bit_rung_in_parts(void **state)
{
    (void)state;
    gt_db *db = NULL;
    gt_table *parted = NULL, *joined = NULL, *phase1 = NULL, *corners = NULL;
    const char *path = gt_db_default_path(NULL);
    if (gt_db_open(&db, path, GT_DB_READONLY) != 0 ||
        gt_db_map_table_flags(db, GT_CUBE3_FSUD2_TABLE, GT_MAP_IN_PARTS, &parted) != 0 ||
        gt_db_map_table(db, GT_CUBE3_FSUD2_TABLE, &joined) != 0 ||
        gt_db_map_table(db, GT_CUBE3_TWOPHASE_TABLE, &phase1) != 0 ||
        gt_db_map_table(db, GT_CUBE3_CORNERS_TABLE, &corners) != 0) {
        fprintf(stderr, "test_2bit_rung_in_parts: no %s (with cube3-twophase and the corners) in %s; build it with: "
                "godtab-gen cube3 %s\n", GT_CUBE3_FSUD2_TABLE, path, GT_CUBE3_FSUD2_TABLE);
        gt_table_free(parted);
        gt_table_free(joined);
        gt_table_free(phase1);
        gt_table_free(corners);
        gt_db_close(db);
        skip();
    }
    assert_non_null(parted->view.parts);
    assert_null(joined->view.parts);
    gt_rng rng = {75};
    for (int trial = 0; trial < 200000; trial++) {
        uint64_t e = gt_rng_below(&rng, parted->meta.n_states);
        assert_int_equal(gt_table_raw(parted, e), gt_table_raw(joined, e));
    }
    gt_cube3_solver *in_parts = NULL, *copy = NULL;
    gt_cube3_solver_tables t = {corners, NULL, parted, phase1, 0};
    assert_int_equal(gt_cube3_solver_open_tables(&t, GT_CUBE3_TABLES_IN_PLACE, &in_parts), GT_OK);
    assert_int_equal(gt_cube3_solver_open_tables(&t, GT_CUBE3_TABLES_COPY, &copy), GT_OK); /* copied across parts */
    assert_int_equal(in_parts->corner_read_below, 9);
    expect_same_lengths(in_parts, copy, &rng, 20);
    gt_cube3_solver_free(in_parts);
    gt_cube3_solver_free(copy);
    gt_table_free(parted);
    gt_table_free(joined);
    gt_table_free(phase1);
    gt_table_free(corners);
    gt_db_close(db);
}

/* The stored table, when built: neighbours differ by at most one, it is 0
 * only on the goal's coset, never below the phase-1 distance (its subgroup
 * is smaller; cube3-twophase holds that distance over the same classes and
 * twists, so at entry / 70), conjugates read the same; and the solver finds
 * the same optimal lengths with it as with cube3-fss16-twist. */
static void test_stored_fsud_table(void **state)
{
    (void)state;
    gt_db *db = NULL;
    gt_table *fsud = NULL, *fss = NULL, *phase1 = NULL, *corners = NULL;
    const char *path = gt_db_default_path(NULL);
    if (gt_db_open(&db, path, GT_DB_READONLY) != 0 || gt_db_map_table(db, GT_CUBE3_FSUD_TABLE, &fsud) != 0 ||
        gt_db_map_table(db, GT_CUBE3_TWOPHASE_TABLE, &phase1) != 0 ||
        gt_db_map_table(db, GT_CUBE3_FSS_TABLE, &fss) != 0 || gt_db_map_table(db, GT_CUBE3_CORNERS_TABLE, &corners)) {
        fprintf(stderr, "test_stored_fsud_table: no %s (with the other cube3 tables) in %s; build it with: "
                "godtab-gen cube3 %s\n", GT_CUBE3_FSUD_TABLE, path, GT_CUBE3_FSUD_TABLE);
        gt_table_free(fsud);
        gt_table_free(fss);
        gt_table_free(phase1);
        gt_table_free(corners);
        gt_db_close(db);
        skip();
    }
    gt_cube3_fss *f;
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS];
    assert_int_equal(gt_cube3_sym_classes_new(&gt_cube3_sym_places, GT_CUBE3_INNER_TWIST | GT_CUBE3_INNER_SPLIT, &f, 0),
                     0);
    assert_int_equal(gt_cube3_sym_perms(perms), 0);
    assert_int_equal(fsud->meta.n_states, gt_cube3_fss_states(f));
    gt_rng rng = {73};
    for (int trial = 0; trial < 20000; trial++) {
        gt_cube3 c, t;
        gt_cube3_random_state(&rng, &c);
        if (trial % 2) {
            gt_cube3_identity(&c);
            for (int k = 0; k < trial % 13; k++)
                gt_cube3_apply_move(&c, (int)gt_rng_below(&rng, GT_CUBE3_MOVES));
        }
        uint64_t e = gt_cube3_fss_entry_of(f, &c);
        int h = (int)gt_table_raw(fsud, e);
        assert_true(h >= (int)gt_table_raw(phase1, e / GT_CUBE3_UD_SPLITS));
        assert_true(h > 0 || (gt_cube3_flip(&c) == 0 && gt_cube3_twist(&c) == 0 && gt_cube3_slice(&c) == 0 &&
                              gt_cube3_ud_split(&c) == 0));
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            t = c;
            gt_cube3_apply_move(&t, m);
            int h2 = (int)gt_table_raw(fsud, gt_cube3_fss_entry_of(f, &t));
            assert_true(h2 >= h - 1 && h2 <= h + 1);
        }
        for (int s = 0; s < GT_CUBE3_SYMS; s += 3) {
            assert_int_equal(gt_cube3_conjugate(&c, perms[s], &t), 0);
            assert_int_equal(gt_table_raw(fsud, gt_cube3_fss_entry_of(f, &t)), h);
        }
    }
    test_stored_2bit_rung(db, f, fsud, corners, phase1, fss);
    gt_cube3_fss_free(f);
    gt_cube3_solver *with_fsud, *with_fss;
    assert_int_equal(gt_cube3_solver_open(corners, NULL, fsud, GT_CUBE3_TABLES_IN_PLACE, &with_fsud), 0);
    assert_int_equal(gt_cube3_solver_open(corners, NULL, fss, GT_CUBE3_TABLES_IN_PLACE, &with_fss), 0);
    expect_same_lengths(with_fsud, with_fss, &rng, 40);
    gt_cube3_solver_free(with_fsud);
    gt_cube3_solver_free(with_fss);
    gt_table_free(fsud);
    gt_table_free(fss);
    gt_table_free(phase1);
    gt_table_free(corners);
    gt_db_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ud_split_coordinate),
        cmocka_unit_test(test_fsud_classes),
        cmocka_unit_test(test_split_bfs_is_exact),
        cmocka_unit_test(test_stored_fsud_table),
        cmocka_unit_test(test_2bit_rung_in_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
