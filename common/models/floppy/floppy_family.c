/* The floppy family (families.h): its tables' specs and its hooks, the top
 * of the model: it names the puzzle (floppy.c), the query hooks (floppy_query.c),
 * none of which calls it back. */
#include "floppy.h"

#include <string.h>

/* ---- catalog --------------------------------------------------------------- */

static int make_floppy(const gt_table_spec *spec, gt_puzzle **out)
{
    const gt_puzzle *p = NULL;
    (void)spec;
    int rc = gt_floppy_puzzle(&p);
    *out = (gt_puzzle *)p; /* static: free_floppy does nothing */
    return rc;
}

static void free_floppy(gt_puzzle *p)
{
    (void)p;
}

/* Jaap's Puzzle Page, "Floppy Cube", face turn metric. */
static const uint64_t htm_counts[] = {1, 4, 10, 24, 53, 64, 31, 4, 1, 0};

static const gt_table_spec floppy_specs[] = {
    {.name = "floppy-htm", .family = "floppy",
     .summary = "1x3x3 Floppy cube, half turns of the side layers (R L F B, 4 moves)",
     .encoding = GT_ENC_BYTE, .zstd_level = 19, .published = htm_counts, .in_default = 1,
     .make_puzzle = make_floppy, .free_puzzle = free_floppy},
};

const gt_family gt_floppy_family = {
    .name = "floppy",
    .summary = "1x3x3 Floppy cube: optimal solutions in half turns of R L F B",
    .specs = floppy_specs,
    .n_specs = GT_COUNT_OF(floppy_specs),
    .metrics = "htm",
    .query = &gt_floppy_query_hooks,
};
