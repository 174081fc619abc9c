/* The 4x4x4 as pieces, for the table-driven reduction (docs/nnn.md,
 * "Reduction from tables"): 24 centres, 24 wings and 8 corners, the 36
 * outer block turns (U R F D L B and Uw .. Bw, three powers each), and the
 * three phases' groups, coordinates and tables:
 *
 *   P1  all 36 turns:          the L/R centres onto L and R;
 *   P2  G1 (28 turns: R L Rw Lw, the others' outer turns and wide halves):
 *       U/D and F/B centres onto their axes, the F/B split one H reaches,
 *       one wing of each edge on a high position and one on a low one, an
 *       even number of them swapped (the reduced cube's edge flips);
 *   P3  H (17 turns: U D R L, F2 B2, Uw2 Rw2 Fw2): centres solved (up to
 *       a half turn of the whole cube: Dw2 is Uw2 then y2, and so on),
 *       edges paired, the 3x3x3 permutation parity even.
 *
 * The reduced cube is then cube3's two-phase's. Each phase's tables are
 * distances (exact, 4 bits) built by the one BFS from the phase's goal set
 * and stored like every table ("nnn4-p1" ...). */
#ifndef GODTAB_NNN4_H
#define GODTAB_NNN4_H

#include "nnn.h"
#include "puzzle.h"
#include "spec.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GT_NNN4_MOVES = 36, GT_NNN4_PHASES = 3, GT_NNN4_TABLES = 5, GT_NNN4_PHASE_TABLES = 2 };
/* The pairing's table (nnn4-p3-pairs) holds the distances below this cap;
 * a position it leaves unreached is at least this far. Below 10 the BFS
 * meets 9% of the 12! / 2 pairings, so most positions read the cap, ~1
 * under their distance (10.9 on average), for a build of ~2 s. */
enum { GT_NNN4_PAIRING_CAP = 10 };

/* A move m: face m / 6 (U R F D L B), wide (m / 3 % 2: layers 0..1), m % 3 + 1 quarters. */
typedef struct gt_nnn4_model {
    uint8_t centre[GT_NNN4_MOVES][24]; /* position i goes to centre[m][i] */
    uint8_t wing[GT_NNN4_MOVES][24];   /* wing position p = 2·edge + (k - 1) */
    uint8_t corner_odd[GT_NNN4_MOVES]; /* the corners' permutation is odd */
    uint8_t corner_to[GT_NNN4_MOVES][8], corner_twist[GT_NNN4_MOVES][8]; /* slot k's corner: where, +twist */
    uint8_t centre_face[24];           /* the face of centre position i */
    uint8_t wing_of[24][6][6];         /* [position][ref colour][other colour]: the piece, 255: none */
    long centre_facelet[24], wing_facelet[24][2], corner_facelet[8][3];
    uint8_t corner_home[8][3];         /* colours of corner piece k */
    int n_moves[GT_NNN4_PHASES];
    uint8_t moves[GT_NNN4_PHASES][GT_NNN4_MOVES]; /* each phase's moves, ascending */
    uint32_t cmask[GT_NNN4_MOVES][3][256], wmask[GT_NNN4_MOVES][3][256]; /* 24-bit masks moved, a byte at a time */
} gt_nnn4_model;

/* A 4x4x4 as pieces: centre colours, the wing and corner piece at each
 * position, each corner's twist (where its U/D sticker is, Kociemba's). */
typedef struct gt_nnn4_cube {
    uint8_t centre[24], wing[24], corner[8], twist[8];
} gt_nnn4_cube;

/* Fills m from the facelet model (~1 ms). GT_OK, GT_ERR_NOMEM. */
int gt_nnn4_model_init(gt_nnn4_model *m);
/* The pieces of a legal 4x4x4 in its own colours. GT_ERR_ILLEGAL when a
 * wing or a corner is no piece of the cube. */
int gt_nnn4_cube_of(const gt_nnn4_model *m, const gt_nnn *c, gt_nnn4_cube *out);
void gt_nnn4_cube_move(const gt_nnn4_model *m, gt_nnn4_cube *c, int move);
/* The turn of move m. */
gt_turn gt_nnn4_turn(int move);

static inline uint32_t gt_nnn4_mask_move(const uint32_t t[3][256], uint32_t mask)
{
    return t[0][mask & 255] | t[1][(mask >> 8) & 255] | t[2][mask >> 16];
}

/* ---- the phases' coordinates (nnn4_coord.c) ---- */

/* A phase's position as its tables see it: per table read, two coordinates
 * (index c[0]·size1 + c[1]) or one 24-bit mask (c[0]). */
typedef struct gt_nnn4_coords {
    uint32_t c[GT_NNN4_PHASE_TABLES][2];
    uint8_t sigma[12]; /* P3: the pairing (c[0][0] its index; c[0][1] 1: none yet) */
    uint32_t *lab;     /* P2: the wings' masks of the labellings still in play (nnn4_solve.c) */
    int n_lab;
} gt_nnn4_coords;


/* ---- the tables (nnn4_tables.c) ---- */

extern const gt_table_spec gt_nnn4_specs[GT_NNN4_TABLES];
/* The spec of the phase's table `which`, or NULL. */
const gt_table_spec *gt_nnn4_spec(int phase, int which);
int gt_nnn4_phase_tables(int phase);
/* 1 for a descriptor read through a 24-bit mask (c[0]) rather than coordinates. */
int gt_nnn4_is_mask(const gt_puzzle *p);
/* 1 for the pairing's descriptor (read at the pairing's index, c[0]). */
int gt_nnn4_is_pairing(const gt_puzzle *p);
/* The mask tables of a mask descriptor's moves (its local move numbers). */
const uint32_t (*gt_nnn4_mask_tables(const gt_puzzle *p, int local_move))[256];

/* ---- the solver (nnn4_solve.c) ---- */

typedef struct gt_nnn4_tables {
    gt_nnn4_model model;
    const gt_puzzle *p[GT_NNN4_PHASES][GT_NNN4_PHASE_TABLES];
    const gt_table *t[GT_NNN4_PHASES][GT_NNN4_PHASE_TABLES];
    gt_puzzle *loaded_puzzle[GT_NNN4_TABLES]; /* as loaded, for the release */
    gt_table *loaded_table[GT_NNN4_TABLES];
} gt_nnn4_tables;

/* How the tables are read: the catalog's loader (checked tables with their
 * descriptors; GT_ERR_NOTFOUND when not built), its release, and a table
 * opened in place, checked against its spec (gt_catalog_map: each block
 * checked on first use; NULL: every table through load). */
typedef int (*gt_nnn4_load_fn)(void *user, const char *table, gt_puzzle **puzzle, gt_table **t);
typedef void (*gt_nnn4_unload_fn)(void *user, const char *table, gt_puzzle *puzzle, gt_table *t);
typedef int (*gt_nnn4_map_fn)(void *user, const char *table, gt_table **t);

/* Opens the five tables: those stored mapped (the pairing's) through map
 * when given, read in place, the others through load. Return values:
 * GT_OK, GT_ERR_NOMEM, GT_ERR_CORRUPT (a table of another size), or the
 * first error of load or map (what was opened is released through unload). */
int gt_nnn4_tables_open(gt_nnn4_load_fn load, gt_nnn4_map_fn map, gt_nnn4_unload_fn unload, void *user,
                        gt_nnn4_tables **out);
void gt_nnn4_tables_close(gt_nnn4_tables *t, gt_nnn4_unload_fn unload, void *user);

/* The reduction of a legal 4x4x4 (facelets in its own scheme) to a cube
 * whose centres are solved and edges paired, with an even 3x3x3 parity:
 * the turns into mv, each phase's count into phase_count and its search's
 * nodes into phase_nodes (may be NULL). Return values: GT_OK, GT_ERR_ILLEGAL, GT_ERR_TIMEOUT (a
 * phase found nothing within its depth: damaged tables), GT_ERR_CORRUPT (a
 * block of a table read in place failed its check), GT_ERR_NOMEM. */
int gt_nnn4_reduce(const gt_nnn4_tables *t, const gt_nnn *c, gt_turn *mv, int cap, int *count,
                   int phase_count[GT_NNN4_PHASES], long phase_nodes[GT_NNN4_PHASES]);

#ifdef __cplusplus
}
#endif

#endif
