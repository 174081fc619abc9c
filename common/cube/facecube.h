/* Facelet geometry of the n×n×n cube, n >= 2.
 *
 * Facelets are numbered face by face in the order U R F D L B, each face row by
 * row, top to bottom and left to right as seen from outside the cube:
 * facelet = face*n*n + row*n + col. "Top" of U is the B edge, "top" of D is the
 * F edge, and R F L B are seen with U on top (Kociemba's convention; the net is
 * drawn in README.md). Every turn is computed from 3-D coordinates, so all n
 * share one implementation and no permutation is typed by hand. */
#ifndef GODTAB_FACECUBE_H
#define GODTAB_FACECUBE_H

#include "gt_api.h"
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GT_FACE_U, GT_FACE_R, GT_FACE_F, GT_FACE_D, GT_FACE_L, GT_FACE_B, GT_FACES };

/* 26 is the largest cube whose moving facelets fit a definition file's
 * 4096 points (26: 4,056; 27: 4,368), which is what the facelet permutations
 * are built for (godtab-group cube-def); the N×N×N model
 * (common/models/nnn) needs no permutation and goes to 1024. Facelet numbers
 * fit uint16_t far past that. GT_FACELETS_MAX (4,056) sizes callers' arrays,
 * so stack buffers of it stay a few KB. */
#define GT_FACECUBE_NMAX 26
#define GT_FACELETS_MAX (6 * GT_FACECUBE_NMAX * GT_FACECUBE_NMAX)

/* The face letters in facelet order: "URFDLB". */
extern const char gt_face_letters[GT_FACES + 1];

/* Twice the coordinates of a facelet's centre (x right, y up, z front), so all
 * values are integers: the face's own axis is ±n, the others in -(n-1)..n-1. */
void gt_facecube_coords(int n, int facelet, int xyz[3]);

/* The facelet at the given doubled coordinates, or GT_NONE if none. */
int gt_facecube_facelet_at(int n, const int xyz[3]);

/* Fills perm (6*n*n entries) with the turn of layers lo..hi of `face`, counted
 * from that face inwards (0 = the face itself, n-1 = the opposite face), by
 * `quarters` quarter turns clockwise as seen looking at the face (1, 2 or 3).
 * Convention: the sticker at facelet i moves to facelet perm[i].
 * Returns 0 or GT_ERR_INVAL (n outside 2..GT_FACECUBE_NMAX, a bad face or
 * layer range). */
GT_API int gt_facecube_turn(int n, int face, int lo, int hi, int quarters, uint16_t *perm);

/* colours_out[perm[i]] = colours_in[i] for the 6*n*n facelets (in and out may
 * not overlap). */
void gt_facecube_apply(int n, const uint16_t *perm, const uint8_t *colours_in, uint8_t *colours_out);

/* The solved colouring: colours[f] = f / (n*n) (the face index). */
GT_API void gt_facecube_solved(int n, uint8_t *colours);

/* Writes the net of a colouring in ASCII (U above, L F R B in a row, D below),
 * using `letters[c]` for colour c, into buf; returns GT_ERR_RANGE if cap is too
 * small, else 0. */
GT_API int gt_facecube_net(int n, const uint8_t *colours, const char *letters, char *buf, int cap);

#ifdef __cplusplus
}
#endif

#endif
