/* 3x3x3 pattern databases: the corner table's published distribution (a
 * full build, ~4 s), its storage round trip, the first levels of the phase-1
 * table, and the symmetry classes of the reduced table. The two big tables'
 * full builds (1 and 3 minutes) are checked by `godtab-gen cube3` itself. */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "cube3.h"
#include "cube3_sym.h"
#include "cube3_tables.h"
#include "facecube.h"
#include "gt_error.h"
#include "store.h"
#include "table.h"

static void test_corner_table_distribution_and_store(void **state)
{
    (void)state;
    const gt_table_spec *spec = gt_catalog_find(GT_CUBE3_CORNERS_TABLE);
    assert_non_null(spec);
    assert_string_equal(spec->family, "cube3");
    gt_puzzle *p;
    assert_int_equal(spec->make_puzzle(spec, &p), 0);
    assert_int_equal(p->n_states, 88179840u);
    uint8_t *dist;
    gt_distribution got, published;
    assert_int_equal(gt_bfs_run(p, NULL, &dist, &got), 0);
    assert_true(gt_catalog_published(spec, &published));
    assert_int_equal(published.max_depth, 11);
    assert_true(gt_distribution_equal(&got, &published));
    /* the table's value is the corner distance: spot checks */
    gt_cube3 c;
    assert_int_equal(gt_cube3_from_scramble("R U R' U'", &c, NULL), 0);
    assert_int_equal(dist[gt_cube3_corner_index(&c)], 4);
    assert_int_equal(gt_cube3_from_scramble("U D'", &c, NULL), 0);
    assert_int_equal(dist[gt_cube3_corner_index(&c)], 2);

    /* stored, reloaded through the catalog, verified */
    char *dir = tu_mkdtemp();
    gt_db *db;
    uint8_t *data;
    uint64_t bytes;
    gt_table_meta meta;
    assert_int_equal(gt_table_encode(dist, p->n_states, spec->encoding, 0, &data, &bytes), 0);
    gt_table_meta_init(&meta, spec->name, p, spec->encoding, &got, data, bytes);
    assert_int_equal(gt_db_open(&db, dir, GT_DB_WRITE), 0);
    assert_int_equal(gt_db_put_table(db, &meta, data, spec->zstd_level, 0, 0), 0);
    gt_puzzle *p2;
    gt_table *t;
    assert_int_equal(gt_catalog_load(db, spec->name, &p2, &t), 0);
    assert_int_equal(gt_table_verify(t, p2, dist, &got, &published), 0);
    assert_int_equal(gt_table_raw(t, gt_cube3_corner_index(&c)), 2);
    gt_table_free(t);
    spec->free_puzzle(p2);
    gt_db_close(db);
    tu_rmrf(dir);
    free(dir);
    free(data);
    free(dist);
    spec->free_puzzle(p);
}

/* A plain BFS over the descriptor with a sorted list of seen states: the
 * first levels of the 2.2-billion-state phase-1 table. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void test_phase1_table_first_levels(void **state)
{
    (void)state;
    const gt_table_spec *spec = gt_catalog_find(GT_CUBE3_FST_TABLE);
    assert_non_null(spec);
    gt_distribution published;
    assert_true(gt_catalog_published(spec, &published));
    assert_int_equal(published.reached, GT_CUBE3_FST_STATES);
    gt_puzzle *p;
    assert_int_equal(spec->make_puzzle(spec, &p), 0);
    size_t cap = 1 << 20, n_seen = 1, n_front = 1;
    uint64_t *seen = malloc(cap * sizeof *seen), *front = malloc(cap * sizeof *front),
             *next = malloc(cap * sizeof *next);
    seen[0] = front[0] = p->solved;
    for (int d = 1; d <= 5; d++) {
        size_t n_next = 0;
        for (size_t i = 0; i < n_front; i++)
            for (int m = 0; m < p->n_moves; m++) {
                uint64_t t = gt_puzzle_move(p, front[i], m);
                if (!bsearch(&t, seen, n_seen, sizeof *seen, cmp_u64))
                    next[n_next++] = t;
                assert_true(n_next < cap);
            }
        qsort(next, n_next, sizeof *next, cmp_u64);
        size_t k = 0;
        for (size_t i = 0; i < n_next; i++)
            if (k == 0 || next[k - 1] != next[i])
                next[k++] = next[i];
        assert_int_equal(k, published.count[d]);
        assert_true(n_seen + k < cap);
        memcpy(seen + n_seen, next, k * sizeof *seen);
        n_seen += k;
        qsort(seen, n_seen, sizeof *seen, cmp_u64);
        memcpy(front, next, k * sizeof *front);
        n_front = k;
    }
    free(seen);
    free(front);
    free(next);
    spec->free_puzzle(p);
}

/* n distinct symmetries, closed under composition (a group), each mapping
 * the 18 face turns onto the 18 face turns; returns how many reverse the
 * sense of turns (reflections map U to U'). */
static int check_symmetry_group(const uint16_t (*perms)[GT_CUBE3_FACELETS], int n)
{
    int reflections = 0;
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < a; b++)
            assert_memory_not_equal(perms[a], perms[b], sizeof perms[a]);
        for (int b = 0; b < n; b++) {
            uint16_t ab[GT_CUBE3_FACELETS];
            int member = 0;
            for (int f = 0; f < GT_CUBE3_FACELETS; f++)
                ab[f] = perms[b][perms[a][f]];
            for (int c = 0; c < n && !member; c++)
                member = !memcmp(ab, perms[c], sizeof ab);
            assert_true(member);
        }
        uint8_t image[GT_CUBE3_MOVES] = {0};
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            gt_cube3 mc, conj, t;
            gt_cube3_move_cube(m, &mc);
            assert_int_equal(gt_cube3_conjugate(&mc, perms[a], &conj), 0);
            int found = 0;
            for (int k = 0; k < GT_CUBE3_MOVES; k++) {
                gt_cube3_move_cube(k, &t);
                if (gt_cube3_equal(&t, &conj)) {
                    found++;
                    image[k]++;
                    if (m == 0)
                        reflections += k % 3 == 2; /* U became a counter-clockwise turn */
                }
            }
            assert_int_equal(found, 1);
        }
        for (int k = 0; k < GT_CUBE3_MOVES; k++)
            assert_int_equal(image[k], 1); /* a bijection of the moves */
    }
    return reflections;
}

static void test_symmetries(void **state)
{
    (void)state;
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS], all[GT_CUBE3_SYMS48][GT_CUBE3_FACELETS];
    assert_int_equal(gt_cube3_sym_perms(perms), 0);
    assert_int_equal(check_symmetry_group((const uint16_t(*)[GT_CUBE3_FACELETS])perms, GT_CUBE3_SYMS), 8);
    for (int a = 0; a < GT_CUBE3_SYMS; a++) {
        int u = perms[a][4] / 9; /* each keeps U/D on the U-D axis */
        assert_true(u == GT_FACE_U || u == GT_FACE_D);
    }
    assert_int_equal(gt_cube3_sym48_perms(all), 0);
    assert_int_equal(check_symmetry_group((const uint16_t(*)[GT_CUBE3_FACELETS])all, GT_CUBE3_SYMS48), 24);
    assert_memory_equal(all, perms, sizeof perms); /* the 16 come first */
    /* The superflip is fixed by all 48; R U by none but the identity. */
    gt_cube3 sf, ru, conj;
    assert_int_equal(gt_cube3_from_scramble("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", &sf, NULL), 0);
    assert_int_equal(gt_cube3_from_scramble("R U", &ru, NULL), 0);
    for (int k = 0; k < GT_CUBE3_SYMS48; k++) {
        assert_int_equal(gt_cube3_conjugate(&sf, all[k], &conj), 0);
        assert_true(gt_cube3_equal(&conj, &sf));
        assert_int_equal(gt_cube3_conjugate(&ru, all[k], &conj), 0);
        assert_int_equal(gt_cube3_equal(&conj, &ru), k == 0);
    }
}

static void test_symmetry_classes(void **state)
{
    (void)state;
    gt_cube3_fss *f;
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS];
    assert_int_equal(gt_cube3_sym_perms(perms), 0);
    assert_int_equal(gt_cube3_fss_new(&f, 0), 0);
    assert_int_equal(f->n_classes, 1523864); /* Kociemba's count for 16 symmetries */
    assert_int_equal(gt_cube3_fss_states(f), 3332690568ull);
    gt_cube3 id;
    gt_cube3_identity(&id);
    assert_int_equal(gt_cube3_fss_entry_of(f, &id), 0);
    /* Conjugates land in the same class, on an equivalent twist. */
    gt_rng rng = {11};
    for (int trial = 0; trial < 2000; trial++) {
        gt_cube3 c, conj;
        gt_cube3_random_state(&rng, &c);
        uint64_t e = gt_cube3_fss_entry_of(f, &c), cls = e / GT_CUBE3_TWISTS;
        for (int s = 0; s < GT_CUBE3_SYMS; s++) {
            assert_int_equal(gt_cube3_conjugate(&c, perms[s], &conj), 0);
            uint64_t e2 = gt_cube3_fss_entry_of(f, &conj);
            assert_int_equal(e2 / GT_CUBE3_TWISTS, cls);
            int equivalent = e2 == e;
            for (int g = 0; g < GT_CUBE3_SYMS && !equivalent; g++)
                equivalent = (f->stabilizer[cls] >> g & 1) &&
                             cls * GT_CUBE3_TWISTS + f->twist_conj[(e % GT_CUBE3_TWISTS) * 16 + (uint64_t)g] == e2;
            assert_true(equivalent);
        }
    }
    gt_cube3_fss_free(f);
}

/* The stored symmetry-reduced table (when `godtab-gen cube3` has built it in
 * $GODTAB_DB or the default database): neighbours differ by at most one,
 * conjugates read the same, and it never reads below the phase-1 table,
 * whose information it refines. */
static void test_stored_fss_table(void **state)
{
    (void)state;
    gt_db *db = NULL; /* gt_db_open leaves it unset when it fails */
    gt_table *fss = NULL, *fst = NULL;
    const char *path = gt_db_default_path(NULL);
    if (gt_db_open(&db, path, GT_DB_READONLY) != 0 || gt_db_get_table(db, GT_CUBE3_FSS_TABLE, 0, &fss) != 0 ||
        gt_db_get_table(db, GT_CUBE3_FST_TABLE, 0, &fst) != 0) {
        fprintf(stderr, "test_stored_fss_table: no cube3 tables in %s; build them with: godtab-gen cube3\n", path);
        gt_table_free(fss);
        gt_db_close(db); /* skip() returns from the test: nothing below runs */
        skip();
    }
    gt_cube3_fss *f;
    uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS];
    assert_int_equal(gt_cube3_fss_new(&f, 0), 0);
    assert_int_equal(gt_cube3_sym_perms(perms), 0);
    assert_int_equal(fss->meta.n_states, gt_cube3_fss_states(f));
    gt_rng rng = {99};
    for (int trial = 0; trial < 20000; trial++) {
        gt_cube3 c, t;
        gt_cube3_random_state(&rng, &c);
        if (trial % 2) { /* near the goal too */
            gt_cube3_identity(&c);
            for (int k = 0; k < trial % 13; k++)
                gt_cube3_apply_move(&c, (int)gt_rng_below(&rng, GT_CUBE3_MOVES));
        }
        int h = (int)gt_table_raw(fss, gt_cube3_fss_entry_of(f, &c));
        assert_true(h >= (int)gt_table_raw(fst, gt_cube3_fst_index(&c)));
        assert_true(h > 0 || (gt_cube3_flip(&c) == 0 && gt_cube3_twist(&c) == 0 && gt_cube3_slice_sorted(&c) == 0));
        for (int m = 0; m < GT_CUBE3_MOVES; m++) {
            t = c;
            gt_cube3_apply_move(&t, m);
            int h2 = (int)gt_table_raw(fss, gt_cube3_fss_entry_of(f, &t));
            assert_true(h2 >= h - 1 && h2 <= h + 1);
        }
        for (int s = 0; s < GT_CUBE3_SYMS; s += 5) {
            assert_int_equal(gt_cube3_conjugate(&c, perms[s], &t), 0);
            assert_int_equal(gt_table_raw(fss, gt_cube3_fss_entry_of(f, &t)), h);
        }
    }
    gt_cube3_fss_free(f);
    gt_table_free(fss);
    gt_table_free(fst);
    gt_db_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corner_table_distribution_and_store),
        cmocka_unit_test(test_phase1_table_first_levels),
        cmocka_unit_test(test_symmetries),
        cmocka_unit_test(test_symmetry_classes),
        cmocka_unit_test(test_stored_fss_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
