/* The annexe's numbering of the 3x3 types (article 2.11): the labelling of
 * distances 4-7 recovered from the neighbour lists (taquin_annexe.c), checked
 * against the test's own BFS of the 3x3 descriptor, the transcription against
 * itself, and the errata found. */
#include "test_util.h"

#include "bfs.h"
#include "gt_error.h"
#include "taquin.h"

typedef struct fixture {
    gt_puzzle *p;
    const gt_taquin_board *b;
    uint8_t *dist;
    gt_taquin_anatomy *a;
    gt_taquin_annexe_result r;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    gt_distribution d;
    assert_non_null(f);
    assert_int_equal(gt_taquin_puzzle_new(3, 3, &f->p), 0);
    assert_int_equal(gt_taquin_board_of(f->p, &f->b), 0);
    assert_int_equal(gt_bfs_run(f->p, NULL, &f->dist, &d), 0);
    assert_int_equal(gt_taquin_anatomy_build(f->p, f->dist, &f->a), 0);
    assert_int_equal(gt_taquin_annexe_solve(f->a, &f->r), 0);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    gt_taquin_annexe_free(&f->r);
    gt_taquin_anatomy_free(f->a);
    gt_taquin_puzzle_free(f->p);
    free(f->dist);
    free(f);
    return 0;
}

/* The test's own distances: BFS over ranks with the descriptor's moves. */
static void own_distances(const fixture *f, uint8_t *dist)
{
    int queue[192], head = 0, tail = 0;
    memset(dist, 255, 192);
    dist[0] = 0; /* rank 0 is the goal */
    queue[tail++] = 0;
    while (head < tail) {
        int x = queue[head++];
        for (int m = 0; m < 6; m++) {
            int y = (int)gt_puzzle_move(f->p, (uint64_t)x, m);
            if (dist[y] == 255) {
                dist[y] = (uint8_t)(dist[x] + 1);
                queue[tail++] = y;
            }
        }
    }
    assert_int_equal(tail, 192);
}

/* The true list of article (d;k) under the labelling, from configurations:
 * every image by a move of every member of the type. */
static unsigned true_list(const fixture *f, const uint8_t *dist, const int *lab, int d, int k,
                          int farther)
{
    int t = lab[gt_taquin_annexe_index(d, k)];
    unsigned out = 0;
    for (uint64_t r = 0; r < 192; r++) {
        if (f->a->type_of[r] != (uint32_t)t)
            continue;
        for (int m = 0; m < 6; m++) {
            uint64_t y = gt_puzzle_move(f->p, r, m);
            int dy = dist[y];
            assert_int_equal(abs(dy - d), 1); /* bipartite */
            if (dy != d + (farther ? 1 : -1))
                continue;
            int u = (int)f->a->type_of[y], found = 0;
            for (int j = 1; j <= gt_taquin_annexe_count(dy); j++)
                if (lab[gt_taquin_annexe_index(dy, j)] == u)
                    out |= 1u << (j - 1), found = 1;
            assert_true(found);
        }
    }
    return out;
}

static int disagreements(const fixture *f, const uint8_t *dist, const int *lab)
{
    int n = 0;
    for (int d = 0; d < 8; d++)
        for (int k = 1; k <= gt_taquin_annexe_count(d); k++)
            for (int fr = 0; fr < 2; fr++) {
                unsigned printed;
                assert_int_equal(gt_taquin_annexe_list(d, k, fr, &printed, NULL), 0);
                n += printed != true_list(f, dist, lab, d, k, fr);
            }
    return n;
}

/* The transcription: the two halves of each edge agree, but for one: (5;9)
 * lists (6;3) as farther, (6;3) does not list (5;9) as closer. */
static void test_transcription(void **state)
{
    (void)state;
    static const int count[8] = {1, 2, 6, 11, 13, 9, 4, 2};
    int asymmetric = 0;
    for (int d = 0; d < 8; d++) {
        assert_int_equal(gt_taquin_annexe_count(d), count[d]);
        for (int k = 1; k <= 13 && d < 7; k++)
            for (int j = 1; j <= count[d + 1] && k <= count[d]; j++) {
                unsigned down, up;
                assert_int_equal(gt_taquin_annexe_list(d, k, 1, &down, NULL), 0);
                assert_int_equal(gt_taquin_annexe_list(d + 1, j, 0, &up, NULL), 0);
                if ((down >> (j - 1) & 1) != (up >> (k - 1) & 1)) {
                    asymmetric++;
                    assert_int_equal(d, 5);
                    assert_int_equal(k, 9);
                    assert_int_equal(j, 3);
                }
            }
    }
    assert_int_equal(asymmetric, 1);
    unsigned m;
    int line;
    assert_int_equal(gt_taquin_annexe_list(5, 2, 0, &m, &line), 0);
    assert_int_equal(m, (1u << 3) | (1u << 4) | (1u << 7) | (1u << 9) | (1u << 12));
    assert_int_equal(line, 2483);
    assert_int_equal(gt_taquin_annexe_list(5, 9, 1, &m, &line), 0);
    assert_int_equal(m, 15u);
    assert_int_equal(line, 2497);
    assert_int_equal(gt_taquin_annexe_list(8, 1, 0, &m, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_annexe_list(4, 14, 0, &m, NULL), GT_ERR_INVAL);
    assert_int_equal(gt_taquin_annexe_index(7, 2), 47);
    assert_int_equal(gt_taquin_annexe_index(5, 10), -1);
}

/* Every stored labelling keeps distances 0-3 on the printed boards, is a
 * bijection respecting distances, and has exactly the reported number of
 * differing lists by the test's own count; no labelling does better (the
 * minimum is at least 1: the asymmetric pair above cannot both be true). */
static void test_labellings(void **state)
{
    fixture *f = *state;
    const gt_taquin_annexe_result *r = &f->r;
    uint8_t dist[192];
    own_distances(f, dist);
    assert_true(r->n_best >= 1);
    assert_int_equal(r->n_stored, r->n_best < GT_TAQUIN_ANNEXE_MAX_LABELLINGS
                                      ? r->n_best : GT_TAQUIN_ANNEXE_MAX_LABELLINGS);
    assert_true(r->disagreements >= 1);
    for (int l = 0; l < r->n_stored; l++) {
        const int *lab = r->label[l];
        int used[48] = {0};
        for (int d = 0; d < 8; d++)
            for (int k = 1; k <= gt_taquin_annexe_count(d); k++) {
                int t = lab[gt_taquin_annexe_index(d, k)];
                assert_true(t >= 0 && t < 48);
                assert_false(used[t]);
                used[t] = 1;
                uint64_t rank = f->a->types[t].rep_rank;
                assert_int_equal(dist[rank], d);
            }
        assert_int_equal(disagreements(f, dist, lab), r->disagreements);
    }
}

/* The chosen labelling: the examples' facts hold, and the wrong entries
 * listed are exactly those the test finds. */
static void test_chosen(void **state)
{
    fixture *f = *state;
    const gt_taquin_annexe_result *r = &f->r;
    uint8_t dist[192];
    own_distances(f, dist);
    assert_true(r->chosen >= 0);
    /* 4 labellings with 1 differing list; the board of (5;9) leaves 2, which
     * swap (6;1)/(6;2) together with (7;1)/(7;2): nothing in the text tells
     * them apart */
    assert_int_equal(r->disagreements, 1);
    assert_int_equal(r->n_best, 4);
    assert_int_equal(r->example_left[0], 2);
    assert_int_equal(r->n_kept, 2);
    assert_int_equal(r->fixed_by, -1);
    for (int i = 0; i < GT_TAQUIN_ANNEXE_EXAMPLES; i++)
        assert_false(r->example_contradicted[i]);
    assert_int_equal(r->ambiguous[6], 3u);
    assert_int_equal(r->ambiguous[7], 3u);
    for (int d = 0; d < 6; d++)
        assert_int_equal(r->ambiguous[d], 0u);
    /* the one erratum: (6;3)'s voisins montants (line 2501) omit (5;9) */
    assert_int_equal(r->n_wrong, 1);
    assert_int_equal(r->wrong[0].distance, 6);
    assert_int_equal(r->wrong[0].number, 3);
    assert_int_equal(r->wrong[0].farther, 0);
    assert_int_equal(r->wrong[0].line, 2501);
    assert_int_equal(r->wrong[0].printed, (1u << 2) | (1u << 4) | (1u << 7));
    assert_int_equal(r->wrong[0].actual, (1u << 2) | (1u << 4) | (1u << 7) | (1u << 8));
    const int *lab = r->label[r->chosen];
    gt_parse_error e;
    uint64_t code, rank;
    assert_int_equal(gt_taquin_parse(f->b, "110/000/100", &code, &e), 0);
    assert_int_equal(gt_taquin_rank(f->b, code, &rank), 0);
    assert_int_equal((int)f->a->type_of[rank], lab[gt_taquin_annexe_index(5, 9)]);
    code = gt_taquin_apply_move(f->b, code, 0);
    assert_int_equal(gt_taquin_rank(f->b, code, &rank), 0);
    assert_int_equal((int)f->a->type_of[rank], lab[gt_taquin_annexe_index(4, 12)]);
    int n = 0;
    for (int d = 0; d < 8; d++)
        for (int k = 1; k <= gt_taquin_annexe_count(d); k++) {
            assert_int_equal(r->map[d][k - 1], lab[gt_taquin_annexe_index(d, k)]);
            for (int fr = 0; fr < 2; fr++) {
                unsigned printed, truth = true_list(f, dist, lab, d, k, fr);
                assert_int_equal(gt_taquin_annexe_list(d, k, fr, &printed, NULL), 0);
                if (printed == truth)
                    continue;
                assert_true(n < r->n_wrong);
                assert_int_equal(r->wrong[n].distance, d);
                assert_int_equal(r->wrong[n].number, k);
                assert_int_equal(r->wrong[n].farther, fr);
                assert_int_equal(r->wrong[n].printed, printed);
                assert_int_equal(r->wrong[n].actual, truth);
                n++;
            }
        }
    assert_int_equal(n, r->n_wrong);
    assert_int_equal(n, r->disagreements);
}

static void test_arguments(void **state)
{
    (void)state;
    gt_taquin_annexe_result r;
    assert_int_equal(gt_taquin_annexe_solve(NULL, &r), GT_ERR_INVAL);
    assert_null(gt_taquin_annexe_example(GT_TAQUIN_ANNEXE_EXAMPLES));
    assert_non_null(gt_taquin_annexe_example(0));
    gt_taquin_annexe_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transcription),
        cmocka_unit_test(test_labellings),
        cmocka_unit_test(test_chosen),
        cmocka_unit_test(test_arguments),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
