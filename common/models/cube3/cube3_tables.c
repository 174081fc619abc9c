/* The cube3 puzzle descriptors and family (the top of the model: move tables
 * are cube3_moves.c, symmetry cube3_sym.c, two-phase cube3_twophase_tables.c). */
#include "cube3_tables.h"
#include "cube3_family.h"
#include "cube3_sym.h"
#include "cube3_twophase.h"
#include "gt_error.h"

#include <stdlib.h>
#include <string.h>

/* ---- puzzle descriptors ---- */

typedef struct puzzle_ctx {
    gt_puzzle puzzle;
    gt_cube3_moves *moves;
    uint32_t *flipslice; /* flip*495+slice move table, for the second database */
} puzzle_ctx;

int gt_cube3_puzzle_new(const char *name, gt_puzzle **out)
{
    int corners = strcmp(name, GT_CUBE3_CORNERS_TABLE) == 0;
    int rc;
    if (!corners && strcmp(name, GT_CUBE3_FST_TABLE) != 0)
        return GT_ERR_NOTFOUND;
    puzzle_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return GT_ERR_NOMEM;
    if ((rc = gt_cube3_moves_new(&ctx->moves)) != 0)
        goto free_ctx;
    gt_puzzle *p = &ctx->puzzle;
    p->name = corners ? GT_CUBE3_CORNERS_TABLE : GT_CUBE3_FST_TABLE;
    p->metric = "htm";
    p->n_moves = GT_CUBE3_MOVES;
    p->move_names = gt_cube3_move_names;
    p->move_inverse = gt_cube3_move_inverse;
    p->n_coords = 2;
    p->solved = 0; /* every coordinate is 0 on the solved cube */
    p->ctx = ctx;
    if (corners) {
        p->n_states = GT_CUBE3_CORNER_STATES;
        p->coord[0] = (gt_coord){"cperm", GT_CUBE3_CPERMS, ctx->moves->cperm};
    } else {
        ctx->flipslice = malloc((size_t)GT_CUBE3_FLIPSLICES * GT_CUBE3_MOVES * sizeof *ctx->flipslice);
        if (!ctx->flipslice) {
            rc = GT_ERR_NOMEM;
            goto free_moves;
        }
        const uint32_t *fm = ctx->moves->flip, *sm = ctx->moves->slice;
#pragma omp parallel for schedule(static)
        for (uint32_t v = 0; v < GT_CUBE3_FLIPSLICES; v++) {
            uint32_t flip = v / GT_CUBE3_SLICES, slice = v % GT_CUBE3_SLICES;
            for (int m = 0; m < GT_CUBE3_MOVES; m++)
                ctx->flipslice[(size_t)v * GT_CUBE3_MOVES + (size_t)m] =
                    fm[flip * GT_CUBE3_MOVES + (uint32_t)m] * GT_CUBE3_SLICES +
                    sm[slice * GT_CUBE3_MOVES + (uint32_t)m];
        }
        p->n_states = GT_CUBE3_FST_STATES;
        p->coord[0] = (gt_coord){"flipslice", GT_CUBE3_FLIPSLICES, ctx->flipslice};
    }
    p->coord[1] = (gt_coord){"twist", GT_CUBE3_TWISTS, ctx->moves->twist};
    *out = p;
    return GT_OK;

free_moves:
    gt_cube3_moves_free(ctx->moves);
free_ctx:
    free(ctx);
    return rc;
}

void gt_cube3_puzzle_free(gt_puzzle *p)
{
    if (!p)
        return;
    puzzle_ctx *ctx = p->ctx;
    gt_cube3_moves_free(ctx->moves);
    free(ctx->flipslice);
    free(ctx);
}

/* ---- catalog ---- */

static int make_cube3(const gt_table_spec *spec, gt_puzzle **out)
{
    return gt_cube3_puzzle_new(spec->name, out);
}

/* Korf 1997 (and every corner-database solver since): the 88,179,840 corner
 * states by HTM distance. */
static const uint64_t corner_counts[] = {1,        18,       243,      2874,    28000,
                                         205416,   1168516,  5402628,  20776176, 45391616,
                                         15139616, 64736,    0};
/* Kociemba's phase-1 coordinate (twist, flip, UD slice) by HTM distance to
 * <U,D,R2,L2,F2,B2> (kociemba.org, "The Two-Phase Algorithm", phase 1). */
static const uint64_t fst_counts[] = {1,         4,          50,        592,      7156,
                                      87236,     1043817,    12070278,  124946368, 821605960,
                                      1199128738, 58202444,  476,       0};

/* The class entries of cube3-twophase by depth (recomputed here: the
 * published counts are of raw positions; weighting each entry by its
 * class's size gives fst_counts exactly, as test_65 checks). */
static const uint64_t twophase_counts[] = {1,       1,        5,        44,       487,    5841,  68364,
                                           776568,  7950748,  52098876, 76236234, 3771112, 129,   0};

/* What the optimal solver reads besides the distances (cube3_search.c), so
 * that it starts without building anything: the corner table carries the
 * coordinate move tables, the fss table its symmetry classes. */
static int corner_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const gt_cube3_moves *m = ((const puzzle_ctx *)p->ctx)->moves;
    (void)spec;
    *n = 0;
    if (strcmp(p->name, GT_CUBE3_CORNERS_TABLE) != 0)
        return GT_OK;
    out[0] = (gt_section_data){"cperm_move", m->cperm, (uint64_t)GT_CUBE3_CPERMS * GT_CUBE3_MOVES * 4};
    out[1] = (gt_section_data){"twist_move", m->twist, (uint64_t)GT_CUBE3_TWISTS * GT_CUBE3_MOVES * 4};
    out[2] = (gt_section_data){"flip_move", m->flip, (uint64_t)GT_CUBE3_FLIPS * GT_CUBE3_MOVES * 4};
    out[3] = (gt_section_data){"slice_move", m->slice, (uint64_t)GT_CUBE3_SLICES * GT_CUBE3_MOVES * 4};
    *n = 4;
    return GT_OK;
}

static int fss_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const gt_cube3_fss *f = p->ctx;
    (void)spec;
    out[0] = (gt_section_data){"class_of", f->class_of, (uint64_t)GT_CUBE3_FSS_X * 4};
    out[1] = (gt_section_data){"twist_conj", f->twist_conj, (uint64_t)GT_CUBE3_TWISTS * GT_CUBE3_SYMS * 2};
    out[2] = (gt_section_data){"ss_move", f->ss_move, (uint64_t)GT_CUBE3_SLICE_SORTED * GT_CUBE3_MOVES * 4};
    *n = 3;
    return GT_OK;
}

static int make_fss(const gt_table_spec *spec, gt_puzzle **out)
{
    (void)spec;
    return gt_cube3_fss_puzzle_new(out, 0);
}

/* The ladder's big rung: its classes are the phase-1 coordinate's (4 MB,
 * cache-resident while searching), its entries twist x U/D split. */
static int fsud_sections(const gt_table_spec *spec, const gt_puzzle *p, gt_section_data *out, int *n)
{
    const gt_cube3_fss *f = p->ctx;
    (void)spec;
    out[0] = (gt_section_data){"class_of", f->class_of, (uint64_t)GT_CUBE3_FS_X * 4};
    out[1] = (gt_section_data){"twist_conj", f->twist_conj, (uint64_t)GT_CUBE3_TWISTS * GT_CUBE3_SYMS * 2};
    out[2] = (gt_section_data){"ud_move", f->ud_move, (uint64_t)GT_CUBE3_UD_SPLITS * GT_CUBE3_MOVES * 4};
    out[3] = (gt_section_data){"ud_conj", f->ud_conj, (uint64_t)GT_CUBE3_UD_SPLITS * GT_CUBE3_SYMS * 2};
    *n = 4;
    return GT_OK;
}

static int make_fsud(const gt_table_spec *spec, gt_puzzle **out)
{
    (void)spec;
    return gt_cube3_sym_puzzle_new(&gt_cube3_sym_places, GT_CUBE3_INNER_TWIST | GT_CUBE3_INNER_SPLIT,
                                   GT_CUBE3_FSUD_TABLE, out, 0);
}

/* Built only by `godtab-gen cube3` (tens of seconds and minutes), not by
 * `make run`. zstd levels are low: the tables are large, and 4-bit distances
 * of a random-looking index compress little at any level. The symmetry-
 * reduced table's descriptor has BFS level hooks over its classes
 * (cube3_sym.c); rebuilding it takes minutes and 5 GB, so --verify recounts it. */
static const gt_table_spec cube3_specs[] = {
    {.name = GT_CUBE3_CORNERS_TABLE, .family = "cube3",
     .summary = "3x3x3 corners, 8!*3^7 = 88,179,840 states, HTM (exact corner distance, 42 MB raw)",
     .encoding = GT_ENC_NIBBLE, .zstd_level = 6, .published = corner_counts,
     .make_puzzle = make_cube3, .free_puzzle = gt_cube3_puzzle_free,
     .storage = GT_STORAGE_MAPPED, .sections = corner_sections},
    {.name = GT_CUBE3_FST_TABLE, .family = "cube3",
     .summary = "3x3x3 edge flip x UD-slice x twist, 2,217,093,120 states, HTM distance to "
                "<U,D,R2,L2,F2,B2> (1.1 GB raw)",
     .encoding = GT_ENC_NIBBLE, .zstd_level = 3, .published = fst_counts,
     .make_puzzle = make_cube3, .free_puzzle = gt_cube3_puzzle_free, .storage = GT_STORAGE_MAPPED},
    {.name = GT_CUBE3_FSS_TABLE, .family = "cube3",
     .summary = "3x3x3 (UD-slice sorted x flip)/16 symmetries x twist, 3,332,690,568 entries, HTM "
                "(Kociemba's optimal-solver table; BFS over symmetry classes, ~5 GB while building)",
     .encoding = GT_ENC_NIBBLE, .zstd_level = 3, .make_puzzle = make_fss,
     .free_puzzle = gt_cube3_fss_puzzle_free, .verify_by_recount = 1,
     .storage = GT_STORAGE_MAPPED, .sections = fss_sections},
    {.name = GT_CUBE3_FSUD_TABLE, .family = "cube3",
     .summary = "3x3x3 (UD-slice x flip)/16 symmetries x twist x corners' U/D split, 9,863,588,700 entries, "
                "HTM (the ladder's big rung: 4.9 GB mapped; BFS over symmetry classes, ~15 GB while building)",
     .encoding = GT_ENC_NIBBLE, .zstd_level = 1, .make_puzzle = make_fsud,
     .free_puzzle = gt_cube3_fss_puzzle_free, .verify_by_recount = 1, .explicit_only = 1,
     .storage = GT_STORAGE_MAPPED, .sections = fsud_sections},
    {.name = GT_CUBE3_FSUD2_TABLE, .family = "cube3",
     .summary = "3x3x3 cube3-fsud16-twist at 2 bits an entry: exact from 10 moves up, 12 for 12 and 13, the "
                "phase-1 distance of cube3-twophase below (the ladder's 2.5 GB rung; ~15 GB while building)",
     .encoding = GT_ENC_TOP2, .zstd_level = 1, .make_puzzle = make_fsud,
     .free_puzzle = gt_cube3_fss_puzzle_free, .verify_by_recount = 1, .explicit_only = 1,
     .storage = GT_STORAGE_MAPPED, .sections = fsud_sections},
    /* The two-phase solver's tables (cube3_twophase.h): the exact phase-1
     * distance, stored mapped with the solver's small tables as sections. */
    {.name = GT_CUBE3_TWOPHASE_TABLE, .family = "cube3-twophase",
     .summary = "3x3x3 two-phase: (UD-slice x flip)/16 symmetries x twist, 140,908,410 entries, exact HTM "
                "distance to <U,D,R2,L2,F2,B2>, with the solver's move and pruning tables (~75 MB, mapped)",
     .encoding = GT_ENC_NIBBLE, .published = twophase_counts, .in_default = 1,
     .make_puzzle = gt_cube3_twophase_puzzle_new, .free_puzzle = gt_cube3_twophase_puzzle_free,
     .storage = GT_STORAGE_MAPPED, .sections = gt_cube3_twophase_sections},
};

/* The 3x3x3 is searched, not walked: its solver hooks (cube3_family.c). */
const gt_family gt_cube3_family = {
    .name = "cube3",
    .summary = "3x3x3: optimal solutions (HTM or QTM) by IDA* over the cube3 tables",
    .specs = cube3_specs,
    .n_specs = GT_COUNT_OF(cube3_specs),
    .solver = &gt_cube3_solver_hooks,
};
