/* The BFS split over ranks (gt_bfs_run_ranked, docs/distributed.md) with
 * ranks simulated by threads and a communicator of shared mailboxes: for
 * 1 to 4 ranks and tiny exchange batches (many rounds a level), the
 * slices put end to end must be the single-process BFS's array byte for
 * byte, with the same distribution on every rank. */
#include "test_util.h"

#include "bfs.h"
#include "catalog.h"
#include "gt_error.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_RANKS = 4 };

typedef struct hub {
    int ranks;
    pthread_barrier_t barrier;
    uint64_t *const *send[MAX_RANKS];
    const uint64_t *nsend[MAX_RANKS];
    uint64_t sums[MAX_RANKS][4];
    uint8_t *all[MAX_RANKS];
} hub;

typedef struct rank_ctx {
    hub *h;
    int rank;
} rank_ctx;

static int hub_exchange(void *ctx, uint64_t *const *send, const uint64_t *nsend, uint64_t **recv, uint64_t *nrecv,
                        uint64_t *recv_cap)
{
    rank_ctx *c = ctx;
    hub *h = c->h;
    h->send[c->rank] = send;
    h->nsend[c->rank] = nsend;
    pthread_barrier_wait(&h->barrier);
    uint64_t total = 0;
    for (int k = 0; k < h->ranks; k++)
        total += h->nsend[k][c->rank];
    if (total > *recv_cap) {
        *recv = realloc(*recv, total * sizeof **recv);
        *recv_cap = total;
    }
    *nrecv = 0;
    for (int k = 0; k < h->ranks; k++) {
        if (h->nsend[k][c->rank])
            memcpy(*recv + *nrecv, h->send[k][c->rank], h->nsend[k][c->rank] * sizeof **recv);
        *nrecv += h->nsend[k][c->rank];
    }
    pthread_barrier_wait(&h->barrier); /* the senders' buffers are read: they may refill them */
    return GT_OK;
}

static int hub_sum(void *ctx, uint64_t *v, int n)
{
    rank_ctx *c = ctx;
    hub *h = c->h;
    memcpy(h->sums[c->rank], v, (size_t)n * sizeof *v);
    pthread_barrier_wait(&h->barrier);
    for (int i = 0; i < n; i++) {
        v[i] = 0;
        for (int k = 0; k < h->ranks; k++)
            v[i] += h->sums[k][i];
    }
    pthread_barrier_wait(&h->barrier);
    return GT_OK;
}

static int hub_allgather(void *ctx, uint8_t *all, const uint64_t *counts, const uint64_t *displs)
{
    rank_ctx *c = ctx;
    hub *h = c->h;
    h->all[c->rank] = all;
    pthread_barrier_wait(&h->barrier);
    for (int k = 0; k < h->ranks; k++)
        if (k != c->rank)
            memcpy(all + displs[k], h->all[k] + displs[k], counts[k]);
    pthread_barrier_wait(&h->barrier);
    return GT_OK;
}

typedef struct rank_run {
    rank_ctx ctx;
    const gt_puzzle *p;
    uint64_t batch;
    int pull; /* offer the allgather (pulled levels) */
    uint8_t *slice;
    uint64_t lo, hi;
    gt_distribution d;
    int rc;
} rank_run;

static void *rank_main(void *arg)
{
    rank_run *r = arg;
    gt_bfs_comm comm = {.rank = r->ctx.rank, .ranks = r->ctx.h->ranks, .batch = r->batch,
                        .exchange = hub_exchange, .sum = hub_sum, .allgather = r->pull ? hub_allgather : NULL,
                        .ctx = &r->ctx};
    gt_bfs_options o = {.threads = 2};
    r->rc = gt_bfs_run_ranked(r->p, &o, &comm, &r->slice, &r->lo, &r->hi, &r->d);
    return NULL;
}

/* The table `name` split over `ranks` equals the single-process BFS, with
 * late levels pulled (pull) or every level pushed. */
static void check_split_as(const char *name, int ranks, uint64_t batch, int pull)
{
    const gt_table_spec *spec = gt_catalog_find(name);
    gt_puzzle *p;
    uint8_t *whole;
    gt_distribution d;
    assert_non_null(spec);
    assert_int_equal(spec->make_puzzle(spec, &p), GT_OK);
    assert_int_equal(gt_bfs_run(p, NULL, &whole, &d), GT_OK);
    hub h = {.ranks = ranks};
    rank_run run[MAX_RANKS];
    pthread_t th[MAX_RANKS];
    pthread_barrier_init(&h.barrier, NULL, (unsigned)ranks);
    for (int r = 0; r < ranks; r++) {
        run[r] = (rank_run){.ctx = {&h, r}, .p = p, .batch = batch, .pull = pull};
        assert_int_equal(pthread_create(&th[r], NULL, rank_main, &run[r]), 0);
    }
    uint64_t next = 0;
    for (int r = 0; r < ranks; r++) {
        pthread_join(th[r], NULL);
        if (run[r].rc != GT_OK)
            fail_msg("%s on %d ranks: rank %d returned %d", name, ranks, r, run[r].rc);
        assert_int_equal(run[r].lo, next);
        assert_memory_equal(run[r].slice, whole + run[r].lo, run[r].hi - run[r].lo);
        assert_true(gt_distribution_equal(&run[r].d, &d));
        next = run[r].hi;
        free(run[r].slice);
    }
    assert_int_equal(next, p->n_states);
    pthread_barrier_destroy(&h.barrier);
    free(whole);
    spec->free_puzzle(p);
}

static void check_split(const char *name, int ranks, uint64_t batch)
{
    check_split_as(name, ranks, batch, 1);
    check_split_as(name, ranks, batch, 0);
}

/* Each rank count with each metric and with each way of exchanging (late
 * levels pulled, or every level pushed), and each metric both ways: every
 * pair of the three choices, in 8 runs of the 3.7 M-state BFS instead of
 * the 16 of every triple (13 s plain, 89 s under the sanitizers). */
static void test_pocket_both_metrics(void **state)
{
    (void)state;
    for (int ranks = 1; ranks <= MAX_RANKS; ranks++) {
        check_split_as("pocket-htm", ranks, 0, ranks % 2);
        check_split_as("pocket-qtm", ranks, 100000, !(ranks % 2));
    }
}

static void test_small_batches_and_other_puzzles(void **state)
{
    (void)state;
    check_split("pocket-htm", 3, 9973); /* hundreds of rounds a level */
    check_split("floppy-htm", 4, 7);   /* 192 states: ranks with a few states each */
    check_split("taquin-4x4", 2, 4096);
    check_split("taquin-3x3", 4, 1);
}

static void test_refusals(void **state)
{
    (void)state;
    const gt_table_spec *spec = gt_catalog_find("pocket-htm");
    gt_puzzle *p;
    uint8_t *slice;
    uint64_t lo, hi;
    gt_distribution d;
    assert_int_equal(spec->make_puzzle(spec, &p), GT_OK);
    gt_bfs_comm bad = {.rank = 2, .ranks = 2, .exchange = hub_exchange, .sum = hub_sum};
    assert_int_equal(gt_bfs_run_ranked(p, NULL, &bad, &slice, &lo, &hi, &d), GT_ERR_INVAL);
    bad = (gt_bfs_comm){.rank = 0, .ranks = 1};
    assert_int_equal(gt_bfs_run_ranked(p, NULL, &bad, &slice, &lo, &hi, &d), GT_ERR_INVAL);
    assert_int_equal(gt_bfs_run_ranked(p, NULL, NULL, &slice, &lo, &hi, &d), GT_ERR_INVAL);
    spec->free_puzzle(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pocket_both_metrics),
        cmocka_unit_test(test_small_batches_and_other_puzzles),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
