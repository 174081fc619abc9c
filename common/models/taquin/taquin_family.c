/* The taquin family (families.h): its tables' specs and its hooks, the top
 * of the model: it names the puzzle (taquin.c), the query hooks (taquin_query.c), the solver hooks (taquin_solver.c) and the report (taquin_report.c),
 * none of which calls it back. */
#include "taquin.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* ---- Catalog ---- */

static int make_taquin(const gt_table_spec *spec, gt_puzzle **out)
{
    const gt_taquin_size *size = spec->arg;
    return gt_taquin_puzzle_new(size->rows, size->cols, out);
}

/* Article 2.8.2.1: 1, 6, 23, 41, 48, 41, 24, 8 configurations at 0..7 moves. */
static const uint64_t taquin_3x3_counts[] = {1, 6, 23, 41, 48, 41, 24, 8, 0};

#define SIZE(n, m) static const gt_taquin_size size_##n##x##m = {n, m};
#define ROW_OF_SIZES(n) SIZE(n, 2) SIZE(n, 3) SIZE(n, 4) SIZE(n, 5) SIZE(n, 6)
ROW_OF_SIZES(2)
ROW_OF_SIZES(3)
ROW_OF_SIZES(4)
ROW_OF_SIZES(5)
ROW_OF_SIZES(6)

/* Every board's BFS takes under half a second (docs/taquin.md). zstd level 19
 * would take ~8 s on the 10 MB of the 6x6 for a 3x smaller blob, so boards of
 * over a million states use level 9. */
#define SPEC_LEVEL(n, m, level)                                                                 \
    {.name = "taquin-" #n "x" #m, .family = "taquin",                                            \
     .summary = "flip taquin on a " #n "x" #m " board (rows/columns turned over)",                 \
     .encoding = GT_ENC_BYTE, .zstd_level = level, .in_default = 1, .make_puzzle = make_taquin,    \
     .free_puzzle = gt_taquin_puzzle_free, .arg = &size_##n##x##m}
#define SPEC(n, m) SPEC_LEVEL(n, m, 19)

static const gt_table_spec taquin_specs[] = {
    {.name = "taquin-3x3", .family = "taquin",
     .summary = "flip taquin 3x3, the article's board (part 2): 192 states", .encoding = GT_ENC_BYTE,
     .zstd_level = 19, .published = taquin_3x3_counts, .in_default = 1, .make_puzzle = make_taquin,
     .free_puzzle = gt_taquin_puzzle_free, .arg = &size_3x3},
    SPEC(2, 2), SPEC(2, 3), SPEC(2, 4), SPEC(2, 5), SPEC(2, 6),
    SPEC(3, 2), SPEC(3, 4), SPEC(3, 5), SPEC(3, 6),
    SPEC(4, 2), SPEC(4, 3), SPEC(4, 4), SPEC(4, 5), SPEC(4, 6),
    SPEC(5, 2), SPEC(5, 3), SPEC(5, 4), SPEC(5, 5), SPEC_LEVEL(5, 6, 9),
    SPEC(6, 2), SPEC(6, 3), SPEC(6, 4), SPEC_LEVEL(6, 5, 9), SPEC_LEVEL(6, 6, 9),
};

/* `taquin` answers board queries through its solver hooks (boards, types
 * and neighbours: taquin_solver.c); a table name (`godtab-solve
 * taquin-4x4`) is walked through the query hooks (taquin_query.c).
 * The report is taquin_report.c. */
const gt_family gt_taquin_family = {
    .name = "taquin",
    .summary = "flip taquin NxM (article part 2): optimal row/column flips",
    .specs = taquin_specs,
    .n_specs = GT_COUNT_OF(taquin_specs),
    .query = &gt_taquin_query_hooks,
    .solver = &gt_taquin_solver_hooks,
    .report = gt_taquin_report,
};
