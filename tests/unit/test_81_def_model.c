/* The definition model (common/models/def): the shipped catalogue in
 * puzzles/ against the published counts (and the 2x2x2 against the
 * hand-coded pocket tables), the index as a bijection onto the enumerated
 * coordinates, move tables against the permutations themselves, powers and
 * inverses, move subsets, and the memory plan. */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "def.h"
#include "def_internal.h"
#include "def_pdb.h"
#include "gt_error.h"
#include "rng.h"
#include "solve.h"
#include "table.h"

static gt_def *load(const char *file)
{
    char path[512], *text = malloc(1 << 20);
    snprintf(path, sizeof path, "%s/puzzles/%s", GODTAB_ROOT, file);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_non_null(text);
    size_t n = fread(text, 1, 1 << 20, f);
    fclose(f);
    gt_def *d = NULL;
    gt_def_error err;
    int rc = gt_def_parse(text, n, &d, &err);
    if (rc)
        fail_msg("%s:%d:%d: %s", file, err.line, err.column, err.message);
    free(text);
    return d;
}

typedef struct built {
    gt_def *def;
    gt_def_model *model;
    const gt_puzzle *p;
    uint8_t *dist;
    gt_distribution d;
} built;

static void build(built *b, const char *file, int metric, const char *moves)
{
    gt_def_options o = {.metric = metric};
    gt_def_error err;
    b->def = load(file);
    assert_int_equal(gt_def_moves_mask(b->def, moves, &o.move_mask, &err), GT_OK);
    int rc = gt_def_model_plan(b->def, &o, &b->model, &err);
    if (rc)
        fail_msg("%s: %s", file, err.message);
    assert_int_equal(gt_def_model_build(b->model, &b->p), GT_OK);
    assert_int_equal(gt_bfs_run(b->p, NULL, &b->dist, &b->d), GT_OK);
}

static void release(built *b)
{
    free(b->dist);
    gt_def_model_free(b->model);
    gt_def_free(b->def);
}

/* The file's own @published counts for this selection must be there and match. */
static void check_published(const built *b, int metric, const char *moves)
{
    uint64_t mask;
    assert_int_equal(gt_def_moves_mask(b->def, moves, &mask, NULL), GT_OK);
    const uint64_t *c = gt_def_find_published(b->def, metric, mask);
    assert_non_null(c);
    int d = 0;
    for (; c[d]; d++)
        assert_int_equal(b->d.count[d], c[d]);
    assert_int_equal(b->d.max_depth, d - 1);
}

static void test_catalogue_counts(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int metric;
        uint64_t states;
        int god;
        int published;
    } cases[] = {
        {"floppy.tws", GT_DEF_HTM, 192, 8, 1},
        {"ivy.tws", GT_DEF_HTM, 29160, 8, 0},
        {"pyraminx.tws", GT_DEF_HTM, 933120, 11, 0},
        {"skewb.tws", GT_DEF_HTM, 3149280, 11, 0},
        {"2x2x2.tws", GT_DEF_HTM, 3674160, 11, 1},
        {"2x2x2.tws", GT_DEF_QTM, 3674160, 14, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        built b;
        build(&b, cases[i].file, cases[i].metric, "all");
        assert_int_equal(b.d.reached, cases[i].states);
        assert_int_equal(b.d.max_depth, cases[i].god);
        /* the index has no hole: every enumerated value is reached */
        assert_int_equal(b.p->n_states, cases[i].states);
        if (cases[i].published)
            check_published(&b, cases[i].metric, "all");
        release(&b);
    }
}

/* The 2x2x2 from its definition has the hand-coded pocket tables'
 * distributions, computed by the same BFS here. */
static void test_2x2x2_equals_pocket(void **state)
{
    (void)state;
    static const char *const names[] = {"pocket-htm", "pocket-qtm"};
    for (int metric = 0; metric < 2; metric++) {
        const gt_table_spec *spec = gt_catalog_find(names[metric]);
        assert_non_null(spec);
        gt_puzzle *pocket;
        uint8_t *dist;
        gt_distribution want;
        assert_int_equal(spec->make_puzzle(spec, &pocket), GT_OK);
        assert_int_equal(gt_bfs_run(pocket, NULL, &dist, &want), GT_OK);
        free(dist);
        spec->free_puzzle(pocket);
        built b;
        build(&b, "2x2x2.tws", metric, "all");
        assert_true(gt_distribution_equal(&b.d, &want));
        release(&b);
        /* the same group from all six faces restricted to U, R, F */
        build(&b, "2x2x2_full.tws", metric, "U,R,F");
        assert_true(gt_distribution_equal(&b.d, &want));
        release(&b);
    }
}

/* index -> state -> index is the identity, and a move table entry is the
 * index of the state the move's permutation gives. */
static void check_bijection_and_moves(const char *file, int metric, int samples)
{
    built b;
    build(&b, file, metric, "all");
    const int total = b.def->total;
    uint8_t perm[8192], ori[8192];
    gt_rng rng;
    gt_rng_seed(&rng, 13);
    for (int k = 0; k < samples; k++) {
        uint64_t i = samples >= (int)b.p->n_states ? (uint64_t)k : gt_rng_below(&rng, b.p->n_states);
        if (i >= b.p->n_states)
            break;
        uint64_t back;
        assert_int_equal(gt_def_model_state(b.model, i, perm, ori), GT_OK);
        assert_int_equal(gt_def_model_index(b.model, perm, ori, &back), GT_OK);
        assert_int_equal(back, i);
        for (int m = 0; m < b.p->n_moves; m++) {
            uint8_t p2[8192], o2[8192];
            memcpy(p2, perm, (size_t)total);
            memcpy(o2, ori, (size_t)total);
            gt_def_model_apply(b.model, m, p2, o2);
            assert_int_equal(gt_def_model_index(b.model, p2, o2, &back), GT_OK);
            assert_int_equal(back, gt_puzzle_move(b.p, i, m));
            /* the inverse undoes it */
            assert_int_equal(gt_puzzle_move(b.p, back, b.p->move_inverse[m]), i);
        }
    }
    assert_int_equal(gt_def_model_state(b.model, b.p->n_states, perm, ori), GT_ERR_INVAL);
    release(&b);
}

static void test_index_bijection_and_move_tables(void **state)
{
    (void)state;
    check_bijection_and_moves("floppy.tws", GT_DEF_HTM, 1000);
    check_bijection_and_moves("ivy.tws", GT_DEF_HTM, 30000);
    check_bijection_and_moves("skewb.tws", GT_DEF_HTM, 2000);
    check_bijection_and_moves("pyraminx.tws", GT_DEF_HTM, 2000);
    check_bijection_and_moves("2x2x2.tws", GT_DEF_QTM, 2000);
}

/* A state outside the index space is refused: a piece of the fixed DBL
 * corner moved, a single corner twisted, two labels exchanged across sets. */
static void test_illegal_states(void **state)
{
    (void)state;
    built b;
    build(&b, "2x2x2.tws", GT_DEF_HTM, "all");
    uint8_t perm[64], ori[64];
    uint64_t idx;
    assert_int_equal(gt_def_model_state(b.model, 0, perm, ori), GT_OK);
    assert_int_equal(gt_def_model_index(b.model, perm, ori, &idx), GT_OK);
    assert_int_equal(idx, 0);
    ori[0] = 1; /* one twisted corner */
    assert_int_equal(gt_def_model_index(b.model, perm, ori, &idx), GT_ERR_ILLEGAL);
    ori[0] = 3; /* not an orientation */
    assert_int_equal(gt_def_model_index(b.model, perm, ori, &idx), GT_ERR_ILLEGAL);
    ori[0] = 0;
    int fixed = -1; /* the corner no move touches (DBL) */
    for (int j = 0; j < b.def->total && fixed < 0; j++) {
        int moved = 0;
        for (int m = 0; m < b.p->n_moves; m++)
            moved |= b.model->perm[m * b.def->total + j] != j;
        fixed = moved ? -1 : j;
    }
    assert_true(fixed > 0);
    uint8_t t = perm[0]; /* exchange it with corner 0 */
    perm[0] = perm[fixed];
    perm[fixed] = t;
    assert_int_equal(gt_def_model_index(b.model, perm, ori, &idx), GT_ERR_ILLEGAL);
    release(&b);
}

static void test_move_names_powers_and_inverses(void **state)
{
    (void)state;
    built b;
    build(&b, "2x2x2.tws", GT_DEF_HTM, "all");
    const char *const *names = gt_def_model_move_names(b.model);
    static const char *const want[] = {"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"};
    assert_int_equal(b.p->n_moves, 9);
    for (int m = 0; m < 9; m++) {
        assert_string_equal(names[m], want[m]);
        assert_int_equal(b.p->move_inverse[m], m / 3 * 3 + 2 - m % 3);
    }
    release(&b);
    build(&b, "2x2x2.tws", GT_DEF_QTM, "R,U");
    names = gt_def_model_move_names(b.model);
    assert_int_equal(b.p->n_moves, 4);
    assert_string_equal(names[0], "U");
    assert_string_equal(names[1], "U'");
    assert_string_equal(names[2], "R");
    assert_int_equal(b.p->move_inverse[0], 1);
    assert_int_equal(b.p->move_inverse[3], 2);
    release(&b);
    build(&b, "floppy.tws", GT_DEF_QTM, "all"); /* half turns: their own inverses */
    for (int m = 0; m < b.p->n_moves; m++)
        assert_int_equal(b.p->move_inverse[m], m);
    release(&b);
}

/* A 5-cycle A and a 4-cycle B in QTM: runs of one quarter turn are
 * written as their power (A A "A2", A' A' "A2'", B' B' "B2" like B B, and
 * only one of those two listed), each read back as the same turns. */
static void test_format_moves_qtm(void **state)
{
    (void)state;
    static const char text[] = "Set P 5 1\nSet Q 4 1\nSolved\nP\n1 2 3 4 5\nQ\n1 2 3 4\nEnd\n"
                               "Move A\nP\n2 3 4 5 1\nQ\n1 2 3 4\nEnd\nMove B\nP\n1 2 3 4 5\nQ\n2 3 4 1\nEnd\n";
    gt_def *d = NULL;
    gt_def_model *m = NULL;
    const gt_puzzle *p = NULL;
    gt_def_options o = {.metric = GT_DEF_QTM};
    assert_int_equal(gt_def_parse(text, sizeof text - 1, &d, NULL), GT_OK);
    assert_int_equal(gt_def_model_plan(d, &o, &m, NULL), GT_OK);
    assert_int_equal(gt_def_model_build(m, &p), GT_OK);
    assert_string_equal(p->metric, "qtm");
    static const struct { uint8_t moves[4]; int n; const char *text; int once; } cases[] = {
        {{0, 0}, 2, "A2", 1},         {{1, 1}, 2, "A2'", 1},  {{2, 2}, 2, "B2", 1}, {{3, 3}, 2, "B2", 0},
        {{1, 2, 2, 0}, 4, "A' B2 A", 1}, {{0, 0, 0}, 3, "A2'", 1}, {{0, 1}, 2, "A A'", 1}, {{0}, 0, "", 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[64];
        uint8_t perm[16], ori[16], want_perm[16], want_ori[16];
        assert_int_equal(gt_def_model_format_moves(m, cases[i].moves, cases[i].n, out, sizeof out), GT_OK);
        assert_string_equal(out, cases[i].text);
        assert_int_equal(gt_def_model_written_once(m, cases[i].moves, cases[i].n), cases[i].once);
        memcpy(perm, d->solved_perm, (size_t)d->total);
        memcpy(ori, d->solved_ori, (size_t)d->total);
        memcpy(want_perm, perm, (size_t)d->total);
        memcpy(want_ori, ori, (size_t)d->total);
        for (int k = 0; k < cases[i].n; k++)
            gt_def_model_apply(m, cases[i].moves[k], want_perm, want_ori);
        assert_int_equal(gt_def_apply_scramble(d, out, perm, ori, NULL), GT_OK);
        assert_memory_equal(perm, want_perm, (size_t)d->total);
        assert_memory_equal(ori, want_ori, (size_t)d->total);
    }
    char small[4];
    static const uint8_t two[] = {1, 2};
    assert_int_equal(gt_def_model_format_moves(m, two, 2, small, sizeof small), GT_ERR_RANGE);
    assert_string_equal(small, "A'");
    gt_def_model_free(m);
    gt_def_free(d);
}

/* Plans that cannot be built are refused before any big allocation, with
 * the reason; the estimate is known first. */
static void test_plan_limits(void **state)
{
    (void)state;
    gt_def *d = load("3x3x3.tws");
    gt_def_model *m = NULL;
    gt_def_error err;
    gt_def_options o = {.metric = GT_DEF_HTM};
    assert_int_equal(gt_def_model_plan(d, &o, &m, &err), GT_ERR_RANGE);
    assert_null(m);
    assert_non_null(strstr(err.message, "EDGES"));
    assert_int_equal(gt_def_moves_mask(d, "R,U", &o.move_mask, &err), GT_OK);
    o.metric = GT_DEF_QTM;
    assert_int_equal(gt_def_model_plan(d, &o, &m, &err), GT_OK);
    gt_def_plan_info info;
    gt_def_model_info(m, &info);
    assert_int_equal(info.n_moves, 4);
    assert_true(info.states >= 73483200);
    assert_true(info.bytes > info.states);
    gt_def_model_free(m);
    o.move_mask = 0;
    o.move_mask = 1ull << 40; /* a move the definition does not have */
    assert_int_equal(gt_def_model_plan(d, &o, &m, &err), GT_ERR_INVAL);
    gt_def_free(d);
}

/* key + 1 mod 1000: a cycle of 1000 values (gt_def_enum_build_within). */
static uint64_t cycle_step(const void *ctx, uint64_t key, int m)
{
    (void)ctx;
    (void)m;
    return (key + 1) % 1000;
}

/* An enumeration stops before it allocates past its budget, and says
 * what it holds when it fits. */
static void test_enum_budget(void **state)
{
    (void)state;
    gt_def_enum e;
    assert_int_equal(gt_def_enum_build_within(&e, 0, 1, cycle_step, NULL, UINT32_MAX, 4096), GT_ERR_NOMEM);
    assert_null(e.key);
    assert_int_equal(gt_def_enum_build_within(&e, 0, 1, cycle_step, NULL, UINT32_MAX, 1 << 20), GT_OK);
    assert_int_equal(e.size, 1000);
    assert_true(e.bytes >= 1000 * (8 + 4) + 2048 * 12 && e.bytes <= 1 << 20);
    assert_true(e.bytes <= 1000 * DEF_ENUM_VALUE_BYTES(1));
    gt_def_enum_free(&e);
}

/* e and f hold the same keys, values, move rows and lookups. */
static void expect_same_enum(const gt_def_enum *e, const gt_def_enum *f, int n_moves)
{
    assert_int_equal(e->size, f->size);
    assert_memory_equal(e->key, f->key, (size_t)e->size * sizeof *e->key);
    assert_memory_equal(e->move, f->move, (size_t)e->size * (size_t)n_moves * sizeof *e->move);
    for (uint32_t v = 0; v < e->size; v++)
        assert_int_equal(gt_def_enum_find(f, e->key[v]), v);
}

/* A factor enumerated applying each base's first power only (the others'
 * columns derived, the values renumbered) equals the walk applying every
 * move, in both metrics, also at the least budget the walk of every move
 * fits in (the renumbering's arrays are not counted); past the cap, both
 * refuse. */
static void test_enum_powers_same_values(void **state)
{
    (void)state;
    static const char *files[] = {"2x2x2.tws", "pyraminx.tws", "ivy.tws", "skewb.tws", "dino.tws"};
    int compared = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        for (int metric = GT_DEF_HTM; metric <= GT_DEF_QTM; metric++) {
            gt_def *d = load(files[i]);
            gt_def_model *m;
            gt_def_error err;
            gt_def_options o = {.metric = metric};
            assert_int_equal(gt_def_model_plan_orbits(d, &o, &m, &err), GT_OK);
            gt_def_enum_powers pw;
            gt_def_enum_powers_of(m, &pw);
            assert_true(m->n_orbits > 0);
            for (int fi = 0; fi < 2 * m->n_orbits; fi++) { /* each orbit's permutation, then its twists */
                const gt_def_factor fa = {.orbit = fi / 2, .kind = fi % 2 ? DEF_ORI : DEF_PERM, .rank = DEF_RANK_ENUM};
                if (fa.kind == DEF_ORI && m->orbit[fa.orbit].omod == 1)
                    continue;
                gt_def_factor_ctx c = {&m->orbit[fa.orbit], fa.kind};
                uint64_t start = gt_def_factor_key(m, &fa, d->solved_perm, d->solved_ori);
                gt_def_enum all, some, tight;
                int rc =
                    gt_def_enum_build_powers(&all, start, m->n_moves, NULL, gt_def_factor_step, &c, 50000, UINT64_MAX);
                assert_int_equal(gt_def_enum_build_powers(&some, start, m->n_moves, &pw, gt_def_factor_step, &c, 50000,
                                                          UINT64_MAX),
                                 rc);
                if (rc != GT_OK) { /* the Dino Cube's edges: past the cap both ways */
                    assert_int_equal(rc, GT_ERR_RANGE);
                    continue;
                }
                compared++;
                expect_same_enum(&all, &some, m->n_moves);
                /* the least budget the walk of every move fits: no room left to renumber */
                uint64_t lo = 0, hi = 4 * all.bytes;
                while (lo + 1 < hi) {
                    const uint64_t mid = lo + (hi - lo) / 2;
                    if (gt_def_enum_build_powers(&tight, start, m->n_moves, NULL, gt_def_factor_step, &c, 50000, mid) ==
                        GT_OK) {
                        gt_def_enum_free(&tight);
                        hi = mid;
                    } else
                        lo = mid;
                }
                assert_int_equal(
                    gt_def_enum_build_powers(&tight, start, m->n_moves, &pw, gt_def_factor_step, &c, 50000, hi), GT_OK);
                expect_same_enum(&all, &tight, m->n_moves);
                gt_def_enum_free(&all);
                gt_def_enum_free(&some);
                gt_def_enum_free(&tight);
            }
            gt_def_model_free(m);
            gt_def_free(d);
        }
    assert_true(compared >= 20);
}

/* --max-memory's budget (gt_def_options.max_bytes): a plan sure to pass
 * it stops early with the figure (3x3x3.tws: its 12!/2 x 2^11 computed
 * edges alone need a quarter byte a state, and one part more), a plan that
 * fits at 2 bits a state only says so (dino.tws), an enumeration past it
 * stops (2x2x2_full.tws),
 * and a budget that fits leaves the layout as it is without one. */
static void test_plan_budget(void **state)
{
    (void)state;
    gt_def *dino = load("dino.tws"), *full = load("2x2x2_full.tws"), *cube = load("3x3x3.tws");
    gt_def_model *m = NULL, *free_m = NULL;
    gt_def_error err;
    gt_def_plan_info info, free_info;
    /* 200 MiB: room for the probe of the edges (up to 2^20 + 1 values of
     * 16 moves), not for the table */
    gt_def_options o = {.metric = GT_DEF_HTM, .max_bytes = 200 << 20};
    assert_int_equal(gt_def_model_plan(cube, &o, &m, &err), GT_ERR_RANGE);
    assert_null(m);
    assert_non_null(strstr(err.message, "the table needs at least 228.4 MiB"));
    assert_non_null(strstr(err.message, "479001600 states"));
    assert_non_null(strstr(err.message, "set EDGES ranked by computation"));
    assert_non_null(strstr(err.message, "more than the 200.0 MiB allowed"));
    /* the Dino Cube within 200 MiB: at 2 bits a state only */
    assert_int_equal(gt_def_model_plan(dino, &o, &m, &err), GT_OK);
    gt_def_model_info(m, &info);
    assert_true(info.bytes > o.max_bytes && info.bytes_mod3 <= o.max_bytes);
    assert_true(info.bytes_mod3 >= info.states / 2);
    gt_def_model_free(m);
    o.max_bytes = 1ull << 30;
    assert_int_equal(gt_def_model_plan(dino, &o, &m, &err), GT_OK);
    gt_def_model_info(m, &info);
    assert_int_equal(info.states, 239500800);
    assert_true(info.bytes >= info.states / 4 * 7 && info.bytes <= o.max_bytes);
    gt_def_model_free(m);
    o.max_bytes = 64 << 10; /* the corners' 40,320 arrangements do not fit */
    assert_int_equal(gt_def_model_plan(full, &o, &m, &err), GT_ERR_RANGE);
    assert_non_null(strstr(err.message, "planning needs up to"));
    assert_non_null(strstr(err.message, "more than the 0.1 MiB allowed (set CORNERS"));
    o = (gt_def_options){.metric = GT_DEF_QTM, .max_bytes = 2ull << 30};
    assert_int_equal(gt_def_moves_mask(cube, "R,U", &o.move_mask, &err), GT_OK);
    assert_int_equal(gt_def_model_plan(cube, &o, &m, &err), GT_OK);
    o.max_bytes = 0;
    assert_int_equal(gt_def_model_plan(cube, &o, &free_m, &err), GT_OK);
    gt_def_model_info(m, &info);
    gt_def_model_info(free_m, &free_info);
    assert_memory_equal(&info, &free_info, sizeof info);
    gt_def_model_free(m);
    gt_def_model_free(free_m);
    gt_def_free(dino);
    gt_def_free(full);
    gt_def_free(cube);
}

/* <R,U> (73,483,200 states) in QTM against OEIS A080628 (the file's
 * @published line), and the corners against cube3-corners' counts. */
static void test_large_catalogue(void **state)
{
    (void)state;
    built b;
    build(&b, "3x3x3.tws", GT_DEF_QTM, "R,U");
    assert_int_equal(b.d.reached, 73483200);
    assert_int_equal(b.d.max_depth, 25);
    assert_int_equal(b.p->n_states, 73483200);
    check_published(&b, GT_DEF_QTM, "R,U");
    release(&b);
    build(&b, "3x3x3_corners.tws", GT_DEF_HTM, "all");
    const gt_table_spec *spec = gt_catalog_find("cube3-corners");
    gt_distribution want;
    assert_non_null(spec);
    assert_true(gt_catalog_published(spec, &want));
    assert_true(gt_distribution_equal(&b.d, &want));
    check_published(&b, GT_DEF_HTM, "all");
    release(&b);
}

/* 2x2x2_full.tws (all six faces: the 3x3x3's corners' group, measured
 * equal to twsearch -g on it and on twsearch's 2x2x2.tws) publishes the
 * counts of 3x3x3_corners.tws, which test_large_catalogue checks against
 * cube3-corners by a BFS; godtab-gen checks the line itself at each build. */
static void test_2x2x2_full_published(void **state)
{
    (void)state;
    gt_def *full = load("2x2x2_full.tws"), *corners = load("3x3x3_corners.tws");
    uint64_t all_full, all_corners;
    assert_int_equal(gt_def_moves_mask(full, "all", &all_full, NULL), GT_OK);
    assert_int_equal(gt_def_moves_mask(corners, "all", &all_corners, NULL), GT_OK);
    const uint64_t *a = gt_def_find_published(full, GT_DEF_HTM, all_full);
    const uint64_t *b = gt_def_find_published(corners, GT_DEF_HTM, all_corners);
    assert_non_null(a);
    assert_non_null(b);
    int d = 0;
    for (; a[d] || b[d]; d++)
        assert_int_equal(a[d], b[d]);
    assert_int_equal(d, 12); /* depths 0..11: God's number 11 */
    gt_def_free(full);
    gt_def_free(corners);
}

/* Bipartite definitions (def_parity.c): the model says so exactly when
 * some distinct-piece orbits see every move odd, and then its
 * distance_parity is the BFS distance mod 2 at every index. */
static void test_bipartite_parity(void **state)
{
    (void)state;
    static const struct {
        const char *file, *moves;
        int metric, bipartite;
    } cases[] = {
        {"2x2x2.tws", "all", GT_DEF_QTM, 1},      {"2x2x2.tws", "all", GT_DEF_HTM, 0}, /* half turns are even */
        {"2x2x2_full.tws", "U,R,F", GT_DEF_QTM, 1}, {"floppy.tws", "all", GT_DEF_HTM, 1}, /* corner swaps */
        {"pyraminx.tws", "all", GT_DEF_HTM, 0},   {"ivy.tws", "all", GT_DEF_HTM, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        built b;
        build(&b, cases[i].file, cases[i].metric, cases[i].moves);
        assert_int_equal(gt_def_model_bipartite(b.model), cases[i].bipartite);
        assert_int_equal(b.p->distance_parity != NULL, cases[i].bipartite);
        for (uint64_t s = 0; cases[i].bipartite && s < b.p->n_states; s++)
            if (b.p->distance_parity(b.p, s) != (b.dist[s] & 1))
                fail_msg("%s: index %llu at distance %d has parity %d", cases[i].file, (unsigned long long)s,
                         b.dist[s], b.p->distance_parity(b.p, s));
        release(&b);
    }
    /* <R,U> on the 3x3x3: a quarter turn is odd on the corners and on the
     * edges, even on both together; the corners alone give the parity */
    gt_def *d = load("3x3x3.tws");
    gt_def_options o = {.metric = GT_DEF_QTM};
    gt_def_model *m;
    assert_int_equal(gt_def_moves_mask(d, "R,U", &o.move_mask, NULL), GT_OK);
    assert_int_equal(gt_def_model_plan(d, &o, &m, NULL), GT_OK);
    assert_int_equal(gt_def_model_bipartite(m), 1);
    gt_def_model_free(m);
    o.metric = GT_DEF_HTM;
    assert_int_equal(gt_def_model_plan(d, &o, &m, NULL), GT_OK);
    assert_int_equal(gt_def_model_bipartite(m), 0);
    gt_def_model_free(m);
    gt_def_free(d);
}

/* ---- computed ranks (issue 28) ---------------------------------------------- */

/* One computed ranking of a k-position orbit: every rank in [0, size) (all
 * of them when few, else random ones) unranks to an arrangement keeping the
 * invariant that ranks back to it, and random arrangements round-trip. */
static void check_computed(gt_def_orbit *ob, gt_def_factor *f, uint64_t size, gt_rng *rng)
{
    uint8_t a[GT_DEF_MAX_PIECES], b[GT_DEF_MAX_PIECES];
    f->size = size;
    uint64_t n = size <= 5040 ? size : 20000;
    for (uint64_t t = 0; t < n; t++) {
        uint64_t r = size <= 5040 ? t : gt_rng_below(rng, size);
        gt_def_computed_unrank(ob, f, r, a);
        assert_int_equal(gt_def_computed_rank(ob, f, a), r);
        gt_def_computed_unrank(ob, f, gt_def_computed_rank(ob, f, a), b);
        assert_memory_equal(a, b, (size_t)ob->k);
    }
}

/* Arrangements of the orbit's labels (count[]) or orientations, shuffled. */
static void random_labels(const gt_def_orbit *ob, gt_rng *rng, uint8_t *a)
{
    int n = 0;
    for (int l = 0; l < ob->n_labels; l++)
        for (int c = 0; c < ob->count[l]; c++)
            a[n++] = (uint8_t)l;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gt_rng_below(rng, (uint64_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static int inversions(const uint8_t *a, int k)
{
    int v = 0;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            v += a[j] < a[i];
    return v;
}

static void test_computed_ranks_round_trip(void **state)
{
    (void)state;
    gt_rng rng;
    gt_rng_seed(&rng, 28);
    uint8_t a[GT_DEF_MAX_PIECES], b[GT_DEF_MAX_PIECES];
    for (int k = 3; k <= 16; k++) {
        gt_def_orbit ob = {.k = k, .omod = 3, .n_labels = k};
        uint64_t fact = 1;
        for (int i = 0; i < k; i++) {
            ob.count[i] = 1;
            fact *= (uint64_t)(i + 1);
        }
        /* permutations: all of them, then those of one parity */
        gt_def_factor f = {.kind = DEF_PERM, .rank = DEF_RANK_PERM};
        check_computed(&ob, &f, fact, &rng);
        for (int par = 0; par < 2; par++) {
            f = (gt_def_factor){.kind = DEF_PERM, .rank = DEF_RANK_EVEN, .invariant = par};
            check_computed(&ob, &f, fact / 2, &rng);
            for (int t = 0; t < 200; t++) {
                random_labels(&ob, &rng, a);
                uint64_t r = gt_def_computed_rank(&ob, &f, a);
                if ((inversions(a, k) & 1) != par) { /* the other parity is refused */
                    assert_true(r == DEF_NO_KEY);
                    continue;
                }
                assert_true(r < fact / 2);
                gt_def_computed_unrank(&ob, &f, r, b);
                assert_memory_equal(a, b, (size_t)k);
            }
        }
        /* orientations: all, then those of one sum */
        uint64_t pw = 1;
        for (int i = 0; i < k - 1; i++)
            pw *= 3;
        f = (gt_def_factor){.kind = DEF_ORI, .rank = DEF_RANK_ORI};
        check_computed(&ob, &f, pw * 3, &rng);
        f = (gt_def_factor){.kind = DEF_ORI, .rank = DEF_RANK_ORISUM, .invariant = k % 3};
        check_computed(&ob, &f, pw, &rng);
        for (int t = 0; t < 200; t++) {
            int sum = 0;
            for (int i = 0; i < k; i++)
                sum += a[i] = (uint8_t)gt_rng_below(&rng, 3);
            uint64_t r = gt_def_computed_rank(&ob, &f, a);
            assert_true(sum % 3 == k % 3 ? r < pw : r == DEF_NO_KEY);
        }
    }
    /* identical pieces: multinomial ranks, 14 positions in four kinds */
    gt_def_orbit ob = {.k = 14, .omod = 1, .n_labels = 4, .count = {5, 4, 3, 2}};
    gt_def_factor f = {.kind = DEF_PERM, .rank = DEF_RANK_MULTI};
    uint64_t all = gt_def_multinomial(ob.count, 4);
    assert_int_equal(all, 2522520);
    check_computed(&ob, &f, all, &rng);
    for (int t = 0; t < 2000; t++) {
        random_labels(&ob, &rng, a);
        uint64_t r = gt_def_computed_rank(&ob, &f, a);
        assert_true(r < all);
        gt_def_computed_unrank(&ob, &f, r, b);
        assert_memory_equal(a, b, 14);
    }
}

/* The catalogue through the ranked index: with factors past a tiny limit
 * computed, the mixed-radix 64-bit index and the level hooks give the same
 * distributions as the coordinates; index -> state -> index is the
 * identity, and each move changes a reached state's distance by at most 1. */
/* The multiset rank is lexicographic: with distinct labels (its Lehmer
 * fast path) and with repeated ones (the multinomial blocks), walking the
 * arrangements in lexicographic order gives ranks 0, 1, 2, ..., and the
 * unrank gives each back. */
static int next_arrangement(uint8_t *a, int k)
{
    int i = k - 2, j = k - 1;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    while (a[j] <= a[i])
        j--;
    uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = k - 1; l < r; l++, r--) {
        t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

static void test_multiset_rank_lexicographic(void **state)
{
    (void)state;
    static const uint8_t labels[2][7] = {{0, 1, 2, 3, 4, 5, 6}, {0, 0, 1, 2, 2, 2, 3}};
    for (int v = 0; v < 2; v++) {
        gt_def_orbit ob = {.k = 7};
        uint8_t a[7], b[7];
        memcpy(a, labels[v], 7);
        for (int i = 0; i < 7; i++) {
            ob.count[a[i]]++;
            ob.n_labels = a[i] + 1;
        }
        uint64_t expect = 0;
        do {
            assert_int_equal(gt_def_multiset_rank(&ob, a), expect);
            gt_def_multiset_unrank(&ob, expect, b);
            assert_memory_equal(a, b, 7);
            expect++;
        } while (next_arrangement(a, 7));
        assert_int_equal(expect, v ? 420 : 5040); /* 7!/(2!·3!) and 7! */
    }
}

/* The ranked index's BFS at 2 bits a state (its level hooks' expand_mod3)
 * is the byte BFS's MOD3 table, at 1 and 2 threads. */
static void expect_mod3_same(const gt_puzzle *p, const uint8_t *dist, const gt_distribution *d)
{
    uint8_t *enc, *codes;
    uint64_t bytes;
    assert_int_equal(gt_table_encode(dist, p->n_states, GT_ENC_MOD3, 1, &enc, &bytes), GT_OK);
    for (int t = 1; t <= 2; t++) {
        gt_bfs_options o = {t, NULL, NULL, NULL};
        gt_distribution got;
        assert_int_equal(gt_bfs_run_mod3(p, &o, &codes, &got), GT_OK);
        assert_true(gt_distribution_equal(&got, d));
        assert_memory_equal(codes, enc, bytes);
        free(codes);
    }
    free(enc);
}

static void test_ranked_index_catalogue(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int metric;
    } cases[] = {{"ivy.tws", GT_DEF_HTM}, {"pyraminx.tws", GT_DEF_HTM}, {"skewb.tws", GT_DEF_HTM},
                 {"2x2x2.tws", GT_DEF_HTM}, {"2x2x2.tws", GT_DEF_QTM}};
    gt_rng rng;
    gt_rng_seed(&rng, 281);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        built want, b = {0};
        build(&want, cases[c].file, cases[c].metric, "all");
        gt_def_options o = {.metric = cases[c].metric};
        gt_def_error err;
        b.def = load(cases[c].file);
        assert_int_equal(gt_def_model_plan_limit(b.def, &o, 64, &b.model, &err), GT_OK);
        assert_int_equal(b.model->ranked, 1);
        assert_int_equal(gt_def_model_build(b.model, &b.p), GT_OK);
        assert_int_equal(b.p->n_coords, 0);
        uint64_t product = 1;
        for (int i = 0; i < b.model->rk_n; i++)
            product *= b.model->factor[b.model->rk_factor[i]].size;
        assert_int_equal(b.p->n_states, product);
        assert_int_equal(gt_bfs_run(b.p, NULL, &b.dist, &b.d), GT_OK);
        assert_true(gt_distribution_equal(&b.d, &want.d));
        expect_mod3_same(b.p, b.dist, &b.d);
        uint8_t perm[8192], ori[8192], p2[8192], o2[8192];
        for (int t = 0; t < 3000; t++) {
            uint64_t i = gt_rng_below(&rng, b.p->n_states), back;
            assert_int_equal(gt_def_model_state(b.model, i, perm, ori), GT_OK);
            assert_int_equal(gt_def_model_index(b.model, perm, ori, &back), GT_OK);
            assert_int_equal(back, i);
            for (int mv = 0; mv < b.p->n_moves && b.dist[i] != GT_UNREACHED; mv++) {
                memcpy(p2, perm, (size_t)b.def->total);
                memcpy(o2, ori, (size_t)b.def->total);
                gt_def_model_apply(b.model, mv, p2, o2);
                assert_int_equal(gt_def_model_index(b.model, p2, o2, &back), GT_OK);
                assert_true(abs((int)b.dist[back] - (int)b.dist[i]) <= 1);
            }
        }
        release(&want);
        release(&b);
    }
}

/* A mod3 table of a BFS's distances, as godtab-gen stores it. */
static void mod3_table(const built *b, gt_table *t)
{
    uint64_t bytes;
    *t = (gt_table){.meta = {.encoding = GT_ENC_MOD3, .n_states = b->p->n_states, .distribution = b->d}};
    assert_int_equal(gt_table_encode(b->dist, b->p->n_states, GT_ENC_MOD3, 1, &t->data, &bytes), GT_OK);
}

/* The walk solver through the neighbour hook (puzzle.h): a ranked table
 * answers each sampled state with the length the coordinate table gives,
 * the same number of optimal solutions (--all), each walk replayed on the
 * definition reaching the goal; gt_solve_distances reads the ranked BFS's
 * distances back, and an unreached cell of the index is refused. */
static void test_ranked_index_walk(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int metric;
    } cases[] = {{"ivy.tws", GT_DEF_HTM}, {"skewb.tws", GT_DEF_HTM}, {"2x2x2.tws", GT_DEF_QTM}};
    gt_rng rng;
    gt_rng_seed(&rng, 2828);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        built want, b = {0};
        gt_table tw, tb;
        build(&want, cases[c].file, cases[c].metric, "all");
        gt_def_options o = {.metric = cases[c].metric};
        gt_def_error err;
        b.def = load(cases[c].file);
        assert_int_equal(gt_def_model_plan_limit(b.def, &o, 64, &b.model, &err), GT_OK);
        assert_int_equal(gt_def_model_build(b.model, &b.p), GT_OK);
        assert_int_equal(b.p->n_coords, 0);
        assert_non_null(b.p->neighbours);
        assert_int_equal(gt_bfs_run(b.p, NULL, &b.dist, &b.d), GT_OK);
        mod3_table(&want, &tw);
        mod3_table(&b, &tb);
        uint8_t perm[8192], ori[8192], moves[GT_MAX_DEPTH + 1];
        int unreached = 0;
        for (int t = 0; t < 400; t++) {
            uint64_t i = gt_rng_below(&rng, b.p->n_states), j;
            int len, wlen;
            assert_int_equal(gt_def_model_state(b.model, i, perm, ori), GT_OK);
            if (b.dist[i] == GT_UNREACHED) {
                assert_int_equal(gt_solve_walk(b.p, &tb, i, moves, GT_MAX_DEPTH, &len), GT_ERR_ILLEGAL);
                unreached++;
                continue;
            }
            assert_int_equal(gt_def_model_index(want.model, perm, ori, &j), GT_OK);
            assert_int_equal(gt_solve_distance(want.p, &tw, j, &wlen), GT_OK);
            assert_int_equal(gt_solve_walk(b.p, &tb, i, moves, GT_MAX_DEPTH, &len), GT_OK);
            assert_int_equal(len, wlen);
            assert_int_equal(len, b.dist[i]);
            for (int k = 0; k < len; k++)
                gt_def_model_apply(b.model, moves[k], perm, ori);
            assert_int_equal(gt_def_model_index(b.model, perm, ori, &j), GT_OK);
            assert_int_equal(j, b.p->solved);
            if (t % 40 == 0) {
                uint64_t nb = 0, nw = 0;
                assert_int_equal(gt_def_model_state(b.model, i, perm, ori), GT_OK);
                assert_int_equal(gt_def_model_index(want.model, perm, ori, &j), GT_OK);
                assert_int_equal(gt_solve_all(b.p, &tb, i, NULL, NULL, &nb), GT_OK);
                assert_int_equal(gt_solve_all(want.p, &tw, j, NULL, NULL, &nw), GT_OK);
                assert_int_equal(nb, nw);
            }
        }
        uint64_t from = gt_rng_below(&rng, b.p->n_states - 2000);
        uint8_t out[2000];
        assert_int_equal(gt_solve_distances(b.p, &tb, from, 2000, out, 2), GT_OK);
        assert_memory_equal(out, b.dist + from, 2000);
        print_message("%s: %d of 400 sampled cells unreached\n", cases[c].file, unreached);
        free(tw.data);
        free(tb.data);
        release(&want);
        release(&b);
    }
}

/* A model built for the BFS alone (gt_def_options.bfs_only) drops its
 * coordinates' lookups: the same table at 2 bits a state, less held, and
 * state <-> index refused rather than read from freed lookups. */
static void test_bfs_only_model(void **state)
{
    (void)state;
    built want;
    build(&want, "2x2x2.tws", GT_DEF_HTM, "all");
    gt_def_options o = {.metric = GT_DEF_HTM, .bfs_only = 1};
    gt_def_error err;
    gt_def_model *m;
    const gt_puzzle *p;
    assert_int_equal(gt_def_model_plan(want.def, &o, &m, &err), GT_OK);
    gt_def_plan_info before, after, full;
    gt_def_model_info(m, &before);
    assert_int_equal(gt_def_model_build(m, &p), GT_OK);
    gt_def_model_info(m, &after);
    gt_def_model_info(want.model, &full);
    assert_true(after.bytes < full.bytes);
    assert_true(after.bytes_mod3 <= before.bytes_mod3);
    uint8_t *codes, *enc, perm[64], ori[64];
    uint64_t bytes, index;
    gt_distribution d;
    assert_int_equal(gt_bfs_run_mod3(p, NULL, &codes, &d), GT_OK);
    assert_true(gt_distribution_equal(&d, &want.d));
    assert_int_equal(gt_table_encode(want.dist, want.p->n_states, GT_ENC_MOD3, 1, &enc, &bytes), GT_OK);
    assert_memory_equal(codes, enc, bytes);
    assert_int_equal(gt_def_model_state(m, 5, perm, ori), GT_ERR_INVAL);
    assert_int_equal(gt_def_model_state(want.model, 5, perm, ori), GT_OK);
    assert_int_equal(gt_def_model_index(m, perm, ori, &index), GT_ERR_INVAL);
    free(enc);
    free(codes);
    gt_def_model_free(m);
    release(&want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalogue_counts),
        cmocka_unit_test(test_2x2x2_equals_pocket),
        cmocka_unit_test(test_index_bijection_and_move_tables),
        cmocka_unit_test(test_illegal_states),
        cmocka_unit_test(test_move_names_powers_and_inverses),
        cmocka_unit_test(test_format_moves_qtm),
        cmocka_unit_test(test_plan_limits),
        cmocka_unit_test(test_enum_budget),
        cmocka_unit_test(test_enum_powers_same_values),
        cmocka_unit_test(test_plan_budget),
        cmocka_unit_test(test_bipartite_parity),
        cmocka_unit_test(test_large_catalogue),
        cmocka_unit_test(test_2x2x2_full_published),
        cmocka_unit_test(test_computed_ranks_round_trip),
        cmocka_unit_test(test_multiset_rank_lexicographic),
        cmocka_unit_test(test_ranked_index_catalogue),
        cmocka_unit_test(test_bfs_only_model),
        cmocka_unit_test(test_ranked_index_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
