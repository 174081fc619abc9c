/* Pattern databases of definitions and the optimal search over them
 * (issue 28, common/models/def/def_pdb.h): rank/unrank of projections, a
 * whole projection's BFS against the full table, the lower bound, the
 * search's optimality (lengths, replays, threads, --all counts against the
 * full table's gt_solve_all), its errors, the automatic choice, and the
 * projection parser's golden cases (tests/golden/proj.txt). */
#include "test_def_tables.h"

#include "bfs.h"
#include "def.h"
#include "def_internal.h"
#include "def_pdb.h"
#include "def_search_internal.h"
#include "gt_error.h"
#include "rng.h"
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#define MAXPOS (GT_DEF_MAX_POSITIONS)
#define ITEMS (GT_DEF_PROJ_PARTS * GT_DEF_PROJ_K_MAX)

/* A definition planned for projections only (any size). */
typedef struct planned {
    gt_def *def;
    gt_def_model *m;
} planned;

static void plan_orbits(planned *p, const char *file)
{
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    p->def = tu_def_load(file);
    if (gt_def_model_plan_orbits(p->def, &o, &p->m, &err))
        fail_msg("%s: %s", file, err.message);
}

static void unplan(planned *p)
{
    gt_def_model_free(p->m);
    gt_def_free(p->def);
}

/* ---- 1. rank / unrank ---------------------------------------------------- */

/* Each item's cell is a value of its part's orbit, orientation in range,
 * and no two items at one position. */
static void check_items(const gt_def_proj *pr, const uint16_t *items)
{
    for (int p = 0, it = 0; p < pr->n_parts; p++) {
        const gt_def_proj_part *pt = &pr->part[p];
        uint64_t seen = 0;
        for (int i = 0; i < pt->n_items; i++, it++) {
            const int v = items[it] - pt->base;
            assert_true(v >= 0 && (v >> pt->oshift) < pt->k);
            assert_true((v & pt->omask) < pt->omod);
            const uint64_t bit = 1ull << (v >> pt->oshift);
            assert_false(seen & bit);
            seen |= bit;
        }
    }
}

static void round_trip(const gt_def_model *m, const char *text)
{
    gt_def_proj pr;
    uint16_t items[ITEMS];
    gt_rng rng;
    parse_ok(m, text, &pr);
    assert_true(pr.states > 1);
    gt_rng_seed(&rng, pr.states);
    const int all = pr.states <= 200000;
    const uint64_t n = all ? pr.states : 100000;
    for (uint64_t k = 0; k < n; k++) {
        const uint64_t i = all ? k : gt_rng_below(&rng, pr.states);
        gt_def_proj_unrank(&pr, i, items);
        check_items(&pr, items);
        const uint64_t back = gt_def_proj_rank(&pr, items);
        if (back != i)
            fail_msg("%s: unrank(%llu) ranks as %llu", text, (unsigned long long)i, (unsigned long long)back);
    }
}

static void test_rank_unrank_round_trip(void **state)
{
    (void)state;
    static const char *const cube3[] = {"EDGES=1-4", "EDGES=1+2+3,4-5", "EDGES:ori", "EDGES=1,2:perm;CORNERS:ori",
                                        "CORNERS=1-3", "CORNERS;EDGES=1"};
    planned p;
    plan_orbits(&p, "3x3x3.tws");
    for (size_t i = 0; i < sizeof cube3 / sizeof cube3[0]; i++)
        round_trip(p.m, cube3[i]);
    unplan(&p);
    plan_orbits(&p, "pyraminx.tws");
    round_trip(p.m, "EDGES;CENTRES");
    unplan(&p);
    plan_orbits(&p, "skewb.tws");
    round_trip(p.m, "CORNERS;CENTRES");
    unplan(&p);
    plan_orbits(&p, "dino.tws");
    round_trip(p.m, "EDGE");
    unplan(&p);
}

/* ---- 2. a whole projection is the full table ----------------------------- */

/* A built definition: its full model, table and distances. */
static void test_whole_projection_is_full_table(void **state)
{
    (void)state;
    static const uint64_t want[] = {1,      9,      54,      321,     1847, 9992, 50136,
                                    227536, 870072, 1887748, 623800, 2644};
    static const struct {
        const char *file, *whole;
    } cases[] = {{"2x2x2.tws", "CORNERS"}, {"skewb.tws", "CORNERS;CENTRES"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        full f;
        pdb b;
        full_build(&f, cases[c].file, GT_DEF_HTM);
        pdb_build(&b, f.m, cases[c].whole);
        assert_true(gt_distribution_equal(&b.d, &f.d));
        if (c == 0) {
            assert_int_equal(f.d.max_depth, 11);
            for (int d = 0; d <= 11; d++)
                assert_int_equal(b.d.count[d], want[d]);
        }
        pdb_free(&b);
        full_free(&f);
    }
}

/* ---- helpers of the search tests ----------------------------------------- */

static void solved_state(const gt_def *def, uint8_t *perm, uint8_t *ori)
{
    memcpy(perm, def->solved_perm, (size_t)def->total);
    memcpy(ori, def->solved_ori, (size_t)def->total);
}

static void scramble(const gt_def_model *m, gt_rng *rng, int n, uint8_t *perm, uint8_t *ori)
{
    solved_state(m->def, perm, ori);
    for (int i = 0; i < n; i++)
        gt_def_model_apply(m, (int)gt_rng_below(rng, (uint64_t)m->n_moves), perm, ori);
}

static int full_distance(const full *f, const uint8_t *perm, const uint8_t *ori)
{
    uint64_t idx;
    assert_int_equal(gt_def_model_index(f->m, perm, ori, &idx), GT_OK);
    assert_true(f->dist[idx] != GT_UNREACHED);
    return f->dist[idx];
}


/* ---- 3. a lower bound ---------------------------------------------------- */

static void test_projection_is_lower_bound(void **state)
{
    (void)state;
    full f;
    pdb b;
    gt_def_search *s;
    gt_rng rng;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    full_build(&f, "2x2x2.tws", GT_DEF_HTM);
    pdb_build(&b, f.m, "CORNERS=1-4");
    const gt_table *tables[] = {&b.t};
    assert_int_equal(gt_def_search_new(f.m, &b.pr, tables, 1, NULL, &s), GT_OK);
    gt_rng_seed(&rng, 86);
    int strict = 0;
    for (int k = 0; k < 200; k++) {
        int bound;
        scramble(f.m, &rng, 25, perm, ori);
        assert_int_equal(gt_def_search_bound(s, perm, ori, &bound), GT_OK);
        const int d = full_distance(&f, perm, ori);
        assert_true(bound >= 0 && bound <= d);
        strict += bound < d;
    }
    solved_state(f.def, perm, ori);
    int bound = -1;
    assert_int_equal(gt_def_search_bound(s, perm, ori, &bound), GT_OK);
    assert_int_equal(bound, 0);
    assert_true(strict > 0); /* four corners alone are a weaker bound somewhere */
    gt_def_search_free(s);
    pdb_free(&b);
    full_free(&f);
}

/* ---- 4. the search is optimal -------------------------------------------- */

typedef struct collect {
    const gt_def_model *m;
    const uint8_t *perm, *ori;
    int length, count, bad;
} collect;

static int on_solution(void *user, const uint8_t *moves, int n)
{
    collect *c = user;
    c->count++;
    if (n != c->length || !replay_solves(c->m, c->perm, c->ori, moves, n))
        c->bad++;
    return 0;
}

/* The full model with two weak databases of the 2x2x2 (CORNERS:perm and
 * CORNERS:ori) and a search over them. */
typedef struct weak {
    full f;
    pdb b[2];
    gt_def_proj pr[2]; /* the databases' projections side by side, as the search takes them */
    gt_def_search *s;
} weak;

static void weak_setup(weak *w, int metric)
{
    full_build(&w->f, "2x2x2.tws", metric);
    pdb_build(&w->b[0], w->f.m, "CORNERS:perm");
    pdb_build(&w->b[1], w->f.m, "CORNERS:ori");
    w->pr[0] = w->b[0].pr;
    w->pr[1] = w->b[1].pr;
    const gt_table *tables[] = {&w->b[0].t, &w->b[1].t};
    assert_int_equal(gt_def_search_new(w->f.m, w->pr, tables, 2, NULL, &w->s), GT_OK);
}

static void weak_free(weak *w)
{
    gt_def_search_free(w->s);
    pdb_free(&w->b[0]);
    pdb_free(&w->b[1]);
    full_free(&w->f);
}

static void test_search_optimal(void **state)
{
    (void)state;
    weak w;
    gt_rng rng;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    gt_def_error err;
    weak_setup(&w, GT_DEF_HTM);
    gt_rng_seed(&rng, 2886);
    for (int k = 0; k < 100; k++) {
        gt_def_search_result r1, r2;
        gt_def_search_options o1 = {.threads = 1}, o2 = {.threads = 2};
        scramble(w.f.m, &rng, 6 + k % 20, perm, ori);
        const int d = full_distance(&w.f, perm, ori);
        assert_int_equal(gt_def_search_run(w.s, perm, ori, &o1, &r1, &err), GT_OK);
        assert_int_equal(r1.length, d);
        assert_int_equal(r1.lower_bound, d);
        assert_int_equal(r1.solutions, 1);
        assert_true(replay_solves(w.f.m, perm, ori, r1.moves, r1.length));
        assert_int_equal(gt_def_search_run(w.s, perm, ori, &o2, &r2, &err), GT_OK);
        assert_int_equal(r2.length, d);
        assert_memory_equal(r1.moves, r2.moves, (size_t)d);
    }
    weak_free(&w);
}

/* --all: every solution optimal and solving, as many as the full table's
 * descending walks (gt_solve_all), on one and two threads. */
static void check_all(int metric, int states)
{
    weak w;
    gt_rng rng;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    gt_def_error err;
    weak_setup(&w, metric);
    gt_rng_seed(&rng, 28 + (uint64_t)metric);
    for (int k = 0; k < states; k++) {
        scramble(w.f.m, &rng, 4 + k % 8, perm, ori);
        const int d = full_distance(&w.f, perm, ori);
        uint64_t idx, want;
        assert_int_equal(gt_def_model_index(w.f.m, perm, ori, &idx), GT_OK);
        assert_int_equal(gt_solve_all(w.f.p, &w.f.t, idx, NULL, NULL, &want), GT_OK);
        for (int threads = 1; threads <= 2; threads++) {
            collect c = {w.f.m, perm, ori, d, 0, 0};
            gt_def_search_options o = {.threads = threads, .all = 1, .on_solution = on_solution, .user = &c};
            gt_def_search_result r;
            assert_int_equal(gt_def_search_run(w.s, perm, ori, &o, &r, &err), GT_OK);
            assert_int_equal(r.length, d);
            assert_int_equal(c.bad, 0);
            assert_int_equal(r.solutions, c.count);
            if ((uint64_t)c.count != want)
                fail_msg("metric %d, state %d (distance %d): --all found %d solutions, gt_solve_all %llu", metric,
                         k, d, c.count, (unsigned long long)want);
        }
    }
    weak_free(&w);
}

static void test_search_all_htm(void **state)
{
    (void)state;
    check_all(GT_DEF_HTM, 20);
}

static void test_search_all_qtm(void **state)
{
    (void)state;
    check_all(GT_DEF_QTM, 20);
}

/* ---- 5. errors -------------------------------------------------------------- */

static void test_search_illegal(void **state)
{
    (void)state;
    planned p;
    pdb b;
    gt_def_search *s;
    gt_def_search_result r;
    gt_def_search_options o = {.threads = 1};
    gt_def_error err;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    plan_orbits(&p, "3x3x3.tws");
    pdb_build(&b, p.m, "CORNERS:ori");
    const gt_table *tables[] = {&b.t};
    assert_int_equal(gt_def_search_new(p.m, &b.pr, tables, 1, NULL, &s), GT_OK);
    const int c0 = p.def->set[0].offset; /* CORNERS */
    assert_string_equal(p.def->set[0].name, "CORNERS");
    /* one corner twisted */
    solved_state(p.def, perm, ori);
    ori[c0] = 1;
    memset(&err, 0, sizeof err);
    assert_int_equal(gt_def_search_run(s, perm, ori, &o, &r, &err), GT_ERR_ILLEGAL);
    assert_non_null(strstr(err.message, "CORNERS"));
    assert_int_equal(r.length, -1);
    /* two corners swapped, edges solved */
    solved_state(p.def, perm, ori);
    uint8_t t = perm[c0];
    perm[c0] = perm[c0 + 1];
    perm[c0 + 1] = t;
    memset(&err, 0, sizeof err);
    assert_int_equal(gt_def_search_run(s, perm, ori, &o, &r, &err), GT_ERR_ILLEGAL);
    if (!strstr(err.message, "CORNERS") && !strstr(err.message, "EDGES"))
        fail_msg("the parity error names no set: %s", err.message);
    gt_def_search_free(s);
    pdb_free(&b);
    unplan(&p);
}

static void test_search_new_bad_table(void **state)
{
    (void)state;
    planned p;
    pdb b;
    gt_def_search *s = (gt_def_search *)&s;
    plan_orbits(&p, "2x2x2.tws");
    pdb_build(&b, p.m, "CORNERS:ori");
    gt_table t = b.t;
    const gt_table *tables[] = {&t};
    t.meta.n_states = b.pr.states + 1;
    assert_int_equal(gt_def_search_new(p.m, &b.pr, tables, 1, NULL, &s), GT_ERR_INVAL);
    assert_null(s);
    t.meta.n_states = b.pr.states;
    t.meta.encoding = GT_ENC_BYTE;
    assert_int_equal(gt_def_search_new(p.m, &b.pr, tables, 1, NULL, &s), GT_ERR_INVAL);
    t.meta.encoding = GT_ENC_MOD3;
    assert_int_equal(gt_def_search_new(p.m, &b.pr, tables, 0, NULL, &s), GT_ERR_INVAL);
    assert_int_equal(gt_def_search_new(p.m, &b.pr, tables, 1, NULL, &s), GT_OK);
    gt_def_search_free(s);
    pdb_free(&b);
    unplan(&p);
}

static void test_search_timeout(void **state)
{
    (void)state;
    planned p;
    pdb b;
    gt_def_search *s;
    gt_def_search_result r;
    gt_def_search_options o = {.threads = 1, .timeout = 0.05};
    gt_def_error err;
    gt_rng rng;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    plan_orbits(&p, "3x3x3.tws");
    pdb_build(&b, p.m, "CORNERS:ori");
    const gt_table *tables[] = {&b.t};
    assert_int_equal(gt_def_search_new(p.m, &b.pr, tables, 1, NULL, &s), GT_OK);
    gt_rng_seed(&rng, 3);
    scramble(p.m, &rng, 40, perm, ori);
    int root;
    assert_int_equal(gt_def_search_bound(s, perm, ori, &root), GT_OK);
    const double t0 = gt_def_search_now();
    assert_int_equal(gt_def_search_run(s, perm, ori, &o, &r, &err), GT_ERR_TIMEOUT);
    assert_true(gt_def_search_now() - t0 < 2.0);
    assert_true(r.lower_bound >= root);
    assert_int_equal(r.length, -1);
    gt_def_search_free(s);
    pdb_free(&b);
    unplan(&p);
}

/* Damaged residues: an error or a right answer (optimal, solving), never a
 * wrong one. */
static void test_search_corrupt_table(void **state)
{
    (void)state;
    weak w;
    gt_rng rng;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    gt_def_error err;
    int corrupt = 0, right = 0, wrong = 0;
    weak_setup(&w, GT_DEF_HTM);
    gt_rng_seed(&rng, 99);
    for (int round = 0; round < 30; round++) {
        pdb *b = &w.b[round % 2];
        const uint64_t at = gt_rng_below(&rng, b->t.data_bytes);
        const uint8_t keep = b->t.data[at];
        b->t.data[at] ^= (uint8_t)(1 + gt_rng_below(&rng, 255));
        for (int k = 0; k < 5; k++) {
            gt_def_search_result r;
            gt_def_search_options o = {.threads = 1};
            scramble(w.f.m, &rng, 3 + (int)gt_rng_below(&rng, 12), perm, ori);
            const int d = full_distance(&w.f, perm, ori);
            int rc = gt_def_search_run(w.s, perm, ori, &o, &r, &err);
            if (rc == GT_ERR_CORRUPT)
                corrupt++;
            else if (rc == GT_OK && r.length == d && replay_solves(w.f.m, perm, ori, r.moves, r.length))
                right++;
            else {
                wrong++;
                print_message("corrupt byte %llu of table %d: rc %d, length %d, distance %d\n",
                              (unsigned long long)at, round % 2, rc, r.length, d);
            }
        }
        b->t.data[at] = keep;
    }
    print_message("damaged tables: %d errors, %d right answers, %d wrong\n", corrupt, right, wrong);
    assert_int_equal(wrong, 0);
    weak_free(&w);
}

/* A database of SEARCH_PDB_COPY_MIN bytes or more is copied into 2 MiB
 * pages at setup, every block checked on the way: the copy holds the
 * table's bytes and the search reads it; a block whose checksum does not
 * match refuses the whole search. */
static void test_search_copies_large_pdb(void **state)
{
    (void)state;
    planned p;
    gt_def_proj pr;
    gt_table t;
    gt_def_search *s;
    int damaged = 0;
    plan_orbits(&p, "3x3x3.tws");
    parse_ok(p.m, "EDGES=1,2,3,4,5,6", &pr);
    const uint64_t bytes = (pr.states + 3) / 4, blocks = (bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    assert_true(bytes >= SEARCH_PDB_COPY_MIN);
    uint8_t *data = malloc(bytes);
    uint64_t *sums = malloc(blocks * sizeof *sums), *checked = calloc((blocks + 63) / 64, sizeof *checked);
    assert_true(data && sums && checked);
    for (uint64_t i = 0; i < bytes; i++)
        data[i] = (uint8_t)(i * 131 + (i >> 9));
    for (uint64_t b = 0; b < blocks; b++) {
        const uint64_t off = b << GT_BLOCK_SHIFT;
        sums[b] = gt_checksum64(data + off, bytes - off < GT_BLOCK_BYTES ? bytes - off : GT_BLOCK_BYTES);
    }
    memset(&t, 0, sizeof t);
    t.meta.encoding = GT_ENC_MOD3;
    t.meta.n_states = pr.states;
    t.data = data;
    t.data_bytes = bytes;
    t.view = (gt_view){.data = data, .bytes = bytes, .sums = sums, .checked = checked, .damaged = &damaged};
    const gt_table *tables[] = {&t};
    assert_int_equal(gt_def_search_new(p.m, &pr, tables, 1, NULL, &s), GT_OK);
    assert_non_null(s->pdb[0].copy);
    assert_ptr_equal(s->pdb[0].data, s->pdb[0].copy);
    assert_memory_equal(s->pdb[0].copy, data, bytes);
    gt_def_search_free(s);
    data[bytes / 2] ^= 1; /* one block damaged, none checked yet */
    memset(checked, 0, (blocks + 63) / 64 * sizeof *checked);
    assert_int_equal(gt_def_search_new(p.m, &pr, tables, 1, NULL, &s), GT_ERR_CORRUPT);
    assert_null(s);
    assert_int_equal(damaged, 1);
    free(data);
    free(sums);
    free(checked);
    unplan(&p);
}

/* ---- 6. automatic choice ---------------------------------------------------- */

static void test_proj_auto(void **state)
{
    (void)state;
    planned p;
    gt_def_proj out[GT_DEF_PDB_MAX];
    gt_def_error err;
    int n;
    const uint64_t max_states = 50000000, budget = 1000000000;
    plan_orbits(&p, "3x3x3.tws");
    assert_int_equal(gt_def_proj_auto(p.m, max_states, budget, out, &n, &err), GT_OK);
    assert_true(n >= 1 && n <= GT_DEF_PDB_MAX);
    uint64_t total = 0;
    int covers[GT_DEF_MAX_SETS] = {0};
    for (int i = 0; i < n; i++) {
        gt_def_proj back;
        assert_true(out[i].states > 1 && out[i].states <= max_states);
        total += out[i].states;
        for (int q = 0; q < out[i].n_parts; q++)
            covers[p.m->orbit[out[i].part[q].orbit].set] = 1;
        /* its text reads back as the same projection */
        parse_ok(p.m, out[i].text, &back);
        assert_int_equal(back.states, out[i].states);
        assert_true(i == 0 || out[i].states <= out[i - 1].states);
        assert_string_not_equal(out[i].text, "CORNERS"); /* 88,179,840 > 50,000,000 */
    }
    assert_true(total <= budget);
    for (int set = 0; set < p.def->n_sets; set++)
        assert_true(covers[set]);
    /* a small budget: still within it */
    assert_int_equal(gt_def_proj_auto(p.m, 100000, 250000, out, &n, &err), GT_OK);
    total = 0;
    for (int i = 0; i < n; i++) {
        assert_true(out[i].states <= 100000);
        total += out[i].states;
    }
    assert_true(n >= 1 && total <= 250000);
    memset(&err, 0, sizeof err);
    assert_int_equal(gt_def_proj_auto(p.m, 1, budget, out, &n, &err), GT_ERR_RANGE);
    assert_int_equal(n, 0);
    assert_true(err.message[0] != 0);
    unplan(&p);
    /* one state (the pieces identical, so no move changes anything): no
     * projection, said so, not "even one piece is more" */
    static const char one[] = "Set S 2 1\nSolved\nS\n1 1\nEnd\nMove A\nS\n2 1\nEnd\n";
    gt_def *def;
    gt_def_model *m;
    gt_def_options o = {.metric = GT_DEF_HTM};
    assert_int_equal(gt_def_parse(one, sizeof one - 1, &def, &err), GT_OK);
    assert_int_equal(gt_def_model_plan_orbits(def, &o, &m, &err), GT_OK);
    assert_int_equal(gt_def_proj_auto(m, max_states, budget, out, &n, &err), GT_ERR_INVAL);
    assert_int_equal(n, 0);
    assert_non_null(strstr(err.message, "no set has more than one image"));
    gt_def_model_free(m);
    gt_def_free(def);
}

/* ---- 7. the near table (def_near.c) --------------------------------------- */

/* A near table of `bytes` bytes at `bits` a slot filled in memory, as
 * godtab-gen stores it (2 bits: version 2, 4: version 1). */
/* Every state's bound is at most its distance, exact for most within the
 * depth; the counts made while filling are the data's. In 2 bits, the
 * lowest code is read through the small table, exact to depth - 2. */
static void check_near_bound(int bits)
{
    full f;
    near n;
    gt_def_search *s;
    gt_rng rng;
    gt_distribution recount;
    uint8_t perm[MAXPOS], ori[MAXPOS], flat[MAXPOS];
    full_build(&f, "2x2x2.tws", GT_DEF_HTM);
    near_build(&n, f.m, 256 << 10, bits);
    assert_true(n.plan.depth >= 5 && n.plan.depth < f.d.max_depth);
    gt_def_near_count(n.t.data, &n.plan, &recount);
    assert_true(gt_distribution_equal(&recount, &n.t.meta.distribution));
    assert_int_equal(recount.reached, n.plan.entries);
    assert_int_equal(recount.count[0], bits == 4); /* the goal; in 2 bits, counted with its code at depth - 2 */
    assert_int_equal(gt_def_search_new(f.m, NULL, NULL, 0, &n.t, &s), GT_OK);
    assert_int_equal(s->near.bits, bits);
    assert_true(s->near_moves.invertible); /* the 2x2x2's pieces are at home when solved: inverses are looked up */
    /* the codes' "at most depth - 2" is read through the small table: up
     * to its depth (plus one, its empty slots) the bounds are exact */
    const int small_reach = bits == 4 ? n.plan.depth : s->small.depth + 1;
    if (bits == 2)
        assert_true(s->small.data && s->small.depth >= 2 && s->small.depth <= n.plan.depth - 2);
    gt_rng_seed(&rng, 89);
    int within = 0, exact = 0;
    for (int k = 0; k < 400; k++) {
        scramble(f.m, &rng, k % 12, perm, ori);
        gt_def_near_pack(f.m, perm, ori, flat);
        const int d = full_distance(&f, perm, ori), b = gt_def_search_near_bound(s, flat);
        assert_true(b >= 0 && b <= d);
        if (d > small_reach && d < n.plan.depth - 1)
            continue;
        within += d <= n.plan.depth;
        exact += d <= n.plan.depth && b == d;
        if (d > n.plan.depth)
            assert_true(b <= n.plan.depth + 1);
    }
    assert_true(within > 100 && exact * 10 >= within * 9); /* collisions are rare at this size */
    gt_def_search_free(s);
    free(n.t.data);
    full_free(&f);
}

static void test_near_bound(void **state)
{
    (void)state;
    check_near_bound(4);
    check_near_bound(2);
}

/* The search with the near table alone, with weak databases beside it,
 * and with an exact database beside a shallow one, finds the full table's
 * lengths, the same moves on 1 and 2 threads, and with --all as many
 * solutions as the full table's walks; with near tables of `bits` a slot. */
static void check_near_search(int metric, int bits)
{
    full f;
    near n, shallow;
    pdb b, whole;
    gt_rng rng;
    gt_def_error err;
    uint8_t perm[MAXPOS], ori[MAXPOS];
    gt_def_search *s[3];
    full_build(&f, "2x2x2.tws", metric);
    near_build(&n, f.m, 64 << 10, bits);
    near_build(&shallow, f.m, 1 << 10, bits);
    pdb_build(&b, f.m, "CORNERS:perm");
    pdb_build(&whole, f.m, "CORNERS");
    const gt_table *tables[] = {&b.t}, *exact[] = {&whole.t};
    assert_true(shallow.plan.depth <= 4 + (bits == 2));
    assert_int_equal(gt_def_search_new(f.m, NULL, NULL, 0, &n.t, &s[0]), GT_OK);
    assert_int_equal(gt_def_search_new(f.m, &b.pr, tables, 1, &n.t, &s[1]), GT_OK);
    /* a small table beside the stored one, cutting the last levels (in 2
     * bits, exact where the stored codes are not); none beside the shallow
     * one of nibbles */
    assert_non_null(s[0]->small.data);
    assert_true(s[0]->small.depth >= 2 && s[0]->small.depth < n.plan.depth);
    if (bits == 2)
        assert_true(s[0]->small.depth <= n.plan.depth - 2);
    /* the databases bound closer than the near table: they cut first, the
     * near table then only where its depth reaches */
    assert_int_equal(gt_def_search_new(f.m, &whole.pr, exact, 1, &shallow.t, &s[2]), GT_OK);
    if (bits == 4)
        assert_null(s[2]->small.data);
    gt_rng_seed(&rng, 890 + (uint64_t)metric);
    for (int k = 0; k < 60; k++) {
        scramble(f.m, &rng, 4 + k % 20, perm, ori);
        const int d = full_distance(&f, perm, ori);
        uint64_t idx, want;
        assert_int_equal(gt_def_model_index(f.m, perm, ori, &idx), GT_OK);
        assert_int_equal(gt_solve_all(f.p, &f.t, idx, NULL, NULL, &want), GT_OK);
        for (int i = 0; i < 3; i++) {
            gt_def_search_result r1, r2, r3;
            gt_def_search_options o1 = {.threads = 1}, o2 = {.threads = 2};
            collect c = {f.m, perm, ori, d, 0, 0};
            gt_def_search_options oa = {.threads = 2, .all = 1, .on_solution = on_solution, .user = &c};
            assert_int_equal(gt_def_search_run(s[i], perm, ori, &o1, &r1, &err), GT_OK);
            assert_int_equal(r1.length, d);
            assert_true(replay_solves(f.m, perm, ori, r1.moves, d));
            assert_int_equal(gt_def_search_run(s[i], perm, ori, &o2, &r2, &err), GT_OK);
            assert_memory_equal(r1.moves, r2.moves, (size_t)d);
            if (k % 6)
                continue;
            assert_int_equal(gt_def_search_run(s[i], perm, ori, &oa, &r3, &err), GT_OK);
            assert_int_equal(c.bad, 0);
            assert_int_equal((uint64_t)c.count, want);
        }
    }
    for (int i = 0; i < 3; i++)
        gt_def_search_free(s[i]);
    pdb_free(&b);
    pdb_free(&whole);
    free(n.t.data);
    free(shallow.t.data);
    full_free(&f);
}

static void test_near_search_htm(void **state)
{
    (void)state;
    check_near_search(GT_DEF_HTM, 4);
    check_near_search(GT_DEF_HTM, 2);
}

static void test_near_search_qtm(void **state)
{
    (void)state;
    check_near_search(GT_DEF_QTM, 4);
    check_near_search(GT_DEF_QTM, 2);
}

/* Canonical sequences of d moves, counted by walking them. */
static uint64_t count_sequences(const gt_def_canon *c, int d, uint64_t forbid, int prev, int run)
{
    uint64_t n = 0;
    if (d == 0)
        return 1;
    for (int mv = 0; mv < c->n_moves; mv++)
        if (gt_def_canon_ok(c, forbid, mv, prev, run))
            n += count_sequences(c, d - 1, gt_def_canon_next(c, forbid, mv, 0), mv, mv == prev ? run + 1 : 1);
    return n;
}

/* The megaminx's canonical sequences are twsearch's (its "Filling depth"
 * counts, 1 48 1536 43520 1182720): a face commutes with the six it shares
 * no piece with, and a move that commutes with the last two moves of a
 * sequence but could go before both is refused though they do not commute
 * with each other. The near table's plan counts the same. */
static void test_near_canonical_counts(void **state)
{
    (void)state;
    static const uint64_t want[] = {1, 48, 1536, 43520, 1182720};
    planned p;
    gt_def_canon c;
    gt_def_near_plan plan;
    uint64_t sum = 0;
    plan_orbits(&p, "megaminx.tws");
    gt_def_canon_build(p.m, &c);
    for (int d = 0; d <= 4; d++) {
        assert_int_equal(count_sequences(&c, d, 0, c.n_moves, 0), want[d]);
        sum += want[d];
    }
    assert_int_equal(gt_def_near_choose(p.m, 1 << 20, 4, 1e12, &plan), GT_OK);
    assert_int_equal(plan.depth, 4); /* 31,641,600 sequences of 5 moves: more than the 2 Mi slots */
    assert_true(plan.sequences == (double)sum);
    assert_int_equal(gt_def_near_choose(p.m, 1 << 20, 4, 50000, &plan), GT_OK);
    assert_int_equal(plan.depth, 3); /* the work allowed stops it first */
    unplan(&p);
}

/* Two bases commute only when all their powers do: here each move is a
 * 5-cycle on P and a 4-cycle on R, so B^5 (R alone) commutes with D^4 (P
 * alone) while B and D do not; C is A's inverse, so A and C commute. Both
 * orders of B and D are canonical, and so are D's 19 powers after B's. */
static void test_canon_bases_commute_by_every_power(void **state)
{
    (void)state;
    static const char text[] = "Set P 5 1\nSet R 4 1\nSolved\nP\n1 2 3 4 5\nR\n1 2 3 4\nEnd\n"
                               "Move A\nP\n2 3 4 5 1\nR\n2 3 4 1\nEnd\nMove B\nP\n3 4 5 1 2\nR\n3 1 4 2\nEnd\n"
                               "Move C\nP\n5 1 2 3 4\nR\n4 1 2 3\nEnd\nMove D\nP\n2 4 5 3 1\nR\n2 4 1 3\nEnd\n";
    gt_def *def;
    gt_def_model *m;
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def_canon c;
    assert_int_equal(gt_def_parse(text, sizeof text - 1, &def, &err), GT_OK);
    assert_int_equal(gt_def_model_plan_orbits(def, &o, &m, &err), GT_OK);
    gt_def_canon_build(m, &c);
    assert_int_equal(c.n_moves, 4 * 19);
    assert_int_equal(c.commute[0], 1u << 2); /* A with C only */
    assert_int_equal(c.commute[1], 0);       /* B with none: not D */
    assert_int_equal(c.commute[3], 0);
    assert_int_equal(count_sequences(&c, 1, 0, c.n_moves, 0), 76);
    assert_int_equal(count_sequences(&c, 2, 0, c.n_moves, 0), 76 * 57 - 19 * 19); /* A C, but not C A */
    gt_def_model_free(m);
    gt_def_free(def);
}

/* A near table refused: a definition whose states do not fit a byte a
 * position, a damaged or foreign section, the wrong encoding. */
static void test_near_refused(void **state)
{
    (void)state;
    static const char big_ori[] = "Name big\nSet A 2 5\nSolved\nA\n1 2\n0 0\nEnd\nMove X\nA\n2 1\n1 4\nEnd\n";
    gt_def *def;
    gt_def_model *m;
    gt_def_options o = {.metric = GT_DEF_HTM};
    gt_def_error err;
    gt_def_near_plan plan;
    gt_def_search *s = NULL;
    full f;
    near n;
    int depth;
    assert_int_equal(gt_def_parse(big_ori, sizeof big_ori - 1, &def, &err), GT_OK);
    assert_int_equal(gt_def_model_plan_orbits(def, &o, &m, &err), GT_OK);
    assert_int_equal(gt_def_near_choose(m, 1 << 20, 4, 1e9, &plan), GT_ERR_INVAL);
    gt_def_model_free(m);
    gt_def_free(def);
    full_build(&f, "2x2x2.tws", GT_DEF_HTM);
    near_build(&n, f.m, 16 << 10, 4);
    assert_int_equal(gt_def_near_choose(f.m, 100, 4, 1e9, &plan), GT_ERR_RANGE);
    assert_int_equal(gt_def_near_choose(f.m, 1 << 20, 3, 1e9, &plan), GT_ERR_INVAL); /* 4 or 2 bits a slot */
    int bits = 0;
    assert_int_equal(gt_def_near_table_depth(&n.t, &depth, &bits), GT_OK);
    assert_int_equal(depth, n.plan.depth);
    assert_int_equal(bits, 4);
    /* a version 2 section over nibbles (and a version to come) is refused */
    static const char *bad[] = {"near 2 depth 3", "near 3 depth 3", "near 1 depth 3 x", "near 1 depth 15",
                                "far 1 depth 3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        near m2 = n;
        m2.t.sections[0] = (gt_view){.data = (const uint8_t *)bad[i], .bytes = strlen(bad[i])};
        assert_int_equal(gt_def_near_table_depth(&m2.t, &depth, NULL), GT_ERR_CORRUPT);
        assert_int_equal(gt_def_search_new(f.m, NULL, NULL, 0, &m2.t, &s), GT_ERR_INVAL);
        assert_null(s);
    }
    near m3 = n;
    m3.t.meta.encoding = GT_ENC_MOD3;
    assert_int_equal(gt_def_near_table_depth(&m3.t, &depth, NULL), GT_ERR_CORRUPT);
    m3 = n;
    m3.t.meta.distribution.max_depth++;
    assert_int_equal(gt_def_near_table_depth(&m3.t, &depth, NULL), GT_ERR_CORRUPT);
    m3 = n;
    m3.t.meta.n_sections = 0;
    assert_int_equal(gt_def_near_table_depth(&m3.t, &depth, NULL), GT_ERR_CORRUPT);
    near two;
    near_build(&two, f.m, 16 << 10, 2);
    assert_int_equal(gt_def_near_table_depth(&two.t, &depth, &bits), GT_OK);
    assert_int_equal(bits, 2);
    two.t.data_bytes = n.t.data_bytes; /* as many bytes as nibbles of the same slots would take */
    two.t.meta.n_states = n.t.data_bytes * 2;
    assert_int_equal(gt_def_near_table_depth(&two.t, &depth, &bits), GT_ERR_CORRUPT);
    free(two.t.data);
    assert_int_equal(gt_def_search_new(f.m, NULL, NULL, 0, NULL, &s), GT_ERR_INVAL);
    free(n.t.data);
    full_free(&f);
}

/* ---- 7. the parser's golden cases ------------------------------------------ */

/* tests/golden/proj.txt: "> FILE TEXT" then "= states=N text=CANONICAL" or
 * "! CODE proj:COLUMN: MESSAGE" (MESSAGE a substring). */
static int run_golden_case(const gt_def_model *m, const char *file, int line, const char *text, const char *expect)
{
    gt_def_proj pr;
    gt_def_error err;
    char got[700];
    memset(&err, 0, sizeof err);
    int rc = gt_def_proj_parse(m, text, &pr, &err);
    if (rc == GT_OK)
        snprintf(got, sizeof got, "= states=%llu", (unsigned long long)pr.states);
    else
        snprintf(got, sizeof got, "! %d proj:%d: %s", gt_exit_code(rc), err.column, err.message);
    int ok;
    if (!strcmp(expect + 1, " ?")) { /* a new case: print what the code does (review it into the file) */
        printf("> %s\n%s\n", text, got);
        ok = 0;
    } else if (expect[0] == '=') {
        ok = !strcmp(got, expect);
    } else { /* "! CODE proj:COLUMN:" exactly, then the message as a substring */
        const char *c1 = strstr(expect, "proj:"), *c2 = c1 ? strchr(c1 + 5, ':') : NULL;
        ok = c2 && !strncmp(got, expect, (size_t)(c2 + 1 - expect)) && strstr(got, c2 + 2) != NULL;
    }
    if (!ok)
        print_error("%s:%d: %s: got \"%s\", expected \"%s\"\n", file, line, text, got, expect);
    if (rc && !(err.column >= 1 && err.column <= (int)strlen(text) + 1)) {
        print_error("%s:%d: column %d outside the text\n", file, line, err.column);
        ok = 0;
    }
    return ok;
}

static void test_golden_projection_parser(void **state)
{
    (void)state;
    const char *path = GODTAB_ROOT "/tests/golden/proj.txt";
    FILE *f = fopen(path, "r");
    char line[1024], model_file[256] = "", text[1024] = "";
    int n = 0, at = 0, case_line = 0, bad = 0;
    planned p = {0};
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        at++;
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '>') {
            char file[256];
            const char *sp = strchr(line + 2, ' ');
            size_t fl = sp ? (size_t)(sp - (line + 2)) : strlen(line + 2);
            snprintf(file, sizeof file, "%.*s", (int)fl, line + 2);
            snprintf(text, sizeof text, "%s", sp ? sp + 1 : "");
            if (strcmp(file, model_file)) {
                if (p.m)
                    unplan(&p);
                plan_orbits(&p, file);
                snprintf(model_file, sizeof model_file, "%s", file);
            }
            case_line = at;
        } else if (line[0] == '=' || line[0] == '!') {
            assert_true(case_line > 0);
            bad += !run_golden_case(p.m, path, case_line, text, line);
            case_line = 0;
            n++;
        }
    }
    fclose(f);
    if (p.m)
        unplan(&p);
    assert_true(n >= 10);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_unrank_round_trip),
        cmocka_unit_test(test_whole_projection_is_full_table),
        cmocka_unit_test(test_projection_is_lower_bound),
        cmocka_unit_test(test_search_optimal),
        cmocka_unit_test(test_search_all_htm),
        cmocka_unit_test(test_search_all_qtm),
        cmocka_unit_test(test_search_illegal),
        cmocka_unit_test(test_search_new_bad_table),
        cmocka_unit_test(test_search_timeout),
        cmocka_unit_test(test_search_corrupt_table),
        cmocka_unit_test(test_search_copies_large_pdb),
        cmocka_unit_test(test_proj_auto),
        cmocka_unit_test(test_near_bound),
        cmocka_unit_test(test_near_search_htm),
        cmocka_unit_test(test_near_search_qtm),
        cmocka_unit_test(test_near_canonical_counts),
        cmocka_unit_test(test_canon_bases_commute_by_every_power),
        cmocka_unit_test(test_near_refused),
        cmocka_unit_test(test_golden_projection_parser),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
