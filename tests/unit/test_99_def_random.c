/* Random small definitions (a fixed seed) searched over a pattern
 * database, half of them with a near table of 2 or 4 bits a slot: every
 * scramble is answered in its full table's distance, on one thread and on
 * two, each answer replayed, in both metrics.
 *
 * A random move is a product of cycles of several lengths on several sets,
 * so its powers often leave a set alone, and powers of two moves that do
 * not commute then commute: until 2026-11-29 that made their bases commute
 * for the search, which then lost sequences, and 50 of 80 such random
 * definitions had positions it could not answer (docs/search.md). */
#include "test_def_tables.h"

#include "rng.h"

#include <stdio.h>

#define DEFINITIONS 40
#define SCRAMBLES 12
#define MAX_STATES 200000 /* the product of the sets' arrangements and twists */

typedef struct shape {
    int sets, size[3], omod[3], moves;
} shape;

/* Sets of 2 to 6 pieces, one to three of them, 1 to 3 twists a piece,
 * within MAX_STATES; 2 to 4 moves. */
static shape random_shape(gt_rng *rng)
{
    for (;;) {
        static const int omods[] = {1, 1, 2, 3};
        shape s = {.sets = 1 + (int)gt_rng_below(rng, 3), .moves = 2 + (int)gt_rng_below(rng, 3)};
        double states = 1;
        for (int i = 0; i < s.sets; i++) {
            s.size[i] = 2 + (int)gt_rng_below(rng, 5);
            s.omod[i] = omods[gt_rng_below(rng, 4)];
            for (int k = 1; k <= s.size[i]; k++)
                states *= k * s.omod[i];
        }
        if (states <= MAX_STATES && (s.sets > 1 || s.size[0] > 2))
            return s;
    }
}

/* A permutation of 1..n, written as a line. */
static int random_line(gt_rng *rng, int n, char *out, size_t cap)
{
    int p[8], len = 0;
    for (int i = 0; i < n; i++)
        p[i] = i + 1;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gt_rng_below(rng, (uint64_t)i + 1), t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    for (int i = 0; i < n; i++)
        len += snprintf(out + len, cap - (size_t)len, "%d%c", p[i], i + 1 < n ? ' ' : '\n');
    return len;
}

/* The definition's text: sets S0.., solved in order, moves A.. of random
 * permutations and twists. */
static int random_text(gt_rng *rng, const shape *s, char *out, size_t cap)
{
    int len = snprintf(out, cap, "Name Random\n");
    for (int i = 0; i < s->sets; i++)
        len += snprintf(out + len, cap - (size_t)len, "Set S%d %d %d\n", i, s->size[i], s->omod[i]);
    len += snprintf(out + len, cap - (size_t)len, "Solved\n");
    for (int i = 0; i < s->sets; i++) {
        len += snprintf(out + len, cap - (size_t)len, "S%d\n", i);
        for (int k = 1; k <= s->size[i]; k++)
            len += snprintf(out + len, cap - (size_t)len, "%d%c", k, k < s->size[i] ? ' ' : '\n');
    }
    len += snprintf(out + len, cap - (size_t)len, "End\n");
    for (int m = 0; m < s->moves; m++) {
        len += snprintf(out + len, cap - (size_t)len, "Move %c\n", 'A' + m);
        for (int i = 0; i < s->sets; i++) {
            len += snprintf(out + len, cap - (size_t)len, "S%d\n", i);
            len += random_line(rng, s->size[i], out + len, cap - (size_t)len);
            for (int k = 0; s->omod[i] > 1 && k < s->size[i]; k++)
                len += snprintf(out + len, cap - (size_t)len, "%d%c", (int)gt_rng_below(rng, (uint64_t)s->omod[i]),
                                k + 1 < s->size[i] ? ' ' : '\n');
        }
        len += snprintf(out + len, cap - (size_t)len, "End\n");
    }
    return len;
}

/* A projection that keeps part of the puzzle: the first set of several,
 * else the permutation of a twisting set, else its first two pieces. */
static void weak_projection(const shape *s, char *out, size_t cap)
{
    if (s->sets > 1)
        snprintf(out, cap, "S0");
    else if (s->omod[0] > 1)
        snprintf(out, cap, "S0:perm");
    else
        snprintf(out, cap, "S0=1-2");
}

/* Each scramble answered at its distance on 1 and 2 threads, the same moves. */
static void check_scrambles(const full *f, gt_def_search *search, gt_rng *rng, const char *text)
{
    uint8_t perm[GT_DEF_MAX_POSITIONS], ori[GT_DEF_MAX_POSITIONS];
    for (int k = 0; k < SCRAMBLES; k++) {
        memcpy(perm, f->def->solved_perm, (size_t)f->def->total);
        memcpy(ori, f->def->solved_ori, (size_t)f->def->total);
        for (int i = 0; i < 1 + k; i++)
            gt_def_model_apply(f->m, (int)gt_rng_below(rng, (uint64_t)f->m->n_moves), perm, ori);
        uint64_t idx;
        assert_int_equal(gt_def_model_index(f->m, perm, ori, &idx), GT_OK);
        const int d = f->dist[idx];
        gt_def_search_result r1, r2;
        gt_def_search_options o1 = {.threads = 1, .timeout = 60}, o2 = {.threads = 2, .timeout = 60};
        gt_def_error err;
        if (gt_def_search_run(search, perm, ori, &o1, &r1, &err) != GT_OK || r1.length != d)
            fail_msg("distance %d, the search %d (bound %d) on:\n%s", d, r1.length, r1.lower_bound, text);
        assert_int_equal(gt_def_search_run(search, perm, ori, &o2, &r2, &err), GT_OK);
        assert_int_equal(r2.length, d);
        assert_memory_equal(r1.moves, r2.moves, (size_t)d);
        assert_true(replay_solves(f->m, perm, ori, r1.moves, d));
    }
}

static void test_random_definitions(void **state)
{
    (void)state;
    gt_rng rng;
    char text[8192], proj[32];
    gt_rng_seed(&rng, 99);
    for (int n = 0; n < DEFINITIONS; n++) {
        const shape s = random_shape(&rng);
        const int len = random_text(&rng, &s, text, sizeof text);
        gt_def *def;
        gt_def_error err;
        if (gt_def_parse(text, (size_t)len, &def, &err) != GT_OK)
            fail_msg("%d:%d: %s in:\n%s", err.line, err.column, err.message, text);
        full f;
        pdb b;
        gt_def_search *search;
        full_build_def(&f, def, n % 2 ? GT_DEF_QTM : GT_DEF_HTM);
        weak_projection(&s, proj, sizeof proj);
        pdb_build(&b, f.m, proj);
        const gt_table *tables[] = {&b.t};
        near nt;
        if (n % 4 >= 2) /* half of them with a near table (filled along the canonical sequences too) */
            near_build(&nt, f.m, 4096, n % 8 >= 4 ? 2 : 4);
        assert_int_equal(gt_def_search_new(f.m, &b.pr, tables, 1, n % 4 >= 2 ? &nt.t : NULL, &search), GT_OK);
        check_scrambles(&f, search, &rng, text);
        gt_def_search_free(search);
        if (n % 4 >= 2)
            free(nt.t.data);
        pdb_free(&b);
        full_free(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_definitions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
