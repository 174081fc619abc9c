/* A construction's clock, limits and progress, and its random elements
 * (product replacement): what the giant test, the order bound, the chain's
 * construction and group_words.c share. Calls only perm.c. */
#include "gt_error.h"
#include "permgroup_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* In permgroup_ctl.c, not _chain.c: progress reports it, and the chain
 * calls down to the giants, which poll the clock. */
double gt_chain_log10_order(const gt_group *g)
{
    double sum = 0;
    for (int i = 0; i < g->nlev; i++)
        sum += log10((double)g->lev[i].orbit_len);
    return sum;
}

/* ---- clock, limits, progress ---------------------------------------------- */

double gt_group_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void gt_build_ctl_init(build_ctl *c, const gt_group_limits *lim)
{
    memset(c, 0, sizeof *c);
    c->start = gt_group_clock();
    c->check_level = -1;
    if (!lim)
        return;
    c->deadline = lim->deadline;
    c->cancel = lim->cancel;
    c->progress = lim->progress;
    c->ctx = lim->progress_ctx;
    c->every = lim->progress_every > 0 ? lim->progress_every : 1.0;
    c->next_report = c->start + c->every;
}

int gt_build_ctl_poll(build_ctl *c, const gt_group *g)
{
    if (c->cancel && *c->cancel)
        return GT_ERR_INTERRUPT;
    if (!c->deadline && !c->progress)
        return GT_OK;
    double now = gt_group_clock();
    if (c->deadline && now >= c->deadline)
        return GT_ERR_TIMEOUT;
    if (c->progress && now >= c->next_report) {
        gt_group_progress p = {c->phase, now - c->start, 0, 0, 0, 0, c->check_level, 0};
        if (g) {
            p.base_length = g->nlev;
            p.strong_generators = g->npool;
            p.random_elements = g->stats.random_elements;
            p.schreier_checked = g->stats.schreier_checked;
            p.log10_order = gt_chain_log10_order(g);
        }
        c->progress(&p, c->ctx);
        c->next_report = now + c->every;
    }
    return GT_OK;
}

/* ---- product replacement ---------------------------------------------------- */

static void prodrep_step(prodrep *r)
{
    int n = r->n, a = (int)gt_rng_below(&r->rng, (uint64_t)r->slots);
    int b = (int)gt_rng_below(&r->rng, (uint64_t)(r->slots - 1));
    if (b >= a)
        b++;
    gt_point *xa = r->x + (size_t)a * n, *xb = r->x + (size_t)b * n, *acc = r->x + (size_t)r->slots * n;
    gt_point *tmp = acc + n;
    if (gt_rng_below(&r->rng, 2)) {
        gt_perm_mul(n, xa, xb, tmp);
    } else {
        gt_perm_inverse(n, xb, tmp + n);
        gt_perm_mul(n, xa, tmp + n, tmp);
    }
    memcpy(xa, tmp, (size_t)n * sizeof *tmp);
    gt_perm_mul(n, acc, xa, tmp);
    memcpy(acc, tmp, (size_t)n * sizeof *tmp);
}

int gt_prodrep_init(prodrep *r, int n, int ngens, const gt_point *const *gens, uint64_t seed)
{
    r->n = n;
    r->slots = ngens < 5 ? 10 : 2 * ngens;
    gt_rng_seed(&r->rng, seed);
    r->x = malloc((size_t)(r->slots + 3) * n * sizeof *r->x);
    if (!r->x)
        return GT_ERR_NOMEM;
    for (int k = 0; k < r->slots; k++)
        memcpy(r->x + (size_t)k * n, gens[k % ngens], (size_t)n * sizeof *r->x);
    gt_perm_identity(n, r->x + (size_t)r->slots * n);
    for (int k = 0; k < 60; k++)
        prodrep_step(r);
    return GT_OK;
}

const gt_point *gt_prodrep_next(prodrep *r)
{
    prodrep_step(r);
    return r->x + (size_t)r->slots * r->n;
}

void gt_prodrep_free(prodrep *r)
{
    free(r->x);
    r->x = NULL;
}
