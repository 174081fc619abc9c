/* Quarter-turn solutions as Cube Explorer writes them: the search walks
 * quarter turns only (a half turn is U U), the caller gets U2, still counted
 * as two quarter turns in the distance. And the --all list: sorted, each
 * solution once, however its half turns were spelt. */
#include "cube3_search.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

#define PAD 0xFF /* fills a --all slot past its solution's last move */

int gt_cube3_qtm_merge(const uint8_t *quarters, int n, uint8_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int m = quarters[i];
        if (i + 1 < n && quarters[i + 1] == m && gt_cube3_is_quarter(m)) {
            out[k++] = (uint8_t)(3 * (m / 3) + 1); /* U U or U' U': the half turn U2 */
            i++;
        } else {
            out[k++] = (uint8_t)m;
        }
    }
    return k;
}

int gt_cube3_qtm_expand(const uint8_t *moves, int n, uint8_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int m = moves[i];
        if (gt_cube3_is_quarter(m)) {
            out[k++] = (uint8_t)m;
        } else { /* U2 is searched as U U, so it sorts where the search found it */
            out[k++] = (uint8_t)(m - 1);
            out[k++] = (uint8_t)(m - 1);
        }
    }
    return k;
}

int gt_cube3_qtm_length(const uint8_t *moves, int n)
{
    int q = 0;
    for (int i = 0; i < n; i++)
        q += gt_cube3_is_quarter(moves[i]) ? 1 : 2;
    return q;
}

static int cmp_solution(const void *a, const void *b, void *length)
{
    return memcmp(a, b, (size_t)*(const int *)length);
}

/* U' U' and U U are one half turn: spell every half turn U U, as the
 * search does, so that equal solutions compare equal. */
static void normalise(uint8_t *sol, int distance)
{
    uint8_t merged[GT_CUBE3_MAX_SOLUTION];
    int k = gt_cube3_qtm_merge(sol, distance, merged);
    gt_cube3_qtm_expand(merged, k, sol);
}

int gt_cube3_solutions_finish(int metric, uint8_t *found, uint64_t *n, int distance, uint8_t **lengths)
{
    uint64_t kept = 0;
    size_t d = (size_t)distance;
    if (distance < 0 || distance >= GT_CUBE3_MAX_SOLUTION)
        return GT_ERR_INVAL;
    for (uint64_t i = 0; metric == GT_CUBE3_QTM && i < *n; i++)
        normalise(found + i * d, distance);
    if (distance > 0 && *n > 1)
        qsort_r(found, *n, d, cmp_solution, &distance);
    for (uint64_t i = 0; i < *n; i++) /* sorted: equal solutions are neighbours */
        if (kept == 0 || memcmp(found + (kept - 1) * d, found + i * d, d) != 0)
            memmove(found + kept++ * d, found + i * d, d);
    uint8_t *len = malloc(kept ? kept : 1);
    if (!len)
        return GT_ERR_NOMEM;
    for (uint64_t i = 0; i < kept; i++) {
        uint8_t merged[GT_CUBE3_MAX_SOLUTION];
        int k = metric == GT_CUBE3_QTM ? gt_cube3_qtm_merge(found + i * d, distance, merged) : distance;
        if (metric == GT_CUBE3_QTM) {
            memcpy(found + i * d, merged, (size_t)k);
            memset(found + i * d + k, PAD, d - (size_t)k);
        }
        len[i] = (uint8_t)k;
    }
    *n = kept;
    *lengths = len;
    return GT_OK;
}

const uint8_t *gt_cube3_search_solution(const gt_cube3_search_result *r, uint64_t i, int *length)
{
    if (!r->solutions || i >= r->n_solutions) {
        *length = r->length;
        return r->moves;
    }
    *length = r->lengths ? r->lengths[i] : r->distance;
    return r->solutions + i * (uint64_t)r->distance;
}
