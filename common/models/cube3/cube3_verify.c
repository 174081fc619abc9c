/* The whole check of a solver's tables read in place, at once or beside
 * a search (cube3_verify.h). */
#include "cube3_verify.h"
#include "cube3_solver_internal.h"
#include "alloc.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* A shallow copy whose reads test no block (all checked), or NULL. */
static gt_cube3_solver *checked_copy(const gt_cube3_solver *s)
{
    gt_cube3_solver *copy = malloc(sizeof *copy);
    if (!copy)
        return NULL;
    *copy = *s;
    copy->edges_v.sums = copy->corners_v.sums = copy->phase1_v.sums = copy->class_v.sums = NULL;
    return copy;
}

static int has_unchecked(const gt_cube3_solver *s)
{
    return s->edges_v.sums || s->corners_v.sums || s->phase1_v.sums;
}

gt_cube3_solver *gt_cube3_verify_now(const gt_cube3_solver *s)
{
    if (!has_unchecked(s))
        return NULL;
    if (gt_view_check_all(&s->edges_v) != GT_OK || gt_view_check_all(&s->corners_v) != GT_OK ||
        gt_view_check_all(&s->phase1_v) != GT_OK || gt_view_check_all(&s->class_v) != GT_OK)
        return NULL;
    return checked_copy(s);
}

/* Checks a view's blocks in order on this thread, copying each after its
 * check into out when out is not NULL: 1 when all are good, 0 when one
 * failed or *stop was set (looked at every 64 blocks, ~1 ms). */
static int check_view_until(const gt_view *v, const int *stop, uint8_t *out)
{
    if (!v->sums && !out)
        return 1;
    const uint64_t blocks = (v->bytes + GT_BLOCK_BYTES - 1) >> GT_BLOCK_SHIFT;
    for (uint64_t b = 0; b < blocks; b++) {
        const uint64_t at = b << GT_BLOCK_SHIFT, left = v->bytes - at;
        if ((b & 63) == 0 && __atomic_load_n(stop, __ATOMIC_RELAXED))
            return 0;
        if (!gt_view_ok(v, at))
            return 0;
        if (out)
            gt_view_copy(v, at, left < GT_BLOCK_BYTES ? left : GT_BLOCK_BYTES, out + at);
    }
    return 1;
}

/* A view copied into huge pages (*own), each block after its check: as
 * check_view_until, 0 also when there is no memory. */
static int copy_view_until(const gt_view *v, const int *stop, uint8_t **own)
{
    return (*own = gt_alloc_huge(v->bytes)) != NULL && check_view_until(v, stop, *own);
}

/* The tables each node reads, copied (copy_tables) or checked in place. */
static int check_or_copy(gt_cube3_verify *v)
{
    const gt_cube3_solver *s = v->s;
    const gt_view *views[GT_CUBE3_VERIFY_COPIES] = {&s->edges_v, &s->corners_v, &s->phase1_v, &s->class_v};
    for (int i = 0; i < GT_CUBE3_VERIFY_COPIES; i++) {
        int copy = v->copy_tables && views[i]->bytes && (views[i]->data || views[i]->parts);
        if (copy ? !copy_view_until(views[i], &v->stop, &v->own[i]) : !check_view_until(views[i], &v->stop, NULL))
            return 0;
    }
    return 1;
}

/* Without the copy (a block failed, the check was stopped, or no memory)
 * the search goes on testing its blocks: still exact. The map's pages of
 * the edge table are let go only once the search reads the copy: before,
 * each of its reads there would fault them back. */
static void verify_views(gt_cube3_verify *v)
{
    const gt_cube3_solver *s = v->s;
    if (!check_or_copy(v) || (v->copy = checked_copy(s)) == NULL)
        return;
    gt_cube3_solver *c = v->copy;
    if (v->own[0])
        c->edges_v = (gt_view){.data = c->edges = v->own[0], .bytes = s->edges_v.bytes};
    if (v->own[1])
        c->corners_v = (gt_view){.data = c->corners = v->own[1], .bytes = s->corners_v.bytes};
    if (v->own[2])
        c->phase1_v = (gt_view){.data = c->phase1 = v->own[2], .bytes = s->phase1_v.bytes};
    if (v->own[3]) {
        c->class_v = (gt_view){.data = v->own[3], .bytes = s->class_v.bytes};
        c->class_of = (const uint32_t *)v->own[3];
    }
    __atomic_store_n(v->slot, (const gt_cube3_solver *)c, __ATOMIC_RELEASE);
    if (v->own[0] && s->edges_table)
        gt_table_forget_pages(s->edges_table, 0, s->edges_v.bytes);
}

static void *verify_main(void *arg)
{
    gt_cube3_verify *v = arg;
    verify_views(v);
    __atomic_store_n(&v->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

int gt_cube3_verify_start(gt_cube3_verify *v, const gt_cube3_solver *s, int copy_tables,
                          const gt_cube3_solver **slot)
{
    *v = (gt_cube3_verify){.s = s, .slot = slot, .copy_tables = copy_tables};
    if (!has_unchecked(s))
        return GT_OK;
    if (pthread_create(&v->thread, NULL, verify_main, v) != 0)
        return GT_ERR_NOMEM;
    v->running = 1;
    return GT_OK;
}

void gt_cube3_verify_finish(gt_cube3_verify *v)
{
    if (v->running) {
        __atomic_store_n(&v->stop, 1, __ATOMIC_RELAXED);
        pthread_join(v->thread, NULL);
        v->running = 0;
    }
    if (v->slot)
        __atomic_store_n(v->slot, v->s, __ATOMIC_RELEASE);
    free(v->copy);
    v->copy = NULL;
    for (int i = 0; i < GT_CUBE3_VERIFY_COPIES; i++) {
        free(v->own[i]);
        v->own[i] = NULL;
    }
}
