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
 * Its index is not a product of coordinates, so its descriptor gives the
 * engine's BFS (bfs.h) level hooks instead of move tables: a level is
 * expanded class by class with the twist innermost, since all 2187 twists
 * of a class reach the same neighbouring class under a move and one class
 * lookup serves a block of 2187 entries.
 *
 * The same code builds the two-phase solver's phase-1 table
 * ("cube3-twophase", cube3_twophase.h): there the slice coordinate is the
 * UD-slice edges' places only (495), X has 1,013,760 values and 64,430
 * classes. A gt_cube3_sym_slice names which slice coordinate is meant. */
#ifndef GODTAB_CUBE3_SYM_H
#define GODTAB_CUBE3_SYM_H

#include "puzzle.h"
#include "cube3.h"

#include <stddef.h>
#include <stdint.h>

#define GT_CUBE3_SYMS 16
#define GT_CUBE3_FSS_X (GT_CUBE3_SLICE_SORTED * GT_CUBE3_FLIPS) /* 24,330,240 */
#define GT_CUBE3_FSS_TABLE "cube3-fss16-twist"
#define GT_CUBE3_FSS_CLASSES 1523864u /* Kociemba's count, re-derived by test_62 */
/* The bigger table of the ladder (docs/cube3.md, "The table ladder"): the
 * phase-1 coordinate's 64,430 classes (UD-slice places x flip, over the 16
 * symmetries) times twist times the corners' U/D split (70): 9,863,588,700
 * entries, 4.9 GB at 4 bits. */
#define GT_CUBE3_FSUD_TABLE "cube3-fsud16-twist"
/* The same at 2 bits an entry (GT_ENC_TOP2: 2.5 GB): exact from 10 up,
 * and for the entries up to 9 the solver reads the phase-1 distance of
 * cube3-twophase instead, whose entry is this table's / 70. */
#define GT_CUBE3_FSUD2_TABLE "cube3-fsud16-twist-2bit"
#define GT_CUBE3_FS_X (GT_CUBE3_SLICES * GT_CUBE3_FLIPS) /* 1,013,760 */
#define GT_CUBE3_FS_CLASSES 64430u /* Kociemba's count of phase-1 classes */

/* The 16 symmetries as facelet permutations (sticker at f goes to p[f]),
 * sym 0 the identity; sym k = mirror^(k/8) * x2^(k/4%2) * y^(k%4). */
int gt_cube3_sym_perms(uint16_t perms[GT_CUBE3_SYMS][GT_CUBE3_FACELETS]);

/* All 48 symmetries of the cube (rotations and reflections), as facelet
 * permutations, sym 0 the identity: the 16 above, then the same after
 * bringing the R-L axis (z), then the F-B axis (x), to U-D. */
#define GT_CUBE3_SYMS48 48
int gt_cube3_sym48_perms(uint16_t perms[GT_CUBE3_SYMS48][GT_CUBE3_FACELETS]);

/* The slice coordinate of X = slice * 2048 + flip. */
typedef struct gt_cube3_sym_slice {
    uint32_t size; /* 11880 (places and order) or 495 (places) */
    uint32_t (*get)(const gt_cube3 *c);
    void (*set)(gt_cube3 *c, uint32_t v);
} gt_cube3_sym_slice;
extern const gt_cube3_sym_slice gt_cube3_sym_sorted; /* cube3-fss16-twist */
extern const gt_cube3_sym_slice gt_cube3_sym_places; /* cube3-twophase */

typedef struct gt_cube3_fss {
    const gt_cube3_sym_slice *slice;
    uint32_t n_x;           /* slice->size * 2048 */
    uint32_t n_classes;
    uint32_t *class_of;     /* [X]: class << 4 | s, where conj(X, s) is the class's representative */
    uint32_t *rep;          /* [class]: its representative X (the smallest) */
    uint16_t *stabilizer;   /* [class]: bit s set if conj(rep, s) == rep */
    uint16_t *twist_conj;   /* [twist * 16 + s]: the twist of conj(c, s) */
    uint32_t *ss_move, *flip_move, *twist_move; /* [value * 18 + move]; ss_move: the slice coordinate */
    /* An entry's inner coordinate is twist * n_ud + split: with the
     * corners' U/D split (cube3-fsud16-twist) n_ud is 70, else 1 and the
     * split is always 0. [split * 18 + move] and [split * 16 + s] as above.
     * (A test leaves the twist out: n_tw is then 1.) */
    uint32_t n_tw, n_ud, n_inner; /* n_inner = n_tw * n_ud: the entries of a class */
    uint32_t *ud_move;
    uint16_t *ud_conj;
    int sym_inverse[GT_CUBE3_SYMS];
    void *owner;            /* the owning descriptor's own data (cube3-twophase), or NULL */
} gt_cube3_fss;

/* What an entry holds besides its class: the twist, the corners' U/D
 * split, or both (GT_CUBE3_INNER_TWIST | GT_CUBE3_INNER_SPLIT). */
enum { GT_CUBE3_INNER_TWIST = 1, GT_CUBE3_INNER_SPLIT = 2 };

/* Builds the class tables over (sorted slice x flip) (a few seconds; threads
 * 0 = all). gt_cube3_sym_classes_new does it for either slice coordinate
 * and any inner coordinates (GT_CUBE3_INNER_*). */
int gt_cube3_fss_new(gt_cube3_fss **out, int threads);
int gt_cube3_sym_classes_new(const gt_cube3_sym_slice *slice, int inner, gt_cube3_fss **out, int threads);
void gt_cube3_fss_free(gt_cube3_fss *f);

static inline uint64_t gt_cube3_fss_states(const gt_cube3_fss *f)
{
    return (uint64_t)f->n_classes * f->n_inner;
}

/* The entry of a position given by its coordinates. */
static inline uint64_t gt_cube3_fss_entry(const gt_cube3_fss *f, uint32_t slice_sorted, uint32_t flip,
                                          uint32_t twist)
{
    uint32_t cs = f->class_of[slice_sorted * 2048u + flip];
    return (uint64_t)(cs >> 4) * 2187u + f->twist_conj[twist * 16u + (cs & 15u)];
}
/* The entry of a position in any of these tables. */
uint64_t gt_cube3_fss_entry_of(const gt_cube3_fss *f, const gt_cube3 *c);

/* The table's descriptor: no move tables, the BFS level hooks over the
 * classes (a few seconds to build the classes; threads 0 = all). Free it
 * with gt_cube3_fss_puzzle_free. GT_OK or GT_ERR_NOMEM. */
int gt_cube3_fss_puzzle_new(gt_puzzle **out, int threads);
/* The same over either slice coordinate and any inner coordinates
 * (GT_CUBE3_INNER_*), named `name` (a static string). */
int gt_cube3_sym_puzzle_new(const gt_cube3_sym_slice *slice, int inner, const char *name, gt_puzzle **out,
                            int threads);
/* Each class's size (16 / its stabiliser's order) times the class's entries
 * at each depth: the distribution of the raw positions (X, twist) that the
 * class entries stand for. dist is one byte an entry (the BFS's). */
void gt_cube3_sym_expand_counts(const gt_cube3_fss *f, const uint8_t *dist, uint64_t counts[16]);
void gt_cube3_fss_puzzle_free(gt_puzzle *p);

#endif
