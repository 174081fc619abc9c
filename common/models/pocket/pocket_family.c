/* The pocket family (families.h): its tables' specs and its hooks, the top
 * of the model: it names the puzzle (pocket.c), the query hooks (pocket_query.c),
 * none of which calls it back. */
#include "pocket.h"
#include "pocket_internal.h"
#include "gt_error.h"

#include <string.h>

/* ---- catalog --------------------------------------------------------------- */

static int make_pocket(const gt_table_spec *spec, gt_puzzle **out)
{
    const gt_puzzle *p = NULL;
    int rc = gt_pocket_puzzle(*(const int *)spec->arg, &p);
    *out = (gt_puzzle *)p; /* static: free_pocket does nothing */
    return rc;
}

static void free_pocket(gt_puzzle *p)
{
    (void)p;
}

/* Published distributions (e.g. Wikipedia, "Pocket Cube"; jaapsch.net). */
static const uint64_t htm_counts[] = {1,      9,      54,      321,     1847,   9992, 50136,
                                      227536, 870072, 1887748, 623800, 2644,   0};
static const uint64_t qtm_counts[] = {1,      6,      27,     120,    534,   2256, 8969, 33058,
                                      114149, 360508, 930588, 1350852, 782536, 90280, 276, 0};
static const int htm_metric = GT_POCKET_HTM, qtm_metric = GT_POCKET_QTM;

static const gt_table_spec pocket_specs[] = {
    {.name = "pocket-htm", .family = "pocket", .summary = "2x2x2, DBL fixed, half-turn metric (U R F, 9 moves)",
     .encoding = GT_ENC_MOD3, .zstd_level = 3, .published = htm_counts, .in_default = 1,
     .make_puzzle = make_pocket, .free_puzzle = free_pocket, .arg = &htm_metric, .chunk_bytes = 256 << 10},
    {.name = "pocket-qtm", .family = "pocket", .summary = "2x2x2, DBL fixed, quarter-turn metric (U R F, 6 moves)",
     .encoding = GT_ENC_PARITY1, .zstd_level = 3, .published = qtm_counts, .in_default = 1,
     .make_puzzle = make_pocket, .free_puzzle = free_pocket, .arg = &qtm_metric, .chunk_bytes = 256 << 10},
};

const gt_family gt_pocket_family = {
    .name = "pocket",
    .summary = "2x2x2: optimal solutions in HTM or QTM from the pocket tables",
    .specs = pocket_specs,
    .n_specs = GT_COUNT_OF(pocket_specs),
    .metrics = "htm qtm",
    .query = &gt_pocket_query_hooks,
};
