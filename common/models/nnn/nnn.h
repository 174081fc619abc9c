/* The N×N×N cube for any N from 2 to GT_NNN_MAX (docs/nnn.md).
 *
 * A position is its 6·N² facelet colours (facecube.h's numbering: faces
 * U R F D L B, each row by row as seen from outside, Kociemba's order), one
 * byte a facelet; colour c is the colour of face c when solved. Turns work
 * in place from index arithmetic: a layer costs O(N) facelet moves (four
 * strips of N), plus O(N²) when it is an outer face (that face's grid turns).
 *
 * Piece views for solvers (all computed from the 3-D geometry, any N):
 *   corners  8 slots URF UFL ULB UBR DFR DLF DBL DRB, 3 facelets each, the
 *            U/D facelet first then clockwise (Kociemba's order);
 *   edges    12 edges UR UF UL UB DR DF DL DB FR FL BL BR, position k in
 *            1..N-2 along each: the middle edge (k = (N-1)/2, odd N) and the
 *            wing orbits {k, N-1-k}; reference facelet (U/D, else F/B) first;
 *   centres  the orbits of 24 facelets (x-centres, +-centres, obliques) and,
 *            for odd N, the 6 fixed centres. */
#ifndef GODTAB_NNN_H
#define GODTAB_NNN_H

#include "gt_error.h"
#include "notation.h"
#include "rng.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GT_NNN_MIN 2
#define GT_NNN_MAX 1024
#define GT_NNN_FACELETS_MAX (6L * GT_NNN_MAX * GT_NNN_MAX)

/* One of the four strips a layer turn cycles, on face `face`: facelet
 * base + layer*dl + i*di for i = 0..N-1 (affine on the face's grid). */
typedef struct gt_nnn_strip {
    int face;
    long base, dl, di;
} gt_nnn_strip;

typedef struct gt_nnn {
    int n;
    uint8_t *f;                 /* 6·N² colours 0..5 */
    gt_nnn_strip strip[6][4];   /* per face, its neighbours' strips in clockwise order */
} gt_nnn;

/* A solved cube (colour of facelet i = its face). GT_ERR_INVAL for n out of
 * 2..GT_NNN_MAX, GT_ERR_NOMEM. */
GT_API int gt_nnn_init(gt_nnn *c, int n);
GT_API void gt_nnn_free(gt_nnn *c);
void gt_nnn_reset(gt_nnn *c);
long gt_nnn_facelets(int n); /* 6·N² */
/* Every face one colour (any orientation). */
GT_API int gt_nnn_is_solved(const gt_nnn *c);

/* Turns layers lo..hi of face (0 = the face, N-1 = the opposite face) by
 * quarters clockwise quarter turns as seen from that face (any integer; only
 * its value mod 4 counts). Arguments out of range are ignored. */
GT_API void gt_nnn_turn(gt_nnn *c, int face, int lo, int hi, int quarters);
GT_API void gt_nnn_apply(gt_nnn *c, const gt_turn *turns, long count);

/* ---- notation (notation.h with N up to 1024; M E S on odd N only) ---- */

/* Parses a scramble for an N×N×N into *turns (malloc'd, free it; NULL when
 * count is 0). GT_ERR_PARSE with err naming the token (a layer past N, M on
 * an even cube, an unknown move), GT_ERR_INVAL, GT_ERR_NOMEM. */
GT_API int gt_nnn_parse(int n, const char *text, gt_turn **turns, long *count, gt_parse_error *err);
/* Applies a scramble to c (as it is). */
GT_API int gt_nnn_scramble(gt_nnn *c, const char *text, gt_parse_error *err);
/* Writes the turns in WCA/SiGN notation, one space apart; GT_ERR_RANGE if cap is too small. */
GT_API int gt_nnn_format(int n, const gt_turn *turns, long count, char *buf, size_t cap);
/* Outer block turn metric: a block holding an outer layer counts 1, an inner
 * block 2 (its two outer blocks); slice turn metric: any block counts 1.
 * Whole-cube rotations count 0 in both. */
long gt_nnn_count_obtm(int n, const gt_turn *turns, long count);
long gt_nnn_count_stm(int n, const gt_turn *turns, long count);

/* ---- piece views ---- */

enum { GT_NNN_CORNERS = 8, GT_NNN_EDGES = 12, GT_NNN_ORBIT = 24 };
/* The three facelets of corner slot `corner` (U/D one first, then clockwise). */
void gt_nnn_corner_facelets(int n, int corner, long out[3]);
/* The two facelets of edge `edge` at position k (1..N-2), reference first. */
void gt_nnn_edge_facelets(int n, int edge, int k, long out[2]);
/* Wing orbits (k = 1..gt_nnn_wing_orbits(n)) hold positions k and N-1-k. */
int gt_nnn_wing_orbits(int n);

enum { GT_NNN_XCENTRE, GT_NNN_PLUSCENTRE, GT_NNN_OBLIQUE };
/* Centre orbits of 24 facelets, numbered 0..gt_nnn_centre_orbits(n)-1 by
 * their representative (row, col) on a face: rows 1..N/2-1, columns
 * 1..(N+1)/2-1, row-major (0-based; one cell of each in-face rotation class). */
long gt_nnn_centre_orbits(int n);
/* Orbit idx: its type (GT_NNN_XCENTRE...), the representative (row, col),
 * and its 24 facelets (out may be NULL). Returns the type, or GT_ERR_INVAL
 * for an idx out of range. */
int gt_nnn_centre_orbit(int n, long idx, int *row, int *col, long out[24]);

/* ---- input and legality ---- */

enum { GT_NNN_PIECE_NONE, GT_NNN_PIECE_CORNER, GT_NNN_PIECE_EDGE, GT_NNN_PIECE_WING, GT_NNN_PIECE_CENTRE };

/* The verdict on an assembly: code 0 (reachable), GT_ERR_PARSE (not an
 * assembly at all) or GT_ERR_ILLEGAL (an assembly no turns reach), the piece
 * type of the first failed condition and every failed condition named. */
typedef struct gt_nnn_verdict {
    int code;
    int piece;        /* GT_NNN_PIECE_* */
    int twist;        /* corner twist sum mod 3 */
    int flip;         /* middle-edge flip sum mod 2 (odd N) */
    int corner_parity, edge_parity;
    char reason[240]; /* "legal", or the failed conditions */
} gt_nnn_verdict;

/* Reads a facelet string (whitespace ignored; any six symbols, N² of each).
 * size: N, or 0 to take N from the length. Odd N: the fixed centres give the
 * scheme; even N: the corners (the DBL corner's colours are D, B, L, and the
 * corner triples fix the rest). On success (code 0 or GT_ERR_ILLEGAL) *out is
 * initialised with the colours read in that scheme and letters[f] (7 bytes)
 * names face f; GT_ERR_PARSE leaves *out zeroed. Returns v->code, or
 * GT_ERR_NOMEM. */
GT_API int gt_nnn_from_facelets(const char *text, int size, gt_nnn *out, char letters[7], gt_nnn_verdict *v);

/* The verdict on a colouring in this cube's own frame (colours 0..5, N² of
 * each, colour c meant for face c). Used by gt_nnn_from_facelets. */
void gt_nnn_verdict_of(const gt_nnn *c, gt_nnn_verdict *v);

/* A uniformly random reachable position (odd N: centres home; even N: up to
 * whole-cube orientation, drawn with the DBL corner home), from rng. */
void gt_nnn_random(gt_nnn *c, gt_rng *rng);

/* The facelets as letters (letters[c] for colour c; NULL: "URFDLB"), out has
 * 6·N² + 1 bytes. */
GT_API void gt_nnn_to_facelets(const gt_nnn *c, const char *letters, char *out);

#ifdef __cplusplus
}
#endif

#endif
