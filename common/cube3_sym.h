/* The symmetry-reduced 3x3x3 pattern database (docs/cube3.md, "cube3-fss16-twist").
 *
 * Kociemba's optimal-solver table: the coordinate X = (UD-slice edges'
 * places and order (11880), edge flip (2048)) has 24,330,240 values; the 16
 * symmetries of the cube that keep the U-D axis (4 turns about it, times the
 * half turn swapping U and D, times the left-right mirror) split them into
 * 1,523,864 classes... as computed here. Each entry of the table is a class
 * times a corner twist (2187), holding the HTM distance of that position to
 * the subgroup where X and twist are solved. Conjugating by a symmetry keeps
 * distances, so the table answers for every X through its class.
 *
 * The generic BFS (bfs.h) needs independent coordinates; this table is not
 * one, so it has its own parallel BFS here, over classes with the twist
 * innermost: all 2187 twists of a class reach the same neighbouring class
 * under a move, so one class lookup serves a block of 2187 entries. */
#ifndef GODTAB_CUBE3_SYM_H
#define GODTAB_CUBE3_SYM_H

#include "bfs.h"
#include "cube3.h"
#include "store.h"
#include "table.h"

#include <stddef.h>
#include <stdint.h>

#define GT_C3_SYMS 16
#define GT_C3_FSS_X (GT_C3_SLICE_SORTED * GT_C3_FLIPS) /* 24,330,240 */
#define GT_CUBE3_FSS_TABLE "cube3-fss16-twist"

/* The 16 symmetries as facelet permutations (sticker at f goes to p[f]),
 * sym 0 the identity; sym k = mirror^(k/8) * x2^(k/4%2) * y^(k%4). */
int gt_cube3_sym_perms(uint16_t perms[GT_C3_SYMS][GT_CUBE3_FACELETS]);

/* All 48 symmetries of the cube (rotations and reflections), as facelet
 * permutations, sym 0 the identity: the 16 above, then the same after
 * bringing the R-L axis (z), then the F-B axis (x), to U-D. */
#define GT_C3_SYMS48 48
int gt_cube3_sym48_perms(uint16_t perms[GT_C3_SYMS48][GT_CUBE3_FACELETS]);

/* malloc for big randomly-read arrays: 2 MB aligned and advised to use
 * transparent huge pages, which spares most TLB misses (free() it). NULL if
 * out of memory. */
void *gt_cube3_alloc_huge(size_t bytes);

typedef struct gt_cube3_fss {
    uint32_t n_classes;
    uint32_t *class_of;     /* [X]: class << 4 | s, where conj(X, s) is the class's representative */
    uint32_t *rep;          /* [class]: its representative X (the smallest) */
    uint16_t *stabilizer;   /* [class]: bit s set if conj(rep, s) == rep */
    uint16_t *twist_conj;   /* [twist * 16 + s]: the twist of conj(c, s) */
    uint32_t *ss_move, *flip_move, *twist_move; /* [value * 18 + move] */
    int sym_inverse[GT_C3_SYMS];
} gt_cube3_fss;

/* Builds the class tables (a few seconds; threads 0 = all). */
int gt_cube3_fss_new(gt_cube3_fss **out, int threads);
void gt_cube3_fss_free(gt_cube3_fss *f);

static inline uint64_t gt_cube3_fss_states(const gt_cube3_fss *f)
{
    return (uint64_t)f->n_classes * 2187u;
}

/* The entry of a position given by its coordinates. */
static inline uint64_t gt_cube3_fss_entry(const gt_cube3_fss *f, uint32_t slice_sorted, uint32_t flip,
                                          uint32_t twist)
{
    uint32_t cs = f->class_of[slice_sorted * 2048u + flip];
    return (uint64_t)(cs >> 4) * 2187u + f->twist_conj[twist * 16u + (cs & 15u)];
}
uint64_t gt_cube3_fss_entry_of(const gt_cube3_fss *f, const gt_cube3 *c);

/* The BFS: one byte per entry (free() it), its distribution. progress and
 * cancel as in bfs.h (opts may be NULL). */
int gt_cube3_fss_bfs(const gt_cube3_fss *f, const gt_bfs_options *opts, uint8_t **dist_out,
                     gt_distribution *distribution);

/* Builds the table (classes, BFS, 4-bit encoding) and stores it in db as
 * GT_CUBE3_FSS_TABLE, filling *meta. A few minutes and about 5 GB of memory
 * at peak. Returns 0, GT_ERR_NOMEM, GT_ERR_STORAGE, GT_ERR_INTERRUPT. */
int gt_cube3_fss_build(gt_db *db, const gt_bfs_options *opts, int zstd_level, gt_table_meta *meta);

#endif
